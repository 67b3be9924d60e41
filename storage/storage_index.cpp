#include "storage/storage_index.h"

namespace pathdb::storage {

const ColumnRange* StorageIndex::Find(uint32_t region, uint32_t column) const {
  auto r = regions_.find(region);
  if (r == regions_.end()) return nullptr;
  auto c = r->second.find(column);
  return c == r->second.end() ? nullptr : &c->second;
}

void StorageIndex::Store(uint32_t region, const std::vector<uint32_t>& columns,
                         const std::vector<ColumnRange>& ranges) {
  ++stores_;
  auto& slot = regions_[region];
  for (size_t i = 0; i < columns.size(); ++i) slot[columns[i]] = ranges[i];
}

}  // namespace pathdb::storage
