// PL/SQL calls of anonymous blocks and EXEC: DBMS_STATS, DBMS_INMEMORY, DBMS_RANDOM.SEED and
// bind variable assignments (:x := value).
#include <fmt/format.h>

#include "common/error.h"
#include "planner/dbms_stats/dbms_stats.h"
#include "planner/planner.h"
#include "shell/engine/cursor_cache.h"
#include "shell/engine/session_statements.h"

namespace pathdb {

namespace {

std::string JoinName(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts) {
    if (!s.empty()) s += '.';
    s += p;
  }
  return s;
}

}  // namespace

void StatementRunner::CallDbmsInmemory(const ast::ProcCall& call, bool repopulate) {
  planner::PlanContext pctx{session.database(), ctx.eval};
  // (schema_name, table_name [, partition_name [, force]]), positional or named.
  std::string table;
  size_t positional = 0;
  for (const auto& a : call.args) {
    const bool is_table = a.name == "TABLE_NAME" || (a.name.empty() && positional++ == 1);
    if (!is_table) continue;
    Value v = planner::EvaluateConstant(*a.value, pctx);
    if (!v.is_null()) table = v.ToString();
  }
  if (table.empty()) {
    ThrowOra(6550,
             "line 1, column 7:\nPLS-00306: wrong number or types of arguments in call to '{}'",
             call.name.back());
  }
  for (auto& ch : table) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  const storage::TableInfo* t = session.database().FindTable(table);
  if (!t) ThrowOra(942, "table or view does not exist");
  session.database().PopulateInMemory(*t, repopulate, session.stats(),
                                      session.progress("POPULATE " + t->name));
}

void StatementRunner::AssignBind(const ast::ProcCall& call, planner::PlanContext& pctx) {
  const auto it = session.binds().find(call.assign_bind);
  if (it == session.binds().end()) ThrowOra(1008, "not all variables bound");
  Value v = planner::EvaluateConstant(*call.args.at(0).value, pctx);
  try {
    if (!v.is_null() && !(v.type() == it->second.type)) v = CastValue(v, it->second.type, ctx.eval);
  } catch (const OraError& e) {
    // PL/SQL reports a value that does not fit its target as ORA-06502.
    const char* what = e.code() == 12899  ? "character string buffer too small"
                       : e.code() == 1438 ? "number precision too large"
                       : e.code() == 1722 ? "character to number conversion error"
                                          : nullptr;
    if (what == nullptr) throw;
    ThrowOra(6502, "PL/SQL: numeric or value error: {}", what);
  }
  session.AssignBind(call.assign_bind, std::move(v));
}

StatementOutcome StatementRunner::Plsql(const ast::Statement& stmt) {
  planner::PlanContext pctx{session.database(), ctx.eval};
  for (const auto& call : stmt.calls) {
    if (!call.assign_bind.empty()) {
      AssignBind(call, pctx);
      continue;
    }
    const std::string name = JoinName(call.name);
    if (name == "DBMS_RANDOM.SEED") {
      if (call.args.size() != 1)
        ThrowOra(
            6550,
            "line 1, column 7:\nPLS-00306: wrong number or types of arguments in call to 'SEED'");
      Value v = planner::EvaluateConstant(*call.args[0].value, pctx);
      uint64_t seed = 0;
      if (v.is_null())
        seed = 0;
      else if (v.type().IsString())
        seed = std::hash<std::string>{}(v.str());
      else if (v.type().id == TypeId::kDouble)
        seed = static_cast<uint64_t>(static_cast<int64_t>(v.dbl()));
      else
        seed = static_cast<uint64_t>(v.number().ToInt64().value_or(0));
      session.random().seed(seed);
    } else if (name == "DBMS_OUTPUT.PUT_LINE" || name == "DBMS_OUTPUT.ENABLE" || name == "NULL") {
      // Accepted and ignored: no server output buffer yet.
    } else if (call.name.size() == 2 && call.name[0] == "DBMS_STATS") {
      ImplicitCommit();  // DBMS_STATS commits like DDL, as in Oracle
      planner::CallDbmsStats(call, pctx, session.stats());
      // New statistics: plans built on the old ones are rebuilt at their next execution.
      session.cursors().InvalidateAll();
    } else if (name == "DBMS_INMEMORY.POPULATE" || name == "DBMS_INMEMORY.REPOPULATE") {
      CallDbmsInmemory(call, name == "DBMS_INMEMORY.REPOPULATE");
    } else if (call.name.size() == 2 && call.name[0] == "DBMS_INMEMORY") {
      ThrowUnimplemented(name);
    } else {
      ThrowOra(6550, "line 1, column 7:\nPLS-00201: identifier '{}' must be declared", name);
    }
  }
  StatementOutcome done;
  done.message = "PL/SQL procedure successfully completed.";
  return done;
}

}  // namespace pathdb
