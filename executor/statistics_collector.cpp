#include "executor/statistics_collector.h"

#include "executor/chunk_collection.h"
#include "executor/spill_file.h"

namespace pathdb {
namespace {

struct CollectorState : OperatorState {
  std::unique_ptr<OperatorState> input;
  std::unique_ptr<ChunkCollection> buffer;  //!< null: pass-through
  uint32_t replayed = 0;                    //!< rows of `buffer` handed out
};

}  // namespace

StatisticsCollector::StatisticsCollector(uint32_t adaptive_id)
    : ChildTypedOperator(OperatorType::kStatisticsCollector, "STATISTICS COLLECTOR"),
      adaptive_id_(adaptive_id) {}

std::unique_ptr<OperatorState> StatisticsCollector::Collect(ExecContext& ctx, double threshold,
                                                            uint64_t max_bytes,
                                                            Collected& seen) const {
  auto st = std::make_unique<CollectorState>();
  const PhysicalOperator& input = *children_.at(0);
  st->input = input.Open(ctx);
  st->buffer = std::make_unique<ChunkCollection>(input.types());
  const uint64_t row_bytes = EstimatedRowBytes(input.types());
  DataChunk batch(input.types());
  seen = {};
  // Whole batches: the decision is made at most one batch (2048 rows) past the point.
  while (true) {
    if (static_cast<double>(seen.rows) > threshold) return st;
    if (seen.rows * row_bytes > max_bytes) {
      seen.over_memory = true;
      return st;
    }
    if (!input.Next(ctx, *st->input, batch)) break;
    ctx.CheckCancel();
    seen.rows += batch.Count();
    st->buffer->Append(batch);
  }
  seen.ended = true;
  return st;
}

std::unique_ptr<OperatorState> StatisticsCollector::OpenImpl(ExecContext& ctx) const {
  if (auto stashed = ctx.shared.TakeCollector(adaptive_id_)) return stashed;
  auto st = std::make_unique<CollectorState>();
  st->input = children_.at(0)->Open(ctx);
  return st;
}

bool StatisticsCollector::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<CollectorState&>(state);
  ctx.CheckCancel();
  if (st.buffer && st.replayed < st.buffer->size()) {
    const size_t n = std::min<size_t>(kVectorSize, st.buffer->size() - st.replayed);
    st.buffer->Scan(st.replayed, n, out);
    st.replayed += static_cast<uint32_t>(n);
    if (st.replayed == st.buffer->size()) st.buffer.reset();  // free it while streaming on
    return true;
  }
  out.Reset();
  return children_[0]->Next(ctx, *st.input, out);
}

}  // namespace pathdb
