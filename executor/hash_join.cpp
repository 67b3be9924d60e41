#include "executor/hash_join.h"

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"
#include "executor/row_hash_table.h"
#include "executor/spill_scan.h"

namespace pathdb {
namespace {

constexpr uint32_t kNone = RowHashTable::kNotFound;

struct HashJoinState : OperatorState {
  std::unique_ptr<OperatorState> build_child, probe_child;
  // ---- build side
  std::unique_ptr<ChunkCollection> build_rows;  //!< child 0 rows in build order
  std::unique_ptr<RowHashTable> table;          //!< distinct build keys
  std::vector<uint32_t> head, tail;             //!< per key id: first/last build row
  std::vector<uint32_t> next;                   //!< per build row: next row with its key
  bool build_has_null_key = false;
  bool built = false;
  // ---- probe side: the current probe batch and the cursor over its candidate pairs
  DataChunk probe;
  std::vector<Vector> probe_keys;
  std::vector<uint32_t> ids;     //!< key id per active probe row
  std::vector<uint8_t> matched;  //!< per active probe row
  size_t pos = 0;                //!< active probe row being paired
  uint32_t chain = kNone;        //!< next build row to pair with it
  enum class Phase : uint8_t { kNeedBatch, kPairs, kUnmatched } phase = Phase::kNeedBatch;
  bool probe_done = false;
  // ---- candidate pairs of one round
  std::vector<uint32_t> pair_probe;  //!< active probe row index
  std::vector<uint32_t> pair_build;  //!< build row id
  DataChunk pairs;                   //!< probe columns then build columns (residual input)
  // ---- grace hash join (spilled): partition pairs joined one after the other
  std::vector<TypeId> compare_as;
  std::vector<std::shared_ptr<SpillFile>> build_parts, probe_parts;
  size_t part = 0;
  std::unique_ptr<HashJoin> part_op;
  std::unique_ptr<OperatorState> part_state;
};

constexpr size_t kPartitions = 16;
constexpr int kMaxSpillLevel = 5;

}  // namespace

HashJoin::HashJoin(JoinKind kind, std::vector<BoundExprPtr> build_keys,
                   std::vector<BoundExprPtr> probe_keys, BoundExprPtr residual)
    : ChildTypedOperator("HASH JOIN" + JoinKindSuffix(kind)),
      kind_(kind),
      build_keys_(std::move(build_keys)),
      probe_keys_(std::move(probe_keys)),
      residual_(std::move(residual)) {
  if (build_keys_.empty() || build_keys_.size() != probe_keys_.size())
    throw OraError(600, "internal error code, arguments: [hash join keys]");
}

std::vector<LogicalType> HashJoin::ComputeTypes() const {
  if (kind_ == JoinKind::kSemi || kind_ == JoinKind::kAnti || kind_ == JoinKind::kAntiNullAware)
    return ChildTypes(1);
  auto t = ChildTypes(0);
  auto p = ChildTypes(1);
  t.insert(t.end(), p.begin(), p.end());
  return t;
}

std::unique_ptr<OperatorState> HashJoin::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<HashJoinState>();
  st->build_child = children_.at(0)->Open(ctx);
  st->probe_child = children_.at(1)->Open(ctx);
  st->build_rows = std::make_unique<ChunkCollection>(children_[0]->types());
  std::vector<LogicalType> key_types;
  std::vector<TypeId> compare_as;
  for (size_t k = 0; k < build_keys_.size(); k++) {
    key_types.push_back(build_keys_[k]->type);
    compare_as.push_back(CompareTypeOf(build_keys_[k]->type.id, probe_keys_[k]->type.id));
    st->probe_keys.emplace_back(probe_keys_[k]->type);
  }
  st->table = std::make_unique<RowHashTable>(key_types, compare_as, /*nulls_equal=*/false);
  st->compare_as = compare_as;
  st->probe.Initialize(children_[1]->types());
  if (residual_) {
    auto t = children_[1]->types();
    auto b = children_[0]->types();
    t.insert(t.end(), b.begin(), b.end());
    st->pairs.Initialize(t);
  }
  return st;
}

