// Logical -> physical. Inner/cross join trees go to the cost-based join search
// (planner/join_planner.cpp); outer joins here: equi-join conjuncts make a HASH JOIN, anything
// else NESTED LOOPS; UNION is SORT UNIQUE over UNION-ALL; a stopkey goes into the sort. Every
// operator gets its EXPLAIN fields: estimated rows and bytes, cumulative cost, column labels
// and predicate text.
#include "common/error.h"
#include "executor/aggregate.h"
#include "executor/connect_by.h"
#include "executor/count.h"
#include "executor/count_stopkey.h"
#include "executor/fast_dual.h"
#include "executor/filter.h"
#include "executor/hash_group_by.h"
#include "executor/hash_unique.h"
#include "executor/intersection.h"
#include "executor/minus.h"
#include "executor/projection.h"
#include "executor/sort_aggregate.h"
#include "executor/sort_group_by.h"
#include "executor/sort_order_by.h"
#include "executor/sort_unique.h"
#include "executor/table_access_full.h"
#include "executor/temp_table_transformation.h"
#include "executor/union_all.h"
#include "executor/view.h"
#include "planner/access_path.h"
#include "planner/binder.h"
#include "planner/bound_util.h"
#include "planner/cardinality.h"
#include "planner/column_stats.h"
#include "planner/cost_model.h"
#include "planner/join_builder.h"
#include "planner/join_filters.h"
#include "planner/join_planner.h"
#include "planner/outer_join_rows.h"
#include "planner/predicate_text.h"
#include "planner/semi_join.h"
#include "planner/temp_table.h"
#include "planner/views/system_views.h"

