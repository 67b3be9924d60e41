#include "planner/statistics_feedback.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "executor/hash_join.h"
#include "executor/join_filter_create.h"
#include "executor/join_filter_use.h"
#include "executor/nested_loops.h"
#include "executor/table_access_full.h"

namespace pathdb::planner {

namespace {

bool IsTableLine(const PhysicalOperator& op) {
  switch (op.type()) {
    case OperatorType::kTableAccessFull:
    case OperatorType::kTableAccessByIndexRowid:
    case OperatorType::kIndexUniqueScan:
    case OperatorType::kIndexRangeScan:
    case OperatorType::kIndexFullScan:
    case OperatorType::kIndexFastFullScan:
      return !op.object_alias.empty();
    default:
      return false;
  }
}

// A join whose rows are those of its tables joined (inner and outer joins; semi and anti joins
// output one side's rows, which a FILTER correction covers).
bool IsJoinLine(const PhysicalOperator& op) {
  switch (op.type()) {
    case OperatorType::kAdaptiveJoin:
      return true;
    case OperatorType::kHashJoin:
      return !IsSemiAnti(static_cast<const HashJoin&>(op).kind());
    case OperatorType::kNestedLoops:
      return !IsSemiAnti(static_cast<const NestedLoops&>(op).kind());
    default:
      return false;
  }
}

//! "T1@SEL$1" -> (T1, SEL$1).
std::pair<std::string, std::string> SplitAlias(const std::string& object_alias) {
  const size_t at = object_alias.rfind('@');
  if (at == std::string::npos) return {object_alias, ""};
  return {object_alias.substr(0, at), object_alias.substr(at + 1)};
}

//! The tables below `op` within its query block (not inside subquery plans).
void TablesBelow(const PhysicalOperator& op, std::set<std::string>& aliases, std::string& block) {
  if (IsTableLine(op)) {
    auto [alias, qb] = SplitAlias(op.object_alias);
    aliases.insert(alias);
    if (block.empty()) block = qb;
  }
  for (const auto& c : op.children()) TablesBelow(*c, aliases, block);
}

//! The join filters the lines of `op`'s subtree apply, and those it creates.
void JoinFiltersBelow(const PhysicalOperator& op, std::set<uint32_t>& used,
                      std::set<uint32_t>& created) {
  switch (op.type()) {
    case OperatorType::kJoinFilterUse:
      used.insert(static_cast<const JoinFilterUse&>(op).filter_id());
      break;
    case OperatorType::kJoinFilterCreate:
      created.insert(static_cast<const JoinFilterCreate&>(op).filter_id());
      break;
    case OperatorType::kTableAccessFull:
      for (uint32_t id : static_cast<const TableAccessFull&>(op).join_filter_ids()) used.insert(id);
      break;
    default:
      break;
  }
  for (const auto& c : op.children()) JoinFiltersBelow(*c, used, created);
}

//! Whether a join filter built outside `op`'s subtree thins its rows: then its count is not
//! the cardinality of its tables' join.
bool ThinnedFromAbove(const PhysicalOperator& op) {
  std::set<uint32_t> used, created;
  JoinFiltersBelow(op, used, created);
  return std::any_of(used.begin(), used.end(), [&](uint32_t id) { return !created.count(id); });
}

void ObjectAliasesBelow(const PhysicalOperator& op, std::set<std::string>& out) {
  if (IsTableLine(op)) out.insert(op.object_alias);
  for (const auto& c : op.children()) ObjectAliasesBelow(*c, out);
}

struct Collector {
  const std::vector<OperatorRuntimeStats>& lines;
  bool joins;
  std::vector<CardinalityCorrection> out;

  const OperatorRuntimeStats* Once(const PhysicalOperator& op) const {
    const int id = op.line_id();
    if (id < 0 || static_cast<size_t>(id) >= lines.size()) return nullptr;
    const OperatorRuntimeStats& s = lines[static_cast<size_t>(id)];
    // Read to its end: above a COUNT STOPKEY or inside an EXISTS a line stops early, and its
    // rows are a prefix, not a cardinality.
    return s.starts == 1 && s.ends >= 1 ? &s : nullptr;
  }

  static bool FarOff(double actual, double estimate) {
    const double hi = std::max(actual, estimate), lo = std::max(std::min(actual, estimate), 1.0);
    return hi / lo >= kFeedbackRatio;
  }

  void Add(std::string block, std::set<std::string> aliases, double rows, int filter_input = -1) {
    CardinalityCorrection c{
        std::move(block), {aliases.begin(), aliases.end()}, rows, filter_input >= 0, filter_input};
    for (const auto& o : out)  // topmost wins
      if (o.query_block == c.query_block && o.aliases == c.aliases && o.filter == c.filter &&
          o.filter_input == c.filter_input)
        return;
    out.push_back(std::move(c));
  }

