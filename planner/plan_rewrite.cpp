#include "planner/plan_rewrite.h"

#include "common/error.h"

namespace pathdb::planner {

namespace {

void Visit(PhysicalOperator& op, PlanContext& ctx, const RewriteStep& step);

void VisitSlot(std::unique_ptr<PhysicalOperator>& slot, PlanContext& ctx, const RewriteStep& step) {
  if (auto replacement = step(*slot)) {
    slot = std::move(replacement);
    // The replacement itself is the step's own work; its inputs are rewritten as usual.
    for (size_t i = 0; i < slot->children().size(); ++i)
      VisitSlot(slot->mutable_child(i), ctx, step);
    return;
  }
  Visit(*slot, ctx, step);
}

// `op` has been offered to the step: its children and subquery plans are next.
void Visit(PhysicalOperator& op, PlanContext& ctx, const RewriteStep& step) {
  for (size_t i = 0; i < op.children().size(); ++i) VisitSlot(op.mutable_child(i), ctx, step);
  for (const PhysicalOperator* sub : op.SubPlans()) {
    PhysicalOperator* mine = ctx.MutableSubPlan(sub);
    if (mine == nullptr) continue;  // planned by another PlanContext: finished, not ours
    if (step(*mine) != nullptr)
      ThrowOra(600, "internal error code, arguments: [rewrite], [subplan root replaced]");
    Visit(*mine, ctx, step);
  }
}

}  // namespace

void RewritePlan(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx,
                 const RewriteStep& step) {
  VisitSlot(root, ctx, step);
}

}  // namespace pathdb::planner
