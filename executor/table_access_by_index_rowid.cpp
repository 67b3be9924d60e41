#include "executor/table_access_by_index_rowid.h"

#include <algorithm>
#include <numeric>

#include "common/error.h"
#include "executor/subplans.h"
#include "executor/cell_ops.h"

namespace pathdb {
namespace {

struct ByRowidState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;    //!< a batch of the index scan
  DataChunk fetched;  //!< one vector per fetched table column
  std::vector<storage::RowId> rowids;
  std::vector<storage::RowId> sorted;  //!< batched: rowids in block order (reused buffer)
  std::vector<uint32_t> order;  //!< batched: fetch position -> position in index order
  std::vector<bool> found;
  bool done = false;
};

}  // namespace

TableAccessByIndexRowid::TableAccessByIndexRowid(const storage::TableInfo& table,
                                                 std::vector<uint32_t> column_ids,
                                                 BoundExprPtr filter, bool batched, bool keep_order)
    : ChildTypedOperator(
          OperatorType::kTableAccessByIndexRowid,
          batched ? "TABLE ACCESS BY INDEX ROWID BATCHED" : "TABLE ACCESS BY INDEX ROWID"),
      table_(table),
      column_ids_(std::move(column_ids)),
      filter_(std::move(filter)),
      batched_(batched),
      keep_order_(keep_order) {
  object_name = table.name;
  for (uint32_t id : column_ids_) {
    if (id == storage::kRowIdColumn) {
      output_types_.push_back(LogicalType::Integer());
      continue;
    }
    if (id >= table.columns.size())
      ThrowOra(600, "internal error code, arguments: [table access by rowid column {}]", id);
    output_types_.push_back(table.columns[id].type);
    fetch_ids_.push_back(id);
  }
  types_ = output_types_;
}

std::unique_ptr<OperatorState> TableAccessByIndexRowid::OpenImpl(ExecContext& ctx) const {
  const auto& child = *children_.at(0);
  if (child.types().empty() || child.types()[0].id != TypeId::kNumber)
    ThrowOra(600, "internal error code, arguments: [table access by rowid without ROWID]");
  auto st = std::make_unique<ByRowidState>();
  st->child = child.Open(ctx);
  st->input.Initialize(child.types());
  std::vector<LogicalType> fetch_types;
  for (uint32_t id : fetch_ids_) fetch_types.push_back(table_.columns[id].type);
  st->fetched.Initialize(fetch_types);
  return st;
}

bool TableAccessByIndexRowid::RestartImpl(ExecContext& ctx, OperatorState& state) const {
  auto& st = static_cast<ByRowidState&>(state);
  const auto& child = *children_[0];
  if (!child.Restart(ctx, *st.child)) st.child = child.Open(ctx);
  st.rowids.clear();
  st.order.clear();
  st.found.clear();
  st.done = false;
  return true;
}

bool TableAccessByIndexRowid::NextImpl(ExecContext& ctx, OperatorState& state,
                                       DataChunk& out) const {
  auto& st = static_cast<ByRowidState&>(state);
  const auto& child = *children_[0];
  while (!st.done) {
    ctx.CheckCancel();
    st.input.Reset();
    if (!child.Next(ctx, *st.child, st.input)) {
      st.done = true;
      break;
    }
    const size_t n = st.input.Count();
    if (n == 0) continue;
    // ROWIDs of the active rows, in index order.
    st.rowids.clear();
    const Vector& rid = st.input.column(0);
    for (size_t i = 0; i < n; ++i) {
      const size_t r = PhysRow(rid, st.input.RowIndex(i));
      if (rid.IsNull(r)) continue;
      auto packed = rid.Data<Decimal>()[r].ToInt64();
      if (!packed) ThrowOra(1410, "invalid ROWID");
      st.rowids.push_back(storage::RowId::Unpack(*packed));
    }
    const size_t m = st.rowids.size();
    if (m == 0) continue;
    st.order.resize(m);
    std::iota(st.order.begin(), st.order.end(), 0u);
    const auto block_order = [](const storage::RowId& x, const storage::RowId& y) {
      return x.file != y.file ? x.file < y.file : x.block < y.block;
    };
    // Entries of one key come in ROWID order (a non-unique index orders them so), often
    // already in block order: then there is nothing to sort.
    if (batched_ && !std::is_sorted(st.rowids.begin(), st.rowids.end(), block_order)) {
      // Block order, so FetchRows keeps each table block pinned while it serves the batch's
      // rows from it; stable, so rows of one block keep their index order.
      std::stable_sort(st.order.begin(), st.order.end(), [&](uint32_t a, uint32_t b) {
        return block_order(st.rowids[a], st.rowids[b]);
      });
      st.sorted.resize(m);
      for (size_t k = 0; k < m; ++k) st.sorted[k] = st.rowids[st.order[k]];
      st.rowids.swap(st.sorted);
    }
    st.fetched.Reset();
    st.found.assign(m, false);
    ctx.db.FetchRows(table_, st.rowids, fetch_ids_, st.fetched, st.found, ctx.stats);
    out.Reset();
    // Output row of fetch position k: k itself, or (index order restored) order[k].
    const bool permute = batched_ && keep_order_;
    size_t f = 0;  // fetched column of the next non-ROWID output
    for (size_t j = 0; j < column_ids_.size(); ++j) {
      Vector& dst = out.column(j);
      if (column_ids_[j] == storage::kRowIdColumn) {
        auto* data = dst.Data<Decimal>();
        for (size_t k = 0; k < m; ++k)
          data[permute ? st.order[k] : k] = Decimal::FromInt(st.rowids[k].Pack());
        continue;
      }
      Vector& src = st.fetched.column(f++);
      if (!permute) {
        std::swap(src, dst);
      } else {
        for (size_t k = 0; k < m; ++k) CopyCell(src, k, dst, st.order[k]);
      }
    }
    out.SetSize(m);
    // A ROWID whose row is gone (deleted after the index entry was read) yields no row.
    if (std::find(st.found.begin(), st.found.end(), false) != st.found.end()) {
      SelectionVector sel;
      std::vector<bool> keep(m, false);
      for (size_t k = 0; k < m; ++k) keep[permute ? st.order[k] : k] = st.found[k];
      for (uint32_t r = 0; r < m; ++r)
        if (keep[r]) sel.push_back(r);
      out.SetSelection(std::move(sel));
    }
    if (filter_ && out.Count() > 0) ExpressionExecutor::Filter(*filter_, out, ctx.eval);
    if (out.Count() > 0) return true;
  }
  return false;
}

std::vector<const PhysicalOperator*> TableAccessByIndexRowid::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  if (filter_) CollectSubPlans(*filter_, out);
  return out;
}

}  // namespace pathdb
