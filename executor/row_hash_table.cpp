#include "executor/row_hash_table.h"

#include "executor/cell_ops.h"

namespace pathdb {
namespace {
// TUNING: the table doubles when more than half full, keeping probe chains short.
constexpr size_t kInitialSlots = 1024;
}  // namespace

RowHashTable::RowHashTable(std::vector<LogicalType> key_types, std::vector<TypeId> compare_as,
                           bool nulls_equal)
    : compare_as_(std::move(compare_as)),
      nulls_equal_(nulls_equal),
      keys_(std::move(key_types)),
      slots_(kInitialSlots, 0) {}

void RowHashTable::HashRows(const std::vector<const Vector*>& keys, const DataChunk& rows,
                            std::vector<uint64_t>& hashes, std::vector<uint8_t>& has_null) const {
  size_t n = rows.Count();
  hashes.assign(n, 0);
  has_null.assign(n, 0);
  for (size_t j = 0; j < keys.size(); j++)
    HashColumn(*keys[j], rows, compare_as_[j], hashes.data(), has_null.data());
}

bool RowHashTable::KeyEquals(uint32_t id, const std::vector<const Vector*>& keys,
                             size_t row) const {
  size_t off = ChunkCollection::Offset(id);
  for (size_t j = 0; j < keys.size(); j++) {
    const Vector& stored = keys_.Column(j, id);
    bool sn = stored.IsNull(off), kn = keys[j]->IsNull(row);
    if (sn || kn) {
      if (sn && kn) continue;
      return false;
    }
    if (CompareCells(stored, off, *keys[j], row) != 0) return false;
  }
  return true;
}

void RowHashTable::Grow() {
  std::vector<uint32_t> bigger(slots_.size() * 2, 0);
  size_t mask = bigger.size() - 1;
  for (uint32_t id = 0; id < key_hashes_.size(); id++) {
    size_t s = key_hashes_[id] & mask;
    while (bigger[s] != 0) s = (s + 1) & mask;
    bigger[s] = id + 1;
  }
  slots_ = std::move(bigger);
}

void RowHashTable::FindOrInsert(const std::vector<const Vector*>& keys, const DataChunk& rows,
                                std::vector<uint32_t>& ids, std::vector<uint8_t>* is_new) {
  HashRows(keys, rows, hashes_, has_null_);
  size_t n = rows.Count();
  ids.assign(n, kNotFound);
  if (is_new) is_new->assign(n, 0);
  for (size_t i = 0; i < n; i++) {
    if (!nulls_equal_ && has_null_[i]) continue;
    if ((key_hashes_.size() + 1) * 2 > slots_.size()) Grow();
    size_t mask = slots_.size() - 1;
    size_t row = rows.RowIndex(i);
    uint64_t h = hashes_[i];
    size_t s = h & mask;
    for (;;) {
      uint32_t slot = slots_[s];
      if (slot == 0) {
        uint32_t id = keys_.AppendRow(keys, row);
        key_hashes_.push_back(h);
        slots_[s] = id + 1;
        ids[i] = id;
        if (is_new) (*is_new)[i] = 1;
        break;
      }
      if (key_hashes_[slot - 1] == h && KeyEquals(slot - 1, keys, row)) {
        ids[i] = slot - 1;
        break;
      }
      s = (s + 1) & mask;
    }
  }
}

void RowHashTable::Find(const std::vector<const Vector*>& keys, const DataChunk& rows,
                        std::vector<uint32_t>& ids) const {
  HashRows(keys, rows, hashes_, has_null_);
  size_t n = rows.Count();
  ids.assign(n, kNotFound);
  size_t mask = slots_.size() - 1;
  for (size_t i = 0; i < n; i++) {
    if (!nulls_equal_ && has_null_[i]) continue;
    size_t row = rows.RowIndex(i);
    uint64_t h = hashes_[i];
    for (size_t s = h & mask;; s = (s + 1) & mask) {
      uint32_t slot = slots_[s];
      if (slot == 0) break;
      if (key_hashes_[slot - 1] == h && KeyEquals(slot - 1, keys, row)) {
        ids[i] = slot - 1;
        break;
      }
    }
  }
}

}  // namespace pathdb
