#include "executor/row_hash_table.h"

#include <cstring>

#include "executor/cell_ops.h"

namespace pathdb {
namespace {
// TUNING: the table doubles when more than half full, keeping probe chains short.
constexpr size_t kInitialSlots = 1024;
// TUNING: the packed index serves tables of up to this many keys (few groups: its point is
// that every row hits; a big table's rows mostly miss the cache either way).
constexpr size_t kMaxPacked = 4096;
constexpr size_t kInitialPackedSlots = 64;

uint64_t PackedHash(uint64_t lo, uint64_t hi) {
  return MixHash(lo ^ (hi * 0x9e3779b97f4a7c15ULL));
}
}  // namespace

RowHashTable::RowHashTable(std::vector<LogicalType> key_types, std::vector<TypeId> compare_as,
                           bool nulls_equal, bool drop_idle_packing)
    : compare_as_(std::move(compare_as)),
      nulls_equal_(nulls_equal),
      keys_(std::move(key_types)),
      slots_(kInitialSlots, 0),
      drop_idle_packing_(drop_idle_packing) {}

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

void RowHashTable::PackKeys(const std::vector<const Vector*>& keys, const DataChunk& rows) const {
  // Column by column (one type switch per column), each row's key is shifted into a 128-bit
  // word: per column a tag byte (0xFF NULL, 0xFE integer, else a string's length) and the
  // value's bytes. The tags make the concatenation decodable, so equal words mean equal keys.
  const size_t n = rows.Count();
  packed_keys_.assign(n, 0);
  packed_bits_.assign(n, 0);
  unsigned __int128* k = packed_keys_.data();
  uint32_t* bits = packed_bits_.data();
  constexpr uint32_t kFail = 1000;  // more than 128 bits: not packed
  for (size_t j = 0; j < keys.size(); j++) {
    const Vector& v = *keys[j];
    const bool constant = v.kind() == Vector::Kind::kConstant;
    const uint8_t* valid = v.Validity();
    const KeyCompare kind = key_compare_[j];
    for (size_t i = 0; i < n; i++) {
      const size_t p = constant ? 0 : rows.RowIndex(i);
      // Each row's word is loaded once and stored once, kept as two 64-bit halves in
      // registers: updating it in memory byte by byte stalled on store forwarding.
      uint64_t hi = static_cast<uint64_t>(k[i] >> 64), lo = static_cast<uint64_t>(k[i]);
      auto shift_in = [&](uint64_t v, unsigned nbits) {  // (hi:lo) = (hi:lo) << nbits | v
        if (nbits == 64) {
          hi = lo;
          lo = v;
        } else {
          hi = (hi << nbits) | (lo >> (64 - nbits));
          lo = (lo << nbits) | v;
        }
      };
      if (!valid[p]) {
        shift_in(0xFF, 8);
        bits[i] += 8;
      } else if (kind == KeyCompare::kString) {
        const StringRef str = v.Data<StringRef>()[p];
        if (str.size > 14) {
          bits[i] = kFail;
          continue;
        }
        shift_in(str.size, 8);
        for (uint32_t c = 0; c < str.size; ++c)
          shift_in(static_cast<unsigned char>(str.data[c]), 8);
        bits[i] += 8 + 8 * str.size;
      } else {
        int64_t x = 0;
        if (kind == KeyCompare::kInt64) {
          x = v.Data<int64_t>()[p];
        } else if (kind == KeyCompare::kNumber) {
          // Value equality: 2, 2.0 and 20e-1 are one key; only integers of 64 bits pack.
          const Decimal& d = v.Data<Decimal>()[p];
          if (d.coef > INT64_MAX || d.coef < INT64_MIN ||
              !Decimal::SmallToInteger(static_cast<int64_t>(d.coef), d.scale, x)) {
            bits[i] = kFail;
            continue;
          }
        } else {
          bits[i] = kFail;
          continue;
        }
        shift_in(0xFE, 8);
        shift_in(static_cast<uint64_t>(x), 64);
        bits[i] += 72;
      }
      k[i] = (static_cast<unsigned __int128>(hi) << 64) | lo;
    }
  }
}

void RowHashTable::InsertPacked(uint64_t lo, uint64_t hi, uint32_t id) {
  if ((packed_count_ + 1) * 2 > packed_.size()) {
    std::vector<PackedSlot> old(packed_.size() * 2);
    old.swap(packed_);
    packed_count_ = 0;
    for (const PackedSlot& slot : old)
      if (slot.id_plus1 != 0) InsertPacked(slot.lo, slot.hi, slot.id_plus1 - 1);
  }
  ++packed_count_;
  const size_t mask = packed_.size() - 1;
  size_t s = PackedHash(lo, hi) & mask;
  while (packed_[s].id_plus1 != 0) s = (s + 1) & mask;
  packed_[s] = PackedSlot{lo, hi, id + 1};
}

void RowHashTable::FindOrInsert(const std::vector<const Vector*>& keys, const DataChunk& rows,
                                std::vector<uint32_t>& ids, std::vector<uint8_t>* is_new) {
  ChooseKeyCompare(keys);
  const size_t n = rows.Count();
  ids.assign(n, kNotFound);
  if (is_new) is_new->assign(n, 0);
  // Rows whose packed key is known take their id from the packed index; the others (unseen or
  // unpackable keys) go through hashing and the slots below.
  const DataChunk* todo = &rows;
  DataChunk rest;
  unpacked_.clear();
  if (packing_ && packed_.empty()) packed_.resize(kInitialPackedSlots);
  bool can_pack = packing_;
  for (KeyCompare c : key_compare_) can_pack = can_pack && c != KeyCompare::kGeneral;
  if (can_pack) {
    SelectionVector sel;
    PackKeys(keys, rows);
    const size_t mask = packed_.size() - 1;
    for (size_t i = 0; i < n; i++) {
      if (packed_bits_[i] <= 128) {
        const auto lo = static_cast<uint64_t>(packed_keys_[i]);
        const auto hi = static_cast<uint64_t>(packed_keys_[i] >> 64);
        uint32_t id = kNotFound;
        for (size_t s = PackedHash(lo, hi) & mask;; s = (s + 1) & mask) {
          const PackedSlot& slot = packed_[s];
          if (slot.id_plus1 == 0) break;
          if (slot.lo == lo && slot.hi == hi) {
            id = slot.id_plus1 - 1;
            break;
          }
        }
        if (id != kNotFound) {
          ids[i] = id;
          continue;
        }
      }
      unpacked_.push_back(static_cast<uint32_t>(i));
      sel.push_back(rows.RowIndex(i));
    }
    // The first batch finds nothing in an empty table; from the second on, a table whose
    // rows mostly bring new keys stops packing them (the inserts below then skip it too).
    if (drop_idle_packing_ && batches_++ > 0 && (n - unpacked_.size()) * 2 < n) {
      packing_ = false;
      packed_ = {};
      packed_count_ = 0;
    }
    if (unpacked_.size() == n) {
      unpacked_.clear();  // nothing found: all rows as they are
    } else {
      if (unpacked_.empty()) return;
      rest.SetSize(rows.size());
      rest.SetSelection(std::move(sel));
      todo = &rest;
    }
  }
  HashRows(keys, *todo, hashes_, has_null_);
  const size_t m = todo->Count();
  for (size_t k = 0; k < m; k++) {
    const size_t i = unpacked_.empty() ? k : unpacked_[k];
    if (!nulls_equal_ && has_null_[k]) continue;
    if ((key_hashes_.size() + 1) * 2 > slots_.size()) Grow();
    size_t mask = slots_.size() - 1;
    size_t row = todo->RowIndex(k);
    uint64_t h = hashes_[k];
    size_t s = h & mask;
    for (;;) {
      uint32_t slot = slots_[s];
      if (slot == 0) {
        uint32_t id = keys_.AppendRow(keys, row);
        key_hashes_.push_back(h);
        slots_[s] = id + 1;
        ids[i] = id;
        if (is_new) (*is_new)[i] = 1;
        if (packing_) {
          // Row i's packed key was computed above (unpacked_ maps back to it).
          if (keys_.size() > kMaxPacked) {
            packing_ = false;
            packed_ = {};
            packed_count_ = 0;
          } else if (can_pack && packed_bits_[i] <= 128) {
            InsertPacked(static_cast<uint64_t>(packed_keys_[i]),
                         static_cast<uint64_t>(packed_keys_[i] >> 64), id);
          }
        }
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
