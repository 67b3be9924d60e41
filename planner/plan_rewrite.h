// Plan rewrites: passes over a physical plan after join ordering, while the planner still owns
// it. A pass may change an operator's fields or replace a node (join filters, adaptive
// alternatives and statistics collectors will be placed this way); it never casts away const:
// the planner reaches the nodes through PhysicalOperator::mutable_child and, for the plans of
// subqueries (held as const by their expressions), through PlanContext::subplans.
// Once planning returns the plan is immutable: the executor only sees const operators.
//
// Thread use: planning is single-threaded; a pass runs on the planning thread.
#pragma once
#include <functional>
#include <memory>

#include "executor/operator.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! One step of a pass, applied to one operator: it may change `op` in place, or return a
//! replacement that takes op's place in its parent (built from what it takes out of `op`, e.g.
//! its children through mutable_child); nullptr keeps `op`.
//! REQUIRES: a replacement has op's types() (the parent's column references stay valid).
using RewriteStep = std::function<std::unique_ptr<PhysicalOperator>(PhysicalOperator& op)>;

//! Applies `step` to every operator of the plan rooted at `root`, in plan-line order: an
//! operator, then its children, then the subquery plans its expressions run (found in
//! ctx.subplans; a subquery plan some other PlanContext registered is finished and skipped).
//! After a replacement the walk continues into the replacement's children.
//! The root of a subquery plan can be changed in place but not replaced (ORA-00600): its
//! expression shares it.
void RewritePlan(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx,
                 const RewriteStep& step);

}  // namespace pathdb::planner
