#include "executor/hash_join.h"

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"
#include "executor/row_hash_table.h"

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
  std::vector<uint32_t> ids;      //!< key id per active probe row
  std::vector<uint8_t> matched;   //!< per active probe row
  size_t pos = 0;                 //!< active probe row being paired
  uint32_t chain = kNone;         //!< next build row to pair with it
  enum class Phase : uint8_t { kNeedBatch, kPairs, kUnmatched } phase = Phase::kNeedBatch;
  bool probe_done = false;
  // ---- candidate pairs of one round
  std::vector<uint32_t> pair_probe;  //!< active probe row index
  std::vector<uint32_t> pair_build;  //!< build row id
  DataChunk pairs;                   //!< probe columns then build columns (residual input)
};

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

std::unique_ptr<OperatorState> HashJoin::Open(ExecContext& ctx) const {
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
  std::vector<uint32_t> ids;
  while (child.Next(ctx, *st.build_child, batch)) {
    ctx.CheckCancel();
    for (size_t k = 0; k < keys.size(); k++)
      EvalInto(*op.build_keys()[k], batch, keys[k], ctx.eval);
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
  }
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
      st.chain = st.pos < st.ids.size() && st.ids[st.pos] != kNone ? st.head[st.ids[st.pos]]
                                                                    : kNone;
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
    for (size_t c = 0; c < np; c++) CopyCells(st.probe.column(c), rows.data(), n, st.pairs.column(c), 0);
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

bool HashJoin::Next(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashJoinState&>(state);
  ctx.CheckCancel();
  if (!st.built) Build(*this, st, ctx);
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
