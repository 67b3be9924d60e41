// HeapScan::Aggregate: SORT AGGREGATE's COUNT, SUM, MIN and MAX computed while the scan splits its
// rows (storage/heap_scan_fold.h), no output vectors built.
#include "storage/heap_scan.h"
#include "storage/heap_scan_fold.h"

namespace pathdb::storage {

bool HeapScanFold::AddExact(Acc& s, int64_t coef, int32_t scale) {
  int128 acc = s.exact;
  int128 term = coef;
  if (scale > s.scale) {
    // Re-scale the accumulator up; |exact| < 10^38 / 10^k keeps it below 10^38.
    const int128 f = kPow10[static_cast<size_t>(scale - s.scale)];
    if (acc >= kTen38 / f || acc <= -kTen38 / f) return false;
    acc *= f;
  } else if (scale < s.scale) {
    // |coef| < 10^18, factor <= 10^18: below 10^36
    term *= kPow10[static_cast<size_t>(s.scale - scale)];
  }
  acc += term;  // both below 10^38 in magnitude: no 128-bit overflow
  if (acc >= kTen38 || acc <= -kTen38) return false;
  s.exact = acc;
  s.scale = std::max(s.scale, scale);
  return true;
}

std::vector<Value> HeapScanFold::Result() const {
  std::vector<Value> out;
  for (size_t a = 0; a < aggs_.size(); ++a) {
    const Acc& s = acc_[a];
    switch (aggs_[a].kind) {
      case ScanAggregate::Kind::kCountStar:
        out.push_back(Value::Integer(static_cast<int64_t>(rows_)));
        break;
      case ScanAggregate::Kind::kCount:
        out.push_back(Value::Integer(static_cast<int64_t>(s.count)));
        break;
      case ScanAggregate::Kind::kSum: {
        if (s.count == 0) {
          out.push_back(Value::Null(LogicalType::Number()));
          break;
        }
        out.push_back(Value::Number(s.row_by_row ? s.sum : ExactSum(s), LogicalType::Number()));
        break;
      }
      case ScanAggregate::Kind::kMin:
      case ScanAggregate::Kind::kMax:
        out.push_back(s.count == 0 ? Value::Null(types_[a]) : DecodeValue(s.best, types_[a]));
        break;
    }
  }
  return out;
}

HeapScan::~HeapScan() = default;

std::optional<std::vector<Value>> HeapScan::Aggregate(const std::vector<ScanAggregate>& aggs,
                                                      SessionStats& stats) {
  using K = ScanAggregate::Kind;
  // Only a scan that has not started, without run-time filters (their membership tests run
  // on output vectors), folds; anything else returns rows as usual.
  if (!runtime_.empty() || done_ || pos_ != begin_ || slot_ != 0 || counters_.rows_read != 0) {
    return std::nullopt;
  }
  std::vector<LogicalType> types;
  for (const ScanAggregate& g : aggs) {
    if (g.kind == K::kCountStar) {
      types.push_back(LogicalType::Integer());
      continue;
    }
    if (g.column >= needed_.size() || !needed_[g.column]) return std::nullopt;
    types.push_back(table_->columns[g.column].type);
    if (!RowStoreScanAggregates(g, types.back())) return std::nullopt;
  }
  fold_ = std::make_unique<HeapScanFold>(aggs, std::move(types));
  DataChunk unused;
  while (Next(unused, nullptr, stats)) {
  }
  std::vector<Value> result = fold_->Result();
  fold_.reset();
  return result;
}

}  // namespace pathdb::storage
