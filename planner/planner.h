// The planner's public face: ast::Statement -> executable operator tree. The Session calls
// these; everything else in planner/ is internal.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "executor/operator.h"
#include "parser/ast.h"
#include "planner/cost_params.h"
#include "planner/statistics_feedback.h"
#include "storage/storage.h"

namespace pathdb::planner {

struct SystemViewSources;
struct LogicalNode;

//! A WITH query kept as a temporary result (MATERIALIZE, or referenced more than once):
//! loaded once per execution by TEMP
//! TABLE TRANSFORMATION, read by every reference (TABLE ACCESS FULL of `name`).
struct TempTableDef {
  const void* with = nullptr;  //!< the ast::Query::With it materialises
  uint32_t id = 0;             //!< 1, 2, ... within the statement
  std::string name;            //!< SYS_TEMP_0FD9D6601_xxxxxx, as Oracle names them
  std::shared_ptr<LogicalNode> plan;
  std::vector<std::string> names;
  //! `plan` planned, at the first reference planned (its estimate is the readers' estimate);
  //! WrapTempTables moves it under the LOAD AS SELECT.
  std::unique_ptr<PhysicalOperator> body;
};

//! One hint of the statement and what became of it (DBMS_XPLAN +HINT_REPORT).
struct HintUse {
  std::string text;                        //!< as written, normalised: "FULL(o)", "USE_NL(c)"
  std::string query_block;                 //!< "SEL$1"
  std::string alias;                       //!< "\"O\"@\"SEL$1\"" for table hints, else empty
  const PhysicalOperator* line = nullptr;  //!< the plan line it applied to (null: statement)
  bool used = false;
  std::string reason;  //!< why unused ("index specified in the hint doesn't exist" ...)
  bool error = false;  //!< malformed / unknown hint (E - Syntax error)
};

//! A bind variable's value at hard parse, which the estimates used (bind peeking).
struct PeekedBind {
  std::string name;  //!< without the colon, upper-case
  LogicalType type;  //!< the bind's declared type
  Value value;       //!< NULL when the bind was NULL (estimated as an unknown bind)
  size_t line = 0, column = 0;  //!< where it stands in the statement text
};

//! What planning records beside the operators: EXPLAIN's outline, notes and hint report.
struct PlanRecord {
  //! Outline hints that reproduce the plan, in Oracle's order, without indentation:
  //! FULL(@"SEL$1" "O"@"SEL$1"), LEADING(@"SEL$1" "C"@"SEL$1" "O"@"SEL$1") ...
  std::vector<std::string> outline;
  //! Outline hints that reproduce one alternative of an adaptive join only (its inner
  //! table's access path, USE_NL or USE_HASH, PX_JOIN_FILTER): EXPLAIN leaves out those of the
  //! alternative that did not run (unresolved: that the default plan does not use).
  struct AlternativeHint {
    uint32_t adaptive_id = 0;
    bool hash = false;  //!< the hash join's hint (else the nested loops')
  };
  std::map<std::string, AlternativeHint> adaptive_outline;
  //! While set, every access-path outline hint planned is also appended here, whether or not
  //! `outline` already held it (what one adaptive alternative needs).
  std::vector<std::string>* outline_tap = nullptr;
  //! Note section lines without "- ": "dynamic statistics used: dynamic sampling (level=2)".
  std::vector<std::string> notes;
  std::vector<HintUse> hints;
  //! GATHER_PLAN_STATISTICS appeared: collect run-time statistics for this statement.
  bool gather_plan_statistics = false;
  //! A bind variable's value was folded into the plan: it is not reused by a later execution.
  bool binds_folded = false;
  //! Every bind of the statement with the value the estimates used, by position in the text
  //! (each occurrence; +PEEKED_BINDS, V$SQL_BIND_CAPTURE).
  std::vector<PeekedBind> peeked_binds;
  //! Adds `bind` to peeked_binds at its text position (the WHERE clause is bound before the
  //! select list); a position already there (a view's text bound again) is kept once.
  void Peek(PeekedBind bind);
};

//! A PX_JOIN_FILTER(alias) / NO_PX_JOIN_FILTER(alias) hint and the access path of the table it
//! names (the plan line a JOIN FILTER USE would go above).
struct JoinFilterHint {
  const PhysicalOperator* access = nullptr;
  bool use = true;    //!< PX_JOIN_FILTER (else NO_PX_JOIN_FILTER)
  size_t report = 0;  //!< its entry in PlanRecord::hints
};

//! What planning needs from the session. `eval` is used to fold constants (DEFAULT values,
//! FETCH FIRST n) and carries the dialect; `cost` holds the cost model's inputs taken from the
//! session's parameters. One PlanContext plans one statement on one thread.
struct PlanContext {
  PlanContext(storage::Database& d, EvalContext& e, const SystemViewSources* s = nullptr)
      : db(d), eval(e), sources(s) {}
  storage::Database& db;
  EvalContext& eval;
  //! The session's side of the V$ views (V$PARAMETER ...); nullptr: those views are empty.
  const SystemViewSources* sources = nullptr;
  //! What the cost model reads (optimizer_index_cost_adj, the work area ...); the defaults
  //! when the caller has no session.
  cost::CostParams cost;
  //! Next free EvalContext::parameters slot for index nested loops (slots below 64 belong to
  //! correlated subqueries and binds).
  size_t next_parameter_slot = 64;
  //! Query blocks named so far (SEL$1, SEL$2 ... in binding order).
  int query_blocks = 0;
  //! Materialised WITH queries met while binding; the statement's plan loads them first.
  std::vector<TempTableDef> temp_tables;
  //! Set by the statements whose plan loads temporary results (queries, INSERT ... SELECT):
  //! elsewhere (UPDATE, DELETE) a WITH query is bound inline even with MATERIALIZE.
  bool temp_tables_allowed = false;
  //! Filled while planning; PlanQuery & co. move it into PhysicalPlan::record.
  PlanRecord record;
  //! Subquery plans planned so far. Their expressions (SubqueryInfo::plan) hold them as const;
  //! this is the planner's mutable handle for plan rewrites (planner/plan_rewrite.h) until
  //! planning ends, so no rewrite casts const away.
  std::vector<std::shared_ptr<PhysicalOperator>> subplans;
  //! Join filter hints met while planning table access paths (planner/join_filters.cpp).
  std::vector<JoinFilterHint> join_filter_hints;
  //! Next adaptive join id (executor/adaptive_join.h): 0, 1 ... in planning order.
  uint32_t next_adaptive_id = 0;
  //! Statistics feedback from an earlier execution (planner/statistics_feedback.h): these
  //! cardinalities replace the estimates of the tables and joins they name.
  std::vector<CardinalityCorrection> feedback;
  //! Called before a function bound in the statement changes the dictionary
  //! (DBMS_STATS.CREATE_EXTENDED_STATS in a query): the session commits, as for DDL. Null
  //! when the statement is only planned (EXPLAIN PLAN): such functions then change nothing.
  std::function<void()> before_dictionary_change;
  //! Subquery plans whose query block says PUSH_SUBQ (true) or NO_PUSH_SUBQ (false): where a
  //! join places their filter (planner/subquery_filter.h).
  std::map<const PhysicalOperator*, bool> push_subquery;

