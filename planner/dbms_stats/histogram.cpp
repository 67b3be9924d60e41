// Histograms from a column's distinct values and their counts: frequency, top-frequency,
// hybrid and height-balanced, with Oracle's bucket rules and densities; and SIZE AUTO's test
// for a skewed column.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "planner/dbms_stats/dbms_stats.h"

namespace pathdb::planner {

bool IsSkewed(uint64_t max_count, uint64_t min_count, uint64_t non_null_rows,
              uint64_t num_distinct) {
  if (num_distinct < 2 || num_distinct >= non_null_rows) return false;
  // Compared in integers: count vs average = non_null_rows / num_distinct.
  return max_count * num_distinct >= 2 * non_null_rows ||
         2 * min_count * num_distinct <= non_null_rows;
}

void BuildHistogram(const std::vector<ValueCount>& values, uint32_t buckets, bool auto_sample,
                    storage::ColumnStats& out) {
  using storage::HistogramBucket;
  using storage::HistogramType;
  const uint64_t ndv = values.size();
  uint64_t rows = 0;
  for (const auto& v : values) rows += v.count;
  out.buckets.clear();
  out.histogram = HistogramType::kNone;
  out.density = ndv ? 1.0 / static_cast<double>(ndv) : 0;
  if (buckets <= 1 || ndv == 0) return;

  if (ndv <= buckets) {
    // Frequency: one endpoint per value, ENDPOINT_NUMBER the running row count.
    uint64_t cum = 0;
    for (const auto& v : values) {
      cum += v.count;
      out.buckets.push_back({v.value, cum, 0});
    }
    out.histogram = HistogramType::kFrequency;
    out.density = 0.5 / static_cast<double>(rows);
    return;
  }

  if (auto_sample) {
    // Top-frequency when the N most frequent values cover at least (1 - 1/N) of the rows.
    std::vector<size_t> order(ndv);
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return values[a].count > values[b].count; });
    uint64_t top = 0;
    for (size_t k = 0; k < buckets; ++k) top += values[order[k]].count;
    const double threshold = (1.0 - 1.0 / buckets) * static_cast<double>(rows);
    if (static_cast<double>(top) >= threshold) {
      // Oracle keeps the low and high values in a top-frequency histogram, in place of the
      // least frequent of the top values.
      std::vector<size_t> chosen{0, static_cast<size_t>(ndv - 1)};
      for (size_t k = 0; k < ndv && chosen.size() < buckets; ++k)
        if (order[k] != 0 && order[k] != ndv - 1) chosen.push_back(order[k]);
      std::sort(chosen.begin(), chosen.end());
      uint64_t cum = 0;
      for (size_t k : chosen) {
        cum += values[k].count;
        out.buckets.push_back({values[k].value, cum, 0});
      }
      out.histogram = HistogramType::kTopFrequency;
      const uint64_t rest_ndv = ndv - chosen.size();
      out.density = rest_ndv ? static_cast<double>(rows - cum) / static_cast<double>(rows) /
                                   static_cast<double>(rest_ndv)
                             : 0.5 / static_cast<double>(rows);
      return;
    }
    // Hybrid: buckets of about rows/N rows that never split a value; each endpoint also
    // records how many rows equal it (ENDPOINT_REPEAT_COUNT). The low value is an endpoint of
    // its own, the high value always the last one.
    const double size = static_cast<double>(rows) / buckets;
    uint64_t cum = 0, last_end = 0;
    for (size_t k = 0; k < ndv; ++k) {
      cum += values[k].count;
      const bool first = k == 0, last = k + 1 == ndv;
      const bool room = out.buckets.size() + 1 < buckets;
      if (first || last || (room && static_cast<double>(cum - last_end) >= size)) {
        out.buckets.push_back({values[k].value, cum, values[k].count});
        last_end = cum;
      }
    }
    uint64_t popular_rows = 0, popular = 0;
    for (const auto& b : out.buckets) {
      if (static_cast<double>(b.repeat_count) >= size) {
        popular_rows += b.repeat_count;
        ++popular;
      }
    }
    out.histogram = HistogramType::kHybrid;
    out.density = ndv > popular ? static_cast<double>(rows - popular_rows) /
                                      static_cast<double>(rows) / static_cast<double>(ndv - popular)
                                : 0.5 / static_cast<double>(rows);
    return;
  }

  // Height-balanced (an explicit ESTIMATE_PERCENT): endpoint k is the value at row
  // ceil(k * rows / N) in sorted order, endpoint 0 the low value; runs of equal endpoints keep
  // only the highest number, so a popular value shows as a jump in ENDPOINT_NUMBER.
  std::vector<std::pair<uint64_t, size_t>> raw;  // endpoint number, value index
  size_t vi = 0;
  uint64_t cum = values[0].count;
  for (uint32_t k = 0; k <= buckets; ++k) {
    const uint64_t pos = k == 0 ? 1 : (k * rows + buckets - 1) / buckets;
    while (cum < pos && vi + 1 < ndv) cum += values[++vi].count;
    raw.emplace_back(k, vi);
  }
  std::vector<uint32_t> endpoints_per_value(ndv, 0);
  for (size_t k = 1; k < raw.size(); ++k) ++endpoints_per_value[raw[k].second];
  for (size_t k = 0; k < raw.size(); ++k) {
    if (k + 1 < raw.size() && raw[k + 1].second == raw[k].second) continue;
    out.buckets.push_back({values[raw[k].second].value, raw[k].first, 0});
  }
  // Density over the non-popular values (popular: at least two endpoints), as Oracle's
  // sum(count^2) / (rows * sum(count)).
  double sq = 0, lin = 0;
  for (size_t k = 0; k < ndv; ++k) {
    if (endpoints_per_value[k] >= 2) continue;
    const double c = static_cast<double>(values[k].count);
    sq += c * c;
    lin += c;
  }
  out.histogram = HistogramType::kHeightBalanced;
  out.density = lin > 0 ? sq / (static_cast<double>(rows) * lin) : 0.5 / static_cast<double>(rows);
}

}  // namespace pathdb::planner
