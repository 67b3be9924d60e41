// The catalogue of dictionary (USER_*) and dynamic performance (V$) views: their columns and
// the function producing their rows. The binder resolves a FROM name here when no user table
// or view has it; the plan scans the view with FIXED TABLE FULL (executor/fixed_table.h),
// which calls Rows() when it opens, so every execution sees the state of that moment.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "executor/fixed_table.h"
#include "storage/storage.h"

namespace pathdb::planner {

struct PlanContext;
struct LogicalNode;

//! One row of V$PARAMETER as the session knows it.
struct ParameterSource {
  std::string name;
  std::string type;   //!< "boolean", "string", "integer", "big integer"
  std::string value;  //!< DISPLAY_VALUE (e.g. 256M)
  bool is_default = true;
  std::string description;
};

//! What the views need from the session that owns the statement (shell/ fills it in).
struct SystemViewSources {
  uint32_t sid = 1;  //!< SID of the session (V$MYSTAT)
  std::function<std::vector<ParameterSource>()> parameters;
};

//! One view: columns (as a TableInfo, so the binder and column pruning treat it like a table)
//! and its row producer.
struct SystemView {
  storage::TableInfo table;  //!< name and columns; object_id 0, no segment
  std::function<std::vector<std::vector<Value>>(ExecContext&, const SystemViewSources&)> rows;
};

//! nullptr when `name` (upper-case, without schema) is not a system view.
const SystemView* FindSystemView(std::string_view name);
//! Every system view, in name order.
std::vector<const SystemView*> SystemViews();

//! The FIXED TABLE FULL operator of a scan node whose system_view is set.
std::unique_ptr<PhysicalOperator> PlanFixedTable(LogicalNode& scan, PlanContext& ctx);

//! Oracle's internal (RAW) encoding of a value in upper-case hex, as LOW_VALUE/HIGH_VALUE
//! show it: NUMBER in base-100 (1 -> C102, -1 -> 3E6466, 0 -> 80), strings as their bytes,
//! DATE as 7 bytes (century+100, year+100, month, day, hour+1, minute+1, second+1),
//! TIMESTAMP as DATE plus 4 bytes of nanoseconds when non-zero, BINARY_DOUBLE as the
//! order-preserving 8 bytes.
std::string OracleRawHex(const Value& v);
//! Bytes of the internal encoding (what VSIZE returns); 0 for NULL.
size_t OracleInternalSize(const Value& v);
//! ENDPOINT_VALUE of a histogram endpoint: numbers as themselves, DATE/TIMESTAMP as Julian
//! day numbers with the time as a fraction, strings as Oracle does (the first 15 bytes read
//! as a base-256 number, rounded to 15 significant digits).
Value HistogramEndpointValue(const Value& v);

}  // namespace pathdb::planner
