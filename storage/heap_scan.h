// Internal to storage/: the pieces of a full heap scan. A HeapScan (a ScanSource) walks the
// segment's data runs region by region, asks the storage index whether a region can be
// skipped before it reads any of it, and decodes rows of each block it gets from a
// HeapBlockSource, evaluating the spec's predicates on the decoded fields before it builds
// output vectors.
//
// Where the access paths plug in:
// - buffer cache: BufferedBlockSource (heap_scan.cpp), the only block source today;
// - direct path reads (next): a second HeapBlockSource that reads the runs asynchronously
//   into private buffers; Database::BeginScan picks it when the run-time rule says so;
// - in-memory column store: ImScan (storage/inmemory/im_scan.h), a ScanSource of its own that
//   reads stale blocks through HeapScans over block ranges; picked in Database::BeginScan.
//
// Threads: one scan is used by one thread.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "storage/buffer_cache.h"
#include "storage/scan_predicates.h"
#include "storage/segment.h"
#include "storage/storage.h"

namespace pathdb::storage {

class HeapPage;
class HeapScanFold;

//! Hands a heap scan its blocks, one at a time in scan order.
class HeapBlockSource {
 public:
  virtual ~HeapBlockSource() = default;
  //! Returns the bytes of physical block `block` (the scan only reads them), valid until the
  //! next Read or Release;
  //! `run_left` blocks (this one included) follow contiguously in the scan, for multiblock
  //! reads. Counts the gets and reads in `stats`.
  virtual std::byte* Read(uint32_t block, uint32_t run_left, SessionStats& stats) = 0;
  //! The body of a migrated row (ROWID `body`) of the current block's row.
  virtual std::string_view MigratedBody(RowId body, SessionStats& stats) = 0;
  //! The end of a fetch call: nothing stays pinned across calls.
  virtual void Release() = 0;
};

//! The order in which a scan will want blocks, for a block source that reads ahead: the data
//! runs, the scanned block ordinals [begin, end), and whether a region (region r = ordinals
//! [128 r, 128 r + 128)) will be read. The answer for a region is fixed the first time it is
//! asked, by whichever of the reader and the scan asks first, so both always agree.
struct ScanReadPlan {
  const std::vector<Extent>* runs = nullptr;
  uint64_t begin = 0, end = 0;
  std::function<bool(uint32_t region)> region_wanted;
  //! The scan's access path, for what a block source decides at its first read (after
  //! BeginScan has set it).
  ScanAccess* access = nullptr;
};

class HeapScan final : public ScanSource {
 public:
  //! REQUIRES: `seg` is spec.table's segment and outlives the scan (the scan guard it takes
  //! keeps DML from appending to blocks the scan will read).
  HeapScan(const ScanSpec& spec, Segment& seg, std::unique_ptr<HeapBlockSource> blocks);
  ~HeapScan() override;
  bool Next(DataChunk& out, std::vector<RowId>* rowids, SessionStats& stats) override;
  //! COUNT(*), COUNT(col), SUM(col) of a NUMBER and MIN/MAX(col) of a NUMBER, DATE or
  //! TIMESTAMP, computed on the stored fields of the rows that pass (storage/heap_scan_fold.h;
  //! every other scan feature as in Next); nullopt for other aggregates, under run-time
  //! filters, or once the scan has started.
  std::optional<std::vector<Value>> Aggregate(const std::vector<ScanAggregate>& aggs,
                                              SessionStats& stats) override;
  void SetInterruptCheck(std::function<void()> check) override { interrupt_ = std::move(check); }
  const ScanCounters& counters() const override { return counters_; }
  const ScanAccess& access() const override { return access_; }

  //! Replaces the block source before the first Next (Database::BeginScan's decision):
  //! `make` gets the scan's read plan. `use_storage_index`: regions may be skipped.
  void SetBlockSource(
      const std::function<std::unique_ptr<HeapBlockSource>(const ScanReadPlan&)>& make);
  void SetAccess(ScanAccess access) { access_ = std::move(access); }
  void SetStorageIndexUse(bool on) { use_storage_index_ = on; }
  //! First data block ordinal scanned, and one past the last.
  uint64_t begin() const { return begin_; }
  uint64_t end() const { return end_; }
  const std::vector<Extent>& runs() const { return runs_; }

