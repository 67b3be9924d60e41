// JoinGraph: one tree of inner/cross joins flattened for the join search
// (planner/join_planner.cpp): its relations (leaves) with their estimates, its conjuncts with
// the relations they reference and their selectivities, subset cardinalities (leaf estimates x
// join selectivities, independence assumed, cached per subset) and the cost of an index access
// of a relation probed with a join key. Internal to the join planner.
//
// Thread use: one graph per join tree being planned, on the planning thread.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "executor/operator.h"
#include "planner/cardinality.h"
#include "planner/cost_model.h"
#include "planner/join_planner.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! A set of relations, bit i = relation i (at most 63 relations).
using JoinMask = uint64_t;

inline bool Has(JoinMask m, size_t i) {
  return (m >> i) & 1;
}

//! One relation of the join tree.
struct JoinRelation {
  LogicalNode* node = nullptr;
  size_t begin = 0, width = 0;  //!< columns [begin, begin + width) of the tree's output
  std::string alias;            //!< name hints use ("" when none)
  bool scan = false;            //!< a table scan (not a fixed table): can be an index NL inner
  std::unique_ptr<PhysicalOperator> planned;  //!< non-scan leaves: planned once, for real
  const PhysicalOperator* line = nullptr;     //!< the relation's top plan line once built
  double rows = 1, bytes = 0;
  cost::Cost cost;
  //! Rows before filters (table rows for a scan): the top of an inflection point search.
  double table_rows = 1;
  //! The estimate may be far off (planner/adaptive_plan.h): joins driven by this relation
  //! may be planned adaptive.
  bool uncertain = false;
  std::vector<std::string> labels;
};

//! One conjunct of the tree's join conditions, over the tree's (global) columns.
struct JoinConjunct {
  BoundExprPtr expr;
  JoinMask leaves = 0;
  //! An equi-join `a = b` between two leaf sets (both sides non-empty and disjoint).
  bool equi = false;
  JoinMask left_leaves = 0, right_leaves = 0;
  double sel = 1;
  //! The equivalence class of columns the equi-join belongs to (-1: none): of the conjuncts
  //! of one class, a subset's estimate counts only those that connect new relations.
  int eq_class = -1;
  //! Implied by others through a shared column (a.x = b.x AND b.x = c.x gives a.x = c.x).
  bool derived = false;
};

//! An index access usable as the inner side of nested loops for (relation, key conjunct).
struct IndexProbe {
  bool usable = false;
  cost::Cost per_start;
  size_t outer_side = 0;  //!< child of the conjunct on the outer side
};

class JoinGraph {
 public:
  explicit JoinGraph(PlanContext& ctx) : ctx_(ctx) {}

 protected:
  using Mask = JoinMask;
  using Relation = JoinRelation;
  using Conjunct = JoinConjunct;

