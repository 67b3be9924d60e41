#include "planner/join_filters.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "executor/adaptive_join.h"
#include "executor/hash_group_by.h"
#include "executor/hash_join.h"
#include "executor/index_scan.h"
#include "executor/join_filter_create.h"
#include "executor/join_filter_use.h"
#include "executor/nested_loops.h"
#include "executor/projection.h"
#include "executor/sort_group_by.h"
#include "executor/table_access_by_index_rowid.h"
#include "executor/table_access_full.h"
#include "planner/bound_util.h"
#include "planner/cost_model.h"
#include "planner/plan_rewrite.h"
#include "planner/predicate_text.h"

namespace pathdb::planner {
namespace {

using Slot = std::unique_ptr<PhysicalOperator>;

// "The probe side is large": below a few batches the fixed cost of filling and publishing the
// bits is not repaid by the rows they drop, whatever the estimate of the selectivity.
constexpr double kMinProbeRows = 10000;

bool IsAccessLine(OperatorType t) {
  switch (t) {
    case OperatorType::kTableAccessFull:
    case OperatorType::kTableAccessByIndexRowid:
    case OperatorType::kIndexFastFullScan:
    case OperatorType::kIndexFullScan:
    case OperatorType::kIndexRangeScan:
      return true;
    default:
      return false;
  }
}

bool HasParameter(const BoundExpr& e) {
  if (e.kind == BoundKind::kParameter) return true;
  return std::any_of(e.children.begin(), e.children.end(),
                     [](const BoundExprPtr& c) { return HasParameter(*c); });
}

//! Where the columns of `key` come from, given `left` columns on the left of a join's output.
enum class Side { kLeft, kRight, kBoth };
Side SideOf(const BoundExpr& key, size_t left) {
  bool l = false, r = false;
  VisitColumns(key, [&](size_t i) { (i < left ? l : r) = true; });
  if (l && r) return Side::kBoth;
  return r ? Side::kRight : Side::kLeft;
}

//! Rewrites `key` over an operator's output into its input, when every output column it
//! reads is exprs[i], a plain input column; false (key partly rewritten) otherwise.
bool ThroughColumns(BoundExpr& key, const std::vector<BoundExprPtr>& exprs) {
  bool ok = true;
  RemapColumns(key, [&](size_t i) {
    if (i >= exprs.size() || exprs[i]->kind != BoundKind::kColumn) {
      ok = false;
      return i;
    }
    return exprs[i]->column_index;
  });
  return ok;
}

//! Follows `key` (over the output of the operator in `slot`) down to the access line whose
//! columns it reads, rewriting it over that line's output. Null when some operator on the way
//! could drop or invent rows in a way that makes dropping early unsafe, or hides the column.
//! `joins` counts the joins passed: rows the filter drops no longer cross them.
//! `path` collects the operators passed on the way (a hint may name a view among them).
Slot* Trace(Slot& slot, BoundExpr& key, int& joins, std::vector<const PhysicalOperator*>& path) {
  PhysicalOperator& op = *slot;
  path.push_back(&op);
  if (IsAccessLine(op.type())) return &slot;
  switch (op.type()) {
    case OperatorType::kJoinFilterUse:
    case OperatorType::kJoinFilterCreate:
    case OperatorType::kFilter:
    case OperatorType::kView:
    case OperatorType::kSortOrderBy:
      return Trace(op.mutable_child(0), key, joins, path);
    case OperatorType::kProjection: {
      const auto& exprs = static_cast<const Projection&>(op).exprs();
      return ThroughColumns(key, exprs) ? Trace(op.mutable_child(0), key, joins, path) : nullptr;
    }
    case OperatorType::kHashJoin: {
      const auto& j = static_cast<const HashJoin&>(op);
      ++joins;
      if (IsSemiAnti(j.kind()))
        return Trace(op.mutable_child(j.build_preserved() ? 0 : 1), key, joins, path);
      const size_t left = op.children()[0]->types().size();
      const Side side = SideOf(key, left);
      if (side == Side::kBoth) return nullptr;
      // An outer join's NULL-extended side: a dropped row would come back NULL-extended.
      if (j.kind() == JoinKind::kFullOuter) return nullptr;
      if (j.kind() == JoinKind::kLeftOuter && (side == Side::kLeft) != j.build_preserved())
        return nullptr;
      if (side == Side::kLeft) return Trace(op.mutable_child(0), key, joins, path);
      RemapColumns(key, [&](size_t i) { return i - left; });
      return Trace(op.mutable_child(1), key, joins, path);
    }
    case OperatorType::kHashGroupBy:
    case OperatorType::kSortGroupBy: {
      // Keys on group columns only: a dropped input row belongs to a group whose key the
      // build lacks, and all of that group's rows share the key, so whole groups go and the
      // groups left keep every row (Q20's grouped LINEITEM view, probed by PARTSUPP keys).
      const auto& groups = op.type() == OperatorType::kHashGroupBy
                               ? static_cast<const HashGroupBy&>(op).groups()
                               : static_cast<const SortGroupBy&>(op).groups();
      return !groups.empty() && ThroughColumns(key, groups)
                 ? Trace(op.mutable_child(0), key, joins, path)
                 : nullptr;
    }
    case OperatorType::kNestedLoops: {
      // Only the outer side: the inner side restarts per outer row.
      ++joins;
      const size_t left = op.children()[0]->types().size();
      if (SideOf(key, left) != Side::kLeft) return nullptr;
      return Trace(op.mutable_child(0), key, joins, path);
    }
    default:
      return nullptr;
  }
}

//! The estimate of the first plan line at or below `op` (projections show no line and may
//! carry none; a statistics collector shows no estimate).
const PhysicalOperator& LineOf(const PhysicalOperator& op) {
  if ((op.type() == OperatorType::kProjection || op.type() == OperatorType::kStatisticsCollector) &&
      !op.children().empty())
    return LineOf(*op.children()[0]);
  return op;
}

//! When the build input is one table's access path: the share of that table's rows it keeps
//! (a dimension filtered to 1% keeps 1% of the keys a fact table's foreign key refers to,
//! however far the join estimates above have sunk to their 1-row floor); else 1.
double KeptShare(const PhysicalOperator& build) {
  const PhysicalOperator* op = &build;
  while ((op->type() == OperatorType::kProjection || op->type() == OperatorType::kFilter ||
          op->type() == OperatorType::kView || op->type() == OperatorType::kStatisticsCollector) &&
         !op->children().empty())
    op = op->children()[0].get();
  const storage::TableInfo* table = nullptr;
  if (op->type() == OperatorType::kTableAccessFull)
    table = &static_cast<const TableAccessFull*>(op)->table();
  if (op->type() == OperatorType::kTableAccessByIndexRowid)
    table = &static_cast<const TableAccessByIndexRowid*>(op)->table();
  if (table == nullptr || !table->stats.present || table->stats.num_rows == 0) return 1;
  return std::clamp(LineOf(build).estimated_rows / static_cast<double>(table->stats.num_rows), 0.0,
                    1.0);
}

void AppendConjunct(std::vector<std::string>& predicates, const std::string& text) {
  if (predicates.empty()) {
    predicates.push_back(text);
  } else {
    predicates[0] += " AND ";
    predicates[0] += text;
  }
}

class Placer {
 public:
  explicit Placer(PlanContext& ctx) : ctx_(ctx), model_(ctx.cost) {}

