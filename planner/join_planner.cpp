// Join search: flatten the inner/cross join tree into relations and conjuncts, estimate every
// subset's cardinality once (leaf estimates x join selectivities, independence assumed),
// then search left-deep orders by dynamic programming (greedy beyond kMaxDpRelations) with
// the cost model deciding the method of each join. Operators are built only for the winner,
// by the join builder (planner/join_builder.h).
//
// Length: over 700 lines because the search and the building of its winner share one class's
// state (relations, conjuncts moved out as operators take them, layouts). The seams for a
// split are the adaptive join (MaybeAdaptive, JoinAdaptive, IndexProbeAccess) and the moved
// subquery filters (MoveSubqueryFilters, PlaceMovedFilters; the decision itself is in
// planner/subquery_filter.cpp): they would move out with the JoinSearch state behind a small
// interface, a change left for the next planner issue.
#include "planner/join_planner.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>

#include "common/error.h"
#include "executor/adaptive_join.h"
#include "executor/filter.h"
#include "executor/projection.h"
#include "planner/access_path.h"
#include "planner/adaptive_plan.h"
#include "planner/bound_util.h"
#include "planner/join_builder.h"
#include "planner/join_graph.h"
#include "planner/join_hints.h"
#include "planner/predicate_text.h"
#include "planner/subquery_filter.h"
#include "planner/xplan_format.h"

namespace pathdb::planner {

namespace {

using OpPtr = std::unique_ptr<PhysicalOperator>;

// Two costs this close are a tie (floating additions in another order).
constexpr double kCostEpsilon = 1e-9;

using Method = JoinMethod;
using Step = JoinStep;

struct Candidate {
  bool valid = false;
  cost::Cost cost;
  int swaps = 0;  // fewer inner-builds wins a cost tie (Oracle's default build side)
  std::vector<Step> steps;
};

class JoinSearch : JoinGraph {
 public:
  JoinSearch(LogicalNode& root, PlanContext& ctx, const PlanLeafFn& plan_leaf)
      : JoinGraph(ctx), root_(root), plan_leaf_(plan_leaf), model_(ctx.cost) {}

  OpPtr Run() {
    Flatten(root_, 0);
    if (rels_.size() > 63)
      ThrowOra(600, "internal error code, arguments: [planner], [too many joins]");
    // The scans of the tree are planned here, not by PlanPhysical: report bad hints here too.
    if (hints_ != nullptr) RecordUnknownHints(*hints_, ctx_);
    PlanLeaves(plan_leaf_);
    ClassifyConjuncts();
    jh_ = ReadJoinHints(hints_, query_block_, Aliases());
    adaptive_hint_ = ReadAdaptiveHint(hints_);
    if (hints_ != nullptr) {
      for (const auto& h : *hints_)
        if (!h.malformed && h.estimate_target == ast::Hint::EstimateTarget::kJoin &&
            (h.query_block.empty() || h.query_block == query_block_))
          join_estimates_.push_back(&h);
    }
    Candidate best = rels_.size() <= kMaxDpRelations ? SearchDp() : SearchGreedy();
    // Built first: the access paths' outline hints precede the join order's, as in Oracle.
    OpPtr plan = Build(best);
    RecordHintUse(best);
    return plan;
  }

 private:
  // ---- search

  struct Extension {
    Method method = Method::kFirst;
    size_t key = 0;
    cost::Cost cost;
    bool adaptive = false;
    double inflection_point = 0;
  };

