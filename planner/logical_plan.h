// The logical plan: what a query computes, with names and types bound but no operator
// chosen. The binder builds it; physical_planner.cpp turns it into executor operators.
// Every node's output is a row of `types`; expressions in a node index its child's output
// (joins: left columns then right columns).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "executor/expression.h"
#include "parser/ast.h"
#include "storage/storage.h"

namespace pathdb::planner {

struct LogicalAggregate {
  std::string function;  //!< COUNT, COUNT_STAR, SUM, AVG, MIN, MAX, STDDEV, VARIANCE
  bool distinct = false;
  BoundExprPtr arg;  //!< null for COUNT_STAR
  LogicalType type;
};

struct LogicalSortKey {
  BoundExprPtr expr;
  bool descending = false;
  bool nulls_first = false;
};

//! kSemi / kAnti / kAntiNullAware: unnested EXISTS / NOT EXISTS / NOT IN subqueries (planner/
//! unnest.h): child 0 = the outer rows, child 1 = the subquery; the output is child 0's columns
//! only (`predicate` still indexes child 0 ++ child 1); physical side: PlanSemiJoin.
enum class LogicalJoinType { kInner, kLeft, kRight, kFull, kCross, kSemi, kAnti, kAntiNullAware };
enum class LogicalSetOp { kUnion, kUnionAll, kIntersect, kMinus };

struct LogicalNode;
struct SystemView;
using LogicalPtr = std::unique_ptr<LogicalNode>;

struct LogicalNode {
  enum class Kind {
    kScan,       //!< table, column_ids, filter (over the projected columns)
    kDual,       //!< one row, no columns
    kConnectBy,  //!< LEVEL 1..bound over DUAL
    kView,       //!< name; child 0
    kFilter,     //!< predicate; child 0
    kJoin,       //!< join_type, condition over left ++ right; children 0, 1
    kCount,      //!< appends ROWNUM; limit/offset when a stopkey applies
    kLimit,      //!< limit/offset (FETCH FIRST / OFFSET), no extra column
    kAggregate,  //!< groups ++ aggregates; no groups and `scalar` -> one row always
    kProject,    //!< exprs
    kDistinct,   //!< all columns
    kSort,       //!< keys; stopkey
    kSetOp,      //!< set_op; children (>= 2 for UNION ALL, else 2)
    kTempTable,  //!< a materialised WITH query's rows: temp_id, name (SYS_TEMP_...)
  } kind;
  std::vector<LogicalType> types;
  std::vector<LogicalPtr> children;

  // kScan
  const storage::TableInfo* table = nullptr;
  //! Set when the scan reads a dictionary/V$ view (table points at its columns): FIXED TABLE FULL.
  const SystemView* system_view = nullptr;
  std::vector<uint32_t> column_ids;
  std::string alias;  //!< kScan, kView: the name the query block gives it
  //! kScan, kView: the query block the scan (or view) belongs to ("SEL$1"); outline hints
  //! name "ALIAS"@"SEL$1".
  std::string query_block;
  //! kScan, kView: hints of the query block (access-path choice reads those naming `alias`,
  //! a view's join filter those naming its `name`).
  std::vector<ast::Hint> hints;
  // kScan / kFilter / kJoin / kConnectBy (bound)
  BoundExprPtr predicate;
  bool inclusive = true;  //!< kConnectBy: LEVEL <= n (true) or LEVEL < n
  // kJoin
  LogicalJoinType join_type = LogicalJoinType::kInner;
  // kCount / kLimit / kSort
  std::optional<uint64_t> limit;
  uint64_t offset = 0;
  bool append_rownum = false;
  // kAggregate
  std::vector<BoundExprPtr> groups;
  //! The ORDER BY above asks for the group keys' order: SORT GROUP BY may deliver it.
  bool sort_group_by = false;
  std::vector<LogicalAggregate> aggregates;
  // kProject
  std::vector<BoundExprPtr> exprs;
  // kSort
  std::vector<LogicalSortKey> keys;
  // kSetOp
  LogicalSetOp set_op = LogicalSetOp::kUnionAll;
  // kView
  std::string name;
  // kTempTable
  uint32_t temp_id = 0;

  explicit LogicalNode(Kind k) : kind(k) {}
};

}  // namespace pathdb::planner
