#include "planner/outer_join_rows.h"

#include <algorithm>
#include <string>

#include "planner/join_hints.h"
#include "planner/statistics_feedback.h"

namespace pathdb::planner {

namespace {

// The tables of an outer join as its query block names them: tables and views by alias (a
// view's own tables belong to another block). `holder` is the first of them: it carries the
// block's hints and name. `complete` is false when some input has no name (DUAL, an inline
// view without an alias): no correction or hint can then name exactly the join's tables.
struct JoinTables {
  std::vector<std::string> names;
  const LogicalNode* holder = nullptr;
  bool complete = true;
};

void Collect(const LogicalNode& n, JoinTables& t) {
  const bool scan = n.kind == LogicalNode::Kind::kScan;
  if (scan || n.kind == LogicalNode::Kind::kView) {
    if (t.holder == nullptr) t.holder = &n;
    if (n.alias.empty()) t.complete = false;
    t.names.push_back(n.alias);
    return;
  }
  if (n.children.empty()) t.complete = false;
  for (const auto& c : n.children) Collect(*c, t);
}

double FromStatistics(LogicalJoinType type, double l, double r,
                      const std::vector<OuterJoinKey>& keys) {
  if (keys.empty()) return std::max(l, r);
  double sel = 1, matched_l = 1, matched_r = 1;
  for (const auto& k : keys) {
    if (!k.left.usable() || !k.right.usable()) return std::max(l, r);
    sel = card::AndSel(sel, card::JoinSel(k.left, k.right));
    const double nl = k.left.Ndv(), nr = k.right.Ndv();
    matched_l = std::min(matched_l, k.left.NonNullFraction() * std::min(1.0, nr / nl));
    matched_r = std::min(matched_r, k.right.NonNullFraction() * std::min(1.0, nl / nr));
  }
  const bool keeps_l = type == LogicalJoinType::kLeft || type == LogicalJoinType::kFull;
  const bool keeps_r = type == LogicalJoinType::kRight || type == LogicalJoinType::kFull;
  double rows = l * r * sel;
  if (keeps_l) rows += l * (1 - matched_l);
  if (keeps_r) rows += r * (1 - matched_r);
  // Every preserved row comes out at least once, whatever the distinct keys suggest (the
  // statistics are the whole tables', the sides may be filtered).
  if (keeps_l) rows = std::max(rows, l);
  if (keeps_r) rows = std::max(rows, r);
  return rows;
}

}  // namespace

double OuterJoinRows(const LogicalNode& n, double left_rows, double right_rows,
                     const std::vector<OuterJoinKey>& keys, PlanContext& ctx) {
  double rows = FromStatistics(n.join_type, left_rows, right_rows, keys);
  JoinTables t;
  for (const auto& c : n.children) Collect(*c, t);
  if (t.holder == nullptr) return std::max(1.0, rows);
  const std::string& block = t.holder->query_block;
  const bool nameable = t.complete && t.names.size() >= 2;
  if (nameable && !ctx.feedback.empty())
    if (const CardinalityCorrection* fb = FindCorrection(ctx.feedback, block, t.names);
        fb != nullptr && fb->join())
      rows = fb->rows;
  std::vector<std::string> sorted = t.names;
  std::sort(sorted.begin(), sorted.end());
  for (const ast::Hint& h : t.holder->hints) {
    if (!LooksAtJoinEstimate(h, block, t.names)) continue;
    std::vector<std::string> named;
    for (const auto& table : h.tables) named.push_back(table.alias);
    std::sort(named.begin(), named.end());
    const bool exact = nameable && named == sorted;
    if (exact) rows = AdjustByOptEstimate(h, rows);
    ReportJoinEstimate(ctx.record, h, block, exact);
  }
  return std::max(1.0, rows);
}

}  // namespace pathdb::planner
