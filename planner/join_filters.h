// Join filters (engine.md "Join filters", oracle-reference.md 3): a pass over the finished
// plan that gives a HASH JOIN a Bloom filter plus min/max of its build keys for a scan on its
// probe side, when that pays -- JOIN FILTER CREATE :BF0000 directly above the build input,
// JOIN FILTER USE :BF0000 directly above the probe-side scan, and
// SYS_OP_BLOOM_FILTER(:BF0000,"O"."CUSTOMER_ID") in the scan's predicates.
//
// The key is followed down the probe side through operators that keep its value on every row
// they pass (projections, views, filters, sorts; the row-preserving side of joins below), so
// filters flow through views, unnested subqueries and several joins: a star query with three
// dimensions gets three filters on the fact scan. Only joins where dropping a probe row
// without a match cannot change the answer get one (HashJoin::MayCreateJoinFilter).
//
// Thread use: planning is single-threaded.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "executor/operator.h"
#include "parser/ast.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! Places the join filters of the plan rooted at `root` (and of the subquery plans in
//! ctx.subplans), numbering them :BF0000, :BF0001 ... in plan order. Reads ctx.cost
//! (_bloom_filter_enabled, CPU constants) and ctx.join_filter_hints; marks those hints used
//! and records PX_JOIN_FILTER outline hints.
//! REQUIRES: estimates set on every line; run after PruneScanColumns, before line numbering.
void PlaceJoinFilters(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx);

//! Records the PX_JOIN_FILTER / NO_PX_JOIN_FILTER hints of `hints` naming `alias` (a table
//! of `query_block` whose access path is `access`) for PlaceJoinFilters, as unused so far.
void RecordJoinFilterHints(const std::vector<ast::Hint>& hints, const std::string& alias,
                           const std::string& query_block, const PhysicalOperator& access,
                           PlanContext& ctx);

}  // namespace pathdb::planner
