#include "executor/execution_state.h"

#include "executor/operator.h"

namespace pathdb {

ExecutionState::ExecutionState() = default;
ExecutionState::~ExecutionState() = default;
ExecutionState::ExecutionState(ExecutionState&&) noexcept = default;
ExecutionState& ExecutionState::operator=(ExecutionState&&) noexcept = default;

void ExecutionState::StashCollector(uint32_t id, std::unique_ptr<OperatorState> state) {
  collectors_[id] = std::move(state);
}

std::unique_ptr<OperatorState> ExecutionState::TakeCollector(uint32_t id) {
  auto it = collectors_.find(id);
  if (it == collectors_.end()) return nullptr;
  auto st = std::move(it->second);
  collectors_.erase(it);
  return st;
}

std::shared_ptr<JoinFilter> ExecutionState::JoinFilterById(uint32_t id) {
  auto& slot = join_filters_[id];
  if (!slot) slot = std::make_shared<JoinFilter>();
  return slot;
}

void ExecutionState::PutTempTable(uint32_t id, std::shared_ptr<const ChunkCollection> rows) {
  temp_tables_[id] = std::move(rows);
}

std::shared_ptr<const ChunkCollection> ExecutionState::TempTable(uint32_t id) const {
  auto it = temp_tables_.find(id);
  return it == temp_tables_.end() ? nullptr : it->second;
}

}  // namespace pathdb
