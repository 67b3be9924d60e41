// Transitive predicates (Oracle's transitive closure over join equalities): for the WHERE
// conjuncts of one query block, `A.X = B.Y` with a constant condition on B.Y implies the same
// condition on A.X. Adding it lets A's access path use it (an index range scan on A.X) and
// filters A before the join:
//   A.ID = B.ID AND B.ID BETWEEN 20000 AND 22000  ->  ... AND A.ID BETWEEN 20000 AND 22000
// The same reasoning carries a condition into an unnested semi/anti join's subquery.
#pragma once
#include <functional>
#include <vector>

#include "executor/expression.h"
#include "planner/unnest.h"

namespace pathdb::planner {

//! Appends to `conjuncts` (one query block's WHERE conjuncts, global column numbering, before
//! they are placed into the join tree) every single-column constant condition implied through
//! an equality `colA = colB` between two different relations: comparisons (=, <, <=, >, >=)
//! with a constant or bind, BETWEEN (a >=/<= pair), IN lists of constants. A condition
//! already present is not added twice. `relation_of(column)` names the relation a column
//! belongs to (-1: none, such as ROWNUM). Only bare columns of the same type family join the
//! closure (a conversion would change what the condition means).
void AddTransitivePredicates(std::vector<BoundExprPtr>& conjuncts,
                             const std::function<int(size_t)>& relation_of);

//! Transitive predicates into unnested semi and anti joins (not the null-aware one, whose
//! NULL keys count): a constant condition of the outer block on a column the join equates
//! with a subquery column (`c.id < 10 AND EXISTS (... o.cust_id = c.id)`) holds for every
//! subquery row that can match, so it is added to the subquery's scan of that column
//! (`o.cust_id < 10`), where it can drive an index range scan and shrinks the build.
//! `conjuncts`: the block's WHERE conjuncts (global numbering); `relation_of` as for
//! AddTransitivePredicates. Scans on the NULL-extended side of an outer join are left alone.
void AddTransitiveToUnnested(const std::vector<BoundExprPtr>& conjuncts,
                             std::vector<UnnestedSubquery>& subs, size_t sub_base,
                             const std::function<int(size_t)>& relation_of);

}  // namespace pathdb::planner
