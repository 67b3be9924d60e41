// Internal to storage/: the aggregates a heap scan computes on the stored fields of the rows
// that pass its predicates (HeapScan::Aggregate), instead of decoding them into output vectors
// for SORT AGGREGATE: COUNT(*), COUNT(col), SUM(col) of a NUMBER, MIN/MAX(col) of a NUMBER,
// DATE or TIMESTAMP.
//
// Why: a filtered COUNT or SUM over a big table spent a third of its time building 32-byte
// Decimal vectors that the aggregate read once.
//
// A SUM must equal SORT AGGREGATE's row-by-row Decimal addition, which rounds a partial sum to
// 38 significant digits when it needs more: while every partial sum is exact the fold adds
// coefficients of scale 0..18 below 10^18 into one exact 128-bit accumulator at the largest
// scale seen; at the first value that could make a partial sum inexact (or any other value)
// it hands the exact sum so far to Decimal addition and adds the rest row by row, as
// SORT AGGREGATE does, so both round at the same rows the same way.
//
// Threads: one scan's thread.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/decimal.h"
#include "common/value.h"
#include "storage/row_codec.h"
#include "storage/scan_predicates.h"
#include "storage/scan_spec.h"

namespace pathdb::storage {

class HeapScanFold {
 public:
  //! `types[a]`: the type of aggregate a's column. REQUIRES: RowStoreScanAggregates(aggs[a],
  //! types[a]).
  HeapScanFold(std::vector<ScanAggregate> aggs, std::vector<LogicalType> types)
      : aggs_(std::move(aggs)), types_(std::move(types)) {
    acc_.resize(aggs_.size());
    counts_only_ = std::all_of(aggs_.begin(), aggs_.end(), [](const ScanAggregate& g) {
      return g.kind == ScanAggregate::Kind::kCountStar;
    });
  }

  //! One row that passed, split into `fields` (indexed by table column; the aggregated columns
  //! among them); `limit`: a reader may load up to there (the fields lie before it).
  // Small enough to inline: a filtered COUNT(*) then costs the scan one increment a row
  // instead of a call and a loop over its aggregates (a third of such a scan's instructions).
  void Add(const Field* fields, const char* limit) {
    ++rows_;
    if (!counts_only_) AddValues(fields, limit);
  }

  //! The rows sel[0, count) of a batch that passed: row r split into rows[r * width, (r + 1)
  //! * width) (indexed by table column); `limit` as for Add. The same result as Add of each
  //! row in sel's order.
  // Aggregate by aggregate, each over all the rows: the switch on its kind and the call are
  // paid once a batch instead of once a row (a third of an unfiltered COUNT(col)).
  void AddBatch(const Field* rows, size_t width, const uint32_t* sel, size_t count,
                const char* limit) {
    rows_ += count;
    if (counts_only_) return;
    for (size_t a = 0; a < aggs_.size(); ++a) {
      const ScanAggregate& g = aggs_[a];
      Acc& s = acc_[a];
      const Field* col = rows + g.column;
      switch (g.kind) {
        case ScanAggregate::Kind::kCountStar:
          break;
        case ScanAggregate::Kind::kCount:
          for (size_t j = 0; j < count; ++j) s.count += !col[size_t{sel[j]} * width].is_null;
          break;
        case ScanAggregate::Kind::kSum:
          for (size_t j = 0; j < count; ++j) {
            const Field& f = col[size_t{sel[j]} * width];
            if (!f.is_null) AddSum(s, f.bytes, limit);
          }
          break;
        case ScanAggregate::Kind::kMin:
        case ScanAggregate::Kind::kMax:
          for (size_t j = 0; j < count; ++j) {
            const Field& f = col[size_t{sel[j]} * width];
            if (f.is_null) continue;
            ++s.count;
            Extreme(s, f.bytes, types_[a].id, g.kind == ScanAggregate::Kind::kMin);
          }
          break;
      }
    }
  }

  //! One Value per aggregate: COUNT as INTEGER, SUM as NUMBER, MIN/MAX in the column's type
  //! (NULL when no row had a value). ORA-01426 when a SUM overflows.
  std::vector<Value> Result() const;

