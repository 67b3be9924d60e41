#include "executor/table_access_full.h"

#include "common/error.h"
#include "executor/subplans.h"

namespace pathdb {
namespace {

struct TableAccessFullState : OperatorState {
  std::unique_ptr<storage::ScanSource> scan;
  bool done = false;
  //! A bind of a pushed conjunct is NULL this execution: those conjuncts filter here instead.
  bool bind_residual = false;
  uint64_t skipped_reported = 0;  //!< of scan->counters().bytes_skipped, in the line's stats
};

std::vector<LogicalType> ProjectedTypes(const storage::TableInfo& table,
                                        const std::vector<uint32_t>& ids) {
  std::vector<LogicalType> types;
  types.reserve(ids.size());
  for (uint32_t id : ids) {
    if (id == storage::kRowIdColumn) {
      types.push_back(LogicalType::Integer());
    } else if (id < table.columns.size()) {
      types.push_back(table.columns[id].type);
    } else {
      ThrowOra(600, "internal error code, arguments: [table access full column {}]", id);
    }
  }
  return types;
}

void Flatten(const BoundExpr& e, std::vector<const BoundExpr*>& out) {
  if (e.kind == BoundKind::kAnd) {
    for (const auto& c : e.children) Flatten(*c, out);
  } else {
    out.push_back(&e);
  }
}

//! The scan form of one conjunct, when the scan can evaluate it exactly as the executor
//! would: a projected table column against non-NULL constants of the same type. With
//! `binds`, bind variables of a type the scan can compare count as constants too: their
//! values are left NULL in the predicate and their nodes appended to `binds`, in value order,
//! to be filled in at Open.
std::optional<storage::ScanPredicate> ToScanPredicate(
    const BoundExpr& e, const storage::TableInfo& table, const std::vector<uint32_t>& ids,
    std::vector<const BoundExpr*>* binds = nullptr) {
  using K = storage::ScanPredicate::Kind;
  auto column_of = [&](const BoundExpr& c) -> std::optional<uint32_t> {
    if (c.kind != BoundKind::kColumn || c.column_index >= ids.size()) return std::nullopt;
    uint32_t id = ids[c.column_index];
    if (id == storage::kRowIdColumn) return std::nullopt;
    return id;
  };
  auto usable = [&](uint32_t col, const BoundExpr& k) {
    if (k.kind == BoundKind::kBind)
      return binds != nullptr && storage::ScanCanEvaluate(table.columns[col].type, k.type);
    return k.kind == BoundKind::kConstant && !k.constant.is_null() &&
           storage::ScanCanEvaluate(table.columns[col].type, k.constant.type());
  };
  auto value_of = [&](const BoundExpr& k) {
    if (k.kind == BoundKind::kBind) binds->push_back(&k);
    return k.kind == BoundKind::kBind ? Value() : k.constant;
  };
  storage::ScanPredicate p;
  switch (e.kind) {
    case BoundKind::kCompare: {
      if (e.children.size() != 2) return std::nullopt;
      bool flipped =
          e.children[0]->kind == BoundKind::kConstant || e.children[0]->kind == BoundKind::kBind;
      const BoundExpr& c = *e.children[flipped ? 1 : 0];
      const BoundExpr& k = *e.children[flipped ? 0 : 1];
      auto col = column_of(c);
      if (!col || !usable(*col, k)) return std::nullopt;
      p.kind = K::kCompare;
      p.column = *col;
      p.op = flipped ? storage::Mirrored(ParseCompareOp(e.name)) : ParseCompareOp(e.name);
      p.values.push_back(value_of(k));
      return p;
    }
    case BoundKind::kIsNull: {
      auto col = column_of(*e.children[0]);
      if (!col) return std::nullopt;
      p.kind = e.negated ? K::kIsNotNull : K::kIsNull;
      p.column = *col;
      return p;
    }
    case BoundKind::kInList: {
      if (e.negated || e.children.size() < 2) return std::nullopt;
      auto col = column_of(*e.children[0]);
      if (!col) return std::nullopt;
      p.kind = K::kInList;
      p.column = *col;
      for (size_t i = 1; i < e.children.size(); ++i) {
        const BoundExpr& k = *e.children[i];
        if (k.kind == BoundKind::kConstant && k.constant.is_null()) continue;  // never TRUE
        if (!usable(*col, k)) return std::nullopt;
        p.values.push_back(value_of(k));
      }
      if (p.values.empty()) return std::nullopt;
      return p;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

TableAccessFull::TableAccessFull(const storage::TableInfo& table, std::vector<uint32_t> column_ids,
                                 BoundExprPtr filter, bool inmemory)
    : PhysicalOperator(OperatorType::kTableAccessFull,
                       inmemory ? "TABLE ACCESS INMEMORY FULL" : "TABLE ACCESS FULL",
                       ProjectedTypes(table, column_ids)),
      table_(table),
      column_ids_(std::move(column_ids)),
      filter_(std::move(filter)) {
  object_name = table.name;
  spec_.table = &table_;
  spec_.column_ids = column_ids_;
  spec_.inmemory = inmemory;
  if (!filter_) return;
  std::vector<const BoundExpr*> conjuncts;
  Flatten(*filter_, conjuncts);
  std::vector<BoundExprPtr> rest, with_binds;
  for (const BoundExpr* c : conjuncts) {
    std::vector<const BoundExpr*> binds;
    if (auto p = ToScanPredicate(*c, table_, column_ids_, &binds)) {
      if (binds.empty()) {
        spec_.predicates.push_back(std::move(*p));
      } else {
        bind_predicates_.push_back({std::move(*p), std::move(binds)});
        with_binds.push_back(c->Copy());
      }
    } else {
      rest.push_back(c->Copy());
    }
  }
  if (with_binds.size() == 1) {
    bind_residual_ = std::move(with_binds[0]);
  } else if (!with_binds.empty()) {
    bind_residual_ = std::make_unique<BoundExpr>(BoundKind::kAnd, LogicalType::Boolean());
    bind_residual_->children = std::move(with_binds);
  }
  if (rest.size() == 1) {
    residual_ = std::move(rest[0]);
  } else if (!rest.empty()) {
    residual_ = std::make_unique<BoundExpr>(BoundKind::kAnd, LogicalType::Boolean());
    residual_->children = std::move(rest);
  }
}

bool TableAccessFull::EvaluatedByScan(const BoundExpr& conjunct, const storage::TableInfo& table,
                                      const std::vector<uint32_t>& ids) {
  std::vector<const BoundExpr*> parts, binds;
  Flatten(conjunct, parts);
  for (const BoundExpr* p : parts) {
    if (!ToScanPredicate(*p, table, ids, &binds)) return false;
  }
  return true;
}

void TableAccessFull::SetUnreadOutputs(const std::vector<bool>& unread) {
  std::vector<bool> skip(column_ids_.size(), false);
  for (size_t i = 0; i < skip.size() && i < unread.size(); ++i) skip[i] = unread[i];
  // A bind conjunct filters here when its bind is NULL: its columns stay decoded too.
  for (const BoundExpr* r : {residual_.get(), bind_residual_.get()}) {
    if (r == nullptr) continue;
    VisitColumns(*r, [&](size_t i) {
      if (i < skip.size()) skip[i] = false;
    });
  }
  spec_.skip_output = std::move(skip);
}

void TableAccessFull::UseJoinFilter(uint32_t filter_id, std::vector<uint32_t> table_columns) {
  join_filters_.push_back({filter_id, std::move(table_columns)});
}

std::vector<uint32_t> TableAccessFull::join_filter_ids() const {
  std::vector<uint32_t> ids;
  for (const JoinFilterUse& u : join_filters_) ids.push_back(u.filter_id);
  return ids;
}

std::optional<storage::ScanSpec> TableAccessFull::SpecWithBinds(ExecContext& ctx) const {
  storage::ScanSpec spec = spec_;
  for (const BindPredicate& b : bind_predicates_) {
    storage::ScanPredicate p = b.predicate;
    size_t next = 0;
    for (Value& v : p.values) {
      if (!v.is_null()) continue;  // a constant of an IN list
      v = ExpressionExecutor::EvaluateScalar(*b.binds.at(next++), ctx.eval);
      if (v.is_null()) return std::nullopt;
    }
    spec.predicates.push_back(std::move(p));
  }
  return spec;
}

std::unique_ptr<OperatorState> TableAccessFull::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<TableAccessFullState>();
  std::optional<storage::ScanSpec> bound;
  if (!bind_predicates_.empty()) {
    bound = SpecWithBinds(ctx);
    st->bind_residual = !bound.has_value();
  }
  if (join_filters_.empty() && !ctx.shared.dml() && !bound) {
    st->scan = ctx.db.BeginScan(spec_, ctx.stats);
  } else {
    storage::ScanSpec spec = bound ? std::move(*bound) : spec_;
    spec.under_dml = ctx.shared.dml();
    for (const JoinFilterUse& u : join_filters_) {
      spec.runtime_filters.push_back({u.table_columns, ctx.shared.JoinFilterById(u.filter_id)});
    }
    st->scan = ctx.db.BeginScan(spec, ctx.stats);
  }
  if (OperatorRuntimeStats* line = ctx.LineStats(line_id())) {
    line->access_note = st->scan->access().reason;
  }
  return st;
}

namespace {

//! Runs `compute` on a scan of `spec` begun for it, charging the scan's line (inside the
//! aggregating operator's call) with what it read, as if the line had run.
template <typename Result, typename F>
std::optional<Result> ComputeInScan(const TableAccessFull& op, ExecContext& ctx,
                                    const storage::ScanSpec& spec, bool inmemory_only,
                                    F&& compute) {
  const LineCharge charge(ctx, ctx.LineStats(op.line_id()));
  std::unique_ptr<storage::ScanSource> scan =
      inmemory_only ? ctx.db.BeginInMemoryScan(spec, ctx.stats) : ctx.db.BeginScan(spec, ctx.stats);
  if (!scan) return std::nullopt;
  scan->SetInterruptCheck([&ctx] { ctx.CheckCancel(); });
  std::optional<Result> result = compute(*scan);
  if (!result) return std::nullopt;
  if (OperatorRuntimeStats* line = ctx.LineStats(op.line_id())) {
    ++line->starts;
    ++line->ends;  // computed over the whole scan
    line->rows += scan->counters().rows_returned;
    line->bytes_skipped += scan->counters().bytes_skipped;
    line->access_note = scan->access().reason + "; aggregates computed in the scan";
  }
  return result;
}

}  // namespace

std::optional<std::vector<Value>> TableAccessFull::AggregateInScan(
    ExecContext& ctx, const std::vector<storage::ScanAggregate>& aggs) const {
  if (residual_ || !join_filters_.empty() || ctx.shared.dml()) return std::nullopt;
  const std::optional<storage::ScanSpec> spec = SpecWithBinds(ctx);
  if (!spec) return std::nullopt;
  return ComputeInScan<std::vector<Value>>(
      *this, ctx, *spec, false,
      [&](storage::ScanSource& scan) { return scan.Aggregate(aggs, ctx.stats); });
}

std::optional<storage::ScanGroups> TableAccessFull::GroupByInScan(
    ExecContext& ctx, const storage::ScanGroupBy& spec) const {
  if (residual_ || !join_filters_.empty() || ctx.shared.dml() || !spec_.inmemory) {
    return std::nullopt;
  }
  const std::optional<storage::ScanSpec> scan_spec = SpecWithBinds(ctx);
  if (!scan_spec) return std::nullopt;
  // Only the in-memory scan groups: a row-store scan begun here and declined would count its
  // statistics (and checkpoint for a direct read) once more when the rows are read.
  return ComputeInScan<storage::ScanGroups>(
      *this, ctx, *scan_spec, true,
      [&](storage::ScanSource& scan) { return scan.GroupAggregate(spec, ctx.stats); });
}

bool TableAccessFull::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<TableAccessFullState&>(state);
  while (!st.done) {
    ctx.CheckCancel();
    out.Reset();
    const bool more = st.scan->Next(out, nullptr, ctx.stats);
    if (OperatorRuntimeStats* line = ctx.LineStats(line_id())) {
      const uint64_t skipped = st.scan->counters().bytes_skipped;
      line->bytes_skipped += skipped - st.skipped_reported;
      st.skipped_reported = skipped;
    }
    if (!more) {
      st.done = true;
      // A direct read's block source adds what it chose at its first read.
      if (OperatorRuntimeStats* line = ctx.LineStats(line_id())) {
        line->access_note = st.scan->access().reason;
      }
      break;
    }
    if (residual_ && out.Count() > 0) ExpressionExecutor::Filter(*residual_, out, ctx.eval);
    if (st.bind_residual && out.Count() > 0)
      ExpressionExecutor::Filter(*bind_residual_, out, ctx.eval);
    if (out.Count() > 0) return true;
  }
  return false;
}

std::vector<const PhysicalOperator*> TableAccessFull::SubPlans() const {
  std::vector<const PhysicalOperator*> out;
  if (filter_) CollectSubPlans(*filter_, out);
  if (residual_) CollectSubPlans(*residual_, out);
  return out;
}

}  // namespace pathdb
