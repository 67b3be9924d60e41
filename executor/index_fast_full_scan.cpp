#include "executor/index_fast_full_scan.h"

namespace pathdb {

IndexFastFullScan::IndexFastFullScan(const storage::TableInfo& table,
                                     const storage::IndexInfo& index, std::vector<uint32_t> outputs,
                                     BoundExprPtr filter)
    : IndexScan(OperatorType::kIndexFastFullScan, "INDEX FAST FULL SCAN", table, index,
                std::move(outputs), IndexKeyRange{}, false, true, std::move(filter)) {}

}  // namespace pathdb
