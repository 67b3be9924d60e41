// HASH JOIN: builds a hash table on child 0's join keys, then probes it with child 1's rows.
#pragma once
#include "executor/child_typed_operator.h"
#include "executor/join_kind.h"
#include "executor/temp_segment.h"

namespace pathdb {

//! Child 0 = build (consumed entirely on the first Next), child 1 = probe (streamed).
//! Output columns = child 0 columns then child 1 columns for kInner/kLeftOuter; for semi/anti
//! kinds the columns of the side the kind applies to (child 1, or child 0 when build_preserved).
//! Operation: "HASH JOIN" for kInner; the kinds apply to the probe side by default, which is
//! Oracle's "HASH JOIN RIGHT OUTER" / "RIGHT SEMI" / "RIGHT ANTI" / "RIGHT ANTI NA"; with
//! build_preserved they apply to the build side: "HASH JOIN OUTER" / "SEMI" / "ANTI" / "ANTI NA".
//! - Keys compare with type promotion (NUMBER vs BINARY_DOUBLE by value, DATE vs TIMESTAMP
//!   chronologically); a NULL key never matches.
//! - kLeftOuter preserves the probe side (child 1): an unmatched probe row is emitted with
//!   NULLs in the child 0 columns. build_preserved: unmatched build rows are emitted with NULLs
//!   in the child 1 columns after the probe side ends (a matched bit per build row).
//! - semi/anti: each probe row at most once; kAntiNullAware = NOT IN semantics (no output if
//!   any build key is NULL; a probe row with a NULL key only if the build side is empty).
//!   build_preserved: each build row at most once, in build order after the probe side ends;
//!   NOT IN: no output if any probe key is NULL, a NULL build key only if the probe is empty.
//! - residual (nullable): extra condition whose column refs index the PROBE (child 1) columns
//!   then the BUILD (child 0) columns -- note: not the output order; a pair matches only if
//!   the keys are equal and the residual is TRUE.
//! Output order: probe order; for one probe row, build rows in build order (build-preserved:
//! unmatched / tested build rows follow in build order).
//!
//! When the build rows outgrow ctx.work_area_bytes the join turns into a grace hash join:
//! both inputs are written to 16 temporary partitions by key hash and each pair of partitions
//! is joined by a HASH JOIN of its own (which may spill again on other hash bits). NULL-key
//! rows go where their semantics need them: dropped on the build side (they match nothing;
//! NOT IN's "any NULL" is decided globally first) unless the build side is preserved (then an
//! extra partition joined last against nothing), kept in one partition on the probe side
//! when the join preserves them. The output order is then by partition. All partitions of all
//! levels are extents of one temporary file, each written through a buffer of 1/33 of the
//! work area (8 KiB to 1 MiB), so open files and buffers stay bounded.
//!
//! Work area (ALLSTATS): Used-Mem = peak hash-table bytes, OMem = whole build input, 1Mem =
//! one-pass estimate, passes 0 / 1 / 2+ (partitions spilled again), Used-Tmp = spill bytes.
class HashJoin : public ChildTypedOperator {
 public:
  //! REQUIRES: build_keys.size() == probe_keys.size() >= 1. build_keys are over child 0's
  //! columns, probe_keys over child 1's.
  HashJoin(JoinKind kind, std::vector<BoundExprPtr> build_keys,
           std::vector<BoundExprPtr> probe_keys, BoundExprPtr residual);
  //! Subquery plans in this line's predicates: EXPLAIN shows them as further children.
  std::vector<const PhysicalOperator*> SubPlans() const override;
  //! build_preserved: `kind` applies to the BUILD side instead (Oracle's plain HASH JOIN
  //! OUTER / SEMI / ANTI, where the first child is the preserved or tested row source):
  //! kLeftOuter emits unmatched build rows NULL-extended after the probe ends; kSemi/kAnti
  //! emit build rows (child 0 columns only) with / without a match. Without it the kinds
  //! apply to the probe side and the operation is HASH JOIN RIGHT OUTER / RIGHT SEMI /
  //! RIGHT ANTI [NA].
  HashJoin(JoinKind kind, std::vector<BoundExprPtr> build_keys,
           std::vector<BoundExprPtr> probe_keys, BoundExprPtr residual, bool build_preserved);
  bool build_preserved() const { return build_preserved_; }
  //! Unmatched build rows are output (build-preserved OUTER/ANTI, and FULL OUTER).
  bool keeps_build_rows() const { return build_preserved_ || kind_ == JoinKind::kFullOuter; }

  //! A join filter this join publishes when its build ends (storage::RuntimeFilter): per key
  //! in `keys` (positions among build_keys()) min/max, and Bloom bits over those key tuples,
  //! as ExecutionState's filter `filter_id`. Not published when the build spilled (the filter
  //! then passes all).
  struct JoinFilterCreate {
    uint32_t filter_id;
    std::vector<size_t> keys;
  };
  //! Called while the plan is built. ORA-00600 unless every key < build_keys().size() and the
  //! join is one where a probe row without a match may be dropped early: inner; semi either
  //! way (a probe row without a match is never returned, and it marks no build row); anti
  //! with the build side returned (HASH JOIN ANTI: a probe row without a match excludes no
  //! build row). Never an outer join, HASH JOIN RIGHT ANTI (it returns exactly those probe
  //! rows) or a null-aware anti join (a NULL probe key decides the whole answer).
  void CreateJoinFilter(uint32_t filter_id, std::vector<size_t> keys);
  //! Whether CreateJoinFilter accepts this join.
  bool MayCreateJoinFilter() const;
  const std::vector<JoinFilterCreate>& join_filters() const { return join_filters_; }

  //! Called while the plan is built: the plan line whose ALLSTATS work-area columns this
  //! join fills (an adaptive join's internal hash join is no plan line of its own).
  //! REQUIRES: `owner` outlives this join.
  void ReportWorkAreaOn(const PhysicalOperator* owner) { work_area_owner_ = owner; }
  int work_area_line() const {
    return work_area_owner_ != nullptr ? work_area_owner_->line_id() : line_id();
  }

  JoinKind kind() const { return kind_; }
  const std::vector<BoundExprPtr>& build_keys() const { return build_keys_; }
  const std::vector<BoundExprPtr>& probe_keys() const { return probe_keys_; }
  const BoundExpr* residual() const { return residual_.get(); }
  int spill_level() const { return spill_level_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  friend struct HashJoinSpill;
  JoinKind kind_;
  bool build_preserved_ = false;
  int spill_level_ = 0;  //!< partitions of partitions use other hash bits
  //! A partition pair's join: the spilling parent's temp segment, shared with it (null at the
  //! plan's own level, which makes one per start when it spills).
  std::shared_ptr<TempSegment> parent_temp_;
  std::vector<BoundExprPtr> build_keys_;
  std::vector<BoundExprPtr> probe_keys_;
  BoundExprPtr residual_;
  std::vector<JoinFilterCreate> join_filters_;
  const PhysicalOperator* work_area_owner_ = nullptr;
};

}  // namespace pathdb