  void Visit(PhysicalOperator& op) {
    if (op.type() == OperatorType::kHashJoin) {
      auto& join = static_cast<HashJoin&>(op);
      Place(join, op, join.mutable_child(0), join.mutable_child(1));
    } else if (op.type() == OperatorType::kAdaptiveJoin) {
      // The hash join alternative: JOIN FILTER CREATE goes directly above the collector (the
      // build rows), JOIN FILTER USE above the probe-side scan; nested loops pass through.
      auto& adaptive = static_cast<AdaptiveJoin&>(op);
      Slot* build = &op.mutable_child(0)->mutable_child(0);
      Place(adaptive.mutable_hash_join(), op, *build, op.mutable_child(1));
    }
  }

 private:
  // `line`: the plan line with the join's estimates (the join itself, or the adaptive join
  // holding it); build / probe: the slots of its inputs' top lines. True when placed.
  bool Place(HashJoin& join, const PhysicalOperator& line, Slot& build, Slot& probe_input) {
    if (!join.MayCreateJoinFilter()) return false;

    // ---- where each key comes from on the probe side; the filter covers the keys read by
    // the access line most keys lead to.
    struct Traced {
      Slot* slot;
      std::vector<size_t> keys;
      std::vector<BoundExprPtr> exprs;
      int joins;
      std::vector<const PhysicalOperator*> path;  //!< from the probe input down to *slot
    };
    std::vector<Traced> targets;
    for (size_t k = 0; k < join.probe_keys().size(); ++k) {
      const BoundExpr& probe_key = *join.probe_keys()[k];
      if (HasSubquery(probe_key) || HasParameter(probe_key)) continue;
      BoundExprPtr key = probe_key.Copy();
      int joins = 0;
      std::vector<const PhysicalOperator*> path;
      Slot* slot = Trace(probe_input, *key, joins, path);
      if (slot == nullptr) continue;
      auto same = std::find_if(targets.begin(), targets.end(),
                               [&](const Traced& t) { return t.slot == slot; });
      if (same == targets.end()) {
        targets.push_back({slot, {}, {}, joins, std::move(path)});
        same = targets.end() - 1;
      }
      same->keys.push_back(k);
      same->exprs.push_back(std::move(key));
    }
    if (targets.empty()) return false;
    Traced& t = *std::max_element(
        targets.begin(), targets.end(),
        [](const Traced& a, const Traced& b) { return a.keys.size() < b.keys.size(); });
    PhysicalOperator& access = **t.slot;

    // ---- does it pay (or is it hinted)?
    // A hint names the scanned table or an inline view above it (the join's probe side).
    const JoinFilterHint* hint = nullptr;
    for (const JoinFilterHint& h : ctx_.join_filter_hints)
      if (h.access == &access) hint = &h;
    for (const JoinFilterHint& h : ctx_.join_filter_hints)
      if (hint == nullptr && std::find(t.path.begin(), t.path.end(), h.access) != t.path.end())
        hint = &h;
    if (hint != nullptr) ctx_.record.hints[hint->report].used = true;
    const double probe_rows = LineOf(*probe_input).estimated_rows;
    const double build_rows = LineOf(*build).estimated_rows;
    const double pass =
        std::min(probe_rows > 0 ? std::clamp(line.estimated_rows / probe_rows, 0.0, 1.0) : 1.0,
                 KeptShare(*build));
    const double scan_rows = access.estimated_rows;
    const cost::CostParams& p = ctx_.cost;
    // Rows the bits drop skip the hash probe of this join and of every join in between.
    const double saved =
        model_.CpuCost(scan_rows * (1 - pass) * p.cpu_per_hash_row * (1 + t.joins));
    const double spent = model_.CpuCost((scan_rows + build_rows) * p.cpu_per_predicate);
    bool place = scan_rows >= kMinProbeRows && saved > spent;
    if (hint != nullptr) place = hint->use;
    if (!place) return false;
    // The outline reproduces the filter whether the cost or a hint placed it.
    const auto at = access.object_alias.find('@');
    if (at != std::string::npos) {
      std::string text =
          fmt::format("PX_JOIN_FILTER(@\"{}\" \"{}\"@\"{}\")", access.object_alias.substr(at + 1),
                      access.object_alias.substr(0, at), access.object_alias.substr(at + 1));
      if (line.type() == OperatorType::kAdaptiveJoin) {
        ctx_.record.adaptive_outline[text] = {static_cast<const AdaptiveJoin&>(line).adaptive_id(),
                                              /*hash=*/true};
      }
      ctx_.record.outline.push_back(std::move(text));
    }

    const auto id = next_id_++;
    join.CreateJoinFilter(id, t.keys);
    auto create = std::make_unique<JoinFilterCreate>(id);
    const PhysicalOperator& build_line = LineOf(*build);
    create->estimated_rows = build_line.estimated_rows;
    create->estimated_bytes = build_line.estimated_bytes;
    create->cost = build_line.cost;
    create->cpu_cost = build_line.cpu_cost;
    create->column_labels = build->column_labels;
    create->query_block = build_line.query_block;
    create->AddChild(std::move(build));
    build = std::move(create);

    // ---- the probe side: the scan applies it itself when the keys are its plain columns.
    std::vector<std::string> args{JoinFilterName(id)};
    for (const auto& e : t.exprs) args.push_back(PredicateText(*e, access.column_labels));
    const std::string text = fmt::format("SYS_OP_BLOOM_FILTER({})", fmt::join(args, ","));
    // A TABLE ACCESS FULL takes table column numbers, an INDEX FAST FULL SCAN its output
    // column numbers (key columns, not the ROWID).
    auto plain_columns = [&](auto&& usable) {
      return std::all_of(t.exprs.begin(), t.exprs.end(), [&](const BoundExprPtr& e) {
        return e->kind == BoundKind::kColumn && usable(e->column_index);
      });
    };
    bool by_scan = false;
    std::vector<uint32_t> columns;
    if (access.type() == OperatorType::kTableAccessFull) {
      const auto& ids = static_cast<const TableAccessFull&>(access).column_ids();
      by_scan = plain_columns(
          [&](size_t c) { return c < ids.size() && ids[c] != storage::kRowIdColumn; });
      if (by_scan) {
        for (const auto& e : t.exprs) columns.push_back(ids[e->column_index]);
        static_cast<TableAccessFull&>(access).UseJoinFilter(id, columns);
      }
    } else if (access.type() == OperatorType::kIndexFastFullScan) {
      const auto& outputs = static_cast<const IndexScan&>(access).outputs();
      by_scan = plain_columns(
          [&](size_t c) { return c < outputs.size() && outputs[c] != kIndexRowIdOutput; });
      if (by_scan) {
        for (const auto& e : t.exprs) columns.push_back(static_cast<uint32_t>(e->column_index));
        static_cast<IndexScan&>(access).UseJoinFilter(id, columns);
      }
    }
    if (by_scan) AppendConjunct(access.storage_predicates, text);
    AppendConjunct(access.filter_predicates, text);
    std::vector<BoundExprPtr> keys;
    if (!by_scan) keys = std::move(t.exprs);
    auto use = std::make_unique<JoinFilterUse>(id, std::move(keys));
    use->estimated_rows = std::max(1.0, scan_rows * pass);
    use->estimated_bytes =
        scan_rows > 0 ? access.estimated_bytes * use->estimated_rows / scan_rows : 0;
    use->cost = access.cost + model_.CpuCost(scan_rows * p.cpu_per_predicate);
    use->cpu_cost = access.cpu_cost + model_.CpuCost(scan_rows * p.cpu_per_predicate);
    use->column_labels = access.column_labels;
    use->query_block = access.query_block;
    use->AddChild(std::move(*t.slot));
    *t.slot = std::move(use);
    return true;
  }

