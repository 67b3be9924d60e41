// GROUP BY computed by the in-memory scan below SORT GROUP BY or HASH GROUP BY (Oracle
// Database In-Memory aggregates in the scan the same way): the operator hands its keys and
// aggregates to the scan when they are what the scan can compute on encoded columns, and
// takes back finished groups instead of rows. The plan is unchanged; the decision is made
// per execution (the scan may decline: not populated, forced encodings, stale blocks, run-time
// filters), and the scan line's note says "aggregates computed in the scan" when it was taken.
#pragma once
#include <optional>
#include <vector>

#include "executor/aggregate.h"
#include "executor/operator.h"
#include "executor/row_hash_table.h"
#include "storage/scan_spec.h"

namespace pathdb {

//! The scan's spec when `child` is an in-memory full scan, every group is one of its columns
//! and every aggregate is COUNT(*), or COUNT/SUM/AVG/MIN/MAX (no DISTINCT) of a NUMBER
//! expression made of its NUMBER columns and NUMBER constants with + - * (outside the ORACLE
//! dialect, no integral operation: SQLite's integers overflow into REAL) and constants of
//! at most 18 digits. std::nullopt else. `max_groups`: what the operator's work area holds
//! (the scan declines when it may find more).
std::optional<storage::ScanGroupBy> GroupByInScanSpec(const std::vector<BoundExprPtr>& groups,
                                                      const std::vector<AggregateSpec>& aggs,
                                                      const PhysicalOperator& child,
                                                      const EvalContext& ctx, uint64_t max_groups);

//! Runs `spec` in the scan `child`: true when the scan computed it; then its groups are in
//! `table` (keys of types `key_types`, inserted in the scan's group order) and their
//! accumulators in `states` (resized). false: the scan declined and read nothing.
bool GroupInScan(const PhysicalOperator& child, const storage::ScanGroupBy& spec,
                 const std::vector<LogicalType>& key_types, ExecContext& ctx, RowHashTable& table,
                 AggregateStates& states);

}  // namespace pathdb
