// Dynamic sampling (OPTIMIZER_DYNAMIC_SAMPLING level 2): a table without optimizer statistics
// is measured at parse time by reading its first blocks through the storage API, counting
// the rows and evaluating the scan's conjuncts on them. The access-path estimates then use the
// sample instead of blind defaults, and the plan says so in its Note section.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "executor/expression.h"
#include "storage/storage.h"

namespace pathdb::planner {

//! Level 2 reads at most this many blocks of a table.
constexpr size_t kDynamicSamplingBlocks = 64;

//! What a sample of a table showed.
struct TableSample {
  double sampled_blocks = 0;  //!< blocks that held the sampled rows (or were read empty)
  double sampled_rows = 0;
  double rows = 0;    //!< estimated rows of the whole table
  double blocks = 0;  //!< blocks below the high-water mark
  //! Per conjunct: it could be evaluated on the sample (no subquery, bind or error).
  std::vector<bool> evaluable;
  //! Per sampled row: bit i set when conjunct i was TRUE (conjuncts beyond 64 are not tracked).
  std::vector<uint64_t> passed;

  //! Fraction of sampled rows satisfying every conjunct in `conjuncts` (positions), or
  //! nullopt when one of them could not be evaluated or nothing was sampled.
  std::optional<double> Selectivity(const std::vector<size_t>& conjuncts) const;
};

//! Samples `table` through a scan of `column_ids` (the columns `conjuncts` refer to by
//! position). Reads go through the buffer cache but are not charged to the session (a
//! recursive statement in Oracle terms). Never throws for the conjuncts: one that fails to
//! evaluate is marked not evaluable.
TableSample SampleTable(storage::Database& db, const storage::TableInfo& table,
                        const std::vector<uint32_t>& column_ids,
                        const std::vector<const BoundExpr*>& conjuncts, EvalContext& eval,
                        size_t max_blocks = kDynamicSamplingBlocks);

}  // namespace pathdb::planner
