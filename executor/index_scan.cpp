#include "executor/index_scan.h"

#include <optional>

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/join_filter.h"

namespace pathdb {
namespace {

struct IndexScanOpState : OperatorState {
  std::unique_ptr<storage::IndexScanState> scan;
  //! Per join filter (join_filters_ order): the execution's filter, and its position in
  //! scan->key_filters when the storage layer may test it (else SIZE_MAX).
  std::vector<std::shared_ptr<JoinFilter>> join_filters;
  std::vector<size_t> key_filter_at;
  DataChunk keys;  //!< one vector per key column, as IndexScanNext fills them
  std::vector<storage::RowId> rowids;
  bool done = false;
};

LogicalType KeyType(const storage::TableInfo& table, const storage::IndexInfo& index, size_t pos) {
  if (pos >= index.columns.size() || index.columns[pos] >= table.columns.size())
    ThrowOra(600, "internal error code, arguments: [index key column {}]", pos);
  return table.columns[index.columns[pos]].type;
}

std::vector<LogicalType> OutputTypes(const storage::TableInfo& table,
                                     const storage::IndexInfo& index,
                                     const std::vector<uint32_t>& outputs) {
  std::vector<LogicalType> types;
  for (uint32_t o : outputs)
    types.push_back(o == kIndexRowIdOutput ? LogicalType::Integer() : KeyType(table, index, o));
  return types;
}

//! A bound value for key column `pos`, in the column's type so that the storage layer's key
//! encoding orders it with the stored keys. nullopt for NULL (nothing can match).
std::optional<Value> BoundValue(const BoundExpr& e, const LogicalType& key_type, ExecContext& ctx) {
  Value v = ExpressionExecutor::EvaluateScalar(e, ctx.eval);
  if (v.is_null()) return std::nullopt;
  // The planner only uses conditions whose value already has the key's TypeId; precision and
  // scale may differ (NUMBER(5,2) column vs literal 3.14159) and must not be rounded away.
  if (v.type().id != key_type.id) v = CastValue(v, key_type, ctx.eval);
  return v;
}

}  // namespace

IndexKeyRange IndexKeyRange::Copy() const {
  IndexKeyRange r;
  for (const auto& e : equal) r.equal.push_back(e->Copy());
  if (lower) r.lower = lower->Copy();
  if (upper) r.upper = upper->Copy();
  r.lower_inclusive = lower_inclusive;
  r.upper_inclusive = upper_inclusive;
  return r;
}

IndexScan::IndexScan(OperatorType type, std::string operation, const storage::TableInfo& table,
                     const storage::IndexInfo& index, std::vector<uint32_t> outputs,
                     IndexKeyRange range, bool descending, bool fast_full, BoundExprPtr filter)
    : PhysicalOperator(type, std::move(operation), OutputTypes(table, index, outputs)),
      table_(table),
      index_(index),
      outputs_(std::move(outputs)),
      range_(std::move(range)),
      descending_(descending),
      fast_full_(fast_full),
      filter_(std::move(filter)) {
  object_name = index.name;
  const size_t bounded = range_.equal.size() + ((range_.lower || range_.upper) ? 1 : 0);
  if (bounded > index.columns.size())
    ThrowOra(600, "internal error code, arguments: [index range on {} of {} columns]", bounded,
             index.columns.size());
}

std::unique_ptr<OperatorState> IndexScan::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<IndexScanOpState>();
  std::vector<LogicalType> key_types;
  for (size_t i = 0; i < index_.columns.size(); ++i)
    key_types.push_back(KeyType(table_, index_, i));
  st->keys.Initialize(key_types);
  if (fast_full_) {
    st->scan = ctx.db.BeginIndexFastFullScan(index_, ctx.stats, ctx.shared.dml());
    st->scan->decoded_columns = DecodedColumns();
    for (const JoinFilterUse& u : join_filters_) {
      st->join_filters.push_back(ctx.shared.JoinFilterById(u.filter_id));
      size_t at = SIZE_MAX;
      if (u.output_columns.size() == 1 && outputs_.at(u.output_columns[0]) == 0) {
        at = st->scan->key_filters.size();
        st->scan->key_filters.push_back(st->join_filters.back());
      }
      st->key_filter_at.push_back(at);
    }
    if (OperatorRuntimeStats* line = ctx.LineStats(line_id())) {
      line->access_note = st->scan->access.reason;
    }
    return st;
  }
  Begin(ctx, *st);
  return st;
}

