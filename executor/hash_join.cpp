#include "executor/hash_join.h"

#include <algorithm>

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"
#include "executor/hash_join_state.h"
#include "executor/spill_scan.h"
#include "executor/subplans.h"

namespace pathdb {

using namespace hash_join_detail;

namespace hash_join_detail {

void PublishStats(const HashJoin& op, const HashJoinState& st, ExecContext& ctx) {
  WorkAreaUsage usage;
  usage.optimal = st.build_rows_total * st.row_bytes;
  // The same one-pass rule as the other hash work areas (HASH GROUP BY): one partition's
  // share of the table plus a write buffer per partition.
  usage.one_pass = OnePassHashBytes(usage.optimal, kPartitions);
  usage.used = st.peak_bytes;
  usage.temp = st.temp_bytes;
  usage.passes = st.passes;
  ReportWorkArea(ctx.LineStats(op.work_area_line()), usage);
}

}  // namespace hash_join_detail

namespace {

//! Oracle's names: the kind applies to the probe side in the RIGHT variants.
std::string HashJoinOperation(JoinKind kind, bool build_preserved) {
  if (kind == JoinKind::kInner) return "HASH JOIN";
  if (kind == JoinKind::kFullOuter) return "HASH JOIN FULL OUTER";
  return (build_preserved ? "HASH JOIN" : "HASH JOIN RIGHT") + JoinKindSuffix(kind);
}

}  // namespace

HashJoin::HashJoin(JoinKind kind, std::vector<BoundExprPtr> build_keys,
                   std::vector<BoundExprPtr> probe_keys, BoundExprPtr residual)
    : HashJoin(kind, std::move(build_keys), std::move(probe_keys), std::move(residual), false) {}

HashJoin::HashJoin(JoinKind kind, std::vector<BoundExprPtr> build_keys,
                   std::vector<BoundExprPtr> probe_keys, BoundExprPtr residual,
                   bool build_preserved)
    : ChildTypedOperator(OperatorType::kHashJoin, HashJoinOperation(kind, build_preserved)),
      kind_(kind),
      build_preserved_(build_preserved && kind != JoinKind::kInner && kind != JoinKind::kFullOuter),
      build_keys_(std::move(build_keys)),
      probe_keys_(std::move(probe_keys)),
      residual_(std::move(residual)) {
  if (build_keys_.empty() || build_keys_.size() != probe_keys_.size())
    throw OraError(600, "internal error code, arguments: [hash join keys]");
}

bool HashJoin::MayCreateJoinFilter() const {
  return kind_ == JoinKind::kInner || kind_ == JoinKind::kSemi ||
         (kind_ == JoinKind::kAnti && build_preserved_);
}

void HashJoin::CreateJoinFilter(uint32_t filter_id, std::vector<size_t> keys) {
  bool valid = MayCreateJoinFilter() && !keys.empty();
  for (size_t k : keys) valid = valid && k < build_keys_.size();
  if (!valid) ThrowOra(600, "internal error code, arguments: [join filter on {}]", operation());
  join_filters_.push_back({filter_id, std::move(keys)});
}

std::vector<LogicalType> HashJoin::ComputeTypes() const {
  if (IsSemiAnti(kind_)) return ChildTypes(build_preserved_ ? 0 : 1);
  auto t = ChildTypes(0);
  auto p = ChildTypes(1);
  t.insert(t.end(), p.begin(), p.end());
  return t;
}

std::unique_ptr<OperatorState> HashJoin::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<HashJoinState>();
  // The probe side is opened when the build is done (the run-time filter rule, operator.h).
  st->build_child = children_.at(0)->Open(ctx);
  std::vector<LogicalType> key_types;
  std::vector<TypeId> compare_as;
  for (size_t k = 0; k < build_keys_.size(); k++) {
    key_types.push_back(build_keys_[k]->type);
    compare_as.push_back(CompareTypeOf(build_keys_[k]->type.id, probe_keys_[k]->type.id));
    st->probe_keys.emplace_back(probe_keys_[k]->type);
  }
  st->table = std::make_unique<JoinHashTable>(children_[0]->types(), key_types, compare_as,
                                              keeps_build_rows());
  st->compare_as = compare_as;
  st->row_bytes = EstimatedRowBytes(children_[0]->types()) + 12;  // + key slot and chain links
  st->probe.Initialize(children_[1]->types());
  if (residual_) {
    auto t = children_[1]->types();
    auto b = children_[0]->types();
    t.insert(t.end(), b.begin(), b.end());
    st->pairs.Initialize(t);
  }
  return st;
}

