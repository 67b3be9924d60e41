#include "executor/nested_loops.h"

#include <algorithm>

#include "common/error.h"
#include "executor/subplans.h"
#include "executor/cell_ops.h"
#include "executor/chunk_collection.h"
#include "executor/chunk_util.h"

namespace pathdb {
namespace {

struct NestedLoopsState : OperatorState {
  std::unique_ptr<OperatorState> outer_child;
  std::unique_ptr<ChunkCollection> inner;  //!< child 1, materialised on the first Next
  //! One per inner chunk: outer columns (constant: the current outer row) + inner columns.
  std::vector<DataChunk> pairs;
  Vector cond{LogicalType::Boolean()};
  bool built = false;
  // ---- cursor
  DataChunk outer;
  bool have_outer = false;
  size_t pos = 0;                 //!< active outer row
  size_t chunk = 0;               //!< next inner chunk to test against it
  bool matched = false;           //!< the current outer row matched something
  std::vector<uint32_t> pending;  //!< inner row ids matched but not yet emitted
  size_t pending_pos = 0;
  bool outer_done = false;
  // ---- index nested loops: the inner child restarts per outer row and streams
  std::unique_ptr<OperatorState> inner_state;  //!< the inner child's state, kept for Restart
  bool inner_started = false;                  //!< inner_state runs for the current row
  DataChunk inner_batch;                       //!< the inner child's current batch
  DataChunk inner_pairs;  //!< outer row (constant) + inner batch rows (flat); pending indexes it
  bool params_bound = false;  //!< parameters hold outer values; saved_* hold what was there
  size_t saved_size = 0;
  std::vector<Value> saved_values;  //!< per param slot (slot < saved_size)
};

//! A non-NULL condition result as a truth value (SQLITE: numbers are predicates too).
bool IsTrue(const Vector& v, size_t r) {
  switch (v.type().id) {
    case TypeId::kNumber:
      return v.Data<Decimal>()[r].coef != 0;
    case TypeId::kDouble:
      return v.Data<double>()[r] != 0;
    default:
      return v.Data<uint8_t>()[r] != 0;
  }
}

}  // namespace

NestedLoops::NestedLoops(JoinKind kind, BoundExprPtr condition)
    : ChildTypedOperator(OperatorType::kNestedLoops, "NESTED LOOPS" + JoinKindSuffix(kind)),
      kind_(kind),
      condition_(std::move(condition)) {}

NestedLoops::NestedLoops(JoinKind kind, BoundExprPtr condition, std::vector<size_t> outer_columns,
                         std::vector<size_t> param_slots)
    : ChildTypedOperator(OperatorType::kNestedLoops, "NESTED LOOPS" + JoinKindSuffix(kind)),
      kind_(kind),
      condition_(std::move(condition)),
      outer_columns_(std::move(outer_columns)),
      param_slots_(std::move(param_slots)) {
  if (outer_columns_.empty() || outer_columns_.size() != param_slots_.size())
    throw OraError(600, "internal error code, arguments: [nested loops parameters]");
  // NOT IN needs to know whether the whole inner set holds a NULL, which a keyed lookup of
  // the matching entries cannot tell: the planner materialises the inner side instead.
  if (kind_ == JoinKind::kAntiNullAware)
    throw OraError(600, "internal error code, arguments: [nested loops anti na by index]");
}

std::vector<LogicalType> NestedLoops::ComputeTypes() const {
  auto t = ChildTypes(0);
  if (IsSemiAnti(kind_)) return t;
  auto i = ChildTypes(1);
  t.insert(t.end(), i.begin(), i.end());
  return t;
}

std::unique_ptr<OperatorState> NestedLoops::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<NestedLoopsState>();
  st->outer_child = children_.at(0)->Open(ctx);
  st->outer.Initialize(children_[0]->types());
  st->inner = std::make_unique<ChunkCollection>(children_.at(1)->types());
  if (condition_) st->cond = Vector(condition_->type);
  if (!outer_columns_.empty()) {
    auto types = children_[0]->types();
    auto inner = children_.at(1)->types();
    st->inner_batch.Initialize(inner);
    types.insert(types.end(), inner.begin(), inner.end());
    st->inner_pairs.Initialize(types);
  }
  return st;
}

