// Constant folding: what the binder evaluates once, at parse time (see binder.h).
#include <algorithm>
#include <iterator>
#include <string_view>

#include "planner/binder.h"
#include "planner/bound_util.h"

namespace pathdb::planner {

namespace {

// What FoldArithmetic may evaluate at bind time: constants, arithmetic and concatenation of
// them, and casts whose result does not depend on the session's NLS formats (a cached cursor
// is shared by sessions with different formats, so DATE <-> string conversions stay).
bool Foldable(const BoundExpr& e) {
  switch (e.kind) {
    case BoundKind::kConstant:
      return true;
    case BoundKind::kCast: {
      const LogicalType& from = e.children[0]->type;
      auto nls = [](const LogicalType& t) {
        return t.id == TypeId::kDate || t.id == TypeId::kTimestamp;
      };
      if ((nls(from) && e.type.IsString()) || (from.IsString() && nls(e.type))) return false;
      return Foldable(*e.children[0]);
    }
    case BoundKind::kFunction: {
      static constexpr std::string_view kOps[] = {"+", "-", "*", "/", "||", "NEG"};
      if (std::find(std::begin(kOps), std::end(kOps), e.name) == std::end(kOps)) return false;
      for (const auto& c : e.children)
        if (!Foldable(*c)) return false;
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

// Oracle evaluates constant arithmetic once at parse time: its TPC-H Q1 plan shows
// "L_SHIPDATE"<=TO_DATE(' 1998-09-02 00:00:00', ...) for date '1998-12-01' - interval '90' day.
// The estimate then sees a value, the scan can evaluate the comparison in storage, and no row
// pays for the arithmetic. An expression that raises an error (1/0, a month without that day)
// or gives NULL is left as it is, so the error or the NULL's typing stays where it was.
BoundExprPtr FoldArithmetic(BoundExprPtr e, EvalContext& ctx) {
  if (e->kind != BoundKind::kFunction || !Foldable(*e)) return e;
  Value v;
  try {
    v = ExpressionExecutor::EvaluateScalar(*e, ctx);
  } catch (const std::exception&) {
    return e;
  }
  if (v.is_null()) return e;
  auto c = MakeConstant(std::move(v));
  c->type = e->type;
  return c;
}

Value FoldConstant(const BoundExpr& e, PlanContext& ctx) {
  // A bind's value baked into the plan (FETCH FIRST :n, a table function's argument): the
  // cursor is planned again at every execution rather than reused with an old value.
  if (HasBind(e)) ctx.record.binds_folded = true;
  return ExpressionExecutor::EvaluateScalar(e, ctx.eval);
}

}  // namespace pathdb::planner