  // The cheapest way to join relation `inner` to the plan `outer` (cost `oc`).
  Extension Extend(Mask outer, const cost::Cost& oc, size_t inner) {
    const Relation& r = rels_[inner];
    const double orows = SubsetRows(outer), obytes = SubsetBytes(outer);
    const auto applicable = Applicable(outer, inner);
    const auto keys = EquiKeys(outer, inner, applicable);
    std::vector<Method> possible;
    if (!keys.empty()) {
      possible.push_back(Method::kHashOuterBuilds);
      possible.push_back(Method::kHashInnerBuilds);
    }
    std::optional<size_t> index_key;
    for (size_t k : keys) {
      const IndexProbe& p = Probe(inner, k);
      if (p.usable &&
          (!index_key || p.per_start.total() < Probe(inner, *index_key).per_start.total()))
        index_key = k;
    }
    if (index_key) possible.push_back(Method::kIndexNestedLoops);
    // Plain nested loops compare every pair: for an equi-join only when hints ask for nested
    // loops (an underestimated input would make it quadratic; hash join degrades gracefully).
    const auto& h = jh_.rel[inner];
    // An index hint on the inner table with USE_NL asks for nested loops into that index
    // (Oracle's classic USE_NL(t) INDEX(t ix) pair), not for a full scan per outer row.
    const bool index_hinted =
        index_key && r.scan && r.node != nullptr &&
        std::any_of(r.node->hints.begin(), r.node->hints.end(), [&](const ast::Hint& hint) {
          return !hint.malformed && !hint.tables.empty() && hint.tables[0].alias == r.alias &&
                 hint.name.rfind("INDEX", 0) == 0 && hint.name != "INDEX_FFS";
        });
    if (keys.empty() || ((h.use_nl || h.no_use_hash) && !index_hinted))
      possible.push_back(Method::kNestedLoops);
    const auto allowed = AllowedMethods(jh_.rel[inner], possible);
    const bool hinted_swap = jh_.rel[inner].swap || jh_.rel[inner].no_swap;
    Extension best;
    bool have = false;
    for (Method m : allowed) {
      cost::Cost c;
      switch (m) {
        case Method::kHashOuterBuilds:
          // Unhinted, the smaller input builds.
          if (!hinted_swap && r.rows < orows &&
              std::find(allowed.begin(), allowed.end(), Method::kHashInnerBuilds) != allowed.end())
            continue;
          c = oc + Scaled(r.cost, ProbeShare(outer, inner, keys)) +
              HashJoinCost(model_, orows, obytes, r.rows);
          break;
        case Method::kHashInnerBuilds:
          if (!hinted_swap && !(r.rows < orows) &&
              std::find(allowed.begin(), allowed.end(), Method::kHashOuterBuilds) != allowed.end())
            continue;
          c = oc + r.cost + HashJoinCost(model_, r.rows, r.bytes, orows);
          break;
        case Method::kIndexNestedLoops:
          c = model_.NestedLoops(oc, orows, Probe(inner, *index_key).per_start);
          break;
        case Method::kNestedLoops:
          c = PlainNestedLoopsCost(oc, orows, r);
          break;
        case Method::kFirst:
          break;
      }
      if (!have || c.total() < best.cost.total() - kCostEpsilon * std::max(1.0, c.total())) {
        best = {m, m == Method::kIndexNestedLoops ? *index_key : 0, c};
        have = true;
      }
    }
    if (index_key) MaybeAdaptive(best, outer, inner, *index_key, allowed);
    return best;
  }

  // An adaptive join (oracle-reference.md 2.1): when the cheaper of index nested loops and the
  // hash join building on the plan so far rests on an uncertain driving estimate, keep both
  // with the inflection point between them. Method hints on the inner table fix the method.
  void MaybeAdaptive(Extension& best, Mask outer, size_t inner, size_t index_key,
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
    auto hj = [&](double c) {
      return (probe + HashJoinCost(model_, c, c * width, r.rows)).total();
    };
    // Oracle searches up to the driving table's rows; ours also covers tenfold growth since
    // the statistics were gathered, since the collector decides again at every execution.
    auto point = FindInflectionPoint(nl, hj, 1.0, std::min(1e12, 10 * std::max(top, orows)));
    if (!point) return;
    best.adaptive = true;
    best.inflection_point = *point;
    best.key = index_key;
  }

  static cost::Cost Scaled(const cost::Cost& c, double share) {
    return {c.io * share, c.cpu * share};
  }

  // The share of the inner's scan left when it probes a hash join built on `outer`: the
  // smallest any key's range allows (the join filter's min/max covers every key).
  double ProbeShare(Mask outer, size_t inner, const std::vector<size_t>& keys) {
    double share = 1;
    for (size_t k : keys) share = std::min(share, ProbeScanShare(outer, inner, k));
    return share;
  }

  // Oracle's formula: the inner row source once per outer row, even though the executor
  // materialises it; it keeps nested loops for where they pay (few outer rows, small inner).
  cost::Cost PlainNestedLoopsCost(const cost::Cost& oc, double orows, const Relation& r) const {
    return model_.NestedLoops(oc, orows, r.cost) + PairTestCost(model_, orows, r.rows);
  }

  bool Better(const Candidate& a, const Candidate& b) const {
    if (!b.valid) return true;
    const double eps = kCostEpsilon * std::max(1.0, b.cost.total());
    if (a.cost.total() < b.cost.total() - eps) return true;
    if (a.cost.total() > b.cost.total() + eps) return false;
    return a.swaps < b.swaps;
  }

  // LEADING: position p of the order must hold leading[p].
  bool LeadingAllows(size_t position, size_t rel) const {
    return position >= jh_.leading.size() || jh_.leading[position] == rel;
  }

