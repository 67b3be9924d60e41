// ImScan: TABLE ACCESS INMEMORY FULL as a ScanSource. It walks the segment in block order as
// pieces: rows of IMCUs whose blocks are not stale, and block ranges read from the row store
// (stale blocks, blocks beyond the populated ones), so rows come out in the same order as a
// row-store scan and the answer is always the row store's.
//
// For an IMCU piece, batch by batch (2048 rows): the spec's predicates and published run-time
// ranges are tested on the codes into a byte mask (SIMD kernels), the surviving rows become a
// selection, and only then are the projected columns decoded, for those rows only. A scan that
// projects nothing (COUNT(*)) only counts the mask. An IMCU whose min/max (per column, and a
// join filter's range summary) cannot match is skipped whole (`IM scan CUs pruned`).
//
// Threads: used by one thread; the IMCUs it reads are immutable and kept alive by the scan.
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "storage/inmemory/im_segment.h"
#include "storage/inmemory/kernels.h"
#include "storage/storage.h"

namespace pathdb::storage::im {

class ImScan final : public ScanSource {
 public:
  //! Opens the row-store scan of data blocks [range.begin, range.end) with the same spec.
  using RowStoreFn = std::function<std::unique_ptr<ScanSource>(BlockRange range)>;
  //! `data_blocks`: the segment's data blocks when the scan starts (the HWM).
  ImScan(const ScanSpec& spec, ImSegment::Snapshot snapshot, uint64_t data_blocks,
         RowStoreFn row_store, Simd simd);
  bool Next(DataChunk& out, std::vector<RowId>* rowids, SessionStats& stats) override;
  const ScanCounters& counters() const override { return counters_; }
  const ScanAccess& access() const override { return access_; }
  //! COUNT/SUM/MIN/MAX on the codes of the rows that pass (no row is built); the row-store
  //! pieces are aggregated from their rows. Not with run-time filters (their membership test
  //! needs rows): std::nullopt then.
  std::optional<std::vector<Value>> Aggregate(const std::vector<ScanAggregate>& aggs,
                                              SessionStats& stats) override;
  //! GROUP BY on the codes (im_group_by.cpp); the row-store pieces are grouped from their
  //! rows. Not with run-time filters: std::nullopt then.
  std::optional<ScanGroups> GroupAggregate(const ScanGroupBy& spec, SessionStats& stats) override;
  void SetInterruptCheck(std::function<void()> check) override { interrupt_ = std::move(check); }
  void SetAccess(ScanAccess a) { access_ = std::move(a); }

 private:
  class GroupAggregator;
  struct Piece {
    bool in_memory = false;
    size_t imcu = 0;                          //!< in_memory: which IMCU
    uint32_t row_begin = 0, row_end = 0;      //!< in_memory: its rows
    uint64_t block_begin = 0, block_end = 0;  //!< row store: data block ordinals
  };
  //! First visit of IMCU `i`: prune it or compile the predicates against its CUs.
  bool OpenImcu(size_t i, SessionStats& stats);
  //! mask_[0, n) = rows begin + i of IMCU `u` that pass the compiled tests, except the
  //! run-time ranges of filters whose exact key set this batch tests (ChooseRowProbes first).
  //! Returns false when no test ran (mask_ all ones).
  bool FilterBatch(const Imcu& u, uint32_t begin, size_t n);
  //! True when the compiled tests pass every row of IMCU `u` (each covers all codes of a
  //! column without NULLs). REQUIRES: OpenImcu compiled them for `u`.
  bool AllRowsPass(const Imcu& u) const;
  //! Reads every remaining piece in place of Next (Aggregate, GroupAggregate), then ends the
  //! scan. An IMCU that is not pruned goes to `imcu` first (true: it took the whole piece),
  //! then batch by batch: tested into mask_, counted as read, and `batch(u, begin, n)` returns
  //! the rows that passed. A row-store piece's chunks go to `chunk`. Checks for cancellation
  //! between batches.
  void ReadPieces(SessionStats& stats, const std::function<bool(const Piece&, const Imcu&)>& imcu,
                  const std::function<size_t(const Imcu&, uint32_t, size_t)>& batch,
                  const std::function<void(const DataChunk&)>& chunk);
  bool NextInMemory(Piece& p, DataChunk& out, std::vector<RowId>* rowids, SessionStats& stats);
  void RefreshRuntimeFilters();
  //! The published filters whose Bloom bits this batch of IMCU `u` tests on the codes (the
  //! rest are tested on the decoded rows by ApplyMembership); sets untested_ and exact_.
  void ChooseRowProbes(const Imcu& u);
  //! Tests sel_[0, k) (rows of IMCU `u`'s batch [begin, begin + n)) against the chosen
  //! filters' bits, hashing the encoded keys, all but row_probes_[skip]; compacts sel_ and
  //! returns the rows kept.
  size_t ProbeRows(const Imcu& u, uint32_t begin, size_t n, size_t k, size_t skip = SIZE_MAX);
  //! sel_ = rows of the batch [begin, begin + n) in filter row_probes_[probe]'s exact key
  //! set, from the codes (ColumnCU::SelectKeys); counted as ProbeRows counts. Returns them.
  size_t SelectExact(const Imcu& u, uint32_t begin, size_t n, size_t probe);
  void ApplyMembership(DataChunk& out);
  void FinishRowStorePiece();

