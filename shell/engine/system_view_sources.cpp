#include "shell/engine/system_view_sources.h"

#include "shell/engine/cursor_cache.h"
#include "shell/engine/xplan_statements.h"

namespace pathdb {

planner::SystemViewSources SystemViewSourcesFor(Session& session) {
  planner::SystemViewSources s;
  s.sid = 1;  // one session per database process
  Parameters* params = &session.parameters();
  s.parameters = [params] {
    std::vector<planner::ParameterSource> out;
    for (const Parameters::Entry* e : params->All())
      out.push_back({e->name, e->type_name(),
                     e->kind == ParamKind::kBigInteger ? std::to_string(e->number) : e->value,
                     e->value, e->value == e->default_value, e->description});
    return out;
  };
  Session* sess = &session;
  s.sql = [sess] { return CursorSqlRows(sess->cursors()); };
  s.plan_lines = [sess] { return CursorPlanLines(sess->cursors()); };
  s.join_filters = [sess] { return CursorJoinFilters(sess->cursors()); };
  s.session = [sess] {
    planner::SessionSource src;
    src.sql_id = sess->sql_id();
    src.prev_sql_id = sess->prev_sql_id();
    src.username = "PATHDB";
    src.program = "pathdb";
    return src;
  };
  s.table_function = [sess](const std::string& name,
                            const std::vector<planner::TableFunctionArg>& args) {
    return sess->TableFunction(name, args);
  };
  return s;
}

}  // namespace pathdb