namespace {

void Build(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  const auto& child = *op.children()[0];
  DataChunk batch(child.types());
  std::vector<Vector> keys;
  std::vector<const Vector*> key_ptrs;
  for (const auto& k : op.build_keys()) keys.emplace_back(k->type);
  for (const auto& k : keys) key_ptrs.push_back(&k);
  // One cancel check per batch: a batch holds at most kVectorSize (2048) rows.
  while (child.Next(ctx, *st.build_child, batch)) {
    ctx.CheckCancel();
    st.build_rows_total += batch.Count();
    for (size_t k = 0; k < keys.size(); k++)
      EvalInto(*op.build_keys()[k], batch, keys[k], ctx.eval);
    if (!st.build_parts.empty()) {
      HashJoinSpill::PartitionBuild(op, st, batch, keys, ctx);
      continue;
    }
    if (st.table->Insert(key_ptrs, batch)) st.build_has_null_key = true;
    uint64_t bytes = st.table->row_count() * st.row_bytes;
    st.peak_bytes = std::max(st.peak_bytes, bytes);
    if (op.spill_level() < kMaxSpillLevel && bytes > ctx.work_area_bytes) {
      HashJoinSpill::Start(op, st, ctx);
    }
  }
  // Filters first, then the probe side: its scan sees them before it reads a block.
  if (st.build_parts.empty()) {
    for (const HashJoin::JoinFilterCreate& f : op.join_filters()) {
      ctx.shared.JoinFilterById(f.filter_id)->PublishFromTable(*st.table, f.keys, st.compare_as);
    }
  }
  st.probe_child = op.children()[1]->Open(ctx);
  if (!st.build_parts.empty()) HashJoinSpill::PartitionProbe(op, st, ctx);
  st.built = true;
  PublishStats(op, st, ctx);
}

//! Pulls the next probe batch and looks its keys up. False when the probe side is exhausted.
bool NextProbeBatch(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  const auto& child = *op.children()[1];
  if (st.probe_done || !child.Next(ctx, *st.probe_child, st.probe)) {
    st.probe_done = true;
    return false;
  }
  ctx.CheckCancel();
  if (st.probe.Count() > 0) st.probe_seen = true;
  std::vector<const Vector*> key_ptrs;
  for (size_t k = 0; k < st.probe_keys.size(); k++) {
    EvalInto(*op.probe_keys()[k], st.probe, st.probe_keys[k], ctx.eval);
    key_ptrs.push_back(&st.probe_keys[k]);
  }
  st.table->Find(key_ptrs, st.probe, st.ids);
  st.matched.assign(st.ids.size(), 0);
  st.pos = 0;
  st.chain = st.ids.empty() || st.ids[0] == kNone ? kNone : st.table->first(st.ids[0]);
  return true;
}

//! Fills pair_probe/pair_build with up to kVectorSize candidate pairs of the current batch.
//! skip_matched: semi/anti joins need one match per probe row, so they stop a chain early.
void NextPairs(HashJoinState& st, bool skip_matched) {
  st.pair_probe.clear();
  st.pair_build.clear();
  while (st.pos < st.ids.size() && st.pair_probe.size() < kVectorSize) {
    if (st.chain == kNone || (skip_matched && st.matched[st.pos])) {
      st.pos++;
      st.chain = st.pos < st.ids.size() && st.ids[st.pos] != kNone ? st.table->first(st.ids[st.pos])
                                                                   : kNone;
      continue;
    }
    st.pair_probe.push_back(static_cast<uint32_t>(st.pos));
    st.pair_build.push_back(st.chain);
    st.chain = st.table->next(st.chain);
  }
}

//! Applies the residual to the current pairs, keeping survivors; marks matched probe rows.
void FilterPairs(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  size_t n = st.pair_probe.size();
  if (op.residual() && n > 0) {
    size_t np = st.probe.ColumnCount();
    st.pairs.Reset();
    std::vector<uint32_t> rows(n);
    for (size_t i = 0; i < n; i++) rows[i] = st.probe.RowIndex(st.pair_probe[i]);
    for (size_t c = 0; c < np; c++)
      CopyCells(st.probe.column(c), rows.data(), n, st.pairs.column(c), 0);
    for (size_t c = 0; c < st.table->rows().types().size(); c++)
      st.table->rows().GatherColumn(c, st.pair_build.data(), n, st.pairs.column(np + c), 0);
    st.pairs.SetSize(n);
    ExpressionExecutor::Filter(*op.residual(), st.pairs, ctx.eval);
    size_t kept = 0;
    for (size_t i = 0; i < st.pairs.Count(); i++) {
      uint32_t r = st.pairs.RowIndex(i);
      st.pair_probe[kept] = st.pair_probe[r];
      st.pair_build[kept] = st.pair_build[r];
      kept++;
    }
    st.pair_probe.resize(kept);
    st.pair_build.resize(kept);
  }
  for (uint32_t p : st.pair_probe) st.matched[p] = 1;
  if (op.keeps_build_rows())
    for (uint32_t b : st.pair_build) st.table->MarkRow(b);
}

//! Writes pairs (build row or kNone for NULLs, active probe row) as build cols + probe cols.
void EmitPairs(const HashJoinState& st, const std::vector<uint32_t>& probe_idx,
               const std::vector<uint32_t>& build, DataChunk& out) {
  size_t n = probe_idx.size();
  size_t nb = st.table->rows().types().size();
  out.Reset();
  for (size_t c = 0; c < nb; c++) {
    Vector& dst = out.column(c);
    for (size_t i = 0; i < n; i++) {
      if (build[i] == kNone) {
        dst.SetNull(i, true);
      } else {
        CopyCell(st.table->rows().Column(c, build[i]), ChunkCollection::Offset(build[i]), dst, i);
      }
    }
  }
  std::vector<uint32_t> rows(n);
  for (size_t i = 0; i < n; i++) rows[i] = st.probe.RowIndex(probe_idx[i]);
  for (size_t c = 0; c < st.probe.ColumnCount(); c++)
    CopyCells(st.probe.column(c), rows.data(), n, out.column(nb + c), 0);
  out.SetSize(n);
}

bool NextSemiAnti(const HashJoin& op, HashJoinState& st, ExecContext& ctx, DataChunk& out) {
  JoinKind kind = op.kind();
  bool build_empty = st.table->rows().empty();
  if (kind == JoinKind::kSemi && build_empty) return false;
  if (kind == JoinKind::kAntiNullAware && st.build_has_null_key) return false;
  while (NextProbeBatch(op, st, ctx)) {
    if (op.residual()) {
      do {
        NextPairs(st, /*skip_matched=*/true);
        FilterPairs(op, st, ctx);
      } while (st.pos < st.ids.size());
    } else {
      for (size_t i = 0; i < st.ids.size(); i++) st.matched[i] = st.ids[i] != kNone;
    }
    SelectionVector sel;
    for (size_t i = 0; i < st.ids.size(); i++) {
      bool keep = kind == JoinKind::kSemi ? st.matched[i] != 0 : st.matched[i] == 0;
      if (keep && kind == JoinKind::kAntiNullAware && !build_empty) {
        for (const auto& k : st.probe_keys)
          if (k.IsNull(st.probe.RowIndex(i))) keep = false;
      }
      if (keep) sel.push_back(st.probe.RowIndex(i));
    }
    if (sel.empty()) continue;
    out.Reset();
    MoveColumns(st.probe, out);
    out.SetSelection(std::move(sel));
    return true;
  }
  return false;
}

//! Build-preserved semi/anti: reads the whole probe side, marking the build rows it matches.
void MarkBuildMatches(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  bool null_aware = op.kind() == JoinKind::kAntiNullAware;
  while (NextProbeBatch(op, st, ctx)) {
    if (null_aware) {
      for (size_t i = 0; i < st.probe.Count() && !st.probe_has_null_key; i++)
        for (const auto& k : st.probe_keys)
          if (k.IsNull(st.probe.RowIndex(i))) st.probe_has_null_key = true;
      // NOT IN a set holding NULL: no row qualifies, the rest of the set does not matter.
      if (st.probe_has_null_key) return;
    }
    if (op.residual()) {
      do {
        NextPairs(st, /*skip_matched=*/false);
        FilterPairs(op, st, ctx);
      } while (st.pos < st.ids.size());
    } else {
      // Without a residual a key match is a match of every build row with that key.
      for (uint32_t id : st.ids)
        if (id != kNone) st.table->MarkKey(id);
    }
  }
}

//! Whether build row `row` goes out once the probe side is done.
bool BuildRowQualifies(const HashJoin& op, const HashJoinState& st, uint32_t row) {
  uint32_t id = st.table->row_key(row);
  bool matched = st.table->matched(row);
  switch (op.kind()) {
    case JoinKind::kSemi:
      return matched;
    case JoinKind::kAntiNullAware:
      // NOT IN: a NULL tested value is unknown against any non-empty set.
      if (st.probe_has_null_key) return false;
      return !matched && (id != kNone || !st.probe_seen);
    default:
      return !matched;  // OUTER, ANTI
  }
}

//! Emits the next batch of qualifying build rows (OUTER: NULL-extended probe columns).
bool NextBuildTail(const HashJoin& op, HashJoinState& st, ExecContext& ctx, DataChunk& out) {
  std::vector<uint32_t> rows;
  const ChunkCollection& build = st.table->rows();
  auto total = static_cast<uint32_t>(build.size());
  while (st.tail_pos < total && rows.size() < kVectorSize) {
    if (BuildRowQualifies(op, st, st.tail_pos)) rows.push_back(st.tail_pos);
    st.tail_pos++;
  }
  if (rows.empty()) return false;
  ctx.CheckCancel();
  out.Reset();
  size_t nb = build.types().size();
  for (size_t c = 0; c < nb; c++) build.GatherColumn(c, rows.data(), rows.size(), out.column(c), 0);
  for (size_t c = nb; c < out.ColumnCount(); c++)
    for (size_t i = 0; i < rows.size(); i++) out.column(c).SetNull(i, true);
  out.SetSize(rows.size());
  return true;
}

//! HASH JOIN OUTER / SEMI / ANTI [NA]: the kind applies to the build rows.
bool NextBuildPreserved(const HashJoin& op, HashJoinState& st, ExecContext& ctx, DataChunk& out) {
  // Nothing to preserve or test: the probe side need not be read at all.
  if (st.table->rows().empty()) return false;
  using Phase = HashJoinState::Phase;
  for (;;) {
    ctx.CheckCancel();
    switch (st.phase) {
      case Phase::kNeedBatch:
        if (op.kind() != JoinKind::kLeftOuter) {
          MarkBuildMatches(op, st, ctx);
          st.phase = Phase::kBuildTail;
          break;
        }
        st.phase = NextProbeBatch(op, st, ctx) ? Phase::kPairs : Phase::kBuildTail;
        break;
      case Phase::kPairs: {
        NextPairs(st, /*skip_matched=*/false);
        if (st.pos >= st.ids.size()) st.phase = Phase::kNeedBatch;
        FilterPairs(op, st, ctx);
        if (st.pair_probe.empty()) break;
        EmitPairs(st, st.pair_probe, st.pair_build, out);
        return true;
      }
      case Phase::kUnmatched:  // probe-preserved only
      case Phase::kBuildTail:
        return NextBuildTail(op, st, ctx, out);
    }
  }
}

}  // namespace

