#include "executor/index_range_scan.h"

#include "common/error.h"

namespace pathdb {
namespace {

IndexKeyRange NonEmpty(const storage::IndexInfo& index, IndexKeyRange range) {
  if (range.empty())
    ThrowOra(600, "internal error code, arguments: [index range scan without range on {}]",
             index.name);
  return range;
}

}  // namespace

IndexRangeScan::IndexRangeScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                               std::vector<uint32_t> outputs, IndexKeyRange range, bool descending,
                               BoundExprPtr filter)
    : IndexScan(OperatorType::kIndexRangeScan,
                descending ? "INDEX RANGE SCAN DESCENDING" : "INDEX RANGE SCAN", table, index,
                std::move(outputs), NonEmpty(index, std::move(range)), descending, false,
                std::move(filter)) {}

}  // namespace pathdb
