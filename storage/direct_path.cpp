// Direct-path insert (INSERT /*+ APPEND */, LOAD): rows are packed into heap blocks formatted
// in private memory and written with multiblock writes straight to the data file, never
// through the buffer cache. The blocks live in NEW extents at the end of the file: a freed
// extent may still have images in the redo log, and recovery would replay them over blocks
// that were written without logging. Nothing is visible until Finish() moves the high-water
// mark, and the data file is synced before that, so the commit record that publishes the HWM
// never refers to blocks that are not on disk. Only the segment header change (extents, HWM,
// row count) goes through the cache and hence the log.
#include <algorithm>
#include <memory>

#include "common/error.h"
#include "storage/block.h"
#include "storage/database_impl.h"
#include "storage/heap_page.h"
#include "storage/inmemory/im_segment.h"

namespace pathdb::storage {

namespace {

// The undo record of a published direct-path insert keeps the segment's shape before it, as
// integers in UndoRecord::before (in this order).
enum UndoSlot : size_t {
  kUndoExtents,        //!< extent count before this load's extents (unused tail trimmed)
  kUndoDataBlocks,     //!< HWM before
  kUndoRowCount,       //!< rows before
  kUndoInsertBlock,    //!< insert block before
  kUndoNewDataBlocks,  //!< data blocks the load added
  kUndoSlots_,
};

int64_t UndoInt(const UndoRecord& rec, UndoSlot s) {
  if (rec.before.size() != kUndoSlots_ || rec.before[s].is_null()) {
    ThrowOra(600, "internal error code, arguments: [direct-path], [bad undo record]");
  }
  return rec.before[s].number().ToInt64().value_or(0);
}

//! Calls fn(rowid, row bytes) for every row piece of a formatted heap block.
template <typename Fn>
void ForEachRow(const std::byte* block, uint32_t block_no, Fn&& fn) {
  // HeapPage only reads through the pointer here; it takes a mutable one for its writers.
  HeapPage page(const_cast<std::byte*>(block));
  for (uint16_t s = 0; s < page.SlotCount(); ++s) {
    if (auto row = page.Row(s)) fn(RowId{kFileNo, block_no, s}, *row);
  }
}

// A template only because Database::Impl is a private name outside Database's members:
// BeginDirectPathInsert instantiates it with M = Database::Impl.
template <typename M>
class DirectPathInsertImpl final : public DirectPathInsert {
 public:
  DirectPathInsertImpl(Database& db, M& m, const TableInfo& table, Transaction& txn)
      : m_(m), table_(table), txn_(txn), object_id_(table.object_id) {
    run_capacity_ = static_cast<uint32_t>(std::max<size_t>(8, m.options.multiblock_read_count));
    run_ = std::make_unique<std::byte[]>(size_t{run_capacity_} * kBlockSize);
    reserve_ = size_t{table.pctfree} * kBlockSize / 100;
    scn_ = m.NextScn();
    has_indexes_ = !db.IndexesOf(table).empty();
  }

  ~DirectPathInsertImpl() override {
    if (finished_) return;
    // Abandoned (a failed statement): the HWM never moved, so the rows were never visible.
    // Take back the index entries made so far and return the extents.
    try {
      SessionStats scratch;
      UndoIndexEntries(scratch);
    } catch (const std::exception&) {
      // A destructor cannot report; index entries pointing above the HWM are never reached
      // by a scan and ORA-01410 guards fetches by ROWID.
    }
    ReleaseExtents();
  }

  uint64_t Append(const DataChunk& rows, SessionStats& stats) override {
    if (finished_) ThrowOra(600, "internal error code, arguments: [direct-path], [finished]");
    if (rows.ColumnCount() != table_.columns.size()) {
      if (rows.ColumnCount() < table_.columns.size()) throw OraError(947, "not enough values");
      throw OraError(913, "too many values");
    }
    const size_t n = rows.Count();
    for (size_t i = 0; i < n; ++i) {
      const std::string& row = EncodeInsertRow(table_, rows, rows.RowIndex(i), enc_);
      RowId rid = Place(row, stats);
      ++rows_;
      if (has_indexes_) {
        std::vector<Value> values = DecodeRow(row, table_.columns);
        try {
          m_.IndexInsert(table_, values, rid, stats);
          ++rows_indexed_;
        } catch (const OraError&) {
          // ORA-00001 (or any index failure): this row got no entry; remove the others and
          // give up the whole insert, the HWM unmoved.
          UndoIndexEntries(stats);
          index_undone_ = true;
          throw;
        }
      }
    }
    return n;
  }

