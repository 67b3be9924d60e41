// Access paths: which conjuncts can bound an index, the rule-based choice between the table
// and its indexes (hints included), and the operators that read the table that way.
#include "planner/access_path.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "executor/index_fast_full_scan.h"
#include "executor/index_full_scan.h"
#include "executor/index_range_scan.h"
#include "executor/index_unique_scan.h"
#include "executor/table_access_by_index_rowid.h"
#include "executor/table_access_full.h"
#include "planner/bound_util.h"
#include "planner/cardinality.h"
#include "planner/cost_model.h"

namespace pathdb::planner {

namespace {

using IndexList = std::vector<const storage::IndexInfo*>;

// True when `e` has one value for the whole run of a plan (evaluated once at Open): no column,
// no subquery, nothing that changes from call to call.
bool IsRunConstant(const BoundExpr& e) {
  switch (e.kind) {
    case BoundKind::kColumn:
    case BoundKind::kSubquery:
      return false;
    case BoundKind::kFunction:
      if (e.name.rfind("DBMS_RANDOM", 0) == 0 || e.name == "SYS_GUID") return false;
      break;
    default:
      break;
  }
  for (const auto& c : e.children)
    if (!IsRunConstant(*c)) return false;
  return true;
}

std::string Mirror(const std::string& op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  if (op == ">=") return "<=";
  return op;
}

bool IsRangeOp(const std::string& op) {
  return op == "=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

// Table column of a bare column reference, or nullopt (ROWID, expressions).
std::optional<uint32_t> TableColumn(const BoundExpr& e, const std::vector<uint32_t>& column_ids) {
  if (e.kind != BoundKind::kColumn || e.column_index >= column_ids.size()) return std::nullopt;
  uint32_t c = column_ids[e.column_index];
  if (c == storage::kRowIdColumn) return std::nullopt;
  return c;
}

bool InIndex(const storage::IndexInfo& index, uint32_t column) {
  return std::find(index.columns.begin(), index.columns.end(), column) != index.columns.end();
}

// The index holds every column the scan returns (the ROWID is in every entry).
bool Covers(const storage::IndexInfo& index, const std::vector<uint32_t>& column_ids) {
  for (uint32_t c : column_ids)
    if (c != storage::kRowIdColumn && !InIndex(index, c)) return false;
  return true;
}

// No row the query wants can be missing from the index: the index leaves out only rows whose
// key columns are all NULL, so a NOT NULL key column or a condition that rejects NULL in a key
// column (a comparison, IS NOT NULL) is enough.
bool NullSafe(const storage::TableInfo& table, const storage::IndexInfo& index,
              const std::vector<uint32_t>& column_ids, const std::vector<BoundExprPtr>& conjuncts) {
  for (uint32_t c : index.columns)
    if (c < table.columns.size() && table.columns[c].not_null) return true;
  for (const auto& e : conjuncts) {
    if (e->kind == BoundKind::kCompare) {
      for (const auto& side : e->children) {
        auto c = TableColumn(*side, column_ids);
        if (c && InIndex(index, *c)) return true;
      }
    } else if (e->kind == BoundKind::kIsNull && e->negated) {
      auto c = TableColumn(*e->children[0], column_ids);
      if (c && InIndex(index, *c)) return true;
    }
  }
  return false;
}

// What an index offers for the conditions: equalities on a leading prefix, then a range.
struct Match {
  const storage::IndexInfo* index = nullptr;
  std::vector<size_t> equal;
  std::optional<size_t> lower, upper;
  bool unique_scan = false;
  bool covers = false;

  bool usable() const { return !equal.empty() || lower || upper; }
  int ends() const { return (lower ? 1 : 0) + (upper ? 1 : 0); }
};

Match MatchIndex(const storage::IndexInfo& index, const std::vector<SargableCondition>& sarg,
                 const std::vector<uint32_t>& column_ids) {
  Match m;
  m.index = &index;
  m.covers = Covers(index, column_ids);
  for (uint32_t col : index.columns) {
    auto it = std::find_if(sarg.begin(), sarg.end(), [&](const SargableCondition& s) {
      return s.column == col && s.op == "=";
    });
    if (it == sarg.end()) break;
    m.equal.push_back(static_cast<size_t>(it - sarg.begin()));
  }
  if (m.equal.size() < index.columns.size()) {
    const uint32_t next = index.columns[m.equal.size()];
    for (size_t i = 0; i < sarg.size(); ++i) {
      if (sarg[i].column != next) continue;
      if (!m.lower && (sarg[i].op == ">" || sarg[i].op == ">=")) m.lower = i;
      if (!m.upper && (sarg[i].op == "<" || sarg[i].op == "<=")) m.upper = i;
    }
  }
  m.unique_scan = index.unique && m.equal.size() == index.columns.size();
  return m;
}

// Rule order: unique scan, more equalities, more range ends, covering, fewer key columns.
bool Better(const Match& a, const Match& b) {
  auto key = [](const Match& m) {
    return std::make_tuple(m.unique_scan, m.equal.size(), m.ends(), m.covers,
                           -static_cast<long>(m.index->columns.size()));
  };
  return key(a) > key(b);
}

// The hints of one table, reduced to what the access-path choice needs.
struct TableHints {
  bool full = false;
  bool force_index = false;  //!< INDEX family: use an index if any can be used
  bool fast_full = false;    //!< INDEX_FFS
  bool descending = false;
  IndexList wanted;  //!< indexes the INDEX/INDEX_FFS hint names (empty: any)
  IndexList excluded;
  bool exclude_all = false;  //!< NO_INDEX(t) without index names
};

// Indexes a hint names, by name or by (leading) column list.
IndexList NamedIndexes(const ast::Hint& h, const storage::TableInfo& table,
                       const IndexList& indexes) {
  IndexList out;
  for (const auto* idx : indexes) {
    bool named = std::find(h.indexes.begin(), h.indexes.end(), idx->name) != h.indexes.end();
    bool by_columns = !h.columns.empty() && h.columns.size() <= idx->columns.size();
    for (size_t i = 0; by_columns && i < h.columns.size(); ++i)
      by_columns = idx->columns[i] < table.columns.size() &&
                   table.columns[idx->columns[i]].name == h.columns[i];
    if (named || by_columns) out.push_back(idx);
  }
  return out;
}

TableHints ReadHints(const std::vector<ast::Hint>& hints, const storage::TableInfo& table,
                     const std::string& alias, const IndexList& indexes) {
  TableHints th;
  for (const auto& h : hints) {
    if (h.malformed || h.tables.empty() || h.tables[0].alias != alias) continue;
    const bool names_some = !h.indexes.empty() || !h.columns.empty();
    if (h.name == "FULL") {
      th.full = true;
    } else if (h.name == "NO_INDEX") {
      if (!names_some) th.exclude_all = true;
      for (const auto* idx : NamedIndexes(h, table, indexes)) th.excluded.push_back(idx);
    } else if (h.name == "INDEX" || h.name == "INDEX_ASC" || h.name == "INDEX_RS" ||
               h.name == "INDEX_RS_ASC" || h.name == "INDEX_DESC" || h.name == "INDEX_RS_DESC" ||
               h.name == "INDEX_FFS") {
      IndexList named = NamedIndexes(h, table, indexes);
      if (names_some && named.empty()) continue;  // names no index of ours: ignored
      if (h.name == "INDEX_FFS") {
        th.fast_full = true;
      } else {
        th.force_index = true;
        th.descending = h.name.ends_with("_DESC");
      }
      th.wanted.insert(th.wanted.end(), named.begin(), named.end());
    }
  }
  return th;
}

// "ALIAS"."COLUMN" op value, as the Predicate Information section prints an access condition.
std::string AccessText(const storage::TableInfo& table, const std::string& alias,
                       const SargableCondition& s) {
  std::string value;
  const BoundExpr& v = *s.value;
  if (v.kind == BoundKind::kConstant) {
    value = v.constant.is_null()           ? std::string("NULL")
            : v.constant.type().IsString() ? fmt::format("'{}'", v.constant.ToString())
                                           : v.constant.ToString();
  } else if (v.kind == BoundKind::kParameter) {
    value = fmt::format(":B{}", v.column_index + 1);
  } else if (!v.display.empty()) {
    value = v.display;
  } else {
    value = "?";
  }
  return fmt::format("\"{}\".\"{}\"{}{}", alias, table.columns[s.column].name, s.op, value);
}

// ---- statistics-driven guard (until the cost-based planner owns the whole choice)

//! Selectivity of one access condition from the column's statistics (binds and run-time
//! values get Oracle's defaults).
double ConditionSel(const storage::TableInfo& table, const SargableCondition& c) {
  card::ColumnView col{&table.stats.columns[c.column], double(table.stats.num_rows)};
  bool known = c.value->kind == BoundKind::kConstant;
  if (c.op == "=")
    return known ? card::EqualitySel(col, c.value->constant) : card::EqualityBindSel(col);
  if (!known) return card::kDefaultRange;
  card::Range r;
  if (c.op == ">" || c.op == ">=") {
    r.low = c.value->constant;
    r.low_inclusive = c.op == ">=";
  } else {
    r.high = c.value->constant;
    r.high_inclusive = c.op == "<=";
  }
  return card::RangeSel(col, r);
}

//! Selectivity of the whole index range: equalities times the range on the next column (a
//! closed range counted once, as BETWEEN).
double IndexSel(const storage::TableInfo& table, const Match& m,
                const std::vector<SargableCondition>& sarg) {
  double sel = 1.0;
  for (size_t e : m.equal) sel *= ConditionSel(table, sarg[e]);
  if (m.lower && m.upper && sarg[*m.lower].value->kind == BoundKind::kConstant &&
      sarg[*m.upper].value->kind == BoundKind::kConstant) {
    const auto& lo = sarg[*m.lower];
    const auto& hi = sarg[*m.upper];
    card::ColumnView col{&table.stats.columns[lo.column], double(table.stats.num_rows)};
    card::Range r{lo.value->constant, lo.op == ">=", hi.value->constant, hi.op == "<="};
    sel *= card::RangeSel(col, r);
  } else {
    if (m.lower) sel *= ConditionSel(table, sarg[*m.lower]);
    if (m.upper) sel *= ConditionSel(table, sarg[*m.upper]);
  }
  return std::clamp(sel, 0.0, 1.0);
}

bool HasStats(const storage::TableInfo& table, const storage::IndexInfo& index) {
  return table.stats.present && index.stats.present &&
         table.stats.columns.size() == table.columns.size();
}

//! Oracle's classic comparison: index range cost (blevel + leaves x sel + CF x sel) against a
//! multiblock full scan. True when the full scan is cheaper.
bool FullScanIsCheaper(const storage::TableInfo& table, const Match& m,
                       const std::vector<SargableCondition>& sarg, size_t conjuncts) {
  cost::CostModel model;
  const auto& ts = table.stats;
  const auto& is = m.index->stats;
  double sel = IndexSel(table, m, sarg);
  double rows = double(ts.num_rows) * sel;
  cost::Cost index = model.IndexRangeScan(is.blevel, double(is.leaf_blocks), sel, rows);
  if (!m.covers) index = index + model.TableAccessByRowid(double(is.clustering_factor), sel, rows);
  cost::Cost full = model.FullScan(double(std::max<uint64_t>(ts.blocks, 1)), double(ts.num_rows),
                                   static_cast<int>(conjuncts));
  return full.total() < index.total();
}

//! COUNT(col) and friends: a multiblock scan of a covering index's leaves beats the table's.
bool FastFullScanIsCheaper(const storage::TableInfo& table, const storage::IndexInfo& index) {
  cost::CostModel model;
  cost::Cost ffs = model.IndexFastFullScan(double(std::max<uint64_t>(index.stats.leaf_blocks, 1)),
                                           double(index.stats.num_rows));
  cost::Cost full = model.FullScan(double(std::max<uint64_t>(table.stats.blocks, 1)),
                                   double(table.stats.num_rows), 0);
  return ffs.total() < full.total();
}

}  // namespace

std::vector<SargableCondition> FindSargable(const storage::TableInfo& table,
                                            const std::vector<uint32_t>& column_ids,
                                            const std::vector<BoundExprPtr>& conjuncts) {
  std::vector<SargableCondition> out;
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    const BoundExpr& e = *conjuncts[i];
    if (e.kind != BoundKind::kCompare || e.children.size() != 2 || !IsRangeOp(e.name)) continue;
    for (int side = 0; side < 2; ++side) {
      auto col = TableColumn(*e.children[side], column_ids);
      const BoundExpr& other = *e.children[1 - side];
      if (!col || !IsRunConstant(other)) continue;
      const LogicalType& type = table.columns[*col].type;
      // Blank-padded CHAR comparison does not follow the key order; other TypeIds would need
      // a conversion of the column (the binder then wraps the column, so it is no bare ref).
      if (type.id == TypeId::kChar || other.type.id != type.id) continue;
      out.push_back({i, *col, side == 0 ? e.name : Mirror(e.name), &other});
      break;
    }
  }
  return out;
}

AccessPath ChooseAccessPath(const storage::TableInfo& table,
                            const std::vector<uint32_t>& column_ids,
                            const std::vector<BoundExprPtr>& conjuncts,
                            const std::vector<SargableCondition>& sargable,
                            const std::vector<const storage::IndexInfo*>& indexes_in,
                            const std::string& alias, const std::vector<ast::Hint>& hints) {
  AccessPath path;
  IndexList indexes = indexes_in;
  std::sort(indexes.begin(), indexes.end(),
            [](const auto* a, const auto* b) { return a->name < b->name; });
  TableHints th = ReadHints(hints, table, alias, indexes);
  if (th.full) return path;
  IndexList candidates;
  for (const auto* idx : indexes) {
    const bool wanted = std::find(th.wanted.begin(), th.wanted.end(), idx) != th.wanted.end();
    const bool excluded = th.exclude_all || std::find(th.excluded.begin(), th.excluded.end(),
                                                      idx) != th.excluded.end();
    if (!th.wanted.empty() ? wanted : !excluded) candidates.push_back(idx);
  }
  if (th.fast_full) {
    for (const auto* idx : candidates) {
      if (Covers(*idx, column_ids) && NullSafe(table, *idx, column_ids, conjuncts)) {
        path.kind = AccessPath::Kind::kFastFullScan;
        path.index = idx;
        path.index_only = true;
        return path;
      }
    }
    // Not possible with these indexes: the hint is ignored, as Oracle does.
  }
  std::optional<Match> best;
  for (const auto* idx : candidates) {
    Match m = MatchIndex(*idx, sargable, column_ids);
    if (m.usable() && (!best || Better(m, *best))) best = std::move(m);
  }
  // With statistics, an unhinted range scan must also be cheaper than the full scan (a 20%
  // range through a badly clustered index is not); without them the rule stands.
  const bool hinted = th.force_index || !th.wanted.empty();
  if (best && !best->unique_scan && !hinted && HasStats(table, *best->index) &&
      FullScanIsCheaper(table, *best, sargable, conjuncts.size())) {
    best.reset();
  }
  if (!best && !hinted && table.stats.present) {
    for (const auto* idx : candidates) {
      if (idx->stats.present && Covers(*idx, column_ids) &&
          NullSafe(table, *idx, column_ids, conjuncts) && FastFullScanIsCheaper(table, *idx)) {
        path.kind = AccessPath::Kind::kFastFullScan;
        path.index = idx;
        path.index_only = true;
        return path;
      }
    }
  }
  if (best) {
    path.kind = best->unique_scan && !th.descending ? AccessPath::Kind::kUniqueScan
                                                    : AccessPath::Kind::kRangeScan;
    path.index = best->index;
    path.equal = best->equal;
    path.lower = best->lower;
    path.upper = best->upper;
    path.descending = th.descending;
    path.index_only = best->covers;
    return path;
  }
  if (th.force_index) {
    for (const auto* idx : candidates) {
      if (!NullSafe(table, *idx, column_ids, conjuncts)) continue;
      path.kind = AccessPath::Kind::kIndexFullScan;
      path.index = idx;
      path.descending = th.descending;
      path.index_only = Covers(*idx, column_ids);
      return path;
    }
  }
  return path;
}

std::unique_ptr<PhysicalOperator> PlanTableAccess(const storage::TableInfo& table,
                                                  std::vector<uint32_t> column_ids,
                                                  BoundExprPtr predicate, const std::string& alias,
                                                  const std::vector<ast::Hint>& hints,
                                                  PlanContext& ctx) {
  std::vector<BoundExprPtr> conj;
  if (predicate) SplitConjuncts(std::move(predicate), conj);
  const double table_rows =
      static_cast<double>(table.stats.present ? table.stats.num_rows : table.row_count);
  std::vector<SargableCondition> sarg = FindSargable(table, column_ids, conj);
  AccessPath path =
      ChooseAccessPath(table, column_ids, conj, sarg, ctx.db.IndexesOf(table), alias, hints);
  using K = AccessPath::Kind;
  if (path.kind == K::kFullTableScan) {
    const bool filtered = !conj.empty();
    auto op =
        std::make_unique<TableAccessFull>(table, std::move(column_ids), MakeAnd(std::move(conj)));
    op->estimated_rows = filtered ? std::max(1.0, table_rows * 0.05) : table_rows;
    op->cost = static_cast<double>(table.hwm_blocks) / 8 + 2;
    return op;
  }
  const storage::IndexInfo& index = *path.index;

  // ---- access conditions. Equalities are exact and leave the filters; a range end stays
  // in the filter too, because NULLs (sorting high) are inside an open-ended range.
  IndexKeyRange range;
  std::vector<bool> consumed(conj.size(), false);
  std::vector<std::string> access_text;
  for (size_t s : path.equal) {
    range.equal.push_back(sarg[s].value->Copy());
    consumed[sarg[s].conjunct] = true;
    access_text.push_back(AccessText(table, alias, sarg[s]));
  }
  if (path.lower) {
    range.lower = sarg[*path.lower].value->Copy();
    range.lower_inclusive = sarg[*path.lower].op == ">=";
    access_text.push_back(AccessText(table, alias, sarg[*path.lower]));
  }
  if (path.upper) {
    range.upper = sarg[*path.upper].value->Copy();
    range.upper_inclusive = sarg[*path.upper].op == "<=";
    access_text.push_back(AccessText(table, alias, sarg[*path.upper]));
  }
  auto key_pos = [&](uint32_t table_col) {
    auto it = std::find(index.columns.begin(), index.columns.end(), table_col);
    return static_cast<uint32_t>(it - index.columns.begin());
  };

  // ---- remaining conditions: on the index entries when they only need key columns (fewer
  // table rows fetched), else on the table rows.
  std::vector<BoundExprPtr> index_conj, table_conj;
  for (size_t i = 0; i < conj.size(); ++i) {
    if (consumed[i]) continue;
    bool on_keys = true;
    VisitColumns(*conj[i], [&](size_t p) {
      on_keys = on_keys && p < column_ids.size() && column_ids[p] != storage::kRowIdColumn &&
                InIndex(index, column_ids[p]);
    });
    (path.index_only || on_keys ? index_conj : table_conj).push_back(std::move(conj[i]));
  }

  std::vector<uint32_t> outputs;
  if (path.index_only) {
    for (uint32_t c : column_ids)
      outputs.push_back(c == storage::kRowIdColumn ? kIndexRowIdOutput : key_pos(c));
  } else {
    // ROWID first (TABLE ACCESS BY INDEX ROWID reads it from column 0), then the key columns
    // the index filter needs.
    outputs.push_back(kIndexRowIdOutput);
    std::vector<size_t> where(column_ids.size(), SIZE_MAX);
    for (auto& e : index_conj) {
      VisitColumns(*e, [&](size_t p) {
        if (where[p] != SIZE_MAX) return;
        where[p] = outputs.size();
        outputs.push_back(key_pos(column_ids[p]));
      });
    }
    for (auto& e : index_conj) RemapColumns(*e, [&](size_t p) { return where[p]; });
  }
  BoundExprPtr index_filter = MakeAnd(std::move(index_conj));

  const double rows = table_rows;
  double est = rows;
  switch (path.kind) {
    case K::kUniqueScan:
      est = 1;
      break;
    case K::kRangeScan:
      est = rows * std::pow(0.01, static_cast<double>(path.equal.size())) *
            ((path.lower || path.upper) ? 0.05 : 1.0);
      break;
    default:
      break;
  }
  est = std::max(1.0, est);
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
  scan->access_predicates = std::move(access_text);
  scan->estimated_rows = est;
  const double blevel = index.stats.present ? index.stats.blevel : 1;
  const double leaves = index.stats.present ? static_cast<double>(index.stats.leaf_blocks) : 1;
  scan->cost = blevel + std::ceil(leaves * (rows > 0 ? est / rows : 1));
  if (path.index_only) return scan;
  auto access = std::make_unique<TableAccessByIndexRowid>(table, std::move(column_ids),
                                                          MakeAnd(std::move(table_conj)),
                                                          /*batched=*/path.kind != K::kUniqueScan);
  access->estimated_rows = est;
  access->cost = scan->cost + est;
  access->AddChild(std::move(scan));
  return access;
}

}  // namespace pathdb::planner
