// The size of one work area (a sort, a hash table): the one figure both the planner's cost
// model (CostParams::work_area_bytes) and the executor (ExecContext::work_area_bytes) use, so
// a plan is costed with the memory it will run with.
#pragma once
#include <algorithm>
#include <cstdint>

namespace pathdb {

//! Memory one serial work area may take before it spills to temporary files: 5% of
//! pga_aggregate_target (Oracle's serial _smm_max_size rule), at least 64 KiB.
constexpr uint64_t WorkAreaBytes(uint64_t pga_aggregate_target) {
  return std::max<uint64_t>(64 << 10, pga_aggregate_target / 20);
}

}  // namespace pathdb
