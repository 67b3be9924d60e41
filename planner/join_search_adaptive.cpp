// Adaptive joins in the join search (planner/join_search.h, oracle-reference.md 2): when to
// keep both index nested loops and a hash join with an inflection point between them, and
// how the plan node holding both (executor/adaptive_join.h) is built, with each
// alternative's outline hints tagged so EXPLAIN shows the one that ran.

#include <algorithm>
#include <bit>

#include "executor/adaptive_join.h"
#include "planner/access_path.h"
#include "planner/bound_util.h"
#include "planner/join_search.h"
#include "planner/xplan_format.h"

namespace pathdb::planner::join_detail {

namespace {

// Collects the access-path outline hints planned while it lives (PlanRecord::outline_tap).
class OutlineTap {
 public:
  OutlineTap(PlanRecord& record, std::vector<std::string>& into) : record_(record) {
    record_.outline_tap = &into;
  }
  ~OutlineTap() { record_.outline_tap = nullptr; }
  OutlineTap(const OutlineTap&) = delete;
  OutlineTap& operator=(const OutlineTap&) = delete;

 private:
  PlanRecord& record_;
};

}  // namespace

// An adaptive join (oracle-reference.md 2.1): when the cheaper of index nested loops and the
// hash join building on the plan so far rests on an uncertain driving estimate, keep both
// with the inflection point between them. Method hints on the inner table fix the method.
void JoinSearch::MaybeAdaptive(Extension& best, Mask outer, size_t inner, size_t index_key,
                               const std::vector<Method>& allowed) {
  if (best.method != Method::kIndexNestedLoops && best.method != Method::kHashOuterBuilds) return;
  const bool hinted = adaptive_hint_ == AdaptiveHint::kAdaptivePlan;
  if (adaptive_hint_ == AdaptiveHint::kNoAdaptivePlan || (!ctx_.cost.adaptive_plans && !hinted))
    return;
  const auto& h = jh_.rel[inner];
  if (h.use_hash || h.use_nl || h.no_use_hash || h.no_use_nl || h.swap || h.no_swap) return;
  auto has = [&](Method m) {
    return std::find(allowed.begin(), allowed.end(), m) != allowed.end();
  };
  if (!has(Method::kIndexNestedLoops) || !has(Method::kHashOuterBuilds)) return;
  bool uncertain = std::popcount(outer) >= 2;  // a join below: errors multiply
  double top = 1;
  for (size_t i = 0; i < rels_.size(); ++i) {
    if (!Has(outer, i)) continue;
    uncertain = uncertain || rels_[i].uncertain;
    top = std::min(1e12, top * std::max(rels_[i].table_rows, 1.0));
  }
  if (!uncertain && !hinted) return;
  const Relation& r = rels_[inner];
  const double orows = SubsetRows(outer);
  const double width = SubsetBytes(outer) / std::max(orows, 1.0);
  const cost::Cost per_start = Probe(inner, index_key).per_start;
  const cost::Cost probe =
      Scaled(r.cost, ProbeShare(outer, inner, EquiKeys(outer, inner, Applicable(outer, inner))));
  auto nl = [&](double c) { return model_.NestedLoops({}, c, per_start).total(); };
  auto hj = [&](double c) { return (probe + HashJoinCost(model_, c, c * width, r.rows)).total(); };
  // Oracle searches up to the driving table's rows; ours also covers tenfold growth since
  // the statistics were gathered, since the collector decides again at every execution.
  auto point = FindInflectionPoint(nl, hj, 1.0, std::min(1e12, 10 * std::max(top, orows)));
  if (!point) return;
  best.adaptive = true;
  best.inflection_point = *point;
  best.key = index_key;
}

// The inner table's scan as an index probe with outer column `out_col` as a parameter
// (index nested loops): the conjunct `key` becomes the access predicate.
OpPtr JoinSearch::IndexProbeAccess(size_t i, size_t key, const std::vector<size_t>& outer_layout,
                                   bool copy_predicate, NestedLoopsSpec& nl) {
  const Relation& r = rels_[i];
  auto& kc = conjuncts_[key];
  const size_t inner_side = *InnerSide(key, i);
  const BoundExpr& in_col = *kc.expr->children[inner_side];
  const BoundExpr& out_col = *kc.expr->children[1 - inner_side];
  const size_t slot = ctx_.next_parameter_slot++;
  size_t outer_pos = 0;
  for (size_t p = 0; p < outer_layout.size(); ++p)
    if (outer_layout[p] == out_col.column_index) outer_pos = p;
  LogicalNode& n = *r.node;
  auto param = MakeParameter(slot, out_col.type);
  param->display = labels_[out_col.column_index];
  std::vector<BoundExprPtr> conj;
  if (n.predicate) conj.push_back(copy_predicate ? n.predicate->Copy() : std::move(n.predicate));
  conj.push_back(
      MakeCompare("=", MakeColumn(in_col.column_index - r.begin, in_col.type), std::move(param)));
  OpPtr access = PlanTableAccess(*n.table, n.column_ids, MakeAnd(std::move(conj)), n.alias,
                                 ProbeHints(i), ctx_, n.query_block);
  nl.outer_columns = {outer_pos};
  nl.param_slots = {slot};
  return access;
}

// The outline hints of the hash alternative's and the nested loops' inner access paths: a
// hint only one of them plans belongs to that alternative of adaptive join `id`; one both
// plan (an INDEX hint on the inner table makes both probe the index) stays in any case.
void JoinSearch::MarkAlternativeHints(uint32_t id, const std::vector<std::string>& hash_hints,
                                      const std::vector<std::string>& nl_hints) {
  auto has = [](const std::vector<std::string>& v, const std::string& h) {
    return std::find(v.begin(), v.end(), h) != v.end();
  };
  for (const auto& h : hash_hints)
    if (!has(nl_hints, h)) ctx_.record.adaptive_outline[h] = {id, /*hash=*/true};
  for (const auto& h : nl_hints)
    if (!has(hash_hints, h)) ctx_.record.adaptive_outline[h] = {id, /*hash=*/false};
}

// An adaptive join (executor/adaptive_join.h): index nested loops over a STATISTICS
// COLLECTOR on the plan so far, and a hash join building on the same rows and probing with
// the inner table's own access path; both see every applicable conjunct.
JoinSearch::Built JoinSearch::JoinAdaptive(Built outer, const Step& s) {
  const size_t i = s.rel;
  const Relation& r = rels_[i];
  const auto applicable = Applicable(outer.mask, i);
  const auto keys = EquiKeys(outer.mask, i, applicable);
  const std::vector<size_t> inner_layout = LeafLayout(i);
  const Mask in_mask = Mask{1} << i;
  const double orows = SubsetRows(outer.mask);
  const cost::Cost oc = CostOf(*outer.op);
  const uint32_t id = ctx_.next_adaptive_id++;
  std::vector<std::string> outer_labels = LabelsOf(outer.layout);

  // Hash join parts: keys over the collector (outer) and the probe (inner) columns.
  std::vector<BoundExprPtr> okeys, ikeys, hash_rest, nl_rest;
  std::vector<std::string> access, hash_filter, nl_filter;
  for (size_t k : applicable) {
    auto& c = conjuncts_[k];
    if (k != s.key) {
      nl_filter.push_back(Text(*c.expr));
      nl_rest.push_back(c.expr->Copy());
    }
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) {
      hash_filter.push_back(Text(*c.expr));
      hash_rest.push_back(c.expr->Copy());
      continue;
    }
    access.push_back(Text(*c.expr));
    const bool left_inner = c.left_leaves == in_mask;
    BoundExprPtr ie = c.expr->children[left_inner ? 0 : 1]->Copy();
    BoundExprPtr oe = c.expr->children[left_inner ? 1 : 0]->Copy();
    ToLayout(*oe, outer.layout, 0, nullptr, 0);
    ToLayout(*ie, inner_layout, 0, nullptr, 0);
    okeys.push_back(std::move(oe));
    ikeys.push_back(std::move(ie));
  }
  BoundExprPtr residual = MakeAnd(std::move(hash_rest));
  if (residual) ToLayout(*residual, inner_layout, 0, &outer.layout, inner_layout.size());
  auto hash = std::make_unique<HashJoin>(JoinKind::kInner, std::move(okeys), std::move(ikeys),
                                         std::move(residual));
  LogicalNode& n = *r.node;
  std::vector<std::string> hash_hints, nl_hints;
  OpPtr probe;
  {
    const OutlineTap tap(ctx_.record, hash_hints);
    probe = PlanTableAccess(*n.table, n.column_ids, n.predicate ? n.predicate->Copy() : nullptr,
                            n.alias, n.hints, ctx_, n.query_block);
  }
  const cost::Cost hash_cost = oc + Scaled(CostOf(*probe), ProbeShare(outer.mask, i, keys)) +
                               HashJoinCost(model_, orows, SubsetBytes(outer.mask), r.rows);

