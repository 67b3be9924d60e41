// PlanTableAccess: the operators reading one table the chosen way, with what EXPLAIN shows on
// their lines (estimates, cumulative costs, predicates, names) and what the plan records
// beside them (outline hints, hint usage, the dynamic-sampling note).
#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "executor/filter.h"
#include "executor/index_fast_full_scan.h"
#include "executor/index_full_scan.h"
#include "executor/index_range_scan.h"
#include "executor/index_unique_scan.h"
#include "executor/table_access_by_index_rowid.h"
#include "executor/table_access_full.h"
#include "planner/access_path_internal.h"
#include "planner/bound_util.h"
#include "planner/join_filters.h"
#include "planner/predicate_text.h"

namespace pathdb::planner {

using namespace access_detail;

namespace {

constexpr const char* kSamplingNote = "dynamic statistics used: dynamic sampling (level=2)";

bool IsAccessHint(const std::string& name) {
  return name == "FULL" || name == "NO_INDEX" || name == "INDEX" || name == "INDEX_ASC" ||
         name == "INDEX_RS" || name == "INDEX_RS_ASC" || name == "INDEX_DESC" ||
         name == "INDEX_RS_DESC" || name == "INDEX_FFS" || name == "CARDINALITY" ||
         name == "INMEMORY" || name == "NO_INMEMORY" || name == "OPT_ESTIMATE";
}

// The outline hint reproducing the path: FULL(@"SEL$1" "T"@"SEL$1"),
// INDEX_RS_ASC(@"SEL$1" "T"@"SEL$1" ("T"."ID")) ...
std::string OutlineHint(const AccessPath& path, const storage::TableInfo& table,
                        const std::string& query_block, const std::string& object) {
  using K = AccessPath::Kind;
  if (path.kind == K::kFullTableScan) return fmt::format("FULL(@\"{}\" {})", query_block, object);
  std::string name;
  switch (path.kind) {
    case K::kUniqueScan:
      name = "INDEX";
      break;
    case K::kRangeScan:
      name = path.descending ? "INDEX_RS_DESC" : "INDEX_RS_ASC";
      break;
    case K::kIndexFullScan:
      name = path.descending ? "INDEX_DESC" : "INDEX";
      break;
    default:
      name = "INDEX_FFS";
      break;
  }
  std::string cols;
  for (uint32_t c : path.index->columns) {
    if (!cols.empty()) cols += ' ';
    cols += fmt::format("\"{}\".\"{}\"", table.name, table.columns[c].name);
  }
  return fmt::format("{}(@\"{}\" {} ({}))", name, query_block, object, cols);
}

template <typename T>
void AddOnce(std::vector<T>& v, T item) {
  if (std::find(v.begin(), v.end(), item) == v.end()) v.push_back(std::move(item));
}

void AddOutline(PlanRecord& record, std::string hint) {
  if (record.outline_tap != nullptr) record.outline_tap->push_back(hint);
  AddOnce(record.outline, std::move(hint));
}

// Records what became of every access hint naming this table.
void RecordHints(const std::vector<ast::Hint>& hints, const storage::TableInfo& table,
                 const std::string& alias, const std::string& query_block, const AccessPath& path,
                 const IndexList& indexes, const PhysicalOperator* line, PlanRecord& record) {
  using K = AccessPath::Kind;
  for (const auto& h : hints) {
    if (h.malformed || h.implied || h.tables.empty() || h.tables[0].alias != alias ||
        !IsAccessHint(h.name))
      continue;
    // OPT_ESTIMATE of a join is reported by the join planner.
    if (h.name == "OPT_ESTIMATE" && h.estimate_target == ast::Hint::EstimateTarget::kJoin) continue;
    HintUse use;
    use.text = h.text.empty() ? h.name : h.text;
    use.query_block = query_block;
    use.alias = fmt::format("\"{}\"@\"{}\"", alias, query_block);
    use.line = line;
    const bool names_some = !h.indexes.empty() || !h.columns.empty();
    const IndexList named = NamedIndexes(h, table, indexes);
    auto named_or_any = [&]() {
      return path.index != nullptr &&
             (!names_some || std::find(named.begin(), named.end(), path.index) != named.end());
    };
    if (h.name == "FULL") {
      use.used = path.kind == K::kFullTableScan;
    } else if (h.name == "INMEMORY" || h.name == "NO_INMEMORY") {
      const bool im = line != nullptr && line->type() == OperatorType::kTableAccessFull &&
                      static_cast<const TableAccessFull*>(line)->inmemory();
      use.used = (h.name == "INMEMORY") == im;
    } else if (h.name == "CARDINALITY") {
      use.used = !h.numbers.empty();
    } else if (h.name == "OPT_ESTIMATE") {
      use.used = h.estimate_target == ast::Hint::EstimateTarget::kTable;
      if (!use.used) use.reason = "estimate kind not supported";
    } else if (h.name == "NO_INDEX") {
      use.used = !names_some ? path.index == nullptr
                             : std::find(named.begin(), named.end(), path.index) == named.end();
    } else if (names_some && named.empty()) {
      use.reason = "index specified in the hint doesn't exist";
    } else if (h.name == "INDEX_FFS") {
      use.used = path.kind == K::kFastFullScan && named_or_any();
    } else {
      use.used = path.kind != K::kFullTableScan && path.kind != K::kFastFullScan && named_or_any();
    }
    auto same = std::find_if(record.hints.begin(), record.hints.end(), [&](const HintUse& u) {
      return u.text == use.text && u.alias == use.alias;
    });
    if (same != record.hints.end()) {
      *same = std::move(use);
    } else {
      record.hints.push_back(std::move(use));
    }
  }
}

// One predicate of a kind per plan line, as Oracle prints it: the conjuncts joined by AND
// (access("T"."ID">=20000 AND "T"."ID"<=22000)); nothing when there are none.
std::vector<std::string> Joined(const std::vector<std::string>& texts) {
  if (texts.empty()) return {};
  std::string out;
  for (const auto& t : texts) {
    if (!out.empty()) out += " AND ";
    out += t;
  }
  return {out};
}

// Moves every parameter that knows its outer column's text (the join planner sets display
// to "D"."ID" for an index nested-loops probe) into the label list, so the predicate prints
// as Oracle's access("T"."ID"="D"."ID") rather than as a bind.
void ParametersAsLabels(BoundExpr& e, std::vector<std::string>& labels) {
  if (e.kind == BoundKind::kParameter && !e.display.empty()) {
    e.kind = BoundKind::kColumn;
    e.column_index = labels.size();
    labels.push_back(e.display);
  }
  for (auto& c : e.children) ParametersAsLabels(*c, labels);
}

bool HasNamedParameter(const BoundExpr& e) {
  if (e.kind == BoundKind::kParameter && !e.display.empty()) return true;
  for (const auto& c : e.children)
    if (HasNamedParameter(*c)) return true;
  return false;
}

std::string ConjunctText(const BoundExpr& e, const std::vector<std::string>& labels) {
  if (!HasNamedParameter(e)) return PredicateText(e, labels);
  std::vector<std::string> extended = labels;
  BoundExprPtr copy = e.Copy();
  ParametersAsLabels(*copy, extended);
  return PredicateText(*copy, extended);
}

std::vector<std::string> Texts(const std::vector<BoundExprPtr>& conj,
                               const std::vector<std::string>& labels) {
  std::vector<std::string> out;
  for (const auto& c : conj) out.push_back(ConjunctText(*c, labels));
  return Joined(out);
}

// The chosen access path's operators for the conditions a scan can evaluate itself.
std::unique_ptr<PhysicalOperator> PlanTableAccessPath(
    const storage::TableInfo& table, std::vector<uint32_t> column_ids, BoundExprPtr predicate,
    const std::string& alias, const std::vector<ast::Hint>& hints, PlanContext& ctx,
    const std::string& query_block_in) {
  using K = AccessPath::Kind;
  const std::string query_block = query_block_in.empty() ? "SEL$1" : query_block_in;
  const std::string object = fmt::format("\"{}\"@\"{}\"", alias, query_block);
  std::vector<BoundExprPtr> conj;
  if (predicate) SplitConjuncts(std::move(predicate), conj);
  const std::vector<SargableCondition> sarg = FindSargable(table, column_ids, conj);
  const IndexList indexes = ctx.db.UsableIndexesOf(table);

  // ---- what is known of the table: statistics, else a level-2 sample
  std::optional<TableSample> sample;
  if (!table.stats.present) {
    std::vector<const BoundExpr*> raw;
    for (const auto& c : conj) raw.push_back(c.get());
    sample = SampleTable(ctx.db, table, column_ids, raw, ctx.eval);
    AddOnce(ctx.record.notes, std::string(kSamplingNote));
  }
  const std::vector<BoundExprPtr> peeked = PeekedConjuncts(conj, ctx);
  TableFacts facts(table, column_ids, peeked, sample ? &*sample : nullptr);
  const bool inmemory =
      InMemoryEligible(table, column_ids, ReadHints(hints, table, alias, indexes), ctx.cost);
  facts.SetInMemory(inmemory);
  const cost::CostModel model{ctx.cost};
  const AccessPath path =
      facts.has_stats() ? ChooseAccessPathByCost(table, column_ids, conj, sarg, indexes, alias,
                                                 hints, facts, model)
                        : ChooseAccessPath(table, column_ids, conj, sarg, indexes, alias, hints);
  const CostedPath cp = CostPath(path, table, column_ids, conj, sarg, facts, model);
  const TableHints th = ReadHints(hints, table, alias, indexes);
  const std::optional<double> feedback = FeedbackRows(ctx, alias, conj);
  const double top_rows = th.Rows(cp.rows, feedback);
  const std::vector<std::string> labels = ScanLabels(table, column_ids, alias);
  auto annotate = [&](PhysicalOperator& op, double rows, double row_bytes, const cost::Cost& c) {
    op.estimated_rows = std::max(1.0, rows);
    op.estimated_bytes = op.estimated_rows * row_bytes;
    op.cost = c.total();
    op.cpu_cost = c.cpu;
    op.query_block = query_block;
    op.object_alias = fmt::format("{}@{}", alias, query_block);
  };
  AddOutline(ctx.record, OutlineHint(path, table, query_block, object));

  if (path.kind == K::kFullTableScan) {
    std::vector<std::string> filter_text = Texts(conj, labels);
    std::vector<BoundExprPtr> pushed;
    for (const auto& c : conj) {
      if (TableAccessFull::EvaluatedByScan(*c, table, column_ids)) pushed.push_back(c->Copy());
    }
    std::vector<std::string> storage_text = Texts(pushed, labels);
    const std::vector<uint32_t> ids = column_ids;
    auto op = std::make_unique<TableAccessFull>(table, std::move(column_ids),
                                                MakeAnd(std::move(conj)), inmemory);
    annotate(*op, top_rows, facts.RowBytes(ids), cp.cost);
    op->column_labels = labels;
    op->filter_predicates = std::move(filter_text);
    op->storage_predicates = std::move(storage_text);
    RecordHints(hints, table, alias, query_block, path, indexes, op.get(), ctx.record);
    return op;
  }
  const storage::IndexInfo& index = *path.index;

  // ---- access conditions. Equalities are exact and leave the filters; a range end stays
  // in the filter too, because NULLs (sorting high) are inside an open-ended range. The
  // Predicate Information shows a range end only as access, as Oracle does.
  IndexKeyRange range;
  std::vector<bool> consumed(conj.size(), false), range_end(conj.size(), false);
  for (size_t s : path.equal) {
    range.equal.push_back(sarg[s].value->Copy());
    consumed[sarg[s].conjunct] = true;
  }
  if (path.lower) {
    range.lower = sarg[*path.lower].value->Copy();
    range.lower_inclusive = sarg[*path.lower].op == ">=";
    range_end[sarg[*path.lower].conjunct] = true;
  }
  if (path.upper) {
    range.upper = sarg[*path.upper].value->Copy();
    range.upper_inclusive = sarg[*path.upper].op == "<=";
    range_end[sarg[*path.upper].conjunct] = true;
  }
  std::vector<std::string> access_text;
  for (size_t a : cp.access) access_text.push_back(ConjunctText(*conj[a], labels));
  auto key_pos = [&](uint32_t table_col) {
    auto it = std::find(index.columns.begin(), index.columns.end(), table_col);
    return static_cast<uint32_t>(it - index.columns.begin());
  };

  // ---- remaining conditions: on the index entries when they only need key columns (fewer
  // table rows fetched), else on the table rows.
  std::vector<BoundExprPtr> index_conj, table_conj;
  std::vector<std::string> index_filter_text, table_filter_text;
  for (size_t i = 0; i < conj.size(); ++i) {
    if (consumed[i]) continue;
    bool on_keys = true;
    VisitColumns(*conj[i], [&](size_t p) {
      on_keys = on_keys && p < column_ids.size() && column_ids[p] != storage::kRowIdColumn &&
                InIndex(index, column_ids[p]);
    });
    const bool on_index = path.index_only || on_keys;
    if (!range_end[i])
      (on_index ? index_filter_text : table_filter_text).push_back(ConjunctText(*conj[i], labels));
    (on_index ? index_conj : table_conj).push_back(std::move(conj[i]));
  }

  std::vector<uint32_t> outputs;
  std::vector<uint32_t> output_columns;  // table column per output, for the labels
  if (path.index_only) {
    for (uint32_t c : column_ids) {
      outputs.push_back(c == storage::kRowIdColumn ? kIndexRowIdOutput : key_pos(c));
      output_columns.push_back(c);
    }
  } else {
    // ROWID first (TABLE ACCESS BY INDEX ROWID reads it from column 0), then the key columns
    // the index filter needs.
    outputs.push_back(kIndexRowIdOutput);
    output_columns.push_back(storage::kRowIdColumn);
    std::vector<size_t> where(column_ids.size(), SIZE_MAX);
    for (auto& e : index_conj) {
      VisitColumns(*e, [&](size_t p) {
        if (where[p] != SIZE_MAX) return;
        where[p] = outputs.size();
        outputs.push_back(key_pos(column_ids[p]));
        output_columns.push_back(column_ids[p]);
      });
    }
    for (auto& e : index_conj) RemapColumns(*e, [&](size_t p) { return where[p]; });
  }
  BoundExprPtr index_filter = MakeAnd(std::move(index_conj));

  std::unique_ptr<IndexScan> scan;
  switch (path.kind) {
    case K::kUniqueScan:
      scan = std::make_unique<IndexUniqueScan>(table, index, std::move(outputs),
                                               std::move(range.equal), std::move(index_filter));
      break;
    case K::kRangeScan:
      scan = std::make_unique<IndexRangeScan>(table, index, std::move(outputs), std::move(range),
                                              path.descending, std::move(index_filter));
      break;
    case K::kIndexFullScan:
      scan = std::make_unique<IndexFullScan>(table, index, std::move(outputs), path.descending,
                                             std::move(index_filter));
      break;
    case K::kFastFullScan:
      scan = std::make_unique<IndexFastFullScan>(table, index, std::move(outputs),
                                                 std::move(index_filter));
      break;
    case K::kFullTableScan:
      break;
  }
  scan->access_predicates = Joined(access_text);
  scan->filter_predicates = Joined(index_filter_text);
  scan->column_labels = ScanLabels(table, output_columns, alias);
  if (path.index_only) {
    annotate(*scan, top_rows, facts.RowBytes(column_ids), cp.cost);
    RecordHints(hints, table, alias, query_block, path, indexes, scan.get(), ctx.record);
    return scan;
  }
  // Under a rowid access the index line's bytes stay blank, as in Oracle's plans.
  annotate(*scan, cp.index_rows, 0, cp.index_cost);
  const bool batched = path.kind != K::kUniqueScan;
  const std::vector<uint32_t> ids = column_ids;
  auto access = std::make_unique<TableAccessByIndexRowid>(table, std::move(column_ids),
                                                          MakeAnd(std::move(table_conj)), batched);
  annotate(*access, top_rows, facts.RowBytes(ids), cp.cost);
  access->column_labels = labels;
  access->filter_predicates = Joined(table_filter_text);
  if (batched)
    AddOutline(ctx.record,
               fmt::format("BATCH_TABLE_ACCESS_BY_ROWID(@\"{}\" {})", query_block, object));
  RecordHints(hints, table, alias, query_block, path, indexes, access.get(), ctx.record);
  access->AddChild(std::move(scan));
  return access;
}

}  // namespace

std::unique_ptr<PhysicalOperator> PlanTableAccess(const storage::TableInfo& table,
                                                  std::vector<uint32_t> column_ids,
                                                  BoundExprPtr predicate, const std::string& alias,
                                                  const std::vector<ast::Hint>& hints,
                                                  PlanContext& ctx,
                                                  const std::string& query_block_in) {
  // Conditions running a subquery per row are not the scan's: like Oracle, a FILTER line
  // above the table evaluates them and shows the subquery's plan as its further child.
  std::vector<BoundExprPtr> conj, with_subquery;
  if (predicate) SplitConjuncts(std::move(predicate), conj);
  for (auto it = conj.begin(); it != conj.end();) {
    if (HasSubquery(**it)) {
      with_subquery.push_back(std::move(*it));
      it = conj.erase(it);
    } else {
      ++it;
    }
  }
  const std::vector<std::string> labels = ScanLabels(table, column_ids, alias);
  auto scan = PlanTableAccessPath(table, std::move(column_ids), MakeAnd(std::move(conj)), alias,
                                  hints, ctx, query_block_in);
  RecordJoinFilterHints(hints, alias, query_block_in.empty() ? "SEL$1" : query_block_in, *scan,
                        ctx);
  if (with_subquery.empty()) return scan;
  BoundExprPtr cond = MakeAnd(std::move(with_subquery));
  auto filter = std::make_unique<Filter>(cond->Copy());
  filter->filter_predicates.push_back(PredicateText(*cond, labels));
  // Oracle's default for a subquery filter: 5% of the rows pass.
  filter->estimated_rows = std::max(1.0, scan->estimated_rows * 0.05);
  filter->estimated_bytes =
      scan->estimated_rows > 0
          ? scan->estimated_bytes * filter->estimated_rows / scan->estimated_rows
          : 0;
  filter->cost = scan->cost;
  filter->cpu_cost = scan->cpu_cost;
  filter->column_labels = scan->column_labels;
  filter->query_block = scan->query_block;
  filter->AddChild(std::move(scan));
  return filter;
}

}  // namespace pathdb::planner
