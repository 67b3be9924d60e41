// The cost model: Oracle's CPU costing (oracle-reference.md 6.2, 6.3). A cost is time in units
// of one single-block read: (#SRds x sreadtim + #MRds x mreadtim + CPU cycles / cpuspeed) /
// sreadtim. Every constant is a named member of CostParams (planner/cost_params.h), built from
// the session's parameters, so plans can be explained and tuned; the defaults are Oracle's
// noworkload system statistics. A CostModel is immutable and may be shared between threads.
#pragma once
#include <cstdint>
#include <string>

#include "planner/cost_params.h"

namespace pathdb::planner::cost {

//! A cost split into its I/O and CPU parts (both in single-block-read units).
struct Cost {
  double io = 0;
  double cpu = 0;
  double total() const { return io + cpu; }
  //! The `(%CPU)` of a plan line.
  int cpu_percent() const;
  Cost operator+(const Cost& o) const { return {io + o.io, cpu + o.cpu}; }
  Cost operator*(double k) const { return {io * k, cpu * k}; }
};

class CostModel {
 public:
  explicit CostModel(CostParams p = {}) : p_(p) {}
  const CostParams& params() const { return p_; }

  //! CPU cycles as cost units.
  double CpuCost(double cycles) const;
  //! Full scan of `blocks` blocks with multiblock reads, `rows` rows, `predicates` filters.
  Cost FullScan(double blocks, double rows, int predicates) const;
  //! TABLE ACCESS INMEMORY FULL of a table of `blocks` blocks and `rows` rows: the compressed
  //! columns read from memory, `predicates` evaluated on codes.
  Cost InMemoryScan(double blocks, double rows, int predicates) const;
  //! INDEX UNIQUE SCAN: blevel + 1 (the leaf).
  Cost IndexUniqueScan(uint32_t blevel) const;
  //! INDEX RANGE SCAN: blevel + ceil(ix_sel x leaf_blocks); `rows` = entries visited.
  Cost IndexRangeScan(uint32_t blevel, double leaf_blocks, double ix_sel, double rows) const;
  //! TABLE ACCESS BY INDEX ROWID after a range scan: ceil(ix_sel_with_filters x CF).
  Cost TableAccessByRowid(double clustering_factor, double sel_with_filters, double rows) const;
  //! INDEX FULL SCAN (ordered, single-block reads): blevel + leaf_blocks.
  Cost IndexFullScan(uint32_t blevel, double leaf_blocks, double rows) const;
  //! INDEX FAST FULL SCAN: a multiblock scan of the index segment.
  Cost IndexFastFullScan(double leaf_blocks, double rows) const;
  //! HASH JOIN on top of its inputs' costs: building and probing; one pass over temp when the
  //! build side exceeds the work area.
  Cost HashJoin(double build_rows, double build_bytes, double probe_rows,
                double work_area_bytes) const;
  //! NESTED LOOPS: the outer cost plus one inner execution per outer row.
  Cost NestedLoops(const Cost& outer, double outer_rows, const Cost& inner_per_row) const;
  //! A sort of `rows` rows of `bytes` total (ORDER BY, SORT GROUP BY, SORT UNIQUE).
  Cost Sort(double rows, double bytes, double work_area_bytes) const;

  //! The `Time` column: ceil(cost x sreadtim / 1000) seconds as HH:MM:SS (at least 1 s).
  std::string TimeColumn(double cost) const;

 private:
  CostParams p_;
};

}  // namespace pathdb::planner::cost