  //! Collects the relations and conjuncts of the join tree `n` whose columns start at `base`
  //! (consumes the joins' predicates); the first scan names the query block and its hints.
  void Flatten(LogicalNode& n, size_t base);
  //! The relation holding global column `column`.
  size_t RelationOf(size_t column) const;
  Mask LeavesOf(const BoundExpr& e) const;
  //! Average row width of a leaf: from column statistics, else 20 per string, 8 otherwise.
  static double RowWidth(const LogicalNode& n);
  static cost::Cost CostOf(const PhysicalOperator& op);
  //! Estimates every relation: scans from the access-path estimate (operators are built only
  //! for the chosen plan), other leaves planned for real by `plan_leaf`. Fills labels_.
  void PlanLeaves(const PlanLeafFn& plan_leaf);
  //! A table scan leaf's estimates from its node's (pushed) predicate.
  void EstimateScanLeaf(Relation& r);
  card::ColumnView ColumnStats(size_t column) const;
  //! Selectivity of `column op constant` (or IN constants) from the column's statistics.
  std::optional<double> AtomSel(const BoundExpr& a) const;
  //! Selectivity of an OR of ANDs of such conditions on several relations, over what the
  //! relations' own implied filters (OR factoring) already count; nullopt for other shapes.
  std::optional<double> DisjunctionSel(const BoundExpr& e) const;
  //! Relations, equi-join shape and selectivity of every conjunct.
  void ClassifyConjuncts();
  //! Transitive closure of the equi-joins of bare columns (planner/join_graph_closure.cpp):
  //! numbers their equivalence classes and adds, for every two relations with columns in one
  //! class and no equi-join of that class between them, the implied one, so join orders that
  //! meet the two first can join them on a key rather than as a cartesian product (TPC-H Q5's
  //! CUSTOMER to NATION through c_nationkey = s_nationkey = n_nationkey).
  void DeriveTransitiveJoins();
  //! Estimated rows and bytes of the join of the relations in `s`.
  double SubsetRows(Mask s);
  //! `rows` of the join of subset `s` after the OPT_ESTIMATE(JOIN (...)) hints naming exactly
  //! its tables (ROWS= replaces, SCALE_ROWS= multiplies, MIN= / MAX= bound).
  double JoinEstimateHint(Mask s, double rows);
  double SubsetBytes(Mask s);
  //! Conjuncts first applicable when `inner` joins `outer`.
  std::vector<size_t> Applicable(Mask outer, size_t inner) const;
  //! The equi-join conjuncts among `applicable` separating `outer` and `inner`.
  std::vector<size_t> EquiKeys(Mask outer, size_t inner, const std::vector<size_t>& applicable);
  //! The inner table's side of key conjunct k as a bare column of relation `inner`, and the
  //! outer side as a bare column: the shape index nested loops can pass as a parameter.
  std::optional<size_t> InnerSide(size_t k, size_t inner) const;
  //! Cost of one start of an index access of `inner` with key conjunct k's inner column bound
  //! to a parameter (usable only when the index access applies that equality).
  const IndexProbe& Probe(size_t inner, size_t k);
  //! The share of `inner`'s full scan that remains when it probes a hash join built on
  //! `outer` over equi-key conjunct k (1 when nothing is known). Beyond Oracle's costing: the
  //! join filter's min/max lets the scan skip every storage region outside the build keys'
  //! range, which pays when the inner's key column is clustered (an index on it with a
  //! clustering factor of at most twice the table's blocks) and the outer's predicates or
  //! statistics bound its keys to a part of the inner column's range.
  double ProbeScanShare(Mask outer, size_t inner, size_t k);

  PlanContext& ctx_;
  //! Multi-column equi-joins between two relations get one selectivity (the first conjunct's;
  //! the others 1) from the column groups' NDVs.
  void CombineMultiColumnJoins();
  //! NDV of a column group of relation `rel` (global column numbers): an index on exactly
  //! those columns gives its DISTINCT_KEYS (exact), else column-group statistics on them
  //! (exact), else the product of NDVs capped at the table rows.
  struct GroupNdv {
    double ndv = 1;
    bool exact = false;  //!< counted (DISTINCT_KEYS, a column group's NUM_DISTINCT), not inferred
  };
  std::optional<GroupNdv> ColumnGroupNdv(size_t rel, const std::vector<size_t>& columns) const;

  std::vector<Relation> rels_;
  std::vector<Conjunct> conjuncts_;
  std::vector<std::string> labels_;  //!< per global column
  std::string query_block_;
  const std::vector<ast::Hint>* hints_ = nullptr;
  std::map<Mask, double> rows_cache_;
  //! OPT_ESTIMATE(JOIN ...) hints of this block (set by the join planner) and those applied.
  std::vector<const ast::Hint*> join_estimates_;
  std::set<const ast::Hint*> used_join_estimates_;
  std::map<std::pair<size_t, size_t>, IndexProbe> probes_;
  //! Relation i's hints for its index probes when they differ from its scan's: an index
  //! USE_NL_WITH_INDEX(t idx) names becomes an INDEX(t idx) there.
  std::map<size_t, std::vector<ast::Hint>> probe_hints_;
  const std::vector<ast::Hint>& ProbeHints(size_t i) const {
    auto it = probe_hints_.find(i);
    return it != probe_hints_.end() ? it->second : rels_[i].node->hints;
  }
};

}  // namespace pathdb::planner