  void Finish(SessionStats& stats) override {
    if (finished_) return;
    FlushRun(stats);
    // The blocks must be durable before the commit record that publishes them.
    if (!written_.empty()) m_.file->Sync();

    Segment& seg = m_.SegmentOf(table_);
    UndoRecord rec{UndoRecord::Kind::kDirectPathInsert, object_id_, {}, {}};
    rec.before.resize(kUndoSlots_);
    rec.before[kUndoDataBlocks] = Value::Integer(seg.data_blocks);
    rec.before[kUndoRowCount] = Value::Integer(static_cast<int64_t>(seg.row_count));
    rec.before[kUndoInsertBlock] = Value::Integer(seg.insert_block);
    rec.before[kUndoNewDataBlocks] = Value::Integer(blocks_);
    if (blocks_ > 0) {
      // Blocks between the old HWM and the end of the last extent were never formatted; a
      // segment's data blocks are contiguous in extent order, so that tail goes back to the
      // free space and the new extents follow the HWM directly.
      uint64_t tail = seg.AllocatedBlocks() - (uint64_t{seg.data_blocks} + 1);
      while (tail > 0) {
        Extent& last = seg.extents.back();
        auto cut = static_cast<uint32_t>(std::min<uint64_t>(tail, last.count));
        m_.cache->Discard(last.start + last.count - cut, cut);
        m_.space.Free({last.start + last.count - cut, cut});
        last.count -= cut;
        tail -= cut;
        if (last.count == 0) seg.extents.pop_back();  // never the header's extent: it is used
      }
      // Where this load's extents begin: ROLLBACK frees from here on.
      rec.before[kUndoExtents] = Value::Integer(static_cast<int64_t>(seg.extents.size()));
      rec.rowid = RowId{kFileNo, extents_.front().start, 0};
      for (const Extent& e : extents_) seg.extents.push_back(e);
      for (uint64_t r = seg.data_blocks / kRegionBlocks;
           blocks_ > 0 && r <= (seg.data_blocks + blocks_ - 1) / kRegionBlocks; ++r) {
        seg.storage_index.InvalidateRegion(static_cast<uint32_t>(r));
      }
      seg.data_blocks += blocks_;
      seg.row_count += rows_;
      // Conventional inserts go on in the old insert block; new blocks come after the HWM.
      SaveSegment(seg, *m_.cache, m_.NextScn(), stats);
      txn_.Record(std::move(rec));
    }
    extents_.clear();
    finished_ = true;
    if (TableInfo* t = m_.TableById(object_id_)) M::SyncInfo(*t, seg);
  }

 private:
  std::byte* RunBlock(uint32_t i) const { return run_.get() + size_t{i} * kBlockSize; }

  //! Puts the row into the current private block, starting a new one when it does not fit.
  RowId Place(const std::string& row, SessionStats& stats) {
    if (row.size() > HeapPage::MaxRowSize()) {
      ThrowUnimplemented("rows longer than one block (row chaining)");
    }
    if (run_count_ > 0) {
      if (auto slot = HeapPage(RunBlock(run_count_ - 1)).Append(row, reserve_)) {
        return {kFileNo, run_start_ + run_count_ - 1, *slot};
      }
    }
    uint32_t block_no = NewBlock(stats);
    HeapPage page(RunBlock(run_count_ - 1));
    auto slot = page.Append(row, reserve_);
    if (!slot) slot = page.Append(row, 0);  // an empty block takes any row, pctfree or not
    if (!slot) ThrowUnimplemented("rows longer than one block (row chaining)");
    return {kFileNo, block_no, *slot};
  }

