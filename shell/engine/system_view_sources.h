// The session's side of the V$ views: what V$PARAMETER, V$SESSION, V$SQL, V$SQL_PLAN* (and
// V$MYSTAT's SID) and TABLE(DBMS_XPLAN...) read from the Session that runs the statement. The
// planner copies it into the FIXED TABLE FULL operators.
#pragma once
#include "planner/views/system_views.h"
#include "shell/engine/session.h"

namespace pathdb {

//! Sources reading `session`'s parameters when a view is scanned; `session` must outlive the
//! plans built with them.
planner::SystemViewSources SystemViewSourcesFor(Session& session);

}  // namespace pathdb
