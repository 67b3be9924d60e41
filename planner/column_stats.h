// The statistics of the base-table column an output column of a logical plan carries, for
// estimates made above the join graph (a semi join's key, a GROUP BY key).
#pragma once
#include <cstddef>

#include "planner/cardinality.h"
#include "planner/logical_plan.h"

namespace pathdb::planner {

//! The column statistics of output column `column` of `n` when it is a base-table column
//! carried unchanged (through filters, views, sorts, joins, projections and GROUP BY keys that
//! are bare columns); an unusable view (no statistics) otherwise. Thread-compatible: reads the
//! plan and the dictionary's statistics only.
card::ColumnView OutputColumnStats(const LogicalNode& n, size_t column);

//! Distinct values expected among `rows` rows drawn at random from `table_rows` rows that hold
//! `ndv` distinct values, each equally often (Cardenas' formula): never above either count.
double DistinctAmong(double ndv, double table_rows, double rows);

}  // namespace pathdb::planner
