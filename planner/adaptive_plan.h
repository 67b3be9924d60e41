// The planner's side of adaptive joins (oracle-reference.md 2.1-2.2): when a join's driving
// estimate cannot be trusted, and where the two cost functions of nested loops and hash join
// cross -- the inflection point. The join search (planner/join_search_adaptive.cpp) builds the
// AdaptiveJoin node (executor/adaptive_join.h) from these answers.
//
// Thread use: plain functions, called on the planning thread.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "executor/expression.h"
#include "parser/ast.h"
#include "storage/storage.h"

namespace pathdb::planner {

//! Whether a scan's row estimate is uncertain enough for an adaptive join to be worth its
//! buffering: no statistics (or only a dynamic sample), two or more combined predicates
//! (independence assumed), or a range predicate on a column with a histogram (skew).
bool ScanEstimateUncertain(const storage::TableInfo& table, const std::vector<uint32_t>& column_ids,
                           const BoundExpr* predicate, bool dynamic_sampling);

//! ADAPTIVE_PLAN / NO_ADAPTIVE_PLAN among a query block's hints (the last one wins).
enum class AdaptiveHint { kNone, kAdaptivePlan, kNoAdaptivePlan };
AdaptiveHint ReadAdaptiveHint(const std::vector<ast::Hint>* hints);

//! The driving cardinality in [lo, hi] where nested loops (cost nl(c)) stops being cheaper
//! than the hash join (hj(c)), by bisection as Oracle's trace shows ("AP: ... binary search").
//! nullopt when there is no crossing in range: one method is cheaper over the whole range
//! (then no adaptive plan). REQUIRES: 0 <= lo < hi; nl - hj increasing (nested loops pays
//! per driving row, the hash join mostly once).
std::optional<double> FindInflectionPoint(const std::function<double(double)>& nl,
                                          const std::function<double(double)>& hj, double lo,
                                          double hi);

}  // namespace pathdb::planner
