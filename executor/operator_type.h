// OperatorType: the identity of a physical operator, one value per plan operation class. The
// planner's rewrites and EXPLAIN's special cases test it; the operation text
// (PhysicalOperator::operation(), "HASH JOIN RIGHT SEMI") is for display only, so variants of
// one class (RIGHT / OUTER / SEMI, DESCENDING, STOPKEY, BATCHED) share a value.
#pragma once
#include <cstdint>

namespace pathdb {

enum class OperatorType : uint8_t {
  kOther,  //!< an operator outside the plan vocabulary (test sources)
  // ---- row sources
  kTableAccessFull,          //!< TABLE ACCESS FULL of a table (executor/table_access_full.h)
  kTempTableScan,            //!< TABLE ACCESS FULL of a materialised WITH query
  kTableAccessByIndexRowid,  //!< TABLE ACCESS BY INDEX ROWID [BATCHED]
  kIndexUniqueScan,
  kIndexRangeScan,  //!< INDEX RANGE SCAN [DESCENDING]
  kIndexFullScan,   //!< INDEX FULL SCAN [DESCENDING]
  kIndexFastFullScan,
  kFixedTableFull,  //!< V$ / X$ rows
  kFastDual,
  kConnectBy,  //!< CONNECT BY WITHOUT FILTERING (row generator)
  kSpillScan,  //!< rows of a temporary spill file (inside a grace hash join)
  // ---- joins
  kHashJoin,     //!< HASH JOIN [RIGHT] [OUTER | SEMI | ANTI [NA]]
  kNestedLoops,  //!< NESTED LOOPS [OUTER | SEMI | ANTI [NA]]
  //! HASH JOIN of an adaptive plan: holds the NESTED LOOPS alternative and the hash join's
  //! probe input, and chooses one at run time (executor/adaptive_join.h)
  kAdaptiveJoin,
  // ---- streaming
  kFilter,
  kProjection,  //!< shows no plan line (column reordering, select lists)
  kView,
  kCount,
  kCountStopkey,
  kUnionAll,
  kJoinFilterCreate,  //!< JOIN FILTER CREATE :BF0000 above a hash join's build input
  kJoinFilterUse,     //!< JOIN FILTER USE :BF0000 above a probe-side scan
  kStatisticsCollector,  //!< STATISTICS COLLECTOR above an adaptive join's driving input
  // ---- blocking (work areas and set operations)
  kHashGroupBy,
  kHashUnique,
  kSortGroupBy,
  kSortAggregate,
  kSortOrderBy,  //!< SORT ORDER BY [STOPKEY]
  kSortUnique,
  kSortUniqueInput,  //!< SORT UNIQUE's view of its child (internal, executor/sort_unique.cpp)
  kIntersection,
  kMinus,
  // ---- WITH queries and DML
  kTempTableTransformation,
  kTempTableLoad,  //!< LOAD AS SELECT (CURSOR DURATION MEMORY)
  kLoadAsSelect,
  kLoadTableConventional,
  kUpdate,
  kDelete,
};

}  // namespace pathdb
