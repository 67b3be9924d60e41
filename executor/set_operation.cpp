#include "executor/set_operation.h"

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/row_hash_table.h"
#include "executor/spill_file.h"

namespace pathdb {
namespace {
struct SetOperationState : OperatorState {
  std::unique_ptr<OperatorState> left;
  std::unique_ptr<RowHashTable> right_rows;  //!< distinct rows of child 1
  std::unique_ptr<RowHashTable> emitted;     //!< distinct rows of child 0 already returned
  bool built = false;
  size_t right_bytes = 0, left_bytes = 0;  //!< what one row of each table weighs
};

// Per distinct row beyond its columns: the key hash and the slot(s) pointing at it.
constexpr size_t kHashEntryBytes = 16;

//! The line's memory columns: both hash tables are held in memory (they never spill).
void Report(const SetOperationState& st, OperatorRuntimeStats* line) {
  if (line == nullptr) return;
  WorkAreaUsage usage;
  usage.optimal = usage.used =
      st.right_rows->size() * st.right_bytes + st.emitted->size() * st.left_bytes;
  usage.one_pass = usage.optimal;  // no partitions: a smaller area cannot finish in one pass
  ReportWorkArea(line, usage);
}
}  // namespace

std::unique_ptr<OperatorState> OpenSetOperation(const PhysicalOperator& op, ExecContext& ctx) {
  const auto& kids = op.children();
  if (kids.size() != 2 || kids[0]->types().size() != kids[1]->types().size())
    throw OraError(1789, "query block has incorrect number of result columns");
  auto st = std::make_unique<SetOperationState>();
  std::vector<TypeId> compare_as, own;
  for (size_t c = 0; c < kids[0]->types().size(); c++) {
    compare_as.push_back(CompareTypeOf(kids[0]->types()[c].id, kids[1]->types()[c].id));
    own.push_back(kids[0]->types()[c].id);
  }
  st->right_rows = std::make_unique<RowHashTable>(kids[1]->types(), compare_as, true);
  st->emitted = std::make_unique<RowHashTable>(kids[0]->types(), own, true);
  st->right_bytes = EstimatedRowBytes(kids[1]->types()) + kHashEntryBytes;
  st->left_bytes = EstimatedRowBytes(kids[0]->types()) + kHashEntryBytes;
  st->left = kids[0]->Open(ctx);
  // Child 1 is drained now: only its distinct rows are kept.
  auto right = kids[1]->Open(ctx);
  DataChunk batch(kids[1]->types());
  std::vector<const Vector*> cols;
  for (size_t c = 0; c < batch.ColumnCount(); c++) cols.push_back(&batch.column(c));
  std::vector<uint32_t> ids;
  while (kids[1]->Next(ctx, *right, batch)) {
    ctx.CheckCancel();
    st->right_rows->FindOrInsert(cols, batch, ids, nullptr);
  }
  Report(*st, ctx.LineStats(op.line_id()));
  return st;
}

bool NextSetOperation(const PhysicalOperator& op, bool keep_matches, ExecContext& ctx,
                      OperatorState& state, DataChunk& out) {
  auto& st = static_cast<SetOperationState&>(state);
  const auto& left = *op.children()[0];
  std::vector<const Vector*> cols;
  for (size_t c = 0; c < out.ColumnCount(); c++) cols.push_back(&out.column(c));
  std::vector<uint32_t> ids;
  std::vector<uint8_t> is_new;
  while (left.Next(ctx, *st.left, out)) {
    ctx.CheckCancel();
    st.right_rows->Find(cols, out, ids);
    SelectionVector sel;
    for (size_t i = 0; i < ids.size(); i++)
      if ((ids[i] != RowHashTable::kNotFound) == keep_matches) sel.push_back(out.RowIndex(i));
    if (sel.empty()) continue;
    out.SetSelection(std::move(sel));
    st.emitted->FindOrInsert(cols, out, ids, &is_new);
    SelectionVector fresh;
    for (size_t i = 0; i < is_new.size(); i++)
      if (is_new[i]) fresh.push_back(out.RowIndex(i));
    Report(st, ctx.LineStats(op.line_id()));
    if (fresh.empty()) continue;
    out.SetSelection(std::move(fresh));
    return true;
  }
  return false;
}

}  // namespace pathdb