 private:
  void AddValues(const Field* fields, const char* limit) {
    for (size_t a = 0; a < aggs_.size(); ++a) {
      const ScanAggregate& g = aggs_[a];
      if (g.kind == ScanAggregate::Kind::kCountStar) continue;
      const Field& f = fields[g.column];
      if (f.is_null) continue;
      Acc& s = acc_[a];
      switch (g.kind) {
        case ScanAggregate::Kind::kCount:
          ++s.count;
          break;
        case ScanAggregate::Kind::kSum:
          AddSum(s, f.bytes, limit);
          break;
        case ScanAggregate::Kind::kMin:
        case ScanAggregate::Kind::kMax:
          ++s.count;
          Extreme(s, f.bytes, types_[a].id, g.kind == ScanAggregate::Kind::kMin);
          break;
        default:
          break;
      }
    }
  }

  static constexpr int32_t kMaxScale = 18;
  //! 10^18: below it (at scale <= kMaxScale) a coefficient is added to the exact accumulator.
  static constexpr int64_t kSmall = 1'000'000'000'000'000'000;
  static constexpr int128 kTen38 = int128{kSmall} * kSmall * 100;
  static constexpr std::array<int64_t, kMaxScale + 1> kPow10 = [] {
    std::array<int64_t, kMaxScale + 1> p{};
    p[0] = 1;
    for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
    return p;
  }();
  struct Acc {
    uint64_t count = 0;
    int128 exact = 0;         //!< the sum so far times 10^scale, |exact| < 10^38
    int32_t scale = 0;        //!< the largest scale added to `exact`
    bool row_by_row = false;  //!< `exact` was handed to `sum`; values go to `sum` directly
    Decimal sum{};            //!< the row-by-row sum (with `exact` handed over)
    // MIN/MAX: the best value so far, compared decoded, kept as stored.
    Decimal best_num{};
    int64_t best_i64 = 0;
    std::string best;
  };
  //! MIN (`min`) or MAX of a NUMBER, DATE or TIMESTAMP field: the first of equal values stays.
  static void Extreme(Acc& s, std::string_view bytes, TypeId type, bool min) {
    const bool first = s.count == 1;
    if (type == TypeId::kNumber) {
      const Decimal d = DecodeDecimal(bytes);
      if (!first && (min ? !(d < s.best_num) : !(d > s.best_num))) return;
      s.best_num = d;
    } else {
      const int64_t v = ReadI64(bytes);
      if (!first && (min ? v >= s.best_i64 : v <= s.best_i64)) return;
      s.best_i64 = v;
    }
    s.best.assign(bytes);
  }
  //! SUM of one non-NULL stored NUMBER, counted.
  static void AddSum(Acc& s, std::string_view bytes, const char* limit) {
    ++s.count;
    // One 8-byte load, no branch on the stored length (SUM's values vary in length).
    int64_t coef;
    int32_t scale;
    if (!DecodeSmallNumber(bytes, limit, coef, scale)) {
      AddNumber(s, DecodeDecimal(bytes));
    } else if (!AddSmall(s, coef, scale)) {
      AddNumber(s, Decimal{coef, scale});
    }
  }
  //! AddExact's common case inline, on a coefficient that fits 64 bits: a value of at most
  //! the accumulator's scale, scaled up to it by one multiplication. False (s unchanged) for
  //! anything else.
  static bool AddSmall(Acc& s, int64_t coef, int32_t scale) {
    const int32_t up = s.scale - scale;
    if (s.row_by_row || static_cast<uint32_t>(up) > kMaxScale || scale < 0 || coef >= kSmall ||
        coef <= -kSmall) {
      return false;
    }
    const int128 acc = s.exact + static_cast<int128>(coef) * kPow10[static_cast<size_t>(up)];
    if (acc >= kTen38 || acc <= -kTen38) return false;
    s.exact = acc;
    return true;
  }
  static void AddNumber(Acc& s, const Decimal& d) {
    if (!s.row_by_row && d.scale >= 0 && d.scale <= kMaxScale && d.coef < kSmall &&
        d.coef > -kSmall && AddExact(s, static_cast<int64_t>(d.coef), d.scale)) {
      return;
    }
    if (!s.row_by_row) {
      s.sum = ExactSum(s);
      s.row_by_row = true;
    }
    s.sum = s.sum + d;
  }
  //! Adds coef * 10^-scale to s.exact when the partial sum stays exact; false (and s
  //! unchanged) when it might not.
  static bool AddExact(Acc& s, int64_t coef, int32_t scale);
  static Decimal ExactSum(const Acc& s) {
    return s.exact == 0 ? Decimal{} : Decimal{s.exact, s.scale};
  }

  std::vector<ScanAggregate> aggs_;
  std::vector<LogicalType> types_;
  std::vector<Acc> acc_;
  uint64_t rows_ = 0;
  bool counts_only_ = false;  //!< every aggregate is COUNT(*): Add only counts
};

}  // namespace pathdb::storage