  //! Formats the next block of the load in the run buffer (writing the run first when it is
  //! full or the next block is not contiguous with it) and returns its block number.
  uint32_t NewBlock(SessionStats& stats) {
    if (ext_used_ == ext_count_) AllocateExtent();
    uint32_t block_no = ext_start_ + ext_used_;
    if (run_count_ == run_capacity_ || (run_count_ > 0 && run_start_ + run_count_ != block_no)) {
      FlushRun(stats);
    }
    if (run_count_ == 0) run_start_ = block_no;
    std::byte* b = RunBlock(run_count_);
    FormatBlock(b, BlockType::kHeapData, object_id_, block_no);
    BlockHeader h = ReadHeader(b);
    h.scn = scn_;
    WriteHeader(b, h);
    HeapPage(b).Init();
    ++run_count_;
    ++ext_used_;
    ++blocks_;
    return block_no;
  }

  void AllocateExtent() {
    const Segment& seg = m_.SegmentOf(table_);
    size_t index = seg.extents.size() + extents_.size();
    if (index >= MaxExtentsPerSegment()) {
      ThrowOra(1631, "max # extents ({}) reached in table PATHDB.{}", MaxExtentsPerSegment(),
               table_.name);
    }
    // Always at the end of the file, never a free extent (see the file comment).
    Extent e{m_.space.end(), AutoallocateExtentBlocks(index)};
    m_.space.SetEnd(e.start + e.count);
    // The file covers every allocated block (Open checks its size against the dictionary).
    m_.file->Extend(m_.space.end());
    extents_.push_back(e);
    ext_start_ = e.start;
    ext_count_ = e.count;
    ext_used_ = 0;
  }

  void FlushRun(SessionStats& stats) {
    if (run_count_ == 0) return;
    for (uint32_t i = 0; i < run_count_; ++i) StampChecksum(RunBlock(i));
    m_.file->Write(run_start_, run_count_, run_.get());
    stats.Add(Stat::kPhysicalWrites, run_count_);
    stats.Add(Stat::kPhysicalWritesDirect, run_count_);
    written_.push_back({run_start_, run_count_});
    run_count_ = 0;
  }

  //! Removes the index entries this load made: those of the first rows_indexed_ rows, in
  //! the order they were placed (blocks in order, slots in order), written or still in memory.
  void UndoIndexEntries(SessionStats& stats) {
    if (!has_indexes_ || index_undone_ || rows_indexed_ == 0) return;
    index_undone_ = true;
    uint64_t left = rows_indexed_;
    auto undo_block = [&](const std::byte* b, uint32_t block_no) {
      ForEachRow(b, block_no, [&](RowId rid, std::string_view row) {
        if (left == 0) return;
        --left;
        m_.IndexDelete(table_, DecodeRow(row, table_.columns), rid, stats);
      });
    };
    auto buf = std::make_unique<std::byte[]>(kBlockSize);
    for (const Extent& w : written_) {
      for (uint32_t i = 0; i < w.count && left > 0; ++i) {
        m_.file->Read(w.start + i, 1, buf.get());
        undo_block(buf.get(), w.start + i);
      }
    }
    for (uint32_t i = 0; i < run_count_; ++i) undo_block(RunBlock(i), run_start_ + i);
  }

  //! Unpublished extents go back to the free space.
  void ReleaseExtents() {
    for (const Extent& e : extents_) m_.space.Free(e);
    extents_.clear();
  }

