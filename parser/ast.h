// pathdb's own syntax tree. The ANTLR parse tree never leaves parser/: the transformer builds
// these nodes, and the planner binds them. Identifiers are already normalised the Oracle way:
// unquoted names upper-cased, quoted names kept as written (quotes removed).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"

namespace pathdb::ast {

struct Query;
using QueryPtr = std::unique_ptr<Query>;
struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

//! Where a node starts in the statement text: 1-based line, 0-based column.
struct Pos {
  size_t line = 0;
  size_t column = 0;
};

//! One hint from /*+ ... */, in structured form: FULL(o), INDEX(o@SEL$1 ord_idx),
//! INDEX(o (col1, col2)), LEADING(a b c), CARDINALITY(t 100), PARALLEL(4), ...
struct Hint {
  std::string name;         //!< upper-case: FULL, INDEX, LEADING, USE_HASH, ...
  std::string query_block;  //!< "SEL$1" from @SEL$1 / @"SEL$1" written at hint level, or ""
  struct TableSpec {
    std::string alias;        //!< upper-cased alias
    std::string query_block;  //!< from alias@qb, or ""
  };
  std::vector<TableSpec> tables;     //!< table references, in order
  std::vector<std::string> indexes;  //!< index names (INDEX(t idx1 idx2))
  std::vector<std::string> columns;  //!< column list form (INDEX(t (c1, c2)))
  std::vector<double> numbers;       //!< numeric arguments (CARDINALITY(t 100), PARALLEL(4))
  std::string text;                  //!< the hint as written, for the Hint Report
  bool malformed = false;            //!< could not be read: ignored, reported as an error
  //! OPT_ESTIMATE([@qb] TABLE t ROWS=n | JOIN (t1 t2 ...) SCALE_ROWS=f | ...): what it
  //! corrects (`tables`: the table, or the join's tables) and how; the value is numbers[0].
  enum class EstimateTarget { kNone, kTable, kJoin, kOther };
  enum class EstimateAdjust { kRows, kScaleRows, kMin, kMax };
  EstimateTarget estimate_target = EstimateTarget::kNone;
  EstimateAdjust estimate_adjust = EstimateAdjust::kRows;
  //! Made by the planner from another hint (USE_NL_WITH_INDEX's index): never reported.
  bool implied = false;
};

enum class ExprKind {
  kLiteral,         //!< literal (Value); numeric literals keep their text in `text`
  kColumnRef,       //!< names = {col} | {qualifier, col} | {schema, table, col}
  kStar,            //!< * or t.* (only in select lists and COUNT(*)); names = {} | {qualifier}
  kBindVar,         //!< :name (text = name without colon)
  kSubstitution,    //!< never produced: &var is replaced by the shell before parsing
  kUnary,           //!< op = "-" | "+" | "PRIOR"; args[0]
  kBinary,          //!< op = "+" "-" "*" "/" "||" "%"; args[0], args[1]
  kCompare,         //!< op = "=" "<>" "<" "<=" ">" ">="; args[0], args[1]
  kAnd,             //!< args[0..n)
  kOr,              //!< args[0..n)
  kNot,             //!< args[0]
  kIsNull,          //!< args[0]; negated = IS NOT NULL
  kBetween,         //!< args = {x, low, high}; negated = NOT BETWEEN
  kInList,          //!< args = {x, v1, v2, ...}; negated = NOT IN
  kInSubquery,      //!< args = {x} (or several for (a,b) IN (...)); subquery; negated
  kExists,          //!< subquery; negated = NOT EXISTS
  kLike,            //!< args = {x, pattern[, escape]}; negated = NOT LIKE
  kCase,            //!< args = {operand or nullptr, when1, then1, ..., else or nullptr}
  kCast,            //!< args[0]; cast_type
  kFunction,        //!< names = {"NVL"} or {"DBMS_RANDOM","VALUE"}; args; distinct; star arg
                    //!< shows as one kStar argument (COUNT(*))
  kScalarSubquery,  //!< (SELECT ...) used as a value
  kRownum,          //!< ROWNUM pseudo-column
  kLevel,           //!< LEVEL pseudo-column (CONNECT BY)
  kRowid,           //!< ROWID pseudo-column
  kSysdate,         //!< SYSDATE
  kSystimestamp,    //!< SYSTIMESTAMP
  kRowConstructor,  //!< (a, b) on the left of IN
};

struct Expr {
  ExprKind kind;
  Pos pos;
  Value literal;                   //!< kLiteral
  std::string text;                //!< numeric literal text ("2.0", "1e3"), bind name, ...
  std::vector<std::string> names;  //!< kColumnRef / kStar / kFunction
  std::string op;                  //!< kUnary / kBinary / kCompare
  bool negated = false;
  bool distinct = false;  //!< COUNT(DISTINCT x)
  std::vector<ExprPtr> args;
  QueryPtr subquery;      //!< kInSubquery, kExists, kScalarSubquery
  LogicalType cast_type;  //!< kCast
  //! Comparison with ANY/ALL subquery (x > ALL (SELECT ...)): "ANY", "ALL" or "".
  std::string quantifier;

