// COUNT STOPKEY: ROWNUM <= n / FETCH FIRST n ROWS [OFFSET m]: passes a prefix of child 0 and
// stops pulling it as soon as the limit is reached.
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Streaming. Skips `offset` rows, then passes at most `limit` rows; after that Next returns
//! false without calling the child again. Output = child 0 columns, plus one INTEGER column
//! ROWNUM (1, 2, ... counting passed rows, after the offset) when append_rownum.
class CountStopkey : public ChildTypedOperator {
 public:
  explicit CountStopkey(uint64_t limit, uint64_t offset = 0, bool append_rownum = false);

  uint64_t limit() const { return limit_; }
  uint64_t offset() const { return offset_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override;

 private:
  uint64_t limit_;
  uint64_t offset_;
  bool append_rownum_;
};

}  // namespace pathdb
