// SPILL SCAN: reads back the rows of a SpillFile. Not a plan line of its own: spilling
// operators build small sub-plans over their partitions at run time (the same HASH JOIN or
// HASH GROUP BY over one partition's rows), and this is their leaf.
#pragma once
#include <memory>

#include "executor/operator.h"
#include "executor/spill_file.h"

namespace pathdb {

class SpillScan : public PhysicalOperator {
 public:
  explicit SpillScan(std::shared_ptr<SpillFile> file);
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  std::shared_ptr<SpillFile> file_;
};

}  // namespace pathdb
