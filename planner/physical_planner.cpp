// Logical -> physical, rule based for now: equi-join conjuncts make a HASH JOIN, anything else
// NESTED LOOPS; UNION is SORT UNIQUE over UNION-ALL; a stopkey goes into the sort. Estimated
// rows are crude (table row counts, fixed selectivities) until the cost model arrives.
#include "common/error.h"
#include "executor/aggregate.h"
#include "executor/connect_by.h"
#include "executor/count.h"
#include "executor/count_stopkey.h"
#include "executor/fast_dual.h"
#include "executor/filter.h"
#include "executor/hash_group_by.h"
#include "executor/hash_join.h"
#include "executor/hash_unique.h"
#include "executor/intersection.h"
#include "executor/minus.h"
#include "executor/nested_loops.h"
#include "executor/projection.h"
#include "executor/sort_aggregate.h"
#include "executor/sort_order_by.h"
#include "executor/sort_unique.h"
#include "executor/table_access_full.h"
#include "executor/union_all.h"
#include "executor/view.h"
#include "planner/access_path.h"
#include "planner/binder.h"
#include "planner/bound_util.h"
#include "planner/system_views.h"

namespace pathdb::planner {

namespace {

using OpPtr = std::unique_ptr<PhysicalOperator>;

template <typename Op>
OpPtr Attach(std::unique_ptr<Op> op, std::vector<OpPtr> children) {
  double rows = 0;
  for (auto& c : children) {
    rows += c->estimated_rows;
    op->AddChild(std::move(c));
  }
  op->estimated_rows = rows;
  return op;
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

OpPtr PlanJoin(LogicalNode& n, std::vector<OpPtr> kids) {
  const size_t L = n.children[0]->types.size();
  const size_t R = n.children[1]->types.size();
  std::vector<BoundExprPtr> conds, lkeys, rkeys, rest;
  SplitConjuncts(std::move(n.predicate), conds);
  for (auto& c : conds) {
    if (c->kind == BoundKind::kCompare && c->name == "=" && !HasSubquery(*c)) {
      int a = Side(*c->children[0], L), b = Side(*c->children[1], L);
      if ((a == 0 && b == 1) || (a == 1 && b == 0)) {
        lkeys.push_back(std::move(c->children[a == 0 ? 0 : 1]));
        rkeys.push_back(std::move(c->children[a == 0 ? 1 : 0]));
        continue;
      }
    }
    rest.push_back(std::move(c));
  }
  auto right_to_local = [L](size_t i) { return i - L; };
  const bool swap_output = (n.join_type == LogicalJoinType::kLeft && !lkeys.empty()) ||
                           (n.join_type == LogicalJoinType::kRight && lkeys.empty());
  OpPtr join;
  OpPtr left = std::move(kids[0]), right = std::move(kids[1]);
  const double est = std::max(left->estimated_rows, right->estimated_rows);
  if (!lkeys.empty()) {
    for (auto& k : rkeys) Shift(*k, right_to_local);
    BoundExprPtr residual = MakeAnd(std::move(rest));
    if (n.join_type == LogicalJoinType::kLeft) {
      // Preserved left side probes (child 1); residual is over probe then build = left, right.
      auto hj = std::make_unique<HashJoin>(JoinKind::kLeftOuter, std::move(rkeys), std::move(lkeys),
                                           std::move(residual));
      hj->AddChild(std::move(right));
      hj->AddChild(std::move(left));
      join = std::move(hj);
    } else {
      // Left builds, right probes; residual is over probe (right) then build (left).
      if (residual) Shift(*residual, [L, R](size_t i) { return i < L ? R + i : i - L; });
      auto kind = n.join_type == LogicalJoinType::kRight ? JoinKind::kLeftOuter : JoinKind::kInner;
      auto hj =
          std::make_unique<HashJoin>(kind, std::move(lkeys), std::move(rkeys), std::move(residual));
      hj->AddChild(std::move(left));
      hj->AddChild(std::move(right));
      join = std::move(hj);
    }
  } else {
    BoundExprPtr cond = MakeAnd(std::move(rest));
    if (n.join_type == LogicalJoinType::kRight) {
      if (cond) Shift(*cond, [L, R](size_t i) { return i < L ? R + i : i - L; });
      auto nl = std::make_unique<NestedLoops>(JoinKind::kLeftOuter, std::move(cond));
      nl->AddChild(std::move(right));
      nl->AddChild(std::move(left));
      join = std::move(nl);
    } else {
      auto kind = n.join_type == LogicalJoinType::kLeft ? JoinKind::kLeftOuter : JoinKind::kInner;
      auto nl = std::make_unique<NestedLoops>(kind, std::move(cond));
      nl->AddChild(std::move(left));
      nl->AddChild(std::move(right));
      join = std::move(nl);
    }
  }
  join->estimated_rows = est;
  if (!swap_output) return join;
  // The operator put the right side first: restore left ++ right for the layers above.
  std::vector<BoundExprPtr> exprs;
  for (size_t i = 0; i < L; ++i) exprs.push_back(MakeColumn(R + i, n.types[i]));
  for (size_t j = 0; j < R; ++j) exprs.push_back(MakeColumn(j, n.types[L + j]));
  auto p = std::make_unique<Projection>(std::move(exprs), n.types);
  p->estimated_rows = est;
  p->AddChild(std::move(join));
  return p;
}

std::vector<AggregateSpec> ToSpecs(std::vector<LogicalAggregate>& aggs) {
  std::vector<AggregateSpec> specs;
  for (auto& a : aggs) specs.push_back({a.function, a.distinct, std::move(a.arg), a.type});
  return specs;
}

}  // namespace

std::unique_ptr<PhysicalOperator> PlanPhysical(LogicalNode& n, PlanContext& ctx) {
  std::vector<OpPtr> kids;
  for (auto& c : n.children) kids.push_back(PlanPhysical(*c, ctx));
  using K = LogicalNode::Kind;
  switch (n.kind) {
    case K::kScan: {
      if (n.system_view) return PlanFixedTable(n, ctx);
      // TABLE ACCESS FULL or an index (planner/access_path.cpp).
      return PlanTableAccess(*n.table, n.column_ids, std::move(n.predicate), n.alias, n.hints, ctx);
    }
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
      op->AddChild(std::move(dual));
      op->estimated_rows = 1;
      return op;
    }
    case K::kView: {
      auto op = std::make_unique<View>(n.name);
      op->object_name = n.name;
      return Attach(std::move(op), std::move(kids));
    }
    case K::kFilter: {
      auto op = std::make_unique<Filter>(std::move(n.predicate));
      op->estimated_rows = std::max(1.0, kids[0]->estimated_rows * 0.05);
      op->AddChild(std::move(kids[0]));
      return op;
    }
    case K::kJoin:
      return PlanJoin(n, std::move(kids));
    case K::kCount: {
      if (n.limit) {
        auto op = std::make_unique<CountStopkey>(*n.limit, 0, n.append_rownum);
        return Attach(std::move(op), std::move(kids));
      }
      return Attach(std::make_unique<Count>(std::move(n.predicate)), std::move(kids));
    }
    case K::kLimit: {
      auto op = std::make_unique<CountStopkey>(n.limit.value_or(UINT64_MAX), n.offset, false);
      return Attach(std::move(op), std::move(kids));
    }
    case K::kAggregate: {
      if (n.groups.empty()) {
        auto op = std::make_unique<SortAggregate>(ToSpecs(n.aggregates));
        auto p = Attach(std::move(op), std::move(kids));
        p->estimated_rows = 1;
        return p;
      }
      auto op = std::make_unique<HashGroupBy>(std::move(n.groups), ToSpecs(n.aggregates));
      return Attach(std::move(op), std::move(kids));
    }
    case K::kProject: {
      auto op = std::make_unique<Projection>(std::move(n.exprs), n.types);
      return Attach(std::move(op), std::move(kids));
    }
    case K::kDistinct:
      return Attach(std::make_unique<HashUnique>(), std::move(kids));
    case K::kSort: {
      std::vector<SortKey> keys;
      for (auto& k : n.keys) keys.push_back({std::move(k.expr), k.descending, k.nulls_first});
      auto op = std::make_unique<SortOrderBy>(std::move(keys), n.limit);
      return Attach(std::move(op), std::move(kids));
    }
    case K::kSetOp:
      switch (n.set_op) {
        case LogicalSetOp::kUnionAll:
          return Attach(std::make_unique<UnionAll>(), std::move(kids));
        case LogicalSetOp::kUnion: {
          std::vector<OpPtr> u;
          u.push_back(Attach(std::make_unique<UnionAll>(), std::move(kids)));
          return Attach(std::make_unique<SortUnique>(), std::move(u));
        }
        case LogicalSetOp::kIntersect:
          return Attach(std::make_unique<Intersection>(), std::move(kids));
        case LogicalSetOp::kMinus:
          return Attach(std::make_unique<Minus>(), std::move(kids));
      }
  }
  ThrowOra(600, "internal error code, arguments: [planner], [unknown logical node]");
}

}  // namespace pathdb::planner
