// Subquery unnesting into semi/anti joins and outer-to-inner join conversion (see unnest.h).
//
// Legality of unnesting, as Oracle's: the subquery is one query block (no set operation),
// without aggregation, GROUP BY, HAVING, ROWNUM, ORDER BY or FETCH; a DISTINCT on top does
// not matter to a semi join. Every reference to the outer block must be inside a WHERE
// conjunct that can move into the join condition (not below the NULL-extended side of an
// outer join in the subquery): `outer expression = subquery expression` becomes a join key,
// any other correlated term (<>, <, ...) a residual condition of the semi/anti join, and an
// EXISTS needs at least one key; anything else keeps the subquery a FILTER. Uncorrelated EXISTS
// stays a FILTER too (it is decided once).
//
// The NULL analysis and outer-to-inner join conversion are in planner/outer_join_conversion.cpp.
#include "planner/unnest.h"

#include <algorithm>
#include <functional>

#include "planner/access_path_internal.h"
#include "planner/bound_util.h"
#include "planner/subquery_filter.h"
#include "planner/unnest_internal.h"

namespace pathdb::planner {

namespace unnest_detail {

bool HasParam(const BoundExpr& e) {
  if (e.kind == BoundKind::kParameter) return true;
  for (const auto& c : e.children)
    if (HasParam(*c)) return true;
  if (e.subquery)
    for (const auto& c : e.subquery->correlated)
      if (HasParam(*c)) return true;
  return false;
}

bool HasColumns(const BoundExpr& e) {
  bool any = false;
  VisitColumns(e, [&](size_t) { any = true; });
  return any;
}

bool ParamsResolvable(const BoundExpr& e, const Correlation& corr) {
  if (e.kind == BoundKind::kParameter) {
    if (e.column_index >= corr.correlated.size()) return false;
    const BoundExpr& o = *corr.correlated[e.column_index];
    return !HasParam(o) && !HasSubquery(o);
  }
  for (const auto& c : e.children)
    if (!ParamsResolvable(*c, corr)) return false;
  return true;
}

// Which operand of `c` is the outer side of a correlation equality: 0 or 1, -1 when `c` is
// not of the form <outer-only expression> = <subquery-only expression>.
int CorrelationSide(const BoundExpr& c, const Correlation& corr) {
  if (c.kind != BoundKind::kCompare || c.name != "=" || HasSubquery(c)) return -1;
  for (int s = 0; s < 2; ++s) {
    const BoundExpr& o = *c.children[s];
    const BoundExpr& i = *c.children[1 - s];
    if (HasParam(o) && !HasColumns(o) && ParamsResolvable(o, corr) && !HasParam(i) && HasColumns(i))
      return s;
  }
  return -1;
}

void SubstituteParams(BoundExprPtr& e, const Correlation& corr) {
  if (e->kind == BoundKind::kParameter) {
    e = corr.correlated[e->column_index]->Copy();
    return;
  }
  for (auto& c : e->children) SubstituteParams(c, corr);
}

void Flatten(const BoundExpr& e, std::vector<const BoundExpr*>& out) {
  if (e.kind == BoundKind::kAnd) {
    for (const auto& c : e.children) Flatten(*c, out);
    return;
  }
  out.push_back(&e);
}

// Moves the correlation conjuncts of `pred` (over columns offset.. of the subquery's FROM
// output) into `out` as join conditions. allowed=false: correlation may not appear here.
// mutate=false: only checks.
bool TakeCorrelation(BoundExprPtr& pred, size_t offset, bool allowed, bool mutate,
                     const Correlation& corr, std::vector<BoundExprPtr>& out) {
  if (!pred || !HasParam(*pred)) return true;
  if (!allowed) return false;
  std::vector<const BoundExpr*> parts;
  Flatten(*pred, parts);
  for (const auto* p : parts) {
    if (!HasParam(*p)) continue;
    if (CorrelationSide(*p, corr) >= 0) {
      ++corr.equalities;
    } else if (HasSubquery(*p) || !ParamsResolvable(*p, corr)) {
      return false;
    }
    // Any other correlated term (Q21's l2.l_suppkey <> l1.l_suppkey) joins the semi/anti
    // join's condition as a residual beside the equality keys.
  }
  if (!mutate) return true;
  std::vector<BoundExprPtr> conjs, keep;
  SplitConjuncts(std::move(pred), conjs);
  for (auto& c : conjs) {
    if (!HasParam(*c)) {
      keep.push_back(std::move(c));
      continue;
    }
    const int s = CorrelationSide(*c, corr);
    const size_t base = corr.sub_base + offset;
    if (s < 0) {
      // A residual term: its columns are the subquery's, its parameters the outer values.
      RemapColumns(*c, [base](size_t i) { return base + i; });
      SubstituteParams(c, corr);
      out.push_back(std::move(c));
      continue;
    }
    RemapColumns(*c->children[1 - s], [base](size_t i) { return base + i; });
    SubstituteParams(c->children[s], corr);
    out.push_back(std::move(c));
  }
  pred = MakeAnd(std::move(keep));
  return true;
}

bool NoParams(const std::vector<BoundExprPtr>& exprs) {
  for (const auto& e : exprs)
    if (e && HasParam(*e)) return false;
  return true;
}

// Anything in `n` or below that refers to an enclosing block (nothing to take out there).
bool SubtreeHasParams(const LogicalNode& n) {
  if (n.predicate && HasParam(*n.predicate)) return true;
  if (!NoParams(n.exprs) || !NoParams(n.groups)) return true;
  for (const auto& a : n.aggregates)
    if (a.arg && HasParam(*a.arg)) return true;
  for (const auto& k : n.keys)
    if (k.expr && HasParam(*k.expr)) return true;
  if (n.kind == LogicalNode::Kind::kView) return false;  // bound without an outer scope
  for (const auto& c : n.children)
    if (SubtreeHasParams(*c)) return true;
  return false;
}

// Walks the subquery's FROM/WHERE plan (output column `offset` of this node = column
// `offset` of the whole subquery FROM output).
bool Walk(LogicalNode& n, size_t offset, bool allowed, bool mutate, const Correlation& corr,
          std::vector<BoundExprPtr>& out) {
  using K = LogicalNode::Kind;
  switch (n.kind) {
    case K::kScan:
      return TakeCorrelation(n.predicate, offset, allowed, mutate, corr, out);
    case K::kFilter:
      return TakeCorrelation(n.predicate, offset, allowed, mutate, corr, out) &&
             Walk(*n.children[0], offset, allowed, mutate, corr, out);
    case K::kJoin: {
      bool inner = n.join_type == LogicalJoinType::kInner || n.join_type == LogicalJoinType::kCross;
      // A semi/anti join (a subquery unnested inside this one) outputs its left side.
      const bool semi = n.join_type == LogicalJoinType::kSemi ||
                        n.join_type == LogicalJoinType::kAnti ||
                        n.join_type == LogicalJoinType::kAntiNullAware;
      bool left_ok = inner || semi || n.join_type == LogicalJoinType::kLeft;
      bool right_ok = inner || n.join_type == LogicalJoinType::kRight;
      const size_t width = n.children[0]->types.size();
      return TakeCorrelation(n.predicate, offset, allowed && inner, mutate, corr, out) &&
             Walk(*n.children[0], offset, allowed && left_ok, mutate, corr, out) &&
             Walk(*n.children[1], offset + width, allowed && right_ok, mutate, corr, out);
    }
    case K::kView:
      return true;  // views and inline views are bound without an outer scope
    case K::kDual:
      return true;
    case K::kConnectBy:
      return !n.predicate || !HasParam(*n.predicate);
    case K::kProject:  // DUAL's one-column projection
      if (n.children.size() == 1 && n.children[0]->kind == K::kDual && NoParams(n.exprs))
        return true;
      // A grouped view from a scalar subquery unnested below (the right side of a semi
      // join, where no correlation may appear): nothing to take out of it.
      return !allowed && !SubtreeHasParams(n);
    case K::kAggregate:
      return !allowed && !SubtreeHasParams(n);
    default:
      return false;
  }
}

const LogicalNode* FirstScan(const LogicalNode& n) {
  if (n.kind == LogicalNode::Kind::kScan) return &n;
  if (n.kind == LogicalNode::Kind::kView) return nullptr;
  for (const auto& c : n.children)
    if (const auto* s = FirstScan(*c)) return s;
  return nullptr;
}

bool HasHint(const LogicalNode& body, const char* name) {
  const LogicalNode* scan = FirstScan(body);
  if (!scan) return false;
  for (const auto& h : scan->hints)
    if (!h.malformed && h.name == name) return true;
  return false;
}

const BoundExpr& PeelCasts(const BoundExpr& e) {
  return e.kind == BoundKind::kCast ? PeelCasts(*e.children[0]) : e;
}

// Functions whose result is NULL whenever an argument is.
bool IsStrictFunction(const std::string& name) {
  static const char* const kStrict[] = {"+",     "-",      "*",      "/",     "NEG",  "ABS",
                                        "UPPER", "LOWER",  "TRUNC",  "ROUND", "TRIM", "LTRIM",
                                        "RTRIM", "SUBSTR", "LENGTH", "INSTR", "MOD"};
  for (const char* s : kStrict)
    if (name == s) return true;
  return false;
}

// `e` is NULL whenever every column in [begin, end) is NULL.
bool NullWhenNull(const BoundExpr& e, size_t begin, size_t end) {
  switch (e.kind) {
    case BoundKind::kColumn:
      return e.column_index >= begin && e.column_index < end;
    case BoundKind::kCast:
      return NullWhenNull(*e.children[0], begin, end);
    case BoundKind::kFunction:
      if (!IsStrictFunction(e.name)) return false;
      [[fallthrough]];
    case BoundKind::kCompare:
    case BoundKind::kLike:
      for (const auto& c : e.children)
        if (NullWhenNull(*c, begin, end)) return true;
      return false;
    case BoundKind::kInList:
      return NullWhenNull(*e.children[0], begin, end);
    default:
      return false;
  }
}

}  // namespace unnest_detail

using namespace unnest_detail;

std::optional<UnnestedSubquery> TryUnnest(const BoundExpr& conj, LogicalPtr& plan, size_t sub_base,
                                          Dialect dialect,
                                          const std::function<bool(size_t)>& outer_not_null,
                                          bool negate) {
  if (conj.kind != BoundKind::kSubquery || !conj.subquery || !plan) return std::nullopt;
  const SubqueryInfo& info = *conj.subquery;
  const bool in = info.mode == SubqueryInfo::Mode::kIn;
  if (!in && info.mode != SubqueryInfo::Mode::kExists) return std::nullopt;
  const Correlation corr{info.correlated, sub_base};

  // Shape: [DISTINCT] PROJECT over the FROM/WHERE part.
  LogicalNode* top = plan.get();
  if (top->kind == LogicalNode::Kind::kDistinct) top = top->children[0].get();
  if (top->kind != LogicalNode::Kind::kProject || top->children.size() != 1) return std::nullopt;
  LogicalNode& body = *top->children[0];
  if (HasHint(body, "NO_UNNEST")) return std::nullopt;

  // IN: the operands, outer side without subqueries or parameters of an enclosing block.
  if (in) {
    if (conj.children.size() != top->exprs.size() || conj.children.empty()) return std::nullopt;
    for (const auto& x : conj.children)
      if (HasParam(*x) || HasSubquery(*x)) return std::nullopt;
    for (const auto& y : top->exprs)
      if (HasParam(*y) || HasSubquery(*y)) return std::nullopt;
  }
  std::vector<BoundExprPtr> dry;
  if (!Walk(body, 0, true, false, corr, dry)) return std::nullopt;
  const bool correlated = !info.correlated.empty();
  if (!in && !correlated) return std::nullopt;  // uncorrelated EXISTS: a FILTER decides once
  // Without an equality there is no join key: a correlated FILTER probes better.
  if (!in && corr.equalities == 0) return std::nullopt;

  const bool negated = info.negated != negate;
  LogicalJoinType type = negated ? LogicalJoinType::kAnti : LogicalJoinType::kSemi;
  if (in && negated) {
    // NOT IN is NOT EXISTS only when neither side can be NULL; otherwise the null-aware
    // anti join, which handles one uncorrelated key set (correlated: stays a FILTER).
    bool not_null = true;
    for (size_t i = 0; i < conj.children.size() && not_null; ++i) {
      const BoundExpr& x = PeelCasts(*conj.children[i]);
      const BoundExpr& y = PeelCasts(*top->exprs[i]);
      not_null = x.kind == BoundKind::kColumn && outer_not_null(x.column_index) &&
                 y.kind == BoundKind::kColumn && KnownNotNull(body, y.column_index);
    }
    if (!not_null) {
      if (correlated) return std::nullopt;
      type = LogicalJoinType::kAntiNullAware;
    }
  }

  // Legal: take the correlation conjuncts out and build the join condition.
  UnnestedSubquery out;
  out.type = type;
  if (const LogicalNode* s = FirstScan(body)) out.query_block = s->query_block;
  std::vector<BoundExprPtr> conds;
  if (in) {
    for (size_t i = 0; i < conj.children.size(); ++i) {
      BoundExprPtr x = conj.children[i]->Copy();
      BoundExprPtr y = std::move(top->exprs[i]);
      RemapColumns(*y, [sub_base](size_t c) { return sub_base + c; });
      CoerceComparison(x, y, dialect);
      conds.push_back(MakeCompare("=", std::move(x), std::move(y)));
    }
  }
  Walk(body, 0, true, true, corr, conds);
  out.condition = MakeAnd(std::move(conds));
  out.plan = std::move(top->children[0]);
  plan.reset();
  return out;
}

LogicalPtr AttachUnnested(LogicalPtr from, std::vector<UnnestedSubquery> subs, size_t sub_base) {
  for (auto& s : subs) {
    const size_t width = from->types.size();
    RemapColumns(*s.condition,
                 [sub_base, width](size_t i) { return i >= sub_base ? i - sub_base + width : i; });
    auto j = std::make_unique<LogicalNode>(LogicalNode::Kind::kJoin);
    j->join_type = s.type;
    j->types = from->types;  // semi/anti joins return the outer row only
    j->predicate = std::move(s.condition);
    j->query_block = s.query_block;
    j->children.push_back(std::move(from));
    j->children.push_back(std::move(s.plan));
    from = std::move(j);
  }
  return from;
}

}  // namespace pathdb::planner

