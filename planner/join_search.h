// The join search of one block (planner/join_planner.h is its entry point): one class holds
// the relations, conjuncts and column layouts that the search and the building of its winner
// share. Its member functions live in four files:
//   planner/join_planner.cpp               the search: orders, methods, hints, outline
//   planner/join_search_build.cpp          the winner's operators, join by join
//   planner/join_search_adaptive.cpp       adaptive joins: collector and both alternatives
//   planner/join_search_moved_filters.cpp  correlated subquery filters moved above joins
// Internal to the planner. Threads: one planning at a time, like all of the planner.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "planner/adaptive_plan.h"
#include "planner/cost_model.h"
#include "planner/join_builder.h"
#include "planner/join_graph.h"
#include "planner/join_hints.h"
#include "planner/join_planner.h"

namespace pathdb::planner::join_detail {

using OpPtr = std::unique_ptr<PhysicalOperator>;

// Two costs this close are a tie (floating additions in another order).
inline constexpr double kCostEpsilon = 1e-9;

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

  OpPtr Run();

 private:
  // ---- search (planner/join_planner.cpp)

  struct Extension {
    Method method = Method::kFirst;
    size_t key = 0;
    cost::Cost cost;
    bool adaptive = false;
    double inflection_point = 0;
  };

  Extension Extend(Mask outer, const cost::Cost& oc, size_t inner);
  static cost::Cost Scaled(const cost::Cost& c, double share);
  double ProbeShare(Mask outer, size_t inner, const std::vector<size_t>& keys);
  cost::Cost PlainNestedLoopsCost(const cost::Cost& oc, double orows, const Relation& r) const;
  bool Better(const Candidate& a, const Candidate& b) const;
  bool LeadingAllows(size_t position, size_t rel) const;
  Candidate Single(size_t i) const;
  Candidate Append(const Candidate& outer, Mask outer_mask, size_t inner);
  Candidate SearchDp();
  Candidate SearchGreedy();
  std::vector<std::string> Aliases() const;
  void RecordHintUse(const Candidate& best);

  // ---- building the operators (planner/join_search_build.cpp)

  // The plan so far: operator and which global column each output position holds.
  struct Built {
    OpPtr op;
    std::vector<size_t> layout;
    Mask mask = 0;
  };

  OpPtr PlanLeafForReal(size_t i);
  std::vector<size_t> LeafLayout(size_t i) const;
  std::vector<std::string> LabelsOf(const std::vector<size_t>& layout) const;
  static void ToLayout(BoundExpr& e, const std::vector<size_t>& first, size_t first_offset,
                       const std::vector<size_t>* second, size_t second_offset);
  std::string Text(const BoundExpr& e) const;
  OpPtr Build(Candidate& best);

  // ---- correlated subquery filters moved above joins (planner/subquery_filter.h;
  // planner/join_search_moved_filters.cpp)

  struct MovedFilter {
    Mask leaves = 0;    // the relations it reads
    size_t step = 0;    // runs after this join step
    BoundExprPtr cond;  // global column numbers
    double sel = 1;     // its share of the relation's estimate
  };

  std::vector<MovedFilter> MoveSubqueryFilters(const Candidate& best);
  OpPtr PlaceMovedFilters(OpPtr op, const Built& cur, size_t k, std::vector<MovedFilter>& moved);

  // ---- adaptive joins (planner/join_search_adaptive.cpp)

  void MaybeAdaptive(Extension& best, Mask outer, size_t inner, size_t index_key,
                     const std::vector<Method>& allowed);
  OpPtr IndexProbeAccess(size_t i, size_t key, const std::vector<size_t>& outer_layout,
                         bool copy_predicate, NestedLoopsSpec& nl);
  void MarkAlternativeHints(uint32_t id, const std::vector<std::string>& hash_hints,
                            const std::vector<std::string>& nl_hints);
  Built JoinAdaptive(Built outer, const Step& s);

  // ---- each join and the final column order (planner/join_search_build.cpp)

  Built Join(Built outer, const Step& s);
  OpPtr Restore(Built cur);

  LogicalNode& root_;
  const PlanLeafFn& plan_leaf_;
  cost::CostModel model_;
  JoinHints jh_;
  AdaptiveHint adaptive_hint_ = AdaptiveHint::kNone;
};

}  // namespace pathdb::planner::join_detail
