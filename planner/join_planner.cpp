// Join search: flatten the inner/cross join tree into relations and conjuncts, estimate every
// subset's cardinality once (leaf estimates x join selectivities, independence assumed),
// then search left-deep orders by dynamic programming (greedy beyond kMaxDpRelations) with
// the cost model deciding the method of each join. Operators are built only for the winner.
#include "planner/join_planner.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>

#include "common/error.h"
#include "executor/hash_join.h"
#include "executor/nested_loops.h"
#include "executor/projection.h"
#include "planner/access_path.h"
#include "planner/bound_util.h"
#include "planner/cardinality.h"
#include "planner/cost_model.h"
#include "planner/predicate_text.h"

namespace pathdb::planner {

namespace {

using OpPtr = std::unique_ptr<PhysicalOperator>;
using Mask = uint64_t;

// Two costs this close are a tie (floating additions in another order).
constexpr double kCostEpsilon = 1e-9;

enum class Method { kFirst, kHashOuterBuilds, kHashInnerBuilds, kIndexNestedLoops, kNestedLoops };

bool IsHash(Method m) {
  return m == Method::kHashOuterBuilds || m == Method::kHashInnerBuilds;
}
bool IsNl(Method m) {
  return m == Method::kIndexNestedLoops || m == Method::kNestedLoops;
}

// One relation of the join tree.
struct Relation {
  LogicalNode* node = nullptr;
  size_t begin = 0, width = 0;  // columns [begin, begin + width) of the tree's output
  std::string alias;            // name hints use ("" when none)
  bool scan = false;            // a table scan (not a fixed table): can be an index NL inner
  OpPtr planned;                // non-scan leaves: planned once, for real
  const PhysicalOperator* line = nullptr;  // the relation's top plan line once built
  double rows = 1, bytes = 0;
  cost::Cost cost;
  std::vector<std::string> labels;
};

struct Conjunct {
  BoundExprPtr expr;
  Mask leaves = 0;
  // An equi-join `a = b` between two leaf sets (both sides non-empty and disjoint).
  bool equi = false;
  Mask left_leaves = 0, right_leaves = 0;
  double sel = 1;
};

// An index access usable as the inner side of nested loops for (relation, key conjunct).
struct IndexProbe {
  bool usable = false;
  cost::Cost per_start;
  size_t outer_side = 0;  // child of the conjunct on the outer side
};

struct Step {
  size_t rel = 0;
  Method method = Method::kFirst;
  size_t key = 0;  // kIndexNestedLoops: the conjunct the index access uses
};

struct Candidate {
  bool valid = false;
  cost::Cost cost;
  int swaps = 0;  // fewer inner-builds wins a cost tie (Oracle's default build side)
  std::vector<Step> steps;
};

// The join hints of the query block, by relation.
struct JoinHints {
  std::vector<size_t> leading;
  const ast::Hint* leading_hint = nullptr;
  struct PerRelation {
    const ast::Hint *use_hash = nullptr, *use_nl = nullptr, *no_use_hash = nullptr,
                    *no_use_nl = nullptr, *swap = nullptr, *no_swap = nullptr;
  };
  std::vector<PerRelation> rel;
};

// fmt rather than `+` chains: GCC 12 at -O3 reports a false -Wrestrict on those.
std::string OutlineAlias(const std::string& alias, const std::string& qb) {
  return fmt::format("\"{}\"@\"{}\"", alias, qb);
}

bool Has(Mask m, size_t i) {
  return (m >> i) & 1;
}

class JoinSearch {
 public:
  JoinSearch(LogicalNode& root, PlanContext& ctx, const PlanLeafFn& plan_leaf)
      : root_(root), ctx_(ctx), plan_leaf_(plan_leaf), model_(ctx.cost) {}