bool HashJoin::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashJoinState&>(state);
  ctx.CheckCancel();
  if (!st.built) Build(*this, st, ctx);
  if (!st.build_parts.empty()) return HashJoinSpill::Next(*this, st, ctx, out);
  if (build_preserved_) return NextBuildPreserved(*this, st, ctx, out);
  if (kind_ != JoinKind::kInner && kind_ != JoinKind::kLeftOuter && kind_ != JoinKind::kFullOuter)
    return NextSemiAnti(*this, st, ctx, out);
  // FULL OUTER: the probe rows as LEFT OUTER does, then the unmatched build rows.
  const bool full = kind_ == JoinKind::kFullOuter;
  bool outer = kind_ == JoinKind::kLeftOuter || full;
  if (!outer && st.table->rows().empty()) return false;  // no match possible: skip the probe
  for (;;) {
    ctx.CheckCancel();
    switch (st.phase) {
      case HashJoinState::Phase::kNeedBatch:
        if (!NextProbeBatch(*this, st, ctx)) {
          if (!full) return false;
          st.phase = HashJoinState::Phase::kBuildTail;
          break;
        }
        st.phase = HashJoinState::Phase::kPairs;
        break;
      case HashJoinState::Phase::kPairs: {
        NextPairs(st, /*skip_matched=*/false);
        if (st.pos >= st.ids.size())
          st.phase = outer ? HashJoinState::Phase::kUnmatched : HashJoinState::Phase::kNeedBatch;
        FilterPairs(*this, st, ctx);
        if (st.pair_probe.empty()) break;
        EmitPairs(st, st.pair_probe, st.pair_build, out);
        return true;
      }
      case HashJoinState::Phase::kBuildTail:  // FULL OUTER's unmatched build rows
        return full && NextBuildTail(*this, st, ctx, out);
      case HashJoinState::Phase::kUnmatched: {
        st.phase = HashJoinState::Phase::kNeedBatch;
        std::vector<uint32_t> probe_idx, build;
        for (size_t i = 0; i < st.matched.size(); i++) {
          if (st.matched[i]) continue;
          probe_idx.push_back(static_cast<uint32_t>(i));
          build.push_back(kNone);
        }
        if (probe_idx.empty()) break;
        EmitPairs(st, probe_idx, build, out);
        return true;
      }
    }
  }
}

std::vector<const PhysicalOperator*> HashJoin::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  if (residual_) CollectSubPlans(*residual_, out);
  return out;
}

}  // namespace pathdb
