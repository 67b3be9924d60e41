// Numeric functions: ABS ROUND TRUNC MOD FLOOR CEIL POWER SQRT SIGN EXP LN LOG REMAINDER,
// plus the function-table lookup and EvalFunction.
#include "executor/expr/function_table.h"

namespace pathdb::expr {

namespace fn {

namespace {

int64_t TruncDate(int64_t micros, std::string_view fmt) {
  datetime::DateParts p = datetime::SplitMicros(micros);
  std::string f;
  for (char ch : fmt) f += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  p.hour = p.minute = p.second = 0;
  p.micros = 0;
  if (f == "MM" || f == "MON" || f == "MONTH") {
    p.day = 1;
  } else if (f == "YYYY" || f == "YY" || f == "YEAR" || f == "Y" || f == "RRRR") {
    p.day = 1;
    p.month = 1;
  } else if (f == "HH" || f == "HH24") {
    p = datetime::SplitMicros(micros);
    p.minute = p.second = 0;
    p.micros = 0;
  } else if (f == "MI") {
    p = datetime::SplitMicros(micros);
    p.second = 0;
    p.micros = 0;
  } else if (!(f == "DD" || f == "DDD" || f == "J")) {
    ThrowOra(1898, "too many precision specifiers");
  }
  return datetime::JoinMicros(p);
}

}  // namespace

void AddNumericFunctions(FnMap& m) {
  // ---- numeric
  Add(m, "ABS", 1, 1, true, [](const Args& a, const FnCtx& c) {
    if (IsDouble(a[0])) return Value::Double(std::fabs(a[0].dbl()));
    Decimal d = Num(a[0], c);
    return Value::Number(d.coef < 0 ? -d : d);
  });
  Add(m, "SIGN", 1, 1, true, [](const Args& a, const FnCtx& c) {
    double d = IsDouble(a[0])
                   ? a[0].dbl()
                   : static_cast<double>(Num(a[0], c).coef > 0) - (Num(a[0], c).coef < 0);
    return Value::Integer((d > 0) - (d < 0));
  });
  auto round_trunc = [](bool round) {
    return [round](const Args& a, const FnCtx& c) -> Value {
      const TypeId t = a[0].type().id;
      if (t == TypeId::kDate || t == TypeId::kTimestamp) {
        std::string f = a.size() > 1 ? Str(a[1], c) : "DD";
        int64_t m = Micros(a[0], c);
        if (round && (f == "DD" || f == "dd")) m += datetime::kMicrosPerDay / 2;
        return DateOf(TruncDate(m, f));
      }
      int digits = a.size() > 1 ? static_cast<int>(Int(a[1], c)) : 0;
      if (IsDouble(a[0])) {
        double p = std::pow(10.0, digits), x = a[0].dbl() * p;
        return Value::Double((round ? std::round(x) : std::trunc(x)) / p);
      }
      Decimal d = Num(a[0], c);
      return Value::Number(round ? d.Round(digits) : d.Trunc(digits));
    };
  };
  Add(m, "ROUND", 1, 2, true, round_trunc(true));
  Add(m, "TRUNC", 1, 2, true, round_trunc(false));
  Add(m, "MOD", 2, 2, true, [](const Args& a, const FnCtx& c) {
    if (IsDouble(a[0]) || IsDouble(a[1])) {
      double x = CastValue(a[0], LogicalType::Double(), c.ctx).dbl();
      double y = CastValue(a[1], LogicalType::Double(), c.ctx).dbl();
      return Value::Double(y == 0 ? x : std::fmod(x, y));
    }
    return Value::Number(Decimal::Mod(Num(a[0], c), Num(a[1], c)));
  });
  Add(m, "FLOOR", 1, 1, true, [](const Args& a, const FnCtx& c) {
    if (IsDouble(a[0])) return Value::Double(std::floor(a[0].dbl()));
    Decimal d = Num(a[0], c), t = d.Trunc(0);
    return Value::Number(t > d ? t - Decimal::FromInt(1) : t);
  });
  Add(m, "CEIL", 1, 1, true, [](const Args& a, const FnCtx& c) {
    if (IsDouble(a[0])) return Value::Double(std::ceil(a[0].dbl()));
    Decimal d = Num(a[0], c), t = d.Trunc(0);
    return Value::Number(t < d ? t + Decimal::FromInt(1) : t);
  });
  Add(m, "POWER", 2, 2, true, [](const Args& a, const FnCtx& c) {
    if (IsDouble(a[0]) || IsDouble(a[1]))
      return Value::Double(std::pow(CastValue(a[0], LogicalType::Double(), c.ctx).dbl(),
                                    CastValue(a[1], LogicalType::Double(), c.ctx).dbl()));
    Decimal x = Num(a[0], c), y = Num(a[1], c);
    // A range test, not std::abs: the exponent may be INT64_MIN, whose negation overflows.
    if (y.IsInteger() && y.ToInt64() && *y.ToInt64() >= -1000 && *y.ToInt64() <= 1000) {
      int64_t n = *y.ToInt64();
      Decimal r = Decimal::FromInt(1);
      for (int64_t i = 0; i < std::abs(n); ++i) r = r * x;
      return Value::Number(n < 0 ? Decimal::FromInt(1) / r : r);
    }
    if (x.coef < 0) OutOfRange(a[0]);
    return Value::Number(FromDouble15(std::pow(x.ToDouble(), y.ToDouble())));
  });
  Add(m, "SQRT", 1, 1, true, [](const Args& a, const FnCtx& c) {
    if (!IsDouble(a[0]) && Num(a[0], c).coef < 0) OutOfRange(a[0]);
    return MathDouble(a[0], c, [](double x) { return std::sqrt(x); });
  });
  Add(m, "EXP", 1, 1, true, [](const Args& a, const FnCtx& c) {
    return MathDouble(a[0], c, [](double x) { return std::exp(x); });
  });
  Add(m, "LN", 1, 1, true, [](const Args& a, const FnCtx& c) {
    if (!IsDouble(a[0]) && Num(a[0], c).coef <= 0) OutOfRange(a[0]);
    return MathDouble(a[0], c, [](double x) { return std::log(x); });
  });
  Add(m, "LOG", 2, 2, true, [](const Args& a, const FnCtx& c) {
    double b = CastValue(a[0], LogicalType::Double(), c.ctx).dbl();
    double x = CastValue(a[1], LogicalType::Double(), c.ctx).dbl();
    if (b <= 0 || b == 1) OutOfRange(a[0]);
    if (x <= 0) OutOfRange(a[1]);
    double r = std::log10(x) / std::log10(b);
    if (IsDouble(a[0]) || IsDouble(a[1])) return Value::Double(r);
    return Value::Number(FromDouble15(r));
  });
  Add(m, "REMAINDER", 2, 2, true, [](const Args& a, const FnCtx& c) {
    if (IsDouble(a[0]) || IsDouble(a[1]))
      return Value::Double(std::remainder(CastValue(a[0], LogicalType::Double(), c.ctx).dbl(),
                                          CastValue(a[1], LogicalType::Double(), c.ctx).dbl()));
    Decimal x = Num(a[0], c), y = Num(a[1], c);
    if (y.coef == 0) return Value::Number(x);
    return Value::Number(x - y * (x / y).Round(0));
  });
}

}  // namespace fn

namespace {

using namespace fn;

const FnMap& Functions() {
  static const FnMap kFns = [] {
    FnMap m;
    AddNumericFunctions(m);
    AddTextFunctions(m);
    AddDateFunctions(m);
    return m;
  }();
  return kFns;
}

}  // namespace

void EvalFunction(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  if (EvalFunctionVectorized(e, st, sel, out)) return;
  const auto& fns = Functions();
  auto it = fns.find(e.name);
  if (it == fns.end()) ThrowOra(904, "\"{}\": invalid identifier", e.name);
  const Fn& fn = it->second;
  int n = static_cast<int>(e.children.size());
  if (n < fn.min_args || n > fn.max_args) ThrowOra(909, "invalid number of arguments");
  // NVL/COALESCE/DECODE/NVL2 arguments are evaluated for every row (Oracle does not promise
  // laziness for them except COALESCE; CASE is the lazy construct).
  std::vector<Vector> args;
  bool all_const = true;
  for (const auto& c : e.children) {
    args.push_back(EvalNew(*c, st, sel));
    all_const = all_const && args.back().kind() == Vector::Kind::kConstant;
  }
  FnCtx fc{st.ctx, st.oracle()};
  Args vals(static_cast<size_t>(n));
  auto one = [&](uint32_t r, uint32_t dst) {
    bool has_null = false;
    for (int i = 0; i < n; ++i) {
      vals[static_cast<size_t>(i)] = args[static_cast<size_t>(i)].GetValue(r);
      has_null = has_null || vals[static_cast<size_t>(i)].is_null();
    }
    if (has_null && fn.nulls_give_null) {
      out.SetNull(dst, true);
      return;
    }
    Value v = fn.eval(vals, fc);
    if (!v.is_null() && v.type().IsString() && v.str().empty() && fc.oracle) {
      out.SetNull(dst, true);
      return;
    }
    if (v.is_null()) {
      out.SetNull(dst, true);
      return;
    }
    StoreResult(out, dst, v, st.ctx);
  };
  if (all_const && !fn.volatile_fn) {
    out.SetKind(Vector::Kind::kConstant);
    one(0, 0);
    return;
  }
  for (uint32_t r : sel) one(r, r);
}

}  // namespace pathdb::expr
