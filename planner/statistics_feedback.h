// Statistics feedback (oracle-reference.md 2.5): after a monitored execution, the plan lines
// whose actual row count is far from their estimate become cardinality corrections -- for one
// table or for a join of several -- that the next hard parse of the statement plans with
// (PlanContext::feedback), shown as OPT_ESTIMATE hints in V$SQL_REOPTIMIZATION_HINTS.
//
// A join's actual count is the join line's own output count, whichever method ran -- never a
// per-start count of a nested-loops inner line (Oracle's ROWS=1 bug, oracle-reference 2.6).
//
// Thread use: plain functions over a finished plan and one execution's counts.
#pragma once
#include <string>
#include <vector>

#include "executor/operator.h"

namespace pathdb::planner {

//! Estimates off by this factor or more (either way) become corrections. Oracle does not
//! publish its threshold; ten keeps ordinary estimation noise from re-planning statements.
inline constexpr double kFeedbackRatio = 10;

//! One correction: the rows of one table (after its filters), of the join of `aliases`, or
//! of a FILTER line over the tables `aliases` (a subquery filter's rows, which no statistic
//! estimates: Oracle's 5% guess).
struct CardinalityCorrection {
  std::string query_block;           //!< "SEL$1"
  std::vector<std::string> aliases;  //!< sorted; one for a table; "T@SEL$2" for a filter
  double rows = 0;
  bool filter = false;
  int filter_input = -1;  //!< a filter's: the OperatorType of the line below it
  bool join() const { return !filter && aliases.size() > 1; }
};

//! The corrections an execution of `root` supports: `lines` are its run-time statistics by
//! line id (the rows and starts of every line). Only lines started exactly once count (their
//! estimate is per start). `joins`: also join corrections (_optimizer_use_feedback_for_join).
std::vector<CardinalityCorrection> CollectFeedback(const PhysicalOperator& root,
                                                   const std::vector<OperatorRuntimeStats>& lines,
                                                   bool joins);

//! Oracle's hint text: OPT_ESTIMATE (@"SEL$1" TABLE "T1"@"SEL$1" ROWS=2001.000000 ) or
//! OPT_ESTIMATE (@"SEL$1" JOIN ("T2"@"SEL$1" "T1"@"SEL$1") ROWS=2000.000000 ).
std::string OptEstimateText(const CardinalityCorrection& c);

//! The corrected rows of table `alias` or of the join of `aliases` (any order), if any.
const CardinalityCorrection* FindCorrection(const std::vector<CardinalityCorrection>& feedback,
                                            const std::string& query_block,
                                            std::vector<std::string> aliases);

//! The tables a FILTER over `input` sees, as a filter correction names them ("T@SEL$2",
//! sorted; subquery plans not included).
std::vector<std::string> FilterTables(const PhysicalOperator& input);

//! The corrected rows of a FILTER over `input`, if any (same tables, same kind of line below).
const CardinalityCorrection* FindFilterCorrection(
    const std::vector<CardinalityCorrection>& feedback, const PhysicalOperator& input);

}  // namespace pathdb::planner
