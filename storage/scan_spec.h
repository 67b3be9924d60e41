// ScanSpec: everything a full scan of a heap segment is opened from — the columns wanted,
// simple predicates the scan evaluates itself, an optional block range and the run-time
// filters other operators publish while the scan runs. A value type: the executor keeps one
// in the (immutable) plan and hands a per-execution copy, with that execution's run-time
// filters attached, to Database::BeginScan.
//
// Threads: a ScanSpec is plain data. A RuntimeFilter is published by one thread (its
// producer) and read by the scans holding it; publication is a release store of
// `published`, so a reader that sees it published sees the whole filter.
#pragma once
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/value.h"
#include "common/vector.h"

namespace pathdb::storage {

struct TableInfo;

//! A comparison operator, typed (the executor parses the SQL text once: ParseCompareOp).
enum class CompareOp : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };

//! Whether `a op b` holds, given c = the sign of a three-way compare of a with b.
inline bool Holds(CompareOp op, int c) {
  switch (op) {
    case CompareOp::kEq:
      return c == 0;
    case CompareOp::kNe:
      return c != 0;
    case CompareOp::kLt:
      return c < 0;
    case CompareOp::kLe:
      return c <= 0;
    case CompareOp::kGt:
      return c > 0;
    case CompareOp::kGe:
      return c >= 0;
  }
  return false;
}

//! The operator with its operands swapped: a < b is b > a.
inline CompareOp Mirrored(CompareOp op) {
  switch (op) {
    case CompareOp::kLt:
      return CompareOp::kGt;
    case CompareOp::kLe:
      return CompareOp::kGe;
    case CompareOp::kGt:
      return CompareOp::kLt;
    case CompareOp::kGe:
      return CompareOp::kLe;
    default:
      return op;
  }
}

//! A predicate on one column that the scan evaluates on the decoded column before it builds
//! any output vector (a row failing it costs no output decoding). A row passes only when the
//! predicate is TRUE; NULL fails every kind but kIsNull.
struct ScanPredicate {
  enum class Kind : uint8_t { kCompare, kInList, kIsNull, kIsNotNull };
  Kind kind = Kind::kCompare;
  uint32_t column = 0;  //!< table column position
  CompareOp op = CompareOp::kEq;
  //! kCompare: the constant; kInList: the list (NULL elements dropped: they never make the
  //! predicate TRUE). REQUIRES: non-NULL values whose TypeId equals the column's, of a type
  //! the scan compares itself (NUMBER, VARCHAR2, DATE, TIMESTAMP: see ScanCanEvaluate).
  std::vector<Value> values;
};

//! True when the scan can evaluate `op` between a column of type `column` and a constant of
//! type `constant` exactly as the executor's comparison would.
bool ScanCanEvaluate(const LogicalType& column, const LogicalType& constant);

//! Data blocks [begin, end) of the segment in scan order (0 = first data block): the granule
//! a parallel-query worker will scan. The default is the whole segment.
struct BlockRange {
  uint64_t begin = 0;
  uint64_t end = std::numeric_limits<uint64_t>::max();
};

//! A run-time filter on one or more columns (a join filter on a multi-column key tests the
//! key tuple): per key column a [min, max] range the scan checks against each region's
//! storage-index summary and each row, and a membership test it applies to each batch.
//! Until its producer publishes it, it passes everything; it may pass rows it could have
//! dropped, never drop a row that matches.
class RuntimeFilter {
 public:
  virtual ~RuntimeFilter() = default;
  bool published() const { return published_.load(std::memory_order_acquire); }
  //! REQUIRES: published(). No row can match (e.g. the join's build side was empty).
  bool empty() const { return empty_; }
  //! REQUIRES: published(). Non-NULL bounds of the values key column `k` may match with, when
  //! known (std::nullopt past the last key column).
  const std::optional<Value>& min(size_t k = 0) const { return k < min_.size() ? min_[k] : none_; }
  const std::optional<Value>& max(size_t k = 0) const { return k < max_.size() ? max_[k] : none_; }
  //! REQUIRES: published(); keys.size() = the filter's key columns, each aligned with `chunk`'s
  //! physical rows. Shrinks `chunk`'s selection to rows whose key tuple may match; the default
  //! keeps every row (a range-only filter). Not thread-safe: a filter with probe statistics
  //! is probed by one scan at a time.
  virtual void ApplyMembership(const std::vector<const Vector*>& keys, DataChunk& chunk) const;
  //! REQUIRES: published(). False when no value of key column `k` in [lo, hi] (non-NULL values
  //! of the column's type: a storage-index region's range) can match: the scan skips the
  //! region. Beyond the single [min, max], a filter whose keys fall into a few clustered
  //! ranges answers false for the gaps between them. The default answers true.
  virtual bool MayMatchRange(size_t k, const Value& lo, const Value& hi) const;

