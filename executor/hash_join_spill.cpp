// HASH JOIN's grace hash join: both inputs partitioned by key hash into temporary files,
// each partition pair joined by a HASH JOIN of its own (see hash_join.h).
#include <algorithm>

#include "common/error.h"
#include "executor/chunk_util.h"
#include "executor/hash_join_state.h"
#include "executor/spill_scan.h"

namespace pathdb {

using namespace hash_join_detail;

bool HashJoinSpill::KeepsNullBuildRows(const HashJoin& op) {
  return op.keeps_build_rows() && op.kind() != JoinKind::kSemi;
}

void HashJoinSpill::Partition(const HashJoin& op, HashJoinState& st, const DataChunk& batch,
                              const std::vector<Vector>& keys,
                              std::vector<std::shared_ptr<SpillFile>>& parts, SpillFile* null_dest,
                              bool* saw_null, ExecContext& ctx) {
  std::vector<std::vector<uint32_t>> by_part(kPartitions);
  std::vector<uint32_t> null_rows;
  std::vector<const Vector*> key_ptrs;
  for (const auto& k : keys) key_ptrs.push_back(&k);
  int shift = 40 - 4 * op.spill_level_;
  for (size_t i = 0; i < batch.Count(); ++i) {
    size_t r = batch.RowIndex(i);
    bool null_key = false;
    for (const auto& k : keys) null_key = null_key || k.IsNull(r);
    uint64_t h = JoinHashTable::HashKey(key_ptrs, r, st.compare_as);
    if (null_key) {
      if (saw_null) *saw_null = true;
      if (null_dest) null_rows.push_back(static_cast<uint32_t>(i));
      continue;
    }
    by_part[(h >> shift) & (kPartitions - 1)].push_back(static_cast<uint32_t>(i));
  }
  for (size_t p = 0; p < kPartitions; ++p) {
    if (!by_part[p].empty()) parts[p]->AppendRows(batch, by_part[p], ctx.stats);
  }
  if (!null_rows.empty()) null_dest->AppendRows(batch, null_rows, ctx.stats);
}

void HashJoinSpill::PartitionBuild(const HashJoin& op, HashJoinState& st, const DataChunk& batch,
                                   const std::vector<Vector>& keys, ExecContext& ctx) {
  Partition(op, st, batch, keys, st.build_parts, st.build_null_part.get(), &st.build_has_null_key,
            ctx);
}

void HashJoinSpill::Start(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  st.segment = op.parent_temp_;
  if (!st.segment) {
    // Both sides' partitions and the NULL-key one are written at once, a buffer each.
    st.segment = std::make_shared<TempSegment>(
        ctx.db.directory(), SpillBufferBytes(ctx.work_area_bytes, 2 * kPartitions + 1));
  }
  for (size_t p = 0; p < kPartitions; ++p) {
    st.build_parts.push_back(std::make_shared<SpillFile>(st.segment, op.children()[0]->types()));
    st.probe_parts.push_back(std::make_shared<SpillFile>(st.segment, op.children()[1]->types()));
  }
  if (KeepsNullBuildRows(op))
    st.build_null_part = std::make_shared<SpillFile>(st.segment, op.children()[0]->types());
  ctx.stats.Add(Stat::kSortsDisk);
  st.passes = std::max(st.passes, 1);
  DataChunk chunk(op.children()[0]->types());
  std::vector<Vector> keys;
  for (const auto& k : op.build_keys()) keys.emplace_back(k->type);
  for (uint32_t first = 0; first < st.table->row_count(); first += kVectorSize) {
    ctx.CheckCancel();
    size_t n = std::min<size_t>(kVectorSize, st.table->row_count() - first);
    st.table->rows().Scan(first, n, chunk);
    for (size_t k = 0; k < keys.size(); k++)
      EvalInto(*op.build_keys()[k], chunk, keys[k], ctx.eval);
    PartitionBuild(op, st, chunk, keys, ctx);
  }
  st.table->Clear();  // the in-memory table is no longer needed
}

void HashJoinSpill::PartitionProbe(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  const auto& child = *op.children()[1];
  // The build partitions are complete: their last extents go out and their write buffers
  // are freed before the probe partitions' fill up.
  for (auto& f : st.build_parts) f->Rewind(ctx.stats);
  if (st.build_null_part) st.build_null_part->Rewind(ctx.stats);
  // NOT IN against a set holding NULL returns nothing: no need to read the probe side.
  bool skip =
      op.kind() == JoinKind::kAntiNullAware && !op.build_preserved() && st.build_has_null_key;
  // Preserved probe rows with a NULL key: outer join (NULL-extended) and plain anti join
  // (a NULL never matches). NOT IN drops them: the build side is not empty here. A
  // build-preserved join has no use for them (NOT IN only needs to know one exists).
  bool keep_null = op.kind() == JoinKind::kFullOuter ||
                   (!op.build_preserved() &&
                    (op.kind() == JoinKind::kLeftOuter || op.kind() == JoinKind::kAnti));
  while (!skip && child.Next(ctx, *st.probe_child, st.probe)) {
    ctx.CheckCancel();
    if (st.probe.Count() > 0) st.probe_seen = true;
    for (size_t k = 0; k < st.probe_keys.size(); k++)
      EvalInto(*op.probe_keys()[k], st.probe, st.probe_keys[k], ctx.eval);
    Partition(op, st, st.probe, st.probe_keys, st.probe_parts,
              keep_null ? st.probe_parts[0].get() : nullptr, &st.probe_has_null_key, ctx);
    // Build-preserved NOT IN: a NULL in the tested set means no row qualifies.
    if (op.kind() == JoinKind::kAntiNullAware && op.build_preserved() && st.probe_has_null_key)
      skip = true;
  }
  st.probe_done = true;
  for (auto* parts : {&st.build_parts, &st.probe_parts}) {
    for (auto& f : *parts) {
      f->Rewind(ctx.stats);
      st.temp_bytes += f->bytes();
    }
  }
  if (st.build_null_part) {
    st.build_null_part->Rewind(ctx.stats);
    st.temp_bytes += st.build_null_part->bytes();
  }
}

bool HashJoinSpill::NothingToReturn(const HashJoin& op, const HashJoinState& st) {
  if (op.kind() != JoinKind::kAntiNullAware) return false;
  return op.build_preserved() ? st.probe_has_null_key : st.build_has_null_key;
}

bool HashJoinSpill::OpenPartition(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  std::shared_ptr<SpillFile> build, probe;
  if (st.part < kPartitions) {
    build = std::move(st.build_parts[st.part]);
    probe = std::move(st.probe_parts[st.part]);
  } else {
    // The NULL-key build rows match nothing: join them against an empty probe partition.
    // NOT IN outputs them only when the tested set is empty.
    if (!st.build_null_part) return false;
    if (op.kind() == JoinKind::kAntiNullAware && st.probe_seen) return false;
    build = std::move(st.build_null_part);
    probe = std::make_shared<SpillFile>(st.segment, op.children()[1]->types());
  }
  bool needs_build =
      op.build_preserved() || op.kind() == JoinKind::kInner || op.kind() == JoinKind::kSemi;
  bool needs_probe =
      (!op.build_preserved() && op.kind() != JoinKind::kFullOuter) || op.kind() == JoinKind::kSemi;
  if ((needs_probe && probe->rows() == 0) || (needs_build && build->rows() == 0)) return false;
  if (probe->rows() == 0 && build->rows() == 0) return false;
  std::vector<BoundExprPtr> bk, pk;
  for (const auto& k : op.build_keys()) bk.push_back(k->Copy());
  for (const auto& k : op.probe_keys()) pk.push_back(k->Copy());
  st.part_op = std::make_unique<HashJoin>(op.kind(), std::move(bk), std::move(pk),
                                          op.residual() ? op.residual()->Copy() : nullptr,
                                          op.build_preserved());
  st.part_op->spill_level_ = op.spill_level_ + 1;
  st.part_op->parent_temp_ = st.segment;
  st.part_op->AddChild(std::make_unique<SpillScan>(std::move(build)));
  st.part_op->AddChild(std::make_unique<SpillScan>(std::move(probe)));
  st.part_state = st.part_op->Open(ctx);
  return true;
}

void HashJoinSpill::ClosePartition(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  const auto& sub = static_cast<const HashJoinState&>(*st.part_state);
  st.peak_bytes = std::max(st.peak_bytes, sub.peak_bytes);
  st.temp_bytes += sub.temp_bytes;
  st.passes = std::max(st.passes, 1 + sub.passes);
  st.part_op.reset();
  st.part_state.reset();
  PublishStats(op, st, ctx);
}

bool HashJoinSpill::Next(const HashJoin& op, HashJoinState& st, ExecContext& ctx, DataChunk& out) {
  if (NothingToReturn(op, st)) return false;
  while (st.part <= kPartitions) {
    if (!st.part_op && !OpenPartition(op, st, ctx)) {
      ++st.part;
      continue;
    }
    if (st.part_op->Next(ctx, *st.part_state, out)) return true;
    ClosePartition(op, st, ctx);
    ++st.part;
  }
  return false;
}

}  // namespace pathdb
