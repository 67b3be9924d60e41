// The row-at-a-time function table shared by functions*.cpp: each family file registers its
// functions into one map that EvalFunction looks names up in.
#pragma once
#include <cmath>
#include <functional>
#include <random>

#include <fmt/format.h>

#include "common/datetime.h"
#include "executor/expr/internal.h"

namespace pathdb::expr::fn {

using Args = std::vector<Value>;

struct FnCtx {
  const EvalContext& ctx;
  bool oracle;
};

inline Decimal Num(const Value& v, const FnCtx& c) {
  if (v.type().id == TypeId::kNumber) return v.number();
  return CastValue(v, LogicalType::Number(), c.ctx).number();
}
inline int64_t Int(const Value& v, const FnCtx& c) {
  auto i = Num(v, c).Trunc(0).ToInt64();
  if (!i) ThrowOra(1426, "numeric overflow");
  return *i;
}
inline std::string Str(const Value& v, const FnCtx& c) {
  if (v.type().IsString()) return v.str();
  return CastValue(v, LogicalType::Varchar(), c.ctx).str();
}
inline int64_t Micros(const Value& v, const FnCtx& c) {
  if (v.type().id == TypeId::kDate) return v.date() * 1000000;
  if (v.type().id == TypeId::kTimestamp) return v.timestamp();
  return CastValue(v, LogicalType::Date(), c.ctx).date() * 1000000;
}
inline Value DateOf(int64_t micros) {
  return Value::Date(micros / 1000000 - (micros % 1000000 < 0));
}
inline bool IsDouble(const Value& v) { return v.type().id == TypeId::kDouble; }
inline Value S(std::string s) { return Value::Varchar(std::move(s)); }

[[noreturn]] inline void OutOfRange(const Value& v) {
  ThrowOra(1428, "argument '{}' is out of range", v.ToString());
}

//! A NUMBER from a double-precision result, to 15 significant digits so that binary
//! artefacts (LOG(10,1000) = 2.9999999999999996) do not show.
inline Decimal FromDouble15(double d) {
  if (!std::isfinite(d)) ThrowOra(1426, "numeric overflow");
  auto r = Decimal::Parse(fmt::format("{:.15g}", d));
  return r ? *r : Decimal::FromDouble(d);
}

inline Value MathDouble(const Value& v, const FnCtx& c, double (*f)(double)) {
  if (IsDouble(v)) return Value::Double(f(v.dbl()));
  return Value::Number(FromDouble15(f(Num(v, c).ToDouble())));
}

inline std::mt19937_64& Rng(const EvalContext& ctx, std::mt19937_64& fallback) {
  return ctx.random ? *ctx.random : fallback;
}

struct Fn {
  int min_args, max_args;
  bool nulls_give_null;  //!< any NULL argument makes the result NULL
  bool volatile_fn;      //!< never folded (DBMS_RANDOM)
  std::function<Value(const Args&, const FnCtx&)> eval;
};

using FnMap = std::unordered_map<std::string, Fn>;

//! Registers one function; `f` is any callable (const Args&, const FnCtx&) -> Value.
template <typename F>
void Add(FnMap& m, std::string name, int lo, int hi, bool nulls_give_null, F f,
         bool volatile_fn = false) {
  m.emplace(std::move(name), Fn{lo, hi, nulls_give_null, volatile_fn, std::move(f)});
}

void AddNumericFunctions(FnMap& m);
void AddTextFunctions(FnMap& m);  // strings, NULL handling, DECODE, GREATEST/LEAST
void AddDateFunctions(FnMap& m);  // conversions, dates, DBMS_RANDOM

}  // namespace pathdb::expr::fn
