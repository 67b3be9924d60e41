// Building the join search's winner (planner/join_search.h): the first relation's access,
// then each join with the method the search chose -- hash join (either build side), index
// nested loops, plain nested loops, or an adaptive join -- and a projection back to the
// block's column order.

#include <algorithm>

#include "executor/filter.h"
#include "executor/projection.h"
#include "planner/access_path.h"
#include "planner/bound_util.h"
#include "planner/join_search.h"
#include "planner/predicate_text.h"

namespace pathdb::planner::join_detail {

OpPtr JoinSearch::PlanLeafForReal(size_t i) {
  Relation& r = rels_[i];
  OpPtr op;
  if (!r.scan) {
    op = std::move(r.planned);
  } else {
    LogicalNode& n = *r.node;
    op = PlanTableAccess(*n.table, n.column_ids, std::move(n.predicate), n.alias, n.hints, ctx_,
                         n.query_block);
  }
  r.line = op.get();
  return op;
}

std::vector<size_t> JoinSearch::LeafLayout(size_t i) const {
  std::vector<size_t> l(rels_[i].width);
  for (size_t c = 0; c < l.size(); ++c) l[c] = rels_[i].begin + c;
  return l;
}

std::vector<std::string> JoinSearch::LabelsOf(const std::vector<size_t>& layout) const {
  std::vector<std::string> out;
  for (size_t g : layout) out.push_back(g < labels_.size() ? labels_[g] : "");
  return out;
}

// Rewrites the global column references of `e` to positions of `layout` (+ offset).
void JoinSearch::ToLayout(BoundExpr& e, const std::vector<size_t>& first, size_t first_offset,
                          const std::vector<size_t>* second, size_t second_offset) {
  RemapColumns(e, [&](size_t g) {
    for (size_t p = 0; p < first.size(); ++p)
      if (first[p] == g) return p + first_offset;
    if (second != nullptr)
      for (size_t p = 0; p < second->size(); ++p)
        if ((*second)[p] == g) return p + second_offset;
    return g;  // unreachable for a conjunct placed correctly
  });
}

std::string JoinSearch::Text(const BoundExpr& e) const {
  return PredicateText(e, labels_);
}

OpPtr JoinSearch::Build(Candidate& best) {
  std::vector<MovedFilter> moved = MoveSubqueryFilters(best);
  Built cur;
  for (size_t k = 0; k < best.steps.size(); ++k) {
    const Step& s = best.steps[k];
    if (s.method == Method::kFirst) {
      cur.op = PlanLeafForReal(s.rel);
      cur.layout = LeafLayout(s.rel);
      cur.mask = Mask{1} << s.rel;
    } else {
      cur = Join(std::move(cur), s);
    }
    if (!moved.empty()) cur.op = PlaceMovedFilters(std::move(cur.op), cur, k, moved);
  }
  return Restore(std::move(cur));
}

JoinSearch::Built JoinSearch::Join(Built outer, const Step& s) {
  if (s.adaptive) return JoinAdaptive(std::move(outer), s);
  const size_t i = s.rel;
  const Relation& r = rels_[i];
  const auto applicable = Applicable(outer.mask, i);
  const auto keys = EquiKeys(outer.mask, i, applicable);
  const std::vector<size_t> inner_layout = LeafLayout(i);
  const Mask in_mask = Mask{1} << i;
  std::vector<BoundExprPtr> rest;
  std::vector<std::string> access, filter;
  Built out;
  out.mask = outer.mask | in_mask;
  const double orows = SubsetRows(outer.mask);
  cost::Cost oc = CostOf(*outer.op);

  if (IsHash(s.method)) {
    // Before the key conjuncts are taken apart below.
    const double probe_share = ProbeShare(outer.mask, i, keys);
    std::vector<BoundExprPtr> okeys, ikeys;
    for (size_t k : applicable) {
      auto& c = conjuncts_[k];
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) {
        filter.push_back(Text(*c.expr));
        rest.push_back(std::move(c.expr));
        continue;
      }
      access.push_back(Text(*c.expr));
      const bool left_inner = c.left_leaves == in_mask;
      BoundExprPtr ie = std::move(c.expr->children[left_inner ? 0 : 1]);
      BoundExprPtr oe = std::move(c.expr->children[left_inner ? 1 : 0]);
      ToLayout(*oe, outer.layout, 0, nullptr, 0);
      ToLayout(*ie, inner_layout, 0, nullptr, 0);
      okeys.push_back(std::move(oe));
      ikeys.push_back(std::move(ie));
    }
    OpPtr inner = PlanLeafForReal(i);
    const cost::Cost ic = CostOf(*inner);
    BoundExprPtr residual = MakeAnd(std::move(rest));
    HashJoinSpec hj;
    cost::Cost jc;
    if (s.method == Method::kHashOuterBuilds) {
      // Residual over probe (inner) then build (outer).
      if (residual) ToLayout(*residual, inner_layout, 0, &outer.layout, inner_layout.size());
      jc = oc + Scaled(ic, probe_share) +
           HashJoinCost(model_, orows, SubsetBytes(outer.mask), r.rows);
      out.layout = outer.layout;
      out.layout.insert(out.layout.end(), inner_layout.begin(), inner_layout.end());
      hj.SetInputs(std::move(outer.op), std::move(okeys), std::move(inner), std::move(ikeys));
    } else {
      if (residual) ToLayout(*residual, outer.layout, 0, &inner_layout, outer.layout.size());
      jc = oc + ic + HashJoinCost(model_, r.rows, r.bytes, orows);
      out.layout = inner_layout;
      out.layout.insert(out.layout.end(), outer.layout.begin(), outer.layout.end());
      hj.SetInputs(std::move(inner), std::move(ikeys), std::move(outer.op), std::move(okeys));
    }
    hj.residual = std::move(residual);
    hj.access = std::move(access);
    hj.filter = std::move(filter);
    out.op = BuildHashJoin(std::move(hj));
    out.op->cost = jc.total();
    out.op->cpu_cost = jc.cpu;
  } else {
    // Nested loops: the inner side is an index access probing with the outer key (one start
    // per outer row), or the leaf itself, materialised once.
    const bool indexed = s.method == Method::kIndexNestedLoops;
    NestedLoopsSpec nl;
    cost::Cost jc;
    if (indexed) {
      nl.inner = IndexProbeAccess(i, s.key, outer.layout, /*copy_predicate=*/false, nl);
      rels_[i].line = nl.inner.get();
      jc = model_.NestedLoops(oc, orows, Probe(i, s.key).per_start);
    } else {
      nl.inner = PlanLeafForReal(i);
      jc = PlainNestedLoopsCost(oc, orows, r);
    }
    for (size_t k : applicable) {
      if (indexed && k == s.key) continue;
      filter.push_back(Text(*conjuncts_[k].expr));
      rest.push_back(std::move(conjuncts_[k].expr));
    }
    nl.condition = MakeAnd(std::move(rest));
    if (nl.condition) ToLayout(*nl.condition, outer.layout, 0, &inner_layout, outer.layout.size());
    nl.outer = std::move(outer.op);
    nl.filter = std::move(filter);
    out.op = BuildNestedLoops(std::move(nl));
    out.op->cost = jc.total();
    out.op->cpu_cost = jc.cpu;
    out.layout = outer.layout;
    out.layout.insert(out.layout.end(), inner_layout.begin(), inner_layout.end());
  }
  out.op->estimated_rows = SubsetRows(out.mask);
  out.op->estimated_bytes = SubsetBytes(out.mask);
  out.op->column_labels = LabelsOf(out.layout);
  return out;
}

// Puts the columns back in the join tree's order for the layers above.
OpPtr JoinSearch::Restore(Built cur) {
  bool identity = true;
  for (size_t p = 0; p < cur.layout.size(); ++p) identity = identity && cur.layout[p] == p;
  if (identity) return std::move(cur.op);
  std::vector<size_t> where(cur.layout.size());
  for (size_t p = 0; p < cur.layout.size(); ++p) where[cur.layout[p]] = p;
  std::vector<BoundExprPtr> exprs;
  for (size_t g = 0; g < root_.types.size(); ++g)
    exprs.push_back(MakeColumn(where[g], root_.types[g]));
  auto proj = std::make_unique<Projection>(std::move(exprs), root_.types);
  proj->estimated_rows = cur.op->estimated_rows;
  proj->estimated_bytes = cur.op->estimated_bytes;
  proj->cost = cur.op->cost;
  proj->cpu_cost = cur.op->cpu_cost;
  proj->column_labels = labels_;
  proj->AddChild(std::move(cur.op));
  return proj;
}

}  // namespace pathdb::planner::join_detail