  explicit Expr(ExprKind k) : kind(k) {}
  //! SQL text of the expression, for column headings (as Oracle prints them) and errors.
  std::string ToString() const;
};

enum class JoinType { kInner, kLeft, kRight, kFull, kCross };

struct TableRef;
using TableRefPtr = std::unique_ptr<TableRef>;
struct TableRef {
  enum class Kind { kTable, kSubquery, kJoin, kTableFunction } kind;
  Pos pos;
  std::vector<std::string> name;  //!< kTable: {table} or {schema, table}
  std::string alias;              //!< upper-cased, or ""
  QueryPtr subquery;              //!< kSubquery
  ExprPtr function;               //!< kTableFunction: TABLE(DBMS_XPLAN.DISPLAY(...))
  // kJoin
  JoinType join_type = JoinType::kInner;
  bool natural = false;
  TableRefPtr left, right;
  ExprPtr on;
  std::vector<std::string> using_columns;

  explicit TableRef(Kind k) : kind(k) {}
};

struct SelectItem {
  ExprPtr expr;       //!< kStar for * and t.*
  std::string alias;  //!< "" when none
  std::string text;   //!< the item as written (Oracle uses it as the column heading)
};

struct OrderItem {
  ExprPtr expr;
  bool descending = false;
  std::optional<bool> nulls_first;  //!< unset: Oracle default (NULLS LAST asc, FIRST desc)
};

//! One SELECT ... FROM ... WHERE ... GROUP BY ... HAVING block (Oracle's query block).
struct QueryBlock {
  Pos pos;
  std::vector<Hint> hints;
  bool distinct = false;
  std::vector<SelectItem> items;
  std::vector<TableRefPtr> from;  //!< comma-separated entries (joins nest inside)
  ExprPtr where;
  ExprPtr start_with;
  ExprPtr connect_by;
  bool connect_by_nocycle = false;
  std::vector<ExprPtr> group_by;
  ExprPtr having;
};

enum class SetOp { kNone, kUnion, kUnionAll, kIntersect, kMinus };

//! A query expression: a block, or a set operation over two queries; plus ORDER BY / FETCH.
struct Query {
  Pos pos;
  struct With {
    std::string name;
    std::vector<std::string> columns;
    QueryPtr query;
  };
  std::vector<With> with;
  SetOp set_op = SetOp::kNone;
  std::unique_ptr<QueryBlock> block;  //!< set_op == kNone
  QueryPtr left, right;               //!< set operations
  std::vector<OrderItem> order_by;
  ExprPtr offset;       //!< OFFSET n ROWS
  ExprPtr fetch_first;  //!< FETCH FIRST n ROWS ONLY (also LIMIT n in the SQLITE dialect)
  bool fetch_percent = false;
  bool fetch_with_ties = false;
};

struct ColumnDef {
  std::string name;
  LogicalType type;
  bool not_null = false;
  bool primary_key = false;
  bool unique = false;
  ExprPtr default_value;
};

//! A PRIMARY KEY or UNIQUE constraint of CREATE TABLE (column or table level): enforced by a
//! unique index named after the constraint.
struct KeyConstraint {
  std::string name;  //!< CONSTRAINT name, or "" (the system names it SYS_Cnnnnnnn)
  bool primary_key = false;
  std::vector<std::string> columns;
};

struct IndexColumn {
  std::string name;
  bool descending = false;
};

enum class StmtKind {
  kSelect,
  kInsert,
  kUpdate,
  kDelete,
  kMerge,
  kCreateTable,
  kCreateTableAs,
  kDropTable,
  kTruncate,
  kAlterTable,
  kAlterIndex,  //!< ALTER INDEX ... REBUILD
  kCreateIndex,
  kDropIndex,
  kCreateView,
  kDropView,
  kCommit,
  kRollback,
  kSavepoint,
  kAlterSession,
  kAlterSystem,
  kExplainPlan,
  kPlsqlBlock,
};

struct Statement;
using StatementPtr = std::unique_ptr<Statement>;

//! A call in an anonymous block or EXEC: DBMS_STATS.GATHER_TABLE_STATS(ownname => 'X', ...).
struct ProcCall {
  std::vector<std::string> name;  //!< {"DBMS_STATS", "GATHER_TABLE_STATS"}
  //! `:bind := value` instead of a call: the bind's name (upper case, no colon); args[0] is
  //! the value and `name` is empty.
  std::string assign_bind;
  struct Arg {
    std::string name;  //!< named argument (upper-cased) or "" for positional
    ExprPtr value;
  };
  std::vector<Arg> args;
};

struct Statement {
  StmtKind kind;
  Pos pos;
  std::string text;         //!< the statement's own text (no trailing ';'), used for SQL_ID
  std::vector<Hint> hints;  //!< hints of INSERT/UPDATE/DELETE (SELECT hints live in the block)

