// FROM clause binding: tables, views, CTEs, inline views, DUAL and ANSI joins, plus the
// placement of WHERE/ON conjuncts into the join tree (single-table conjuncts end up in the
// scans' filters; nothing moves into the NULL-supplying side of an outer join).
#include <functional>

#include "common/error.h"
#include "parser/parser.h"
#include "planner/binder.h"
#include "planner/bound_util.h"
#include "planner/views/system_views.h"

namespace pathdb::planner {

Binder::Binder(PlanContext& ctx, Binder* outer, const Binder* cte_parent)
    : ctx_(ctx), outer_(outer), cte_parent_(cte_parent) {}

const ast::Query::With* Binder::FindCte(const std::string& name) const {
  auto it = ctes_.find(name);
  if (it != ctes_.end()) return it->second;  // nullptr: shadowed while its own body binds
  return cte_parent_ ? cte_parent_->FindCte(name) : nullptr;
}

std::unique_ptr<FromTree> Binder::AddRelation(LogicalPtr plan, const std::string& qualifier,
                                              const std::vector<std::string>& names) {
  Relation r;
  r.begin = scope_.size();
  for (size_t i = 0; i < names.size(); ++i)
    scope_.push_back({qualifier, names[i], plan->types[i], r.begin + i, false, std::nullopt});
  r.end = scope_.size();
  // A view is named by its alias in hints (an inline view has no other name).
  if (plan->kind == LogicalNode::Kind::kView) plan->alias = qualifier;
  r.plan = std::move(plan);
  auto leaf = std::make_unique<FromTree>();
  leaf->relation = static_cast<int>(relations_.size());
  leaf->begin = r.begin;
  leaf->end = r.end;
  relations_.push_back(std::move(r));
  return leaf;
}

static LogicalPtr WrapView(BoundQuery bq, const std::string& name) {
  auto v = std::make_unique<LogicalNode>(LogicalNode::Kind::kView);
  v->name = name;
  v->types = bq.plan->types;
  v->children.push_back(std::move(bq.plan));
  return v;
}

static void RenameColumns(BoundQuery& bq, const std::vector<std::string>& columns) {
  if (columns.empty()) return;
  if (columns.size() != bq.names.size()) ThrowOra(1730, "invalid number of column names specified");
  bq.names = columns;
}

void Binder::RegisterTable(const storage::TableInfo& table, const std::string& alias) {
  // Column 0 is the ROWID the DML operators need; table columns follow.
  for (size_t i = 0; i < table.columns.size(); ++i)
    scope_.push_back(
        {alias, table.columns[i].name, table.columns[i].type, i + 1, false, std::nullopt});
}

// TABLE(pkg.fn(args)): the session supplies a fixed table producing the function's rows when
// the plan runs (DBMS_XPLAN.DISPLAY reads the plan table then, not at parse time).
std::unique_ptr<FromTree> Binder::BindTableFunction(const ast::TableRef& ref) {
  const ast::Expr& call = *ref.function;
  if (call.kind != ast::ExprKind::kFunction && call.kind != ast::ExprKind::kColumnRef)
    ThrowOra(22905, "cannot access rows from a non-nested table item");
  std::string name, quoted;
  for (const auto& part : call.names) {
    name += (name.empty() ? "" : ".") + part;
    quoted += (quoted.empty() ? "\"" : ".\"") + part + "\"";
  }
  std::vector<TableFunctionArg> args;
  for (const auto& a : call.args) {
    if (a->kind == ast::ExprKind::kBinary && a->op == "=>" && a->args.size() == 2 &&
        !a->args[0]->names.empty()) {
      args.push_back({a->args[0]->names.back(), FoldConstant(*BindScalar(*a->args[1]), ctx_)});
    } else {
      args.push_back({"", FoldConstant(*BindScalar(*a), ctx_)});
    }
  }
  const SystemView* sv = ctx_.sources && ctx_.sources->table_function
                             ? ctx_.sources->table_function(name, args)
                             : nullptr;
  if (sv == nullptr) ThrowOra(904, "{}: invalid identifier", quoted);
  auto scan = std::make_unique<LogicalNode>(LogicalNode::Kind::kScan);
  scan->table = &sv->table;
  scan->system_view = sv;
  scan->alias = ref.alias;
  std::vector<std::string> names;
  for (uint32_t i = 0; i < sv->table.columns.size(); ++i) {
    scan->column_ids.push_back(i);
    scan->types.push_back(sv->table.columns[i].type);
    names.push_back(sv->table.columns[i].name);
  }
  return AddRelation(std::move(scan), ref.alias, names);
}

std::unique_ptr<FromTree> Binder::BindTableRef(const ast::TableRef& ref) {
  using K = ast::TableRef::Kind;
  if (ref.kind == K::kTableFunction) return BindTableFunction(ref);
  if (ref.kind == K::kSubquery) {
    Binder child(ctx_, nullptr, this);
    BoundQuery bq = child.BindQuery(*ref.subquery);
    auto names = bq.names;
    return AddRelation(WrapView(std::move(bq), ""), ref.alias, names);
  }
  if (ref.kind == K::kJoin) {
    auto left = BindTableRef(*ref.left);
    auto right = BindTableRef(*ref.right);
    auto node = std::make_unique<FromTree>();
    node->begin = left->begin;
    node->end = right->end;
    switch (ref.join_type) {
      case ast::JoinType::kInner:
        node->type = LogicalJoinType::kInner;
        break;
      case ast::JoinType::kLeft:
        node->type = LogicalJoinType::kLeft;
        break;
      case ast::JoinType::kRight:
        node->type = LogicalJoinType::kRight;
        break;
      case ast::JoinType::kCross:
        node->type = LogicalJoinType::kCross;
        break;
      case ast::JoinType::kFull:
        node->type = LogicalJoinType::kFull;
        break;
    }
    node->left = std::move(left);
    node->right = std::move(right);
    std::vector<std::string> using_cols = ref.using_columns;
    if (ref.natural) {
      for (size_t i = node->left->begin; i < node->left->end; ++i)
        for (size_t j = node->right->begin; j < node->right->end; ++j)
          if (!scope_[i].hidden && !scope_[j].hidden && scope_[i].name == scope_[j].name)
            using_cols.push_back(scope_[i].name);
    }
    if (!using_cols.empty()) AddUsingConditions(*node, using_cols);
    if (ref.on) {
      std::vector<BoundExprPtr> conds;
      SplitConjuncts(BindExpr(*ref.on), conds);
      for (auto& c : conds) {
        size_t lo = SIZE_MAX, hi = 0;
        VisitColumns(*c, [&](size_t i) {
          lo = std::min(lo, i);
          hi = std::max(hi, i);
        });
        bool inner = node->type == LogicalJoinType::kInner || node->type == LogicalJoinType::kCross;
        if (inner && lo != SIZE_MAX && TryPlace(*node, c, lo, hi)) continue;
        node->conds.push_back(std::move(c));
      }
      if (node->type == LogicalJoinType::kCross) node->type = LogicalJoinType::kInner;
    }
    return node;
  }
  // kTable
  const std::string& name = ref.name.back();
  const std::string qualifier = ref.alias.empty() ? name : ref.alias;
  if (ref.name.size() == 1) {
    if (const ast::Query::With* cte = FindCte(name)) {
      if (WantsMaterialize(*cte)) {
        LogicalPtr view = MaterializedCte(*cte);
        return AddRelation(std::move(view), qualifier, MaterializedCteNames(*cte));
      }
      Binder child(ctx_, nullptr, this);
      child.ctes_[name] = nullptr;
      BoundQuery bq = child.BindQuery(*cte->query);
      RenameColumns(bq, cte->columns);
      auto names = bq.names;
      return AddRelation(WrapView(std::move(bq), name), qualifier, names);
    }
  }
  if (const storage::TableInfo* t = ctx_.db.FindTable(name)) {
    auto scan = std::make_unique<LogicalNode>(LogicalNode::Kind::kScan);
    scan->table = t;
    scan->alias = qualifier;
    std::vector<std::string> names;
    for (uint32_t i = 0; i < t->columns.size(); ++i) {
      scan->column_ids.push_back(i);
      scan->types.push_back(t->columns[i].type);
      names.push_back(t->columns[i].name);
    }
    return AddRelation(std::move(scan), qualifier, names);
  }
  if (const storage::ViewInfo* v = ctx_.db.FindView(name)) {
    auto stmt = ParseStatement(v->query_text);
    if (!stmt->query) ThrowOra(942, "table or view does not exist");
    Binder child(ctx_, nullptr, nullptr);
    BoundQuery bq = child.BindQuery(*stmt->query);
    RenameColumns(bq, v->columns);
    auto names = bq.names;
    return AddRelation(WrapView(std::move(bq), name), qualifier, names);
  }
  if (const SystemView* sv = FindSystemView(name)) {
    // USER_* and V$ views: a scan of a fixed table (no segment), columns from the catalogue.
    auto scan = std::make_unique<LogicalNode>(LogicalNode::Kind::kScan);
    scan->table = &sv->table;
    scan->system_view = sv;
    scan->alias = qualifier;
    std::vector<std::string> names;
    for (uint32_t i = 0; i < sv->table.columns.size(); ++i) {
      scan->column_ids.push_back(i);
      scan->types.push_back(sv->table.columns[i].type);
      names.push_back(sv->table.columns[i].name);
    }
    return AddRelation(std::move(scan), qualifier, names);
  }
  if (name == "DUAL") {
    // DUAL's one column DUMMY = 'X'; the projection is invisible in plans (FAST DUAL shows).
    auto proj = std::make_unique<LogicalNode>(LogicalNode::Kind::kProject);
    proj->exprs.push_back(MakeConstant(Value::Varchar("X", LogicalType::Varchar(1))));
    proj->types = {LogicalType::Varchar(1)};
    proj->children.push_back(std::make_unique<LogicalNode>(LogicalNode::Kind::kDual));
    return AddRelation(std::move(proj), qualifier, {"DUMMY"});
  }
  ThrowOra(942, "table or view does not exist");
}

void Binder::AddUsingConditions(FromTree& join, const std::vector<std::string>& cols) {
  auto find = [&](const FromTree& side, const std::string& col) -> ScopeColumn& {
    for (size_t i = side.begin; i < side.end; ++i)
      if (!scope_[i].hidden && scope_[i].name == col) return scope_[i];
    ThrowOra(904, "\"{}\": invalid identifier", col);
  };
  for (const auto& col : cols) {
    ScopeColumn& l = find(*join.left, col);
    ScopeColumn& r = find(*join.right, col);
    BoundExprPtr le = MakeColumn(l.index, l.type);
    BoundExprPtr re = MakeColumn(r.index, r.type);
    CoerceComparison(le, re, dialect());
    // The USING column is one column: unqualified references see the preserved side's copy
    // (of a FULL join, the first non-NULL of the two).
    (join.type == LogicalJoinType::kRight ? l : r).hidden = true;
    join.using_first.push_back((join.type == LogicalJoinType::kRight ? r : l).index);
    if (join.type == LogicalJoinType::kFull) l.coalesce_with = r.index;
    join.conds.push_back(MakeCompare("=", std::move(le), std::move(re)));
  }
  if (join.type == LogicalJoinType::kCross) join.type = LogicalJoinType::kInner;
}

bool Binder::TryPlace(FromTree& node, BoundExprPtr& conj, size_t lo, size_t hi) {
  if (node.relation >= 0) {
    relations_[node.relation].filters.push_back(std::move(conj));
    return true;
  }
  auto within = [&](const FromTree& t) { return lo >= t.begin && hi < t.end; };
  switch (node.type) {
    case LogicalJoinType::kInner:
    case LogicalJoinType::kCross:
      if (within(*node.left) && TryPlace(*node.left, conj, lo, hi)) return true;
      if (within(*node.right) && TryPlace(*node.right, conj, lo, hi)) return true;
      node.conds.push_back(std::move(conj));
      node.type = LogicalJoinType::kInner;
      return true;
    case LogicalJoinType::kLeft:
      return within(*node.left) && TryPlace(*node.left, conj, lo, hi);
    case LogicalJoinType::kRight:
      return within(*node.right) && TryPlace(*node.right, conj, lo, hi);
    case LogicalJoinType::kFull:
    case LogicalJoinType::kSemi:  // never in a FROM tree (unnesting adds them later)
    case LogicalJoinType::kAnti:
    case LogicalJoinType::kAntiNullAware:
      return false;
  }
  return false;
}

LogicalPtr Binder::BuildFromTree(FromTree& node) {
  if (node.relation >= 0) {
    Relation& rel = relations_[node.relation];
    LogicalPtr plan = std::move(rel.plan);
    if (rel.filters.empty()) return plan;
    const size_t base = rel.begin;
    for (auto& f : rel.filters) RemapColumns(*f, [base](size_t i) { return i - base; });
    if (plan->kind == LogicalNode::Kind::kScan) {
      if (plan->predicate) rel.filters.insert(rel.filters.begin(), std::move(plan->predicate));
      plan->predicate = MakeAnd(std::move(rel.filters));
      return plan;
    }
    auto f = std::make_unique<LogicalNode>(LogicalNode::Kind::kFilter);
    f->types = plan->types;
    f->predicate = MakeAnd(std::move(rel.filters));
    f->children.push_back(std::move(plan));
    return f;
  }
  auto j = std::make_unique<LogicalNode>(LogicalNode::Kind::kJoin);
  LogicalPtr l = BuildFromTree(*node.left);
  LogicalPtr r = BuildFromTree(*node.right);
  j->types = l->types;
  j->types.insert(j->types.end(), r->types.begin(), r->types.end());
  const size_t base = node.begin;
  for (auto& c : node.conds) RemapColumns(*c, [base](size_t i) { return i - base; });
  j->predicate = MakeAnd(std::move(node.conds));
  j->join_type = node.type;
  if (j->join_type == LogicalJoinType::kCross && j->predicate)
    j->join_type = LogicalJoinType::kInner;
  j->children.push_back(std::move(l));
  j->children.push_back(std::move(r));
  return j;
}

void Binder::PruneColumns(FromTree& root, size_t nglobal, const std::vector<BoundExpr*>& exprs) {
  std::vector<bool> used(nglobal + 1, false);
  used[nglobal] = true;  // ROWNUM, appended after the FROM columns
  auto mark = [&](const BoundExpr& e) {
    VisitColumns(e, [&](size_t i) {
      if (i < used.size()) used[i] = true;
    });
  };
  for (auto* e : exprs) mark(*e);
  for (auto& r : relations_)
    for (auto& f : r.filters) mark(*f);
  std::function<void(FromTree&)> mark_tree = [&](FromTree& t) {
    for (auto& c : t.conds) mark(*c);
    if (t.left) mark_tree(*t.left);
    if (t.right) mark_tree(*t.right);
  };
  mark_tree(root);
  for (auto& r : relations_) {
    const bool scan = r.plan && r.plan->kind == LogicalNode::Kind::kScan;
    bool any = false;
    for (size_t i = r.begin; i < r.end; ++i) {
      if (!scan) used[i] = true;
      any = any || used[i];
    }
    if (scan && !any && r.end > r.begin) used[r.begin] = true;  // scans keep one column
  }
  // map[i]: columns kept before i = the new index of a kept column i (and of a boundary).
  std::vector<size_t> map(nglobal + 1);
  for (size_t i = 0, n = 0; i <= nglobal; ++i) {
    map[i] = n;
    if (used[i]) ++n;
  }
  auto remap = [&](size_t i) { return i < map.size() ? map[i] : i; };
  for (auto& r : relations_) {
    if (r.plan && r.plan->kind == LogicalNode::Kind::kScan) {
      std::vector<uint32_t> ids;
      std::vector<LogicalType> types;
      for (size_t i = r.begin; i < r.end; ++i) {
        if (!used[i]) continue;
        ids.push_back(r.plan->column_ids[i - r.begin]);
        types.push_back(r.plan->types[i - r.begin]);
      }
      r.plan->column_ids = std::move(ids);
      r.plan->types = std::move(types);
    }
    for (auto& f : r.filters) RemapColumns(*f, remap);
    r.begin = map[r.begin];
    r.end = map[r.end];
  }
  std::function<void(FromTree&)> fix_tree = [&](FromTree& t) {
    for (auto& c : t.conds) RemapColumns(*c, remap);
    t.begin = map[t.begin];
    t.end = map[t.end];
    if (t.left) fix_tree(*t.left);
    if (t.right) fix_tree(*t.right);
  };
  fix_tree(root);
  for (auto* e : exprs) RemapColumns(*e, remap);
}

}  // namespace pathdb::planner
