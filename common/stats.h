// Session statistics: the V$STATNAME/V$MYSTAT counters, by their exact Oracle names.
// A Session owns one SessionStats; storage and executor calls receive it by reference, so no
// counter is global.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace pathdb {

enum class Stat : uint16_t {
  kSessionLogicalReads,
  kConsistentGets,
  kDbBlockGets,
  kPhysicalReads,
  kPhysicalReadsCache,
  kPhysicalReadsDirect,
  kPhysicalReadTotalMultiBlockRequests,
  kPhysicalWrites,
  kPhysicalWritesDirect,
  kBufferIsPinnedCount,
  kTableScansShortTables,
  kTableScansLongTables,
  kTableScansDirectRead,
  kIndexFastFullScansFull,
  kIndexFastFullScansDirectRead,
  kTableFetchByRowid,
  kTableScanRowsGotten,
  kTableScanBlocksGotten,
  kCellPhysicalIoBytesSavedByStorageIndex,
  kImScanRows,
  kImScanCusPruned,
  kImScanCusColumnsAccessed,
  kSortsMemory,
  kSortsDisk,
  kRedoSize,
  kUserCommits,
  kUserRollbacks,
  kExecuteCount,
  kParseCountTotal,
  kParseCountHard,
  kPhysicalReReads,
  kRecursiveCalls,
  kRowsProcessed,
  kPhysicalReadBytes,
  kConsistentGetsDirect,
  kPhysicalReadRequests,
  kCellPhysicalIoBytesEligibleForPredicateOffload,
  kJoinFilterRowsProbed,    //!< ours: rows tested against join filters' Bloom bits
  kJoinFilterRowsFiltered,  //!< ours: rows those bits rejected
  kImScanRowsValid,
  kImScanRowsProjected,
  kImScanCusNoMemcompress,
  kImScanCusMemcompressForDml,
  kImScanCusMemcompressForQueryLow,
  kImScanCusMemcompressForQueryHigh,
  kImScanCusMemcompressForCapacityLow,
  kImScanCusMemcompressForCapacityHigh,
  kImScanCusInvalidOrMissing,  //!< row-store pieces an in-memory scan read instead
  kImPopulateRows,
  //! IMCUs whose min/max decided the predicates for every row: none passes (pruned) or all do
  //! (no predicate evaluated).
  kImScanCusPredicatesOptimized,
  kCount_,  //!< number of statistics (not a statistic)
};

//! Exact names, indexed by Stat (STATISTIC# is the index).
std::string_view StatName(Stat s);
//! Oracle's CLASS column of V$STATNAME (1 user, 2 redo, 8 cache, 64 SQL ...).
int StatClass(Stat s);

struct SessionStats {
  std::array<uint64_t, static_cast<size_t>(Stat::kCount_)> values{};
  void Add(Stat s, uint64_t n = 1) { values[static_cast<size_t>(s)] += n; }
  uint64_t Get(Stat s) const { return values[static_cast<size_t>(s)]; }
};

}  // namespace pathdb