  QueryPtr query;  //!< kSelect, kCreateTableAs, kCreateView, kInsert ... SELECT

  // Object names: table (create/drop/insert/update/delete/truncate/alter), index, view.
  std::vector<std::string> name;
  std::string alias;       //!< UPDATE/DELETE t alias
  bool if_exists = false;  //!< DROP ... IF EXISTS (SQLITE dialect)
  bool if_not_exists = false;
  bool purge = false;
  bool or_replace = false;

  // CREATE TABLE
  std::vector<ColumnDef> columns;
  std::vector<std::string> primary_key;        //!< table-level PRIMARY KEY (a, b)
  std::vector<KeyConstraint> key_constraints;  //!< PRIMARY KEY / UNIQUE, declaration order
  std::optional<int> pctfree;
  bool inmemory = false;  //!< CREATE TABLE ... INMEMORY / ALTER TABLE ... INMEMORY
  bool no_inmemory = false;
  std::string memcompress;  //!< ALTER TABLE t INMEMORY MEMCOMPRESS FOR QUERY LOW|HIGH
  std::string priority;     //!< PRIORITY NONE|LOW|HIGH
  std::vector<std::string> inmemory_columns;     //!< INMEMORY (a, b)
  std::vector<std::string> no_inmemory_columns;  //!< NO INMEMORY (c)

  // CREATE INDEX
  bool unique = false;
  std::vector<std::string> table;  //!< the indexed table
  std::vector<IndexColumn> index_columns;

  // INSERT
  std::vector<std::string> insert_columns;
  std::vector<std::vector<ExprPtr>> values;  //!< VALUES (...), (...)

  // UPDATE: SET col = expr, ...; WHERE for UPDATE/DELETE
  std::vector<std::pair<std::string, ExprPtr>> assignments;
  ExprPtr where;

  // CREATE VIEW v (cols) AS query
  std::vector<std::string> view_columns;

  // ALTER SESSION SET name = value / ALTER SYSTEM ... ; parameter names lower-cased,
  // hidden names keep their leading underscore.
  std::string parameter;
  std::string parameter_value;  //!< value as written, unquoted
  //! Other ALTER SESSION/SYSTEM actions: "FLUSH BUFFER_CACHE", "FLUSH SHARED_POOL",
  //! "FORCE PARALLEL QUERY", "ENABLE PARALLEL DML", ...
  std::string action;
  std::optional<int> parallel_degree;

  // EXPLAIN PLAN [SET STATEMENT_ID = 'x'] [INTO t] FOR statement
  std::string statement_id;
  StatementPtr explained;

  // BEGIN ... END; and EXEC
  std::vector<ProcCall> calls;

  // SAVEPOINT name / ROLLBACK TO name
  std::string savepoint;

  explicit Statement(StmtKind k) : kind(k) {}
};

}  // namespace pathdb::ast