//! The grace-hash-join half of HASH JOIN (see hash_join.h).
struct HashJoinSpill {
  //! Writes the active rows of `batch` to `parts` by the hash of `keys` (evaluated on it).
  //! NULL-key rows go to partition 0 when `keep_null`, else nowhere (and set *saw_null).
  static void Partition(const HashJoin& op, HashJoinState& st, const DataChunk& batch,
                        const std::vector<Vector>& keys,
                        std::vector<std::shared_ptr<SpillFile>>& parts, bool keep_null,
                        bool* saw_null, ExecContext& ctx) {
    std::vector<std::vector<uint32_t>> by_part(kPartitions);
    int shift = 40 - 4 * op.spill_level_;
    for (size_t i = 0; i < batch.Count(); ++i) {
      size_t r = batch.RowIndex(i);
      uint64_t h = 0;
      bool null_key = false;
      for (size_t k = 0; k < keys.size(); ++k) {
        if (keys[k].IsNull(r)) null_key = true;
        h = CombineHash(h, HashCell(keys[k], r, st.compare_as[k]));
      }
      if (null_key) {
        if (saw_null) *saw_null = true;
        if (keep_null) by_part[0].push_back(static_cast<uint32_t>(i));
        continue;
      }
      by_part[(h >> shift) & (kPartitions - 1)].push_back(static_cast<uint32_t>(i));
    }
    for (size_t p = 0; p < kPartitions; ++p) {
      if (!by_part[p].empty()) parts[p]->AppendRows(batch, by_part[p], ctx.stats);
    }
  }

  //! Moves what was built so far to partitions; the caller streams the rest of the build.
  static void Start(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
    for (size_t p = 0; p < kPartitions; ++p) {
      st.build_parts.push_back(
          std::make_shared<SpillFile>(ctx.db.directory(), op.children()[0]->types()));
      st.probe_parts.push_back(
          std::make_shared<SpillFile>(ctx.db.directory(), op.children()[1]->types()));
    }
    ctx.stats.Add(Stat::kSortsDisk);
    DataChunk chunk(op.children()[0]->types());
    std::vector<Vector> keys;
    for (const auto& k : op.build_keys()) keys.emplace_back(k->type);
    for (uint32_t first = 0; first < st.build_rows->size(); first += kVectorSize) {
      size_t n = std::min<size_t>(kVectorSize, st.build_rows->size() - first);
      st.build_rows->Scan(first, n, chunk);
      for (size_t k = 0; k < keys.size(); k++)
        EvalInto(*op.build_keys()[k], chunk, keys[k], ctx.eval);
      Partition(op, st, chunk, keys, st.build_parts, false, nullptr, ctx);
    }
    // The in-memory table is no longer needed.
    st.build_rows = std::make_unique<ChunkCollection>(op.children()[0]->types());
    st.head.clear();
    st.tail.clear();
    st.next.clear();
  }

  //! Partitions the whole probe input.
  static void PartitionProbe(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
    // NOT IN against a set holding NULL returns nothing: no need to read the probe side.
    if (op.kind() == JoinKind::kAntiNullAware && st.build_has_null_key) return;
    const auto& child = *op.children()[1];
    // Preserved probe rows with a NULL key: outer join (NULL-extended) and plain anti join
    // (a NULL never matches). NOT IN drops them: the build side is not empty here.
    bool keep_null = op.kind() == JoinKind::kLeftOuter || op.kind() == JoinKind::kAnti;
    while (child.Next(ctx, *st.probe_child, st.probe)) {
      ctx.CheckCancel();
      for (size_t k = 0; k < st.probe_keys.size(); k++)
        EvalInto(*op.probe_keys()[k], st.probe, st.probe_keys[k], ctx.eval);
      Partition(op, st, st.probe, st.probe_keys, st.probe_parts, keep_null, nullptr, ctx);
    }
    st.probe_done = true;
  }

  //! Joins the partition pairs one after the other.
  static bool Next(const HashJoin& op, HashJoinState& st, ExecContext& ctx, DataChunk& out) {
    if (op.kind() == JoinKind::kAntiNullAware && st.build_has_null_key) return false;
    while (st.part < kPartitions) {
      if (!st.part_op) {
        auto build = std::move(st.build_parts[st.part]);
        auto probe = std::move(st.probe_parts[st.part]);
        bool needs_build = op.kind() == JoinKind::kInner || op.kind() == JoinKind::kSemi;
        if (probe->rows() == 0 || (needs_build && build->rows() == 0)) {
          ++st.part;
          continue;
        }
        std::vector<BoundExprPtr> bk, pk;
        for (const auto& k : op.build_keys()) bk.push_back(k->Copy());
        for (const auto& k : op.probe_keys()) pk.push_back(k->Copy());
        st.part_op = std::make_unique<HashJoin>(op.kind(), std::move(bk), std::move(pk),
                                                op.residual() ? op.residual()->Copy() : nullptr);
        st.part_op->spill_level_ = op.spill_level_ + 1;
        st.part_op->AddChild(std::make_unique<SpillScan>(std::move(build)));
        st.part_op->AddChild(std::make_unique<SpillScan>(std::move(probe)));
        st.part_state = st.part_op->Open(ctx);
      }
      if (st.part_op->Next(ctx, *st.part_state, out)) return true;
      st.part_op.reset();
      st.part_state.reset();
      ++st.part;
    }
    return false;
  }
};

