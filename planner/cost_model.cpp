#include "planner/cost_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace pathdb::planner::cost {

int Cost::cpu_percent() const {
  double t = total();
  if (t <= 0) return 0;
  return static_cast<int>(std::lround(cpu / t * 100));
}

double CostModel::CpuCost(double cycles) const {
  return cycles / (p_.cpuspeed_mhz * 1000.0 * p_.sreadtim_ms);
}

Cost CostModel::FullScan(double blocks, double rows, int predicates) const {
  Cost c;
  c.io = std::ceil(blocks / p_.mbrc * (p_.mreadtim_ms / p_.sreadtim_ms));
  if (p_.table_scan_cost_plus_one) c.io += 1;
  c.cpu = CpuCost(blocks * p_.cpu_per_block + rows * p_.cpu_per_row +
                  rows * predicates * p_.cpu_per_predicate);
  return c;
}

Cost CostModel::InMemoryScan(double blocks, double rows, int predicates) const {
  Cost c;
  const double compressed = blocks / std::max(1.0, p_.im_compression_ratio);
  c.io = std::ceil(compressed / p_.mbrc * (p_.mreadtim_ms / p_.sreadtim_ms) * p_.im_read_factor);
  c.cpu = CpuCost(rows * p_.cpu_per_im_row + rows * predicates * p_.cpu_per_im_predicate);
  return c;
}

Cost CostModel::IndexUniqueScan(uint32_t blevel) const {
  double adj = p_.optimizer_index_cost_adj / 100.0;
  return {(blevel + 1.0) * adj, CpuCost((blevel + 1.0) * p_.cpu_per_block)};
}

Cost CostModel::IndexRangeScan(uint32_t blevel, double leaf_blocks, double ix_sel,
                               double rows) const {
  double adj = p_.optimizer_index_cost_adj / 100.0;
  double cached = 1.0 - p_.optimizer_index_caching / 100.0;
  double leaves = std::ceil(std::clamp(ix_sel, 0.0, 1.0) * leaf_blocks);
  Cost c;
  c.io = (blevel + leaves * cached) * adj;
  c.cpu = CpuCost((blevel + leaves) * p_.cpu_per_block + rows * p_.cpu_per_index_entry);
  return c;
}

Cost CostModel::TableAccessByRowid(double clustering_factor, double sel_with_filters,
                                   double rows) const {
  double adj = p_.optimizer_index_cost_adj / 100.0;
  double visits = std::ceil(std::clamp(sel_with_filters, 0.0, 1.0) * clustering_factor);
  return {visits * adj, CpuCost(visits * p_.cpu_per_block + rows * p_.cpu_per_row)};
}

Cost CostModel::IndexFullScan(uint32_t blevel, double leaf_blocks, double rows) const {
  double adj = p_.optimizer_index_cost_adj / 100.0;
  return {(blevel + leaf_blocks) * adj,
          CpuCost((blevel + leaf_blocks) * p_.cpu_per_block + rows * p_.cpu_per_index_entry)};
}

Cost CostModel::IndexFastFullScan(double leaf_blocks, double rows) const {
  Cost c = FullScan(leaf_blocks, 0, 0);
  c.cpu += CpuCost(rows * p_.cpu_per_index_entry);
  return c;
}

Cost CostModel::HashJoin(double build_rows, double build_bytes, double probe_rows,
                         double work_area_bytes) const {
  Cost c;
  c.cpu = CpuCost((build_rows + probe_rows) * p_.cpu_per_hash_row);
  if (build_bytes > work_area_bytes && work_area_bytes > 0) {
    // One pass: both inputs' spilled partitions are written and read back once.
    double spill_blocks =
        (build_bytes + build_bytes / std::max(build_rows, 1.0) * probe_rows) / 8192.0;
    c.io = 2 * std::ceil(spill_blocks / p_.mbrc * (p_.mreadtim_ms / p_.sreadtim_ms));
  }
  return c;
}

Cost CostModel::NestedLoops(const Cost& outer, double outer_rows, const Cost& inner_per_row) const {
  return outer + inner_per_row * std::max(outer_rows, 1.0);
}

Cost CostModel::Sort(double rows, double bytes, double work_area_bytes) const {
  Cost c;
  double n = std::max(rows, 1.0);
  c.cpu = CpuCost(n * std::log2(n + 1) * p_.cpu_per_compare);
  if (bytes > work_area_bytes && work_area_bytes > 0) {
    c.io = 2 * std::ceil(bytes / 8192.0 / p_.mbrc * (p_.mreadtim_ms / p_.sreadtim_ms));
  }
  return c;
}

std::string CostModel::TimeColumn(double cost) const {
  // Clamped before the cast: a hinted estimate of 1e30 rows would overflow int64 (UB).
  const double s = std::clamp(std::ceil(cost * p_.sreadtim_ms / 1000.0), 1.0, 3.6e9);
  const auto seconds = static_cast<int64_t>(s);
  return fmt::format("{:02}:{:02}:{:02}", seconds / 3600, (seconds / 60) % 60, seconds % 60);
}

}  // namespace pathdb::planner::cost