void IndexScan::UseJoinFilter(uint32_t filter_id, std::vector<uint32_t> output_columns) {
  if (!fast_full_) ThrowOra(600, "internal error code, arguments: [join filter on index scan]");
  join_filters_.push_back({filter_id, std::move(output_columns)});
}

size_t IndexScan::DecodedColumns() const {
  size_t n = 0;
  for (uint32_t o : outputs_) {
    if (o != kIndexRowIdOutput) n = std::max<size_t>(n, o + 1);
  }
  return n;
}

bool IndexScan::RestartImpl(ExecContext& ctx, OperatorState& state) const {
  if (fast_full_) return false;
  auto& st = static_cast<IndexScanOpState&>(state);
  st.scan.reset();
  st.rowids.clear();
  st.done = false;
  Begin(ctx, st);
  return true;
}

void IndexScan::Begin(ExecContext& ctx, OperatorState& state) const {
  auto* st = &static_cast<IndexScanOpState&>(state);
  std::vector<LogicalType> key_types;
  for (size_t i = 0; i < index_.columns.size(); ++i)
    key_types.push_back(KeyType(table_, index_, i));
  std::vector<Value> prefix;
  for (size_t i = 0; i < range_.equal.size(); ++i) {
    auto v = BoundValue(*range_.equal[i], key_types[i], ctx);
    if (!v) {
      st->done = true;
      return;
    }
    prefix.push_back(std::move(*v));
  }
  const size_t next = range_.equal.size();
  std::optional<storage::IndexBound> lower, upper;
  if (range_.lower) {
    auto v = BoundValue(*range_.lower, key_types[next], ctx);
    if (!v) {
      st->done = true;
      return;
    }
    lower = storage::IndexBound{prefix, range_.lower_inclusive};
    lower->key.push_back(std::move(*v));
  } else if (!prefix.empty()) {
    lower = storage::IndexBound{prefix, true};
  }
  if (range_.upper) {
    auto v = BoundValue(*range_.upper, key_types[next], ctx);
    if (!v) {
      st->done = true;
      return;
    }
    upper = storage::IndexBound{prefix, range_.upper_inclusive};
    upper->key.push_back(std::move(*v));
  } else if (!prefix.empty()) {
    upper = storage::IndexBound{std::move(prefix), true};
  }
  st->scan =
      ctx.db.BeginIndexScan(index_, std::move(lower), std::move(upper), descending_, ctx.stats);
  st->scan->decoded_columns = DecodedColumns();
}

bool IndexScan::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<IndexScanOpState&>(state);
  while (!st.done) {
    ctx.CheckCancel();
    st.keys.Reset();
    st.rowids.clear();
    if (!ctx.db.IndexScanNext(*st.scan, st.keys, st.rowids, ctx.stats)) {
      // Unpin the last leaf now: DELETE/UPDATE change the index once their input is done.
      st.scan.reset();
      st.done = true;
      break;
    }
    const size_t n = st.rowids.size();
    if (n == 0) continue;
    out.Reset();
    // A key column goes to its first output by swapping vectors (no copy); a repeated one is
    // copied from there.
    std::vector<int> placed(index_.columns.size(), -1);
    for (size_t j = 0; j < outputs_.size(); ++j) {
      const uint32_t o = outputs_[j];
      Vector& dst = out.column(j);
      if (o == kIndexRowIdOutput) {
        auto* data = dst.Data<Decimal>();
        for (size_t i = 0; i < n; ++i) data[i] = Decimal::FromInt(st.rowids[i].Pack());
      } else if (placed[o] < 0) {
        std::swap(st.keys.column(o), dst);
        placed[o] = static_cast<int>(j);
      } else {
        CopyCells(out.column(static_cast<size_t>(placed[o])), nullptr, n, dst, 0);
      }
    }
    out.SetSize(n);
    for (size_t i = 0; i < st.join_filters.size(); ++i) {
      const JoinFilter& f = *st.join_filters[i];
      const size_t at = st.key_filter_at[i];
      if (!f.published() || (at != SIZE_MAX && st.scan->key_filters_tested.at(at))) continue;
      std::vector<const Vector*> keys;
      for (uint32_t c : join_filters_[i].output_columns) keys.push_back(&out.column(c));
      f.ApplyMembership(keys, out);
    }
    if (filter_) ExpressionExecutor::Filter(*filter_, out, ctx.eval);
    if (out.Count() > 0) return true;
  }
  return false;
}

}  // namespace pathdb