  PlanContext& ctx_;
  cost::CostModel model_;
  uint32_t next_id_ = 0;
};

}  // namespace

void PlaceJoinFilters(std::unique_ptr<PhysicalOperator>& root, PlanContext& ctx) {
  if (!ctx.cost.bloom_filter_enabled) {
    for (const JoinFilterHint& h : ctx.join_filter_hints) {
      if (h.use) ctx.record.hints[h.report].reason = "_bloom_filter_enabled = FALSE";
    }
    return;
  }
  Placer placer(ctx);
  RewritePlan(root, ctx, [&](PhysicalOperator& op) -> std::unique_ptr<PhysicalOperator> {
    placer.Visit(op);
    return nullptr;
  });
}

void RecordJoinFilterHints(const std::vector<ast::Hint>& hints, const std::string& alias,
                           const std::string& query_block, const PhysicalOperator& access,
                           PlanContext& ctx) {
  for (const auto& h : hints) {
    if (h.malformed || (h.name != "PX_JOIN_FILTER" && h.name != "NO_PX_JOIN_FILTER")) continue;
    if (h.tables.empty() || h.tables[0].alias != alias) continue;
    HintUse use;
    use.text = h.text.empty() ? h.name : h.text;
    use.query_block = query_block;
    use.alias = fmt::format("\"{}\"@\"{}\"", alias, query_block);
    use.line = &access;
    ctx.record.hints.push_back(std::move(use));
    JoinFilterHint jh;
    jh.access = &access;
    jh.use = h.name == "PX_JOIN_FILTER";
    jh.report = ctx.record.hints.size() - 1;
    ctx.join_filter_hints.push_back(std::move(jh));
  }
}

}  // namespace pathdb::planner
