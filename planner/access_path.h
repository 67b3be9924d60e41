// Access-path choice for one table: TABLE ACCESS FULL, or a B-tree index (INDEX UNIQUE SCAN,
// INDEX RANGE SCAN [DESCENDING], INDEX FULL SCAN, INDEX FAST FULL SCAN) with or without
// TABLE ACCESS BY INDEX ROWID [BATCHED] above it.
//
// The choice is rule based and lives in one function, ChooseAccessPath, so the cost-based
// planner can replace it without touching how the operators are built (PlanTableAccess).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "executor/operator.h"
#include "parser/ast.h"
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

//! The rule-based choice. Without hints: equality on every column of a unique index gives
//! INDEX UNIQUE SCAN; equality on a leading prefix and/or a range on the next key column
//! gives INDEX RANGE SCAN (the index with the most equalities, then a range, then covering
//! the query, then the fewest columns wins); otherwise a full table scan. Hints for `alias`:
//! FULL forces the full scan; INDEX / INDEX_ASC / INDEX_RS_ASC / INDEX_DESC / INDEX_RS_DESC
//! (optionally naming indexes, or an index by its columns) force an index (an INDEX FULL SCAN
//! when no condition bounds it and no row can be missing from it); INDEX_FFS asks for an
//! INDEX FAST FULL SCAN when the index covers the query; NO_INDEX rules indexes out.
AccessPath ChooseAccessPath(const storage::TableInfo& table,
                            const std::vector<uint32_t>& column_ids,
                            const std::vector<BoundExprPtr>& conjuncts,
                            const std::vector<SargableCondition>& sargable,
                            const std::vector<const storage::IndexInfo*>& indexes,
                            const std::string& alias, const std::vector<ast::Hint>& hints);

//! The operators reading `table`: output columns = `column_ids` (storage::kRowIdColumn for the
//! ROWID), with `predicate` (over those columns, nullable) applied. `alias` is the name hints
//! use for the table (its alias, else its name).
std::unique_ptr<PhysicalOperator> PlanTableAccess(const storage::TableInfo& table,
                                                  std::vector<uint32_t> column_ids,
                                                  BoundExprPtr predicate, const std::string& alias,
                                                  const std::vector<ast::Hint>& hints,
                                                  PlanContext& ctx);

}  // namespace pathdb::planner