namespace {

void Build(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  const auto& child = *op.children()[0];
  DataChunk batch(child.types());
  std::vector<Vector> keys;
  std::vector<const Vector*> key_ptrs;
  for (const auto& k : op.build_keys()) keys.emplace_back(k->type);
  for (const auto& k : keys) key_ptrs.push_back(&k);
  std::vector<uint32_t> ids;
  size_t row_bytes = EstimatedRowBytes(child.types()) + 12;  // + key slot and chain links
  while (child.Next(ctx, *st.build_child, batch)) {
    ctx.CheckCancel();
    for (size_t k = 0; k < keys.size(); k++)
      EvalInto(*op.build_keys()[k], batch, keys[k], ctx.eval);
    if (!st.build_parts.empty()) {
      HashJoinSpill::Partition(op, st, batch, keys, st.build_parts, false, &st.build_has_null_key,
                               ctx);
      continue;
    }
    st.table->FindOrInsert(key_ptrs, batch, ids, nullptr);
    auto base = static_cast<uint32_t>(st.build_rows->size());
    st.build_rows->Append(batch);
    st.head.resize(st.table->size(), kNone);
    st.tail.resize(st.table->size(), kNone);
    st.next.resize(st.build_rows->size(), kNone);
    for (size_t i = 0; i < ids.size(); i++) {
      uint32_t row = base + static_cast<uint32_t>(i);
      uint32_t id = ids[i];
      if (id == kNone) {
        st.build_has_null_key = true;
        continue;
      }
      if (st.head[id] == kNone) {
        st.head[id] = row;
      } else {
        st.next[st.tail[id]] = row;
      }
      st.tail[id] = row;
    }
    if (op.spill_level() < kMaxSpillLevel &&
        st.build_rows->size() * row_bytes > ctx.work_area_bytes) {
      HashJoinSpill::Start(op, st, ctx);
    }
  }
  if (!st.build_parts.empty()) HashJoinSpill::PartitionProbe(op, st, ctx);
  st.built = true;
}

//! Pulls the next probe batch and looks its keys up. False when the probe side is exhausted.
bool NextProbeBatch(const HashJoin& op, HashJoinState& st, ExecContext& ctx) {
  const auto& child = *op.children()[1];
  if (st.probe_done || !child.Next(ctx, *st.probe_child, st.probe)) {
    st.probe_done = true;
    return false;
  }
  ctx.CheckCancel();
  std::vector<const Vector*> key_ptrs;
  for (size_t k = 0; k < st.probe_keys.size(); k++) {
    EvalInto(*op.probe_keys()[k], st.probe, st.probe_keys[k], ctx.eval);
    key_ptrs.push_back(&st.probe_keys[k]);
  }
  st.table->Find(key_ptrs, st.probe, st.ids);
  st.matched.assign(st.ids.size(), 0);
  st.pos = 0;
  st.chain = st.ids.empty() || st.ids[0] == kNone ? kNone : st.head[st.ids[0]];
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
      st.chain =
          st.pos < st.ids.size() && st.ids[st.pos] != kNone ? st.head[st.ids[st.pos]] : kNone;
      continue;
    }
    st.pair_probe.push_back(static_cast<uint32_t>(st.pos));
    st.pair_build.push_back(st.chain);
    st.chain = st.next[st.chain];
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
    for (size_t c = 0; c < st.build_rows->types().size(); c++)
      st.build_rows->GatherColumn(c, st.pair_build.data(), n, st.pairs.column(np + c), 0);
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
}

//! Writes pairs (build row or kNone for NULLs, active probe row) as build cols + probe cols.
void EmitPairs(const HashJoinState& st, const std::vector<uint32_t>& probe_idx,
               const std::vector<uint32_t>& build, DataChunk& out) {
  size_t n = probe_idx.size();
  size_t nb = st.build_rows->types().size();
  out.Reset();
  for (size_t c = 0; c < nb; c++) {
    Vector& dst = out.column(c);
    for (size_t i = 0; i < n; i++) {
      if (build[i] == kNone) {
        dst.SetNull(i, true);
      } else {
        CopyCell(st.build_rows->Column(c, build[i]), ChunkCollection::Offset(build[i]), dst, i);
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
  bool build_empty = st.build_rows->empty();
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

}  // namespace

bool HashJoin::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashJoinState&>(state);
  ctx.CheckCancel();
  if (!st.built) Build(*this, st, ctx);
  if (!st.build_parts.empty()) return HashJoinSpill::Next(*this, st, ctx, out);
  if (kind_ != JoinKind::kInner && kind_ != JoinKind::kLeftOuter)
    return NextSemiAnti(*this, st, ctx, out);
  bool outer = kind_ == JoinKind::kLeftOuter;
  if (!outer && st.build_rows->empty()) return false;  // no match possible: skip the probe
  for (;;) {
    ctx.CheckCancel();
    switch (st.phase) {
      case HashJoinState::Phase::kNeedBatch:
        if (!NextProbeBatch(*this, st, ctx)) return false;
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

}  // namespace pathdb
