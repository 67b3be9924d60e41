// The binder: resolves names and types of one query expression and builds its logical plan,
// raising the Oracle errors (ORA-00904, 00918, 00942, 00937, 00979, 00934, 01789 ...).
//
// Numbering: while a query block is bound, every column of every FROM relation gets one
// "global" index in FROM order (relation by relation); all of the block's expressions are
// bound in that numbering, and the join tree keeps it (each join outputs left ++ right), so
// moving a predicate into a relation only subtracts the relation's first index.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

struct DeferredSubquery;  // planner/unnest.h
struct UnnestedSubquery;

struct ScopeColumn {
  std::string qualifier;  //!< alias, or table name when no alias
  std::string name;
  LogicalType type;
  size_t index = 0;     //!< global index in the block
  bool hidden = false;  //!< second copy of a USING column: only reachable qualified
  //! FULL JOIN USING: the global index of the hidden copy; unqualified (and in `*`) the
  //! column is COALESCE(this copy, that one), as both sides may be NULL-extended.
  std::optional<size_t> coalesce_with;
};

//! A scope column's value where it is named unqualified (COALESCE of a FULL JOIN USING pair).
BoundExprPtr ScopeValue(const ScopeColumn& c, const std::vector<ScopeColumn>& scope);

//! One FROM relation (table, view, subquery, DUAL, row generator) of the block being bound.
struct Relation {
  LogicalPtr plan;
  size_t begin = 0, end = 0;          //!< global index range of its columns
  std::vector<BoundExprPtr> filters;  //!< pushed-down conjuncts (global numbering)
};

//! The FROM clause as a join tree over relations; conditions in global numbering.
struct FromTree {
  int relation = -1;  //!< leaf: index into the binder's relations
  std::unique_ptr<FromTree> left, right;
  LogicalJoinType type = LogicalJoinType::kCross;
  std::vector<BoundExprPtr> conds;
  size_t begin = 0, end = 0;
  //! USING / NATURAL: the visible copy of each named column (global index), in USING order.
  //! `SELECT *` lists them first, then the rest of the left side, then the right (Oracle's
  //! and the standard's order).
  std::vector<size_t> using_first;
};

//! A bound query expression: its plan and result headings.
struct BoundQuery {
  LogicalPtr plan;
  std::vector<std::string> names;
  //! True per column when the heading came from a column name or alias (CTAS may use it).
  std::vector<bool> named;
};

class Binder {
 public:
  //! `outer`: the enclosing block for correlated references (nullptr: none).
  //! `cte_parent`: where WITH names are looked up after this binder's own.
  Binder(PlanContext& ctx, Binder* outer, const Binder* cte_parent);

  BoundQuery BindQuery(const ast::Query& q);
  //! Binds an expression with no FROM scope (DEFAULT values, VALUES rows, FETCH FIRST n).
  BoundExprPtr BindScalar(const ast::Expr& e);
  //! Binds an UPDATE/DELETE target: registers `table` as the only relation of the scope
  //! (global indexes = table column order, then the ROWID column).
  void RegisterTable(const storage::TableInfo& table, const std::string& alias);
  //! Binds an expression over the registered scope (WHERE of UPDATE/DELETE, SET values).
  BoundExprPtr BindInScope(const ast::Expr& e) { return BindExpr(e); }

  //! Outer expressions this binder's block referenced, in parameter order.
  std::vector<BoundExprPtr> TakeCorrelated() { return std::move(correlated_); }
  Dialect dialect() const { return ctx_.eval.dialect; }
  PlanContext& context() { return ctx_; }

  // ---- used by the expression binder (binder_expr.cpp)
  BoundExprPtr BindExpr(const ast::Expr& e);
  BoundExprPtr BindFunction(const ast::Expr& e);
  BoundExprPtr BindSubquery(const ast::Expr& e);
  BoundExprPtr BindAggregate(const ast::Expr& e);
  //! Resolves a column reference in this block, else in the outer blocks (correlation).
  //! nullptr when nowhere.
  BoundExprPtr Resolve(const std::vector<std::string>& names);

 private:
  // Materialised WITH queries (planner/temp_table.cpp).
  //! The MATERIALIZE hint, or (no INLINE hint) a query the statement references more than
  //! once, as Oracle materialises it.
  bool WantsMaterialize(const ast::Query::With& cte) const;
  //! A VIEW over a TABLE ACCESS FULL of the CTE's temporary result (bound once per statement).
  LogicalPtr MaterializedCte(const ast::Query::With& cte);
  std::vector<std::string> MaterializedCteNames(const ast::Query::With& cte);
  BoundQuery BindBlock(const ast::QueryBlock& b, const ast::Query& q);
  BoundQuery BindSetOp(const ast::Query& q);
  void ApplyQueryOrderAndFetch(const ast::Query& q, BoundQuery& bq);
  void ApplyFetch(const ast::Query& q, LogicalPtr& plan, bool sorted);

