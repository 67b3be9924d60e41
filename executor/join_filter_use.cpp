#include "executor/join_filter_use.h"

#include <fmt/format.h>

#include "executor/chunk_util.h"
#include "executor/join_filter.h"
#include "executor/join_filter_create.h"

namespace pathdb {
namespace {
struct UseState : OperatorState {
  std::unique_ptr<OperatorState> child;
  std::shared_ptr<JoinFilter> filter;
  std::vector<Vector> keys;
};
}  // namespace

JoinFilterUse::JoinFilterUse(uint32_t filter_id, std::vector<BoundExprPtr> keys)
    : ChildTypedOperator(OperatorType::kJoinFilterUse, "JOIN FILTER USE"),
      filter_id_(filter_id),
      keys_(std::move(keys)) {
  object_name = JoinFilterName(filter_id);
}

std::unique_ptr<OperatorState> JoinFilterUse::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<UseState>();
  st->child = children_.at(0)->Open(ctx);
  if (!keys_.empty()) {
    st->filter = ctx.shared.JoinFilterById(filter_id_);
    for (const auto& k : keys_) st->keys.emplace_back(k->type);
  }
  return st;
}

namespace {
// Ours (ALLSTATS LAST's Note): what the filter did on this line's rows.
void NoteCounters(const JoinFilter& f, OperatorRuntimeStats& line) {
  const JoinFilter::Counters c = f.counters();
  line.access_note = fmt::format("{} rows probed, {} rejected{}{}", c.probed, c.filtered,
                                 f.integer_keys() != nullptr ? ", integer keys tested exactly" : "",
                                 c.deactivated == 0 ? ""
                                 : c.active ? " (stopped probing once: it rejected under a third)"
                                            : " (stopped probing: it rejected under a third)");
}
}  // namespace

bool JoinFilterUse::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  const bool more = NextRows(ctx, static_cast<UseState&>(state), out);
  // After the child's call: the last one may probe (and reject) many rows and return none.
  if (OperatorRuntimeStats* line = ctx.LineStats(line_id())) {
    auto f = ctx.shared.JoinFilterById(filter_id_);
    if (f->published()) NoteCounters(*f, *line);
  }
  return more;
}

bool JoinFilterUse::NextRows(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<UseState&>(state);
  const PhysicalOperator& child = *children_[0];
  while (true) {
    ctx.CheckCancel();
    if (st.filter && st.filter->published() && st.filter->empty()) return false;
    if (!child.Next(ctx, *st.child, out)) return false;
    if (!st.filter || !st.filter->published()) return true;
    std::vector<const Vector*> ptrs;
    for (size_t k = 0; k < keys_.size(); ++k) {
      EvalInto(*keys_[k], out, st.keys[k], ctx.eval);
      ptrs.push_back(&st.keys[k]);
    }
    st.filter->ApplyMembership(ptrs, out);
    if (out.Count() > 0) return true;
  }
}

}  // namespace pathdb
