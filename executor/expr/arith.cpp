// Arithmetic (+ - * / % NEG), date arithmetic and string concatenation: one tight loop per
// operator, with the constant-operand cases instantiated separately.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "common/datetime.h"
#include "common/interval.h"
#include "executor/cell_ops.h"
#include "executor/expr/internal.h"

namespace pathdb::expr {

namespace {

bool IsConst(const Vector& v) {
  return v.kind() == Vector::Kind::kConstant;
}

// `v` converted to the type of `out` (a fresh vector of v's capacity).
void ConvertInto(const Vector& v, Vector& out, Sel sel, const EvalContext& ctx) {
  if (IsConst(v)) {
    out.SetConstant(CastValue(v.GetValue(0), out.type(), ctx));
  } else {
    CopyRows(v, out, sel, ctx);
  }
}

// A kernel operand in the kernel's operating type: the child's vector itself when it already
// has that type (no copy), else a converted copy.
class Typed {
 public:
  Typed(const Vector& v, const LogicalType& t, Sel sel, const EvalContext& ctx) {
    if (v.type().id == t.id) {
      ref_ = &v;
      return;
    }
    own_.emplace(t, v.capacity());
    ConvertInto(v, *own_, sel, ctx);
  }
  const Vector& get() const { return own_ ? *own_ : *ref_; }

