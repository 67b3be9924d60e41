// The join tree's relations and conjuncts with their estimates (planner/join_graph.h).
#include "planner/join_graph.h"

#include <algorithm>
#include <bit>

#include "planner/access_path.h"
#include "planner/adaptive_plan.h"
#include "planner/bound_util.h"
#include "planner/join_hints.h"
#include "planner/predicate_text.h"
#include "storage/storage_index.h"

namespace pathdb::planner {

namespace {
using OpPtr = std::unique_ptr<PhysicalOperator>;
}  // namespace

// ---- flattening

void JoinGraph::Flatten(LogicalNode& n, size_t base) {
  if (n.kind == LogicalNode::Kind::kJoin && IsReorderableJoin(n)) {
    const size_t left_width = n.children[0]->types.size();
    if (n.predicate) {
      std::vector<BoundExprPtr> conj;
      SplitConjuncts(std::move(n.predicate), conj);
      for (auto& c : conj) {
        RemapColumns(*c, [base](size_t i) { return i + base; });
        conjuncts_.push_back({std::move(c)});
      }
    }
    Flatten(*n.children[0], base);
    Flatten(*n.children[1], base + left_width);
    return;
  }
  Relation r;
  r.node = &n;
  r.begin = base;
  r.width = n.types.size();
  if (n.kind == LogicalNode::Kind::kScan) {
    r.alias = n.alias;
    r.scan = n.system_view == nullptr && n.table != nullptr;
    if (query_block_.empty()) {
      query_block_ = n.query_block;
      hints_ = &n.hints;
    }
  } else if (n.kind == LogicalNode::Kind::kView) {
    r.alias = n.alias.empty() ? n.name : n.alias;  // hints name a view by its alias
  }
  rels_.push_back(std::move(r));
}

size_t JoinGraph::RelationOf(size_t column) const {
  for (size_t i = 0; i < rels_.size(); ++i)
    if (column >= rels_[i].begin && column < rels_[i].begin + rels_[i].width) return i;
  return 0;
}

JoinGraph::Mask JoinGraph::LeavesOf(const BoundExpr& e) const {
  Mask m = 0;
  VisitColumns(e, [&](size_t c) { m |= Mask{1} << RelationOf(c); });
  return m;
}

// ---- leaf estimates

double JoinGraph::RowWidth(const LogicalNode& n) {
  double w = 0;
  for (size_t i = 0; i < n.types.size(); ++i) {
    double col = 0;
    if (n.kind == LogicalNode::Kind::kScan && n.table != nullptr && i < n.column_ids.size() &&
        n.column_ids[i] < n.table->stats.columns.size() && n.table->stats.present) {
      col = n.table->stats.columns[n.column_ids[i]].avg_col_len;
    }
    if (col <= 0) col = n.types[i].IsString() ? 20 : 8;
    w += col;
  }
  return std::max(w, 1.0);
}

cost::Cost JoinGraph::CostOf(const PhysicalOperator& op) {
  return {std::max(0.0, op.cost - op.cpu_cost), op.cpu_cost};
}

void JoinGraph::EstimateScanLeaf(Relation& r) {
  // Scans are only estimated here; operators are built for the chosen plan.
  const LogicalNode& n = *r.node;
  AccessEstimate e =
      EstimateTableAccess(*n.table, n.column_ids, n.predicate.get(), n.alias, n.hints, ctx_);
  r.rows = std::max(e.rows, 1.0);
  r.bytes = e.bytes > 0 ? e.bytes : r.rows * RowWidth(n);
  r.cost = {std::max(0.0, e.cost - e.cpu_cost), e.cpu_cost};
  r.table_rows = std::max(e.table_rows, r.rows);
  r.uncertain =
      ScanEstimateUncertain(*n.table, n.column_ids, n.predicate.get(), e.dynamic_sampling);
  r.labels = ScanLabels(*n.table, n.column_ids, n.alias);
}

void JoinGraph::PlanLeaves(const PlanLeafFn& plan_leaf) {
  for (auto& r : rels_) {
    if (r.scan) {
      EstimateScanLeaf(r);
    } else {
      OpPtr op = plan_leaf(*r.node, ctx_);
      r.rows = std::max(op->estimated_rows, 1.0);
      r.bytes = op->estimated_bytes > 0 ? op->estimated_bytes : r.rows * RowWidth(*r.node);
      r.cost = CostOf(*op);
      // A view or subquery's estimate rests on more guesses than a table's.
      r.table_rows = r.rows * 10;
      r.uncertain = true;
      r.labels = op->column_labels;
      r.planned = std::move(op);
    }
    r.labels.resize(r.width);
  }
  for (const auto& r : rels_) labels_.insert(labels_.end(), r.labels.begin(), r.labels.end());
}

// ---- conjuncts and selectivities

card::ColumnView JoinGraph::ColumnStats(size_t column) const {
  const Relation& r = rels_[RelationOf(column)];
  const LogicalNode& n = *r.node;
  if (!r.scan || !n.table->stats.present) return {};
  size_t local = column - r.begin;
  if (local >= n.column_ids.size()) return {};
  uint32_t tc = n.column_ids[local];
  if (tc >= n.table->stats.columns.size()) return {};
  return {&n.table->stats.columns[tc], double(n.table->stats.num_rows)};
}

void JoinGraph::ClassifyConjuncts() {
  for (auto& c : conjuncts_) {
    c.leaves = LeavesOf(*c.expr);
    const BoundExpr& e = *c.expr;
    if (e.kind == BoundKind::kCompare && e.name == "=" && e.children.size() == 2 &&
        !HasSubquery(e) && HashableEquality(*e.children[0], *e.children[1])) {
      Mask a = LeavesOf(*e.children[0]), b = LeavesOf(*e.children[1]);
      if (a != 0 && b != 0 && (a & b) == 0) {
        c.equi = true;
        c.left_leaves = a;
        c.right_leaves = b;
      }
    }
    if (c.equi) {
      const BoundExpr& l = *e.children[0];
      const BoundExpr& r = *e.children[1];
      card::ColumnView lv, rv;
      if (l.kind == BoundKind::kColumn) lv = ColumnStats(l.column_index);
      if (r.kind == BoundKind::kColumn) rv = ColumnStats(r.column_index);
      if (lv.usable() && rv.usable()) {
        c.sel = card::JoinSel(lv, rv);
      } else {
        // Without statistics: the larger side's rows as its distinct values.
        double ndv = 1;
        for (size_t i = 0; i < rels_.size(); ++i)
          if (Has(c.left_leaves | c.right_leaves, i)) ndv = std::max(ndv, rels_[i].rows);
        c.sel = 1.0 / ndv;
      }
    } else if (auto d = std::popcount(c.leaves) >= 2 ? DisjunctionSel(e) : std::nullopt) {
      c.sel = *d;
    } else {
      c.sel = card::kDefaultRange;  // non-equi join conditions, leftovers of one relation
    }
  }
  DeriveTransitiveJoins();
  CombineMultiColumnJoins();
}

std::optional<double> JoinGraph::AtomSel(const BoundExpr& a) const {
  auto constant = [](const BoundExpr& v) {
    return v.kind == BoundKind::kConstant && !v.constant.is_null();
  };
  if (a.kind == BoundKind::kInList && !a.negated && a.children[0]->kind == BoundKind::kColumn) {
    std::vector<Value> values;
    for (size_t i = 1; i < a.children.size(); ++i) {
      if (!constant(*a.children[i])) return std::nullopt;
      values.push_back(a.children[i]->constant);
    }
    const card::ColumnView v = ColumnStats(a.children[0]->column_index);
    return v.usable() ? std::optional<double>(card::InListSel(v, values)) : std::nullopt;
  }
  if (a.kind != BoundKind::kCompare || a.children.size() != 2) return std::nullopt;
  const bool left = a.children[0]->kind == BoundKind::kColumn && constant(*a.children[1]);
  const bool right = a.children[1]->kind == BoundKind::kColumn && constant(*a.children[0]);
  if (!left && !right) return std::nullopt;
  const BoundExpr& col = *a.children[left ? 0 : 1];
  const Value& value = a.children[left ? 1 : 0]->constant;
  const card::ColumnView v = ColumnStats(col.column_index);
  if (!v.usable()) return std::nullopt;
  std::string op = a.name;
  if (!left) op = op == "<" ? ">" : op == ">" ? "<" : op == "<=" ? ">=" : op == ">=" ? "<=" : op;
  if (op == "=") return card::EqualitySel(v, value);
  if (op == "<>") return card::NotEqualSel(v, value);
  card::Range r;
  if (op == ">" || op == ">=") {
    r.low = value;
    r.low_inclusive = op == ">=";
  } else if (op == "<" || op == "<=") {
    r.high = value;
    r.high_inclusive = op == "<=";
  } else {
    return std::nullopt;
  }
  return card::RangeSel(v, r);
}

std::optional<double> JoinGraph::DisjunctionSel(const BoundExpr& e) const {
  // An OR over relations whose branches are ANDs of single-column conditions (TPC-H Q7's
  // (n1 = 'FRANCE' AND n2 = 'GERMANY') OR (n1 = 'GERMANY' AND n2 = 'FRANCE')). OR factoring
  // (planner/or_factoring.h) already gave each relation the OR of its own parts, and the
  // relations' estimates count those; what the join condition adds is its selectivity over
  // theirs, not a guess multiplied on top (which took Q7's two nation pairs for one).
  if (e.kind != BoundKind::kOr) return std::nullopt;
  double any = 0;
  std::map<size_t, double> rel_any;  // relation -> OR over branches of its parts
  std::vector<std::map<size_t, double>> branches;
  for (const auto& b : e.children) {
    std::vector<const BoundExpr*> atoms;
    if (b->kind == BoundKind::kAnd) {
      for (const auto& a : b->children) atoms.push_back(a.get());
    } else {
      atoms.push_back(b.get());
    }
    std::map<size_t, double> parts;
    double branch = 1;
    for (const BoundExpr* a : atoms) {
      const Mask l = LeavesOf(*a);
      if (std::popcount(l) != 1) return std::nullopt;
      const auto s = AtomSel(*a);
      if (!s) return std::nullopt;
      const size_t rel = static_cast<size_t>(std::countr_zero(l));
      parts.emplace(rel, 1.0).first->second *= *s;
      branch *= *s;
    }
    any = card::OrSel(any, branch);
    branches.push_back(std::move(parts));
  }
  for (const auto& parts : branches)
    for (const auto& [rel, s] : parts) rel_any.emplace(rel, 0.0);
  for (auto& [rel, s] : rel_any)
    for (const auto& parts : branches) {
      auto it = parts.find(rel);
      s = card::OrSel(s, it == parts.end() ? 1.0 : it->second);  // no part: the branch is TRUE
    }
  // Only what factoring really added: a relation whose scan has no OR of its own counts none.
  auto has_or = [](const BoundExpr* p) {
    if (p == nullptr) return false;
    if (p->kind == BoundKind::kOr) return true;
    if (p->kind != BoundKind::kAnd) return false;
    for (const auto& c : p->children)
      if (c->kind == BoundKind::kOr) return true;
    return false;
  };
  double implied = 1;
  for (const auto& [rel, s] : rel_any) {
    const Relation& r = rels_[rel];
    if (ctx_.cost.or_factoring && r.scan && has_or(r.node->predicate.get())) implied *= s;
  }
  if (implied <= 0) return std::nullopt;
  return std::clamp(any / implied, 1e-9, 1.0);
}

std::optional<JoinGraph::GroupNdv> JoinGraph::ColumnGroupNdv(
    size_t rel, const std::vector<size_t>& columns) const {
  const Relation& r = rels_[rel];
  if (!r.scan || !r.node->table->stats.present) return std::nullopt;
  const storage::TableInfo& table = *r.node->table;
  std::vector<uint32_t> ids;
  for (size_t col : columns) {
    const size_t local = col - r.begin;
    if (local >= r.node->column_ids.size()) return std::nullopt;
    ids.push_back(r.node->column_ids[local]);
  }
  std::sort(ids.begin(), ids.end());
  // An index on exactly these columns counts its distinct keys: the column group's NDV.
  for (const storage::IndexInfo* ix : ctx_.db.UsableIndexesOf(table)) {
    std::vector<uint32_t> key = ix->columns;
    std::sort(key.begin(), key.end());
    if (key == ids && ix->stats.present && ix->stats.distinct_keys > 0) {
      return GroupNdv{static_cast<double>(ix->stats.distinct_keys), true};
    }
  }
  // A column group with statistics (DBMS_STATS.CREATE_EXTENDED_STATS) counted them too.
  if (const storage::ColumnGroup* g = table.FindColumnGroup(ids)) {
    auto st = table.stats.column_groups.find(g->name);
    if (st != table.stats.column_groups.end() && st->second.present && st->second.num_distinct > 0)
      return GroupNdv{static_cast<double>(st->second.num_distinct), true};
  }
  // Otherwise the columns as if independent, but never more combinations than rows.
  double product = 1;
  for (size_t col : columns) {
    card::ColumnView v = ColumnStats(col);
    if (!v.usable()) return std::nullopt;
    product *= v.Ndv();
  }
  return GroupNdv{std::min(product, std::max(1.0, static_cast<double>(table.stats.num_rows))),
                  false};
}

void JoinGraph::CombineMultiColumnJoins() {
  // Equi-join conjuncts of bare columns between the same two relations form one multi-column
  // key (PARTSUPP to LINEITEM on partkey and suppkey): its selectivity is 1 / the larger
  // column-group NDV of the two sides, not the product of the single-column selectivities,
  // which assumes the columns independent and underestimates by orders of magnitude.
  std::map<std::pair<size_t, size_t>, std::vector<size_t>> groups;
  for (size_t k = 0; k < conjuncts_.size(); ++k) {
    const Conjunct& c = conjuncts_[k];
    if (!c.equi || std::popcount(c.left_leaves) != 1 || std::popcount(c.right_leaves) != 1)
      continue;
    const BoundExpr& e = *c.expr;
    if (e.children[0]->kind != BoundKind::kColumn || e.children[1]->kind != BoundKind::kColumn)
      continue;
    const size_t a = static_cast<size_t>(std::countr_zero(c.left_leaves));
    const size_t b = static_cast<size_t>(std::countr_zero(c.right_leaves));
    groups[{std::min(a, b), std::max(a, b)}].push_back(k);
  }
  for (const auto& [pair, ks] : groups) {
    if (ks.size() < 2) continue;
    std::vector<size_t> cols_a, cols_b;
    for (size_t k : ks) {
      const BoundExpr& e = *conjuncts_[k].expr;
      const bool left_is_a = Has(conjuncts_[k].left_leaves, pair.first);
      cols_a.push_back(e.children[left_is_a ? 0 : 1]->column_index);
      cols_b.push_back(e.children[left_is_a ? 1 : 0]->column_index);
    }
    const auto ndv_a = ColumnGroupNdv(pair.first, cols_a);
    const auto ndv_b = ColumnGroupNdv(pair.second, cols_b);
    if (!ndv_a && !ndv_b) continue;
    double independent = 1;
    for (size_t k : ks) independent *= conjuncts_[k].sel;
    // A counted group (an index's distinct keys) beats a guessed one: when only one side is
    // counted, its distinct keys are the join's (the usual key to foreign key join).
    const bool exact_a = ndv_a && ndv_a->exact, exact_b = ndv_b && ndv_b->exact;
    double ndv = 1;
    if (exact_a != exact_b) {
      ndv = exact_a ? ndv_a->ndv : ndv_b->ndv;
    } else {
      ndv = std::max(ndv_a ? ndv_a->ndv : 1.0, ndv_b ? ndv_b->ndv : 1.0);
    }
    const double group = 1.0 / ndv;
    conjuncts_[ks[0]].sel = std::max(independent, group);
    for (size_t i = 1; i < ks.size(); ++i) conjuncts_[ks[i]].sel = 1;
  }
}

double JoinGraph::SubsetRows(Mask s) {
  if (auto it = rows_cache_.find(s); it != rows_cache_.end()) return it->second;
  if (std::popcount(s) >= 2 && !ctx_.feedback.empty()) {
    std::vector<std::string> aliases;
    for (size_t i = 0; i < rels_.size(); ++i)
      if (Has(s, i)) aliases.push_back(rels_[i].alias);
    if (const CardinalityCorrection* fb = FindCorrection(ctx_.feedback, query_block_, aliases)) {
      const double rows = JoinEstimateHint(s, std::max(1.0, fb->rows));
      rows_cache_.emplace(s, rows);
      return rows;
    }
  }
  double rows = 1;
  for (size_t i = 0; i < rels_.size(); ++i)
    if (Has(s, i)) rows *= rels_[i].rows;
  double sel = 1;
  // Per equivalence class, which relations its conjuncts have connected so far: a conjunct
  // joining two already connected ones is implied and selects nothing more.
  std::map<int, std::vector<size_t>> parent;
  auto root = [](std::vector<size_t>& p, size_t i) {
    while (p[i] != i) i = p[i] = p[p[i]];
    return i;
  };
  for (const auto& c : conjuncts_) {
    if (c.leaves == 0 || (c.leaves & ~s) != 0 || std::popcount(c.leaves) < 2) continue;
    if (c.eq_class >= 0 && std::popcount(c.leaves) == 2) {
      auto [it, fresh] = parent.try_emplace(c.eq_class, rels_.size());
      if (fresh)
        for (size_t i = 0; i < rels_.size(); ++i) it->second[i] = i;
      const size_t a = root(it->second, static_cast<size_t>(std::countr_zero(c.leaves)));
      const size_t b = root(it->second, static_cast<size_t>(63 - std::countl_zero(c.leaves)));
      if (a == b) continue;
      it->second[a] = b;
    }
    sel = card::AndSel(sel, c.sel);
  }
  rows = JoinEstimateHint(s, card::Rows(rows, sel));
  rows_cache_.emplace(s, rows);
  return rows;
}

double JoinGraph::JoinEstimateHint(Mask s, double rows) {
  if (std::popcount(s) < 2) return rows;
  for (const ast::Hint* h : join_estimates_) {
    Mask named = 0;
    for (const auto& t : h->tables) {
      size_t i = 0;
      while (i < rels_.size() && rels_[i].alias != t.alias) ++i;
      if (i == rels_.size()) {
        named = 0;
        break;
      }
      named |= Mask{1} << i;
    }
    if (named != s) continue;
    used_join_estimates_.insert(h);
    rows = AdjustByOptEstimate(*h, rows);
  }
  return std::max(1.0, rows);
}

double JoinGraph::SubsetBytes(Mask s) {
  double width = 0;
  for (size_t i = 0; i < rels_.size(); ++i)
    if (Has(s, i)) width += rels_[i].bytes / std::max(rels_[i].rows, 1.0);
  return SubsetRows(s) * width;
}

std::vector<size_t> JoinGraph::Applicable(Mask outer, size_t inner) const {
  std::vector<size_t> out;
  const Mask s = outer | (Mask{1} << inner);
  for (size_t k = 0; k < conjuncts_.size(); ++k) {
    if (!conjuncts_[k].expr) continue;  // taken by an operator, or moved higher up
    const Mask l = conjuncts_[k].leaves;
    // At the first join covering its relations: a conjunct of the first relation alone (or
    // of none) goes to the very first join.
    const bool here = (l & ~s) == 0 && ((l & ~outer) != 0 || std::popcount(outer) == 1);
    if (here) out.push_back(k);
  }
  // Of the equalities of one equivalence class that reach the joining relation, one is the
  // join's: the rest are implied by it and the joins already made (the class's relations on
  // the outer side are equal on it). A written equality wins over a derived one.
  std::map<int, size_t> chosen;
  for (size_t k : out) {
    const Conjunct& c = conjuncts_[k];
    if (c.eq_class < 0 || std::popcount(c.leaves) != 2) continue;
    auto [it, fresh] = chosen.try_emplace(c.eq_class, k);
    if (!fresh && conjuncts_[it->second].derived && !c.derived) it->second = k;
  }
  std::erase_if(out, [&](size_t k) {
    const Conjunct& c = conjuncts_[k];
    if (c.eq_class < 0 || std::popcount(c.leaves) != 2) return false;
    return chosen.at(c.eq_class) != k;
  });
  return out;
}

std::vector<size_t> JoinGraph::EquiKeys(Mask outer, size_t inner,
                                        const std::vector<size_t>& applicable) {
  std::vector<size_t> keys;
  const Mask in = Mask{1} << inner;
  for (size_t k : applicable) {
    const auto& c = conjuncts_[k];
    if (!c.equi) continue;
    if (((c.left_leaves & ~outer) == 0 && c.right_leaves == in) ||
        ((c.right_leaves & ~outer) == 0 && c.left_leaves == in))
      keys.push_back(k);
  }
  return keys;
}

std::optional<size_t> JoinGraph::InnerSide(size_t k, size_t inner) const {
  const BoundExpr& e = *conjuncts_[k].expr;
  for (size_t side = 0; side < 2; ++side) {
    const BoundExpr& in = *e.children[side];
    const BoundExpr& out = *e.children[1 - side];
    if (in.kind == BoundKind::kColumn && out.kind == BoundKind::kColumn &&
        RelationOf(in.column_index) == inner && RelationOf(out.column_index) != inner)
      return side;
  }
  return std::nullopt;
}

namespace {

//! [low, high] of a column's statistics on the interpolation scale; nullopt when unknown.
std::optional<std::pair<double, double>> StatsRange(const card::ColumnView& v) {
  if (!v.usable() || !v.stats->low_value || !v.stats->high_value) return std::nullopt;
  return std::make_pair(card::ToScale(*v.stats->low_value), card::ToScale(*v.stats->high_value));
}

//! Narrows `range` by the conjuncts of `predicate` comparing column `column` with a constant.
void NarrowByPredicate(const BoundExpr* predicate, size_t column,
                       std::pair<double, double>& range) {
  if (predicate == nullptr) return;
  std::vector<BoundExprPtr> conj;
  SplitConjuncts(predicate->Copy(), conj);
  for (const auto& c : conj) {
    if (c->kind != BoundKind::kCompare || c->children.size() != 2) continue;
    for (size_t side = 0; side < 2; ++side) {
      const BoundExpr& col = *c->children[side];
      const BoundExpr& k = *c->children[1 - side];
      if (col.kind != BoundKind::kColumn || col.column_index != column || !k.IsConstant() ||
          k.constant.is_null() || !k.type.IsNumeric())
        continue;
      const double v = card::ToScale(k.constant);
      std::string op = c->name;
      if (side == 1)
        op = op == "<" ? ">" : op == ">" ? "<" : op == "<=" ? ">=" : op == ">=" ? "<=" : op;
      if (op == "=" || op == ">" || op == ">=") range.first = std::max(range.first, v);
      if (op == "=" || op == "<" || op == "<=") range.second = std::min(range.second, v);
    }
  }
}

}  // namespace

double JoinGraph::ProbeScanShare(Mask outer, size_t inner, size_t k) {
  const Relation& r = rels_[inner];
  const auto side = InnerSide(k, inner);
  if (!ctx_.cost.bloom_filter_enabled || !r.scan || !side) return 1;
  const BoundExpr& e = *conjuncts_[k].expr;
  const size_t in_col = e.children[*side]->column_index;
  const size_t out_col = e.children[1 - *side]->column_index;
  const size_t o = RelationOf(out_col);
  if (!Has(outer, o)) return 1;
  const storage::TableInfo& table = *r.node->table;
  const size_t local = in_col - r.begin;
  if (!table.stats.present || table.stats.blocks == 0 || local >= r.node->column_ids.size())
    return 1;
  const uint32_t column_id = r.node->column_ids[local];
  bool clustered = false;
  for (const storage::IndexInfo* ix : ctx_.db.UsableIndexesOf(table))
    clustered =
        clustered || (!ix->columns.empty() && ix->columns[0] == column_id && ix->stats.present &&
                      ix->stats.clustering_factor <= 2 * table.stats.blocks);
  auto inner_range = StatsRange(ColumnStats(in_col));
  auto outer_range = StatsRange(ColumnStats(out_col));
  if (!clustered || !inner_range || !outer_range || !e.children[*side]->type.IsNumeric()) return 1;
  const Relation& orel = rels_[o];
  if (orel.scan) NarrowByPredicate(orel.node->predicate.get(), out_col - orel.begin, *outer_range);
  const double width = inner_range->second - inner_range->first;
  if (width <= 0) return 1;
  const double lo = std::max(outer_range->first, inner_range->first);
  const double hi = std::min(outer_range->second, inner_range->second);
  // One region more for the ends of the range, which rarely fall on region boundaries.
  const double regions =
      std::ceil(static_cast<double>(table.stats.blocks) / storage::kRegionBlocks);
  return std::clamp(std::max(0.0, hi - lo) / width + 1 / regions, 0.0, 1.0);
}

const IndexProbe& JoinGraph::Probe(size_t inner, size_t k) {
  auto key = std::make_pair(inner, k);
  if (auto it = probes_.find(key); it != probes_.end()) return it->second;
  IndexProbe p;
  const Relation& r = rels_[inner];
  auto side = InnerSide(k, inner);
  if (r.scan && side) {
    const LogicalNode& n = *r.node;
    const BoundExpr& e = *conjuncts_[k].expr;
    const BoundExpr& in = *e.children[*side];
    const BoundExpr& out = *e.children[1 - *side];
    std::vector<BoundExprPtr> conj;
    if (n.predicate) SplitConjuncts(n.predicate->Copy(), conj);
    conj.push_back(MakeCompare("=", MakeColumn(in.column_index - r.begin, in.type),
                               MakeParameter(ctx_.next_parameter_slot, out.type)));
    const size_t join_conjunct = conj.size() - 1;
    const auto sarg = FindSargable(*n.table, n.column_ids, conj);
    BoundExprPtr pred = MakeAnd(std::move(conj));
    AccessEstimate est =
        EstimateTableAccess(*n.table, n.column_ids, pred.get(), n.alias, ProbeHints(inner), ctx_);
    using K = AccessPath::Kind;
    if (est.path.kind == K::kUniqueScan || est.path.kind == K::kRangeScan) {
      for (size_t s : est.path.equal)
        if (s < sarg.size() && sarg[s].conjunct == join_conjunct) p.usable = true;
    }
    p.outer_side = 1 - *side;
    p.per_start = {std::max(0.0, est.cost - est.cpu_cost), est.cpu_cost};
  }
  return probes_.emplace(key, p).first->second;
}

}  // namespace pathdb::planner
