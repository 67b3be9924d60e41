// Column-at-a-time kernels for the functions analytic queries call on every row: SUBSTR of a
// string column with literal positions (TPC-H q22's SUBSTR(c_phone, 1, 2) over CUSTOMER twice)
// and EXTRACT of YEAR/MONTH/DAY from a date column (q7, q8, q9). The table's row-at-a-time
// path built a Value per argument and row and a std::string per result: about 1,000
// instructions a row, most of q22's time. Each kernel gives exactly the row path's answer
// (the unit test compares them); anything else returns false and takes the row path.
#include "common/datetime.h"
#include "executor/expr/function_table.h"

namespace pathdb::expr {

namespace {

// A literal NUMBER argument as SUBSTR's row path reads it (truncated to an integer), or
// nullopt when it is not a non-NULL NUMBER literal or does not fit.
std::optional<int64_t> LiteralInt(const BoundExpr& e) {
  if (e.kind != BoundKind::kConstant || e.constant.is_null()) return std::nullopt;
  if (e.constant.type().id != TypeId::kNumber) return std::nullopt;
  return e.constant.number().Trunc(0).ToInt64();
}

bool Substr(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  const BoundExpr& src = *e.children[0];
  if (!src.type.IsString() || out.type().id != TypeId::kVarchar) return false;
  const std::optional<int64_t> pos_arg = LiteralInt(*e.children[1]);
  if (!pos_arg) return false;
  std::optional<int64_t> len_arg;
  if (e.children.size() > 2) {
    len_arg = LiteralInt(*e.children[2]);
    if (!len_arg) return false;
  }
  const Operand x_op(src, st, sel);
  const Vector& x = x_op.get();
  const StringRef* v = x.Data<StringRef>();
  const bool oracle = st.oracle();
  for (uint32_t r : sel) {
    const uint32_t at = Idx(x, r);
    if (!Valid(x, at)) {
      out.SetNull(r, true);
      continue;
    }
    const std::string_view s = v[at].view();
    const auto n = static_cast<int64_t>(s.size());
    int64_t pos = *pos_arg == 0 ? 1 : *pos_arg;
    if (pos < 0) pos = n + pos + 1;
    const int64_t len = len_arg ? *len_arg : n;
    std::string_view piece;
    if (pos >= 1 && pos <= n && len >= 1) {
      piece = s.substr(static_cast<size_t>(pos - 1), static_cast<size_t>(len));
    }
    PutString(out, r, piece, oracle);
  }
  return true;
}

bool ExtractDatePart(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  const BoundExpr& field_e = *e.children[0];
  const BoundExpr& src = *e.children[1];
  if (field_e.kind != BoundKind::kConstant || field_e.constant.is_null()) return false;
  if (src.type.id != TypeId::kDate && src.type.id != TypeId::kTimestamp) return false;
  if (out.type().id != TypeId::kNumber) return false;
  const std::string& field = field_e.constant.str();
  int part;  // 0 year, 1 month, 2 day
  if (field == "YEAR") {
    part = 0;
  } else if (field == "MONTH") {
    part = 1;
  } else if (field == "DAY") {
    part = 2;
  } else {
    return false;
  }
  // A DATE holds seconds, a TIMESTAMP microseconds since the epoch (Value::date/timestamp).
  const int64_t to_micros = src.type.id == TypeId::kDate ? 1000000 : 1;
  const Operand x_op(src, st, sel);
  const Vector& x = x_op.get();
  const int64_t* v = x.Data<int64_t>();
  Decimal* o = out.Data<Decimal>();
  for (uint32_t r : sel) {
    const uint32_t at = Idx(x, r);
    if (!Valid(x, at)) {
      out.SetNull(r, true);
      continue;
    }
    const datetime::DateParts p = datetime::SplitMicros(v[at] * to_micros);
    const int64_t value = part == 0 ? p.year : part == 1 ? p.month : p.day;
    out.SetNull(r, false);
    o[r] = Decimal::FromInt(value);
  }
  return true;
}

}  // namespace

bool EvalFunctionVectorized(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  if (e.name == "SUBSTR" && (e.children.size() == 2 || e.children.size() == 3)) {
    return Substr(e, st, sel, out);
  }
  if (e.name == "EXTRACT" && e.children.size() == 2) return ExtractDatePart(e, st, sel, out);
  return false;
}

}  // namespace pathdb::expr
