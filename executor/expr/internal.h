// Internal interface of the expression engine: a node is evaluated for a list of active rows
// (`Sel`, ascending physical row indices) into a vector of the node's type. Kernels live in
// one file per family; expression.cpp dispatches on BoundKind.
#pragma once
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/error.h"
#include "common/vector.h"
#include "executor/expression.h"

namespace pathdb::expr {

using Sel = std::span<const uint32_t>;

struct SubqueryCache;

//! Per-Execute state: the input chunk, the context and the subquery result caches.
struct State {
  const DataChunk* input = nullptr;
  EvalContext& ctx;
  size_t capacity = 1;  //!< rows a temporary vector must hold (input size)
  std::unordered_map<const BoundExpr*, std::shared_ptr<SubqueryCache>> subquery_caches;
  explicit State(EvalContext& c) : ctx(c) {}
  bool oracle() const { return ctx.dialect == Dialect::kOracle; }
};

//! Evaluates `e` for the rows `sel` into `out` (already of e.type, reset by the caller).
void Eval(const BoundExpr& e, State& st, Sel sel, Vector& out);
//! Evaluates `e` into a fresh vector of e.type.
Vector EvalNew(const BoundExpr& e, State& st, Sel sel);

//! A kernel operand: a plain column is read in place from the input and a literal lives in a
//! one-row vector, because copying the column and allocating a full-size temporary (64 KiB for
//! NUMBER) per batch cost more than a comparison or an addition itself and made malloc trim
//! the heap. Anything else is evaluated into a fresh vector. The operand must not outlive the
//! Execute call (it may point into the input chunk).
class Operand {
 public:
  Operand(const BoundExpr& e, State& st, Sel sel);
  const Vector& get() const { return own_ ? *own_ : *ref_; }

 private:
  std::optional<Vector> own_;
  const Vector* ref_ = nullptr;
};

inline uint32_t Idx(const Vector& v, uint32_t row) {
  return v.kind() == Vector::Kind::kConstant ? 0 : row;
}
inline bool Valid(const Vector& v, uint32_t row) {
  return v.Validity()[Idx(v, row)] != 0;
}

//! Writes a string result; in the Oracle dialect an empty string is NULL.
inline void PutString(Vector& out, uint32_t row, std::string_view s, bool oracle) {
  if (s.empty() && oracle) {
    out.SetNull(row, true);
    return;
  }
  out.SetNull(row, false);
  out.Data<StringRef>()[row] = out.heap().Add(s);
}

//! Stores a computed value in `out` without applying out's length/precision limits (those
//! belong to columns and explicit CASTs, not to function results); converts the type if needed.
inline void StoreResult(Vector& out, uint32_t row, const Value& v, const EvalContext& ctx) {
  if (v.is_null() || v.type().id == out.type().id) {
    out.SetValue(row, v);
    return;
  }
  LogicalType loose;
  loose.id = out.type().id;
  out.SetValue(row, CastValue(v, loose, ctx));
}

// ---- families (each returns after filling `out` for all rows of sel)
void EvalArithmetic(const BoundExpr& e, State& st, Sel sel, Vector& out);  // + - * / % NEG
void EvalConcat(const BoundExpr& e, State& st, Sel sel, Vector& out);      // ||
void EvalCompare(const BoundExpr& e, State& st, Sel sel, Vector& out);
void EvalInList(const BoundExpr& e, State& st, Sel sel, Vector& out);
void EvalLike(const BoundExpr& e, State& st, Sel sel, Vector& out);
void EvalCase(const BoundExpr& e, State& st, Sel sel, Vector& out);
void EvalCast(const BoundExpr& e, State& st, Sel sel, Vector& out);
void EvalSubquery(const BoundExpr& e, State& st, Sel sel, Vector& out);
//! Every named function that is not an operator (row-at-a-time over Values).
void EvalFunction(const BoundExpr& e, State& st, Sel sel, Vector& out);
//! Column-at-a-time kernels for a few hot functions (SUBSTR with literal positions, EXTRACT of
//! YEAR/MONTH/DAY); false, with `out` untouched, when `e` is not one of their shapes.
bool EvalFunctionVectorized(const BoundExpr& e, State& st, Sel sel, Vector& out);

//! Copies rows `sel` of `src` into `out`, converting to out's type when they differ.
void CopyRows(const Vector& src, Vector& out, Sel sel, const EvalContext& ctx);
//! Three-way compare of two non-NULL cells with Oracle/SQLite coercions (numbers with strings
//! numerically, CHAR blank-padded). Throws ORA-01722 / ORA-00932 as Oracle.
int CompareValues(const Value& a, const Value& b, const EvalContext& ctx);
//! True when `op` ("=", "<", ...) holds for the three-way result c.
bool ApplyCompareOp(std::string_view op, int c);

//! LIKE matcher over bytes; escape < 0 when there is none. Raises ORA-01424 on a bad escape.
bool LikeMatch(std::string_view s, std::string_view pattern, int escape, bool case_insensitive);

// ---- formatting helpers shared by TO_CHAR / TO_NUMBER / casts
std::string NumberToChar(const Decimal& d, std::string_view fmt);
std::string DoubleToText(double d);
Decimal ParseNumberOrThrow(std::string_view s, const EvalContext& ctx);

}  // namespace pathdb::expr
