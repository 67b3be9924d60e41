// The query transformations the binder applies to a query block before it assembles the
// block's plan, the way Oracle's transformer does:
// - subquery unnesting: a WHERE conjunct `EXISTS (...)`, `NOT EXISTS (...)`, `x IN (...)`,
//   `x NOT IN (...)` whose subquery is one simple query block correlated only by equalities
//   becomes a semi / anti / null-aware anti join of the block's FROM tree with the subquery's
//   FROM/WHERE (instead of a FILTER running the subquery per outer row);
// - scalar subquery unnesting: `x op (SELECT agg ... correlated by equalities)` becomes a semi
//   join with the subquery grouped by its correlation columns, when that is cheaper;
// - outer-to-inner join conversion: an outer join whose NULL-extended side a WHERE conjunct
//   rejects anyway (col = 5, col IS NOT NULL ...) is an inner join.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "planner/binder.h"

namespace pathdb::planner {

//! A WHERE subquery (EXISTS / IN) the binder kept as a logical plan so that it can still be
//! unnested; `expr` is its kSubquery expression, whose plan is set when it stays a subquery.
struct DeferredSubquery {
  const ast::Expr* source = nullptr;  //!< the top-level WHERE conjunct's subquery expression
  BoundExpr* expr = nullptr;          //!< set when bound
  LogicalPtr plan;
};

//! The subqueries of a WHERE clause that may be unnested: EXISTS / IN / NOT EXISTS / NOT IN
//! conjuncts at its top level (only those: no other expression could copy them while binding
//! before their plan exists).
std::vector<DeferredSubquery> DeferrableSubqueries(const ast::Expr& where);

//! A subquery turned into a join of the block's FROM tree (left) with `plan` (right).
struct UnnestedSubquery {
  LogicalPtr plan;  //!< the subquery's FROM/WHERE, correlation conjuncts taken out
  LogicalJoinType type = LogicalJoinType::kSemi;  //!< kSemi, kAnti or kAntiNullAware
  //! The join condition: outer columns in the block's global numbering, subquery column k as
  //! index sub_base + k (sub_base lies beyond the block's columns, so the block's column
  //! pruning leaves those indexes alone).
  BoundExprPtr condition;
  std::string query_block;  //!< the subquery's query block ("SEL$2")
};

//! Tries to unnest the WHERE conjunct `conj` (a kSubquery expression of mode kExists or kIn,
//! whose subquery's logical plan is `plan`). On success `plan` has been moved into the
//! result; on failure it is untouched (the caller plans it as a subquery).
//! `outer_not_null(i)`: the block's column i (global numbering) can never be NULL.
//! `negate`: the conjunct is NOT over `conj` (NOT EXISTS binds that way).
std::optional<UnnestedSubquery> TryUnnest(const BoundExpr& conj, LogicalPtr& plan, size_t sub_base,
                                          Dialect dialect,
                                          const std::function<bool(size_t)>& outer_not_null,
                                          bool negate = false);

//! Tries to unnest the WHERE conjunct `conj`, a comparison `x op (scalar subquery sq)` whose
//! subquery (plan `plan`: PROJECT over an aggregate without GROUP BY) is correlated only by
//! equalities, into a semi join with the subquery grouped by its correlation columns: the
//! grouped view has one row per key, so the semi join keeps exactly the rows the comparison
//! keeps. Legal only where an empty group could never satisfy the comparison: every aggregate
//! is NULL over no rows (SUM, AVG, MIN, MAX, STDDEV, VARIANCE; never COUNT) and the select
//! expression is NULL when they are. On success `plan` has been moved into the result.
std::optional<UnnestedSubquery> TryUnnestScalar(const BoundExpr& conj, const BoundExpr& sq,
                                                LogicalPtr& plan, size_t sub_base);

//! Rows each execution of the correlated scalar subquery `plan` reads, and rows the grouped
//! view would read once (both from the statistics of its table; nullopt without a table).
struct ScalarSubqueryCost {
  double rows_per_execution = 0;
  double rows_once = 0;
};
std::optional<ScalarSubqueryCost> EstimateScalarSubquery(const BoundExpr& sq,
                                                         const LogicalNode& plan);

//! Rows an uncorrelated subquery `plan` returns when it is one table's scan under projections
//! (and DISTINCT): the table's rows times its WHERE's selectivity; nullopt for other shapes.
std::optional<double> EstimateSubqueryRows(const LogicalNode& plan);

//! Puts the unnested subqueries on top of the block's FROM plan `from` as semi/anti joins
//! (output = `from`'s columns). Their conditions' outer columns must already be in `from`'s
//! numbering (after column pruning); subquery columns still at sub_base + k.
LogicalPtr AttachUnnested(LogicalPtr from, std::vector<UnnestedSubquery> subs, size_t sub_base);

//! True when column `col` of `n`'s output can never be NULL (a NOT NULL table column not
//! coming from the NULL-extended side of an outer join).
bool KnownNotNull(const LogicalNode& n, size_t col);

//! The child of join `join` that output column `col` comes from, with its column there in
//! `child_col`, when that side is never NULL-extended (either side of an inner join, the
//! outer side of a semi/anti join, the preserved side of an outer join); nullopt otherwise.
std::optional<size_t> PreservedChild(const LogicalNode& join, size_t col, size_t& child_col);

//! True when `e` cannot be TRUE while every column in [begin, end) is NULL (a comparison
//! with such a column, col IS NOT NULL, an AND with one such conjunct, an OR of them...).
bool RejectsNulls(const BoundExpr& e, size_t begin, size_t end);

//! Outer-to-inner conversion: every LEFT/RIGHT join of the FROM tree whose NULL-extended side
//! the WHERE conjunct `conj` rejects becomes an inner join. Returns whether one changed.
bool ConvertOuterJoins(FromTree& root, const BoundExpr& conj);

//! Column `g` (global numbering) of the FROM tree `root` over `relations` can never be NULL.
bool FromColumnNotNull(const FromTree& root, const std::vector<Relation>& relations, size_t g);

}  // namespace pathdb::planner