  Candidate Single(size_t i) const {
    Candidate c;
    c.valid = true;
    c.cost = rels_[i].cost;
    c.steps.push_back({i, Method::kFirst, 0});
    return c;
  }

  Candidate Append(const Candidate& outer, Mask outer_mask, size_t inner) {
    Extension e = Extend(outer_mask, outer.cost, inner);
    Candidate c;
    c.valid = true;
    c.cost = e.cost;
    c.swaps = outer.swaps + (e.method == Method::kHashInnerBuilds ? 1 : 0);
    c.steps = outer.steps;
    c.steps.push_back({inner, e.method, e.key, e.adaptive, e.inflection_point});
    return c;
  }

  Candidate SearchDp() {
    const size_t n = rels_.size();
    const Mask full = (Mask{1} << n) - 1;
    std::vector<Candidate> best(size_t{1} << n);
    for (size_t i = 0; i < n; ++i)
      if (LeadingAllows(0, i)) best[Mask{1} << i] = Single(i);
    for (Mask s = 1; s <= full; ++s) {
      const int size = std::popcount(s);
      if (size < 2) continue;
      for (size_t i = 0; i < n; ++i) {
        if (!Has(s, i)) continue;
        const Mask rest = s & ~(Mask{1} << i);
        if (!best[rest].valid || !LeadingAllows(size_t(size - 1), i)) continue;
        Candidate c = Append(best[rest], rest, i);
        if (Better(c, best[s])) best[s] = std::move(c);
      }
    }
    return std::move(best[full]);
  }

  Candidate SearchGreedy() {
    const size_t n = rels_.size();
    // Start: the LEADING relation, else the relation with the fewest rows.
    size_t first = 0;
    if (!jh_.leading.empty()) {
      first = jh_.leading[0];
    } else {
      for (size_t i = 1; i < n; ++i)
        if (rels_[i].rows < rels_[first].rows) first = i;
    }
    Candidate cur = Single(first);
    Mask done = Mask{1} << first;
    for (size_t pos = 1; pos < n; ++pos) {
      Candidate next;
      Mask next_mask = 0;
      for (size_t i = 0; i < n; ++i) {
        if (Has(done, i) || !LeadingAllows(pos, i)) continue;
        Candidate c = Append(cur, done, i);
        // Prefer joins that shrink the result: compare the cost of the step plus the rows.
        if (Better(c, next)) {
          next = std::move(c);
          next_mask = done | (Mask{1} << i);
        }
      }
      cur = std::move(next);
      done = next_mask;
    }
    return cur;
  }

  // ---- hint report and outline

  std::vector<std::string> Aliases() const {
    std::vector<std::string> out;
    for (const auto& r : rels_) out.push_back(r.alias);
    return out;
  }

  void RecordHintUse(const Candidate& best) {
    std::vector<const PhysicalOperator*> lines;
    for (const auto& r : rels_) lines.push_back(r.line);
    RecordJoinHints(jh_, best.steps, Aliases(), lines, query_block_, ctx_);
    for (const ast::Hint* h : join_estimates_) {
      HintUse u;
      u.text = h->text;
      u.query_block = query_block_;
      u.used = used_join_estimates_.count(h) > 0;
      if (!u.used) u.reason = "no join of exactly these tables";
      ctx_.record.hints.push_back(std::move(u));
    }
  }

  // ---- building the operators

  // The plan so far: operator and which global column each output position holds.
  struct Built {
    OpPtr op;
    std::vector<size_t> layout;
    Mask mask = 0;
  };

