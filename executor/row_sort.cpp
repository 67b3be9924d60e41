#include "executor/row_sort.h"

#include <algorithm>

#include "executor/cell_ops.h"

namespace pathdb {

int CompareRows(const ChunkCollection& rows, uint32_t a, uint32_t b,
                const std::vector<SortColumn>& cols) {
  size_t oa = ChunkCollection::Offset(a), ob = ChunkCollection::Offset(b);
  for (const auto& c : cols) {
    const Vector& va = rows.Column(c.column, a);
    const Vector& vb = rows.Column(c.column, b);
    bool na = va.IsNull(oa), nb = vb.IsNull(ob);
    if (na || nb) {
      if (na && nb) continue;
      return na == c.nulls_first ? -1 : 1;
    }
    int r = CompareCells(va, oa, vb, ob);
    if (r != 0) return c.descending ? -r : r;
  }
  return 0;
}

int CompareChunkRows(const DataChunk& a, size_t ra, const DataChunk& b, size_t rb,
                     const std::vector<SortColumn>& cols) {
  for (const auto& c : cols) {
    const Vector& va = a.column(c.column);
    const Vector& vb = b.column(c.column);
    bool na = va.IsNull(ra), nb = vb.IsNull(rb);
    if (na || nb) {
      if (na && nb) continue;
      return na == c.nulls_first ? -1 : 1;
    }
    int r = CompareCells(va, ra, vb, rb);
    if (r != 0) return c.descending ? -r : r;
  }
  return 0;
}

void SortRowIds(const ChunkCollection& rows, std::vector<uint32_t>& ids,
                const std::vector<SortColumn>& cols) {
  std::stable_sort(ids.begin(), ids.end(),
                   [&](uint32_t a, uint32_t b) { return CompareRows(rows, a, b, cols) < 0; });
}

}  // namespace pathdb
