// Scalar subquery unnesting (see unnest.h, TryUnnestScalar): `x op (SELECT agg ... WHERE
// inner = outer ...)` becomes a semi join with the subquery grouped by its correlation columns.
#include <algorithm>
#include <functional>

#include "planner/access_path_internal.h"
#include "planner/bound_util.h"
#include "planner/unnest.h"
#include "planner/unnest_internal.h"

namespace pathdb::planner {

using namespace unnest_detail;

namespace {

bool NullOnEmpty(const std::string& fn) {
  return fn == "SUM" || fn == "AVG" || fn == "MIN" || fn == "MAX" || fn == "STDDEV" ||
         fn == "VARIANCE";
}

// Replaces the node `target` inside `e` by `with`; true when found.
bool ReplaceNode(BoundExprPtr& e, const BoundExpr* target, BoundExprPtr& with) {
  if (e.get() == target) {
    e = std::move(with);
    return true;
  }
  for (auto& c : e->children)
    if (ReplaceNode(c, target, with)) return true;
  return false;
}

bool Contains(const BoundExpr& e, const BoundExpr* target) {
  if (&e == target) return true;
  for (const auto& c : e.children)
    if (Contains(*c, target)) return true;
  return false;
}

}  // namespace

std::optional<UnnestedSubquery> TryUnnestScalar(const BoundExpr& conj, const BoundExpr& sq,
                                                LogicalPtr& plan, size_t sub_base) {
  if (conj.kind != BoundKind::kCompare || conj.children.size() != 2 || !plan) return std::nullopt;
  if (sq.kind != BoundKind::kSubquery || !sq.subquery ||
      sq.subquery->mode != SubqueryInfo::Mode::kScalar || sq.subquery->correlated.empty())
    return std::nullopt;
  // The other operand: outer columns only (no subquery, no parameter of an enclosing block).
  const int side = Contains(*conj.children[0], &sq) ? 0 : 1;
  const BoundExpr& other = *conj.children[1 - side];
  if (!Contains(*conj.children[side], &sq) || HasParam(other) || HasSubquery(other))
    return std::nullopt;
  const Correlation corr{sq.subquery->correlated, sub_base};

  // Shape: PROJECT (one expression) over an aggregate without GROUP BY over the FROM/WHERE.
  LogicalNode* top = plan.get();
  if (top->kind != LogicalNode::Kind::kProject || top->children.size() != 1 ||
      top->exprs.size() != 1)
    return std::nullopt;
  LogicalNode* agg = top->children[0].get();
  if (agg->kind != LogicalNode::Kind::kAggregate || !agg->groups.empty() ||
      agg->aggregates.empty() || agg->children.size() != 1)
    return std::nullopt;
  for (const auto& a : agg->aggregates)
    if (!NullOnEmpty(a.function) || (a.arg && (HasParam(*a.arg) || HasSubquery(*a.arg))))
      return std::nullopt;
  const BoundExpr& value = *top->exprs[0];
  if (HasParam(value) || HasSubquery(value) || !NullWhenNull(value, 0, agg->aggregates.size()))
    return std::nullopt;
  LogicalNode& body = *agg->children[0];
  if (HasHint(body, "NO_UNNEST")) return std::nullopt;
  std::vector<BoundExprPtr> dry;
  if (!Walk(body, 0, true, false, corr, dry)) return std::nullopt;
  // Every correlated term must be a key of the grouping: `outer = inner` equalities only.
  size_t correlated_terms = 0;
  const size_t keys = corr.equalities;
  corr.equalities = 0;
  {
    std::function<void(const LogicalNode&)> count = [&](const LogicalNode& n) {
      if (n.predicate) {
        std::vector<const BoundExpr*> parts;
        Flatten(*n.predicate, parts);
        for (const auto* p : parts)
          if (HasParam(*p)) ++correlated_terms;
      }
      if (n.kind != LogicalNode::Kind::kView)
        for (const auto& c : n.children) count(*c);
    };
    count(body);
  }
  if (keys == 0 || correlated_terms != keys) return std::nullopt;

  // Legal. Correlation equalities out of the body: outer = (inner at sub_base + c).
  std::vector<BoundExprPtr> conds;
  Walk(body, 0, true, true, corr, conds);
  const size_t nkeys = conds.size();
  std::vector<BoundExprPtr> join;
  std::vector<LogicalType> key_types;
  for (size_t k = 0; k < nkeys; ++k) {
    BoundExpr& c = *conds[k];
    // Which side holds the subquery's columns (the outer side has none beyond sub_base).
    bool inner_right = false;
    VisitColumns(*c.children[1], [&](size_t i) { inner_right = inner_right || i >= sub_base; });
    BoundExprPtr inner = std::move(c.children[inner_right ? 1 : 0]);
    BoundExprPtr outer = std::move(c.children[inner_right ? 0 : 1]);
    RemapColumns(*inner, [sub_base](size_t i) { return i - sub_base; });
    key_types.push_back(inner->type);
    BoundExprPtr key = MakeColumn(sub_base + k, inner->type);
    join.push_back(inner_right ? MakeCompare(c.name, std::move(outer), std::move(key))
                               : MakeCompare(c.name, std::move(key), std::move(outer)));
    agg->groups.push_back(std::move(inner));
  }
  // The aggregate now outputs keys ++ aggregates; the projection keys ++ the value.
  std::vector<LogicalType> agg_types = key_types;
  for (const auto& t : agg->types) agg_types.push_back(t);
  agg->types = std::move(agg_types);
  BoundExprPtr v = std::move(top->exprs[0]);
  RemapColumns(*v, [nkeys](size_t i) { return i + nkeys; });
  const LogicalType value_type = v->type;
  top->exprs.clear();
  for (size_t k = 0; k < nkeys; ++k) top->exprs.push_back(MakeColumn(k, key_types[k]));
  top->exprs.push_back(std::move(v));
  top->types = key_types;
  top->types.push_back(value_type);
  // The comparison, with the subquery replaced by the grouped view's value column.
  BoundExprPtr cmp = conj.Copy();
  BoundExprPtr col = MakeColumn(sub_base + nkeys, value_type);
  // conj.Copy() copies the subquery node too: find it by position (same shape as conj).
  std::function<const BoundExpr*(const BoundExpr&, const BoundExpr&)> twin =
      [&](const BoundExpr& orig, const BoundExpr& copy) -> const BoundExpr* {
    if (&orig == &sq) return &copy;
    for (size_t i = 0; i < orig.children.size(); ++i)
      if (const BoundExpr* t = twin(*orig.children[i], *copy.children[i])) return t;
    return nullptr;
  };
  const BoundExpr* target = twin(conj, *cmp);
  if (!target || !ReplaceNode(cmp, target, col)) return std::nullopt;  // cannot happen
  join.push_back(std::move(cmp));

  UnnestedSubquery out;
  out.type = LogicalJoinType::kSemi;
  if (const LogicalNode* s = FirstScan(body)) out.query_block = s->query_block;
  out.condition = MakeAnd(std::move(join));
  out.plan = std::move(plan);
  return out;
}

std::optional<ScalarSubqueryCost> EstimateScalarSubquery(const BoundExpr& sq,
                                                         const LogicalNode& plan) {
  const LogicalNode* top = &plan;
  if (top->kind != LogicalNode::Kind::kProject || top->children.size() != 1) return std::nullopt;
  const LogicalNode* agg = top->children[0].get();
  if (agg->kind != LogicalNode::Kind::kAggregate || agg->children.size() != 1) return std::nullopt;
  const LogicalNode& scan = *agg->children[0];
  if (scan.kind != LogicalNode::Kind::kScan || !scan.table || !sq.subquery) return std::nullopt;
  const storage::TableInfo& table = *scan.table;
  const double rows = table.stats.present ? static_cast<double>(table.stats.num_rows)
                                          : static_cast<double>(table.row_count);
  // Rows per execution: the table's rows per value of the correlated columns.
  double ndv = 1;
  if (scan.predicate) {
    std::vector<const BoundExpr*> parts;
    Flatten(*scan.predicate, parts);
    const Correlation corr{sq.subquery->correlated, 0};
    for (const auto* p : parts) {
      const int s = CorrelationSide(*p, corr);
      if (s < 0) continue;
      const BoundExpr& inner = *p->children[1 - s];
      if (inner.kind != BoundKind::kColumn || inner.column_index >= scan.column_ids.size())
        continue;
      const uint32_t c = scan.column_ids[inner.column_index];
      if (table.stats.present && c < table.stats.columns.size())
        ndv *= std::max<double>(1, static_cast<double>(table.stats.columns[c].num_distinct));
    }
  }
  ndv = std::min(ndv, std::max(rows, 1.0));
  return ScalarSubqueryCost{rows / ndv, rows};
}

std::optional<double> EstimateSubqueryRows(const LogicalNode& plan) {
  const LogicalNode* n = &plan;
  while ((n->kind == LogicalNode::Kind::kProject || n->kind == LogicalNode::Kind::kDistinct) &&
         n->children.size() == 1)
    n = n->children[0].get();
  if (n->kind != LogicalNode::Kind::kScan || !n->table || n->system_view) return std::nullopt;
  std::vector<BoundExprPtr> own;
  if (n->predicate) {
    std::vector<const BoundExpr*> parts;
    Flatten(*n->predicate, parts);
    for (const auto* p : parts) {
      if (HasParam(*p) || HasSubquery(*p)) continue;
      own.push_back(p->Copy());
    }
  }
  const access_detail::TableFacts facts(*n->table, n->column_ids, own, nullptr);
  return facts.rows() * facts.AllSelectivity();
}

}  // namespace pathdb::planner
