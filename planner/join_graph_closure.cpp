// Transitive closure of equi-joins in the join graph (JoinGraph::DeriveTransitiveJoins).
// Like PostgreSQL's equivalence classes: columns equated by the WHERE clause form a class, and
// any two relations with a column in the class may join on it, whichever joins were written.
#include <algorithm>
#include <bit>
#include <map>

#include "planner/bound_util.h"
#include "planner/join_graph.h"

namespace pathdb::planner {

void JoinGraph::DeriveTransitiveJoins() {
  // Union-find over global columns joined by `col = col` between two relations.
  std::map<size_t, size_t> parent;
  auto find = [&](size_t c) {
    parent.try_emplace(c, c);
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  auto bare = [](const BoundExpr& e) { return e.kind == BoundKind::kColumn; };
  std::vector<size_t> members;  // conjuncts taking part
  std::map<size_t, LogicalType> type_of;
  for (size_t k = 0; k < conjuncts_.size(); ++k) {
    const Conjunct& c = conjuncts_[k];
    if (!c.equi || std::popcount(c.left_leaves) != 1 || std::popcount(c.right_leaves) != 1)
      continue;
    const BoundExpr& l = *c.expr->children[0];
    const BoundExpr& r = *c.expr->children[1];
    // The same type only: a conversion between them would make equality depend on the side.
    if (!bare(l) || !bare(r) || !(l.type == r.type)) continue;
    parent[find(l.column_index)] = find(r.column_index);
    type_of.emplace(l.column_index, l.type);
    type_of.emplace(r.column_index, r.type);
    members.push_back(k);
  }
  if (members.empty()) return;
  // Number the classes; remember each class's columns and which relations are joined.
  std::map<size_t, int> class_of_root;
  std::map<int, std::vector<size_t>> columns;
  for (auto& [col, p] : parent) {
    (void)p;
    const size_t r = find(col);
    auto [it, fresh] = class_of_root.try_emplace(r, static_cast<int>(class_of_root.size()));
    (void)fresh;
    columns[it->second].push_back(col);
  }
  std::map<int, std::vector<std::pair<size_t, size_t>>> joined;  // class -> relation pairs
  for (size_t k : members) {
    Conjunct& c = conjuncts_[k];
    c.eq_class = class_of_root.at(find(c.expr->children[0]->column_index));
    const size_t a = static_cast<size_t>(std::countr_zero(c.left_leaves));
    const size_t b = static_cast<size_t>(std::countr_zero(c.right_leaves));
    joined[c.eq_class].emplace_back(std::min(a, b), std::max(a, b));
  }
  for (auto& [cls, cols] : columns) {
    // Two columns of one relation in a class (x.a = y.b AND x.a = y.a) are equal to each
    // other: that is a condition on the relation alone (y.b = y.a), derived here as
    // PostgreSQL does. Applicable() keeps one equality of a class per join on the premise
    // that each relation's columns in the class are already equal; without this condition
    // the second equality was dropped and rows with y.a <> y.b joined. A table's goes into
    // its scan (and its estimate); another leaf's is applied by its first join.
    std::map<size_t, size_t> first_of_relation;
    for (size_t col : cols) {
      auto [it, fresh] = first_of_relation.try_emplace(RelationOf(col), col);
      if (fresh) continue;
      Relation& rel = rels_[it->first];
      if (rel.scan) {
        BoundExprPtr eq =
            MakeCompare("=", MakeColumn(it->second - rel.begin, type_of.at(it->second)),
                        MakeColumn(col - rel.begin, type_of.at(col)));
        std::vector<BoundExprPtr> conj;
        if (rel.node->predicate) conj.push_back(std::move(rel.node->predicate));
        conj.push_back(std::move(eq));
        rel.node->predicate = MakeAnd(std::move(conj));
        EstimateScanLeaf(rel);
        continue;
      }
      Conjunct d;
      d.expr = MakeCompare("=", MakeColumn(it->second, type_of.at(it->second)),
                           MakeColumn(col, type_of.at(col)));
      d.leaves = Mask{1} << it->first;
      const card::ColumnView lv = ColumnStats(it->second), rv = ColumnStats(col);
      d.sel = lv.usable() && rv.usable() ? card::JoinSel(lv, rv) : card::kDefaultEquality;
      d.derived = true;
      conjuncts_.push_back(std::move(d));
    }
    if (cols.size() < 3) continue;
    // One column per relation (its first in the class) stands for the relation.
    std::map<size_t, size_t> rel_column;
    for (size_t col : cols) rel_column.try_emplace(RelationOf(col), col);
    const auto& have = joined[cls];
    for (auto i = rel_column.begin(); i != rel_column.end(); ++i) {
      for (auto j = std::next(i); j != rel_column.end(); ++j) {
        const std::pair<size_t, size_t> pair{i->first, j->first};
        if (std::find(have.begin(), have.end(), pair) != have.end()) continue;
        Conjunct d;
        d.expr = MakeCompare("=", MakeColumn(i->second, type_of.at(i->second)),
                             MakeColumn(j->second, type_of.at(j->second)));
        d.leaves = (Mask{1} << i->first) | (Mask{1} << j->first);
        d.equi = true;
        d.left_leaves = Mask{1} << i->first;
        d.right_leaves = Mask{1} << j->first;
        const card::ColumnView lv = ColumnStats(i->second), rv = ColumnStats(j->second);
        d.sel = lv.usable() && rv.usable()
                    ? card::JoinSel(lv, rv)
                    : 1.0 / std::max({1.0, rels_[i->first].rows, rels_[j->first].rows});
        d.eq_class = cls;
        d.derived = true;
        conjuncts_.push_back(std::move(d));
      }
    }
  }
}

}  // namespace pathdb::planner
