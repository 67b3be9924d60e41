#include "executor/execution_state.h"

namespace pathdb {

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