  OpPtr PlanLeafForReal(size_t i) {
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

  std::vector<size_t> LeafLayout(size_t i) const {
    std::vector<size_t> l(rels_[i].width);
    for (size_t c = 0; c < l.size(); ++c) l[c] = rels_[i].begin + c;
    return l;
  }

  std::vector<std::string> LabelsOf(const std::vector<size_t>& layout) const {
    std::vector<std::string> out;
    for (size_t g : layout) out.push_back(g < labels_.size() ? labels_[g] : "");
    return out;
  }

  // Rewrites the global column references of `e` to positions of `layout` (+ offset).
  static void ToLayout(BoundExpr& e, const std::vector<size_t>& first, size_t first_offset,
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

  std::string Text(const BoundExpr& e) const { return PredicateText(e, labels_); }

  OpPtr Build(Candidate& best) {
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

  // ---- correlated subquery filters moved above joins (planner/subquery_filter.h)

  struct MovedFilter {
    Mask leaves = 0;    // the relations it reads
    size_t step = 0;    // runs after this join step
    BoundExprPtr cond;  // global column numbers
    double sel = 1;     // its share of the relation's estimate
  };

  // Takes the subquery conjuncts that run on fewer rows higher up out of their scans.
  std::vector<MovedFilter> MoveSubqueryFilters(const Candidate& best) {
    std::vector<MovedFilter> out;
    std::vector<double> rows_after;
    std::vector<Mask> masks;
    std::vector<size_t> first(rels_.size(), 0);
    Mask m = 0;
    for (size_t k = 0; k < best.steps.size(); ++k) {
      m |= Mask{1} << best.steps[k].rel;
      first[best.steps[k].rel] = k;
      masks.push_back(m);
      rows_after.push_back(SubsetRows(m));
    }
    for (size_t i = 0; i < rels_.size() && rows_after.size() > 1; ++i) {
      Relation& r = rels_[i];
      LogicalNode& n = *r.node;
      if (!r.scan || !n.predicate || !HasCorrelatedSubquery(*n.predicate)) continue;
      std::vector<BoundExprPtr> conj, keep;
      SplitConjuncts(std::move(n.predicate), conj);
      std::vector<std::pair<size_t, BoundExprPtr>> taken;
      for (auto& c : conj) {
        std::optional<size_t> step;
        if (HasCorrelatedSubquery(*c)) {
          // Probed by index nested loops, the scan's filter sees the joined rows.
          const Step& own = best.steps[first[i]];
          const bool probed = own.adaptive || own.method == Method::kIndexNestedLoops;
          step = SubqueryFilterStep(probed ? rows_after[first[i]] : r.rows, rows_after, first[i],
                                    PushSubqueryHint(*c, ctx_));
        }
        if (step) {
          taken.emplace_back(*step, std::move(c));
        } else {
          keep.push_back(std::move(c));
        }
      }
      n.predicate = MakeAnd(std::move(keep));
      if (taken.empty()) continue;
      // The relation's estimate counted the moved conditions: their share is what the rows
      // below their new place do not lose yet.
      const AccessEstimate without =
          EstimateTableAccess(*n.table, n.column_ids, n.predicate.get(), n.alias, n.hints, ctx_);
      const double sel = std::clamp(r.rows / std::max(without.rows, 1.0), 1e-9, 1.0);
      for (auto& [step, c] : taken) {
        RemapColumns(*c, [&](size_t local) { return local + r.begin; });
        out.push_back(MovedFilter{Mask{1} << i, step, std::move(c), sel});
      }
      // The share applies once per relation, however many of its conditions moved.
      for (size_t j = 1; j < taken.size(); ++j) out[out.size() - j].sel = 1;
    }
    // Join conditions with a correlated subquery (its outer reference on another table: Q2's
    // ps_supplycost = (select ... where ps_partkey = p_partkey)) wait for their first join.
    for (auto& c : conjuncts_) {
      if (!c.expr || !HasCorrelatedSubquery(*c.expr)) continue;
      size_t at = 0;
      while (at < masks.size() && (c.leaves & ~masks[at]) != 0) ++at;
      if (at >= rows_after.size()) continue;
      const auto step = SubqueryFilterStep(rows_after[at], rows_after, std::max<size_t>(at, 1),
                                           PushSubqueryHint(*c.expr, ctx_));
      if (!step || *step <= at) continue;
      // SubsetRows counts a conjunct of two or more relations only.
      const double sel = std::popcount(c.leaves) >= 2 ? std::clamp(c.sel, 1e-9, 1.0) : 1.0;
      out.push_back(MovedFilter{c.leaves, *step, std::move(c.expr), sel});
    }
    for (const auto& f : out) {
      const std::string qb = SubqueryBlock(*f.cond);
      const std::string hint = fmt::format("NO_PUSH_SUBQ(@\"{}\")", qb);
      auto& outline = ctx_.record.outline;
      if (!qb.empty() && std::find(outline.begin(), outline.end(), hint) == outline.end())
        outline.push_back(hint);
    }
    return out;
  }

  // After join step k: the estimate of the plan so far without the moved filters not yet
  // applied (a join's estimate counts them; the first leaf's does not), then a FILTER with
  // those due here.
  OpPtr PlaceMovedFilters(OpPtr op, const Built& cur, size_t k, std::vector<MovedFilter>& moved) {
    double pending = 1, after = 1;
    std::vector<BoundExprPtr> due;
    std::vector<std::string> text;
    for (auto& f : moved) {
      if (!f.cond || (f.leaves & ~cur.mask) != 0) continue;
      pending *= f.sel;
      if (f.step != k) {
        after *= f.sel;
        continue;
      }
      text.push_back(Text(*f.cond));
      ToLayout(*f.cond, cur.layout, 0, nullptr, 0);
      due.push_back(std::move(f.cond));
    }
    // The first leaf's estimate never counted them: nothing to take out there.
    const double counted = k == 0 ? 1.0 : pending;
    if (due.empty() && counted >= 1) return op;
    const double rows = op->estimated_rows / counted, bytes = op->estimated_bytes / counted;
    // An adaptive join shows its nested loops alternative's line: that one too.
    for (PhysicalOperator* o = op.get(); o != nullptr && counted < 1;) {
      o->estimated_rows = std::max(1.0, o->estimated_rows / counted);
      o->estimated_bytes /= counted;
      o = o->type() == OperatorType::kAdaptiveJoin ? o->mutable_child(0).get() : nullptr;
    }
    if (due.empty()) return op;
    auto filter = std::make_unique<Filter>(MakeAnd(std::move(due)));
    filter->filter_predicates = std::move(text);
    filter->estimated_rows = std::max(1.0, rows * pending / after);
    filter->estimated_bytes = bytes * pending / after;
    filter->cost = op->cost;
    filter->cpu_cost = op->cpu_cost;
    filter->column_labels = op->column_labels;
    filter->query_block = query_block_;
    filter->AddChild(std::move(op));
    return filter;
  }

  // The inner table's scan as an index probe with outer column `out_col` as a parameter
  // (index nested loops): the conjunct `key` becomes the access predicate.
  OpPtr IndexProbeAccess(size_t i, size_t key, const std::vector<size_t>& outer_layout,
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
                                   n.hints, ctx_, n.query_block);
    nl.outer_columns = {outer_pos};
    nl.param_slots = {slot};
    return access;
  }

  // The outline hints added since `from` (an alternative's access path) belong to that
  // alternative of adaptive join `id` only.
  void MarkAlternativeHints(size_t from, uint32_t id, bool hash) {
    const auto& outline = ctx_.record.outline;
    for (size_t k = from; k < outline.size(); ++k)
      ctx_.record.adaptive_outline[outline[k]] = {id, hash};
  }

  // An adaptive join (executor/adaptive_join.h): index nested loops over a STATISTICS
  // COLLECTOR on the plan so far, and a hash join building on the same rows and probing with
  // the inner table's own access path; both see every applicable conjunct.
  Built JoinAdaptive(Built outer, const Step& s) {
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
    size_t outline_from = ctx_.record.outline.size();
    OpPtr probe =
        PlanTableAccess(*n.table, n.column_ids, n.predicate ? n.predicate->Copy() : nullptr,
                        n.alias, n.hints, ctx_, n.query_block);
    MarkAlternativeHints(outline_from, id, /*hash=*/true);
    const cost::Cost hash_cost = oc + Scaled(CostOf(*probe), ProbeShare(outer.mask, i, keys)) +
                                 HashJoinCost(model_, orows, SubsetBytes(outer.mask), r.rows);

    // Nested loops over the collector.
    auto collector = std::make_unique<StatisticsCollector>(id);
    collector->column_labels = outer_labels;
    collector->AddChild(std::move(outer.op));
    NestedLoopsSpec nl;
    outline_from = ctx_.record.outline.size();
    nl.inner = IndexProbeAccess(i, s.key, outer.layout, /*copy_predicate=*/false, nl);
    MarkAlternativeHints(outline_from, id, /*hash=*/false);
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
    auto join = std::make_unique<AdaptiveJoin>(id, s.inflection_point, default_hash,
                                               std::move(nl_op), std::move(probe), std::move(hash));
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

  Built Join(Built outer, const Step& s) {
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
      if (nl.condition)
        ToLayout(*nl.condition, outer.layout, 0, &inner_layout, outer.layout.size());
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
  OpPtr Restore(Built cur) {
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

  LogicalNode& root_;
  const PlanLeafFn& plan_leaf_;
  cost::CostModel model_;
  JoinHints jh_;
  AdaptiveHint adaptive_hint_ = AdaptiveHint::kNone;
};

}  // namespace

bool IsReorderableJoin(const LogicalNode& n) {
  return n.kind == LogicalNode::Kind::kJoin &&
         (n.join_type == LogicalJoinType::kInner || n.join_type == LogicalJoinType::kCross);
}

std::unique_ptr<PhysicalOperator> PlanJoinTree(LogicalNode& root, PlanContext& ctx,
                                               const PlanLeafFn& plan_leaf) {
  return JoinSearch(root, ctx, plan_leaf).Run();
}

}  // namespace pathdb::planner
