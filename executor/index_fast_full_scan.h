// INDEX FAST FULL SCAN: every entry of an index in physical block order, read with multiblock
// reads like a full table scan of the (skinny) index segment; no key order.
#pragma once
#include "executor/index_scan.h"

namespace pathdb {

//! Leaf operator; used when the index holds every column the query needs (and, as for INDEX
//! FULL SCAN, no row can be missing because its key is entirely NULL).
class IndexFastFullScan : public IndexScan {
 public:
  IndexFastFullScan(const storage::TableInfo& table, const storage::IndexInfo& index,
                    std::vector<uint32_t> outputs, BoundExprPtr filter);
};

}  // namespace pathdb
