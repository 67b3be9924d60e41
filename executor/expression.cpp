// ExpressionExecutor: evaluates a bound expression tree over a whole batch, node by node.
// Each node fills a vector for the active rows; children go into temporaries. Kernels for the
// families live in executor/expr/*.cpp.
#include "executor/expression.h"

#include <numeric>

#include "executor/expr/internal.h"

namespace pathdb {

BoundExprPtr BoundExpr::Copy() const {
  auto e = std::make_unique<BoundExpr>(kind, type);
  e->constant = constant;
  e->column_index = column_index;
  e->name = name;
  e->negated = negated;
  e->display = display;
  e->children.reserve(children.size());
  for (const auto& c : children) e->children.push_back(c->Copy());
  if (subquery) {
    auto s = std::make_unique<SubqueryInfo>();
    s->mode = subquery->mode;
    s->plan = subquery->plan;
    s->compare_op = subquery->compare_op;
    s->negated = subquery->negated;
    for (const auto& c : subquery->correlated) s->correlated.push_back(c->Copy());
    e->subquery = std::move(s);
  }
  return e;
}

namespace expr {

namespace {

//! A bind's current value in the type the plan was built for (the cursor is planned again
//! when a bind is declared with another type, so the cast is for safety only).
Value BindValue(const BoundExpr& e, const EvalContext& ctx) {
  if (ctx.binds == nullptr) ThrowOra(1008, "not all variables bound");
  auto it = ctx.binds->find(e.name);
  if (it == ctx.binds->end()) ThrowOra(1008, "not all variables bound");
  const Value& v = it->second.value;
  if (v.is_null() || it->second.type == e.type) return v;
  return CastValue(v, e.type, ctx);
}

// -1 NULL, 0 FALSE, 1 TRUE. Numbers count as predicates too (SQLITE: WHERE x).
int Truth(const Vector& v, uint32_t row) {
  uint32_t i = Idx(v, row);
  if (!v.Validity()[i]) return -1;
  switch (v.type().id) {
    case TypeId::kBoolean:
      return v.Data<uint8_t>()[i] != 0;
    case TypeId::kNumber:
      return v.Data<Decimal>()[i].coef != 0;
    case TypeId::kDouble:
      return v.Data<double>()[i] != 0;
    case TypeId::kNull:
      return -1;
    default:
      ThrowOra(920, "invalid relational operator");
  }
}

void SetBool(Vector& out, uint32_t row, int truth) {
  if (truth < 0) {
    out.SetNull(row, true);
    return;
  }
  out.SetNull(row, false);
  out.Data<uint8_t>()[row] = static_cast<uint8_t>(truth);
}

void EvalAndOr(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  const bool is_and = e.kind == BoundKind::kAnd;
  std::vector<uint32_t> active(sel.begin(), sel.end());
  std::vector<uint8_t> saw_null(st.capacity, 0);
  std::vector<uint32_t> next;
  // Rows already decided (FALSE for AND, TRUE for OR) skip the remaining children.
  for (const auto& child : e.children) {
    if (active.empty()) break;
    Vector v = EvalNew(*child, st, active);
    next.clear();
    for (uint32_t r : active) {
      int t = Truth(v, r);
      if (t < 0) {
        saw_null[r] = 1;
        next.push_back(r);
      } else if ((t == 0) == is_and) {
        SetBool(out, r, is_and ? 0 : 1);
      } else {
        next.push_back(r);
      }
    }
    active.swap(next);
  }
  for (uint32_t r : active) SetBool(out, r, saw_null[r] ? -1 : (is_and ? 1 : 0));
}

void EvalColumn(const BoundExpr& e, State& st, Sel sel, Vector& out, bool deep) {
  if (st.input == nullptr || e.column_index >= st.input->ColumnCount())
    ThrowOra(904, "\"{}\": invalid identifier", e.display.empty() ? e.name : e.display);
  const Vector& src = st.input->column(e.column_index);
  if (deep || src.type().id != out.type().id || !src.type().IsString()) {
    CopyRows(src, out, sel, st.ctx);
    return;
  }
  // Temporaries may point into the input's string heap: the input outlives this Execute.
  const StringRef* s = src.Data<StringRef>();
  StringRef* d = out.Data<StringRef>();
  const uint8_t* sv = src.Validity();
  uint8_t* dv = out.Validity();
  if (src.kind() == Vector::Kind::kConstant) {
    out.SetKind(Vector::Kind::kConstant);
    dv[0] = sv[0];
    d[0] = s[0];
    return;
  }
  for (uint32_t r : sel) {
    dv[r] = sv[r];
    d[r] = s[r];
  }
}

}  // namespace

Operand::Operand(const BoundExpr& e, State& st, Sel sel) {
  for (const auto& [node, values] : st.ctx.reuse) {
    if (node == &e && values->type().id == e.type.id) {
      ref_ = values;
      return;
    }
  }
  if (e.kind == BoundKind::kColumn && st.input && e.column_index < st.input->ColumnCount() &&
      st.input->column(e.column_index).type().id == e.type.id) {
    ref_ = &st.input->column(e.column_index);
  } else if (e.kind == BoundKind::kConstant) {
    own_.emplace(e.type, 1);
    own_->SetConstant(e.constant);
  } else {
    own_.emplace(EvalNew(e, st, sel));
  }
}

Vector EvalNew(const BoundExpr& e, State& st, Sel sel) {
  Vector v(e.type, st.capacity);
  if (e.kind == BoundKind::kColumn) {
    EvalColumn(e, st, sel, v, false);
    return v;
  }
  Eval(e, st, sel, v);
  return v;
}

void Eval(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  switch (e.kind) {
    case BoundKind::kConstant:
      out.SetConstant(e.constant);
      return;
    case BoundKind::kColumn:
      EvalColumn(e, st, sel, out, true);
      return;
    case BoundKind::kParameter:
      if (e.column_index >= st.ctx.parameters.size()) ThrowOra(1008, "not all variables bound");
      out.SetConstant(st.ctx.parameters[e.column_index]);
      return;
    case BoundKind::kBind:
      out.SetConstant(BindValue(e, st.ctx));
      return;
    case BoundKind::kFunction: {
      const std::string& n = e.name;
      if (n == "+" || n == "-" || n == "*" || n == "/" || n == "%" || n == "NEG")
        return EvalArithmetic(e, st, sel, out);
      if (n == "||") return EvalConcat(e, st, sel, out);
      return EvalFunction(e, st, sel, out);
    }
    case BoundKind::kCompare:
      return EvalCompare(e, st, sel, out);
    case BoundKind::kAnd:
    case BoundKind::kOr:
      return EvalAndOr(e, st, sel, out);
    case BoundKind::kNot: {
      Vector v = EvalNew(*e.children.at(0), st, sel);
      for (uint32_t r : sel) {
        int t = Truth(v, r);
        SetBool(out, r, t < 0 ? -1 : 1 - t);
      }
      return;
    }
    case BoundKind::kIsNull: {
      Vector v = EvalNew(*e.children.at(0), st, sel);
      for (uint32_t r : sel) SetBool(out, r, Valid(v, r) == e.negated ? 1 : 0);
      return;
    }
    case BoundKind::kInList:
      return EvalInList(e, st, sel, out);
    case BoundKind::kLike:
      return EvalLike(e, st, sel, out);
    case BoundKind::kCase:
      return EvalCase(e, st, sel, out);
    case BoundKind::kCast:
      return EvalCast(e, st, sel, out);
    case BoundKind::kSubquery:
      return EvalSubquery(e, st, sel, out);
  }
  ThrowUnimplemented("expression kind");
}

}  // namespace expr

void ExpressionExecutor::Execute(const BoundExpr& expr, const DataChunk& input, Vector& result,
                                 EvalContext& ctx) {
  expr::State st(ctx);
  st.input = &input;
  st.capacity = std::max<size_t>(input.size(), 1);
  result.Reset();
  std::vector<uint32_t> identity;
  expr::Sel sel;
  if (input.HasSelection()) {
    sel = input.selection();
  } else {
    identity.resize(input.size());
    std::iota(identity.begin(), identity.end(), 0u);
    sel = identity;
  }
  if (result.type().id != expr.type.id) {
    // Kernels write expr.type's physical layout: convert when the caller's vector differs.
    Vector tmp(expr.type, st.capacity);
    expr::Eval(expr, st, sel, tmp);
    if (tmp.kind() == Vector::Kind::kConstant) {
      result.SetConstant(CastValue(tmp.GetValue(0), result.type(), ctx));
    } else {
      expr::CopyRows(tmp, result, sel, ctx);
    }
    return;
  }
  expr::Eval(expr, st, sel, result);
}

void ExpressionExecutor::Filter(const BoundExpr& predicate, DataChunk& input, EvalContext& ctx) {
  size_t n = input.Count();
  if (n == 0) return;
  Vector v(predicate.type, std::max<size_t>(input.size(), 1));
  Execute(predicate, input, v, ctx);
  SelectionVector keep;
  keep.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = input.RowIndex(i);
    if (expr::Truth(v, r) == 1) keep.push_back(r);
  }
  input.SetSelection(std::move(keep));
}

Value ExpressionExecutor::EvaluateScalar(const BoundExpr& expr, EvalContext& ctx) {
  DataChunk empty;
  empty.SetSize(1);
  Vector v(expr.type, 1);
  Execute(expr, empty, v, ctx);
  return v.GetValue(0);
}

void VisitColumns(const BoundExpr& e, const std::function<void(size_t)>& fn) {
  if (e.kind == BoundKind::kColumn) fn(e.column_index);
  for (const auto& c : e.children) VisitColumns(*c, fn);
  if (e.subquery) {
    for (const auto& c : e.subquery->correlated) VisitColumns(*c, fn);
  }
}

}  // namespace pathdb