  OpPtr Run() {
    Flatten(root_, 0);
    if (rels_.size() > 63)
      ThrowOra(600, "internal error code, arguments: [planner], [too many joins]");
    // The scans of the tree are planned here, not by PlanPhysical: report bad hints here too.
    if (hints_ != nullptr) RecordUnknownHints(*hints_, ctx_);
    PlanLeaves();
    ClassifyConjuncts();
    ReadJoinHints();
    Candidate best = rels_.size() <= kMaxDpRelations ? SearchDp() : SearchGreedy();
    // Built first: the access paths' outline hints precede the join order's, as in Oracle.
    OpPtr plan = Build(best);
    RecordHintUse(best);
    return plan;
  }

 private:
  // ---- flattening

  void Flatten(LogicalNode& n, size_t base) {
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
      r.alias = n.name;
    }
    rels_.push_back(std::move(r));
  }

  size_t RelationOf(size_t column) const {
    for (size_t i = 0; i < rels_.size(); ++i)
      if (column >= rels_[i].begin && column < rels_[i].begin + rels_[i].width) return i;
    return 0;
  }

  Mask LeavesOf(const BoundExpr& e) const {
    Mask m = 0;
    VisitColumns(e, [&](size_t c) { m |= Mask{1} << RelationOf(c); });
    return m;
  }

  // ---- leaf estimates

