// Access-path choice for one table: TABLE ACCESS FULL, or a B-tree index (INDEX UNIQUE SCAN,
// INDEX RANGE SCAN [DESCENDING], INDEX FULL SCAN, INDEX FAST FULL SCAN) with or without
// TABLE ACCESS BY INDEX ROWID [BATCHED] above it.
//
// With table statistics (DBMS_STATS) the choice is cost based: every candidate is costed with
// planner/cardinality.h and planner/cost_model.h (oracle-reference.md section 6) and the
// cheapest the hints allow wins. Without them the rule-based ChooseAccessPath decides (the
// shape users relied on before statistics existed), and a level-2 dynamic sample of the
// table (planner/dynamic_sampling.h) supplies the estimates EXPLAIN shows.
//
// Files: access_path.cpp (conditions, hints, rule choice), access_path_cost.cpp (selectivity,
// costing, cost-based choice, EstimateTableAccess), access_path_build.cpp (PlanTableAccess:
// operators, EXPLAIN annotations, outline and hint report).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "executor/operator.h"
#include "parser/ast.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! A conjunct usable as an index access condition: `column op value`, where value has no
//! column reference and the same TypeId as the column (normalised so the column is on the
//! left: `5 < x` reads as x > 5).
struct SargableCondition {
  size_t conjunct = 0;  //!< position in the conjunct list
  uint32_t column = 0;  //!< table column position
  std::string op;       //!< "=", "<", "<=", ">", ">="
  const BoundExpr* value = nullptr;
};

//! How one table is read.
struct AccessPath {
  enum class Kind { kFullTableScan, kUniqueScan, kRangeScan, kIndexFullScan, kFastFullScan };
  Kind kind = Kind::kFullTableScan;
  const storage::IndexInfo* index = nullptr;
  //! Equality conditions (SargableCondition positions), one per leading key column.
  std::vector<size_t> equal;
  //! Range ends on key column equal.size() (SargableCondition positions).
  std::optional<size_t> lower, upper;
  bool descending = false;
  //! Every column the query needs is in the index: no TABLE ACCESS BY INDEX ROWID.
  bool index_only = false;
};

//! The conjuncts of a scan predicate that can bound an index, in conjunct order.
//! `column_ids` maps the predicate's column references to table columns.
std::vector<SargableCondition> FindSargable(const storage::TableInfo& table,
                                            const std::vector<uint32_t>& column_ids,
                                            const std::vector<BoundExprPtr>& conjuncts);

//! The rule-based choice (tables without statistics). Without hints: equality on every column of a
//! unique index gives INDEX UNIQUE SCAN; equality on a leading prefix and/or a range on the next
//! key column gives INDEX RANGE SCAN (the index with the most equalities, then a range, then
//! covering the query, then the fewest columns wins); otherwise a full table scan. Hints for
//! `alias`: FULL forces the full scan; INDEX / INDEX_ASC / INDEX_RS_ASC / INDEX_DESC /
//! INDEX_RS_DESC (optionally naming indexes, or an index by its columns) force an index (an INDEX
//! FULL SCAN when no condition bounds it and no row can be missing from it); INDEX_FFS asks for an
//! INDEX FAST FULL SCAN when the index covers the query; NO_INDEX rules indexes out.
AccessPath ChooseAccessPath(const storage::TableInfo& table,
                            const std::vector<uint32_t>& column_ids,
                            const std::vector<BoundExprPtr>& conjuncts,
                            const std::vector<SargableCondition>& sargable,
                            const std::vector<const storage::IndexInfo*>& indexes,
                            const std::string& alias, const std::vector<ast::Hint>& hints);

//! The operators reading `table`: output columns = `column_ids` (storage::kRowIdColumn for the
//! ROWID), with `predicate` (over those columns, nullable) applied. `alias` is the name hints
//! use for the table (its alias, else its name); `query_block` the block it belongs to
//! ("SEL$1" when empty).
//!
//! Every operator created carries EXPLAIN's fields: estimated_rows (per start, >= 1),
//! estimated_bytes, cost / cpu_cost (cumulative), object_name, column_labels, access / filter
//! predicates, query_block and object_alias ("T@SEL$1"). The chosen path's outline hints go to
//! ctx.record.outline, the table's access hints (FULL, INDEX..., NO_INDEX, CARDINALITY) to
//! ctx.record.hints, and a dynamic sample adds its note to ctx.record.notes (each once).
//!
//! Nested loops inner side: a predicate containing `col = <kParameter>` (the outer row's value
//! in an EvalContext::parameters slot) bounds an index on col like a constant does, and the
//! estimates are then per start (one probe).
std::unique_ptr<PhysicalOperator> PlanTableAccess(const storage::TableInfo& table,
                                                  std::vector<uint32_t> column_ids,
                                                  BoundExprPtr predicate, const std::string& alias,
                                                  const std::vector<ast::Hint>& hints,
                                                  PlanContext& ctx,
                                                  const std::string& query_block = {});

//! What reading a table would cost, without building operators or recording anything (for
//! the join planner's search). Same choice as PlanTableAccess for the same arguments.
struct AccessEstimate {
  AccessPath path;
  double rows = 1;         //!< rows after every filter, per start (CARDINALITY applied), >= 1
  double table_rows = 0;   //!< rows in the table (statistics, dynamic sample or segment count)
  double selectivity = 1;  //!< of the whole predicate
  double bytes = 0;        //!< rows x average length of the projected columns
  double cost = 0;         //!< per start, I/O + CPU in single-block-read units
  double cpu_cost = 0;     //!< the CPU part of cost
  double io_cost = 0;
  bool dynamic_sampling = false;  //!< estimates come from a dynamic sample
};
//! The rows statistics feedback (PlanContext::feedback) gives table `alias` scanned with the
//! conjuncts `conj`, if any. Not for an index probe of nested loops (a conjunct holds the
//! outer key as a parameter): its estimate is per probe.
std::optional<double> FeedbackRows(const PlanContext& ctx, const std::string& alias,
                                   const std::vector<BoundExprPtr>& conj);
AccessEstimate EstimateTableAccess(const storage::TableInfo& table,
                                   const std::vector<uint32_t>& column_ids,
                                   const BoundExpr* predicate, const std::string& alias,
                                   const std::vector<ast::Hint>& hints, PlanContext& ctx);

//! Selectivity of `predicate` (over the scan columns `column_ids`) on `table` from its
//! statistics with Oracle's formulas (defaults without them); no sampling.
double PredicateSelectivity(const storage::TableInfo& table,
                            const std::vector<uint32_t>& column_ids, const BoundExpr* predicate);

//! COUNT(col) through an index: for an aggregate without GROUP BY directly over a scan,
//! whose aggregates all ignore NULLs (COUNT(col), SUM, AVG, MIN, MAX ... not COUNT(*)) of one
//! and the same bare column, adds `col IS NOT NULL` to the scan's predicate. The answer is the
//! same (those rows never counted), and the scan may then read an index on col even when col
//! is nullable: its entries are exactly the rows with a non-NULL key (INDEX FAST FULL SCAN).
//! Only done when an index of the table has col as a key column (otherwise the condition
//! would only show up in the plan). Returns true when it added the condition. Call before
//! planning the aggregate's child.
bool AddAggregateNotNull(LogicalNode& aggregate, const storage::Database& db);

}  // namespace pathdb::planner
