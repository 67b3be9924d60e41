#include "executor/connect_by.h"

#include "common/error.h"

namespace pathdb {
namespace {
struct ConnectByState : OperatorState {
  int64_t next = 1;  //!< next LEVEL to produce
  int64_t last = 0;  //!< last LEVEL to produce
};
}  // namespace

ConnectByWithoutFiltering::ConnectByWithoutFiltering(BoundExprPtr level_bound, bool inclusive)
    : PhysicalOperator(OperatorType::kConnectBy, "CONNECT BY WITHOUT FILTERING",
                       {LogicalType::Integer()}),
      level_bound_(std::move(level_bound)),
      inclusive_(inclusive) {}

std::unique_ptr<OperatorState> ConnectByWithoutFiltering::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<ConnectByState>();
  // One root row per FAST DUAL row: drain the child so it still shows a start.
  if (!children_.empty()) {
    auto child = children_[0]->Open(ctx);
    DataChunk scratch(children_[0]->types());
    while (children_[0]->Next(ctx, *child, scratch)) {
    }
  }
  Value bound = ExpressionExecutor::EvaluateScalar(*level_bound_, ctx.eval);
  int64_t last = 1;
  if (!bound.is_null()) {
    Decimal d;
    if (bound.type().id == TypeId::kDouble) {
      d = Decimal::FromDouble(bound.dbl());
    } else if (bound.type().id == TypeId::kNumber) {
      d = bound.number();
    } else {
      auto parsed = Decimal::Parse(bound.ToString());
      if (!parsed) throw OraError(1722, "invalid number");
      d = *parsed;
    }
    // LEVEL <= 2.5 admits 1, 2; LEVEL < 3 admits 1, 2; LEVEL < 2.5 admits 1, 2.
    auto whole = d.Trunc(0).ToInt64();
    int64_t n = whole ? *whole : (d.coef < 0 ? 0 : INT64_MAX);
    if (!inclusive_ && d.IsInteger()) n--;
    last = std::max<int64_t>(1, n);
  }
  st->last = last;
  return st;
}

bool ConnectByWithoutFiltering::NextImpl(ExecContext& ctx, OperatorState& state,
                                     DataChunk& out) const {
  ctx.CheckCancel();
  auto& st = static_cast<ConnectByState&>(state);
  if (st.next > st.last) return false;
  out.Reset();
  auto n = static_cast<size_t>(std::min<int64_t>(st.last - st.next + 1, kVectorSize));
  Decimal* levels = out.column(0).Data<Decimal>();
  for (size_t i = 0; i < n; i++) levels[i] = Decimal::FromInt(st.next + static_cast<int64_t>(i));
  out.SetSize(n);
  st.next += static_cast<int64_t>(n);
  return true;
}

}  // namespace pathdb
