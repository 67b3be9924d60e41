#include "planner/adaptive_plan.h"

#include "planner/bound_util.h"

namespace pathdb::planner {

namespace {

bool IsRange(const BoundExpr& e) {
  return e.kind == BoundKind::kCompare && e.name != "=" && e.name != "<>";
}

//! A range comparison of a bare scan column with a histogram.
bool RangeOnHistogram(const BoundExpr& e, const storage::TableInfo& table,
                      const std::vector<uint32_t>& column_ids) {
  if (!IsRange(e) || !table.stats.present) return false;
  for (const auto& c : e.children) {
    if (c->kind != BoundKind::kColumn || c->column_index >= column_ids.size()) continue;
    const uint32_t id = column_ids[c->column_index];
    if (id < table.stats.columns.size() &&
        table.stats.columns[id].histogram != storage::HistogramType::kNone)
      return true;
  }
  return false;
}

}  // namespace

bool ScanEstimateUncertain(const storage::TableInfo& table, const std::vector<uint32_t>& column_ids,
                           const BoundExpr* predicate, bool dynamic_sampling) {
  if (dynamic_sampling || !table.stats.present) return true;
  if (predicate == nullptr) return false;
  std::vector<BoundExprPtr> conjuncts;
  SplitConjuncts(predicate->Copy(), conjuncts);
  // BETWEEN is two range conjuncts on one column: one predicate, not two combined ones.
  size_t combined = 0;
  const BoundExpr* last_range = nullptr;
  for (const auto& c : conjuncts) {
    if (RangeOnHistogram(*c, table, column_ids)) return true;
    const bool same_column_range =
        last_range != nullptr && IsRange(*c) && c->children[0]->kind == BoundKind::kColumn &&
        last_range->children[0]->kind == BoundKind::kColumn &&
        c->children[0]->column_index == last_range->children[0]->column_index;
    if (!same_column_range) ++combined;
    if (IsRange(*c)) last_range = c.get();
  }
  return combined >= 2;
}

AdaptiveHint ReadAdaptiveHint(const std::vector<ast::Hint>* hints) {
  AdaptiveHint out = AdaptiveHint::kNone;
  if (hints == nullptr) return out;
  for (const auto& h : *hints) {
    if (h.malformed) continue;
    if (h.name == "ADAPTIVE_PLAN") out = AdaptiveHint::kAdaptivePlan;
    if (h.name == "NO_ADAPTIVE_PLAN") out = AdaptiveHint::kNoAdaptivePlan;
  }
  return out;
}

std::optional<double> FindInflectionPoint(const std::function<double(double)>& nl,
                                          const std::function<double(double)>& hj, double lo,
                                          double hi) {
  if (!(nl(lo) < hj(lo)) || !(nl(hi) > hj(hi))) return std::nullopt;
  // Halve until the bracket is below 1% of its low end (or 0.01 rows): costs are smooth, and
  // the collector counts whole rows anyway.
  for (int i = 0; i < 200 && hi - lo > std::max(0.01, lo * 0.01); ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (nl(mid) < hj(mid))
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace pathdb::planner
