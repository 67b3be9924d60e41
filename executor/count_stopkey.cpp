#include "executor/count_stopkey.h"

#include "executor/chunk_util.h"

namespace pathdb {
namespace {
struct CountStopkeyState : OperatorState {
  std::unique_ptr<OperatorState> child;
  DataChunk input;  //!< only with append_rownum: the child's batch before the extra column
  uint64_t skipped = 0;
  uint64_t passed = 0;
};
}  // namespace

CountStopkey::CountStopkey(uint64_t limit, uint64_t offset, bool append_rownum)
    : ChildTypedOperator(OperatorType::kCountStopkey, "COUNT STOPKEY"),
      limit_(limit),
      offset_(offset),
      append_rownum_(append_rownum) {}

std::vector<LogicalType> CountStopkey::ComputeTypes() const {
  auto t = ChildTypes(0);
  if (append_rownum_) t.push_back(LogicalType::Integer());
  return t;
}

std::unique_ptr<OperatorState> CountStopkey::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<CountStopkeyState>();
  // A zero limit never opens (or pulls) the child at all, as Oracle's ROWNUM <= 0.
  if (limit_ == 0) return st;
  st->child = children_.at(0)->Open(ctx);
  if (append_rownum_) st->input.Initialize(children_[0]->types());
  return st;
}

bool CountStopkey::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<CountStopkeyState&>(state);
  while (st.passed < limit_) {
    ctx.CheckCancel();
    DataChunk& batch = append_rownum_ ? st.input : out;
    if (!children_[0]->Next(ctx, *st.child, batch)) {
      st.passed = limit_;  // exhausted: never pull again
      return false;
    }
    uint64_t n = batch.Count();
    uint64_t skip = std::min<uint64_t>(offset_ - st.skipped, n);
    st.skipped += skip;
    uint64_t take = std::min<uint64_t>(n - skip, limit_ - st.passed);
    if (take == 0) continue;
    KeepActiveRange(batch, skip, take);
    if (append_rownum_) {
      out.Reset();
      MoveColumns(st.input, out);
      Vector& rn = out.column(out.ColumnCount() - 1);
      for (size_t i = 0; i < out.Count(); i++)
        rn.Data<Decimal>()[out.RowIndex(i)] =
            Decimal::FromInt(static_cast<int64_t>(st.passed + i + 1));
    }
    st.passed += take;
    return true;
  }
  return false;
}

}  // namespace pathdb
