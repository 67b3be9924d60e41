// DBMS_STATS: optimizer statistics gathered by full scans through storage::Database and stored
// in the dictionary (Database::SetTableStats / SetIndexStats). Lives in the planner because
// gathering is a query over the table (storage never calls up into it) and because the
// planner owns what the statistics are for.
//
// Procedures: GATHER_TABLE_STATS, GATHER_INDEX_STATS, GATHER_SCHEMA_STATS, DELETE_TABLE_STATS,
// DELETE_INDEX_STATS, SET_TABLE_STATS, SET_INDEX_STATS, DROP_EXTENDED_STATS; functions (in
// SQL) CREATE_EXTENDED_STATS and SHOW_EXTENDED_STATS_NAME; all with Oracle's parameter names
// and positions (named and positional arguments, case-insensitive names).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parser/ast.h"
#include "planner/planner.h"
#include "storage/storage.h"

namespace pathdb::planner {

//! Runs DBMS_STATS.<call.name[1]>(...). Throws ORA-06550/PLS-00302 for an unknown procedure,
//! PLS-00306 for wrong arguments, ORA-20000 for a missing table or index or a METHOD_OPT that
//! does not parse, ORA-20001 for an unknown METHOD_OPT column or a bad argument value. Like
//! Oracle's, the caller commits the open transaction first.
//! Upper-cases an identifier or keyword (DBMS_STATS names and METHOD_OPT are case-blind).
std::string UpperCase(std::string s);

void CallDbmsStats(const ast::ProcCall& call, PlanContext& ctx, SessionStats& stats);

//! An argument of a call as written: its name ("" when positional) and expression.
using CallArg = std::pair<std::string, const ast::Expr*>;

//! The DBMS_STATS functions a query may call: CREATE_EXTENDED_STATS (creates the column
//! group and returns its name; when ctx.before_dictionary_change is null, as for EXPLAIN
//! PLAN, it only names it) and SHOW_EXTENDED_STATS_NAME. nullopt: `function` (upper-case,
//! without the package) is not one of them. Errors as CallDbmsStats.
std::optional<std::string> CallDbmsStatsFunction(const std::string& function,
                                                 const std::vector<CallArg>& args,
                                                 PlanContext& ctx);

// ---- column groups (planner/dbms_stats/extended_stats.cpp)

//! The columns of an extension '(a, b, "c")' of `table`: ORA-20001 for an unknown or
//! repeated column, an expression, or fewer than 2 or more than 32 columns.
std::vector<uint32_t> ParseExtension(const std::string& text, const storage::TableInfo& table);
//! '("A","B")' as USER_STAT_EXTENSIONS.EXTENSION shows it.
std::string ExtensionText(const storage::TableInfo& table, const std::vector<uint32_t>& columns);
//! The system-generated name (SYS_STU + 23 characters) of a group over `columns`: the same
//! for the same columns in any order.
std::string ExtensionName(const storage::TableInfo& table, std::vector<uint32_t> columns);
//! Creates the column group (ORA-20007 when the table has it already) and returns its name;
//! with `create` false returns the name it has or would get, changing nothing.
std::string CreateExtendedStats(storage::Database& db, const storage::TableInfo& table,
                                const std::vector<uint32_t>& columns, bool create);

//! Histogram size requested for a column by METHOD_OPT.
struct HistogramSize {
  enum Kind : uint8_t { kNone, kAuto, kRepeat, kBuckets } kind = kAuto;
  uint32_t buckets = 0;  //!< kBuckets: N (SIZE 1 is kNone)
};

//! METHOD_OPT, resolved against a table: which columns get statistics and their sizes.
struct MethodOpt {
  std::map<size_t, HistogramSize> columns;  //!< table column position -> size
  //! 'FOR ALL COLUMNS' (not INDEXED/HIDDEN) was given: every column group is gathered too.
  bool all_groups = false;
  //! Column groups named as '(a, b)' in a FOR COLUMNS list (created when missing).
  std::vector<std::vector<uint32_t>> groups;
};

//! Parses 'FOR ALL [INDEXED] COLUMNS SIZE {n|AUTO|SKEWONLY|REPEAT}' and
//! 'FOR COLUMNS [SIZE x] c1 [SIZE y], (c2, c3) ...' (a SIZE after the last column applies to
//! every column of the list that has none of its own; a parenthesised list is a column
//! group). Several FOR clauses may follow each other.
//! ORA-20000 "Cannot parse for clause" for anything else, ORA-20001 for an unknown column.
MethodOpt ParseMethodOpt(const std::string& text, const storage::TableInfo& table,
                         const std::vector<const storage::IndexInfo*>& indexes);

//! A distinct column value and the rows holding it.
struct ValueCount {
  Value value;
  uint64_t count = 0;
};

//! Fills histogram, buckets and density of `out` from the distinct non-NULL values of a column
//! (ascending) with their counts, for a requested size of `buckets` (>= 1; 1 = no histogram).
//! `auto_sample` (ESTIMATE_PERCENT = AUTO_SAMPLE_SIZE) allows top-frequency and hybrid
//! histograms; otherwise a column with more values than buckets gets a height-balanced one.
void BuildHistogram(const std::vector<ValueCount>& values, uint32_t buckets, bool auto_sample,
                    storage::ColumnStats& out);

//! SIZE AUTO's rule (ours; Oracle also looks at which columns predicates used): a column gets
//! a histogram when it has at least two distinct values, is not unique, and is skewed: its
//! most frequent value occurs at least twice as often as the average value (non-NULL rows /
//! NDV), or its rarest value at most half as often. Uniform and unique columns get none.
bool IsSkewed(uint64_t max_count, uint64_t min_count, uint64_t non_null_rows,
              uint64_t num_distinct);

struct GatherOptions {
  bool auto_sample = true;  //!< ESTIMATE_PERCENT = AUTO_SAMPLE_SIZE (the default)
  std::string method_opt = "FOR ALL COLUMNS SIZE AUTO";
  bool cascade = true;  //!< also gather the table's indexes
  int64_t now = 0;      //!< LAST_ANALYZED, seconds since the epoch
};

//! Full scan of `table`: NUM_ROWS, BLOCKS, AVG_ROW_LEN and, per column named by METHOD_OPT,
//! NUM_DISTINCT (exact), NUM_NULLS, LOW/HIGH_VALUE, DENSITY, AVG_COL_LEN and histograms.
//! Columns METHOD_OPT does not name keep the statistics they had. Column groups get NUM_DISTINCT
//! (exact, of the combined values) and NUM_NULLS (rows with every group column NULL) when
//! METHOD_OPT says FOR ALL COLUMNS or names them; REQUIRES: the groups METHOD_OPT names exist.
storage::TableStats GatherTableStats(storage::Database& db, const storage::TableInfo& table,
                                     const GatherOptions& options, SessionStats& stats);

}  // namespace pathdb::planner
