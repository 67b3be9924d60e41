// Which hint names the planner reads, and the Hint Report's "E -" entries for the others
// (unknown names and malformed hints), once per statement.
#include "planner/join_planner.h"

namespace pathdb::planner {

namespace {

// Hints the planner knows (someone reads them); anything else is reported as unknown.
bool KnownHint(const std::string& name) {
  static constexpr const char* kKnown[] = {"ADAPTIVE_PLAN",
                                           "ALL_ROWS",
                                           "APPEND",
                                           "BEGIN_OUTLINE_DATA",
                                           "CARDINALITY",
                                           "DB_VERSION",
                                           "DYNAMIC_SAMPLING",
                                           "END_OUTLINE_DATA",
                                           "FIRST_ROWS",
                                           "FULL",
                                           "GATHER_PLAN_STATISTICS",
                                           "HASH_AJ",
                                           "HASH_SJ",
                                           "IGNORE_OPTIM_EMBEDDED_HINTS",
                                           "INDEX",
                                           "INDEX_ASC",
                                           "INDEX_DESC",
                                           "INDEX_FFS",
                                           "INDEX_RS",
                                           "INDEX_RS_ASC",
                                           "INDEX_RS_DESC",
                                           "INDEX_SS",
                                           "INMEMORY",
                                           "LEADING",
                                           "MERGE",
                                           "MONITOR",
                                           "NL_AJ",
                                           "NL_SJ",
                                           "NOAPPEND",
                                           "NO_ADAPTIVE_PLAN",
                                           "NO_INDEX",
                                           "NO_INMEMORY",
                                           "NO_MERGE",
                                           "NO_MONITOR",
                                           "NO_PARALLEL",
                                           "NO_PUSH_SUBQ",
                                           "NO_SWAP_JOIN_INPUTS",
                                           "NO_UNNEST",
                                           "NO_USE_HASH",
                                           "NO_USE_NL",
                                           "OPTIMIZER_FEATURES_ENABLE",
                                           "OPT_ESTIMATE",
                                           "OPT_PARAM",
                                           "ORDERED",
                                           "OUTLINE",
                                           "OUTLINE_LEAF",
                                           "PARALLEL",
                                           "PUSH_SUBQ",
                                           "QB_NAME",
                                           "RESULT_CACHE",
                                           "RULE",
                                           "SEMIJOIN",
                                           "SWAP_JOIN_INPUTS",
                                           "UNNEST",
                                           "USE_HASH",
                                           "USE_NL",
                                           "USE_NL_WITH_INDEX",
                                           "ANTIJOIN",
                                           "NO_QUERY_TRANSFORMATION",
                                           "PUSH_PRED",
                                           "NO_PUSH_PRED",
                                           "PUSH_SUBQ",
                                           "NO_PUSH_SUBQ",
                                           "PX_JOIN_FILTER",
                                           "NO_PX_JOIN_FILTER"};
  for (const char* k : kKnown)
    if (name == k) return true;
  return false;
}

// Oracle hints pathdb reads but does not act on: reported unused, not as syntax errors (a
// hint set copied from Oracle, or from our own outline, must not look malformed).
bool NotActedOn(const std::string& name) {
  static constexpr const char* kOracle[] = {"BATCH_TABLE_ACCESS_BY_ROWID",
                                            "BIND_AWARE",
                                            "CACHE",
                                            "CURSOR_SHARING_EXACT",
                                            "DRIVING_SITE",
                                            "FACT",
                                            "INDEX_COMBINE",
                                            "INDEX_JOIN",
                                            "INDEX_SS_ASC",
                                            "INDEX_SS_DESC",
                                            "INLINE",
                                            "MATERIALIZE",
                                            "NLJ_BATCHING",
                                            "NOCACHE",
                                            "NO_BATCH_TABLE_ACCESS_BY_ROWID",
                                            "NO_BIND_AWARE",
                                            "NO_EXPAND",
                                            "NO_FACT",
                                            "NO_INDEX_FFS",
                                            "NO_INDEX_SS",
                                            "NO_NLJ_BATCHING",
                                            "NO_RESULT_CACHE",
                                            "NO_REWRITE",
                                            "NO_STAR_TRANSFORMATION",
                                            "NO_USE_HASH_AGGREGATION",
                                            "NO_USE_MERGE",
                                            "PQ_DISTRIBUTE",
                                            "REWRITE",
                                            "STAR_TRANSFORMATION",
                                            "USE_CONCAT",
                                            "USE_HASH_AGGREGATION",
                                            "USE_MERGE",
                                            "USE_MERGE_CARTESIAN"};
  for (const char* k : kOracle)
    if (name == k) return true;
  return false;
}

}  // namespace

void RecordUnknownHints(const std::vector<ast::Hint>& hints, PlanContext& ctx) {
  for (const auto& h : hints) {
    if (!h.malformed && KnownHint(h.name)) continue;
    const bool ignored = !h.malformed && NotActedOn(h.name);
    bool seen = false;
    for (const auto& u : ctx.record.hints)
      seen = seen || ((u.error || ignored) && u.text == h.text);
    if (seen) continue;
    HintUse u;
    u.text = h.text;
    u.query_block = h.query_block;
    u.error = !ignored;
    u.reason = ignored ? "not supported by pathdb" : h.malformed ? "syntax error" : "unknown hint";
    ctx.record.hints.push_back(std::move(u));
  }
}

}  // namespace pathdb::planner
