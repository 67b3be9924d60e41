#include "executor/index_full_scan.h"

namespace pathdb {

IndexFullScan::IndexFullScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                             std::vector<uint32_t> outputs, bool descending, BoundExprPtr filter)
    : IndexScan(OperatorType::kIndexFullScan,
                descending ? "INDEX FULL SCAN DESCENDING" : "INDEX FULL SCAN", table, index,
                std::move(outputs), IndexKeyRange{}, descending, false, std::move(filter)) {}

}  // namespace pathdb
