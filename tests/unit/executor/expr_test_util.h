// Builders for bound expressions in the expression-engine tests.
#pragma once
#include <gtest/gtest.h>

#include "common/datetime.h"
#include "common/error.h"
#include "executor/expression.h"

namespace pathdb::exprtest {

inline BoundExprPtr Const(Value v) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kConstant, v.type());
  e->constant = std::move(v);
  return e;
}
inline BoundExprPtr Num(const char* s) {
  return Const(Value::Number(*Decimal::Parse(s), LogicalType::Number()));
}
inline BoundExprPtr Int(int64_t i) { return Const(Value::Integer(i)); }
inline BoundExprPtr Str(std::string s) { return Const(Value::Varchar(std::move(s))); }
inline BoundExprPtr Null(LogicalType t = LogicalType::Number()) { return Const(Value::Null(t)); }
inline BoundExprPtr Col(size_t i, LogicalType t) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kColumn, t);
  e->column_index = i;
  return e;
}
inline BoundExprPtr Node(BoundKind k, LogicalType t, std::string name,
                         std::vector<BoundExprPtr> kids, bool negated = false) {
  auto e = std::make_unique<BoundExpr>(k, t);
  e->name = std::move(name);
  e->children = std::move(kids);
  e->negated = negated;
  return e;
}
template <typename... E>
std::vector<BoundExprPtr> Args(E&&... e) {
  std::vector<BoundExprPtr> v;
  (v.push_back(std::forward<E>(e)), ...);
  return v;
}
template <typename... E>
BoundExprPtr Fn(std::string name, LogicalType t, E&&... e) {
  return Node(BoundKind::kFunction, t, std::move(name), Args(std::forward<E>(e)...));
}
inline BoundExprPtr Cmp(std::string op, BoundExprPtr a, BoundExprPtr b) {
  return Node(BoundKind::kCompare, LogicalType::Boolean(), std::move(op), Args(std::move(a), std::move(b)));
}

//! DATE value (seconds) for a calendar day.
inline int64_t datetime_days(int y, int m, int d) { return datetime::DaysFromCivil(y, m, d) * 86400; }

inline Value Eval(const BoundExpr& e, Dialect d = Dialect::kOracle) {
  EvalContext ctx;
  ctx.dialect = d;
  ctx.statement_time_us = 1764670530LL * 1000000;  // 2025-12-02 10:15:30 UTC
  return ExpressionExecutor::EvaluateScalar(e, ctx);
}
inline std::string Text(const BoundExpr& e, Dialect d = Dialect::kOracle) {
  Value v = Eval(e, d);
  return v.is_null() ? "NULL" : v.ToString();
}
inline int OraCode(const BoundExpr& e, Dialect d = Dialect::kOracle) {
  try {
    Eval(e, d);
  } catch (const OraError& err) {
    return err.code();
  }
  return 0;
}

}  // namespace pathdb::exprtest
