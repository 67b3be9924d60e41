// Small helpers for building and rewriting bound expressions. The binder keeps every
// expression in one column numbering while it builds a query block, and the planner moves
// them between layouts (pushdown, join sides, post-aggregation), so remapping lives here.
#pragma once
#include <functional>
#include <vector>

#include "executor/expression.h"

namespace pathdb::planner {

BoundExprPtr MakeColumn(size_t index, LogicalType type);
BoundExprPtr MakeParameter(size_t index, LogicalType type);
BoundExprPtr MakeConstant(Value v);
BoundExprPtr MakeNullOf(LogicalType type);
BoundExprPtr MakeFunction(std::string name, LogicalType type, std::vector<BoundExprPtr> args);
BoundExprPtr MakeCompare(std::string op, BoundExprPtr l, BoundExprPtr r);
//! AND of `conjuncts` (nullptr when empty, the single conjunct when one).
BoundExprPtr MakeAnd(std::vector<BoundExprPtr> conjuncts);
BoundExprPtr MakeCast(BoundExprPtr e, LogicalType type);

//! Converts `e` to `type` for storage or set operations: a NULL constant is retyped, same
//! TypeId passes (re-tagged when the length/precision differ), anything else gets a cast.
BoundExprPtr CoerceTo(BoundExprPtr e, const LogicalType& type);

//! A bare NULL literal: it takes whatever type its context needs (NVL(NULL, 1) is a NUMBER).
bool IsNullConstant(const BoundExpr& e);
//! UnifyTypes, but a bare NULL literal does not vote.
LogicalType UnifyWith(const LogicalType& acc, const BoundExpr& e);

//! Splits nested ANDs into a flat list.
void SplitConjuncts(BoundExprPtr e, std::vector<BoundExprPtr>& out);

//! Structural equality (same kind, name, constant, columns, children); subqueries never equal.
bool ExprEquals(const BoundExpr& a, const BoundExpr& b);

//! Rewrites every kColumn index through `map` (same traversal as VisitColumns,
//! executor/expression.h).
void RemapColumns(BoundExpr& e, const std::function<size_t(size_t)>& map);
//! True when `e` contains a subquery expression.
bool HasSubquery(const BoundExpr& e);
//! True when `e` reads a bind variable (its value may change between executions).
bool HasBind(const BoundExpr& e);
//! The two sides of `a = b` can be a hash join's keys: the same type, or both strings. A
//! join's keys are hashed as one type; the SQLite dialect compares other mixes (NUMBER with
//! VARCHAR2) without a conversion, so such an equality is the join's filter instead.
bool HashableEquality(const BoundExpr& a, const BoundExpr& b);

//! The type two branches/operands settle on (CASE, NVL, set operations). ORA-00932 when
//! they cannot be reconciled.
LogicalType UnifyTypes(const LogicalType& a, const LogicalType& b);

//! "Oracle heading" text: upper-case, whitespace outside quotes removed.
std::string HeadingText(std::string_view text);

}  // namespace pathdb::planner
