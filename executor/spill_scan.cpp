#include "executor/spill_scan.h"

namespace pathdb {

SpillScan::SpillScan(std::shared_ptr<SpillFile> file)
    : PhysicalOperator(OperatorType::kSpillScan, "SPILL SCAN", file->types()),
      file_(std::move(file)) {}

std::unique_ptr<OperatorState> SpillScan::OpenImpl(ExecContext& ctx) const {
  file_->Rewind(ctx.stats);
  return std::make_unique<OperatorState>();
}

bool SpillScan::NextImpl(ExecContext& ctx, OperatorState&, DataChunk& out) const {
  ctx.CheckCancel();
  return file_->Read(out, ctx.stats);
}

}  // namespace pathdb