namespace {

void BuildInner(const NestedLoops& op, NestedLoopsState& st, ExecContext& ctx) {
  const auto& child = *op.children()[1];
  auto inner_state = child.Open(ctx);
  DataChunk batch(child.types());
  while (child.Next(ctx, *inner_state, batch)) {
    ctx.CheckCancel();
    st.inner->Append(batch);
  }
  auto types = op.children()[0]->types();
  auto it = child.types();
  types.insert(types.end(), it.begin(), it.end());
  size_t no = op.children()[0]->types().size();
  for (uint32_t first = 0; first < st.inner->size(); first += kVectorSize) {
    size_t n = std::min<size_t>(kVectorSize, st.inner->size() - first);
    DataChunk inner_part(it);
    st.inner->Scan(first, n, inner_part);
    DataChunk& p = st.pairs.emplace_back(types);
    for (size_t c = 0; c < it.size(); c++) std::swap(inner_part.column(c), p.column(no + c));
    p.SetSize(n);
  }
  st.built = true;
}

//! Tests the current outer row against inner chunk `k`; matching inner row ids -> pending.
void MatchChunk(const NestedLoops& op, NestedLoopsState& st, size_t k, ExecContext& ctx) {
  DataChunk& p = st.pairs[k];
  auto first = static_cast<uint32_t>(k * kVectorSize);
  st.pending.clear();
  st.pending_pos = 0;
  if (!op.condition()) {
    for (uint32_t i = 0; i < p.size(); i++) st.pending.push_back(first + i);
    return;
  }
  uint32_t row = st.outer.RowIndex(st.pos);
  for (size_t c = 0; c < st.outer.ColumnCount(); c++) {
    Vector& v = p.column(c);
    v.Reset();
    CopyCell(st.outer.column(c), row, v, 0);
    v.SetKind(Vector::Kind::kConstant);
  }
  EvalInto(*op.condition(), p, st.cond, ctx.eval);
  bool null_matches = op.kind() == JoinKind::kAntiNullAware;
  for (uint32_t i = 0; i < p.size(); i++) {
    size_t r = PhysRow(st.cond, i);
    bool is_null = st.cond.IsNull(r);
    if ((is_null && null_matches) || (!is_null && IsTrue(st.cond, r)))
      st.pending.push_back(first + i);
  }
}

//! Stores the current outer row's key values in their parameter slots, remembering on the
//! first call what the slots held before.
void BindParameters(const std::vector<size_t>& outer_columns, const std::vector<size_t>& slots,
                    NestedLoopsState& st, ExecContext& ctx) {
  auto& params = ctx.eval.parameters;
  if (!st.params_bound) {
    st.saved_size = params.size();
    st.saved_values.clear();
    for (size_t slot : slots)
      st.saved_values.push_back(slot < params.size() ? params[slot] : Value());
    st.params_bound = true;
  }
  size_t need = *std::max_element(slots.begin(), slots.end()) + 1;
  if (params.size() < need) params.resize(need);
  uint32_t row = st.outer.RowIndex(st.pos);
  // A NULL key stays NULL: the index scan then reads nothing, as "= NULL" matches nothing.
  for (size_t k = 0; k < slots.size(); k++)
    params[slots[k]] = st.outer.column(outer_columns[k]).GetValue(row);
}

void RestoreParameters(const std::vector<size_t>& slots, NestedLoopsState& st, ExecContext& ctx) {
  if (!st.params_bound) return;
  auto& params = ctx.eval.parameters;
  for (size_t k = 0; k < slots.size(); k++)
    if (slots[k] < st.saved_size && slots[k] < params.size()) params[slots[k]] = st.saved_values[k];
  if (params.size() > st.saved_size) params.resize(st.saved_size);
  st.params_bound = false;
}

//! Pairs the current outer row with the inner batch; matching positions of inner_pairs ->
//! pending.
void MatchInnerBatch(const NestedLoops& op, NestedLoopsState& st, ExecContext& ctx) {
  DataChunk& p = st.inner_pairs;
  const DataChunk& in = st.inner_batch;
  size_t no = st.outer.ColumnCount();
  size_t n = in.Count();
  st.pending.clear();
  st.pending_pos = 0;
  p.Reset();
  uint32_t row = st.outer.RowIndex(st.pos);
  for (size_t c = 0; c < no; c++) {
    Vector& v = p.column(c);
    CopyCell(st.outer.column(c), row, v, 0);
    v.SetKind(Vector::Kind::kConstant);
  }
  const uint32_t* sel = in.HasSelection() ? in.selection().data() : nullptr;
  for (size_t c = 0; c < in.ColumnCount(); c++)
    CopyCells(in.column(c), sel, n, p.column(no + c), 0);
  p.SetSize(n);
  if (!op.condition()) {
    for (uint32_t i = 0; i < n; i++) st.pending.push_back(i);
    return;
  }
  EvalInto(*op.condition(), p, st.cond, ctx.eval);
  for (uint32_t i = 0; i < n; i++) {
    size_t r = PhysRow(st.cond, i);
    if (!st.cond.IsNull(r) && IsTrue(st.cond, r)) st.pending.push_back(i);
  }
}

//! Index nested loops: one start of the inner child per outer row, its rows streamed.
bool NextIndexed(const NestedLoops& op, const std::vector<size_t>& outer_columns,
                 const std::vector<size_t>& slots, NestedLoopsState& st, ExecContext& ctx,
                 DataChunk& out) {
  const auto& outer_child = *op.children()[0];
  const auto& inner_child = *op.children()[1];
  size_t no = outer_child.types().size();
  size_t ni = inner_child.types().size();
  JoinKind kind = op.kind();
  bool semi_anti = IsSemiAnti(kind);
  out.Reset();
  size_t n = 0;
  // Appends the current outer row to out row n with NULL inner columns.
  auto emit_unmatched = [&]() {
    uint32_t row = st.outer.RowIndex(st.pos);
    for (size_t c = 0; c < no; c++) CopyCell(st.outer.column(c), row, out.column(c), n);
    if (!semi_anti) {
      for (size_t c = 0; c < ni; c++) out.column(no + c).SetNull(n, true);
    }
    n++;
  };
  while (n < kVectorSize) {
    if (st.pending_pos < st.pending.size()) {
      // Column by column: the outer row's cells repeated, the matched inner rows gathered.
      const size_t k = std::min(st.pending.size() - st.pending_pos, kVectorSize - n);
      const uint32_t row = st.outer.RowIndex(st.pos);
      for (size_t c = 0; c < no; c++) FillCells(st.outer.column(c), row, k, out.column(c), n);
      for (size_t c = 0; c < ni && !semi_anti; c++)
        CopyCells(st.inner_pairs.column(no + c), st.pending.data() + st.pending_pos, k,
                  out.column(no + c), n);
      st.pending_pos += k;
      n += k;
      continue;
    }
    if (!st.have_outer) {
      ctx.CheckCancel();
      if (st.outer_done || !outer_child.Next(ctx, *st.outer_child, st.outer)) {
        st.outer_done = true;
        RestoreParameters(slots, st, ctx);
        break;
      }
      st.have_outer = true;
      st.pos = 0;
      st.matched = false;
    }
    if (st.pos >= st.outer.Count()) {
      st.have_outer = false;
      continue;
    }
    if (!st.inner_started) {
      BindParameters(outer_columns, slots, st, ctx);
      // A start that ran to its end restarts on its own buffers (no allocation per row).
      if (!st.inner_state || !inner_child.Restart(ctx, *st.inner_state))
        st.inner_state = inner_child.Open(ctx);
      st.inner_started = true;
      st.matched = false;
    }
    // Semi/anti joins need one match: the rest of this start is abandoned.
    if (!(semi_anti && st.matched) && inner_child.Next(ctx, *st.inner_state, st.inner_batch)) {
      MatchInnerBatch(op, st, ctx);
      if (!st.pending.empty()) st.matched = true;
      if (semi_anti) st.pending.clear();
      continue;
    }
    // An abandoned start may still hold index pins: let it go.
    if (semi_anti && st.matched) st.inner_state.reset();
    st.inner_started = false;
    bool emit_outer = (kind == JoinKind::kLeftOuter && !st.matched) ||
                      (kind == JoinKind::kSemi && st.matched) ||
                      (kind == JoinKind::kAnti && !st.matched);
    if (emit_outer) emit_unmatched();
    st.pos++;
    st.matched = false;
  }
  out.SetSize(n);
  return n > 0;
}

}  // namespace