  // Probing stored rows before they are decoded: when most rows fail a filter, hashing the key
  // fields in the row costs far less than decoding every column of every row first.
  //! REQUIRES: published(). True when the filter currently wants its bits probed and can take
  //! key column k's stored values of type column_types[k] hashed as common/hash.h and
  //! Decimal::Hash do (NUMBER: the Decimal's hash, DATE and intervals: MixHash of the int64),
  //! combined with CombineHash from 0. Otherwise the scan calls ApplyMembership on batches.
  virtual bool ProbesRows(const std::vector<TypeId>& column_types) const {
    (void)column_types;
    return false;
  }
  //! REQUIRES: ProbesRows(...). False when no key tuple with this combined hash can match.
  virtual bool MayContainHash(uint64_t hash) const {
    (void)hash;
    return true;
  }
  //! REQUIRES: ProbesRows(...). MayContainHash for n hashes at once: clears keep[i] for each
  //! hashes[i] that cannot match (leaves the others). One call per block of rows, so the
  //! probes' memory accesses overlap; the default loops over MayContainHash.
  virtual void MayContainHashes(const uint64_t* hashes, size_t n, uint8_t* keep) const {
    for (size_t i = 0; i < n; ++i) {
      if (!MayContainHash(hashes[i])) keep[i] = 0;
    }
  }
  //! The exact set of a single NUMBER key column's build keys when every one is an integer
  //! and they lie close together: bit (v - lo) of `words` is set for each key v in
  //! [lo, lo + bits). A scan holding the integer values of its key tests them here instead of
  //! hashing them: one bit test a row, and no false positives.
  struct IntegerKeySet {
    int64_t lo = 0;
    uint64_t bits = 0;
    std::vector<uint64_t> words;
    bool Contains(int64_t v) const {
      const uint64_t at = static_cast<uint64_t>(v) - static_cast<uint64_t>(lo);
      return at < bits && ((words[at >> 6] >> (at & 63)) & 1) != 0;
    }
    //! Contains for the decimal coef x 10^-scale (false when it is no 64-bit integer: a
    //! fraction never equals an integer key).
    bool ContainsScaled(int64_t coef, int32_t scale) const {
      int64_t v;
      return Decimal::SmallToInteger(coef, scale, v) && Contains(v);
    }
  };
  //! REQUIRES: published(). The filter's IntegerKeySet, or nullptr when it keeps none.
  virtual const IntegerKeySet* integer_keys() const { return nullptr; }
  //! REQUIRES: ProbesRows(...). Rows the scan probed and rejected since its last call: the
  //! filter's statistics and its decision to stop probing.
  virtual void ObserveRows(uint64_t probed, uint64_t rejected) const {
    (void)probed;
    (void)rejected;
  }

 protected:
  //! Producer side: called once, before any reader may rely on the values. min/max per key
  //! column.
  void Publish(bool empty, std::vector<std::optional<Value>> min,
               std::vector<std::optional<Value>> max);
  //! One key column.
  void Publish(bool empty, std::optional<Value> min, std::optional<Value> max) {
    Publish(empty, std::vector<std::optional<Value>>{std::move(min)},
            std::vector<std::optional<Value>>{std::move(max)});
  }

 private:
  std::atomic<bool> published_{false};
  bool empty_ = false;
  std::vector<std::optional<Value>> min_, max_;
  std::optional<Value> none_;
};

//! A run-time filter attached to columns of a scan: key column k of the filter is table
//! column columns[k].
struct RuntimeFilterRef {
  std::vector<uint32_t> columns;  //!< table column positions, one per key column
  std::shared_ptr<const RuntimeFilter> filter;
};

//! An aggregate a scan may compute itself, without building rows (SORT AGGREGATE over an
//! in-memory scan): COUNT(*), COUNT(col), SUM(col) of a NUMBER, MIN/MAX(col) of a NUMBER,
//! DATE, TIMESTAMP or VARCHAR2 column.
struct ScanAggregate {
  enum class Kind : uint8_t { kCountStar, kCount, kSum, kMin, kMax };
  Kind kind = Kind::kCountStar;
  uint32_t column = 0;  //!< table column (not used by kCountStar)
};

//! A NUMBER expression a scan evaluates itself for ScanGroupBy: postfix steps over table
//! columns of type NUMBER and NUMBER constants with + - * (TPC-H Q1's l_extendedprice * (1 -
//! l_discount) * (1 + l_tax)). Its value is exactly what the executor's NUMBER operators give
//! (NULL when any column is NULL).
struct ScanArith {
  enum class Op : uint8_t { kColumn, kConstant, kAdd, kSubtract, kMultiply };
  struct Step {
    Op op = Op::kColumn;
    uint32_t column = 0;  //!< kColumn: table column
    Decimal constant{};   //!< kConstant
  };
  std::vector<Step> steps;
};

