// CostParams: every input of the cost model (planner/cost_model.h) in one value, so a plan can
// be explained from the figures it was costed with. The Session builds it from its parameters
// (Session::CostParameters, shell/engine/session.cpp) for each statement it plans and hands it
// to the planner in PlanContext::cost; a default-constructed CostParams holds the same figures
// as a session with every parameter at its default, except the work area (see below).
#pragma once
#include <cstdint>

namespace pathdb::planner::cost {

struct CostParams {
  // Oracle's noworkload system statistics: IOSEEKTIM 10 ms, IOTFRSPEED 4096 bytes/ms.
  double sreadtim_ms = 12;                //!< IOSEEKTIM + 8 KiB / IOTFRSPEED
  double mreadtim_ms = 26;                //!< IOSEEKTIM + mbrc x 8 KiB / IOTFRSPEED
  double mbrc = 8;                        //!< _db_file_optimizer_read_count
  double cpuspeed_mhz = 1000;             //!< CPUSPEEDNW: CPU cycles per microsecond
  double optimizer_index_cost_adj = 100;  //!< percent applied to index access costs
  double optimizer_index_caching = 0;     //!< percent of index blocks assumed cached (NL/IN)
  bool table_scan_cost_plus_one = true;   //!< _table_scan_cost_plus_one
  bool bloom_filter_enabled = true;       //!< _bloom_filter_enabled: join filters at all
  bool adaptive_plans = true;             //!< optimizer_adaptive_plans: adaptive joins
  bool peek_binds = true;  //!< _optim_peek_user_binds: estimate with the binds' values at parse
  //! _optimizer_or_factoring: common conjuncts of OR branches factored out, implied
  //! single-table ORs added (planner/or_factoring.h)
  bool or_factoring = true;
  //! In-memory scans may be planned: INMEMORY_QUERY = ENABLE and an In-Memory Area
  //! (INMEMORY_SIZE > 0).
  bool inmemory_query = false;
  // The in-memory scan (CostModel::InMemoryScan): it reads the compressed columns from
  // memory, so its I/O part is that of the compressed size at a fraction of a disk read.
  double im_compression_ratio = 4;  //!< expected table blocks per block of IMCU data
  double im_read_factor = 0.5;      //!< cost of a compressed block against a multiblock read
  double cpu_per_im_row = 20;       //!< per row of the IMCUs (codes, validity, selection)
  double cpu_per_im_predicate = 4;  //!< one predicate on one row's code (SIMD)
  //! Memory one sort or hash table may use before it spills: with a session, the same
  //! WorkAreaBytes(pga_aggregate_target) the executor runs with (executor/work_area.h); the
  //! default is ExecContext's, for plans built without a session.
  double work_area_bytes = 100.0 * (1 << 20);
  // CPU cycles of the basic steps (what a 10053 trace would attribute to them).
  double cpu_per_block = 7000;       //!< visiting a block in a scan
  double cpu_per_row = 150;          //!< producing a row
  double cpu_per_predicate = 50;     //!< evaluating one predicate on one row
  double cpu_per_index_entry = 100;  //!< stepping over one index entry
  double cpu_per_hash_row = 300;     //!< building or probing one row of a hash table
  double cpu_per_compare = 80;       //!< one comparison in a sort (x n log2 n)
};

//! The noworkload read times for a multiblock read count: IOSEEKTIM + blocks x 8 KiB /
//! IOTFRSPEED, in ms (12 for one block, 26 for the default 8).
constexpr double NoworkloadReadTime(double blocks) {
  return 10.0 + blocks * 8192.0 / 4096.0;
}

}  // namespace pathdb::planner::cost
