#include "storage/direct_read_decision.h"

#include <fmt/format.h>

namespace pathdb::storage {

namespace {

// Oracle's medium table threshold is 5 x _small_table_threshold (10% of the cache); it is not
// configurable. The cached and dirty shares are the published heuristics (Fatkulin, 11.2).
constexpr uint64_t kMediumFactor = 5;
constexpr uint64_t kCachedPercentLimit = 50;
constexpr uint64_t kDirtyPercentLimit = 25;

bool FitsBigTableCache(const DirectReadInputs& in) {
  return in.big_table_cache_blocks > 0 && in.blocks <= in.big_table_cache_blocks;
}

uint64_t Percent(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0 : part * 100 / whole;
}

}  // namespace

uint64_t MediumTableBlocks(uint64_t small_table_threshold) {
  return kMediumFactor * small_table_threshold;
}

bool DirectReadNeedsCacheCounts(const DirectReadInputs& in) {
  return in.mode == SerialDirectRead::kAuto && !in.under_dml &&
         in.blocks > kMediumFactor * in.small_table_threshold && !FitsBigTableCache(in);
}

DirectReadDecision DecideDirectRead(const DirectReadInputs& in) {
  DirectReadDecision d;
  const uint64_t stt = in.small_table_threshold;
  d.long_table = in.blocks > stt;
  const std::string size = in.blocks_from_statistics
                               ? fmt::format("{} {}", in.statistic, in.blocks)
                               : fmt::format("segment {} blocks", in.blocks);
  if (in.under_dml) {
    d.reason = "buffered (the statement changes data while it scans)";
    return d;
  }
  if (in.mode == SerialDirectRead::kAlways) {
    d.direct = true;
    d.reason = fmt::format("direct path read (_serial_direct_read = ALWAYS, {})", size);
    return d;
  }
  if (in.mode == SerialDirectRead::kNever) {
    d.reason = fmt::format("buffered (_serial_direct_read = NEVER, {})", size);
    return d;
  }
  if (in.blocks <= stt) {
    d.reason = fmt::format("buffered ({} <= _small_table_threshold {})", size, stt);
    return d;
  }
  if (in.blocks <= kMediumFactor * stt) {
    d.long_table = false;  // Oracle counts a medium table read into the cache as short
    d.reason = fmt::format("buffered ({} <= 5 x _small_table_threshold {})", size, stt);
    return d;
  }
  if (FitsBigTableCache(in)) {
    d.keep_cached = true;
    d.reason = fmt::format(
        "buffered ({} > 5 x _small_table_threshold {}, fits the big table cache: {} blocks, "
        "db_big_table_cache_percent_target {})",
        size, stt, in.big_table_cache_blocks, in.big_table_cache_percent);
    return d;
  }
  const uint64_t base = in.segment_blocks > 0 ? in.segment_blocks : in.blocks;
  const uint64_t cached = Percent(in.cached, base);
  const uint64_t dirty = Percent(in.dirty, base);
  if (cached >= kCachedPercentLimit) {
    d.reason = fmt::format("buffered ({} > 5 x _small_table_threshold {}, but {}% cached)", size,
                           stt, cached);
    return d;
  }
  if (dirty >= kDirtyPercentLimit) {
    d.reason = fmt::format("buffered ({} > 5 x _small_table_threshold {}, but {}% dirty)", size,
                           stt, dirty);
    return d;
  }
  d.direct = true;
  d.reason = fmt::format("direct path read ({} > 5 x _small_table_threshold {}, {}% cached)", size,
                         stt, cached);
  return d;
}

}  // namespace pathdb::storage
