// Access paths: which conjuncts can bound an index, the hints of a table, and the rule-based
// choice between the table and its indexes (tables without statistics). The cost-based choice
// is in access_path_cost.cpp, the operators and their EXPLAIN annotations in
// access_path_build.cpp.
#include "planner/access_path.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "planner/access_path_internal.h"
#include "planner/bound_util.h"

namespace pathdb::planner {

namespace {

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

}  // namespace

namespace access_detail {

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

bool Better(const Match& a, const Match& b) {
  auto key = [](const Match& m) {
    return std::make_tuple(m.unique_scan, m.equal.size(), m.ends(), m.covers,
                           -static_cast<long>(m.index->columns.size()));
  };
  return key(a) > key(b);
}

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

double TableHints::Rows(double estimate, std::optional<double> feedback) const {
  if (cardinality) return std::max(1.0, *cardinality);
  const bool adjusted = scale_rows != 1 || min_rows || max_rows;
  if (feedback && !adjusted) return std::max(1.0, *feedback);
  double rows = estimate * scale_rows;
  if (min_rows) rows = std::max(rows, *min_rows);
  if (max_rows) rows = std::min(rows, *max_rows);
  return std::max(1.0, rows);
}

TableHints ReadHints(const std::vector<ast::Hint>& hints, const storage::TableInfo& table,
                     const std::string& alias, const IndexList& indexes) {
  TableHints th;
  for (const auto& h : hints) {
    if (h.malformed || h.tables.empty() || h.tables[0].alias != alias) continue;
    const bool names_some = !h.indexes.empty() || !h.columns.empty();
    if (h.name == "FULL") {
      th.full = true;
    } else if (h.name == "INMEMORY") {
      th.inmemory = true;
    } else if (h.name == "NO_INMEMORY") {
      th.no_inmemory = true;
    } else if (h.name == "CARDINALITY") {
      if (!h.numbers.empty() && h.numbers[0] >= 0) th.cardinality = h.numbers[0];
    } else if (h.name == "OPT_ESTIMATE") {
      if (h.estimate_target != ast::Hint::EstimateTarget::kTable || h.numbers.empty() ||
          h.numbers[0] < 0)
        continue;
      using A = ast::Hint::EstimateAdjust;
      const double v = h.numbers[0];
      if (h.estimate_adjust == A::kRows) th.cardinality = v;
      if (h.estimate_adjust == A::kScaleRows) th.scale_rows = v;
      if (h.estimate_adjust == A::kMin) th.min_rows = v;
      if (h.estimate_adjust == A::kMax) th.max_rows = v;
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

bool InMemoryEligible(const storage::TableInfo& table, const std::vector<uint32_t>& column_ids,
                      const TableHints& th, const cost::CostParams& params) {
  if (!params.inmemory_query || !table.inmemory || th.no_inmemory) return false;
  for (uint32_t id : column_ids) {
    if (id != storage::kRowIdColumn && id < table.columns.size() && table.columns[id].no_inmemory)
      return false;
  }
  return true;
}

IndexList CandidateIndexes(const TableHints& th, IndexList indexes) {
  std::sort(indexes.begin(), indexes.end(),
            [](const auto* a, const auto* b) { return a->name < b->name; });
  IndexList candidates;
  for (const auto* idx : indexes) {
    const bool wanted = std::find(th.wanted.begin(), th.wanted.end(), idx) != th.wanted.end();
    const bool excluded = th.exclude_all || std::find(th.excluded.begin(), th.excluded.end(),
                                                      idx) != th.excluded.end();
    if (!th.wanted.empty() ? wanted : !excluded) candidates.push_back(idx);
  }
  return candidates;
}

AccessPath PathFromMatch(const Match& m, bool descending) {
  AccessPath path;
  path.kind =
      m.unique_scan && !descending ? AccessPath::Kind::kUniqueScan : AccessPath::Kind::kRangeScan;
  path.index = m.index;
  path.equal = m.equal;
  path.lower = m.lower;
  path.upper = m.upper;
  path.descending = descending;
  path.index_only = m.covers;
  return path;
}

}  // namespace access_detail

using namespace access_detail;

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
                            const std::vector<const storage::IndexInfo*>& indexes,
                            const std::string& alias, const std::vector<ast::Hint>& hints) {
  AccessPath path;
  TableHints th = ReadHints(hints, table, alias, indexes);
  if (th.full || (th.inmemory && table.inmemory && !th.no_inmemory)) return path;
  const IndexList candidates = CandidateIndexes(th, indexes);
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
  if (best) return PathFromMatch(*best, th.descending);
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

bool AddAggregateNotNull(LogicalNode& aggregate, const storage::Database& db) {
  if (aggregate.kind != LogicalNode::Kind::kAggregate || !aggregate.groups.empty() ||
      aggregate.aggregates.empty() || aggregate.children.size() != 1)
    return false;
  LogicalNode& scan = *aggregate.children[0];
  if (scan.kind != LogicalNode::Kind::kScan || scan.table == nullptr || scan.system_view)
    return false;
  std::optional<size_t> column;
  for (const auto& a : aggregate.aggregates) {
    // Every aggregate but COUNT(*) skips NULL arguments (STDDEV, VARIANCE too).
    if (a.function == "COUNT_STAR" || !a.arg || a.arg->kind != BoundKind::kColumn) return false;
    if (column && *column != a.arg->column_index) return false;
    column = a.arg->column_index;
  }
  if (!column || *column >= scan.column_ids.size() ||
      scan.column_ids[*column] == storage::kRowIdColumn)
    return false;
  const uint32_t table_column = scan.column_ids[*column];
  if (scan.table->columns[table_column].not_null) return false;  // nothing to add
  bool indexed = false;
  for (const auto* idx : db.UsableIndexesOf(*scan.table))
    indexed = indexed || InIndex(*idx, table_column);
  if (!indexed) return false;
  auto not_null = std::make_unique<BoundExpr>(BoundKind::kIsNull, LogicalType::Boolean());
  not_null->negated = true;
  not_null->children.push_back(MakeColumn(*column, scan.types[*column]));
  std::vector<BoundExprPtr> conj;
  if (scan.predicate) SplitConjuncts(std::move(scan.predicate), conj);
  conj.push_back(std::move(not_null));
  scan.predicate = MakeAnd(std::move(conj));
  return true;
}

}  // namespace pathdb::planner
