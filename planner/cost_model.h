// The cost model: Oracle's CPU costing (oracle-reference.md 6.2, 6.3). A cost is time in units
// of one single-block read: (#SRds x sreadtim + #MRds x mreadtim + CPU cycles / cpuspeed) /
// sreadtim. Every constant is a named parameter of CostParams so plans can be explained and
// tuned; the defaults are Oracle's noworkload system statistics.
#pragma once
#include <cstdint>
#include <string>

namespace pathdb::planner::cost {

struct CostParams {
  double sreadtim_ms = 12;                //!< IOSEEKTIM 10 + 8 KiB / IOTFRSPEED 4096 bytes/ms
  double mreadtim_ms = 26;                //!< IOSEEKTIM 10 + MBRC x 8 KiB / 4096
  double mbrc = 8;                        //!< _db_file_optimizer_read_count
  double cpuspeed_mhz = 1000;             //!< CPUSPEEDNW: CPU cycles per microsecond
  double optimizer_index_cost_adj = 100;  //!< percent applied to index access costs
  double optimizer_index_caching = 0;     //!< percent of index blocks assumed cached (NL/IN)
  bool table_scan_cost_plus_one = true;   //!< _table_scan_cost_plus_one
  // CPU cycles of the basic steps (what a 10053 trace would attribute to them).
  double cpu_per_block = 7000;       //!< visiting a block in a scan
  double cpu_per_row = 150;          //!< producing a row
  double cpu_per_predicate = 50;     //!< evaluating one predicate on one row
  double cpu_per_index_entry = 100;  //!< stepping over one index entry
  double cpu_per_hash_row = 300;     //!< building or probing one row of a hash table
  double cpu_per_compare = 80;       //!< one comparison in a sort (x n log2 n)
};

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
