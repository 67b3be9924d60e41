#include "planner/outer_join_rows.h"

#include <algorithm>
#include <string>

#include "planner/join_hints.h"
#include "planner/statistics_feedback.h"

namespace pathdb::planner {

namespace {

// The names the join's tables go by in its query block: tables and views by alias (a view's
// own tables belong to another block). `scan` is the first table found: it holds
// the block's hints and name.
void SideNames(const LogicalNode& n, std::vector<std::string>& names, const LogicalNode*& scan) {
  if (n.kind == LogicalNode::Kind::kScan) {
    if (!n.alias.empty()) names.push_back(n.alias);
    if (scan == nullptr) scan = &n;
    return;
  }
  if (n.kind == LogicalNode::Kind::kView) {
    const std::string& name = n.alias.empty() ? n.name : n.alias;  // hints use the alias
    if (!name.empty()) names.push_back(name);
    return;
  }
  for (const auto& c : n.children) SideNames(*c, names, scan);
}

double FromStatistics(LogicalJoinType type, double l, double r,
                      const std::vector<OuterJoinKey>& keys) {
  if (keys.empty()) return std::max(l, r);
  double sel = 1, matched_l = 1, matched_r = 1;
  for (const auto& k : keys) {
    if (!k.left.usable() || !k.right.usable()) return std::max(l, r);
    sel = card::AndSel(sel, card::JoinSel(k.left, k.right));
    const double nl = std::max(1.0, k.left.Ndv()), nr = std::max(1.0, k.right.Ndv());
    matched_l = std::min(matched_l, k.left.NonNullFraction() * std::min(1.0, nr / nl));
    matched_r = std::min(matched_r, k.right.NonNullFraction() * std::min(1.0, nl / nr));
  }
  double rows = l * r * sel;
  if (type == LogicalJoinType::kLeft || type == LogicalJoinType::kFull) rows += l * (1 - matched_l);
  if (type == LogicalJoinType::kRight || type == LogicalJoinType::kFull)
    rows += r * (1 - matched_r);
  // Every preserved row comes out at least once, whatever the distinct keys suggest (the
  // statistics are the whole tables', the sides may be filtered).
  if (type == LogicalJoinType::kLeft || type == LogicalJoinType::kFull) rows = std::max(rows, l);
  if (type == LogicalJoinType::kRight || type == LogicalJoinType::kFull) rows = std::max(rows, r);
  return rows;
}

}  // namespace

double OuterJoinRows(const LogicalNode& n, double left_rows, double right_rows,
                     const std::vector<OuterJoinKey>& keys, PlanContext& ctx) {
  double rows = FromStatistics(n.join_type, left_rows, right_rows, keys);
  std::vector<std::string> names;
  const LogicalNode* scan = nullptr;
  for (const auto& c : n.children) SideNames(*c, names, scan);
  const std::string block = scan != nullptr ? scan->query_block : std::string();
  if (!ctx.feedback.empty())
    if (const CardinalityCorrection* fb = FindCorrection(ctx.feedback, block, names))
      rows = fb->rows;
  if (scan != nullptr) {
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    for (const ast::Hint& h : scan->hints) {
      if (h.malformed || h.name != "OPT_ESTIMATE" || h.numbers.empty() ||
          h.estimate_target != ast::Hint::EstimateTarget::kJoin || h.tables.empty() ||
          !(h.query_block.empty() || h.query_block == block) ||
          std::find(names.begin(), names.end(), h.tables[0].alias) == names.end())
        continue;
      std::vector<std::string> named;
      for (const auto& t : h.tables) named.push_back(t.alias);
      std::sort(named.begin(), named.end());
      const bool exact = named == sorted;
      if (exact) rows = AdjustByOptEstimate(h, rows);
      ReportJoinEstimate(ctx.record, h, block, exact);
    }
  }
  return std::max(1.0, rows);
}

}  // namespace pathdb::planner