 private:
  //! Whether region `region` is read (see ScanReadPlan): decided once, then remembered.
  bool RegionWanted(uint32_t region);
  //! Region hook: at the first block of a region, skip it when the storage index proves no
  //! row of it can pass. Returns true when the scan moved past the region.
  bool SkipRegion(SessionStats& stats);
  //! Moves the position `n` data blocks on.
  void Advance(uint64_t n);
  //! Next's loop over the rows of the current block `page` (block `block`, `slots` slots)
  //! from slot_ on when no row probe and no region summary is active: up to `cap - examined`
  //! rows split first, then each predicate over all of them, then the passing ones folded or
  //! decoded into `out` from row `n` on (storage/heap_scan_batch.cpp). Returns the new n.
  size_t NextBatch(const HeapPage& page, uint32_t block, uint16_t slots, size_t cap,
                   size_t& examined, size_t n, size_t& folded, DataChunk& out,
                   std::vector<RowId>* rowids, SessionStats& stats);
  //! Decodes a passing row (split into `fields`, slot `slot` of block `block`) into row `n`
  //! of `out`'s decoded columns, and its ROWID into `rowids` when given.
  // Inline: called once per output row from both row loops (heap_scan.cpp, heap_scan_batch.cpp).
  void OutputRow(const Field* fields, uint32_t block, uint16_t slot, DataChunk& out, size_t n,
                 std::vector<RowId>* rowids) {
    for (size_t c : decoded_) {
      Vector& v = out.column(c);
      const uint32_t cid = column_ids_[c];
      if (cid == kRowIdColumn) {
        v.Data<Decimal>()[n] = Decimal::FromInt(RowId{kFileNo, block, slot}.Pack());
        v.SetNull(n, false);
      } else if (fields[cid].is_null) {
        v.SetNull(n, true);
      } else {
        DecodeInto(fields[cid].bytes, v, n);
      }
    }
    if (rowids) rowids->push_back(RowId{kFileNo, block, slot});
  }
  //! Called when a block is finished: closes the region summary at a region's end.
  void FinishBlock();
  //! Adds the predicates of run-time filters published since the last look.
  void RefreshRuntimeFilters();
  void ApplyMembership(DataChunk& out);
  //! Chooses, for one Next call, the published filters probed on stored rows (row_probes_).
  void ChooseRowProbes();
  struct RowProbe;
  //! False when a row-probed filter rejects the row in fields_ (counted per filter).
  bool ProbeRow();
  //! The hash of probe `p`'s key in fields_ (as the executor hashes the decoded key); false
  //! for a NULL key column, which never joins.
  bool RowKeyHash(const RowProbe& p, uint64_t& hash) const;
  //! The row probes for a whole block at once: fills verdict_ per slot of `page` (block
  //! `block`) with kReject (failed the predicates or a filter), kPass, kNotARow, or kProbeInline (a
  //! migrated row: its body is elsewhere, ProbeRow tests it when it is read).
  void ProbeBlock(const HeapPage& page, uint32_t block);
  //! Slot `s` of `page` when it holds a row the block probe judges; otherwise nullopt with
  //! verdict_[s] set (kNotARow; kProbeInline for a migrated row's head, tested when read).
  std::optional<std::string_view> ProbedRow(const HeapPage& page, uint16_t s);
  //! ProbeBlock when the one row probe has an exact integer key set. REQUIRES: verdict_ set
  //! to kReject for the block's slots, probe_list_ compiled.
  void ProbeBlockExact(const HeapPage& page, bool test_preds);
  //! ProbeBlock's gathering of one_number probe `i`'s non-NULL key `f` as candidate `m`: its
  //! coefficient and scale, or, wider than 64 bits, its hash (`limit`: the block's end).
  void GatherNumberKey(size_t i, const Field& f, size_t m, const char* limit) {
    SmallKey& k = key_at_[i][m];
    if (!DecodeSmallNumber(f.bytes, limit, k.coef, k.scale)) {
      k.scale = kHashedAlready;
      RowKeyHash(row_probes_[i], hash_at_[i][m]);
    }
  }