namespace pathdb::planner {

using namespace unnest_detail;

namespace {

void CollectSubqueries(const BoundExpr& e, std::vector<const BoundExpr*>& out) {
  if (e.kind == BoundKind::kSubquery) out.push_back(&e);
  for (const auto& c : e.children) CollectSubqueries(*c, out);
}

bool ReferencesColumn(const BoundExpr& e, size_t col) {
  bool found = false;
  VisitColumns(e, [&](size_t i) { found = found || i == col; });
  return found;
}

void CollectDeferrable(const ast::Expr& e, std::vector<DeferredSubquery>& out) {
  using K = ast::ExprKind;
  if (e.kind == K::kAnd) {
    for (const auto& a : e.args) CollectDeferrable(*a, out);
  } else if (e.kind == K::kNot && !e.args.empty()) {
    const ast::Expr& x = *e.args[0];
    if (x.kind == K::kExists || x.kind == K::kInSubquery) out.push_back({&x, nullptr, nullptr});
  } else if (e.kind == K::kExists || e.kind == K::kInSubquery) {
    out.push_back({&e, nullptr, nullptr});
  } else if (e.kind == K::kCompare && e.quantifier.empty() && !e.subquery) {
    // x op (SELECT agg ...): a correlated scalar subquery may become a grouped view.
    for (const auto& a : e.args)
      if (a->kind == K::kScalarSubquery) out.push_back({a.get(), nullptr, nullptr});
  }
}

}  // namespace

std::vector<DeferredSubquery> DeferrableSubqueries(const ast::Expr& where) {
  std::vector<DeferredSubquery> out;
  CollectDeferrable(where, out);
  return out;
}

void Binder::TransformWhere(FromTree& root, size_t nglobal, std::vector<BoundExprPtr>& conjs,
                            std::vector<DeferredSubquery>& deferred,
                            std::vector<UnnestedSubquery>& unnested) {
  // Outer-to-inner first: the conversion lets both the other conjuncts move into the former
  // NULL-extended side and NOT IN see NOT NULL columns there.
  for (const auto& c : conjs)
    if (!ReferencesColumn(*c, nglobal)) ConvertOuterJoins(root, *c);

  auto outer_not_null = [&](size_t g) { return FromColumnNotNull(root, relations_, g); };
  auto find = [&](const BoundExpr* e) {
    for (auto& d : deferred)
      if (d.expr == e && d.plan) return &d;
    return static_cast<DeferredSubquery*>(nullptr);
  };
  std::vector<BoundExprPtr> kept;
  // Rows of the subquery of each uncorrelated `col IN (subquery)` conjunct, taken before the
  // loop below unnests it (its plan then moves into the semi join).
  std::vector<std::pair<const BoundExpr*, double>> in_rows;
  for (const auto& c : conjs) {
    if (c->kind != BoundKind::kSubquery || !c->subquery || c->children.size() != 1 ||
        c->subquery->mode != SubqueryInfo::Mode::kIn || c->subquery->negated ||
        !c->subquery->correlated.empty())
      continue;
    if (const DeferredSubquery* d = find(c.get()))
      if (auto rows = EstimateSubqueryRows(*d->plan)) in_rows.emplace_back(c.get(), *rows);
  }
  // Rows of the block's relation that supplies `e`'s columns, after that relation's own
  // WHERE conjuncts and its `col IN (subquery)` semi joins (each keeps min(1, subquery rows /
  // NUM_DISTINCT(col)) of the rows: Q20's PARTSUPP rows of the 'forest%' parts), the fewest
  // over the relations `e` reads; nullopt when not all tables.
  auto outer_rows = [&](const std::vector<BoundExprPtr>& exprs) -> std::optional<double> {
    std::optional<double> best;
    for (const auto& e : exprs) {
      std::optional<size_t> rel;
      bool one = true;
      VisitColumns(*e, [&](size_t i) {
        for (size_t r = 0; r < relations_.size(); ++r) {
          if (i < relations_[r].begin || i >= relations_[r].end) continue;
          if (rel && *rel != r) one = false;
          rel = r;
        }
      });
      if (!rel || !one) return std::nullopt;
      const Relation& r = relations_[*rel];
      if (!r.plan || r.plan->kind != LogicalNode::Kind::kScan || !r.plan->table ||
          r.plan->column_ids.size() != r.end - r.begin)
        return std::nullopt;
      std::vector<BoundExprPtr> own;
      double semi = 1;
      const storage::TableInfo& table = *r.plan->table;
      auto semi_join = [&](const BoundExpr& c) {
        for (const auto& [in, rows] : in_rows) {
          if (in != &c || c.children[0]->kind != BoundKind::kColumn) continue;
          const size_t g = c.children[0]->column_index;
          if (g < r.begin || g >= r.end) continue;
          const uint32_t id = r.plan->column_ids[g - r.begin];
          double ndv = static_cast<double>(table.row_count);
          if (table.stats.present && id < table.stats.columns.size() &&
              table.stats.columns[id].num_distinct > 0)
            ndv = static_cast<double>(table.stats.columns[id].num_distinct);
          semi *= std::min(1.0, std::max(1.0, rows) / std::max(1.0, ndv));
        }
      };
      auto consider = [&](const BoundExprPtr& c) {
        if (!c) return;
        if (HasSubquery(*c)) {
          semi_join(*c);
          return;
        }
        bool inside = true, any = false;
        VisitColumns(*c, [&](size_t i) {
          any = true;
          inside = inside && i >= r.begin && i < r.end;
        });
        if (!any || !inside) return;
        own.push_back(c->Copy());
        RemapColumns(*own.back(), [&](size_t i) { return i - r.begin; });
      };
      // The loop below moves conjuncts from `conjs` to `kept` as it goes.
      for (const auto& c : conjs) consider(c);
      for (const auto& c : kept) consider(c);
      const access_detail::TableFacts facts(table, r.plan->column_ids, own, nullptr);
      const double rows = facts.rows() * facts.AllSelectivity() * semi;
      best = best ? std::min(*best, rows) : rows;
    }
    return best;
  };
  // The outcome of one unnesting attempt: the subquery block's [NO_]UNNEST hints are used
  // when it is what they ask for; an unnested subquery joins `unnested` and the outline.
  auto record = [&](const std::vector<ast::Hint>& hints, const std::string& qb,
                    std::optional<UnnestedSubquery> u) {
    for (const auto& h : hints) {
      if (h.malformed || (h.name != "UNNEST" && h.name != "NO_UNNEST")) continue;
      HintUse use;
      use.text = h.name;
      use.query_block = qb;
      use.used = (h.name == "UNNEST") == u.has_value();
      if (!use.used) use.reason = "the subquery cannot be unnested";
      ctx_.record.hints.push_back(std::move(use));
    }
    if (!u) return false;
    if (!qb.empty()) ctx_.record.outline.push_back("UNNEST(@\"" + qb + "\")");
    unnested.push_back(std::move(*u));
    return true;
  };
  // x op (correlated scalar subquery with an aggregate): a semi join with the subquery
  // grouped by its correlation columns when that reads fewer rows than running the subquery
  // once per outer row would (each execution an index probe and the rows of one key, counted
  // four times for their random single-block reads, against one full read of the table), or
  // when the subquery says UNNEST. Oracle costs the two the same way in its unnesting.
  auto unnest_scalar = [&](const BoundExpr& c) {
    if (c.kind != BoundKind::kCompare || c.children.size() != 2) return false;
    for (const auto& child : c.children) {
      const BoundExpr& sq = PeelCasts(*child);
      DeferredSubquery* d = sq.kind == BoundKind::kSubquery ? find(&sq) : nullptr;
      if (!d) continue;
      const LogicalNode* scan = FirstScan(*d->plan);
      const std::vector<ast::Hint> hints = scan ? scan->hints : std::vector<ast::Hint>{};
      const std::string qb = scan ? scan->query_block : std::string();
      bool forced = false, refused = false;
      for (const auto& h : hints) {
        forced = forced || (!h.malformed && h.name == "UNNEST");
        refused = refused || (!h.malformed && h.name == "NO_UNNEST");
      }
      bool cheaper = false;
      if (!forced && !refused) {
        auto cost = EstimateScalarSubquery(sq, *d->plan);
        auto n = outer_rows(sq.subquery->correlated);
        cheaper = cost && n && *n * (cost->rows_per_execution + 3) * 4 > cost->rows_once;
      }
      std::optional<UnnestedSubquery> u;
      if ((forced || cheaper) && !refused) u = TryUnnestScalar(c, sq, d->plan, nglobal + 1);
      return record(hints, qb, std::move(u));
    }
    return false;
  };
  for (auto& c : conjs) {
    if (unnest_scalar(*c)) continue;
    // NOT EXISTS / NOT (x IN ...) bind as NOT over the subquery.
    const bool negate = c->kind == BoundKind::kNot && c->children[0]->kind == BoundKind::kSubquery;
    const BoundExpr& sq = negate ? *c->children[0] : *c;
    DeferredSubquery* d = sq.kind == BoundKind::kSubquery ? find(&sq) : nullptr;
    if (d) {
      const LogicalNode* scan = FirstScan(*d->plan);
      const std::vector<ast::Hint> hints = scan ? scan->hints : std::vector<ast::Hint>{};
      const std::string qb = scan ? scan->query_block : std::string();
      if (record(hints, qb, TryUnnest(sq, d->plan, nglobal + 1, dialect(), outer_not_null, negate)))
        continue;
    }
    kept.push_back(std::move(c));
  }
  conjs = std::move(kept);

  // The rest stay subqueries (FILTER): plan them now. Only those still in the WHERE clause
  // (binding never drops an expression today, but a dangling pointer must not be written).
  std::vector<const BoundExpr*> live;
  for (const auto& c : conjs) CollectSubqueries(*c, live);
  for (auto& d : deferred) {
    if (!d.plan) continue;
    if (std::find(live.begin(), live.end(), d.expr) == live.end()) continue;
    d.expr->subquery->plan = ctx_.AddSubPlan(PlanPhysical(*d.plan, ctx_));
    RecordPushSubqueryHint(*d.plan, d.expr->subquery->plan.get(), ctx_);
  }
}

}  // namespace pathdb::planner
