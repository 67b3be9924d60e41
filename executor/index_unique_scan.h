// INDEX UNIQUE SCAN: the one entry of a unique index whose every key column equals a value.
#pragma once
#include "executor/index_scan.h"

namespace pathdb {

//! Leaf operator: at most one row (the entry for the key, if present). Output columns as
//! IndexScan::outputs().
class IndexUniqueScan : public IndexScan {
 public:
  //! REQUIRES: index.unique and key.size() == index.columns.size() (one value expression per
  //! key column, in key order, without column references).
  IndexUniqueScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                  std::vector<uint32_t> outputs, std::vector<BoundExprPtr> key,
                  BoundExprPtr filter);
};

}  // namespace pathdb
