#include "executor/temp_table_transformation.h"

#include "common/error.h"
#include "executor/chunk_collection.h"

namespace pathdb {

namespace {

struct TransformationState : OperatorState {
  std::unique_ptr<OperatorState> query;
};

struct LoadState : OperatorState {
  std::unique_ptr<OperatorState> child;
  bool done = false;
};

struct ScanState : OperatorState {
  std::shared_ptr<const ChunkCollection> rows;
  uint32_t next = 0;
};

}  // namespace

std::unique_ptr<OperatorState> TempTableTransformation::OpenImpl(ExecContext& ctx) const {
  for (size_t i = 0; i + 1 < children_.size(); ++i) {
    auto st = children_[i]->Open(ctx);
    DataChunk sink(children_[i]->types());
    while (children_[i]->Next(ctx, *st, sink)) {
    }
  }
  auto st = std::make_unique<TransformationState>();
  st->query = children_.back()->Open(ctx);
  return st;
}

bool TempTableTransformation::NextImpl(ExecContext& ctx, OperatorState& state,
                                       DataChunk& out) const {
  ctx.CheckCancel();
  return children_.back()->Next(ctx, *static_cast<TransformationState&>(state).query, out);
}

TempTableLoad::TempTableLoad(uint32_t id, std::string name)
    : ChildTypedOperator(OperatorType::kTempTableLoad, "LOAD AS SELECT (CURSOR DURATION MEMORY)"),
      id_(id) {
  object_name = std::move(name);
}

std::unique_ptr<OperatorState> TempTableLoad::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<LoadState>();
  st->child = children_.at(0)->Open(ctx);
  return st;
}

bool TempTableLoad::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk&) const {
  auto& st = static_cast<LoadState&>(state);
  ctx.CheckCancel();
  if (st.done) return false;
  auto rows = std::make_shared<ChunkCollection>(children_[0]->types());
  DataChunk in(children_[0]->types());
  while (children_[0]->Next(ctx, *st.child, in)) {
    ctx.CheckCancel();
    rows->Append(in);
  }
  ctx.shared.PutTempTable(id_, std::move(rows));
  st.done = true;
  return false;
}

TempTableScan::TempTableScan(uint32_t id, std::string name, std::vector<LogicalType> types)
    : PhysicalOperator(OperatorType::kTempTableScan, "TABLE ACCESS FULL", std::move(types)),
      id_(id) {
  object_name = std::move(name);
}

std::unique_ptr<OperatorState> TempTableScan::OpenImpl(ExecContext& ctx) const {
  auto rows = ctx.shared.TempTable(id_);
  if (!rows)
    ThrowOra(600, "internal error code, arguments: [temp table {} not loaded]", object_name);
  auto st = std::make_unique<ScanState>();
  st->rows = std::move(rows);
  return st;
}

bool TempTableScan::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<ScanState&>(state);
  ctx.CheckCancel();
  if (st.next >= st.rows->size()) return false;
  const size_t n = std::min<size_t>(kVectorSize, st.rows->size() - st.next);
  st.rows->Scan(st.next, n, out);
  st.next += static_cast<uint32_t>(n);
  return true;
}

}  // namespace pathdb