namespace pathdb::planner {

namespace {

using OpPtr = std::unique_ptr<PhysicalOperator>;

// Oracle's default selectivity of a filter it cannot estimate (subqueries, expressions).
constexpr double kDefaultFilterSel = 0.05;

double TypeWidth(const std::vector<LogicalType>& types) {
  double w = 0;
  for (const auto& t : types) w += t.IsString() ? 20 : 8;
  return std::max(w, 1.0);
}

// Average row width of an operator's output: from its estimates, else from its types.
double RowWidth(const PhysicalOperator& op) {
  if (op.estimated_bytes > 0 && op.estimated_rows > 0)
    return op.estimated_bytes / op.estimated_rows;
  return TypeWidth(op.types());
}

// Rows, bytes (rows x `width`, default: the first child's row width) and cost: the children's
// plus `own`.
void Estimate(PhysicalOperator& op, double rows, const cost::Cost& own, double width = 0) {
  rows = std::max(rows, 1.0);
  cost::Cost total = own;
  for (const auto& c : op.children())
    total = total + cost::Cost{c->cost - c->cpu_cost, c->cpu_cost};
  if (width <= 0)
    width = op.children().empty() ? TypeWidth(op.types()) : RowWidth(*op.children()[0]);
  op.estimated_rows = rows;
  op.estimated_bytes = rows * width;
  op.cost = total.total();
  op.cpu_cost = total.cpu;
}

template <typename Op>
OpPtr Attach(std::unique_ptr<Op> op, std::vector<OpPtr> children) {
  double rows = 0;
  for (auto& c : children) {
    rows += c->estimated_rows;
    op->AddChild(std::move(c));
  }
  Estimate(*op, rows, {});
  if (!op->children().empty()) op->column_labels = op->children()[0]->column_labels;
  return op;
}

std::vector<std::string> LabelsOf(const PhysicalOperator& op) {
  auto l = op.column_labels;
  l.resize(op.types().size());
  return l;
}

// Side of a join a conjunct's columns fall on: 0 left only, 1 right only, 2 both, -1 none.
int Side(const BoundExpr& e, size_t left_width) {
  int side = -1;
  VisitColumns(e, [&](size_t i) {
    int s = i < left_width ? 0 : 1;
    side = side == -1 ? s : (side == s ? s : 2);
  });
  return side;
}

void Shift(BoundExpr& e, const std::function<size_t(size_t)>& f) {
  RemapColumns(e, f);
}

OpPtr PlanJoin(LogicalNode& n, std::vector<OpPtr> kids, const cost::CostModel& model,
               PlanContext& ctx) {
  const size_t L = n.children[0]->types.size();
  const size_t R = n.children[1]->types.size();
  std::vector<std::string> labels = LabelsOf(*kids[0]), right_labels = LabelsOf(*kids[1]);
  labels.insert(labels.end(), right_labels.begin(), right_labels.end());
  std::vector<std::string> access, filter;
  std::vector<BoundExprPtr> conds, lkeys, rkeys, rest;
  SplitConjuncts(std::move(n.predicate), conds);
  for (auto& c : conds) {
    if (c->kind == BoundKind::kCompare && c->name == "=" && !HasSubquery(*c) &&
        HashableEquality(*c->children[0], *c->children[1])) {
      int a = Side(*c->children[0], L), b = Side(*c->children[1], L);
      if ((a == 0 && b == 1) || (a == 1 && b == 0)) {
        access.push_back(PredicateText(*c, labels));
        lkeys.push_back(std::move(c->children[a == 0 ? 0 : 1]));
        rkeys.push_back(std::move(c->children[a == 0 ? 1 : 0]));
        continue;
      }
    }
    filter.push_back(PredicateText(*c, labels));
    rest.push_back(std::move(c));
  }
  std::vector<OuterJoinKey> key_stats;
  for (size_t i = 0; i < lkeys.size(); ++i) {
    OuterJoinKey k;
    if (lkeys[i]->kind == BoundKind::kColumn)
      k.left = OutputColumnStats(*n.children[0], lkeys[i]->column_index);
    if (rkeys[i]->kind == BoundKind::kColumn && rkeys[i]->column_index >= L)
      k.right = OutputColumnStats(*n.children[1], rkeys[i]->column_index - L);
    key_stats.push_back(k);
  }
  auto right_to_local = [L](size_t i) { return i - L; };
  OpPtr join;
  OpPtr left = std::move(kids[0]), right = std::move(kids[1]);
  // An outer join hashes the smaller side, as Oracle swaps inputs: the preserved side builds
  // (HASH JOIN OUTER, its unmatched rows emitted at the end) when that costs less than building
  // the NULL-extended side (HASH JOIN RIGHT OUTER). Q13: 150K customers, not 1.5M orders.
  bool preserved_builds = false;
  const bool outer =
      n.join_type == LogicalJoinType::kLeft || n.join_type == LogicalJoinType::kRight;
  if (outer && !lkeys.empty()) {
    const PhysicalOperator& kept = n.join_type == LogicalJoinType::kLeft ? *left : *right;
    const PhysicalOperator& other = n.join_type == LogicalJoinType::kLeft ? *right : *left;
    const double other_builds =
        HashJoinCost(model, other.estimated_rows, other.estimated_bytes, kept.estimated_rows)
            .total();
    const double kept_builds =
        HashJoinCost(model, kept.estimated_rows, kept.estimated_bytes, other.estimated_rows)
            .total();
    // Equal costs (both fit the work area; the CPU model prices a build row like a probe
    // row): the smaller table to hold wins, as memory and insertion time grow with it.
    preserved_builds = kept_builds < other_builds || (kept_builds == other_builds &&
                                                      kept.estimated_bytes < other.estimated_bytes);
  }
  // FULL OUTER runs as HASH JOIN FULL OUTER only (as Oracle's native full outer join):
  // without an equality to hash on there is no way to find the unmatched rows of both sides.
  const bool full = n.join_type == LogicalJoinType::kFull;
  if (full && lkeys.empty())
    ThrowUnimplemented("FULL OUTER JOIN without an equality between its two sides");
  // Whether the operator's output (child 0 then child 1) is right ++ left.
  const bool swap_output =
      lkeys.empty() ? n.join_type == LogicalJoinType::kRight
                    : full || (n.join_type == LogicalJoinType::kLeft && !preserved_builds) ||
                          (n.join_type == LogicalJoinType::kRight && preserved_builds);
  const double est =
      outer || full ? OuterJoinRows(n, left->estimated_rows, right->estimated_rows, key_stats, ctx)
                    : std::max(left->estimated_rows, right->estimated_rows);
  const double lrows = left->estimated_rows, rrows = right->estimated_rows;
  const double width = RowWidth(*left) + RowWidth(*right);
  const bool hashed = !lkeys.empty();
  if (hashed) {
    for (auto& k : rkeys) Shift(*k, right_to_local);
    HashJoinSpec hj;
    hj.residual = MakeAnd(std::move(rest));
    if (preserved_builds) {
      // The preserved side builds: left outer = left builds (residual over right ++ left),
      // right outer = right builds (residual over left ++ right, as bound).
      hj.kind = JoinKind::kLeftOuter;
      hj.build_preserved = true;
      if (n.join_type == LogicalJoinType::kLeft) {
        if (hj.residual) Shift(*hj.residual, [L, R](size_t i) { return i < L ? R + i : i - L; });
        hj.SetInputs(std::move(left), std::move(lkeys), std::move(right), std::move(rkeys));
      } else {
        hj.SetInputs(std::move(right), std::move(rkeys), std::move(left), std::move(lkeys));
      }
    } else if (n.join_type == LogicalJoinType::kLeft || full) {
      // Preserved left side probes (child 1); residual is over probe then build = left, right.
      // FULL OUTER: the right side builds and its unmatched rows follow the probe.
      hj.kind = full ? JoinKind::kFullOuter : JoinKind::kLeftOuter;
      hj.SetInputs(std::move(right), std::move(rkeys), std::move(left), std::move(lkeys));
    } else {
      // Left builds, right probes; residual is over probe (right) then build (left).
      if (hj.residual) Shift(*hj.residual, [L, R](size_t i) { return i < L ? R + i : i - L; });
      hj.kind = n.join_type == LogicalJoinType::kRight ? JoinKind::kLeftOuter : JoinKind::kInner;
      hj.SetInputs(std::move(left), std::move(lkeys), std::move(right), std::move(rkeys));
    }
    hj.access = std::move(access);
    hj.filter = std::move(filter);
    join = BuildHashJoin(std::move(hj));
  } else {
    NestedLoopsSpec nl;
    nl.condition = MakeAnd(std::move(rest));
    if (n.join_type == LogicalJoinType::kRight) {
      if (nl.condition) Shift(*nl.condition, [L, R](size_t i) { return i < L ? R + i : i - L; });
      nl.kind = JoinKind::kLeftOuter;
      nl.outer = std::move(right);
      nl.inner = std::move(left);
    } else {
      nl.kind = n.join_type == LogicalJoinType::kLeft ? JoinKind::kLeftOuter : JoinKind::kInner;
      nl.outer = std::move(left);
      nl.inner = std::move(right);
    }
    // No equality to hash on: the key text is one more condition tested per pair.
    filter.insert(filter.begin(), access.begin(), access.end());
    nl.filter = std::move(filter);
    join = BuildNestedLoops(std::move(nl));
  }
  const auto& c0 = *join->children()[0];
  const auto& c1 = *join->children()[1];
  cost::Cost own =
      hashed ? HashJoinCost(model, c0.estimated_rows, c0.estimated_bytes, c1.estimated_rows)
             : PairTestCost(model, lrows, rrows);
  Estimate(*join, est, own, width);
  join->column_labels = LabelsOf(c0);
  for (const auto& l : LabelsOf(c1)) join->column_labels.push_back(l);
  if (!swap_output) return join;
  // The operator put the right side first: restore left ++ right for the layers above.
  std::vector<BoundExprPtr> exprs;
  for (size_t i = 0; i < L; ++i) exprs.push_back(MakeColumn(R + i, n.types[i]));
  for (size_t j = 0; j < R; ++j) exprs.push_back(MakeColumn(j, n.types[L + j]));
  auto p = std::make_unique<Projection>(std::move(exprs), n.types);
  p->AddChild(std::move(join));
  Estimate(*p, est, {});
  p->column_labels = std::move(labels);
  return p;
}

std::vector<AggregateSpec> ToSpecs(std::vector<LogicalAggregate>& aggs) {
  std::vector<AggregateSpec> specs;
  for (auto& a : aggs) specs.push_back({a.function, a.distinct, std::move(a.arg), a.type});
  // SUM and AVG of one argument keep one pair of accumulators (AggregateSpec::state_of).
  auto sums = [](const AggregateSpec& s) {
    return !s.distinct && s.arg && (s.function == "SUM" || s.function == "AVG");
  };
  for (size_t j = 0; j < specs.size(); ++j) {
    for (size_t i = 0; i < j && sums(specs[j]); ++i) {
      if (sums(specs[i]) && specs[i].state_of == SIZE_MAX &&
          ExprEquals(*specs[i].arg, *specs[j].arg)) {
        specs[j].state_of = i;
        break;
      }
    }
  }
  // Subexpressions equal to an earlier aggregate's whole computed argument are read from its
  // values (AggregateSpec::reuse): the first match on each path down, nothing below it.
  for (size_t j = 0; j < specs.size(); ++j) {
    if (!specs[j].arg || specs[j].state_of != SIZE_MAX) continue;
    std::vector<uint32_t> path;
    std::function<void(const BoundExpr&)> walk = [&](const BoundExpr& e) {
      for (size_t i = 0; i < j; ++i) {
        const AggregateSpec& s = specs[i];
        if (!s.arg || s.state_of != SIZE_MAX || s.arg->kind == BoundKind::kColumn ||
            s.arg->kind == BoundKind::kConstant || !ExprEquals(*s.arg, e))
          continue;
        specs[j].reuse.push_back({path, i});
        return;
      }
      for (size_t c = 0; c < e.children.size(); ++c) {
        path.push_back(static_cast<uint32_t>(c));
        walk(*e.children[c]);
        path.pop_back();
      }
    };
    walk(*specs[j].arg);
  }
  return specs;
}

// HASH GROUP BY rows: the product of the group columns' distinct values (read from the
// statistics when the input is a table scan; a column group with statistics on some of them
// gives their combined NUM_DISTINCT instead), capped at the input rows; 10% of the input for
// what the statistics cannot answer.
double GroupRows(const LogicalNode& agg, double input) {
  const LogicalNode& child = *agg.children[0];
  const bool scan =
      child.kind == LogicalNode::Kind::kScan && child.table && child.table->stats.present;
  std::map<uint32_t, double> column_ndv;  // table column -> NDV, for the bare columns
  double rows = 1;
  for (const auto& g : agg.groups) {
    double ndv = 0;
    if (scan && g->kind == BoundKind::kColumn && g->column_index < child.column_ids.size()) {
      const uint32_t tc = child.column_ids[g->column_index];
      if (tc < child.table->stats.columns.size()) {
        card::ColumnView col{&child.table->stats.columns[tc], double(child.table->stats.num_rows)};
        if (col.usable()) ndv = col.Ndv();
      }
      if (ndv > 0) {
        column_ndv.emplace(tc, ndv);
        continue;
      }
    }
    rows *= ndv > 0 ? ndv : std::max(1.0, input / 10);
  }
  if (scan) {
    const storage::TableInfo& t = *child.table;
    for (const auto& grp : t.column_groups) {
      auto st = t.stats.column_groups.find(grp.name);
      if (st == t.stats.column_groups.end() || !st->second.present) continue;
      bool covered = true;
      for (uint32_t c : grp.columns) covered = covered && column_ndv.count(c) > 0;
      if (!covered) continue;
      // The group's NULL combination (every column NULL) is one more group.
      rows *= static_cast<double>(st->second.num_distinct) + (st->second.num_nulls > 0 ? 1 : 0);
      for (uint32_t c : grp.columns) column_ndv.erase(c);
    }
  }
  for (const auto& [c, ndv] : column_ndv) rows *= ndv;
  return std::clamp(rows, 1.0, std::max(input, 1.0));
}

// SUM("O"."TOTAL"), COUNT(*), COUNT(DISTINCT "X") for the projection labels.
std::string AggregateLabel(const LogicalAggregate& a, const std::vector<std::string>& labels) {
  if (a.function == "COUNT_STAR" || !a.arg) return "COUNT(*)";
  return fmt::format("{}({}{})", a.function, a.distinct ? "DISTINCT " : "",
                     PredicateText(*a.arg, labels));
}

}  // namespace

namespace {

// The aggregate under ORDER BY -> SELECT list [-> HAVING] when every ORDER BY key is group
// key i (in order, ascending, NULLs last): then the groups in key order are the answer's
// order, and SORT GROUP BY can replace HASH GROUP BY + SORT ORDER BY, as Oracle does.
LogicalNode* GroupByServingSort(LogicalNode& sort) {
  if (sort.limit || sort.children.size() != 1) return nullptr;
  LogicalNode* proj = sort.children[0].get();
  if (proj->kind != LogicalNode::Kind::kProject) return nullptr;
  LogicalNode* agg = proj->children[0].get();
  if (agg->kind == LogicalNode::Kind::kFilter) agg = agg->children[0].get();
  if (agg->kind != LogicalNode::Kind::kAggregate || agg->groups.empty()) return nullptr;
  if (sort.keys.size() > agg->groups.size()) return nullptr;
  for (size_t i = 0; i < sort.keys.size(); ++i) {
    const LogicalSortKey& k = sort.keys[i];
    if (k.descending || k.nulls_first || k.expr->kind != BoundKind::kColumn) return nullptr;
    if (k.expr->column_index >= proj->exprs.size()) return nullptr;
    const BoundExpr& e = *proj->exprs[k.expr->column_index];
    if (e.kind != BoundKind::kColumn || e.column_index != i) return nullptr;
  }
  return agg;
}

}  // namespace

std::unique_ptr<PhysicalOperator> PlanPhysical(LogicalNode& n, PlanContext& ctx) {
  // Inner/cross join trees are planned as a whole: the join search plans their leaves.
  if (IsReorderableJoin(n)) return PlanJoinTree(n, ctx, PlanPhysical);
  if (n.kind == LogicalNode::Kind::kScan) RecordUnknownHints(n.hints, ctx);
  LogicalNode* sorted_groups = nullptr;
  if (n.kind == LogicalNode::Kind::kSort && (sorted_groups = GroupByServingSort(n)))
    sorted_groups->sort_group_by = true;
  std::vector<OpPtr> kids;
  AddAggregateNotNull(n, ctx.db);  // COUNT(col) may read an index on col (planner/access_path.h)
  if (IsSemiOrAntiJoin(n)) {
    // The outer side first: an index probe per outer row may replace reading the subquery.
    OpPtr outer = PlanPhysical(*n.children[0], ctx);
    if (OpPtr nl = TryIndexSemiJoin(n, outer, ctx)) return nl;
    kids.push_back(std::move(outer));
    kids.push_back(PlanPhysical(*n.children[1], ctx));
  } else {
    for (auto& c : n.children) kids.push_back(PlanPhysical(*c, ctx));
  }
  const cost::CostModel model{ctx.cost};
  using K = LogicalNode::Kind;
  switch (n.kind) {
    case K::kScan: {
      if (n.system_view) return PlanFixedTable(n, ctx);
      // TABLE ACCESS FULL or an index (planner/access_path.cpp).
      return PlanTableAccess(*n.table, n.column_ids, std::move(n.predicate), n.alias, n.hints, ctx,
                             n.query_block);
    }
    case K::kTempTable:
      return PlanTempTableScan(n, ctx);
    case K::kDual: {
      auto op = std::make_unique<FastDual>();
      op->estimated_rows = 1;
      op->cost = 2;
      return op;
    }
    case K::kConnectBy: {
      auto op = std::make_unique<ConnectByWithoutFiltering>(std::move(n.predicate), n.inclusive);
      auto dual = std::make_unique<FastDual>();
      dual->estimated_rows = 1;
      dual->cost = 2;
      op->AddChild(std::move(dual));
      Estimate(*op, 1, {});
      return op;
    }
    case K::kView: {
      auto op = std::make_unique<View>(n.name);
      op->object_name = n.name;
      auto view = Attach(std::move(op), std::move(kids));
      if (!n.hints.empty())
        RecordJoinFilterHints(n.hints, n.alias, n.query_block.empty() ? "SEL$1" : n.query_block,
                              *view, ctx);
      return view;
    }
    case K::kFilter: {
      // Unnesting may have taken every condition out (the correlation of an EXISTS over a
      // WITH query or view, which no scan below holds): nothing is left to filter.
      if (!n.predicate) return std::move(kids[0]);
      auto op = std::make_unique<Filter>(std::move(n.predicate));
      op->filter_predicates.push_back(PredicateText(op->predicate(), LabelsOf(*kids[0])));
      op->column_labels = kids[0]->column_labels;
      double rows = kids[0]->estimated_rows * kDefaultFilterSel;
      if (!ctx.feedback.empty())
        if (const CardinalityCorrection* fb = FindFilterCorrection(ctx.feedback, *kids[0]))
          rows = fb->rows;
      op->AddChild(std::move(kids[0]));
      Estimate(*op, rows, {});
      return op;
    }
    case K::kJoin:
      if (IsSemiOrAntiJoin(n)) return PlanSemiJoin(n, std::move(kids), ctx);
      return PlanJoin(n, std::move(kids), model, ctx);
    case K::kCount: {
      std::vector<std::string> labels = LabelsOf(*kids[0]);
      if (n.append_rownum || !n.limit) labels.push_back("ROWNUM");
      if (n.limit) {
        auto op = std::make_unique<CountStopkey>(*n.limit, 0, n.append_rownum);
        op->filter_predicates.push_back(fmt::format("ROWNUM<={}", *n.limit));
        const double rows = std::min(double(*n.limit), kids[0]->estimated_rows);
        auto p = Attach(std::move(op), std::move(kids));
        Estimate(*p, rows, {});
        p->column_labels = std::move(labels);
        return p;
      }
      auto p = Attach(std::make_unique<Count>(std::move(n.predicate)), std::move(kids));
      p->column_labels = std::move(labels);
      return p;
    }
    case K::kLimit: {
      const double input = kids[0]->estimated_rows;
      auto op = std::make_unique<CountStopkey>(n.limit.value_or(UINT64_MAX), n.offset, false);
      auto p = Attach(std::move(op), std::move(kids));
      const double rows = std::max(0.0, input - double(n.offset));
      Estimate(*p, n.limit ? std::min(double(*n.limit), rows) : rows, {});
      return p;
    }
    case K::kAggregate: {
      const std::vector<std::string> in_labels = LabelsOf(*kids[0]);
      std::vector<const BoundExpr*> outputs;
      for (const auto& g : n.groups) outputs.push_back(g.get());
      std::vector<std::string> labels = ExprLabels(outputs, in_labels);
      for (const auto& a : n.aggregates) labels.push_back(AggregateLabel(a, in_labels));
      if (n.groups.empty()) {
        auto op = std::make_unique<SortAggregate>(ToSpecs(n.aggregates));
        auto p = Attach(std::move(op), std::move(kids));
        Estimate(*p, 1,
                 {0, model.CpuCost(p->children()[0]->estimated_rows * model.params().cpu_per_row)},
                 TypeWidth(p->types()));
        p->column_labels = std::move(labels);
        return p;
      }
      const double input = kids[0]->estimated_rows;
      const double rows = GroupRows(n, input);
      const double bytes = kids[0]->estimated_bytes;
      // SORT GROUP BY holds its groups and does not spill: only when they fit the work area.
      std::vector<LogicalType> key_types;
      for (const auto& g : n.groups) key_types.push_back(g->type);
      const double group_bytes =
          rows * (TypeWidth(key_types) + 32.0 * (1 + static_cast<double>(n.aggregates.size())));
      n.sort_group_by = n.sort_group_by && group_bytes <= model.params().work_area_bytes;
      OpPtr p;
      if (n.sort_group_by) {
        p = Attach(std::make_unique<SortGroupBy>(std::move(n.groups), ToSpecs(n.aggregates)),
                   std::move(kids));
      } else {
        p = Attach(std::make_unique<HashGroupBy>(std::move(n.groups), ToSpecs(n.aggregates)),
                   std::move(kids));
      }
      Estimate(*p, rows, model.Sort(input, bytes, model.params().work_area_bytes),
               TypeWidth(p->types()));
      p->column_labels = std::move(labels);
      return p;
    }
    case K::kProject: {
      std::vector<const BoundExpr*> exprs;
      for (const auto& e : n.exprs) exprs.push_back(e.get());
      std::vector<std::string> labels = ExprLabels(exprs, LabelsOf(*kids[0]));
      auto op = std::make_unique<Projection>(std::move(n.exprs), n.types);
      auto p = Attach(std::move(op), std::move(kids));
      p->column_labels = std::move(labels);
      return p;
    }
    case K::kDistinct: {
      const double bytes = kids[0]->estimated_bytes;
      auto p = Attach(std::make_unique<HashUnique>(), std::move(kids));
      Estimate(*p, p->estimated_rows,
               model.Sort(p->estimated_rows, bytes, model.params().work_area_bytes));
      return p;
    }
    case K::kSort: {
      // The SORT GROUP BY below already delivers this order.
      if (sorted_groups && sorted_groups->sort_group_by) return std::move(kids[0]);
      std::vector<SortKey> keys;
      for (auto& k : n.keys) keys.push_back({std::move(k.expr), k.descending, k.nulls_first});
      auto op = std::make_unique<SortOrderBy>(std::move(keys), n.limit);
      // The stopkey pushed into the sort, printed as Oracle prints a ROWNUM stopkey there.
      if (n.limit) op->filter_predicates.push_back(fmt::format("ROWNUM<={}", *n.limit));
      const double input = kids[0]->estimated_rows, bytes = kids[0]->estimated_bytes;
      auto p = Attach(std::move(op), std::move(kids));
      Estimate(*p, n.limit ? std::min(double(*n.limit), input) : input,
               model.Sort(input, bytes, model.params().work_area_bytes));
      return p;
    }
    case K::kSetOp: {
      switch (n.set_op) {
        case LogicalSetOp::kUnionAll:
          return Attach(std::make_unique<UnionAll>(), std::move(kids));
        case LogicalSetOp::kUnion: {
          std::vector<OpPtr> u;
          u.push_back(Attach(std::make_unique<UnionAll>(), std::move(kids)));
          const double rows = u[0]->estimated_rows, bytes = u[0]->estimated_bytes;
          auto p = Attach(std::make_unique<SortUnique>(), std::move(u));
          Estimate(*p, rows, model.Sort(rows, bytes, model.params().work_area_bytes));
          return p;
        }
        case LogicalSetOp::kIntersect: {
          const double rows = std::min(kids[0]->estimated_rows, kids[1]->estimated_rows);
          auto p = Attach(std::make_unique<Intersection>(), std::move(kids));
          Estimate(*p, rows, model.Sort(rows, p->estimated_bytes, model.params().work_area_bytes));
          return p;
        }
        case LogicalSetOp::kMinus: {
          const double rows = kids[0]->estimated_rows;
          auto p = Attach(std::make_unique<Minus>(), std::move(kids));
          Estimate(
              *p, rows,
              model.Sort(p->estimated_rows, p->estimated_bytes, model.params().work_area_bytes));
          return p;
        }
      }
      break;
    }
  }
  ThrowOra(600, "internal error code, arguments: [planner], [unknown logical node]");
}

}  // namespace pathdb::planner
