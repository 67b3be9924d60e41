// RowHashTable: distinct key tuples -> dense ids 0..n-1 (open addressing, keys stored in a
// ChunkCollection). Shared by HASH GROUP BY (id = group), HASH UNIQUE / INTERSECTION / MINUS
// (id = distinct row), HASH JOIN (id = distinct build key) and DISTINCT aggregates.
// Work is per batch: hash every active row first, then probe in a tight loop.
#pragma once
#include <cstdint>
#include <vector>

#include "executor/chunk_collection.h"

namespace pathdb {

class RowHashTable {
 public:
  static constexpr uint32_t kNotFound = 0xffffffffu;

  //! key_types: types of the stored keys. compare_as[j]: the TypeId keys of column j are
  //! compared in (CompareTypeOf of both sides; equal to key_types[j].id for one-sided use).
  //! nulls_equal: NULL = NULL (GROUP BY, DISTINCT, set operations); otherwise a key with a
  //! NULL never matches and is never inserted (joins). drop_idle_packing: give up the packed
  //! index of few keys (below) after a batch, not the first, in which fewer than half the rows
  //! found their key there -- for a join's build, whose keys are often all distinct (then the
  //! index only costs: a third of inserting them) and whose probes never use it.
  RowHashTable(std::vector<LogicalType> key_types, std::vector<TypeId> compare_as, bool nulls_equal,
               bool drop_idle_packing = false);

  //! For each active row i of `rows` (keys[j] aligned with rows' physical positions): ids[i] =
  //! the id of its key, inserting unseen keys; is_new[i] = 1 when inserted by this call (may be
  //! null). Keys with a NULL get kNotFound when !nulls_equal.
  void FindOrInsert(const std::vector<const Vector*>& keys, const DataChunk& rows,
                    std::vector<uint32_t>& ids, std::vector<uint8_t>* is_new);
  //! Like FindOrInsert without inserting: kNotFound for unseen keys. The probe key types may
  //! differ from key_types as long as compare_as covers both.
  void Find(const std::vector<const Vector*>& keys, const DataChunk& rows,
            std::vector<uint32_t>& ids) const;

  size_t size() const { return keys_.size(); }
  //! The hash of key `id` as computed when it was inserted (join filters reuse it).
  uint64_t key_hash(uint32_t id) const { return key_hashes_[id]; }
  //! Stored keys: row id == key id.
  const ChunkCollection& keys() const { return keys_; }

 private:
  void HashRows(const std::vector<const Vector*>& keys, const DataChunk& rows,
                std::vector<uint64_t>& hashes, std::vector<uint8_t>& has_null) const;
  bool KeyEquals(uint32_t id, const std::vector<const Vector*>& keys, size_t row) const;
  //! How KeyEquals compares column j of this batch: the stored and probe key's physical type
  //! when both are the same (one load and compare), else the general CompareCells.
  enum class KeyCompare : uint8_t { kGeneral, kNumber, kString, kInt64 };
  void ChooseKeyCompare(const std::vector<const Vector*>& keys) const;
  void Grow();
  //! packed_keys_[i] / packed_bits_[i] for each active row i: the key as up to 128 bits (per
  //! column a tag -- NULL, string length, integer -- then its bytes) when every column is a
  //! string of up to 14 bytes, an integer NUMBER or an int64 type compared as itself (bits
  //! <= 128); more bits otherwise. Equal keys pack alike and unequal ones differently.
  void PackKeys(const std::vector<const Vector*>& keys, const DataChunk& rows) const;
  void InsertPacked(uint64_t lo, uint64_t hi, uint32_t id);

  std::vector<TypeId> compare_as_;
  bool nulls_equal_;
  ChunkCollection keys_;
  std::vector<uint64_t> key_hashes_;      //!< per id
  std::vector<uint32_t> slots_;           //!< id + 1, 0 = empty; size is a power of two
  mutable std::vector<uint64_t> hashes_;  // per-batch scratch
  mutable std::vector<uint8_t> has_null_;
  mutable std::vector<KeyCompare> key_compare_;  // per-batch, per key column
  // A second index for tables of few keys (GROUP BY a flag and a status: every row of a big
  // input hits one of a handful of groups): packed keys -> id. A row whose key packs and is
  // found there needs no hash of its columns and no compare of stored vectors. Invariant: every
  // stored key that packs is in it. Dropped for good when the table outgrows kMaxPacked.
  struct PackedSlot {
    uint64_t lo = 0, hi = 0;
    uint32_t id_plus1 = 0;  //!< 0 = empty
  };
  std::vector<PackedSlot> packed_;  //!< power of two, at most half full; empty once dropped
  size_t packed_count_ = 0;
  bool packing_ = true;
  bool drop_idle_packing_ = false;
  uint64_t batches_ = 0;            //!< FindOrInsert calls that looked keys up in the packed index
  std::vector<uint32_t> unpacked_;  // per-batch scratch: active positions left to hash
  mutable std::vector<unsigned __int128> packed_keys_;  // per-batch scratch (PackKeys)
  mutable std::vector<uint32_t> packed_bits_;
};

}  // namespace pathdb
