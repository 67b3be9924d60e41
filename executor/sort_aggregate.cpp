#include "executor/sort_aggregate.h"

#include "executor/chunk_util.h"
#include "executor/table_access_full.h"

namespace pathdb {
namespace {
struct SortAggregateState : OperatorState {
  std::unique_ptr<OperatorState> child;
  //! The in-memory scan below may compute the aggregates itself (see ScanAggregates).
  std::optional<std::vector<storage::ScanAggregate>> in_scan;
  DataChunk input;
  std::vector<std::unique_ptr<Vector>> args;
  std::unique_ptr<AggregateStates> aggs;
  bool done = false;
};
//! The aggregates as a scan computes them, when the child is a full scan and every aggregate
//! is COUNT(*) or COUNT/SUM/MIN/MAX of one of its columns in the column's own type (SUM of
//! NUMBER; MIN/MAX of NUMBER, DATE, TIMESTAMP, VARCHAR2). The in-memory scan computes all of
//! them on its encoded columns; the row-store scan all but MIN/MAX of VARCHAR2 and intervals
//! on its stored fields.
std::optional<std::vector<storage::ScanAggregate>> ScanAggregates(
    const std::vector<AggregateSpec>& aggs, const PhysicalOperator& child) {
  using K = storage::ScanAggregate::Kind;
  if (child.type() != OperatorType::kTableAccessFull) return std::nullopt;
  const auto& scan = static_cast<const TableAccessFull&>(child);
  std::vector<storage::ScanAggregate> out;
  for (const AggregateSpec& a : aggs) {
    storage::ScanAggregate s;
    if (a.function == "COUNT_STAR") {
      s.kind = K::kCountStar;
      out.push_back(s);
      continue;
    }
    if (a.distinct || !a.arg || a.arg->kind != BoundKind::kColumn ||
        a.arg->column_index >= scan.column_ids().size()) {
      return std::nullopt;
    }
    s.column = scan.column_ids()[a.arg->column_index];
    if (s.column == storage::kRowIdColumn) return std::nullopt;
    const LogicalType& type = scan.table().columns[s.column].type;
    if (a.function == "COUNT") {
      s.kind = K::kCount;
    } else if (a.function == "SUM" && type.id == TypeId::kNumber && a.type.id == TypeId::kNumber) {
      s.kind = K::kSum;
    } else if ((a.function == "MIN" || a.function == "MAX") && a.type == type &&
               (type.id == TypeId::kNumber || type.id == TypeId::kDate ||
                type.id == TypeId::kTimestamp || type.id == TypeId::kVarchar ||
                type.IsInterval())) {
      s.kind = a.function == "MIN" ? K::kMin : K::kMax;
    } else {
      return std::nullopt;
    }
    // What the row store cannot compute comes as rows (asked here, so the scan is begun
    // only once).
    if (!scan.inmemory() && !storage::RowStoreScanAggregates(s, type)) return std::nullopt;
    out.push_back(s);
  }
  return out;
}

}  // namespace

SortAggregate::SortAggregate(std::vector<AggregateSpec> aggs)
    : ChildTypedOperator(OperatorType::kSortAggregate, "SORT AGGREGATE"), aggs_(std::move(aggs)) {
  types_ = ComputeTypes();
}

std::vector<LogicalType> SortAggregate::ComputeTypes() const {
  std::vector<LogicalType> t;
  for (const auto& a : aggs_) t.push_back(a.type);
  return t;
}

std::unique_ptr<OperatorState> SortAggregate::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<SortAggregateState>();
  st->in_scan = ScanAggregates(aggs_, *children_.at(0));
  // With the shortcut the child is opened only if the scan declines.
  if (!st->in_scan) st->child = children_.at(0)->Open(ctx);
  st->input.Initialize(children_[0]->types());
  for (const auto& a : aggs_)
    st->args.push_back(a.arg ? std::make_unique<Vector>(a.arg->type) : nullptr);
  st->aggs = MakeAggregateStates(aggs_);
  st->aggs->Resize(1);
  return st;
}

bool SortAggregate::RestartImpl(ExecContext& ctx, OperatorState& state) const {
  auto& st = static_cast<SortAggregateState&>(state);
  // A scan computing the aggregates itself is a full scan: no cheaper to restart than to open.
  if (st.in_scan || !st.child) return false;
  if (!children_[0]->Restart(ctx, *st.child)) st.child = children_[0]->Open(ctx);
  st.aggs = MakeAggregateStates(aggs_);
  st.aggs->Resize(1);
  st.done = false;
  return true;
}

bool SortAggregate::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<SortAggregateState&>(state);
  ctx.CheckCancel();
  if (st.done) return false;
  if (st.in_scan) {
    const auto& scan = static_cast<const TableAccessFull&>(*children_[0]);
    std::optional<std::vector<Value>> r = scan.AggregateInScan(ctx, *st.in_scan);
    st.in_scan.reset();
    if (r) {
      out.Reset();
      for (size_t a = 0; a < aggs_.size(); a++) {
        const Value& v = (*r)[a];
        out.column(a).SetValue(0, v.is_null() ? Value::Null(aggs_[a].type) : v);
      }
      out.SetSize(1);
      st.done = true;
      return true;
    }
    st.child = children_[0]->Open(ctx);
  }
  std::vector<uint32_t> gids;
  while (children_[0]->Next(ctx, *st.child, st.input)) {
    ctx.CheckCancel();
    gids.assign(st.input.Count(), 0);
    UpdateAggregates(aggs_, *st.aggs, st.input, st.args, gids, ctx.eval);
  }
  out.Reset();
  for (size_t a = 0; a < aggs_.size(); a++) st.aggs->Finalize(a, 0, out.column(a), 0);
  out.SetSize(1);
  st.done = true;
  return true;
}

}  // namespace pathdb
