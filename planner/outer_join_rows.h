// Cardinality of an outer join (LEFT, RIGHT or FULL), which the join search does not see: it
// plans each side's inner-join tree and planner/physical_planner.cpp joins the two.
//
// Thread use: planning runs on the session's thread.
#pragma once
#include <vector>

#include "planner/cardinality.h"
#include "planner/logical_plan.h"
#include "planner/planner.h"

namespace pathdb::planner {

//! The statistics of one equi-join key pair: the left side's column and the right side's
//! (unusable when a key is no bare column or its table has no statistics).
struct OuterJoinKey {
  card::ColumnView left, right;
};

//! Rows of the outer join `n` over inputs of `left_rows` and `right_rows`:
//! - with statistics on every key, the inner join's rows (card::JoinSel per key, as for an
//!   inner join) plus the preserved rows that find no match -- under Oracle's containment
//!   assumption the side with fewer distinct keys matches all of them, the other side only
//!   ndv_small / ndv_large of its rows, and never fewer than the preserved rows; without
//!   them, every preserved row and at least the larger input;
//! - statistics feedback for exactly the join's tables replaces that (ctx.feedback);
//! - then OPT_ESTIMATE(JOIN (...)) hints naming exactly the join's tables adjust it; every
//!   such hint whose first table is below the join is reported in ctx.record (used or not).
//! Never below one row.
double OuterJoinRows(const LogicalNode& n, double left_rows, double right_rows,
                     const std::vector<OuterJoinKey>& keys, PlanContext& ctx);

}  // namespace pathdb::planner
