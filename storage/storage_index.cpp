#include "storage/storage_index.h"

#include <algorithm>

namespace pathdb::storage {

namespace {

bool ColumnBefore(const std::pair<uint32_t, ColumnRange>& e, uint32_t column) {
  return e.first < column;
}

}  // namespace

void StorageIndex::Materialize() const {
  if (!pending_) return;
  auto load = std::move(pending_);
  pending_ = nullptr;
  load(const_cast<StorageIndex&>(*this));
}

const ColumnRange* StorageIndex::Find(uint32_t region, uint32_t column) const {
  Materialize();
  if (region >= regions_.size()) return nullptr;
  const Region& r = regions_[region];
  auto it = std::lower_bound(r.begin(), r.end(), column, ColumnBefore);
  return it != r.end() && it->first == column ? &it->second : nullptr;
}

void StorageIndex::Store(uint32_t region, const std::vector<uint32_t>& columns,
                         std::vector<ColumnRange> ranges) {
  ++stores_;
  for (size_t i = 0; i < columns.size(); ++i) Restore(region, columns[i], std::move(ranges[i]));
}

void StorageIndex::Restore(uint32_t region, uint32_t column, ColumnRange range) {
  Materialize();
  if (region >= regions_.size()) regions_.resize(size_t{region} + 1);
  Region& r = regions_[region];
  if (r.empty()) ++count_;
  auto it = std::lower_bound(r.begin(), r.end(), column, ColumnBefore);
  if (it != r.end() && it->first == column) {
    it->second = std::move(range);
  } else {
    r.emplace(it, column, std::move(range));
  }
}

void StorageIndex::InvalidateRegion(uint32_t region) {
  ++changes_;
  Materialize();
  if (region < regions_.size() && !regions_[region].empty()) {
    regions_[region] = Region{};
    --count_;
  }
}

void StorageIndex::Clear() {
  ++changes_;
  pending_ = nullptr;
  regions_.clear();
  count_ = 0;
}

void StorageIndex::ForEach(
    const std::function<void(uint32_t, uint32_t, const ColumnRange&)>& fn) const {
  Materialize();
  for (size_t region = 0; region < regions_.size(); ++region) {
    for (const auto& [column, range] : regions_[region]) {
      fn(static_cast<uint32_t>(region), column, range);
    }
  }
}

void StorageIndex::SetPending(size_t regions, std::function<void(StorageIndex&)> load) {
  pending_ = std::move(load);
  pending_regions_ = regions;
}

}  // namespace pathdb::storage
