#include "storage/scan_spec.h"

namespace pathdb::storage {

bool ScanCanEvaluate(const LogicalType& column, const LogicalType& constant) {
  if (column.id != constant.id) return false;
  switch (column.id) {
    case TypeId::kNumber:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    // VARCHAR2 compares by bytes in the executor too; CHAR would need blank-padded semantics
    // and BINARY_DOUBLE NaN ordering, so those stay with the executor's filter.
    case TypeId::kVarchar:
      return true;
    default:
      return false;
  }
}

void RuntimeFilter::ApplyMembership(const std::vector<const Vector*>&, DataChunk&) const {}

bool RuntimeFilter::MayMatchRange(size_t, const Value&, const Value&) const { return true; }

void RuntimeFilter::Publish(bool empty, std::vector<std::optional<Value>> min,
                            std::vector<std::optional<Value>> max) {
  empty_ = empty;
  min_ = std::move(min);
  max_ = std::move(max);
  published_.store(true, std::memory_order_release);
}

}  // namespace pathdb::storage