  //! Registers a finished subquery plan and returns the const handle its expression keeps.
  std::shared_ptr<const PhysicalOperator> AddSubPlan(std::unique_ptr<PhysicalOperator> plan) {
    subplans.push_back(std::shared_ptr<PhysicalOperator>(std::move(plan)));
    return subplans.back();
  }
  //! The registered subquery plan `plan` points to, mutable; null if not registered here.
  PhysicalOperator* MutableSubPlan(const PhysicalOperator* plan) const {
    for (const auto& p : subplans)
      if (p.get() == plan) return p.get();
    return nullptr;
  }
};

//! A runnable plan: the operator tree plus the result columns' headings and types.
struct PhysicalPlan {
  std::unique_ptr<PhysicalOperator> root;
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  //! Per column: heading is a column name or alias (false: expression text; CTAS rejects it).
  std::vector<bool> named;
  //! Outline, notes, hint usage (planner/explain.h renders them).
  PlanRecord record;
};

//! SELECT (any query expression). Throws OraError for binding errors.
PhysicalPlan PlanQuery(const ast::Query& query, PlanContext& ctx);

//! INSERT / UPDATE / DELETE: the root outputs one row, one INTEGER column = rows affected.
PhysicalPlan PlanInsert(const ast::Statement& stmt, PlanContext& ctx);
PhysicalPlan PlanUpdate(const ast::Statement& stmt, PlanContext& ctx);
PhysicalPlan PlanDelete(const ast::Statement& stmt, PlanContext& ctx);

//! CREATE TABLE (column list form): the dictionary entry to create (types mapped, PRIMARY KEY
//! columns NOT NULL, DEFAULT values folded to constants).
storage::TableInfo BuildTableInfo(const ast::Statement& stmt, PlanContext& ctx);
//! The INMEMORY clause of CREATE/ALTER TABLE, typed. ORA-00922 for a bad MEMCOMPRESS.
storage::InMemoryChange InMemoryChangeOf(const ast::Statement& stmt);
//! CREATE TABLE ... INMEMORY [attributes] applied to the new table's info (ORA-00904 for an
//! unknown column in a column clause).
void ApplyInMemory(const ast::Statement& stmt, storage::TableInfo& info);
//! CREATE TABLE AS SELECT: the dictionary entry whose columns match `plan` (ORA-00998 for an
//! expression without an alias).
storage::TableInfo BuildTableInfoAs(const ast::Statement& stmt, const PhysicalPlan& plan);

//! CREATE [UNIQUE] INDEX (planner/index_ddl.cpp): the dictionary entry to build. ORA-00942
//! without the table, ORA-00904 for an unknown column, ORA-00957 for a repeated one.
storage::IndexInfo BuildIndexInfo(const ast::Statement& stmt, PlanContext& ctx);
//! The unique indexes enforcing CREATE TABLE's PRIMARY KEY / UNIQUE constraints, named after
//! their constraints (SYS_Cnnnnnnn when unnamed). ORA-02260 for a second primary key,
//! ORA-02261 for a key declared twice.
std::vector<storage::IndexInfo> BuildConstraintIndexes(const ast::Statement& stmt,
                                                       const storage::TableInfo& table,
                                                       PlanContext& ctx);
//! A plan inserting the rows of `source` (already shaped like `table`) into `table`.
PhysicalPlan PlanLoad(const storage::TableInfo& table, PhysicalPlan source);

//! Evaluates an expression without FROM scope (PL/SQL call arguments, ALTER ... values).
Value EvaluateConstant(const ast::Expr& expr, PlanContext& ctx);

//! Maps a declared type to its stored form (INTEGER -> NUMBER(38,0), TEXT -> VARCHAR2(4000)
//! happen in the parser's type names; here: limits and defaults such as VARCHAR2 without
//! length).
LogicalType StorageType(const LogicalType& declared);

}  // namespace pathdb::planner