  std::unique_ptr<FromTree> BindTableRef(const ast::TableRef& ref);
  std::unique_ptr<FromTree> BindTableFunction(const ast::TableRef& ref);
  std::unique_ptr<FromTree> AddRelation(LogicalPtr plan, const std::string& qualifier,
                                        const std::vector<std::string>& names);
  BoundQuery BindNamedQuery(const ast::Query& q, const std::vector<std::string>& columns);
  const ast::Query::With* FindCte(const std::string& name) const;
  bool TryPlace(FromTree& node, BoundExprPtr& conj, size_t lo, size_t hi);
  LogicalPtr BuildFromTree(FromTree& node);
  void AddUsingConditions(FromTree& join, const std::vector<std::string>& cols);
  //! Drops scan columns that none of `exprs` (FROM-layout expressions of the block), the
  //! relation filters or the join conditions reference, renumbering all of them.
  void PruneColumns(FromTree& root, size_t nglobal, const std::vector<BoundExpr*>& exprs);

  //! After GROUP BY: rewrites a FROM-layout expression into the aggregate's output layout.
  BoundExprPtr RewritePostAggregate(BoundExprPtr e);
  //! The query transformations on the block's WHERE conjuncts (unnest.cpp): outer-to-inner
  //! join conversion in `root`, then subquery unnesting (unnested conjuncts leave `conjs` for
  //! `unnested`); finally plans the `deferred` subqueries that stay subqueries.
  void TransformWhere(FromTree& root, size_t nglobal, std::vector<BoundExprPtr>& conjs,
                      std::vector<DeferredSubquery>& deferred,
                      std::vector<UnnestedSubquery>& unnested);
  //! Set while the block's WHERE binds: EXISTS/IN subqueries keep their logical plan here.
  std::vector<DeferredSubquery>* defer_subqueries_ = nullptr;

  PlanContext& ctx_;
  Binder* outer_;
  //! Set-operation branches: outer references belong to the enclosing binder's parameters.
  bool passthrough_ = false;
  //! An EXISTS subquery's binder: only whether its rows exist matters, not their columns.
  bool rows_only_ = false;
  const Binder* cte_parent_;
  std::map<std::string, const ast::Query::With*> ctes_;
  //! Per WITH query of ctes_: the table references that name it (CountCteReferences).
  std::map<const ast::Query::With*, size_t> cte_references_;
  std::vector<ScopeColumn> scope_;
  //! The order of an unqualified `SELECT *` over scope_ when the FROM clause has USING or
  //! NATURAL joins (FromTree::using_first); empty: scope_'s own order.
  std::vector<size_t> star_order_;
  std::vector<Relation> relations_;
  std::vector<BoundExprPtr> correlated_;

  // State of the block being bound.
  std::optional<size_t> rownum_index_;  //!< global index ROWNUM binds to (after FROM)
  bool rownum_used_ = false;
  std::optional<size_t> level_index_;
  bool aggregates_allowed_ = false;
  bool in_aggregate_ = false;
  std::vector<LogicalAggregate> aggregates_;
  std::vector<BoundExprPtr> group_exprs_;
  bool grouped_ = false;  //!< GROUP BY present
};

//! Logical -> physical (physical_planner.cpp).
std::unique_ptr<PhysicalOperator> PlanPhysical(LogicalNode& node, PlanContext& ctx);

//! Function typing and argument coercion (binder_functions.cpp). nullptr: not a function
//! the engine knows.
BoundExprPtr TypeFunction(const std::string& name, std::vector<BoundExprPtr> args, Dialect dialect);
bool IsAggregateName(const std::string& name);
//! Makes two comparison operands comparable (implicit conversions the Oracle way).
void CoerceComparison(BoundExprPtr& l, BoundExprPtr& r, Dialect dialect);
//! Evaluates a constant expression (no columns). (planner/constant_folding.cpp)
Value FoldConstant(const BoundExpr& e, PlanContext& ctx);
//! `e` itself, or the constant it always is: arithmetic and concatenation over constants
//! (and NLS-independent casts) evaluated now, as Oracle does at parse time. Left as it is
//! when the evaluation raises an error or gives NULL.
BoundExprPtr FoldArithmetic(BoundExprPtr e, EvalContext& ctx);

}  // namespace pathdb::planner