  Segment& seg_;
  std::unique_ptr<HeapBlockSource> blocks_;
  const TableInfo* table_;
  std::vector<uint32_t> column_ids_;
  std::vector<size_t> decoded_;  //!< output positions filled from the rows
  std::vector<size_t> skipped_;  //!< output positions left NULL (spec.skip_output)
  std::vector<LogicalType> types_;
  std::vector<RuntimeFilterRef> runtime_;
  std::vector<bool> runtime_applied_;
  //! A published filter whose bits this Next call tests on each row's stored key fields,
  //! before the row is decoded; the others are tested on the decoded batch.
  struct RowProbe {
    size_t filter = 0;  //!< index into runtime_
    std::vector<TypeId> types;
    uint64_t probed = 0, rejected = 0;
    //! The key is one NUMBER column: ProbeBlock gathers the stored coefficients and hashes
    //! them in a loop of their own.
    bool one_number = false;
    //! one_number and the filter keeps its integer keys exactly: tested against them
    //! instead of hashed (valid while the filter stays published).
    const RuntimeFilter::IntegerKeySet* exact = nullptr;
  };
  std::vector<RowProbe> row_probes_;
  // ProbeBlock's results and scratch space (kept to avoid reallocating per block).
  //! kNotARow: an empty slot, a migrated row's body or a deleted row (not examined).
  static constexpr uint8_t kReject = 0, kPass = 1, kProbeInline = 2, kNotARow = 3;
  std::vector<uint8_t> verdict_;  //!< per slot of block verdict_block_
  uint32_t verdict_block_ = UINT32_MAX;
  std::vector<uint16_t> candidates_;           //!< slots still passing, in slot order
  std::vector<std::vector<uint64_t>> hashes_;  //!< per row probe, per candidate
  //! A one_number probe's key as stored: coefficient and scale, or scale kHashedAlready when
  //! hashes_ holds the hash (a key too wide for 64 bits).
  struct SmallKey {
    int64_t coef = 0;
    int32_t scale = 0;
  };
  static constexpr int32_t kHashedAlready = INT32_MIN;
  std::vector<std::vector<SmallKey>> small_keys_;  //!< per one_number row probe, per candidate
  std::vector<uint64_t*> hash_at_;                 //!< per row probe: hashes_[i].data()
  std::vector<SmallKey*> key_at_;                  //!< per row probe: small_keys_[i].data()
  std::vector<uint8_t> keep_;                      //!< per candidate
  std::vector<uint8_t> probe_needed_;              //!< fields ProbeBlock splits
  std::vector<uint8_t> probe_needed_next_;         //!< the next block's, compared with it
  FieldList probe_list_;                           //!< probe_needed_ compiled
  std::vector<bool> batch_tested_;  //!< runtime_applied_ minus the row-probed filters
  //! Per filter, per key column: its output position (the membership test reads the output
  //! vectors); empty when some key column is not output (then only its ranges apply).
  std::vector<std::vector<size_t>> runtime_output_;
  ScanPredicates preds_;  //!< the spec's
  //! Per run-time filter: its published min/max as predicates. Always used to skip regions;
  //! tested on each row only while the filter is not row-probed (ranges_tested_): the probe
  //! of a row's key rejects whatever the range would, and the range test decoded the key a
  //! second time for nothing (a third of a join-filtered LINEITEM scan's probe loop).
  std::vector<ScanPredicates> runtime_ranges_;
  std::vector<size_t> ranges_tested_;  //!< filters whose ranges rows are tested against
  //! The spec's predicates and the tested run-time ranges.
  bool PassesPredicates(const Field* fields) const {
    if (!preds_.Matches(fields)) return false;
    for (size_t i : ranges_tested_) {
      if (!runtime_ranges_[i].Matches(fields)) return false;
    }
    return true;
  }
  std::vector<Field> fields_;
  // NextBatch's rows: row i's fields at batch_[i * width] (width: read_list_.end()), its
  // slot, and the passing rows' indexes.
  std::vector<Field> batch_;
  std::vector<uint16_t> batch_slots_;
  std::vector<uint32_t> batch_sel_;
  std::vector<uint8_t> needed_;  //!< per field: read by an output, predicate or filter
  //! Bytes from a row's start NextBatch's walk reads (with slack), 0 until first measured.
  size_t touch_reach_ = 0;
  FieldList read_list_;          //!< needed_ compiled
  std::vector<Extent> runs_;     //!< data blocks below the HWM at scan start, in order
  size_t run_ = 0;               //!< current run
  uint32_t off_ = 0;             //!< block offset inside the current run
  uint16_t slot_ = 0;            //!< next slot in the current block
  uint64_t pos_ = 0;             //!< data block ordinal of the current block
  uint64_t end_ = 0;             //!< first data block ordinal not scanned
  uint64_t begin_ = 0;           //!< first data block ordinal scanned
  bool whole_segment_ = true;    //!< no block range: region summaries may be stored
  bool use_storage_index_ = true;
  //! Per region from begin_'s: 0 undecided, 1 read, 2 skipped.
  std::vector<uint8_t> region_decision_;
  std::vector<uint8_t> needed_all_;  //!< every field: a region summary reads them all
  ScanAccess access_;
  bool done_ = false;
  RegionSummary summary_;  //!< of the region being read
  std::shared_ptr<int> guard_;
  ScanCounters counters_;
  //! Set while Aggregate runs: passing rows go to it instead of to Next's output.
  std::unique_ptr<HeapScanFold> fold_;
  std::function<void()> interrupt_;  //!< called between an Aggregate's batches
};

//! The buffer-cache block source: multiblock prefetch of uncached runs into the cache, one
//! block pinned at a time; a long table's blocks enter at the cold end.
std::unique_ptr<HeapBlockSource> MakeBufferedBlockSource(BufferCache& cache, uint32_t object_id,
                                                         AccessType access);

class DirectBlocks;
class DirectReader;
struct DirectBlocksSetup;
//! The direct path block source: the plan's wanted regions are read ahead by a DirectReader;
//! migrated row bodies are got through `cache` (as Oracle fetches continued rows).
//! `reader` (nullable) receives the source's reader, for the alert log and the Note.
std::unique_ptr<HeapBlockSource> MakeDirectBlockSource(DirectBlocksSetup setup,
                                                       const ScanReadPlan& plan, BufferCache& cache,
                                                       const DirectReader** reader);

}  // namespace pathdb::storage
