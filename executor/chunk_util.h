// Small DataChunk manipulations shared by the streaming operators.
#pragma once
#include <utility>

#include "common/vector.h"
#include "executor/expression.h"

namespace pathdb {

//! Keeps only the active rows [skip, skip + take) of `chunk` (by active-row position).
inline void KeepActiveRange(DataChunk& chunk, size_t skip, size_t take) {
  size_t n = chunk.Count();
  if (skip == 0 && take >= n) return;
  SelectionVector sel;
  for (size_t i = skip; i < n && i < skip + take; i++) sel.push_back(chunk.RowIndex(i));
  chunk.SetSelection(std::move(sel));
}

//! Moves src's columns into dst's first columns (swapping vectors, no data copy) and takes its
//! size and selection. REQUIRES: dst has at least src.ColumnCount() columns of the same TypeIds.
inline void MoveColumns(DataChunk& src, DataChunk& dst) {
  for (size_t c = 0; c < src.ColumnCount(); c++) std::swap(src.column(c), dst.column(c));
  dst.SetSize(src.size());
  if (src.HasSelection()) {
    dst.SetSelection(src.selection());
  } else {
    dst.ClearSelection();
  }
}

//! Evaluates `expr` over `input` into `result`, first clearing what the previous batch left
//! there (string heap, constant kind).
inline void EvalInto(const BoundExpr& expr, const DataChunk& input, Vector& result,
                     EvalContext& ctx) {
  result.Reset();
  ExpressionExecutor::Execute(expr, input, result, ctx);
}

//! `expr` over `input`: a plain column of the expression's physical type is used in place
//! (no per-batch copy: a GROUP BY key or SUM argument is usually one), anything else is
//! evaluated into `scratch`. The result is valid until `input` or `scratch` changes.
inline const Vector* EvalOrReference(const BoundExpr& expr, const DataChunk& input, Vector& scratch,
                                     EvalContext& ctx) {
  if (expr.kind == BoundKind::kColumn && expr.column_index < input.ColumnCount() &&
      input.column(expr.column_index).type().id == expr.type.id &&
      scratch.type().id == expr.type.id)
    return &input.column(expr.column_index);
  EvalInto(expr, input, scratch, ctx);
  return &scratch;
}

}  // namespace pathdb
