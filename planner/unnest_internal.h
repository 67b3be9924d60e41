// Helpers shared by the unnesting transformations (unnest.cpp: semi/anti joins;
// scalar_unnest.cpp: grouped views). Planner-internal; single-threaded like the binder.
#pragma once
#include <string>
#include <vector>

#include "planner/logical_plan.h"

namespace pathdb::planner::unnest_detail {

//! `e` refers to an enclosing block (a kParameter), also through a subquery's correlation.
bool HasParam(const BoundExpr& e);

//! Subquery parameters are the outer block's expressions `correlated` (parameter i = entry i).
struct Correlation {
  const std::vector<BoundExprPtr>& correlated;
  size_t sub_base;
  //! Correlation equalities seen by Walk: an unnested EXISTS needs one as its join key.
  mutable size_t equalities = 0;
};

//! Which operand of `c` is the outer side of a correlation equality: 0 or 1, -1 when `c` is
//! not of the form <outer-only expression> = <subquery-only expression>.
int CorrelationSide(const BoundExpr& c, const Correlation& corr);

//! Splits nested ANDs into their conjuncts (pointers into `e`).
void Flatten(const BoundExpr& e, std::vector<const BoundExpr*>& out);

//! Walks a subquery's FROM/WHERE plan `n` (its output column `offset` = column `offset` of the
//! whole FROM output). mutate=false: true when every correlated term may move into a join
//! condition (counting the equalities in corr). mutate=true: moves them into `out`, subquery
//! columns renumbered to corr.sub_base + column, parameters replaced by the outer expressions.
bool Walk(LogicalNode& n, size_t offset, bool allowed, bool mutate, const Correlation& corr,
          std::vector<BoundExprPtr>& out);

//! The first table scan of `n` (not inside a view); nullptr when none.
const LogicalNode* FirstScan(const LogicalNode& n);
//! The query block of `body` carries the hint `name` (e.g. "NO_UNNEST").
bool HasHint(const LogicalNode& body, const char* name);
//! `e` is NULL whenever every column in [begin, end) is NULL.
bool NullWhenNull(const BoundExpr& e, size_t begin, size_t end);

}  // namespace pathdb::planner::unnest_detail
