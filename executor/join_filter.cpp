#include "executor/join_filter.h"

#include "executor/cell_ops.h"

namespace pathdb {

void JoinFilter::PublishFromKeys(const ChunkCollection& keys, size_t key, TypeId compare_as) {
  compare_as_ = compare_as;
  std::optional<Value> min, max;
  DataChunk chunk(keys.types());
  for (size_t first = 0; first < keys.size(); first += kVectorSize) {
    size_t n = std::min<size_t>(kVectorSize, keys.size() - first);
    keys.Scan(first, n, chunk);
    const Vector& v = chunk.column(key);
    for (size_t r = 0; r < n; ++r) {
      if (v.IsNull(r)) continue;
      hashes_.insert(HashCell(v, r, compare_as));
      Value x = v.GetValue(r);
      if (!min || x.Compare(*min) < 0) min = x;
      if (!max || x.Compare(*max) > 0) max = x;
    }
  }
  Publish(hashes_.empty(), std::move(min), std::move(max));
}

void JoinFilter::ApplyMembership(const Vector& column, DataChunk& chunk) const {
  SelectionVector keep;
  keep.reserve(chunk.Count());
  for (size_t i = 0; i < chunk.Count(); ++i) {
    uint32_t r = chunk.RowIndex(i);
    if (!column.IsNull(r) && hashes_.count(HashCell(column, r, compare_as_)) > 0) keep.push_back(r);
  }
  if (keep.size() != chunk.Count()) chunk.SetSelection(std::move(keep));
}

}  // namespace pathdb
