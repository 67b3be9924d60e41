// JOIN FILTER CREATE: the build side's end of a join filter (:BF0000), directly above the
// HASH JOIN's build input. The filter belongs to the join (executor/hash_join.h), which fills
// it from its hash table when the build ends, so this line only passes the build rows through
// and names the filter; its A-Rows are the rows the filter was built from.
//
// Threads: as every operator (executor/operator.h).
#pragma once
#include <string>

#include "executor/child_typed_operator.h"

namespace pathdb {

//! ":BF0000" for filter id 0 (Oracle's names, four digits).
std::string JoinFilterName(uint32_t filter_id);

class JoinFilterCreate : public ChildTypedOperator {
 public:
  explicit JoinFilterCreate(uint32_t filter_id);
  uint32_t filter_id() const { return filter_id_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  uint32_t filter_id_;
};

}  // namespace pathdb
