// INDEX FULL SCAN and INDEX FULL SCAN DESCENDING: every entry of an index in key order (or
// reverse), one leaf after the other along the leaf chain.
#pragma once
#include "executor/index_scan.h"

namespace pathdb {

//! Leaf operator. Rows whose key columns are all NULL are not in the index: the plan uses it
//! for a whole table only when a key column is NOT NULL or a condition rejects NULLs.
class IndexFullScan : public IndexScan {
 public:
  IndexFullScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                std::vector<uint32_t> outputs, bool descending, BoundExprPtr filter);
};

}  // namespace pathdb