  // Nested loops over the collector.
  auto collector = std::make_unique<StatisticsCollector>(id);
  collector->column_labels = outer_labels;
  collector->AddChild(std::move(outer.op));
  NestedLoopsSpec nl;
  {
    const OutlineTap tap(ctx_.record, nl_hints);
    nl.inner = IndexProbeAccess(i, s.key, outer.layout, /*copy_predicate=*/false, nl);
  }
  MarkAlternativeHints(id, hash_hints, nl_hints);
  rels_[i].line = nl.inner.get();
  // RecordJoinHints writes both methods' hints for an adaptive step.
  for (bool hash : {false, true})
    ctx_.record.adaptive_outline[JoinMethodOutlineHint(hash, r.alias, query_block_)] = {id, hash};
  nl.condition = MakeAnd(std::move(nl_rest));
  if (nl.condition) ToLayout(*nl.condition, outer.layout, 0, &inner_layout, outer.layout.size());
  nl.outer = std::move(collector);
  nl.filter = std::move(nl_filter);
  const cost::Cost nl_cost = model_.NestedLoops(oc, orows, Probe(i, s.key).per_start);
  OpPtr nl_op = BuildNestedLoops(std::move(nl));

  Built out;
  out.mask = outer.mask | in_mask;
  out.layout = outer.layout;
  out.layout.insert(out.layout.end(), inner_layout.begin(), inner_layout.end());
  const double rows = SubsetRows(out.mask), bytes = SubsetBytes(out.mask);
  const std::vector<std::string> labels = LabelsOf(out.layout);
  for (PhysicalOperator* op : {nl_op.get()}) {
    op->cost = nl_cost.total();
    op->cpu_cost = nl_cost.cpu;
    op->estimated_rows = rows;
    op->estimated_bytes = bytes;
    op->column_labels = labels;
  }
  const bool default_hash = s.method == Method::kHashOuterBuilds;
  auto join = std::make_unique<AdaptiveJoin>(id, s.inflection_point, default_hash, std::move(nl_op),
                                             std::move(probe), std::move(hash));
  const cost::Cost jc = default_hash ? hash_cost : nl_cost;
  join->cost = jc.total();
  join->cpu_cost = jc.cpu;
  join->estimated_rows = rows;
  join->estimated_bytes = bytes;
  join->column_labels = labels;
  join->access_predicates = std::move(access);
  join->filter_predicates = std::move(hash_filter);
  if (std::find(ctx_.record.notes.begin(), ctx_.record.notes.end(), xplan::kAdaptivePlanNote) ==
      ctx_.record.notes.end())
    ctx_.record.notes.emplace_back(xplan::kAdaptivePlanNote);
  out.op = std::move(join);
  return out;
}

}  // namespace pathdb::planner::join_detail