//! GROUP BY a scan may compute itself (SORT/HASH GROUP BY over an in-memory scan): the
//! groups of table columns `keys` and, per group, each aggregate of a ScanArith.
struct ScanGroupBy {
  struct Aggregate {
    //! kSum also counts (AVG is its sum and count); kCount counts non-NULL values.
    enum class Kind : uint8_t { kCountStar, kCount, kSum, kMin, kMax };
    Kind kind = Kind::kCountStar;
    ScanArith arg;  //!< empty for kCountStar
  };
  std::vector<uint32_t> keys;  //!< table columns
  std::vector<Aggregate> aggs;
  //! The scan declines unless it can tell before reading that there will be at most this
  //! many groups (the operator's work area: HASH GROUP BY would spill beyond it).
  uint64_t max_groups = UINT64_MAX;
};

//! What a scan computed for a ScanGroupBy: groups in the order their first row comes in the
//! scan (the order HASH GROUP BY returns its groups), keys as the scan returns them.
struct ScanGroups {
  struct Accumulator {
    uint64_t count = 0;  //!< rows (kCountStar) or non-NULL values
    bool has = false;    //!< `value` holds a sum (kSum) or the least/greatest value
    Decimal value{};
  };
  std::vector<std::vector<Value>> keys;        //!< [group][key]
  std::vector<std::vector<Accumulator>> aggs;  //!< [aggregate][group]
};

//! Whether the row-store scan computes `g` over a column of type `type` (HeapScan::Aggregate):
//! COUNT(*), COUNT, SUM of NUMBER, MIN/MAX of NUMBER, DATE, TIMESTAMP.
inline bool RowStoreScanAggregates(const ScanAggregate& g, const LogicalType& type) {
  switch (g.kind) {
    case ScanAggregate::Kind::kCountStar:
    case ScanAggregate::Kind::kCount:
      return true;
    case ScanAggregate::Kind::kSum:
      return type.id == TypeId::kNumber;
    case ScanAggregate::Kind::kMin:
    case ScanAggregate::Kind::kMax:
      return type.id == TypeId::kNumber || type.id == TypeId::kDate ||
             type.id == TypeId::kTimestamp;
  }
  return false;
}

struct ScanSpec {
  const TableInfo* table = nullptr;
  //! Columns to output, in order (storage::kRowIdColumn for the packed ROWID).
  std::vector<uint32_t> column_ids;
  //! Per output column (may be shorter): true when no one reads it (e.g. a column only the
  //! scan's own predicates use). It is output as NULL and never decoded. Ignored for a
  //! column a run-time filter tests.
  std::vector<bool> skip_output;
  std::vector<ScanPredicate> predicates;
  BlockRange blocks;
  //! Attached at Open (per execution); their contents may be published after Open.
  std::vector<RuntimeFilterRef> runtime_filters;
  //! The statement changes tables while the scan runs (UPDATE, DELETE, INSERT ... SELECT):
  //! the scan reads through the buffer cache, as Oracle reads direct only for queries.
  bool under_dml = false;
  //! The plan chose TABLE ACCESS INMEMORY FULL: the scan reads the table's in-memory copy
  //! where it has one (storage/inmemory/im_scan.h), the row store elsewhere.
  bool inmemory = false;
};

//! How a scan reads its blocks, decided by the storage layer when the scan begins.
struct ScanAccess {
  bool direct = false;  //!< direct path reads into private buffers (else the buffer cache)
  //! Why, for ALLSTATS LAST's Note, e.g. "direct path read (segment 21504 blocks > 5 x
  //! _small_table_threshold 1011, 3% cached)".
  std::string reason;
  //! The reader behind a direct scan: "io_uring" or "threads", with "O_DIRECT" or not.
  std::string reader;
};

//! What one scan did, beyond the session statistics (for ALLSTATS and tests).
struct ScanCounters {
  uint64_t regions = 0;                //!< regions reached (read or skipped)
  uint64_t regions_skipped = 0;        //!< skipped by the storage index before any read
  uint64_t bytes_skipped = 0;          //!< the skipped regions' bytes
  uint64_t rows_read = 0;              //!< rows decoded from the blocks read
  uint64_t rows_returned = 0;          //!< rows that passed the predicates and ranges
  uint64_t rows_rejected_runtime = 0;  //!< dropped by run-time membership tests
  //! Dropped by predicates and run-time ranges.
  uint64_t rows_rejected() const { return rows_read - rows_returned; }
};

}  // namespace pathdb::storage
