// The INMEMORY clauses of CREATE TABLE and ALTER TABLE as a typed storage::InMemoryChange.
#include "common/error.h"
#include "planner/planner.h"

namespace pathdb::planner {

storage::InMemoryChange InMemoryChangeOf(const ast::Statement& stmt) {
  storage::InMemoryChange c;
  c.enable = !stmt.no_inmemory;
  if (!stmt.priority.empty()) {
    using P = storage::InMemoryPriority;
    const std::string& p = stmt.priority;
    c.priority = p == "LOW"        ? P::kLow
                 : p == "MEDIUM"   ? P::kMedium
                 : p == "HIGH"     ? P::kHigh
                 : p == "CRITICAL" ? P::kCritical
                                   : P::kNone;
  }
  if (!stmt.memcompress.empty()) {
    using C = storage::InMemoryCompression;
    const std::string& m = stmt.memcompress;
    if (m == "NO MEMCOMPRESS") {
      c.compression = C::kNoMemcompress;
    } else if (m == "FOR DML") {
      c.compression = C::kDml;
    } else if (m == "FOR QUERY" || m == "FOR QUERY LOW") {
      c.compression = C::kQueryLow;
    } else if (m == "FOR QUERY HIGH") {
      c.compression = C::kQueryHigh;
    } else if (m == "FOR CAPACITY" || m == "FOR CAPACITY LOW") {
      c.compression = C::kCapacityLow;
    } else if (m == "FOR CAPACITY HIGH") {
      c.compression = C::kCapacityHigh;
    } else {
      ThrowOra(922, "missing or invalid option");
    }
  }
  c.columns_in = stmt.inmemory_columns;
  c.columns_out = stmt.no_inmemory_columns;
  return c;
}

void ApplyInMemory(const ast::Statement& stmt, storage::TableInfo& info) {
  if (!stmt.inmemory) return;
  const storage::InMemoryChange c = InMemoryChangeOf(stmt);
  info.inmemory = true;
  if (c.priority) info.inmemory_priority = *c.priority;
  if (c.compression) info.inmemory_compression = *c.compression;
  auto column = [&](const std::string& name) -> storage::ColumnInfo& {
    auto ix = info.ColumnIndex(name);
    if (!ix) ThrowOra(904, "\"{}\": invalid identifier", name);
    return info.columns[*ix];
  };
  for (const auto& n : c.columns_in) column(n).no_inmemory = false;
  for (const auto& n : c.columns_out) column(n).no_inmemory = true;
}

}  // namespace pathdb::planner