 private:
  std::optional<Vector> own_;
  const Vector* ref_ = nullptr;
};

// Runs f(a, b, result&) -> valid for the rows of sel; NULL in, NULL out.
template <typename A, typename B, typename R, typename F>
void Binary(const Vector& a, const Vector& b, Vector& out, Sel sel, F&& f) {
  const A* ad = a.Data<A>();
  const B* bd = b.Data<B>();
  R* od = out.Data<R>();
  const uint8_t* av = a.Validity();
  const uint8_t* bv = b.Validity();
  uint8_t* ov = out.Validity();
  auto run = [&]<bool AC, bool BC>() {
    for (uint32_t r : sel) {
      uint32_t ia = AC ? 0 : r, ib = BC ? 0 : r;
      if (!(av[ia] & bv[ib])) {
        ov[r] = 0;
        continue;
      }
      ov[r] = f(ad[ia], bd[ib], od[r]) ? 1 : 0;
    }
  };
  bool ac = IsConst(a), bc = IsConst(b);
  if (ac && bc) {
    out.SetKind(Vector::Kind::kConstant);
    if (!(av[0] & bv[0])) {
      ov[0] = 0;
    } else {
      ov[0] = f(ad[0], bd[0], od[0]) ? 1 : 0;
    }
  } else if (ac) {
    run.template operator()<true, false>();
  } else if (bc) {
    run.template operator()<false, true>();
  } else {
    run.template operator()<false, false>();
  }
}

template <typename T>
void Unary(const Vector& a, Vector& out, Sel sel, T (*f)(const T&)) {
  const T* ad = a.Data<T>();
  T* od = out.Data<T>();
  if (IsConst(a)) {
    out.SetKind(Vector::Kind::kConstant);
    out.Validity()[0] = a.Validity()[0];
    if (a.Validity()[0]) od[0] = f(ad[0]);
    return;
  }
  for (uint32_t r : sel) {
    out.Validity()[r] = a.Validity()[r];
    if (a.Validity()[r]) od[r] = f(ad[r]);
  }
}

// SQLite INTEGER arithmetic that leaves 64 bits turns into REAL: the result keeps only a
// double's precision (9223372036854775807 + 1 is 9.2233720368547758e18).
Decimal SqliteInteger(const Decimal& r) {
  if (r.ToInt64()) return r;
  return Decimal::FromDouble(r.ToDouble());
}

// + - * of NUMBERs whose coefficients fit 18 digits, each operand at one scale in the batch
// (every NUMBER(p<=18,s) column and literal an analytic query computes with): the scales are
// hoisted out of the loop and checked per row as it goes (NotSmallAt), and the exact result
// of a row is one 64x64->128-bit multiply or an aligned add -- what Decimal's + - * return
// (same coefficient, scale, and the canonical zero). false: some valid row broke the
// assumption; the caller recomputes the batch with the general operators.
template <char Op, bool AC, bool BC>
bool SmallNumberBatch(const Vector& a, const Vector& b, Vector& out, Sel sel, int32_t sa,
                      int32_t sb, int32_t scale, int64_t pa, int64_t pb) {
  const Decimal* ad = a.Data<Decimal>();
  const Decimal* bd = b.Data<Decimal>();
  const uint8_t* av = a.Validity();
  const uint8_t* bv = b.Validity();
  Decimal* od = out.Data<Decimal>();
  uint8_t* ov = out.Validity();
  uint64_t bad = 0;
  for (const uint32_t r : sel) {
    const uint32_t ia = AC ? 0 : r, ib = BC ? 0 : r;
    const uint8_t valid = av[ia] & bv[ib];
    ov[r] = valid;
    // A NULL row's garbage is computed too (never read); int64 x int64 cannot overflow int128.
    uint64_t odd = 0;
    if constexpr (!AC) odd |= NotSmallAt(ad[ia], sa);
    if constexpr (!BC) odd |= NotSmallAt(bd[ib], sb);
    bad |= odd & (0 - static_cast<uint64_t>(valid));
    const auto x = static_cast<int64_t>(ad[ia].coef), y = static_cast<int64_t>(bd[ib].coef);
    int128 res;
    if constexpr (Op == '*') {
      res = static_cast<int128>(x) * y;
    } else {
      const int128 xa = pa == 1 ? int128{x} : static_cast<int128>(x) * pa;
      const int128 ya = pb == 1 ? int128{y} : static_cast<int128>(y) * pb;
      res = Op == '+' ? xa + ya : xa - ya;
    }
    od[r].coef = res;
    od[r].scale = res == 0 ? 0 : scale;
  }
  return bad == 0;
}

template <char Op>
bool SmallNumberArith(const Vector& a, const Vector& b, Vector& out, Sel sel) {
  const bool ac = IsConst(a), bc = IsConst(b);
  if (ac && bc) return false;  // one row: the general operator
  const int32_t sa = FirstValidScale(a, sel.data(), sel.size());
  const int32_t sb = FirstValidScale(b, sel.data(), sel.size());
  if (sa < 0 || sa > 130 || sb < 0 || sb > 130) return false;
  // A constant operand is checked once, here; the loop checks the other.
  if (ac && a.Validity()[0] && NotSmallAt(a.Data<Decimal>()[0], sa)) return false;
  if (bc && b.Validity()[0] && NotSmallAt(b.Data<Decimal>()[0], sb)) return false;
  int32_t scale = sa + sb;
  int64_t pa = 1, pb = 1;
  if constexpr (Op == '*') {
    if (scale > 130) return false;
  } else {
    scale = std::max(sa, sb);
    if (scale - std::min(sa, sb) > 18) return false;
    pa = Decimal::Pow10Small(scale - sa);
    pb = Decimal::Pow10Small(scale - sb);
  }
  if (ac) return SmallNumberBatch<Op, true, false>(a, b, out, sel, sa, sb, scale, pa, pb);
  if (bc) return SmallNumberBatch<Op, false, true>(a, b, out, sel, sa, sb, scale, pa, pb);
  return SmallNumberBatch<Op, false, false>(a, b, out, sel, sa, sb, scale, pa, pb);
}

void NumberArith(char op, const BoundExpr& e, const Vector& a0, const Vector& b0, State& st,
                 Sel sel, Vector& out) {
  const Typed ta(a0, LogicalType::Number(), sel, st.ctx),
      tb(b0, LogicalType::Number(), sel, st.ctx);
  const Vector &a = ta.get(), &b = tb.get();
  const bool sqlite = !st.oracle();
  const bool to_real = sqlite && e.type.IsIntegral();
  if (!to_real) {
    if (op == '+' && SmallNumberArith<'+'>(a, b, out, sel)) return;
    if (op == '-' && SmallNumberArith<'-'>(a, b, out, sel)) return;
    if (op == '*' && SmallNumberArith<'*'>(a, b, out, sel)) return;
  }
  switch (op) {
    case '+':
      return Binary<Decimal, Decimal, Decimal>(
          a, b, out, sel, [to_real](const Decimal& x, const Decimal& y, Decimal& r) {
            r = x + y;
            if (to_real) r = SqliteInteger(r);
            return true;
          });
    case '-':
      return Binary<Decimal, Decimal, Decimal>(
          a, b, out, sel, [to_real](const Decimal& x, const Decimal& y, Decimal& r) {
            r = x - y;
            if (to_real) r = SqliteInteger(r);
            return true;
          });
    case '*':
      return Binary<Decimal, Decimal, Decimal>(
          a, b, out, sel, [to_real](const Decimal& x, const Decimal& y, Decimal& r) {
            r = x * y;
            if (to_real) r = SqliteInteger(r);
            return true;
          });
    case '/': {
      if (sqlite) {
        bool integral = e.children[0]->type.IsIntegral() && e.children[1]->type.IsIntegral();
        return Binary<Decimal, Decimal, Decimal>(
            a, b, out, sel, [integral, to_real](const Decimal& x, const Decimal& y, Decimal& r) {
              if (y.coef == 0) return false;
              r = integral ? Decimal::IntDiv(x, y) : x / y;
              if (to_real) r = SqliteInteger(r);
              return true;
            });
      }
      return Binary<Decimal, Decimal, Decimal>(a, b, out, sel,
                                               [](const Decimal& x, const Decimal& y, Decimal& r) {
                                                 r = x / y;
                                                 return true;
                                               });
    }
    case '%':
      return Binary<Decimal, Decimal, Decimal>(
          a, b, out, sel, [sqlite](const Decimal& x, const Decimal& y, Decimal& r) {
            if (sqlite && y.coef == 0) return false;
            r = Decimal::Mod(x, y);
            return true;
          });
  }
}

void DoubleArithIeee(char op, const Vector& a0, const Vector& b0, State& st, Sel sel, Vector& out) {
  const Typed ta(a0, LogicalType::Double(), sel, st.ctx),
      tb(b0, LogicalType::Double(), sel, st.ctx);
  const Vector &a = ta.get(), &b = tb.get();
  const bool sqlite = !st.oracle();
  switch (op) {
    case '+':
      return Binary<double, double, double>(a, b, out, sel, [](double x, double y, double& r) {
        r = x + y;
        return true;
      });
    case '-':
      return Binary<double, double, double>(a, b, out, sel, [](double x, double y, double& r) {
        r = x - y;
        return true;
      });
    case '*':
      return Binary<double, double, double>(a, b, out, sel, [](double x, double y, double& r) {
        r = x * y;
        return true;
      });
    case '/':
      return Binary<double, double, double>(
          a, b, out, sel, [sqlite](double x, double y, double& r) {
            if (sqlite && y == 0) return false;
            r = x / y;  // BINARY_DOUBLE follows IEEE: 1/0 = Inf, as Oracle
            return true;
          });
    case '%':
      return Binary<double, double, double>(a, b, out, sel,
                                            [sqlite](double x, double y, double& r) {
                                              if (y == 0) {
                                                if (sqlite) return false;
                                                r = x;
                                                return true;
                                              }
                                              r = std::fmod(x, y);
                                              return true;
                                            });
  }
}

// Oracle's BINARY_DOUBLE keeps NaN (Inf - Inf prints Nan); SQLite turns a NaN result into
// NULL.
void DoubleArith(char op, const Vector& a, const Vector& b, State& st, Sel sel, Vector& out) {
  DoubleArithIeee(op, a, b, st, sel, out);
  if (st.oracle()) return;
  const double* d = out.Data<double>();
  uint8_t* v = out.Validity();
  if (out.kind() == Vector::Kind::kConstant) {
    if (v[0] && std::isnan(d[0])) v[0] = 0;
    return;
  }
  for (uint32_t r : sel) {
    if (v[r] && std::isnan(d[r])) v[r] = 0;
  }
}

bool IsDateLike(TypeId t) {
  return t == TypeId::kDate || t == TypeId::kTimestamp;
}

int64_t ToMicros(TypeId t, int64_t v) {
  return t == TypeId::kDate ? v * 1000000 : v;
}

void DateArith(char op, const BoundExpr& e, const Vector& a, const Vector& b, State& st, Sel sel,
               Vector& out) {
  TypeId ta = a.type().id, tb = b.type().id;
  if (IsDateLike(ta) && IsDateLike(tb)) {
    if (op != '-') ThrowOra(975, "cannot add two date values");
    // date - date = days, exact (fractions of a day for the time part).
    static const Decimal kMicrosPerDay = Decimal::FromInt(86400000000LL);
    out.Validity();
    Vector n(LogicalType::Number(), out.capacity());
    Binary<int64_t, int64_t, Decimal>(a, b, n, sel, [&](int64_t x, int64_t y, Decimal& r) {
      r = Decimal::FromInt(ToMicros(ta, x) - ToMicros(tb, y)) / kMicrosPerDay;
      return true;
    });
    CopyRows(n, out, sel, st.ctx);
    if (n.kind() == Vector::Kind::kConstant) out.SetConstant(n.GetValue(0));
    return;
  }
  // date +/- days (and days + date)
  bool date_left = IsDateLike(ta);
  const Vector& d = date_left ? a : b;
  const Typed typed_days(date_left ? b : a, LogicalType::Number(), sel, st.ctx);
  const Vector& days = typed_days.get();
  TypeId td = d.type().id;
  const int sign = op == '-' ? -1 : 1;
  if (op == '-' && !date_left) ThrowOra(932, "inconsistent datatypes: expected NUMBER got DATE");
  Vector r(LogicalType{td}, out.capacity());
  const int64_t unit = td == TypeId::kDate ? 86400 : 86400000000LL;
  Binary<int64_t, Decimal, int64_t>(
      d, days, r, sel, [&](int64_t x, const Decimal& n, int64_t& res) {
        auto delta = (n * Decimal::FromInt(unit)).Round(0).ToInt64();
        if (!delta) ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
        res = x + sign * *delta;
        return true;
      });
  if (r.kind() == Vector::Kind::kConstant) {
    out.SetConstant(CastValue(r.GetValue(0), e.type, st.ctx));
  } else {
    CopyRows(r, out, sel, st.ctx);
  }
}

// Datetime +- interval, interval +- interval, interval * / number (the binder has typed them;
// see BindIntervalArithmetic). Every kernel works on int64_t: DATE seconds, TIMESTAMP and
// DAY TO SECOND microseconds, YEAR TO MONTH months.
void IntervalArith(char op, const BoundExpr& e, const Vector& a, const Vector& b, State& st,
                   Sel sel, Vector& out) {
  TypeId ta = a.type().id, tb = b.type().id;
  const int64_t sign = op == '-' ? -1 : 1;
  if (IsDateLike(ta) || IsDateLike(tb)) {
    const bool date_left = IsDateLike(ta);
    const Vector& d = date_left ? a : b;
    const Vector& iv = date_left ? b : a;
    const TypeId td = d.type().id;
    const bool months = iv.type().id == TypeId::kIntervalYM;
    Binary<int64_t, int64_t, int64_t>(d, iv, out, sel, [&](int64_t x, int64_t v, int64_t& res) {
      int64_t us = ToMicros(td, x);
      int64_t delta = 0;
      if (months) {
        us = datetime::AddMonthsStrict(us, sign * v);
      } else if (__builtin_mul_overflow(sign, v, &delta) ||
                 __builtin_add_overflow(us, delta, &us)) {
        ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
      }
      datetime::CheckYearRange(us);
      // A DATE keeps whole seconds: the fraction of a DAY TO SECOND is dropped.
      res = td == TypeId::kDate ? us / 1000000 - (us % 1000000 < 0) : us;
      return true;
    });
    return;
  }
  const LogicalType& rt = e.type;
  if (ta == tb) {
    Binary<int64_t, int64_t, int64_t>(a, b, out, sel, [&](int64_t x, int64_t y, int64_t& res) {
      if (__builtin_add_overflow(x, sign * y, &res)) {
        ThrowOra(1873, "the leading precision of the interval is too small");
      }
      res = interval::Fit(res, rt);
      return true;
    });
    return;
  }
  // interval * number, number * interval, interval / number
  const bool interval_left = a.type().IsInterval();
  const Vector& iv = interval_left ? a : b;
  const Typed typed_n(interval_left ? b : a, LogicalType::Number(), sel, st.ctx);
  const Vector& n = typed_n.get();
  const bool months = iv.type().id == TypeId::kIntervalYM;
  Binary<int64_t, Decimal, int64_t>(
      iv, n, out, sel, [&](int64_t x, const Decimal& m, int64_t& res) {
        Decimal r;
        if (op == '/') {
          if (m.coef == 0) ThrowOra(1476, "divisor is equal to zero");
          r = Decimal::FromInt(x) / m;
        } else {
          r = Decimal::FromInt(x) * m;
        }
        // Months truncate (Oracle keeps whole months); microseconds round.
        auto v = (months ? r.Trunc(0) : r.Round(0)).ToInt64();
        if (!v) ThrowOra(1873, "the leading precision of the interval is too small");
        res = interval::Fit(*v, rt);
        return true;
      });
}

// TIMESTAMP - TIMESTAMP (or a DATE on either side): an INTERVAL DAY TO SECOND.
void TimestampDifference(const Vector& a, const Vector& b, Sel sel, Vector& out) {
  TypeId ta = a.type().id, tb = b.type().id;
  Binary<int64_t, int64_t, int64_t>(a, b, out, sel, [&](int64_t x, int64_t y, int64_t& res) {
    res = ToMicros(ta, x) - ToMicros(tb, y);
    return true;
  });
}

}  // namespace

void EvalArithmetic(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  if (e.name == "NEG") {
    const Operand oa(*e.children.at(0), st, sel);
    const Vector& a = oa.get();
    if (a.type().IsInterval()) {
      return Unary<int64_t>(
          a, out, sel, +[](const int64_t& x) { return -x; });
    }
    if (a.type().id == TypeId::kDouble && out.type().id == TypeId::kDouble) {
      return Unary<double>(
          a, out, sel, +[](const double& x) { return -x; });
    }
    const Typed typed(a, LogicalType::Number(), sel, st.ctx);
    const Vector& n = typed.get();
    Vector r(LogicalType::Number(), out.capacity());
    if (!st.oracle() && e.type.IsIntegral()) {
      Unary<Decimal>(
          n, r, sel, +[](const Decimal& x) { return SqliteInteger(-x); });
    } else {
      Unary<Decimal>(
          n, r, sel, +[](const Decimal& x) { return -x; });
    }
    if (r.kind() == Vector::Kind::kConstant) return out.SetConstant(r.GetValue(0));
    return CopyRows(r, out, sel, st.ctx);
  }
  if (e.children.size() != 2) ThrowOra(909, "invalid number of arguments");
  const Operand oa(*e.children[0], st, sel), ob(*e.children[1], st, sel);
  const Vector &a = oa.get(), &b = ob.get();
  const char op = e.name[0];
  TypeId ta = a.type().id, tb = b.type().id;
  if (ta == TypeId::kNull || tb == TypeId::kNull || e.type.id == TypeId::kNull) {
    out.SetConstant(Value::Null(e.type));
    return;
  }
  if (e.type.IsInterval() || a.type().IsInterval() || b.type().IsInterval()) {
    if (IsDateLike(ta) && IsDateLike(tb)) return TimestampDifference(a, b, sel, out);
    return IntervalArith(op, e, a, b, st, sel, out);
  }
  if (IsDateLike(ta) || IsDateLike(tb)) return DateArith(op, e, a, b, st, sel, out);
  if (out.type().id == TypeId::kDouble) return DoubleArith(op, a, b, st, sel, out);
  if (out.type().id == TypeId::kNumber) return NumberArith(op, e, a, b, st, sel, out);
  // Unusual result type: compute in NUMBER (or DOUBLE) and convert.
  bool dbl = ta == TypeId::kDouble || tb == TypeId::kDouble;
  Vector tmp(dbl ? LogicalType::Double() : LogicalType::Number(), out.capacity());
  if (dbl) {
    DoubleArith(op, a, b, st, sel, tmp);
  } else {
    NumberArith(op, e, a, b, st, sel, tmp);
  }
  if (tmp.kind() == Vector::Kind::kConstant)
    return out.SetConstant(CastValue(tmp.GetValue(0), e.type, st.ctx));
  CopyRows(tmp, out, sel, st.ctx);
}

void EvalConcat(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  const bool oracle = st.oracle();
  std::vector<Vector> parts;
  for (const auto& c : e.children) {
    Vector v = EvalNew(*c, st, sel);
    if (v.type().id == TypeId::kVarchar) {
      parts.push_back(std::move(v));
    } else {
      parts.emplace_back(LogicalType::Varchar(), v.capacity());
      ConvertInto(v, parts.back(), sel, st.ctx);
    }
  }
  bool all_const = true;
  for (const auto& p : parts) all_const = all_const && IsConst(p);
  std::string buf;
  auto one = [&](uint32_t r, uint32_t dst) {
    buf.clear();
    bool any = false, all = true;
    for (const auto& p : parts) {
      uint32_t i = Idx(p, r);
      if (!p.Validity()[i]) {
        all = false;
        continue;
      }
      any = true;
      buf.append(p.Data<StringRef>()[i].view());
    }
    // Oracle: NULL acts as '' (NULL only if every operand is); SQLITE: NULL in, NULL out.
    if (oracle ? !any : !all) {
      out.SetNull(dst, true);
      return;
    }
    if (e.type.length > 0 && buf.size() > 32767)
      ThrowOra(1489, "result of string concatenation is too long");
    PutString(out, dst, buf, oracle);
  };
  if (all_const) {
    out.SetKind(Vector::Kind::kConstant);
    one(0, 0);
    return;
  }
  for (uint32_t r : sel) one(r, r);
}

}  // namespace pathdb::expr
