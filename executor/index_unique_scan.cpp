#include "executor/index_unique_scan.h"

#include "common/error.h"

namespace pathdb {
namespace {

IndexKeyRange EqualRange(const storage::IndexInfo& index, std::vector<BoundExprPtr> key) {
  if (!index.unique || key.size() != index.columns.size())
    ThrowOra(600, "internal error code, arguments: [index unique scan on {}]", index.name);
  IndexKeyRange r;
  r.equal = std::move(key);
  return r;
}

}  // namespace

IndexUniqueScan::IndexUniqueScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                                 std::vector<uint32_t> outputs, std::vector<BoundExprPtr> key,
                                 BoundExprPtr filter)
    : IndexScan(OperatorType::kIndexUniqueScan, "INDEX UNIQUE SCAN", table, index,
                std::move(outputs), EqualRange(index, std::move(key)), false, false,
                std::move(filter)) {}

}  // namespace pathdb