  const TableInfo* table_;
  std::vector<uint32_t> column_ids_;
  std::vector<LogicalType> types_;
  std::vector<size_t> decoded_, skipped_;
  ImSegment::Snapshot snap_;
  RowStoreFn row_store_;
  Simd simd_;
  std::vector<Piece> pieces_;
  size_t piece_ = 0;
  uint32_t row_ = 0;  //!< next row of the current in-memory piece
  std::unique_ptr<ScanSource> child_;
  // Predicates: the spec's, then ranges of run-time filters as they are published (a deque:
  // compiled tests point at them).
  std::deque<ScanPredicate> predicates_;
  //! Per predicates_ entry: the run-time filter whose range it is, or SIZE_MAX.
  std::vector<size_t> pred_filter_;
  std::vector<RuntimeFilterRef> runtime_;
  std::vector<bool> runtime_applied_;
  std::vector<std::vector<size_t>> runtime_output_;
  std::vector<std::vector<TypeId>> runtime_types_;  //!< per filter: its key columns' types
  // Join filters probed on the codes before any column is decoded: ~99% of a fact table's
  // rows may fail a selective dimension's bits, and hashing a NUMBER from its integer code
  // costs less than building the Decimal first (SOE d spent 64% in decoding and hashing).
  std::vector<size_t> row_probes_;  //!< filters probed this batch (indexes into runtime_)
  std::vector<bool> untested_;      //!< published and not probed this batch
  // Per filter: probed this batch against its exact key set on an integer CU. Its min/max
  // range is then not tested row by row: the key set's bit test rejects every row outside
  // it (SOE d spent a fifth of its in-memory scan testing a range nearly every row passes).
  // The range still prunes whole IMCUs (OpenImcu).
  std::vector<bool> exact_;
  std::vector<uint64_t> hashes_;
  std::vector<uint8_t> has_null_;  //!< a key NULL, then the rows a filter keeps
  std::vector<int64_t> ints_;
  bool done_ = false;
  //! Per IMCU: 0 not yet visited, 1 read, 2 pruned, 3 read and every row passes the spec's
  //! predicates (the compiled tests; used only without run-time filters).
  std::vector<uint8_t> imcu_state_;
  size_t compiled_for_ = SIZE_MAX;
  struct CompiledTest {
    uint32_t column;
    CodeTest test;
    size_t filter;  //!< the run-time filter whose range it is, or SIZE_MAX
  };
  std::vector<CompiledTest> tests_;  //!< for the open IMCU
  std::vector<uint8_t> mask_;
  std::vector<uint32_t> sel_;
  std::vector<uint8_t> scratch_;  //!< bit-packed codes unpacked for one batch
  ScanAccess access_;
  ScanCounters counters_;
  std::function<void()> interrupt_;
};

//! The `IM scan CUs memcompress for ...` statistic of a compression level.
Stat CompressionStat(InMemoryCompression c);

}  // namespace pathdb::storage::im
