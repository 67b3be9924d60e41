// The in-memory column store's view of one table segment: its IMCUs (in-memory compression
// units, each the rows of a run of data blocks, one ColumnCU per populated column) and which
// data blocks changed since they were populated.
//
// DML consistency (oracle-reference.md 7.4, our form): any change to a row of a data block
// (insert, update, delete, undo) marks the block stale, per data block ordinal — the SMU's
// validity bits at block granularity. A scan takes a block's rows from its IMCU only while
// the block is not stale and reads stale blocks from the row store, so its answer is always
// the row store's. Staleness only grows until a (re)population replaces the IMCUs.
//
// Threads: an ImSegment is shared by the session thread (scans, DML marking blocks stale)
// and the population worker (publishing IMCUs); every member function is thread-safe.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "storage/inmemory/column_cu.h"
#include "storage/storage.h"

namespace pathdb::storage::im {

//! One IMCU: the rows of data blocks [first_block, end_block) (ordinals), block by block in
//! slot order.
struct Imcu {
  uint64_t first_block = 0, end_block = 0;
  std::vector<uint32_t> physical;   //!< physical block of each covered block (ROWIDs)
  std::vector<uint32_t> row_start;  //!< rows of block i: [row_start[i], row_start[i + 1])
  //! Slot of each row; empty when the rows of every block are its slots 0, 1, 2, ... (no
  //! deleted or migrated row in between: the usual case, 2 bytes a row saved).
  std::vector<uint16_t> slots;
  uint32_t row_count = 0;
  //! One per table column; std::nullopt for a NO INMEMORY column.
  std::vector<std::optional<ColumnCU>> columns;
  InMemoryCompression compression = InMemoryCompression::kQueryLow;
  uint32_t rows() const { return row_count; }
  //! The slot of `row`, a row of covered block `blk`.
  uint16_t Slot(size_t blk, uint32_t row) const {
    return slots.empty() ? static_cast<uint16_t>(row - row_start[blk]) : slots[row];
  }
  //! Drops `slots` when every block's rows are slots 0, 1, 2, ... REQUIRES: row_start complete.
  void DropDenseSlots();
  size_t bytes = 0;
};

enum class PopulateStatus : uint8_t { kNone, kStarted, kCompleted, kOutOfMemory };

class ImSegment {
 public:
  ImSegment(uint32_t object_id, std::string name) : object_id_(object_id), name_(std::move(name)) {}

  //! What a scan works from: the IMCUs and, per covered block, whether it is stale.
  struct Snapshot {
    std::vector<std::shared_ptr<const Imcu>> imcus;  //!< in block order, from block 0
    std::vector<uint8_t> stale;                      //!< per block ordinal < covered()
    uint64_t covered() const { return imcus.empty() ? 0 : imcus.back()->end_block; }
  };
  Snapshot Take() const;

  //! A row of data block `ordinal` changed.
  void NoteChange(uint64_t ordinal);
  //! The segment's blocks were reshaped (a direct-path load rolled back): nothing populated
  //! can be trusted any more.
  void Invalidate();

  // ---- population (storage/inmemory/populate.cpp)
  //! A population of `blocks` data blocks starts: blocks whose file image may be older than
  //! the cache's (`initially_stale`) count as changed. Returns false when one is running.
  bool BeginPopulation(uint64_t blocks, const std::vector<uint64_t>& initially_stale);
  //! Publishes a finished IMCU. The first population publishes each IMCU at once (queries use
  //! it immediately); a repopulation swaps the whole set when it ends.
  void Publish(std::shared_ptr<const Imcu> imcu);
  void EndPopulation(PopulateStatus status, uint64_t bytes_not_populated);
  bool populating() const;
  //! Asks a running population to stop (DROP, TRUNCATE, NO INMEMORY).
  void Cancel() { cancelled_.store(true); }
  bool cancelled() const { return cancelled_.load(); }

  // ---- V$IM_SEGMENTS
  struct Info {
    PopulateStatus status = PopulateStatus::kNone;
    uint64_t inmemory_bytes = 0;
    uint64_t bytes_not_populated = 0;
    uint64_t imcus = 0;
    uint64_t rows = 0;
    uint64_t stale_blocks = 0;
    uint64_t covered_blocks = 0;
  };
  Info info() const;
  uint32_t object_id() const { return object_id_; }
  const std::string& name() const { return name_; }

 private:
  const uint32_t object_id_;
  const std::string name_;
  mutable std::mutex mu_;
  std::vector<std::shared_ptr<const Imcu>> imcus_;
  std::vector<uint8_t> stale_;  //!< per block ordinal of the published population
  //! A repopulation in progress: its IMCUs and stale marks, swapped in when it ends.
  bool populating_ = false;
  bool repopulating_ = false;
  std::vector<std::shared_ptr<const Imcu>> next_imcus_;
  std::vector<uint8_t> next_stale_;
  PopulateStatus status_ = PopulateStatus::kNone;
  uint64_t bytes_not_populated_ = 0;
  std::atomic<bool> cancelled_{false};
};

}  // namespace pathdb::storage::im
