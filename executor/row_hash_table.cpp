#include "executor/row_hash_table.h"

#include <cstring>

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

void RowHashTable::ChooseKeyCompare(const std::vector<const Vector*>& keys) const {
  key_compare_.assign(keys.size(), KeyCompare::kGeneral);
  for (size_t j = 0; j < keys.size(); j++) {
    const TypeId stored = keys_.types()[j].id, probe = keys[j]->type().id;
    if (stored != probe || compare_as_[j] != stored) continue;
    switch (stored) {
      case TypeId::kNumber:
        key_compare_[j] = KeyCompare::kNumber;
        break;
      case TypeId::kVarchar:
      case TypeId::kChar:
        key_compare_[j] = KeyCompare::kString;
        break;
      case TypeId::kDate:
      case TypeId::kTimestamp:
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS:
        key_compare_[j] = KeyCompare::kInt64;
        break;
      default:
        break;
    }
  }
}

bool RowHashTable::KeyEquals(uint32_t id, const std::vector<const Vector*>& keys,
                             size_t row) const {
  size_t off = ChunkCollection::Offset(id);
  for (size_t j = 0; j < keys.size(); j++) {
    const Vector& stored = keys_.Column(j, id);
    const Vector& key = *keys[j];
    const size_t p = PhysRow(key, row);
    bool sn = stored.IsNull(off), kn = key.IsNull(p);
    if (sn || kn) {
      if (sn && kn) continue;
      return false;
    }
    switch (key_compare_[j]) {
      case KeyCompare::kNumber:
        if (stored.Data<Decimal>()[off] != key.Data<Decimal>()[p]) return false;
        break;
      case KeyCompare::kString: {
        const StringRef a = stored.Data<StringRef>()[off], b = key.Data<StringRef>()[p];
        if (a.size != b.size) return false;
        if (a.size <= 8) {  // short keys (flags, codes) inline, without a call to memcmp
          for (uint32_t k = 0; k < a.size; ++k)
            if (a.data[k] != b.data[k]) return false;
        } else if (std::memcmp(a.data, b.data, a.size) != 0) {
          return false;
        }
        break;
      }
      case KeyCompare::kInt64:
        if (stored.Data<int64_t>()[off] != key.Data<int64_t>()[p]) return false;
        break;
      case KeyCompare::kGeneral:
        if (CompareCells(stored, off, key, row) != 0) return false;
        break;
    }
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
  ChooseKeyCompare(keys);
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
  ChooseKeyCompare(keys);
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
