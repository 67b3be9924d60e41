#include "planner/join_builder.h"

#include "executor/hash_join.h"
#include "executor/nested_loops.h"

namespace pathdb::planner {

std::unique_ptr<PhysicalOperator> BuildHashJoin(HashJoinSpec spec) {
  auto hj =
      std::make_unique<HashJoin>(spec.kind, std::move(spec.build_keys), std::move(spec.probe_keys),
                                 std::move(spec.residual), spec.build_preserved);
  hj->AddChild(std::move(spec.build));
  hj->AddChild(std::move(spec.probe));
  hj->access_predicates = std::move(spec.access);
  hj->filter_predicates = std::move(spec.filter);
  return hj;
}

std::unique_ptr<PhysicalOperator> BuildNestedLoops(NestedLoopsSpec spec) {
  auto nl = spec.outer_columns.empty()
                ? std::make_unique<NestedLoops>(spec.kind, std::move(spec.condition))
                : std::make_unique<NestedLoops>(spec.kind, std::move(spec.condition),
                                                std::move(spec.outer_columns),
                                                std::move(spec.param_slots));
  nl->AddChild(std::move(spec.outer));
  nl->AddChild(std::move(spec.inner));
  nl->filter_predicates = std::move(spec.filter);
  return nl;
}

cost::Cost HashJoinCost(const cost::CostModel& model, double build_rows, double build_bytes,
                        double probe_rows) {
  // The session's work area (planner/cost_params.h), the size the executor will use.
  return model.HashJoin(build_rows, build_bytes, probe_rows, model.params().work_area_bytes);
}

cost::Cost PairTestCost(const cost::CostModel& model, double outer_rows, double inner_rows) {
  return cost::Cost{0, model.CpuCost(outer_rows * inner_rows * model.params().cpu_per_predicate)};
}

}  // namespace pathdb::planner
