#include "executor/sort_unique.h"

#include "executor/chunk_collection.h"
#include "executor/row_sort.h"

namespace pathdb {
namespace {
struct SortUniqueState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;
  std::unique_ptr<ChunkCollection> rows;
  std::vector<uint32_t> order;  //!< sorted, duplicates removed
  bool sorted = false;
  size_t emitted = 0;
};
}  // namespace

SortUnique::SortUnique() : ChildTypedOperator("SORT UNIQUE") {}

std::unique_ptr<OperatorState> SortUnique::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<SortUniqueState>();
  st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  st->rows = std::make_unique<ChunkCollection>(children_[0]->types());
  return st;
}

bool SortUnique::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortUniqueState&>(state);
  if (!st.sorted) {
    while (children_[0]->Next(ctx, *st.child, st.input)) {
      ctx.CheckCancel();
      st.rows->Append(st.input);
    }
    std::vector<SortColumn> cols;
    for (size_t c = 0; c < types_.size(); c++) cols.push_back({c, false, false});
    std::vector<uint32_t> all(st.rows->size());
    for (uint32_t i = 0; i < all.size(); i++) all[i] = i;
    SortRowIds(*st.rows, all, cols);
    for (uint32_t id : all)
      if (st.order.empty() || CompareRows(*st.rows, st.order.back(), id, cols) != 0)
        st.order.push_back(id);
    ctx.stats.Add(Stat::kSortsMemory);
    st.sorted = true;
  }
  ctx.CheckCancel();
  if (st.emitted >= st.order.size()) return false;
  out.Reset();
  size_t n = std::min(kVectorSize, st.order.size() - st.emitted);
  st.rows->Gather(st.order.data() + st.emitted, n, out, 0, 0);
  out.SetSize(n);
  st.emitted += n;
  return true;
}

}  // namespace pathdb
