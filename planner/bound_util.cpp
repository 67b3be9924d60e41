#include "planner/bound_util.h"

#include <cctype>

#include "common/error.h"

namespace pathdb::planner {

BoundExprPtr MakeColumn(size_t index, LogicalType type) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kColumn, type);
  e->column_index = index;
  return e;
}

BoundExprPtr MakeParameter(size_t index, LogicalType type) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kParameter, type);
  e->column_index = index;
  return e;
}

BoundExprPtr MakeConstant(Value v) {
  LogicalType t = v.type();
  if (t.id == TypeId::kNull) t = LogicalType::Varchar();
  auto e = std::make_unique<BoundExpr>(BoundKind::kConstant, t);
  e->constant = std::move(v);
  return e;
}

BoundExprPtr MakeNullOf(LogicalType type) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kConstant, type);
  e->constant = Value::Null(type);
  return e;
}

BoundExprPtr MakeFunction(std::string name, LogicalType type, std::vector<BoundExprPtr> args) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kFunction, type);
  e->name = std::move(name);
  e->children = std::move(args);
  return e;
}

BoundExprPtr MakeCompare(std::string op, BoundExprPtr l, BoundExprPtr r) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kCompare, LogicalType::Boolean());
  e->name = std::move(op);
  e->children.push_back(std::move(l));
  e->children.push_back(std::move(r));
  return e;
}

BoundExprPtr MakeAnd(std::vector<BoundExprPtr> conjuncts) {
  if (conjuncts.empty()) return nullptr;
  if (conjuncts.size() == 1) return std::move(conjuncts[0]);
  auto e = std::make_unique<BoundExpr>(BoundKind::kAnd, LogicalType::Boolean());
  e->children = std::move(conjuncts);
  return e;
}

BoundExprPtr MakeCast(BoundExprPtr e, LogicalType type) {
  auto c = std::make_unique<BoundExpr>(BoundKind::kCast, type);
  c->children.push_back(std::move(e));
  return c;
}

bool IsNullConstant(const BoundExpr& e) {
  return e.kind == BoundKind::kConstant && e.constant.is_null();
}

LogicalType UnifyWith(const LogicalType& acc, const BoundExpr& e) {
  return IsNullConstant(e) ? acc : UnifyTypes(acc, e.type);
}

BoundExprPtr CoerceTo(BoundExprPtr e, const LogicalType& type) {
  if (e->type == type) return e;
  if (IsNullConstant(*e)) return MakeNullOf(type);
  if (e->type.id == type.id) {
    // Same physical layout; a string that might not fit (or a NUMBER that needs rounding to
    // the column's scale) still goes through a cast so the executor checks it.
    bool needs_check =
        (type.IsString() && type.length != 0 &&
         (e->type.length == 0 || e->type.length > type.length)) ||
        (type.id == TypeId::kNumber && type.precision >= 0 && e->type != type) ||
        (type.IsInterval() && (e->type.precision > type.precision || e->type.scale > type.scale));
    if (!needs_check) {
      e->type = type;
      return e;
    }
  }
  return MakeCast(std::move(e), type);
}

void SplitConjuncts(BoundExprPtr e, std::vector<BoundExprPtr>& out) {
  if (!e) return;
  if (e->kind == BoundKind::kAnd) {
    for (auto& c : e->children) SplitConjuncts(std::move(c), out);
    return;
  }
  out.push_back(std::move(e));
}

bool ExprEquals(const BoundExpr& a, const BoundExpr& b) {
  if (a.kind != b.kind || a.name != b.name || a.negated != b.negated) return false;
  if (a.kind == BoundKind::kSubquery || b.kind == BoundKind::kSubquery) return false;
  if (a.type.id != b.type.id) return false;
  if ((a.kind == BoundKind::kColumn || a.kind == BoundKind::kParameter) &&
      a.column_index != b.column_index)
    return false;
  if (a.kind == BoundKind::kConstant) {
    if (a.constant.is_null() != b.constant.is_null()) return false;
    if (!a.constant.is_null() &&
        (a.constant.type().id != b.constant.type().id || !(a.constant == b.constant)))
      return false;
  }
  if (a.kind == BoundKind::kCast && a.type != b.type) return false;
  if (a.children.size() != b.children.size()) return false;
  for (size_t i = 0; i < a.children.size(); ++i)
    if (!ExprEquals(*a.children[i], *b.children[i])) return false;
  return true;
}

void RemapColumns(BoundExpr& e, const std::function<size_t(size_t)>& map) {
  if (e.kind == BoundKind::kColumn) e.column_index = map(e.column_index);
  for (auto& c : e.children) RemapColumns(*c, map);
  if (e.subquery)
    for (auto& c : e.subquery->correlated) RemapColumns(*c, map);
}

bool HashableEquality(const BoundExpr& a, const BoundExpr& b) {
  return a.type.id == b.type.id || (a.type.IsString() && b.type.IsString());
}

bool HasSubquery(const BoundExpr& e) {
  if (e.kind == BoundKind::kSubquery) return true;
  for (const auto& c : e.children)
    if (HasSubquery(*c)) return true;
  return false;
}

bool HasBind(const BoundExpr& e) {
  if (e.kind == BoundKind::kBind) return true;
  for (const auto& c : e.children)
    if (HasBind(*c)) return true;
  return false;
}

LogicalType UnifyTypes(const LogicalType& a, const LogicalType& b) {
  if (a.id == TypeId::kNull) return b;
  if (b.id == TypeId::kNull) return a;
  if (a == b) return a;
  if (a.IsNumeric() && b.IsNumeric()) {
    if (a.id == TypeId::kDouble || b.id == TypeId::kDouble) return LogicalType::Double();
    if (a.IsIntegral() && b.IsIntegral()) return LogicalType::Integer();
    return LogicalType::Number();
  }
  if (a.IsString() && b.IsString()) {
    uint32_t len = (a.length == 0 || b.length == 0) ? 0 : std::max(a.length, b.length);
    return LogicalType::Varchar(len);
  }
  if ((a.id == TypeId::kDate || a.id == TypeId::kTimestamp) &&
      (b.id == TypeId::kDate || b.id == TypeId::kTimestamp))
    return LogicalType::Timestamp();
  if (a.id == TypeId::kBoolean && b.id == TypeId::kBoolean) return a;
  if (a.IsInterval() && a.id == b.id) {
    LogicalType t = a;
    t.precision = std::max(a.precision, b.precision);
    t.scale = std::max(a.scale, b.scale);
    return t;
  }
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", a.ToString(), b.ToString());
}

std::string HeadingText(std::string_view text) {
  std::string out;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      out += c == quote ? c : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace pathdb::planner
