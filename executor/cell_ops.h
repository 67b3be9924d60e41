// Typed single-cell primitives the materialising operators share: copy, compare and hash one
// vector cell. They switch on the TypeId once per call; callers loop over rows.
#pragma once
#include <cstdint>

#include "common/hash.h"
#include "common/vector.h"

namespace pathdb {

//! Physical row of `v` holding row `row` (a constant vector keeps its value in row 0).
inline size_t PhysRow(const Vector& v, size_t row) {
  return v.kind() == Vector::Kind::kConstant ? 0 : row;
}

//! Copies src's row `row` (NULL included) into dst's row `dst_row`; strings are copied into
//! dst's heap. REQUIRES: same physical layout (TypeId) or NUMBER<->DOUBLE (converted).
void CopyCell(const Vector& src, size_t row, Vector& dst, size_t dst_row);

//! Copies n rows: src row sel[i] (or i when sel is null) to dst row dst_offset + i.
void CopyCells(const Vector& src, const uint32_t* sel, size_t n, Vector& dst, size_t dst_offset);

//! Copies src's row `row` into dst rows dst_offset .. dst_offset + n - 1 (a join's outer row
//! beside n inner rows). A string is added to dst's heap once and shared by the n rows.
void FillCells(const Vector& src, size_t row, size_t n, Vector& dst, size_t dst_offset);

//! The type two key columns are compared in: kDouble if either is BINARY_DOUBLE and the other
//! numeric, kTimestamp for DATE vs TIMESTAMP, else a's TypeId.
TypeId CompareTypeOf(TypeId a, TypeId b);

//! Three-way compare of two non-NULL cells of comparable types (promotes NUMBER/DOUBLE and
//! DATE/TIMESTAMP; strings by bytes).
int CompareCells(const Vector& a, size_t ra, const Vector& b, size_t rb);

//! Hash of a cell, equal for cells that CompareCells calls equal when both are hashed with the
//! same `compare_as` (from CompareTypeOf). NULL hashes to a fixed value.
uint64_t HashCell(const Vector& v, size_t row, TypeId compare_as);

//! HashCell over the active rows of `rows`, combined into a running row hash:
//! hashes[i] = CombineHash(hashes[i], HashCell(v, rows.RowIndex(i), compare_as)), and
//! has_null[i] = 1 where the cell is NULL. NUMBER and the int64 types hash in loops of their
//! own (a join, a GROUP BY or a join filter hashes every row of every batch).
void HashColumn(const Vector& v, const DataChunk& rows, TypeId compare_as, uint64_t* hashes,
                uint8_t* has_null);

//! Batch kernels over NUMBER vectors (arithmetic, SUM) run on the scaled coefficients when
//! every valid row's coefficient has at most 18 digits at one scale: they take the scale of
//! the first valid row (FirstValidScale), compute on that assumption while OR-ing
//! NotSmallAt of each valid row into a flag, and redo the batch the general way if it is set.
//! (An analytic query's NUMBER(p<=18,s) columns and literals always pass.)
//! rows: physical indices (nullptr: 0..n-1); a constant vector is its row 0. 0 if none valid.
int32_t FirstValidScale(const Vector& v, const uint32_t* rows, size_t n);
//! Nonzero unless |d.coef| < 10^18 and d.scale == scale. Branch-free.
inline uint64_t NotSmallAt(const Decimal& d, int32_t scale) {
  constexpr uint64_t kBias = 999'999'999'999'999'999ULL;  // 10^18 - 1
  const auto lo = static_cast<uint64_t>(d.coef);
  const auto hi = static_cast<uint64_t>(d.coef >> 64);
  const uint64_t sign = static_cast<uint64_t>(static_cast<int64_t>(lo) >> 63);
  return (hi ^ sign) | static_cast<uint64_t>(lo + kBias > 2 * kBias) |
         static_cast<uint32_t>(d.scale ^ scale);
}

}  // namespace pathdb
