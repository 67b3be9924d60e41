#include "executor/nested_loops.h"

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
  size_t pos = 0;            //!< active outer row
  size_t chunk = 0;          //!< next inner chunk to test against it
  bool matched = false;      //!< the current outer row matched something
  std::vector<uint32_t> pending;  //!< inner row ids matched but not yet emitted
  size_t pending_pos = 0;
  bool outer_done = false;
};

//! A non-NULL condition result as a truth value (SQLITE: numbers are predicates too).
bool IsTrue(const Vector& v, size_t r) {
  switch (v.type().id) {
    case TypeId::kNumber: return v.Data<Decimal>()[r].coef != 0;
    case TypeId::kDouble: return v.Data<double>()[r] != 0;
    default: return v.Data<uint8_t>()[r] != 0;
  }
}

bool IsSemiAnti(JoinKind k) {
  return k == JoinKind::kSemi || k == JoinKind::kAnti || k == JoinKind::kAntiNullAware;
}

}  // namespace

NestedLoops::NestedLoops(JoinKind kind, BoundExprPtr condition)
    : ChildTypedOperator("NESTED LOOPS" + JoinKindSuffix(kind)),
      kind_(kind),
      condition_(std::move(condition)) {}

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

}  // namespace

bool NestedLoops::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<NestedLoopsState&>(state);
  ctx.CheckCancel();
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
          CopyCell(st.inner->Column(c, inner), ChunkCollection::Offset(inner), out.column(no + c), n);
        }
      }
    }
    n++;
  };
  while (n < kVectorSize) {
    if (st.pending_pos < st.pending.size()) {
      if (!semi_anti) {
        while (st.pending_pos < st.pending.size() && n < kVectorSize) emit(st.pending[st.pending_pos++]);
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
    bool emit_outer = (kind_ == JoinKind::kLeftOuter && !st.matched) ||
                      (kind_ == JoinKind::kSemi && st.matched) ||
                      ((kind_ == JoinKind::kAnti || kind_ == JoinKind::kAntiNullAware) &&
                       !st.matched);
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

}  // namespace pathdb