  static double RowWidth(const LogicalNode& n) {
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

  static cost::Cost CostOf(const PhysicalOperator& op) {
    return {std::max(0.0, op.cost - op.cpu_cost), op.cpu_cost};
  }

  void PlanLeaves() {
    for (auto& r : rels_) {
      if (r.scan) {
        // Scans are only estimated here; operators are built for the chosen plan.
        const LogicalNode& n = *r.node;
        AccessEstimate e =
            EstimateTableAccess(*n.table, n.column_ids, n.predicate.get(), n.alias, n.hints, ctx_);
        r.rows = std::max(e.rows, 1.0);
        r.bytes = e.bytes > 0 ? e.bytes : r.rows * RowWidth(n);
        r.cost = {std::max(0.0, e.cost - e.cpu_cost), e.cpu_cost};
        r.labels = ScanLabels(*n.table, n.column_ids, n.alias);
      } else {
        OpPtr op = plan_leaf_(*r.node, ctx_);
        r.rows = std::max(op->estimated_rows, 1.0);
        r.bytes = op->estimated_bytes > 0 ? op->estimated_bytes : r.rows * RowWidth(*r.node);
        r.cost = CostOf(*op);
        r.labels = op->column_labels;
        r.planned = std::move(op);
      }
      r.labels.resize(r.width);
    }
    for (const auto& r : rels_) labels_.insert(labels_.end(), r.labels.begin(), r.labels.end());
  }

  // ---- conjuncts and selectivities

  card::ColumnView ColumnStats(size_t column) const {
    const Relation& r = rels_[RelationOf(column)];
    const LogicalNode& n = *r.node;
    if (!r.scan || !n.table->stats.present) return {};
    size_t local = column - r.begin;
    if (local >= n.column_ids.size()) return {};
    uint32_t tc = n.column_ids[local];
    if (tc >= n.table->stats.columns.size()) return {};
    return {&n.table->stats.columns[tc], double(n.table->stats.num_rows)};
  }

  void ClassifyConjuncts() {
    for (auto& c : conjuncts_) {
      c.leaves = LeavesOf(*c.expr);
      const BoundExpr& e = *c.expr;
      if (e.kind == BoundKind::kCompare && e.name == "=" && e.children.size() == 2 &&
          !HasSubquery(e)) {
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
      } else {
        c.sel = card::kDefaultRange;  // non-equi join conditions, leftovers of one relation
      }
    }
  }

  double SubsetRows(Mask s) {
    if (auto it = rows_cache_.find(s); it != rows_cache_.end()) return it->second;
    double rows = 1;
    for (size_t i = 0; i < rels_.size(); ++i)
      if (Has(s, i)) rows *= rels_[i].rows;
    double sel = 1;
    for (const auto& c : conjuncts_)
      if (c.leaves != 0 && (c.leaves & ~s) == 0 && std::popcount(c.leaves) >= 2)
        sel = card::AndSel(sel, c.sel);
    rows = card::Rows(rows, sel);
    rows_cache_.emplace(s, rows);
    return rows;
  }

  double SubsetBytes(Mask s) {
    double width = 0;
    for (size_t i = 0; i < rels_.size(); ++i)
      if (Has(s, i)) width += rels_[i].bytes / std::max(rels_[i].rows, 1.0);
    return SubsetRows(s) * width;
  }

  // Conjuncts first applicable when `inner` joins `outer`.
  std::vector<size_t> Applicable(Mask outer, size_t inner) const {
    std::vector<size_t> out;
    const Mask s = outer | (Mask{1} << inner);
    for (size_t k = 0; k < conjuncts_.size(); ++k) {
      const Mask l = conjuncts_[k].leaves;
      // At the first join covering its relations: a conjunct of the first relation alone (or
      // of none) goes to the very first join.
      const bool here = (l & ~s) == 0 && ((l & ~outer) != 0 || std::popcount(outer) == 1);
      if (here) out.push_back(k);
    }
    return out;
  }

  // The equi-join conjuncts among `applicable` separating `outer` and `inner`.
  std::vector<size_t> EquiKeys(Mask outer, size_t inner, const std::vector<size_t>& applicable) {
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

  // The inner table's side of key conjunct k as a bare column of relation `inner`, and the
  // outer side as a bare column: the shape index nested loops can pass as a parameter.
  std::optional<size_t> InnerSide(size_t k, size_t inner) const {
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

  // Cost of one start of an index access of `inner` with key conjunct k's inner column bound
  // to a parameter (usable only when the index access applies that equality).
  const IndexProbe& Probe(size_t inner, size_t k) {
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
          EstimateTableAccess(*n.table, n.column_ids, pred.get(), n.alias, n.hints, ctx_);
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

  // ---- hints

  std::optional<size_t> FindAlias(const ast::Hint::TableSpec& t) const {
    if (!t.query_block.empty() && t.query_block != query_block_) return std::nullopt;
    for (size_t i = 0; i < rels_.size(); ++i)
      if (!rels_[i].alias.empty() && rels_[i].alias == t.alias) return i;
    return std::nullopt;
  }

  bool ForThisBlock(const ast::Hint& h) const {
    return !h.malformed && (h.query_block.empty() || h.query_block == query_block_);
  }

  void Unresolved(const ast::Hint& h, const std::string& reason) {
    HintUse u;
    u.text = h.text;
    u.query_block = query_block_;
    u.reason = reason;
    hint_uses_.push_back(std::move(u));
  }

  void ReadJoinHints() {
    jh_.rel.resize(rels_.size());
    if (hints_ == nullptr) return;
    for (const auto& h : *hints_) {
      if (!ForThisBlock(h)) continue;
      if (h.name == "LEADING" || h.name == "ORDERED") {
        if (jh_.leading_hint != nullptr) {
          Unresolved(h, "hint conflicts with another in sibling query block");
          continue;
        }
        std::vector<size_t> order;
        bool ok = true;
        if (h.name == "ORDERED") {
          for (size_t i = 0; i < rels_.size(); ++i) order.push_back(i);
        } else {
          for (const auto& t : h.tables) {
            auto i = FindAlias(t);
            if (!i || std::find(order.begin(), order.end(), *i) != order.end()) ok = false;
            if (i) order.push_back(*i);
          }
          ok = ok && !order.empty();
        }
        if (!ok) {
          Unresolved(h, "hint names a table that is not in the query block");
          continue;
        }
        jh_.leading = std::move(order);
        jh_.leading_hint = &h;
        continue;
      }
      const ast::Hint* JoinHints::PerRelation::*slot = nullptr;
      if (h.name == "USE_HASH") slot = &JoinHints::PerRelation::use_hash;
      if (h.name == "USE_NL") slot = &JoinHints::PerRelation::use_nl;
      if (h.name == "NO_USE_HASH") slot = &JoinHints::PerRelation::no_use_hash;
      if (h.name == "NO_USE_NL") slot = &JoinHints::PerRelation::no_use_nl;
      if (h.name == "SWAP_JOIN_INPUTS") slot = &JoinHints::PerRelation::swap;
      if (h.name == "NO_SWAP_JOIN_INPUTS") slot = &JoinHints::PerRelation::no_swap;
      if (slot == nullptr) continue;
      if (h.tables.empty()) {
        Unresolved(h, "hint names no table");
        continue;
      }
      for (const auto& t : h.tables) {
        auto i = FindAlias(t);
        if (!i) {
          Unresolved(h, "hint names a table that is not in the query block");
          continue;
        }
        jh_.rel[*i].*slot = &h;
      }
    }
  }

  // Methods allowed for `inner` by its hints among `possible` (all of them when the hints
  // would leave none: an unusable hint is ignored).
  std::vector<Method> Allowed(size_t inner, const std::vector<Method>& possible) const {
    const auto& h = jh_.rel[inner];
    auto filter = [&](auto pred) {
      std::vector<Method> out;
      for (Method m : possible)
        if (pred(m)) out.push_back(m);
      return out;
    };
    std::vector<Method> m = possible;
    auto narrow = [&](auto pred) {
      auto f = filter(pred);
      std::vector<Method> kept;
      for (Method x : m)
        if (std::find(f.begin(), f.end(), x) != f.end()) kept.push_back(x);
      if (!kept.empty()) m = std::move(kept);
    };
    if (h.use_hash && !h.use_nl) narrow([](Method x) { return IsHash(x); });
    if (h.use_nl && !h.use_hash) narrow([](Method x) { return IsNl(x); });
    if (h.no_use_hash) narrow([](Method x) { return !IsHash(x); });
    if (h.no_use_nl) narrow([](Method x) { return !IsNl(x); });
    if (h.swap) narrow([](Method x) { return x == Method::kHashInnerBuilds || !IsHash(x); });
    if (h.no_swap) narrow([](Method x) { return x == Method::kHashOuterBuilds || !IsHash(x); });
    return m;
  }

  // ---- search

  struct Extension {
    Method method = Method::kFirst;
    size_t key = 0;
    cost::Cost cost;
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
    const auto allowed = Allowed(inner, possible);
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
          c = oc + r.cost + model_.HashJoin(orows, obytes, r.rows, model_.params().work_area_bytes);
          break;
        case Method::kHashInnerBuilds:
          if (!hinted_swap && !(r.rows < orows) &&
              std::find(allowed.begin(), allowed.end(), Method::kHashOuterBuilds) != allowed.end())
            continue;
          c = oc + r.cost +
              model_.HashJoin(r.rows, r.bytes, orows, model_.params().work_area_bytes);
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
    return best;
  }

  // Oracle's formula: the inner row source once per outer row, even though the executor
  // materialises it; it keeps nested loops for where they pay (few outer rows, small inner).
  cost::Cost PlainNestedLoopsCost(const cost::Cost& oc, double orows, const Relation& r) const {
    return model_.NestedLoops(oc, orows, r.cost) +
           cost::Cost{0, model_.CpuCost(orows * r.rows * model_.params().cpu_per_predicate)};
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
    c.steps.push_back({inner, e.method, e.key});
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

  void RecordHintUse(const Candidate& best) {
    std::vector<int> position(rels_.size(), -1);
    std::vector<Method> method(rels_.size(), Method::kFirst);
    for (size_t p = 0; p < best.steps.size(); ++p) {
      position[best.steps[p].rel] = static_cast<int>(p);
      method[best.steps[p].rel] = best.steps[p].method;
    }
    for (auto& u : hint_uses_) ctx_.record.hints.push_back(std::move(u));
    auto use = [&](const ast::Hint& h, size_t rel, bool used, const std::string& reason) {
      HintUse u;
      u.text = h.text;
      u.query_block = query_block_;
      if (rel < rels_.size()) {
        // Join method hints belong to the inner table's line in the Hint Report.
        u.alias = OutlineAlias(rels_[rel].alias, query_block_);
        u.line = rels_[rel].line;
      }
      u.used = used;
      if (!used) u.reason = reason;
      ctx_.record.hints.push_back(std::move(u));
    };
    if (jh_.leading_hint != nullptr) use(*jh_.leading_hint, SIZE_MAX, true, "");
    for (size_t i = 0; i < rels_.size(); ++i) {
      const auto& h = jh_.rel[i];
      const bool first = method[i] == Method::kFirst;
      const std::string first_reason = "join method hint on the first table of the join order";
      auto check = [&](const ast::Hint* hint, bool honoured) {
        if (hint == nullptr) return;
        use(*hint, i, !first && honoured, first ? first_reason : "join method not possible");
      };
      check(h.use_hash, IsHash(method[i]));
      check(h.use_nl, IsNl(method[i]));
      check(h.no_use_hash, !IsHash(method[i]));
      check(h.no_use_nl, !IsNl(method[i]));
      check(h.swap, method[i] == Method::kHashInnerBuilds);
      check(h.no_swap, method[i] == Method::kHashOuterBuilds);
    }
    // Outline: LEADING, then each later table's join method (and build side).
    bool all_named = true;
    for (const auto& s : best.steps) all_named = all_named && !rels_[s.rel].alias.empty();
    if (!all_named || query_block_.empty()) return;
    const std::string qb = fmt::format("@\"{}\"", query_block_);
    std::string leading = fmt::format("LEADING({}", qb);
    for (const auto& s : best.steps)
      fmt::format_to(std::back_inserter(leading), " {}",
                     OutlineAlias(rels_[s.rel].alias, query_block_));
    leading.push_back(')');
    ctx_.record.outline.push_back(std::move(leading));
    for (const auto& s : best.steps) {
      const std::string who =
          fmt::format("{} {})", qb, OutlineAlias(rels_[s.rel].alias, query_block_));
      if (IsHash(s.method)) ctx_.record.outline.push_back(fmt::format("USE_HASH({}", who));
      if (IsNl(s.method)) ctx_.record.outline.push_back(fmt::format("USE_NL({}", who));
      if (s.method == Method::kHashInnerBuilds)
        ctx_.record.outline.push_back(fmt::format("SWAP_JOIN_INPUTS({}", who));
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
    Built cur;
    for (const Step& s : best.steps) {
      if (s.method == Method::kFirst) {
        cur.op = PlanLeafForReal(s.rel);
        cur.layout = LeafLayout(s.rel);
        cur.mask = Mask{1} << s.rel;
        continue;
      }
      cur = Join(std::move(cur), s);
    }
    return Restore(std::move(cur));
  }

  Built Join(Built outer, const Step& s) {
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
      std::unique_ptr<HashJoin> hj;
      cost::Cost jc;
      if (s.method == Method::kHashOuterBuilds) {
        // Residual over probe (inner) then build (outer).
        if (residual) ToLayout(*residual, inner_layout, 0, &outer.layout, inner_layout.size());
        hj = std::make_unique<HashJoin>(JoinKind::kInner, std::move(okeys), std::move(ikeys),
                                        std::move(residual));
        jc = oc + ic +
             model_.HashJoin(orows, SubsetBytes(outer.mask), r.rows,
                             model_.params().work_area_bytes);
        hj->AddChild(std::move(outer.op));
        hj->AddChild(std::move(inner));
        out.layout = outer.layout;
        out.layout.insert(out.layout.end(), inner_layout.begin(), inner_layout.end());
      } else {
        if (residual) ToLayout(*residual, outer.layout, 0, &inner_layout, outer.layout.size());
        hj = std::make_unique<HashJoin>(JoinKind::kInner, std::move(ikeys), std::move(okeys),
                                        std::move(residual));
        jc = oc + ic + model_.HashJoin(r.rows, r.bytes, orows, model_.params().work_area_bytes);
        hj->AddChild(std::move(inner));
        hj->AddChild(std::move(outer.op));
        out.layout = inner_layout;
        out.layout.insert(out.layout.end(), outer.layout.begin(), outer.layout.end());
      }
      out.op = std::move(hj);
      out.op->cost = jc.total();
      out.op->cpu_cost = jc.cpu;
    } else {
      // Nested loops: the inner side is an index access probing with the outer key (one start
      // per outer row), or the leaf itself, materialised once.
      const bool indexed = s.method == Method::kIndexNestedLoops;
      OpPtr inner;
      std::vector<size_t> outer_columns, slots;
      cost::Cost jc;
      if (indexed) {
        auto& kc = conjuncts_[s.key];
        const size_t inner_side = *InnerSide(s.key, i);
        const BoundExpr& in_col = *kc.expr->children[inner_side];
        const BoundExpr& out_col = *kc.expr->children[1 - inner_side];
        const size_t slot = ctx_.next_parameter_slot++;
        size_t outer_pos = 0;
        for (size_t p = 0; p < outer.layout.size(); ++p)
          if (outer.layout[p] == out_col.column_index) outer_pos = p;
        LogicalNode& n = *r.node;
        auto param = MakeParameter(slot, out_col.type);
        param->display = labels_[out_col.column_index];
        std::vector<BoundExprPtr> conj;
        if (n.predicate) conj.push_back(std::move(n.predicate));
        conj.push_back(MakeCompare("=", MakeColumn(in_col.column_index - r.begin, in_col.type),
                                   std::move(param)));
        inner = PlanTableAccess(*n.table, n.column_ids, MakeAnd(std::move(conj)), n.alias, n.hints,
                                ctx_, n.query_block);
        rels_[i].line = inner.get();
        outer_columns = {outer_pos};
        slots = {slot};
        jc = model_.NestedLoops(oc, orows, Probe(i, s.key).per_start);
      } else {
        inner = PlanLeafForReal(i);
        jc = PlainNestedLoopsCost(oc, orows, r);
      }
      for (size_t k : applicable) {
        if (indexed && k == s.key) continue;
        filter.push_back(Text(*conjuncts_[k].expr));
        rest.push_back(std::move(conjuncts_[k].expr));
      }
      BoundExprPtr cond = MakeAnd(std::move(rest));
      if (cond) ToLayout(*cond, outer.layout, 0, &inner_layout, outer.layout.size());
      auto nl = indexed ? std::make_unique<NestedLoops>(JoinKind::kInner, std::move(cond),
                                                        std::move(outer_columns), std::move(slots))
                        : std::make_unique<NestedLoops>(JoinKind::kInner, std::move(cond));
      nl->AddChild(std::move(outer.op));
      nl->AddChild(std::move(inner));
      out.op = std::move(nl);
      out.op->cost = jc.total();
      out.op->cpu_cost = jc.cpu;
      out.layout = outer.layout;
      out.layout.insert(out.layout.end(), inner_layout.begin(), inner_layout.end());
    }
    out.op->access_predicates = std::move(access);
    out.op->filter_predicates = std::move(filter);
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
  PlanContext& ctx_;
  const PlanLeafFn& plan_leaf_;
  const cost::CostModel model_;
  std::vector<Relation> rels_;
  std::vector<Conjunct> conjuncts_;
  std::vector<std::string> labels_;  // per global column
  std::string query_block_;
  const std::vector<ast::Hint>* hints_ = nullptr;
  JoinHints jh_;
  std::vector<HintUse> hint_uses_;
  std::map<Mask, double> rows_cache_;
  std::map<std::pair<size_t, size_t>, IndexProbe> probes_;
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
