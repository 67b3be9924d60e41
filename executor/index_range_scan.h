// INDEX RANGE SCAN and INDEX RANGE SCAN DESCENDING: the entries of an index between two ends
// given as an equality prefix plus a range on the next key column, in key order (or reverse).
#pragma once
#include "executor/index_scan.h"

namespace pathdb {

//! Leaf operator. Entries whose key is entirely NULL are not in the index; a range end on a
//! column does not exclude NULLs in that column (they sort high), so the plan keeps such
//! conditions in `filter` as well.
class IndexRangeScan : public IndexScan {
 public:
  //! REQUIRES: !range.empty(); see IndexScan for outputs and filter.
  IndexRangeScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                 std::vector<uint32_t> outputs, IndexKeyRange range, bool descending,
                 BoundExprPtr filter);
};

}  // namespace pathdb