  // filtered_at_run_time: a JOIN FILTER USE sits above (a scan applying a join filter counts
  // the rows the filter let through, not the rows of the table after its own predicates).
  void Walk(const PhysicalOperator& op, bool under_table_line, bool filtered_at_run_time) {
    const bool table_line = IsTableLine(op);
    const bool table = table_line && !filtered_at_run_time;
    const OperatorRuntimeStats* s = Once(op);
    if (s != nullptr && op.estimated_rows > 0 && FarOff(double(s->rows), op.estimated_rows)) {
      // A relation's top line: an index line below its table line counts entries, not rows.
      if (table && !under_table_line) {
        auto [alias, qb] = SplitAlias(op.object_alias);
        Add(qb, {alias}, double(s->rows));
      } else if (op.type() == OperatorType::kFilter && !op.children().empty()) {
        // A subquery filter's rows (Q20: 5,833 of 8,508 where 5% was guessed) decide the
        // join order above it.
        std::vector<std::string> tables = FilterTables(*op.children()[0]);
        if (!tables.empty()) {
          // The filter's own block: the outermost of its tables' (semi-joined subquery
          // blocks are bound, and numbered, after the block they are unnested into).
          std::string block = SplitAlias(tables.front()).second;
          for (const auto& t : tables) {
            std::string qb = SplitAlias(t).second;
            if (std::pair(qb.size(), qb) < std::pair(block.size(), block)) block = std::move(qb);
          }
          Add(block, {tables.begin(), tables.end()}, double(s->rows),
              static_cast<int>(op.children()[0]->type()));
        }
      } else if (joins && IsJoinLine(op) && !ThinnedFromAbove(op)) {
        std::set<std::string> aliases;
        std::string block;
        TablesBelow(op, aliases, block);
        if (aliases.size() >= 2) Add(block, std::move(aliases), double(s->rows));
      }
    }
    // The inner side of nested loops runs once per outer row: its estimates are per probe,
    // so even a single start says nothing about the table's or a join's cardinality.
    const bool nested_loops = op.type() == OperatorType::kNestedLoops;
    const bool filter_use = op.type() == OperatorType::kJoinFilterUse;
    for (size_t i = 0; i < op.children().size(); ++i) {
      if (nested_loops && i == 1) continue;
      Walk(*op.children()[i], table_line, filter_use);
    }
    for (const PhysicalOperator* sub : op.SubPlans()) Walk(*sub, false, false);
  }
};

}  // namespace

std::vector<CardinalityCorrection> CollectFeedback(const PhysicalOperator& root,
                                                   const std::vector<OperatorRuntimeStats>& lines,
                                                   bool joins) {
  Collector c{lines, joins, {}};
  c.Walk(root, false, false);
  return std::move(c.out);
}

std::string OptEstimateText(const CardinalityCorrection& c) {
  const std::string& qb = c.query_block;
  if (c.filter) {
    std::string list;
    for (const auto& t : c.aliases) {
      auto [alias, block] = SplitAlias(t);
      if (!list.empty()) list += ' ';
      list += fmt::format("\"{}\"@\"{}\"", alias, block);
    }
    return fmt::format("OPT_ESTIMATE (@\"{}\" FILTER ({}) ROWS={:.6f} )", qb, list, c.rows);
  }
  if (!c.join())
    return fmt::format("OPT_ESTIMATE (@\"{}\" TABLE \"{}\"@\"{}\" ROWS={:.6f} )", qb,
                       c.aliases.front(), qb, c.rows);
  std::string list;
  for (auto it = c.aliases.rbegin(); it != c.aliases.rend(); ++it) {
    if (!list.empty()) list += ' ';
    list += fmt::format("\"{}\"@\"{}\"", *it, qb);
  }
  return fmt::format("OPT_ESTIMATE (@\"{}\" JOIN ({}) ROWS={:.6f} )", qb, list, c.rows);
}

const CardinalityCorrection* FindCorrection(const std::vector<CardinalityCorrection>& feedback,
                                            const std::string& query_block,
                                            std::vector<std::string> aliases) {
  std::sort(aliases.begin(), aliases.end());
  for (const auto& c : feedback)
    if (!c.filter && c.aliases == aliases && (query_block.empty() || c.query_block == query_block))
      return &c;
  return nullptr;
}

std::vector<std::string> FilterTables(const PhysicalOperator& input) {
  std::set<std::string> out;
  ObjectAliasesBelow(input, out);
  return {out.begin(), out.end()};
}

const CardinalityCorrection* FindFilterCorrection(
    const std::vector<CardinalityCorrection>& feedback, const PhysicalOperator& input) {
  const std::vector<std::string> tables = FilterTables(input);
  for (const auto& c : feedback)
    if (c.filter && c.filter_input == static_cast<int>(input.type()) && c.aliases == tables)
      return &c;
  return nullptr;
}

}  // namespace pathdb::planner
