// CREATE INDEX and the indexes behind PRIMARY KEY / UNIQUE constraints: the dictionary entries
// the storage layer builds.
#include <algorithm>
#include <cctype>
#include <set>

#include "common/error.h"
#include "planner/planner.h"

namespace pathdb::planner {

namespace {

std::vector<uint32_t> KeyColumns(const storage::TableInfo& table,
                                 const std::vector<std::string>& names) {
  std::vector<uint32_t> cols;
  std::set<std::string> seen;
  for (const auto& name : names) {
    auto idx = table.ColumnIndex(name);
    if (!idx) ThrowOra(904, "\"{}\": invalid identifier", name);
    if (!seen.insert(name).second) ThrowOra(957, "duplicate column name");
    cols.push_back(static_cast<uint32_t>(*idx));
  }
  return cols;
}

// The number of a system constraint name SYS_Cnnnnnnn, or 0.
uint64_t SystemNameNumber(const std::string& name) {
  if (name.size() <= 5 || name.compare(0, 5, "SYS_C") != 0) return 0;
  uint64_t n = 0;
  for (size_t i = 5; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i])) || n > UINT64_MAX / 100) return 0;
    n = n * 10 + static_cast<uint64_t>(name[i] - '0');
  }
  return n;
}

}  // namespace

storage::IndexInfo BuildIndexInfo(const ast::Statement& stmt, PlanContext& ctx) {
  if (stmt.table.empty() || stmt.name.empty()) ThrowOra(903, "invalid table name");
  const storage::TableInfo* table = ctx.db.FindTable(stmt.table.back());
  if (!table) ThrowOra(942, "table or view does not exist");
  storage::IndexInfo info;
  info.name = stmt.name.back();
  info.table_object_id = table->object_id;
  info.table_name = table->name;
  info.unique = stmt.unique;
  // DESC key columns are accepted and stored ascending: a B+tree is read both ways.
  std::vector<std::string> names;
  for (const auto& c : stmt.index_columns) names.push_back(c.name);
  info.columns = KeyColumns(*table, names);
  return info;
}

std::vector<storage::IndexInfo> BuildConstraintIndexes(const ast::Statement& stmt,
                                                       const storage::TableInfo& table,
                                                       PlanContext& ctx) {
  // System names continue after the highest one in the dictionary, so they stay unique
  // across sessions and restarts without a counter of their own.
  uint64_t next = 10000;
  for (const auto* idx : ctx.db.Indexes())
    next = std::max(next, SystemNameNumber(idx->constraint_name) + 1);
  std::vector<storage::IndexInfo> out;
  bool have_pk = false;
  for (const auto& k : stmt.key_constraints) {
    if (k.primary_key && have_pk) ThrowOra(2260, "table can have only one primary key");
    have_pk = have_pk || k.primary_key;
    storage::IndexInfo info;
    info.columns = KeyColumns(table, k.columns);
    for (const auto& prev : out)
      if (prev.columns == info.columns)
        ThrowOra(2261, "such unique or primary key already exists in the table");
    info.constraint_name = k.name.empty() ? fmt::format("SYS_C{:07d}", next++) : k.name;
    info.name = info.constraint_name;
    info.table_object_id = table.object_id;
    info.table_name = table.name;
    info.unique = true;
    info.primary_key = k.primary_key;
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace pathdb::planner
