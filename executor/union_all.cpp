#include "executor/union_all.h"

#include "common/error.h"
#include "executor/cell_ops.h"

namespace pathdb {
namespace {

struct UnionAllState : OperatorState {
  size_t current = 0;
  std::unique_ptr<OperatorState> child;  //!< state of children_[current]
  //! Set when the current child's column layout differs from ours (NUMBER vs BINARY_DOUBLE):
  //! its batches land here and are converted into `out`.
  std::unique_ptr<DataChunk> scratch;
};

bool NumericPair(TypeId a, TypeId b) {
  return (a == TypeId::kNumber || a == TypeId::kDouble) &&
         (b == TypeId::kNumber || b == TypeId::kDouble);
}

bool StringPair(TypeId a, TypeId b) {
  return (a == TypeId::kVarchar || a == TypeId::kChar) &&
         (b == TypeId::kVarchar || b == TypeId::kChar);
}

}  // namespace

UnionAll::UnionAll() : ChildTypedOperator(OperatorType::kUnionAll, "UNION-ALL") {}

std::unique_ptr<OperatorState> UnionAll::OpenImpl(ExecContext&) const {
  // Children are opened lazily, one at a time, so a later branch's state (and any error it
  // raises) waits until the earlier branches are done, as Oracle runs them.
  return std::make_unique<UnionAllState>();
}

namespace {

//! A scratch chunk when `child` cannot write into a chunk of `types` directly; throws
//! ORA-01790 when the columns cannot be reconciled at all.
std::unique_ptr<DataChunk> ScratchFor(const std::vector<LogicalType>& types,
                                      const std::vector<LogicalType>& child) {
  if (child.size() != types.size())
    throw OraError(1789, "query block has incorrect number of result columns");
  bool same = true;
  for (size_t c = 0; c < types.size(); c++) {
    TypeId a = types[c].id, b = child[c].id;
    if (a == b || StringPair(a, b)) continue;
    if (!NumericPair(a, b) && b != TypeId::kNull)
      throw OraError(1790, "expression must have same datatype as corresponding expression");
    same = false;
  }
  return same ? nullptr : std::make_unique<DataChunk>(child);
}

}  // namespace

bool UnionAll::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<UnionAllState&>(state);
  while (st.current < children_.size()) {
    ctx.CheckCancel();
    const auto& child = *children_[st.current];
    if (!st.child) {
      st.scratch = ScratchFor(types_, child.types());
      st.child = child.Open(ctx);
    }
    if (!st.scratch) {
      if (child.Next(ctx, *st.child, out)) return true;
    } else if (child.Next(ctx, *st.child, *st.scratch)) {
      out.Reset();
      const DataChunk& in = *st.scratch;
      const uint32_t* sel = in.HasSelection() ? in.selection().data() : nullptr;
      for (size_t c = 0; c < out.ColumnCount(); c++)
        CopyCells(in.column(c), sel, in.Count(), out.column(c), 0);
      out.SetSize(in.Count());
      return true;
    }
    st.child.reset();
    st.current++;
  }
  return false;
}

}  // namespace pathdb
