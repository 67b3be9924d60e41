// Bound expressions: names resolved, types known. The binder (planner/) builds them from the
// AST; ExpressionExecutor evaluates them over whole DataChunks (one kernel call per node per
// batch, never a virtual call per row).
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"
#include "storage/scan_spec.h"

namespace pathdb {
class PhysicalOperator;

enum class Dialect : uint8_t {
  kOracle,  //!< '' is NULL, NUMBER division exact, x/0 raises ORA-01476
  kSqlite,  //!< integer division truncates, x/0 and x%0 give NULL, '' is a string
};

enum class BoundKind : uint8_t {
  kConstant,   //!< constant
  kColumn,     //!< column_index into the input chunk
  kParameter,  //!< column_index into EvalContext::parameters (correlated refs, :binds)
  kFunction,   //!< name: operator or function, upper-case ("+", "-", "*", "/", "%", "||",
               //!< "NEG", "NVL", "SUBSTR", "ROUND", "DBMS_RANDOM.VALUE", ...); children = args
  kCompare,    //!< name: "=", "<>", "<", "<=", ">", ">="; children[0], children[1]
  kAnd,        //!< children (n-ary)
  kOr,         //!< children (n-ary)
  kNot,        //!< children[0]
  kIsNull,     //!< children[0]; negated = IS NOT NULL
  kInList,     //!< children = {x, v1, ...}; negated = NOT IN (NULL semantics of SQL)
  kLike,       //!< children = {x, pattern[, escape]}; negated
  kCase,       //!< children = {when1, then1, ..., else (always present, NULL constant)}
               //!< (a simple CASE is bound into searched form)
  kCast,       //!< children[0] to `type`
  kSubquery,   //!< scalar / EXISTS / IN subquery: see SubqueryInfo
  kBind,       //!< name: a session bind variable (:X), its value read at every evaluation
};

struct BoundExpr;
using BoundExprPtr = std::unique_ptr<BoundExpr>;

//! A subquery inside an expression. The executor runs `plan` with `parameters` set from the
//! outer row (correlation) and caches results per distinct parameter tuple.
struct SubqueryInfo {
  enum class Mode : uint8_t { kScalar, kExists, kIn, kAny, kAll } mode = Mode::kScalar;
  std::shared_ptr<const PhysicalOperator> plan;
  //! Outer expressions whose values become the subplan's parameters 0..n-1.
  std::vector<BoundExprPtr> correlated;
  std::string compare_op;  //!< kIn (always "="), kAny/kAll: "=", "<", ...
  bool negated = false;    //!< NOT EXISTS / NOT IN
};

struct BoundExpr {
  BoundKind kind;
  LogicalType type;
  Value constant;
  size_t column_index = 0;
  std::string name;
  bool negated = false;
  std::vector<BoundExprPtr> children;
  std::unique_ptr<SubqueryInfo> subquery;  //!< kSubquery; children = left operands (kIn/kAny)
  //! Oracle-style text for the Predicate Information section: "O"."CUSTOMER_ID"=:B1.
  std::string display;

  BoundExpr(BoundKind k, LogicalType t) : kind(k), type(t) {}
  BoundExprPtr Copy() const;
  bool IsConstant() const { return kind == BoundKind::kConstant; }
};

struct ExecContext;

//! What an expression may need besides its input: dialect, session values, parameters.
//! A bind variable of the session (SQL*Plus VARIABLE): its declared type and current value
//! (NULL until assigned), by upper-case name.
struct BindVariable {
  LogicalType type;
  Value value;
};
using BindVariables = std::map<std::string, BindVariable>;

struct EvalContext {
  Dialect dialect = Dialect::kOracle;
  std::string nls_date_format = "DD-MON-RR";
  std::string nls_timestamp_format = "DD-MON-RR HH.MI.SSXFF AM";
  int64_t statement_time_us = 0;      //!< SYSDATE/SYSTIMESTAMP: fixed for one statement
  std::mt19937_64* random = nullptr;  //!< DBMS_RANDOM (session-owned generator)
  std::vector<Value> parameters;      //!< kParameter values (correlation, binds)
  ExecContext* exec = nullptr;        //!< for running subqueries
  //! The session's bind variables (kBind); null: none declared. Not owned.
  const BindVariables* binds = nullptr;
  //! Subexpressions already evaluated for the current input (node of the expression being
  //! evaluated -> its values at the input's row positions): an operand that is one of these
  //! nodes is read from the vector instead of being computed again. Set around one Execute
  //! by its caller (aggregate arguments sharing a subexpression, AggregateSpec::reuse).
  std::vector<std::pair<const BoundExpr*, const Vector*>> reuse;
};

class ExpressionExecutor {
 public:
  //! Evaluates `expr` for the active rows of `input` into `result` (flat or constant vector of
  //! expr.type, same row positions as input; rows outside the selection are undefined).
  static void Execute(const BoundExpr& expr, const DataChunk& input, Vector& result,
                      EvalContext& ctx);
  //! Keeps in `input`'s selection only rows where the predicate is TRUE (not NULL/FALSE).
  static void Filter(const BoundExpr& predicate, DataChunk& input, EvalContext& ctx);
  //! Evaluates a constant expression (no columns) to a Value.
  static Value EvaluateScalar(const BoundExpr& expr, EvalContext& ctx);
};

//! The typed form of a comparison's operator name ("=", "<>", "!=", "^=", "<", ...).
//! ORA-00920 for any other name.
storage::CompareOp ParseCompareOp(std::string_view name);

//! Calls fn for every kColumn index in `e`, including the outer-context expressions of
//! subqueries (their correlated lists), but not inside the subquery plans.
void VisitColumns(const BoundExpr& e, const std::function<void(size_t)>& fn);

//! Converts a value to `target` with Oracle rules (ORA-01722 invalid number, ORA-01861
//! literal does not match format string, ORA-12899 value too large for NUMBER(p,s)/VARCHAR2).
Value CastValue(const Value& v, const LogicalType& target, const EvalContext& ctx);

}  // namespace pathdb
