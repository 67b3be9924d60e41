// Physical side of unnested subqueries: a LogicalJoinType::kSemi / kAnti / kAntiNullAware
// join (planner/unnest.h) -> HASH JOIN RIGHT SEMI / RIGHT ANTI [NA] building on the subquery
// and probing with the outer rows, HASH JOIN SEMI / ANTI [NA] building on the outer rows when
// they are fewer, or NESTED LOOPS SEMI / ANTI [NA] when no equality joins them.
#pragma once
#include <memory>
#include <vector>

#include "executor/operator.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! True for the join types PlanSemiJoin handles.
bool IsSemiOrAntiJoin(const LogicalNode& n);

//! `join`: a kJoin of a semi/anti type; `kids`: its children planned ({outer, subquery}).
//! Consumes join.predicate. The operator outputs the outer columns only.
std::unique_ptr<PhysicalOperator> PlanSemiJoin(LogicalNode& join,
                                               std::vector<std::unique_ptr<PhysicalOperator>> kids,
                                               PlanContext& ctx);

//! NESTED LOOPS SEMI / ANTI with an index probe: when the subquery reads one table with an
//! index on a column the join equates with an outer column, each outer row probes that index
//! (the outer value a parameter, as index nested loops do) instead of a hash join reading the
//! whole table, if that costs less: outer rows x one probe against one scan of the subquery
//! (Oracle's NL_SJ / NL_AJ; the hints NL_SJ, NL_AJ and HASH_SJ, HASH_AJ in the subquery force
//! the choice). Returns nullptr, with `outer` untouched, when it does not apply or costs more;
//! otherwise consumes `outer` and join.predicate. Not for the null-aware anti join.
std::unique_ptr<PhysicalOperator> TryIndexSemiJoin(LogicalNode& join,
                                                   std::unique_ptr<PhysicalOperator>& outer,
                                                   PlanContext& ctx);

}  // namespace pathdb::planner
