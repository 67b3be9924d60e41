// Conversions between types with Oracle's rules, row copies between vectors, and CAST.
#include <cmath>
#include <cstdlib>

#include "common/datetime.h"
#include "common/interval.h"
#include "common/double_text.h"
#include "common/value_format.h"
#include "executor/column_error.h"
#include "executor/expr/internal.h"

namespace pathdb {

namespace expr {

namespace {

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// SQLITE: a string that is not a number converts to its numeric prefix, or 0.
Decimal SqliteNumberPrefix(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  for (size_t n = s.size(); n > 0; --n) {
    if (auto d = Decimal::Parse(s.substr(0, n))) return *d;
  }
  return {};
}

Decimal FitNumber(const Decimal& d, const LogicalType& t) {
  return d.FitTo(t.precision, t.scale);
}

std::string ToText(const Value& v, const EvalContext& ctx) {
  switch (v.type().id) {
    case TypeId::kNumber: return v.number().ToString();
    case TypeId::kDouble: return FormatBinaryDouble(v.dbl());
    case TypeId::kDate:
      return datetime::Format(v.date() * datetime::kMicrosPerSecond, ctx.nls_date_format);
    case TypeId::kTimestamp: return datetime::Format(v.timestamp(), ctx.nls_timestamp_format);
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS: return interval::Format(v.interval(), v.type());
    case TypeId::kBoolean: return v.boolean() ? "TRUE" : "FALSE";
    default: return v.str();
  }
}

int64_t TextToMicros(const std::string& s, const EvalContext& ctx, bool timestamp) {
  if (timestamp) {
    try {
      return datetime::Parse(s, ctx.nls_timestamp_format, ctx.statement_time_us);
    } catch (const OraError&) {
    }
    try {
      return datetime::Parse(s, "YYYY-MM-DD HH24:MI:SS.FF", ctx.statement_time_us);
    } catch (const OraError&) {
    }
  }
  return datetime::Parse(s, ctx.nls_date_format, ctx.statement_time_us);
}

[[noreturn]] void Inconsistent(const LogicalType& expected, const LogicalType& got) {
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", expected.ToString(), got.ToString());
}

}  // namespace

std::string DoubleToText(double d) { return FormatBinaryDouble(d); }

Decimal ParseNumberOrThrow(std::string_view s, const EvalContext& ctx) {
  if (auto d = Decimal::Parse(s)) return *d;
  if (ctx.dialect == Dialect::kSqlite) return SqliteNumberPrefix(s);
  ThrowOra(1722, "invalid number");
}

void CopyRows(const Vector& src, Vector& out, Sel sel, const EvalContext& ctx) {
  const bool konst = src.kind() == Vector::Kind::kConstant;
  const uint8_t* sv = src.Validity();
  uint8_t* dv = out.Validity();
  auto copy = [&]<typename T>(T*) {
    const T* s = src.Data<T>();
    T* d = out.Data<T>();
    for (uint32_t r : sel) {
      uint32_t i = konst ? 0 : r;
      dv[r] = sv[i];
      if constexpr (std::is_same_v<T, StringRef>) {
        if (sv[i]) d[r] = out.heap().Add(s[i].view());
      } else {
        d[r] = s[i];
      }
    }
  };
  TypeId a = src.type().id, b = out.type().id;
  // Strings copy as they are unless the target could be shorter (ORA-12899) or needs padding.
  const uint32_t sl = src.type().length, ol = out.type().length;
  bool same_string = src.type().IsString() && out.type().IsString() &&
                     (ol == 0 || (sl != 0 && sl <= ol)) &&
                     (b == TypeId::kVarchar || src.type() == out.type());
  if ((a == b && !out.type().IsString()) || same_string) {
    switch (b) {
      case TypeId::kBoolean: return copy(static_cast<uint8_t*>(nullptr));
      case TypeId::kNumber: {
        const LogicalType& t = out.type();
        if ((t.precision < 0 && t.scale < 0) || src.type() == t)
          return copy(static_cast<Decimal*>(nullptr));
        const Decimal* s = src.Data<Decimal>();
        Decimal* d = out.Data<Decimal>();
        for (uint32_t r : sel) {
          uint32_t i = konst ? 0 : r;
          dv[r] = sv[i];
          if (sv[i]) d[r] = FitNumber(s[i], t);
        }
        return;
      }
      case TypeId::kDouble: return copy(static_cast<double*>(nullptr));
      case TypeId::kVarchar:
      case TypeId::kChar: return copy(static_cast<StringRef*>(nullptr));
      case TypeId::kDate:
      case TypeId::kTimestamp: return copy(static_cast<int64_t*>(nullptr));
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS: {
        const LogicalType& t = out.type();
        const int64_t* s = src.Data<int64_t>();
        int64_t* d = out.Data<int64_t>();
        bool narrower = t.precision < src.type().precision || t.scale < src.type().scale;
        for (uint32_t r : sel) {
          uint32_t i = konst ? 0 : r;
          dv[r] = sv[i];
          if (sv[i]) d[r] = narrower ? interval::Fit(s[i], t) : s[i];
        }
        return;
      }
      case TypeId::kNull:
        for (uint32_t r : sel) dv[r] = 0;
        return;
    }
  }
  for (uint32_t r : sel) out.SetValue(r, CastValue(src.GetValue(r), out.type(), ctx));
}

namespace {
void EvalCastUnnamed(const BoundExpr& e, State& st, Sel sel, Vector& out);
}  // namespace

void EvalCast(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  try {
    EvalCastUnnamed(e, st, sel, out);
  } catch (const OraError& err) {
    // A cast the planner made to fit a value into a column carries the column's name (in
    // `name`). Only the cold error path pays.
    RethrowNamingColumn(err, e.name);
  }
}

namespace {
void EvalCastUnnamed(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  Vector child = EvalNew(*e.children.at(0), st, sel);
  if (child.kind() == Vector::Kind::kConstant) {
    out.SetConstant(CastValue(child.GetValue(0), e.type, st.ctx));
    return;
  }
  const TypeId from = child.type().id, to = e.type.id;
  uint8_t* dv = out.Validity();
  const uint8_t* sv = child.Validity();
  if (from == TypeId::kNumber && to == TypeId::kDouble) {
    const Decimal* s = child.Data<Decimal>();
    double* d = out.Data<double>();
    for (uint32_t r : sel) {
      dv[r] = sv[r];
      if (sv[r]) d[r] = s[r].ToDouble();
    }
    return;
  }
  if (from == TypeId::kNumber && to == TypeId::kNumber) {
    const Decimal* s = child.Data<Decimal>();
    Decimal* d = out.Data<Decimal>();
    for (uint32_t r : sel) {
      dv[r] = sv[r];
      if (sv[r]) d[r] = FitNumber(s[r], e.type);
    }
    return;
  }
  if (child.type().IsString() && to == TypeId::kNumber) {
    const StringRef* s = child.Data<StringRef>();
    Decimal* d = out.Data<Decimal>();
    for (uint32_t r : sel) {
      dv[r] = sv[r];
      if (sv[r]) d[r] = FitNumber(ParseNumberOrThrow(s[r].view(), st.ctx), e.type);
    }
    return;
  }
  CopyRows(child, out, sel, st.ctx);
}
}  // namespace

}  // namespace expr

Value CastValue(const Value& v, const LogicalType& target, const EvalContext& ctx) {
  using expr::Inconsistent;
  if (v.is_null()) return Value::Null(target);
  const TypeId from = v.type().id;
  const bool oracle = ctx.dialect == Dialect::kOracle;
  switch (target.id) {
    case TypeId::kNull: return Value::Null(target);
    case TypeId::kBoolean:
      if (from == TypeId::kBoolean) return v;
      if (from == TypeId::kNumber) return Value::Boolean(v.number().coef != 0);
      if (from == TypeId::kDouble) return Value::Boolean(v.dbl() != 0);
      Inconsistent(target, v.type());
    case TypeId::kNumber: {
      Decimal d;
      switch (from) {
        case TypeId::kNumber: d = v.number(); break;
        case TypeId::kDouble:
          if (std::isnan(v.dbl())) ThrowOra(1722, "invalid number");
          if (!oracle && target.IsIntegral() && !(std::fabs(v.dbl()) < 0x1p63)) {
            // SQLite saturates a REAL beyond 64 bits (Inf included) to the INTEGER limits.
            d = Decimal::FromInt(v.dbl() > 0 ? INT64_MAX : INT64_MIN);
            break;
          }
          d = Decimal::FromDouble(v.dbl());
          break;
        case TypeId::kVarchar:
        case TypeId::kChar: d = expr::ParseNumberOrThrow(v.str(), ctx); break;
        case TypeId::kBoolean: d = Decimal::FromInt(v.boolean() ? 1 : 0); break;
        default: Inconsistent(target, v.type());
      }
      return Value::Number(expr::FitNumber(d, target), target);
    }
    case TypeId::kDouble:
      switch (from) {
        case TypeId::kDouble: return v;
        case TypeId::kNumber: return Value::Double(v.number().ToDouble());
        case TypeId::kVarchar:
        case TypeId::kChar: {
          std::string s = v.str();
          if (auto d = ParseDouble(s)) return Value::Double(*d);
          std::string u;
          for (char c : s)
            if (c != ' ') u += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
          if (u == "INF" || u == "INFINITY") return Value::Double(HUGE_VAL);
          if (u == "-INF" || u == "-INFINITY") return Value::Double(-HUGE_VAL);
          if (u == "NAN") return Value::Double(std::nan(""));
          return Value::Double(expr::ParseNumberOrThrow(s, ctx).ToDouble());
        }
        case TypeId::kBoolean: return Value::Double(v.boolean() ? 1 : 0);
        default: Inconsistent(target, v.type());
      }
    case TypeId::kVarchar:
    case TypeId::kChar: {
      std::string text = expr::ToText(v, ctx);
      if (target.id == TypeId::kChar && target.length > text.size()) text.resize(target.length, ' ');
      if (text.empty() && oracle) return Value::Null(target);
      if (target.length > 0 && text.size() > target.length)
        ThrowOra(12899, "value too large for column (actual: {}, maximum: {})", text.size(),
                 target.length);
      return Value::Varchar(std::move(text), target);
    }
    case TypeId::kDate:
      switch (from) {
        case TypeId::kDate: return v;
        case TypeId::kTimestamp: return Value::Date(expr::FloorDiv(v.timestamp(), 1000000));
        case TypeId::kVarchar:
        case TypeId::kChar:
          return Value::Date(expr::FloorDiv(expr::TextToMicros(v.str(), ctx, false), 1000000));
        default: Inconsistent(target, v.type());
      }
    case TypeId::kTimestamp:
      switch (from) {
        case TypeId::kTimestamp: return v;
        case TypeId::kDate: return Value::Timestamp(v.date() * 1000000);
        case TypeId::kVarchar:
        case TypeId::kChar: return Value::Timestamp(expr::TextToMicros(v.str(), ctx, true));
        default: Inconsistent(target, v.type());
      }
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      if (from == target.id) return Value::Interval(interval::Fit(v.interval(), target), target);
      if (v.type().IsString()) {
        // Text takes the target's full form (Y-M or D HH:MI:SS.FF) with room for any leading
        // width; the target's own precision is applied after.
        interval::Qualifier q;
        if (target.id == TypeId::kIntervalYM) {
          q = {interval::Field::kYear, interval::kMaxLeadingPrecision, interval::Field::kMonth, -1};
        } else {
          q = {interval::Field::kDay, interval::kMaxLeadingPrecision, interval::Field::kSecond, 9};
        }
        int64_t value = interval::Parse(v.str(), q);
        return Value::Interval(interval::Fit(value, target), target);
      }
      Inconsistent(target, v.type());
  }
  Inconsistent(target, v.type());
}

}  // namespace pathdb
