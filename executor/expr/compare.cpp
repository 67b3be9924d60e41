// Comparisons and IN lists. Same-type operands run typed loops; mixed types fall back to
// CompareValues, which applies Oracle's (or SQLite's) implicit conversions.
#include <cstring>
#include <optional>

#include "executor/expr/internal.h"

namespace pathdb::expr {

namespace {

using Op = storage::CompareOp;
using enum storage::CompareOp;

template <Op OP>
bool Holds(int c) {
  if constexpr (OP == kEq) return c == 0;
  if constexpr (OP == kNe) return c != 0;
  if constexpr (OP == kLt) return c < 0;
  if constexpr (OP == kLe) return c <= 0;
  if constexpr (OP == kGt) return c > 0;
  return c >= 0;
}

template <typename T>
int Three(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int BlankPadded(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  int c = n ? std::memcmp(a.data(), b.data(), n) : 0;
  if (c != 0) return c < 0 ? -1 : 1;
  std::string_view rest = a.size() > n ? a.substr(n) : b.substr(n);
  int sign = a.size() > n ? 1 : -1;
  for (char ch : rest)
    if (ch != ' ') return static_cast<unsigned char>(ch) > ' ' ? sign : -sign;
  return 0;
}

template <typename T, typename Cmp>
void CompareLoop(Op op, const Vector& a, const Vector& b, Vector& out, Sel sel, Cmp cmp) {
  const T* ad = a.Data<T>();
  const T* bd = b.Data<T>();
  uint8_t* od = out.Data<uint8_t>();
  uint8_t* ov = out.Validity();
  const uint8_t* av = a.Validity();
  const uint8_t* bv = b.Validity();
  const bool ac = a.kind() == Vector::Kind::kConstant;
  const bool bc = b.kind() == Vector::Kind::kConstant;
  auto run = [&]<Op OP>() {
    for (uint32_t r : sel) {
      uint32_t ia = ac ? 0 : r, ib = bc ? 0 : r;
      ov[r] = av[ia] & bv[ib];
      od[r] = ov[r] && Holds<OP>(cmp(ad[ia], bd[ib]));
    }
  };
  switch (op) {
    case kEq:
      return run.template operator()<kEq>();
    case kNe:
      return run.template operator()<kNe>();
    case kLt:
      return run.template operator()<kLt>();
    case kLe:
      return run.template operator()<kLe>();
    case kGt:
      return run.template operator()<kGt>();
    case kGe:
      return run.template operator()<kGe>();
  }
}

}  // namespace

bool ApplyCompareOp(std::string_view op, int c) {
  return storage::Holds(ParseCompareOp(op), c);
}

int CompareValues(const Value& a, const Value& b, const EvalContext& ctx) {
  const LogicalType& ta = a.type();
  const LogicalType& tb = b.type();
  if (ta.IsString() != tb.IsString() && (ta.IsString() ? tb : ta).IsNumeric()) {
    const Value& s = ta.IsString() ? a : b;
    int sign = ta.IsString() ? -1 : 1;  // orientation of (number, string)
    const Value& n = ta.IsString() ? b : a;
    if (ctx.dialect == Dialect::kSqlite) {
      auto d = Decimal::Parse(s.str());
      if (!d) return -sign;  // SQLite orders numbers before text
      return sign * n.Compare(Value::Number(*d));
    }
    return sign * n.Compare(Value::Number(ParseNumberOrThrow(s.str(), ctx)));
  }
  bool da = ta.id == TypeId::kDate || ta.id == TypeId::kTimestamp;
  bool db = tb.id == TypeId::kDate || tb.id == TypeId::kTimestamp;
  if (da && tb.IsString()) return a.Compare(CastValue(b, ta, ctx));
  if (db && ta.IsString()) return CastValue(a, tb, ctx).Compare(b);
  return a.Compare(b);
}

void EvalCompare(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  const Operand oa(*e.children.at(0), st, sel), ob(*e.children.at(1), st, sel);
  const Vector& a = oa.get();
  const Vector& b = ob.get();
  const Op op = ParseCompareOp(e.name);
  const TypeId ta = a.type().id, tb = b.type().id;
  if (a.kind() == Vector::Kind::kConstant && b.kind() == Vector::Kind::kConstant) {
    Value x = a.GetValue(0), y = b.GetValue(0);
    if (x.is_null() || y.is_null()) return out.SetConstant(Value::Null(LogicalType::Boolean()));
    return out.SetConstant(Value::Boolean(storage::Holds(op, CompareValues(x, y, st.ctx))));
  }
  if (ta == TypeId::kNull || tb == TypeId::kNull)
    return out.SetConstant(Value::Null(LogicalType::Boolean()));
  if (ta == tb) {
    switch (ta) {
      case TypeId::kNumber:
        return CompareLoop<Decimal>(op, a, b, out, sel, [](const Decimal& x, const Decimal& y) {
          auto c = x <=> y;  // inline for equal scales (common/decimal.h)
          return c < 0 ? -1 : (c > 0 ? 1 : 0);
        });
      case TypeId::kDouble:
        return CompareLoop<double>(op, a, b, out, sel, Three<double>);
      case TypeId::kDate:
      case TypeId::kTimestamp:
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS:
      case TypeId::kBoolean:
        if (ta == TypeId::kBoolean) return CompareLoop<uint8_t>(op, a, b, out, sel, Three<uint8_t>);
        return CompareLoop<int64_t>(op, a, b, out, sel, Three<int64_t>);
      default:
        break;
    }
  }
  // Oracle compares CHAR with CHAR (and with literals) blank-padded; approximated as "either
  // side is CHAR" since literals bind as VARCHAR2 here.
  if (a.type().IsString() && b.type().IsString() && (ta == TypeId::kChar || tb == TypeId::kChar)) {
    return CompareLoop<StringRef>(op, a, b, out, sel, [](const StringRef& x, const StringRef& y) {
      return BlankPadded(x.view(), y.view());
    });
  }
  if (a.type().IsString() && b.type().IsString()) {
    return CompareLoop<StringRef>(op, a, b, out, sel, [](const StringRef& x, const StringRef& y) {
      int c = x.view().compare(y.view());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    });
  }
  for (uint32_t r : sel) {
    Value x = a.GetValue(r), y = b.GetValue(r);
    if (x.is_null() || y.is_null()) {
      out.SetNull(r, true);
      continue;
    }
    out.SetNull(r, false);
    out.Data<uint8_t>()[r] = storage::Holds(op, CompareValues(x, y, st.ctx));
  }
}

namespace {

// The usual IN list: a VARCHAR2 or NUMBER operand against non-NULL constants of its own type,
// equal exactly when Value::Compare says so (the same bytes; the same decimal value), tested
// without building a Value per row and item (q22's SUBSTR(c_phone, 1, 2) IN ('13', ...) over
// CUSTOMER twice). False when the list is not of that kind.
bool EvalInListTyped(const BoundExpr& e, const Vector& x, Sel sel, Vector& out) {
  const TypeId t = x.type().id;
  if (t != TypeId::kVarchar && t != TypeId::kNumber) return false;
  for (size_t i = 1; i < e.children.size(); ++i) {
    const BoundExpr& c = *e.children[i];
    if (c.kind != BoundKind::kConstant || c.constant.is_null() || c.constant.type().id != t) {
      return false;
    }
  }
  auto test = [&](auto equal) {
    for (uint32_t r : sel) {
      if (!Valid(x, r)) {
        out.SetNull(r, true);
        continue;
      }
      const uint32_t at = Idx(x, r);
      bool hit = false;
      for (size_t i = 1; i < e.children.size() && !hit; ++i) {
        hit = equal(at, e.children[i]->constant);
      }
      out.SetNull(r, false);
      out.Data<uint8_t>()[r] = hit != e.negated;
    }
  };
  if (t == TypeId::kVarchar) {
    const StringRef* v = x.Data<StringRef>();
    test([v](uint32_t at, const Value& w) { return v[at].view() == w.str(); });
  } else {
    const Decimal* v = x.Data<Decimal>();
    test([v](uint32_t at, const Value& w) { return v[at] == w.number(); });
  }
  return true;
}

}  // namespace

void EvalInList(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  Vector x = EvalNew(*e.children.at(0), st, sel);
  if (EvalInListTyped(e, x, sel, out)) return;
  // Constant items (the usual IN list) are read from the expression, not built as a vector
  // and read back as a Value per row; the others (nullopt here) are evaluated as vectors.
  std::vector<std::optional<Vector>> items;
  for (size_t i = 1; i < e.children.size(); ++i) {
    const BoundExpr& c = *e.children[i];
    if (c.kind == BoundKind::kConstant) {
      items.emplace_back();
    } else {
      items.emplace_back(EvalNew(c, st, sel));
    }
  }
  for (uint32_t r : sel) {
    Value v = x.GetValue(r);
    if (v.is_null()) {
      out.SetNull(r, true);
      continue;
    }
    // TRUE if any item is equal; otherwise NULL if an item was NULL (x NOT IN (1, NULL)).
    int result = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      Value row_item;
      if (items[i]) row_item = items[i]->GetValue(r);
      const Value& w = items[i] ? row_item : e.children[i + 1]->constant;
      if (w.is_null()) {
        result = -1;
      } else if (CompareValues(v, w, st.ctx) == 0) {
        result = 1;
        break;
      }
    }
    if (result < 0) {
      out.SetNull(r, true);
      continue;
    }
    out.SetNull(r, false);
    out.Data<uint8_t>()[r] = static_cast<uint8_t>(e.negated ? 1 - result : result);
  }
}

}  // namespace pathdb::expr

namespace pathdb {

storage::CompareOp ParseCompareOp(std::string_view name) {
  using enum storage::CompareOp;
  if (name == "=") return kEq;
  if (name == "<>" || name == "!=" || name == "^=") return kNe;
  if (name == "<") return kLt;
  if (name == "<=") return kLe;
  if (name == ">") return kGt;
  if (name == ">=") return kGe;
  ThrowOra(920, "invalid relational operator");
}

}  // namespace pathdb
