// Cost-based join planning for one tree of inner/cross joins: the join order (dynamic
// programming over subsets of relations, left-deep, up to kMaxDpRelations; greedy beyond),
// the join method per join (HASH JOIN with either input building, NESTED LOOPS over an index
// access of the inner table, plain NESTED LOOPS over a materialised inner), the join hints
// (LEADING, ORDERED, USE_HASH, USE_NL, NO_USE_*, [NO_]SWAP_JOIN_INPUTS) and the outline hints
// that reproduce the chosen plan. Its parts: planner/join_graph.h (relations, conjuncts,
// estimates), planner/join_hints.h (hints, Hint Report, outline), planner/join_builder.h (the
// join operators, shared with outer and semi joins).
#pragma once
#include <functional>
#include <memory>

#include "executor/operator.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! Relations up to which the search is exhaustive (left-deep DP over subsets).
constexpr size_t kMaxDpRelations = 8;

//! Plans a logical subtree that is not part of the join tree (a leaf: scan, view, outer join).
using PlanLeafFn = std::function<std::unique_ptr<PhysicalOperator>(LogicalNode&, PlanContext&)>;

//! True for a kJoin the join search reorders (inner or cross).
bool IsReorderableJoin(const LogicalNode& n);

//! Plans the maximal tree of inner/cross joins rooted at `root` (IsReorderableJoin(root)).
//! The result's columns are in `root.types` order (a Projection restores it if the chosen
//! order differs). Join hints are recorded in ctx.record.hints, the chosen order and methods
//! in ctx.record.outline.
std::unique_ptr<PhysicalOperator> PlanJoinTree(LogicalNode& root, PlanContext& ctx,
                                               const PlanLeafFn& plan_leaf);

//! Records unknown and malformed hints of `hints` (one query block's) as errors, each once
//! per statement (ctx.record.hints is the memory). Known hint names are left to their users.
void RecordUnknownHints(const std::vector<ast::Hint>& hints, PlanContext& ctx);

}  // namespace pathdb::planner
