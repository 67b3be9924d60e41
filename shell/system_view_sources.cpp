#include "shell/system_view_sources.h"

namespace pathdb {

planner::SystemViewSources SystemViewSourcesFor(Session& session) {
  planner::SystemViewSources s;
  s.sid = 1;  // one session per database process
  Parameters* params = &session.parameters();
  s.parameters = [params] {
    std::vector<planner::ParameterSource> out;
    for (const Parameters::Entry* e : params->All())
      out.push_back({e->name, e->type, e->value, e->value == e->default_value, e->description});
    return out;
  };
  return s;
}

}  // namespace pathdb
