// The cost side of access paths: selectivity of a scan's conjuncts (statistics with Oracle's
// formulas, or a dynamic sample), the estimates and cost of every way of reading the table
// (oracle-reference.md section 6: range scan = BLEVEL + ceil(ix_sel x LEAF_BLOCKS) +
// ceil(ix_sel_with_filters x CLUSTERING_FACTOR)), and the cheapest choice.
#include <algorithm>
#include <cmath>
#include <map>

#include "planner/access_path_internal.h"
#include "planner/bound_util.h"
#include "planner/cardinality.h"

namespace pathdb::planner {

namespace access_detail {

namespace {

std::optional<uint32_t> BareColumn(const BoundExpr& e, const std::vector<uint32_t>& column_ids) {
  if (e.kind != BoundKind::kColumn || e.column_index >= column_ids.size()) return std::nullopt;
  uint32_t c = column_ids[e.column_index];
  if (c == storage::kRowIdColumn) return std::nullopt;
  return c;
}

bool NoColumns(const BoundExpr& e) {
  if (e.kind == BoundKind::kColumn || e.kind == BoundKind::kSubquery) return false;
  for (const auto& c : e.children)
    if (!NoColumns(*c)) return false;
  return true;
}

std::string MirrorOp(const std::string& op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  if (op == ">=") return "<=";
  return op;
}

bool IsRange(const std::string& op) {
  return op == "<" || op == "<=" || op == ">" || op == ">=";
}

// `col op constant` with the column on the left (mirrored when written the other way).
struct ColumnCondition {
  uint32_t column = 0;
  std::string op;
  const BoundExpr* value = nullptr;
};
std::optional<ColumnCondition> AsColumnCondition(const BoundExpr& e,
                                                 const std::vector<uint32_t>& column_ids) {
  if (e.kind != BoundKind::kCompare || e.children.size() != 2) return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    auto col = BareColumn(*e.children[side], column_ids);
    if (col && NoColumns(*e.children[1 - side]))
      return ColumnCondition{*col, side == 0 ? e.name : MirrorOp(e.name),
                             e.children[1 - side].get()};
  }
  return std::nullopt;
}

bool KnownConstant(const BoundExpr& v) {
  return v.kind == BoundKind::kConstant && !v.constant.is_null();
}

// Bytes of a value of `type` when no AVG_COL_LEN is known.
double TypeWidth(const LogicalType& t) {
  switch (t.id) {
    case TypeId::kNumber:
      return t.precision > 0 ? std::ceil((t.precision + 1) / 2.0) + 1 : 5;
    case TypeId::kDouble:
      return 8;
    case TypeId::kVarchar:
      return t.length > 0 ? std::max(1.0, t.length / 2.0) : 20;
    case TypeId::kChar:
      return std::max<uint32_t>(1, t.length);
    case TypeId::kDate:
      return 7;
    case TypeId::kTimestamp:
    case TypeId::kIntervalDS:
      return 11;
    case TypeId::kIntervalYM:
      return 5;
    default:
      return 1;
  }
}

// `e` with every bind the statement peeked replaced by its peeked value (a constant).
void SubstitutePeeked(BoundExpr& e, const std::vector<PeekedBind>& peeked,
                      const EvalContext& eval) {
  if (e.kind == BoundKind::kBind) {
    for (const PeekedBind& p : peeked) {
      if (p.name != e.name || p.value.is_null()) continue;
      const Value v = p.type == e.type ? p.value : CastValue(p.value, e.type, eval);
      e.kind = BoundKind::kConstant;
      e.constant = v;
      return;
    }
    return;
  }
  for (auto& c : e.children) SubstitutePeeked(*c, peeked, eval);
}

}  // namespace

std::vector<BoundExprPtr> PeekedConjuncts(const std::vector<BoundExprPtr>& conj,
                                          const PlanContext& ctx) {
  std::vector<BoundExprPtr> out;
  out.reserve(conj.size());
  for (const auto& c : conj) {
    out.push_back(c->Copy());
    if (!ctx.record.peeked_binds.empty())
      SubstitutePeeked(*out.back(), ctx.record.peeked_binds, ctx.eval);
  }
  return out;
}

TableFacts::TableFacts(const storage::TableInfo& table, const std::vector<uint32_t>& column_ids,
                       const std::vector<BoundExprPtr>& conjuncts, const TableSample* sample)
    : table_(table), column_ids_(column_ids), conjuncts_(conjuncts), sample_(sample) {
  if (table.stats.present) {
    has_stats_ = true;
    rows_ = static_cast<double>(table.stats.num_rows);
    blocks_ = static_cast<double>(table.stats.blocks);
    sample_ = nullptr;
  } else if (sample != nullptr) {
    rows_ = sample->rows;
    blocks_ = sample->blocks;
  } else {
    rows_ = static_cast<double>(table.row_count);
    blocks_ = static_cast<double>(table.hwm_blocks);
  }
  blocks_ = std::max(blocks_, 1.0);
}

double TableFacts::ConjunctSel(const BoundExpr& e) const {
  const bool col_stats = has_stats_ && table_.stats.columns.size() == table_.columns.size();
  auto view = [&](uint32_t c) {
    return card::ColumnView{col_stats ? &table_.stats.columns[c] : nullptr, rows_};
  };
  switch (e.kind) {
    case BoundKind::kAnd: {
      double s = 1;
      for (const auto& c : e.children) s = card::AndSel(s, ConjunctSel(*c));
      return s;
    }
    case BoundKind::kOr: {
      double s = 0;
      for (const auto& c : e.children) s = card::OrSel(s, ConjunctSel(*c));
      return s;
    }
    case BoundKind::kNot:
      return card::NotSel(ConjunctSel(*e.children[0]));
    case BoundKind::kConstant:
      return e.constant.is_null() ? 0.0 : 1.0;
    case BoundKind::kCompare: {
      auto cc = AsColumnCondition(e, column_ids_);
      if (!cc) return e.name == "=" ? card::kDefaultEquality : card::kDefaultRange;
      const card::ColumnView col = view(cc->column);
      const BoundExpr& v = *cc->value;
      if (v.kind == BoundKind::kConstant && v.constant.is_null()) return 0.0;  // never TRUE
      const bool known = KnownConstant(v);
      if (cc->op == "=")
        return known ? card::EqualitySel(col, v.constant) : card::EqualityBindSel(col);
      if (cc->op == "<>")
        return known ? card::NotEqualSel(col, v.constant) : 1.0 - card::EqualityBindSel(col);
      if (!known) return card::kDefaultRange;
      card::Range r;
      if (cc->op == ">" || cc->op == ">=") {
        r.low = v.constant;
        r.low_inclusive = cc->op == ">=";
      } else {
        r.high = v.constant;
        r.high_inclusive = cc->op == "<=";
      }
      return card::RangeSel(col, r);
    }
    case BoundKind::kInList: {
      auto c = BareColumn(*e.children[0], column_ids_);
      std::vector<Value> values;
      bool constants = true;
      for (size_t i = 1; i < e.children.size(); ++i) {
        constants = constants && KnownConstant(*e.children[i]);
        if (constants) values.push_back(e.children[i]->constant);
      }
      double s = c && constants ? card::InListSel(view(*c), values)
                                : std::min(1.0, card::kDefaultEquality * (e.children.size() - 1));
      return e.negated ? card::NotSel(s) : s;
    }
    case BoundKind::kLike: {
      auto c = BareColumn(*e.children[0], column_ids_);
      double s = card::kDefaultRange;
      if (c && e.children.size() >= 2 && KnownConstant(*e.children[1])) {
        char esc = '\0';
        if (e.children.size() > 2 && KnownConstant(*e.children[2])) {
          std::string es = e.children[2]->constant.ToString();
          if (!es.empty()) esc = es[0];
        }
        s = card::LikeSel(view(*c), e.children[1]->constant.ToString(), esc);
      }
      return e.negated ? card::NotSel(s) : s;
    }
    case BoundKind::kIsNull: {
      auto c = BareColumn(*e.children[0], column_ids_);
      if (!c) return e.negated ? 1.0 - card::kDefaultRange : card::kDefaultEquality;
      return e.negated ? card::IsNotNullSel(view(*c)) : card::IsNullSel(view(*c));
    }
    default:
      return card::kDefaultRange;  // subqueries, functions: Oracle's 5%
  }
}

double TableFacts::Selectivity(const std::vector<size_t>& positions) const {
  if (positions.empty()) return 1.0;
  std::vector<size_t> rest = positions;
  double sel = 1.0;
  if (sample_ != nullptr) {
    std::vector<size_t> measured, other;
    for (size_t p : positions)
      (p < sample_->evaluable.size() && sample_->evaluable[p] ? measured : other).push_back(p);
    if (auto s = sample_->Selectivity(measured)) {
      sel = *s;
      rest = other;
    }
  }
  // A lower and an upper bound on the same column are one range (BETWEEN), not two
  // independent halves.
  struct Bounds {
    const ColumnCondition* low = nullptr;
    const ColumnCondition* high = nullptr;
  };
  std::vector<ColumnCondition> conds;
  conds.reserve(rest.size());
  std::map<uint32_t, Bounds> ranges;
  std::vector<size_t> singles;
  for (size_t p : rest) {
    auto cc = AsColumnCondition(*conjuncts_[p], column_ids_);
    if (cc && IsRange(cc->op) && KnownConstant(*cc->value)) {
      conds.push_back(*cc);
      Bounds& b = ranges[cc->column];
      const bool low = cc->op == ">" || cc->op == ">=";
      const ColumnCondition*& slot = low ? b.low : b.high;
      if (slot == nullptr) {
        slot = &conds.back();
        continue;
      }
    }
    singles.push_back(p);
  }
  const bool col_stats = has_stats_ && table_.stats.columns.size() == table_.columns.size();
  for (const auto& [column, b] : ranges) {
    card::ColumnView col{col_stats ? &table_.stats.columns[column] : nullptr, rows_};
    card::Range r;
    if (b.low) {
      r.low = b.low->value->constant;
      r.low_inclusive = b.low->op == ">=";
    }
    if (b.high) {
      r.high = b.high->value->constant;
      r.high_inclusive = b.high->op == "<=";
    }
    sel *= card::RangeSel(col, r);
  }
  sel *= ColumnGroupSel(singles);
  for (size_t p : singles) sel *= ConjunctSel(*conjuncts_[p]);
  return std::clamp(sel, 0.0, 1.0);
}

double TableFacts::ColumnGroupSel(std::vector<size_t>& positions) const {
  // Oracle's rule (oracle-reference 9.2): equalities on every column of a column group select
  // 1/NUM_DISTINCT of the group's non-NULL rows, not the product of their selectivities,
  // which assumes the columns independent. As in Oracle, a group one of whose columns has a
  // histogram is not used (the histogram knows the value; the group does not).
  if (!has_stats_ || table_.column_groups.empty() || rows_ <= 0) return 1.0;
  std::map<uint32_t, size_t> equal;  // column -> position of its equality
  for (size_t p : positions) {
    auto cc = AsColumnCondition(*conjuncts_[p], column_ids_);
    if (!cc || cc->op != "=" ||
        (cc->value->kind == BoundKind::kConstant && cc->value->constant.is_null()))
      continue;
    equal.emplace(cc->column, p);
  }
  std::vector<const storage::ColumnGroup*> groups;
  for (const auto& g : table_.column_groups) groups.push_back(&g);
  std::stable_sort(groups.begin(), groups.end(),
                   [](auto* a, auto* b) { return a->columns.size() > b->columns.size(); });
  double sel = 1.0;
  for (const storage::ColumnGroup* g : groups) {
    auto st = table_.stats.column_groups.find(g->name);
    if (st == table_.stats.column_groups.end() || !st->second.present ||
        st->second.num_distinct == 0)
      continue;
    bool covered = true;
    for (uint32_t c : g->columns) {
      covered = covered && equal.count(c) > 0;
      if (c < table_.stats.columns.size() &&
          table_.stats.columns[c].histogram != storage::HistogramType::kNone)
        covered = false;
    }
    if (!covered) continue;
    const double non_null =
        std::clamp(1.0 - static_cast<double>(st->second.num_nulls) / rows_, 0.0, 1.0);
    sel *= non_null / static_cast<double>(st->second.num_distinct);
    for (uint32_t c : g->columns) {
      positions.erase(std::find(positions.begin(), positions.end(), equal.at(c)));
      equal.erase(c);
    }
  }
  return sel;
}

double TableFacts::AllSelectivity() const {
  std::vector<size_t> all(conjuncts_.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return Selectivity(all);
}

double TableFacts::RowBytes(const std::vector<uint32_t>& column_ids) const {
  const bool col_stats = has_stats_ && table_.stats.columns.size() == table_.columns.size();
  double bytes = 0;
  for (uint32_t c : column_ids) {
    if (c == storage::kRowIdColumn) {
      bytes += 10;  // an extended ROWID
    } else if (col_stats && table_.stats.columns[c].present) {
      bytes += table_.stats.columns[c].avg_col_len;
    } else {
      bytes += TypeWidth(table_.columns[c].type);
    }
  }
  return bytes;
}

double TableFacts::Blevel(const storage::IndexInfo& index) const {
  return index.stats.present ? index.stats.blevel : 1;
}
double TableFacts::LeafBlocks(const storage::IndexInfo& index) const {
  // Without statistics: some 200 entries per leaf.
  return index.stats.present ? static_cast<double>(index.stats.leaf_blocks)
                             : std::max(1.0, std::ceil(rows_ / 200));
}
double TableFacts::ClusteringFactor(const storage::IndexInfo& index) const {
  return index.stats.present ? static_cast<double>(index.stats.clustering_factor) : rows_;
}
double TableFacts::IndexEntries(const storage::IndexInfo& index) const {
  return index.stats.present && has_stats_ ? static_cast<double>(index.stats.num_rows) : rows_;
}

CostedPath CostPath(const AccessPath& path, const storage::TableInfo& table,
                    const std::vector<uint32_t>& column_ids,
                    const std::vector<BoundExprPtr>& conjuncts,
                    const std::vector<SargableCondition>& sargable, const TableFacts& facts,
                    const cost::CostModel& model) {
  (void)table;
  using K = AccessPath::Kind;
  CostedPath cp;
  cp.path = path;
  const double n = facts.rows();
  const double all_sel = facts.AllSelectivity();
  if (path.kind == K::kFullTableScan) {
    const int preds = static_cast<int>(conjuncts.size());
    cp.cost = facts.inmemory() ? model.InMemoryScan(facts.blocks(), n, preds)
                               : model.FullScan(facts.blocks(), n, preds);
    cp.rows = card::Rows(n, all_sel);
    return cp;
  }
  const storage::IndexInfo& index = *path.index;
  std::vector<bool> consumed(conjuncts.size(), false);
  for (size_t s : path.equal) cp.access.push_back(sargable[s].conjunct);
  if (path.lower) cp.access.push_back(sargable[*path.lower].conjunct);
  if (path.upper) cp.access.push_back(sargable[*path.upper].conjunct);
  for (size_t a : cp.access) consumed[a] = true;
  for (size_t i = 0; i < conjuncts.size(); ++i) {
    if (consumed[i]) continue;
    bool on_keys = true;
    VisitColumns(*conjuncts[i], [&](size_t p) {
      on_keys = on_keys && p < column_ids.size() && column_ids[p] != storage::kRowIdColumn &&
                InIndex(index, column_ids[p]);
    });
    if (path.index_only || on_keys) cp.index_filter.push_back(i);
  }
  const double ix_sel = facts.Selectivity(cp.access);
  std::vector<size_t> with_filters = cp.access;
  with_filters.insert(with_filters.end(), cp.index_filter.begin(), cp.index_filter.end());
  const double ix_sel_f = facts.Selectivity(with_filters);
  const auto blevel = static_cast<uint32_t>(facts.Blevel(index));
  const double leaves = facts.LeafBlocks(index);
  switch (path.kind) {
    case K::kUniqueScan:
      cp.index_cost = model.IndexUniqueScan(blevel);
      break;
    case K::kRangeScan:
      cp.index_cost = model.IndexRangeScan(blevel, leaves, ix_sel, n * ix_sel);
      break;
    case K::kIndexFullScan:
      cp.index_cost = model.IndexFullScan(blevel, leaves, facts.IndexEntries(index));
      break;
    case K::kFastFullScan:
      cp.index_cost = model.IndexFastFullScan(leaves, facts.IndexEntries(index));
      break;
    case K::kFullTableScan:
      break;
  }
  cp.index_rows = path.kind == K::kUniqueScan ? 1.0 : card::Rows(n, ix_sel_f);
  if (path.index_only) {
    cp.rows = path.kind == K::kUniqueScan ? 1.0 : card::Rows(n, all_sel);
    cp.cost = cp.index_cost;
    return cp;
  }
  cp.rows = path.kind == K::kUniqueScan ? 1.0 : card::Rows(n, all_sel);
  const double fetched = path.kind == K::kUniqueScan ? 1.0 : cp.index_rows;
  cp.cost = cp.index_cost +
            model.TableAccessByRowid(
                facts.ClusteringFactor(index),
                path.kind == K::kUniqueScan ? std::min(ix_sel_f, 1.0 / std::max(n, 1.0)) : ix_sel_f,
                fetched);
  return cp;
}

AccessPath ChooseAccessPathByCost(const storage::TableInfo& table,
                                  const std::vector<uint32_t>& column_ids,
                                  const std::vector<BoundExprPtr>& conjuncts,
                                  const std::vector<SargableCondition>& sargable,
                                  const IndexList& indexes, const std::string& alias,
                                  const std::vector<ast::Hint>& hints, const TableFacts& facts,
                                  const cost::CostModel& model) {
  using K = AccessPath::Kind;
  const TableHints th = ReadHints(hints, table, alias, indexes);
  if (th.full || (th.inmemory && facts.inmemory())) return AccessPath{};
  const IndexList candidates = CandidateIndexes(th, indexes);
  auto fast_full = [&](const storage::IndexInfo* idx) {
    AccessPath p;
    p.kind = K::kFastFullScan;
    p.index = idx;
    p.index_only = true;
    return p;
  };
  auto ffs_possible = [&](const storage::IndexInfo* idx) {
    return Covers(*idx, column_ids) && NullSafe(table, *idx, column_ids, conjuncts);
  };
  // Options in preference order; a later option must be strictly cheaper to win a tie.
  std::vector<AccessPath> options;
  auto cheapest = [&]() {
    const AccessPath* best = nullptr;
    double best_cost = 0;
    for (const auto& o : options) {
      double c = CostPath(o, table, column_ids, conjuncts, sargable, facts, model).cost.total();
      if (best == nullptr || c < best_cost - 1e-9) {
        best = &o;
        best_cost = c;
      }
    }
    return *best;
  };
  if (th.fast_full) {
    for (const auto* idx : candidates)
      if (ffs_possible(idx)) options.push_back(fast_full(idx));
    if (!options.empty()) return cheapest();
    // Not possible with these indexes: the hint is ignored, as Oracle does.
  }
  std::vector<Match> matches;
  for (const auto* idx : candidates) {
    Match m = MatchIndex(*idx, sargable, column_ids);
    if (m.usable()) matches.push_back(std::move(m));
  }
  std::stable_sort(matches.begin(), matches.end(), Better);
  for (const auto& m : matches) options.push_back(PathFromMatch(m, th.descending));
  if (th.force_index) {
    if (!options.empty()) return cheapest();
    for (const auto* idx : candidates) {
      if (!NullSafe(table, *idx, column_ids, conjuncts)) continue;
      AccessPath p;
      p.kind = K::kIndexFullScan;
      p.index = idx;
      p.descending = th.descending;
      p.index_only = Covers(*idx, column_ids);
      return p;
    }
    return AccessPath{};
  }
  for (const auto* idx : candidates)
    if (ffs_possible(idx)) options.push_back(fast_full(idx));
  options.push_back(AccessPath{});
  return cheapest();
}

}  // namespace access_detail

using namespace access_detail;

namespace {

// Nested-loops key parameters take slots from 64 up (PlanContext::next_parameter_slot).
bool HoldsJoinParameter(const BoundExpr& e) {
  if (e.kind == BoundKind::kParameter && e.column_index >= 64) return true;
  for (const auto& c : e.children)
    if (HoldsJoinParameter(*c)) return true;
  return false;
}

}  // namespace

std::optional<double> FeedbackRows(const PlanContext& ctx, const std::string& alias,
                                   const std::vector<BoundExprPtr>& conj) {
  if (ctx.feedback.empty() || alias.empty()) return std::nullopt;
  for (const auto& c : conj)
    if (HoldsJoinParameter(*c)) return std::nullopt;
  const CardinalityCorrection* fb = FindCorrection(ctx.feedback, "", {alias});
  if (fb == nullptr) return std::nullopt;
  return std::max(1.0, fb->rows);
}

AccessEstimate EstimateTableAccess(const storage::TableInfo& table,
                                   const std::vector<uint32_t>& column_ids,
                                   const BoundExpr* predicate, const std::string& alias,
                                   const std::vector<ast::Hint>& hints, PlanContext& ctx) {
  std::vector<BoundExprPtr> conj;
  if (predicate) SplitConjuncts(predicate->Copy(), conj);
  const std::vector<SargableCondition> sarg = FindSargable(table, column_ids, conj);
  std::optional<TableSample> sample;
  if (!table.stats.present) {
    std::vector<const BoundExpr*> raw;
    for (const auto& c : conj) raw.push_back(c.get());
    sample = SampleTable(ctx.db, table, column_ids, raw, ctx.eval);
  }
  const std::vector<BoundExprPtr> peeked = PeekedConjuncts(conj, ctx);
  TableFacts facts(table, column_ids, peeked, sample ? &*sample : nullptr);
  const IndexList indexes = ctx.db.UsableIndexesOf(table);
  facts.SetInMemory(
      InMemoryEligible(table, column_ids, ReadHints(hints, table, alias, indexes), ctx.cost));
  const cost::CostModel model{ctx.cost};
  const AccessPath path =
      facts.has_stats() ? ChooseAccessPathByCost(table, column_ids, conj, sarg, indexes, alias,
                                                 hints, facts, model)
                        : ChooseAccessPath(table, column_ids, conj, sarg, indexes, alias, hints);
  const CostedPath cp = CostPath(path, table, column_ids, conj, sarg, facts, model);
  AccessEstimate est;
  est.path = path;
  est.table_rows = facts.rows();
  est.selectivity = facts.AllSelectivity();
  est.rows = cp.rows;
  est.rows = ReadHints(hints, table, alias, indexes).Rows(cp.rows, FeedbackRows(ctx, alias, conj));
  est.bytes = est.rows * facts.RowBytes(column_ids);
  est.cost = cp.cost.total();
  est.cpu_cost = cp.cost.cpu;
  est.io_cost = cp.cost.io;
  est.dynamic_sampling = sample.has_value();
  return est;
}

double PredicateSelectivity(const storage::TableInfo& table,
                            const std::vector<uint32_t>& column_ids, const BoundExpr* predicate) {
  std::vector<BoundExprPtr> conj;
  if (predicate) SplitConjuncts(predicate->Copy(), conj);
  const TableFacts facts(table, column_ids, conj, nullptr);
  return facts.AllSelectivity();
}

}  // namespace pathdb::planner
