// Internal to executor/hash_join*.cpp: the run-time state of one HASH JOIN execution and
// the grace-hash-join half of the operator (executor/hash_join_spill.cpp), which partitions
// both inputs to temporary files when the build side outgrows the work area. A state belongs
// to one execution and its thread.
#pragma once
#include <memory>
#include <vector>

#include "executor/chunk_collection.h"
#include "executor/hash_join.h"
#include "executor/join_hash_table.h"
#include "executor/spill_file.h"

namespace pathdb {
namespace hash_join_detail {

constexpr uint32_t kNone = JoinHashTable::kNone;
constexpr size_t kPartitions = 16;
constexpr int kMaxSpillLevel = 5;

struct HashJoinState : OperatorState {
  std::unique_ptr<OperatorState> build_child, probe_child;
  // ---- build side
  std::unique_ptr<JoinHashTable> table;  //!< child 0 rows in build order, by key
  bool build_has_null_key = false;
  bool built = false;
  // ---- build-preserved joins (HASH JOIN OUTER / SEMI / ANTI [NA])
  bool probe_has_null_key = false;  //!< NOT IN: the tested set holds a NULL
  bool probe_seen = false;          //!< the probe side had at least one row
  uint32_t tail_pos = 0;            //!< next build row to test in Phase::kBuildTail
  // ---- probe side: the current probe batch and the cursor over its candidate pairs
  DataChunk probe;
  std::vector<Vector> probe_keys;
  std::vector<uint32_t> ids;     //!< key id per active probe row
  std::vector<uint8_t> matched;  //!< per active probe row
  size_t pos = 0;                //!< active probe row being paired
  uint32_t chain = kNone;        //!< next build row to pair with it
  enum class Phase : uint8_t {
    kNeedBatch,
    kPairs,
    kUnmatched,  //!< probe-preserved: the current batch's unmatched probe rows
    kBuildTail,  //!< build-preserved: the probe side is done; emit qualifying build rows
  } phase = Phase::kNeedBatch;
  bool probe_done = false;
  // ---- candidate pairs of one round
  std::vector<uint32_t> pair_probe;  //!< active probe row index
  std::vector<uint32_t> pair_build;  //!< build row id
  DataChunk pairs;                   //!< probe columns then build columns (residual input)
  // ---- grace hash join (spilled): partition pairs joined one after the other
  std::vector<TypeId> compare_as;
  std::shared_ptr<TempSegment> segment;  //!< the partitions' file (all levels)
  std::vector<std::shared_ptr<SpillFile>> build_parts, probe_parts;
  //! Build-preserved OUTER / ANTI [NA]: build rows with a NULL key (they match nothing but are
  //! still output), joined last against an empty probe partition.
  std::shared_ptr<SpillFile> build_null_part;
  size_t part = 0;
  std::unique_ptr<HashJoin> part_op;
  std::unique_ptr<OperatorState> part_state;
  // ---- work-area figures (ALLSTATS memory columns), kept whether or not they are shown
  size_t row_bytes = 0;           //!< estimated in-memory bytes per build row
  uint64_t build_rows_total = 0;  //!< build rows read (in memory or partitioned)
  uint64_t peak_bytes = 0;        //!< largest hash table held (this join or a partition's)
  uint64_t temp_bytes = 0;        //!< written to spill files (this join and its partitions')
  int passes = 0;                 //!< 0 in memory, 1 spilled once, 2+ partitions spilled again
};

//! Publishes the work-area figures on the join's plan line (partition sub-joins have none).
void PublishStats(const HashJoin& op, const HashJoinState& st, ExecContext& ctx);

}  // namespace hash_join_detail

//! The grace-hash-join half of HASH JOIN (see hash_join.h). A friend of HashJoin.
struct HashJoinSpill {
  using HashJoinState = hash_join_detail::HashJoinState;
  //! Build-preserved OUTER and ANTI [NA] still output build rows with a NULL key.
  static bool KeepsNullBuildRows(const HashJoin& op);

  //! Writes the active rows of `batch` to `parts` by the hash of `keys` (evaluated on it).
  //! NULL-key rows set *saw_null and go to `null_dest` when given, else nowhere.
  static void Partition(const HashJoin& op, HashJoinState& st, const DataChunk& batch,
                        const std::vector<Vector>& keys,
                        std::vector<std::shared_ptr<SpillFile>>& parts, SpillFile* null_dest,
                        bool* saw_null, ExecContext& ctx);

  //! Partitions build rows; NULL-key rows are kept aside when the join still outputs them.
  static void PartitionBuild(const HashJoin& op, HashJoinState& st, const DataChunk& batch,
                             const std::vector<Vector>& keys, ExecContext& ctx);

  //! Moves what was built so far to partitions; the caller streams the rest of the build.
  static void Start(const HashJoin& op, HashJoinState& st, ExecContext& ctx);

  //! Partitions the whole probe input, then ends writing (Used-Tmp is known from here on).
  static void PartitionProbe(const HashJoin& op, HashJoinState& st, ExecContext& ctx);

  //! True when the join as a whole cannot return a row (decided before any partition).
  static bool NothingToReturn(const HashJoin& op, const HashJoinState& st);

  //! Opens the sub-join of partition st.part; false when the partition cannot produce rows.
  static bool OpenPartition(const HashJoin& op, HashJoinState& st, ExecContext& ctx);

  //! Folds a finished partition's work-area figures into the join's.
  static void ClosePartition(const HashJoin& op, HashJoinState& st, ExecContext& ctx);

  //! Joins the partition pairs one after the other (the NULL-key build rows last).
  static bool Next(const HashJoin& op, HashJoinState& st, ExecContext& ctx, DataChunk& out);
};

}  // namespace pathdb
