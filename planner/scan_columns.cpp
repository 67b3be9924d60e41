#include "planner/scan_columns.h"

#include <optional>
#include <vector>

#include "executor/adaptive_join.h"
#include "executor/filter.h"
#include "executor/hash_group_by.h"
#include "executor/hash_join.h"
#include "executor/nested_loops.h"
#include "executor/projection.h"
#include "executor/sort_aggregate.h"
#include "executor/sort_group_by.h"
#include "executor/table_access_full.h"
#include "planner/bound_util.h"

namespace pathdb::planner {

namespace {

//! Which output columns of an operator some operator above it reads; nullopt: every one
//! (or not known).
using Needed = std::optional<std::vector<bool>>;

void MarkRead(const BoundExpr& e, std::vector<bool>& read) {
  VisitColumns(e, [&](size_t i) {
    if (i < read.size()) read[i] = true;
  });
}

//! Marks the columns `e` reads over two inputs' columns side by side, `first`'s then
//! `second`'s (a join's condition or residual).
void MarkReadOver(const BoundExpr& e, std::vector<bool>& first, std::vector<bool>& second) {
  VisitColumns(e, [&](size_t i) {
    if (i < first.size()) {
      first[i] = true;
    } else if (i - first.size() < second.size()) {
      second[i - first.size()] = true;
    }
  });
}

//! `needed` as a vector of `width` entries (all true when unknown or of another width).
std::vector<bool> Expand(const Needed& needed, size_t width) {
  if (!needed || needed->size() != width) return std::vector<bool>(width, true);
  return *needed;
}

//! The input columns `op` reads, when it is an operator whose every input reference is in
//! the expressions below and whose output is computed from them (nullopt otherwise); a
//! projection's column or constant for an output column nobody reads is not counted.
Needed AggregateOrProjectionReads(const PhysicalOperator& op, size_t width, const Needed& needed) {
  std::vector<bool> read(width, false);
  auto aggregates = [&](const std::vector<AggregateSpec>& aggs) {
    for (const AggregateSpec& a : aggs) {
      if (a.arg) MarkRead(*a.arg, read);
    }
  };
  switch (op.type()) {
    case OperatorType::kSortAggregate:
      aggregates(static_cast<const SortAggregate&>(op).aggregates());
      return read;
    case OperatorType::kHashGroupBy: {
      const auto& g = static_cast<const HashGroupBy&>(op);
      for (const auto& e : g.groups()) MarkRead(*e, read);
      aggregates(g.aggregates());
      return read;
    }
    case OperatorType::kSortGroupBy: {
      const auto& g = static_cast<const SortGroupBy&>(op);
      for (const auto& e : g.groups()) MarkRead(*e, read);
      aggregates(g.aggregates());
      return read;
    }
    case OperatorType::kProjection: {
      const auto& exprs = static_cast<const Projection&>(op).exprs();
      const std::vector<bool> out = Expand(needed, exprs.size());
      for (size_t i = 0; i < exprs.size(); ++i) {
        // The projection still computes every expression: one nobody reads must see its
        // real inputs unless it is a column or a constant (CASE WHEN b IS NULL THEN 1/0 END
        // would raise on a b left NULL).
        const BoundKind k = exprs[i]->kind;
        if (out[i] || (k != BoundKind::kColumn && k != BoundKind::kConstant))
          MarkRead(*exprs[i], read);
      }
      return read;
    }
    default:
      return std::nullopt;
  }
}

//! What is read of a join's output -- input 0's `w0` columns, then input 1's `w1` -- as the
//! needs of its two inputs, before the join's own keys and conditions are added.
struct JoinNeeds {
  std::vector<bool> n0, n1;
  JoinNeeds(const Needed& needed, size_t w0, size_t w1) {
    const std::vector<bool> out = Expand(needed, w0 + w1);
    n0.assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(w0));
    n1.assign(out.begin() + static_cast<std::ptrdiff_t>(w0), out.end());
  }
  //! A hash join's keys (over input 0, then input 1) and residual (probe columns first).
  void AddHashJoin(const HashJoin& j) {
    for (const auto& k : j.build_keys()) MarkRead(*k, n0);
    for (const auto& k : j.probe_keys()) MarkRead(*k, n1);
    if (j.residual()) MarkReadOver(*j.residual(), n1, n0);
  }
};

bool KeepsBothSides(JoinKind kind) {
  return kind == JoinKind::kInner || kind == JoinKind::kLeftOuter;
}

//! What each child of `op` must output, given what is read of `op`'s output (nullopt for a
//! child: everything). Only operators whose column layout and reads are known here pass a
//! narrower need down; every other one asks its children for all their columns.
std::vector<Needed> ChildNeeds(PhysicalOperator& op, const Needed& needed) {
  const size_t n = op.children().size();
  std::vector<Needed> kids(n);
  auto width = [&](size_t i) { return op.children()[i]->types().size(); };
  const size_t out_width = op.types().size();
  switch (op.type()) {
    case OperatorType::kSortAggregate:
    case OperatorType::kHashGroupBy:
    case OperatorType::kSortGroupBy:
    case OperatorType::kProjection:
      if (n == 1) kids[0] = AggregateOrProjectionReads(op, width(0), needed);
      return kids;
    case OperatorType::kFilter:
    case OperatorType::kStatisticsCollector:
    case OperatorType::kJoinFilterCreate: {
      // Rows and columns pass through unchanged.
      if (n != 1 || width(0) != out_width || !needed) return kids;
      std::vector<bool> read = *needed;
      if (op.type() == OperatorType::kFilter)
        MarkRead(static_cast<const Filter&>(op).predicate(), read);
      kids[0] = std::move(read);
      return kids;
    }
    case OperatorType::kHashJoin: {
      const auto& j = static_cast<const HashJoin&>(op);
      if (n != 2 || !KeepsBothSides(j.kind()) || out_width != width(0) + width(1)) return kids;
      JoinNeeds need(needed, width(0), width(1));
      need.AddHashJoin(j);
      kids = {std::move(need.n0), std::move(need.n1)};
      return kids;
    }
    case OperatorType::kNestedLoops: {
      const auto& j = static_cast<const NestedLoops&>(op);
      if (n != 2 || !KeepsBothSides(j.kind()) || out_width != width(0) + width(1)) return kids;
      JoinNeeds need(needed, width(0), width(1));
      if (j.condition()) MarkReadOver(*j.condition(), need.n0, need.n1);
      for (size_t c : j.outer_columns()) {
        if (c < need.n0.size()) need.n0[c] = true;
      }
      kids = {std::move(need.n0), std::move(need.n1)};
      return kids;
    }
    case OperatorType::kAdaptiveJoin: {
      // Child 0: the nested loops (driving input, then the inner table's columns); child 1:
      // the hash join's probe input, the same columns as the nested loops' inner side. The
      // internal hash join reads its keys and residual over driving and probe columns.
      auto& a = static_cast<AdaptiveJoin&>(op);
      const HashJoin& h = a.mutable_hash_join();
      const PhysicalOperator& nl = a.nested_loops();
      if (n != 2 || nl.children().size() != 2 || !KeepsBothSides(h.kind())) return kids;
      const size_t w0 = nl.children()[0]->types().size(), w1 = width(1);
      if (out_width != w0 + w1 || width(0) != out_width) return kids;
      JoinNeeds need(needed, w0, w1);
      need.AddHashJoin(h);
      std::vector<bool> both = need.n0;
      both.insert(both.end(), need.n1.begin(), need.n1.end());
      kids = {std::move(both), std::move(need.n1)};
      return kids;
    }
    default:
      return kids;
  }
}

void Prune(PhysicalOperator& op, const Needed& needed, PlanContext& ctx) {
  for (const PhysicalOperator* sub : op.SubPlans()) {
    // A subquery's plan is read by the expression that runs it: all of its output.
    if (PhysicalOperator* mine = ctx.MutableSubPlan(sub)) Prune(*mine, std::nullopt, ctx);
  }
  if (op.type() == OperatorType::kTableAccessFull) {
    if (!needed || needed->size() != op.types().size()) return;
    std::vector<bool> unread(needed->size());
    for (size_t i = 0; i < unread.size(); ++i) unread[i] = !(*needed)[i];
    static_cast<TableAccessFull&>(op).SetUnreadOutputs(unread);
    return;
  }
  const std::vector<Needed> kids = ChildNeeds(op, needed);
  for (size_t i = 0; i < op.children().size(); ++i) Prune(*op.mutable_child(i), kids[i], ctx);
}

}  // namespace

void PruneScanColumns(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx) {
  Prune(*root, std::nullopt, ctx);
}

}  // namespace pathdb::planner
