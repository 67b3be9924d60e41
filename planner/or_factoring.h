// Disjunctions of conjunctions, as TPC-H Q19 writes them:
//   (p.k = l.k AND p.brand = 'A' AND l.qty <= 11) OR (p.k = l.k AND p.brand = 'B' AND ...)
// Conjuncts every branch shares are factored out, so p.k = l.k becomes a join key instead of
// a filter above a cartesian product; and for each relation whose columns every branch
// restricts, the OR of those single-relation parts is added as a (redundant, implied)
// filter the relation's scan can apply before the join:
//   p.brand = 'A' OR p.brand = 'B'
// The original disjunction stays to decide the rows exactly.
#pragma once
#include <functional>
#include <vector>

#include "executor/expression.h"

namespace pathdb::planner {

//! Rewrites the OR conjuncts of `conjuncts` (one query block's WHERE, global column numbering,
//! before placement) as above. `relation_of(column)` names the relation a column belongs to
//! (-1: none, such as ROWNUM). Branches with subqueries or volatile functions are factored
//! only by exact equality and never contribute implied filters.
void FactorDisjunctions(std::vector<BoundExprPtr>& conjuncts,
                        const std::function<int(size_t)>& relation_of);

}  // namespace pathdb::planner
