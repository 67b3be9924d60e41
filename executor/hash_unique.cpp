#include "executor/hash_unique.h"

#include "executor/row_hash_table.h"
#include "executor/spill_file.h"

namespace pathdb {
namespace {
struct HashUniqueState : OperatorState {
  std::unique_ptr<OperatorState> child;
  std::unique_ptr<RowHashTable> seen;
  size_t row_bytes = 0;  //!< what one distinct row weighs in the table
};

// Per distinct row beyond its columns: the key hash and the slot(s) pointing at it.
constexpr size_t kHashEntryBytes = 16;

std::vector<TypeId> TypeIds(const std::vector<LogicalType>& types) {
  std::vector<TypeId> ids;
  for (const auto& t : types) ids.push_back(t.id);
  return ids;
}
}  // namespace

HashUnique::HashUnique() : ChildTypedOperator(OperatorType::kHashUnique, "HASH UNIQUE") {}

std::unique_ptr<OperatorState> HashUnique::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<HashUniqueState>();
  st->child = children_.at(0)->Open(ctx);
  st->seen = std::make_unique<RowHashTable>(types_, TypeIds(types_), /*nulls_equal=*/true);
  st->row_bytes = EstimatedRowBytes(types_) + kHashEntryBytes;
  return st;
}

bool HashUnique::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashUniqueState&>(state);
  std::vector<const Vector*> cols;
  std::vector<uint32_t> ids;
  std::vector<uint8_t> is_new;
  OperatorRuntimeStats* line = ctx.LineStats(line_id());
  // The child fills `out`; rows already seen are dropped from the selection.
  while (children_[0]->Next(ctx, *st.child, out)) {
    ctx.CheckCancel();
    cols.clear();
    for (size_t c = 0; c < out.ColumnCount(); c++) cols.push_back(&out.column(c));
    st.seen->FindOrInsert(cols, out, ids, &is_new);
    if (line != nullptr) {
      // Streaming: the table so far is what a consumer that stops here saw used. It never
      // spills, so the optimal size is the memory used.
      WorkAreaUsage usage;
      usage.optimal = usage.used = st.seen->size() * st.row_bytes;
      usage.one_pass = usage.optimal;
      ReportWorkArea(line, usage);
    }
    SelectionVector sel;
    for (size_t i = 0; i < is_new.size(); i++)
      if (is_new[i]) sel.push_back(out.RowIndex(i));
    if (sel.empty()) continue;
    if (sel.size() < out.Count()) out.SetSelection(std::move(sel));
    return true;
  }
  return false;
}

}  // namespace pathdb