bool NestedLoops::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<NestedLoopsState&>(state);
  ctx.CheckCancel();
  if (!outer_columns_.empty())
    return NextIndexed(*this, outer_columns_, param_slots_, st, ctx, out);
  if (!st.built) BuildInner(*this, st, ctx);
  const auto& outer_child = *children_[0];
  size_t no = outer_child.types().size();
  bool semi_anti = IsSemiAnti(kind_);
  out.Reset();
  size_t n = 0;
  // Appends the current outer row to out row n with inner row `inner` (kNotFound: NULLs).
  auto emit = [&](uint32_t inner) {
    uint32_t row = st.outer.RowIndex(st.pos);
    for (size_t c = 0; c < no; c++) CopyCell(st.outer.column(c), row, out.column(c), n);
    if (!semi_anti) {
      for (size_t c = 0; c < st.inner->types().size(); c++) {
        if (inner == 0xffffffffu) {
          out.column(no + c).SetNull(n, true);
        } else {
          CopyCell(st.inner->Column(c, inner), ChunkCollection::Offset(inner), out.column(no + c),
                   n);
        }
      }
    }
    n++;
  };
  while (n < kVectorSize) {
    if (st.pending_pos < st.pending.size()) {
      if (!semi_anti) {
        while (st.pending_pos < st.pending.size() && n < kVectorSize)
          emit(st.pending[st.pending_pos++]);
        continue;
      }
      st.pending_pos = st.pending.size();
    }
    if (!st.have_outer) {
      ctx.CheckCancel();
      if (st.outer_done || !outer_child.Next(ctx, *st.outer_child, st.outer)) {
        st.outer_done = true;
        break;
      }
      st.have_outer = true;
      st.pos = 0;
      st.chunk = 0;
      st.matched = false;
    }
    if (st.pos >= st.outer.Count()) {
      st.have_outer = false;
      continue;
    }
    bool stop_early = semi_anti && st.matched;
    if (st.chunk < st.pairs.size() && !stop_early) {
      MatchChunk(*this, st, st.chunk++, ctx);
      if (!st.pending.empty()) st.matched = true;
      continue;
    }
    // The current outer row has met every inner chunk (or matched, for semi/anti).
    bool emit_outer =
        (kind_ == JoinKind::kLeftOuter && !st.matched) ||
        (kind_ == JoinKind::kSemi && st.matched) ||
        ((kind_ == JoinKind::kAnti || kind_ == JoinKind::kAntiNullAware) && !st.matched);
    if (emit_outer) emit(0xffffffffu);
    st.pos++;
    st.chunk = 0;
    st.matched = false;
    st.pending.clear();
    st.pending_pos = 0;
  }
  out.SetSize(n);
  return n > 0;
}

std::vector<const PhysicalOperator*> NestedLoops::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  if (condition_) CollectSubPlans(*condition_, out);
  return out;
}

}  // namespace pathdb
