// JoinHashTable: the build side of HASH JOIN held in memory. The build rows in build order,
// their distinct keys (RowHashTable: key -> dense key id) and, per key id, the chain of build
// rows holding that key (first row, next row), so a probe row walks its matches in build order.
//
// The key hash is one function (HashKey) used for the table, for the join's spill partitions,
// and exposed per distinct key (key_hash) so a join filter (Bloom bits) can be filled from the
// table without hashing the build keys again, and probed with HashKey on the probe side.
//
// Thread use: one table per HASH JOIN state (per execution); not shared between threads.
#pragma once
#include <cstdint>
#include <vector>

#include "executor/chunk_collection.h"
#include "executor/row_hash_table.h"

namespace pathdb {

class JoinHashTable {
 public:
  static constexpr uint32_t kNone = RowHashTable::kNotFound;  //!< no row / no key

  //! row_types: the build rows' columns. key_types[j]: type of build key j; compare_as[j]: the
  //! type keys j of both sides are compared and hashed in (CompareTypeOf of build and probe).
  //! keep_row_keys: remember each build row's key id (row_key), for joins that output build
  //! rows after the probe side (build-preserved OUTER / SEMI / ANTI).
  JoinHashTable(std::vector<LogicalType> row_types, std::vector<LogicalType> key_types,
                std::vector<TypeId> compare_as, bool keep_row_keys);

  //! The hash of the key tuple at physical row `row` of `keys`, as the table computes it (0 ..
  //! 2^64-1; the spill partitions use high bits, the table low bits).
  //! REQUIRES: keys.size() == compare_as.size().
  static uint64_t HashKey(const std::vector<const Vector*>& keys, size_t row,
                          const std::vector<TypeId>& compare_as);

  //! Appends the active rows of `batch` (build row ids continue from row_count()), `keys`
  //! being their key columns aligned with batch's physical rows. A row with a NULL key is
  //! stored but joins no chain (it matches nothing). Returns true if some row had a NULL key.
  bool Insert(const std::vector<const Vector*>& keys, const DataChunk& batch);
  //! ids[i] = key id of active probe row i of `probe` (keys aligned with its physical rows),
  //! kNone when the key is NULL or not in the table. Probe key types may differ from the build
  //! key types within compare_as.
  void Find(const std::vector<const Vector*>& keys, const DataChunk& probe,
            std::vector<uint32_t>& ids) const {
    keys_.Find(keys, probe, ids);
  }

  //! First build row with key `key_id`; next(row): the following one, kNone at the end.
  uint32_t first(uint32_t key_id) const { return head_[key_id]; }
  uint32_t next(uint32_t row) const { return next_[row]; }
  //! REQUIRES: keep_row_keys. The key id of build row `row` (kNone: NULL key).
  uint32_t row_key(uint32_t row) const { return row_key_[row]; }
  //! Match marks of build-preserved joins (REQUIRES keep_row_keys): MarkRow(row) marks one
  //! build row (paired with a probe row under a residual), MarkKey(id) every row with that key
  //! (no residual); matched(row): either applies. All unmarked after Insert.
  void MarkRow(uint32_t row) { row_matched_[row] = 1; }
  void MarkKey(uint32_t key_id) { key_matched_[key_id] = 1; }
  bool matched(uint32_t row) const {
    uint32_t id = row_key_[row];
    return row_matched_[row] != 0 || (id != kNone && key_matched_[id] != 0);
  }
  //! HashKey of distinct key `key_id` (computed once when it was inserted).
  uint64_t key_hash(uint32_t key_id) const { return keys_.key_hash(key_id); }

  const ChunkCollection& rows() const { return rows_; }
  //! The distinct non-NULL keys, one row per key id (a join filter is built from them).
  const ChunkCollection& keys() const { return keys_.keys(); }
  size_t row_count() const { return rows_.size(); }
  size_t key_count() const { return keys_.size(); }

  //! Drops every row and key (the join spilled them to partitions).
  void Clear();

 private:
  std::vector<LogicalType> key_types_;
  std::vector<TypeId> compare_as_;
  bool keep_row_keys_;
  ChunkCollection rows_;               //!< build rows in build order
  RowHashTable keys_;                  //!< distinct non-NULL keys
  std::vector<uint32_t> head_, tail_;  //!< per key id: first/last build row
  std::vector<uint32_t> next_;         //!< per build row: next row with its key
  std::vector<uint32_t> row_key_;      //!< per build row: its key id (keep_row_keys only)
  std::vector<uint8_t> row_matched_;   //!< per build row (keep_row_keys only)
  std::vector<uint8_t> key_matched_;   //!< per key id (keep_row_keys only)
  std::vector<uint32_t> ids_;          //!< per-batch scratch
};

}  // namespace pathdb