  M& m_;
  const TableInfo& table_;
  Transaction& txn_;
  uint32_t object_id_;
  RowEncoder enc_;
  size_t reserve_ = 0;
  uint64_t scn_ = 0;
  bool has_indexes_ = false;
  bool index_undone_ = false;
  bool finished_ = false;
  std::vector<Extent> extents_;  //!< allocated by this load, not yet in the segment
  uint32_t ext_start_ = 0, ext_count_ = 0, ext_used_ = 0;  //!< the extent being filled
  std::unique_ptr<std::byte[]> run_;  //!< contiguous blocks formatted, not yet written
  uint32_t run_capacity_ = 0;
  uint32_t run_start_ = 0;
  uint32_t run_count_ = 0;
  std::vector<Extent> written_;  //!< block runs already on disk
  uint32_t blocks_ = 0;          //!< data blocks formatted
  uint64_t rows_ = 0;
  uint64_t rows_indexed_ = 0;  //!< rows whose index entries are in (a prefix of the rows)
};

}  // namespace

std::unique_ptr<DirectPathInsert> Database::BeginDirectPathInsert(const TableInfo& table,
                                                                  Transaction& txn, SessionStats&) {
  Impl& m = *impl_;
  m.SegmentOf(table);  // ORA-00942 when the table is gone
  return std::make_unique<DirectPathInsertImpl<Impl>>(*this, m, table, txn);
}

void Database::Impl::UndoDirectPathInsert(Database& db, const UndoRecord& rec, SessionStats& st) {
  TableInfo* t = TableById(rec.object_id);
  if (!t) return;
  Segment& seg = SegmentOf(*t);
  // The segment's blocks change shape: its in-memory copy cannot be trusted any more.
  if (seg.inmemory) seg.inmemory->Invalidate();
  const auto old_extents = static_cast<size_t>(UndoInt(rec, kUndoExtents));
  const auto old_data_blocks = static_cast<uint32_t>(UndoInt(rec, kUndoDataBlocks));
  const auto new_blocks = static_cast<uint32_t>(UndoInt(rec, kUndoNewDataBlocks));
  if (old_extents == 0 || old_extents > seg.extents.size()) return;
  const uint32_t load_end = std::min(old_data_blocks + new_blocks, seg.data_blocks);
  // Blocks formatted after the load's share its extents. When one of them still holds a row
  // (the body of an older row that an UPDATE of this transaction migrated there), the load's
  // rows are removed one by one and the extents stay. Otherwise every later change has been
  // undone already, and the load's extents (with any blocks after them) go back to the free
  // space.
  bool shared = false;
  for (uint32_t k = old_data_blocks + new_blocks; k < seg.data_blocks && !shared; ++k) {
    auto pin = cache->Get(seg.DataBlock(k), AccessMode::kCurrent, st);
    ForEachRow(pin.data(), pin.block_no(), [&](RowId, std::string_view) { shared = true; });
  }
  const bool indexed = !db.IndexesOf(*t).empty();
  if (indexed || shared) {
    for (uint32_t k = old_data_blocks; k < load_end; ++k) {
      uint32_t block_no = seg.DataBlock(k);
      std::vector<RowId> rows;
      {
        auto pin = cache->Get(block_no, AccessMode::kCurrent, st);
        ForEachRow(pin.data(), block_no, [&](RowId rid, std::string_view row) {
          auto flags = static_cast<uint8_t>(row[0]);
          if (flags == kRowNormal || flags == kRowForward) rows.push_back(rid);
        });
      }
      for (RowId rid : rows) {
        // Read through the cache, following a forwarding head: later statements of the
        // transaction may have changed the row, and their undo has put it back.
        if (indexed) {
          if (auto values = ReadRow(*t, rid, AccessMode::kCurrent, st)) {
            IndexDelete(*t, *values, rid, st);
          }
        }
        if (shared) RemoveRow(*t, rid, false, st);
      }
    }
  }
  if (!shared) {
    for (size_t i = old_extents; i < seg.extents.size(); ++i) {
      cache->Discard(seg.extents[i].start, seg.extents[i].count);
      space.Free(seg.extents[i]);
    }
    seg.extents.resize(old_extents);
    // The trimmed tail of the old last extent is left in the free space: a shorter last
    // extent is a valid segment, and the tail may have been handed out since.
  }
  seg.row_count = static_cast<uint64_t>(UndoInt(rec, kUndoRowCount));
  if (shared) {
    SaveSegment(seg, *cache, NextScn(), st);
    SyncInfo(*t, seg);
    return;
  }
  seg.data_blocks = old_data_blocks;
  seg.insert_block = static_cast<uint32_t>(UndoInt(rec, kUndoInsertBlock));
  if (seg.insert_block != 0 && seg.data_blocks == 0) seg.insert_block = 0;
  SaveSegment(seg, *cache, NextScn(), st);
  SyncInfo(*t, seg);
}

}  // namespace pathdb::storage
