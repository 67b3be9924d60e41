#include "shell/engine/system_view_sources.h"

#include <algorithm>
#include <tuple>

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
  s.reoptimization_hints = [sess] {
    std::vector<planner::ReoptimizationHintSource> out;
    for (const ParentCursor* p : sess->cursors().All())
      for (const auto& c : p->children) {
        int id = 0;
        for (const auto& fb : c->corrections)
          out.push_back({p->sql_id, c->child_number, ++id, planner::OptEstimateText(fb)});
      }
    std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
      return std::tie(x.sql_id, x.child_number) < std::tie(y.sql_id, y.child_number);
    });
    return out;
  };
  s.bind_captures = [sess] {
    std::vector<planner::BindCaptureSource> out;
    for (const ParentCursor* p : sess->cursors().All())
      for (const auto& c : p->children) {
        if (!c->has_plan) continue;
        int position = 0;
        for (const planner::PeekedBind& b : c->plan.record.peeked_binds)
          out.push_back({p->sql_id, c->child_number, ":" + b.name, ++position, b.type.ToString(),
                         b.value.is_null() ? std::string() : b.value.ToString()});
      }
    std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
      return std::tie(x.sql_id, x.child_number) < std::tie(y.sql_id, y.child_number);
    });
    return out;
  };
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
