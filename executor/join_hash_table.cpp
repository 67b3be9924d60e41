#include "executor/join_hash_table.h"

#include "executor/cell_ops.h"

namespace pathdb {

JoinHashTable::JoinHashTable(std::vector<LogicalType> row_types, std::vector<LogicalType> key_types,
                             std::vector<TypeId> compare_as, bool keep_row_keys)
    : key_types_(key_types),
      compare_as_(compare_as),
      keep_row_keys_(keep_row_keys),
      rows_(std::move(row_types)),
      keys_(std::move(key_types), std::move(compare_as), /*nulls_equal=*/false,
            /*drop_idle_packing=*/true) {}

uint64_t JoinHashTable::HashKey(const std::vector<const Vector*>& keys, size_t row,
                                const std::vector<TypeId>& compare_as) {
  // The same combination RowHashTable applies to a batch, so key_hash() values and HashKey
  // values of equal keys agree.
  uint64_t h = 0;
  for (size_t k = 0; k < keys.size(); ++k)
    h = CombineHash(h, HashCell(*keys[k], row, compare_as[k]));
  return h;
}

bool JoinHashTable::Insert(const std::vector<const Vector*>& keys, const DataChunk& batch) {
  keys_.FindOrInsert(keys, batch, ids_, nullptr);
  auto base = static_cast<uint32_t>(rows_.size());
  rows_.Append(batch);
  head_.resize(keys_.size(), kNone);
  tail_.resize(keys_.size(), kNone);
  next_.resize(rows_.size(), kNone);
  if (keep_row_keys_) {
    row_key_.insert(row_key_.end(), ids_.begin(), ids_.end());
    row_matched_.resize(rows_.size(), 0);
    key_matched_.resize(keys_.size(), 0);
  }
  bool null_key = false;
  for (size_t i = 0; i < ids_.size(); i++) {
    uint32_t row = base + static_cast<uint32_t>(i);
    uint32_t id = ids_[i];
    if (id == kNone) {
      null_key = true;
      continue;
    }
    if (head_[id] == kNone) {
      head_[id] = row;
    } else {
      next_[tail_[id]] = row;
    }
    tail_[id] = row;
  }
  return null_key;
}

void JoinHashTable::Clear() {
  rows_ = ChunkCollection(rows_.types());
  keys_ = RowHashTable(key_types_, compare_as_, /*nulls_equal=*/false, /*drop_idle_packing=*/true);
  head_.clear();
  tail_.clear();
  next_.clear();
  row_key_.clear();
  row_matched_.clear();
  key_matched_.clear();
}

}  // namespace pathdb
