// Oracle's rendering of expressions for DBMS_XPLAN's Predicate Information section and the
// Name/Projection columns: "O"."CUSTOMER_ID"="C"."CUSTOMER_ID", "C"."EMAIL"='x',
// "T"."ID">=20000 AND "T"."ID"<=22000, UPPER("C"."NAME") LIKE 'A%', "X" IS NOT NULL ...
// The planner calls these while it builds operators (it knows which columns an expression's
// column indexes mean); EXPLAIN only prints the finished strings.
#pragma once
#include <string>
#include <vector>

#include "executor/expression.h"
#include "storage/storage.h"

namespace pathdb::planner {

//! Labels of a scan's output columns: "ALIAS"."COLUMN" per column_ids entry (alias upper-case
//! as the user wrote it, else the table name; storage::kRowIdColumn -> "ALIAS".ROWID).
std::vector<std::string> ScanLabels(const storage::TableInfo& table,
                                    const std::vector<uint32_t>& column_ids,
                                    const std::string& alias);

//! `e` as Oracle prints it, column i printed as labels[i] (a missing label prints as
//! "COLn"). Conjunctions print with " AND ", IN lists as ("X"=1 OR "X"=2), BETWEEN as a
//! >=/<= pair, strings quoted 'x', dates as TO_DATE(' 2024-01-01 00:00:00', 'syyyy-mm-dd
//! hh24:mi:ss'), parameters as :B1, subqueries as EXISTS (SELECT 0 FROM ...) / IS NOT NULL
//! forms as far as the plan knows them.
std::string PredicateText(const BoundExpr& e, const std::vector<std::string>& labels);

//! Labels for a list of expressions over an input labelled `labels` (projection, GROUP BY
//! keys, aggregates): PredicateText of each.
std::vector<std::string> ExprLabels(const std::vector<const BoundExpr*>& exprs,
                                    const std::vector<std::string>& labels);

}  // namespace pathdb::planner
