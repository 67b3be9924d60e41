// Dictionary operations: tables and views. Every DDL writes the dictionary to disk at once.
#include "common/error.h"
#include "storage/database_impl.h"

namespace pathdb::storage {

// TUNING: Oracle's limit on columns per table (ORA-01792).
constexpr size_t kMaxColumns = 1000;

const TableInfo* Database::FindTable(std::string_view name) const {
  auto it = impl_->tables.find(name);
  return it == impl_->tables.end() ? nullptr : it->second.get();
}

std::vector<const TableInfo*> Database::Tables() const {
  std::vector<const TableInfo*> out;
  for (auto& [n, t] : impl_->tables) out.push_back(t.get());
  return out;
}

const ViewInfo* Database::FindView(std::string_view name) const {
  auto it = impl_->views.find(name);
  return it == impl_->views.end() ? nullptr : it->second.get();
}

std::vector<const ViewInfo*> Database::Views() const {
  std::vector<const ViewInfo*> out;
  for (auto& [n, v] : impl_->views) out.push_back(v.get());
  return out;
}

static void CheckNameFree(const Database& db, std::string_view name) {
  if (db.FindTable(name) || db.FindView(name) || db.FindIndex(name)) {
    ThrowOra(955, "name is already used by an existing object");
  }
}

const TableInfo& Database::CreateTable(TableInfo info) {
  Impl& m = *impl_;
  CheckNameFree(*this, info.name);
  if (info.columns.empty()) ThrowOra(904, "\"{}\": invalid identifier", info.name);
  if (info.columns.size() > kMaxColumns) {
    ThrowOra(1792, "maximum number of columns in a table or view is 1000");
  }
  if (info.pctfree > 99) ThrowOra(2211, "invalid value for PCTFREE or PCTUSED");
  for (size_t i = 0; i < info.columns.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (info.columns[i].name == info.columns[j].name) {
        ThrowOra(957, "duplicate column name");
      }
    }
  }
  info.object_id = m.next_object_id++;
  Segment seg =
      CreateSegment(info.object_id, m.space, *m.file, *m.cache, m.NextScn(), m.internal_stats);
  auto owned = std::make_unique<TableInfo>(std::move(info));
  Impl::SyncInfo(*owned, seg);
  TableInfo& ref = *owned;
  m.segments[ref.object_id] = std::move(seg);
  m.tables[ref.name] = std::move(owned);
  m.WriteDictionary();
  return ref;
}

void Database::DropTable(std::string_view name) {
  Impl& m = *impl_;
  auto it = m.tables.find(name);
  if (it == m.tables.end()) ThrowOra(942, "table or view does not exist");
  uint32_t id = it->second->object_id;
  m.DropInMemory(id);
  m.DropIndexesOf(id);
  FreeSegment(m.segments.at(id), m.space, *m.cache);
  m.segments.erase(id);
  m.tables.erase(it);
  m.WriteDictionary();
}

void Database::TruncateTable(std::string_view name) {
  Impl& m = *impl_;
  auto it = m.tables.find(name);
  if (it == m.tables.end()) ThrowOra(942, "table or view does not exist");
  Segment& seg = m.segments.at(it->second->object_id);
  m.DropInMemory(it->second->object_id);
  ResetSegment(seg, m.space, *m.cache);
  SaveSegment(seg, *m.cache, m.NextScn(), m.internal_stats);
  m.TruncateIndexesOf(it->second->object_id);
  Impl::SyncInfo(*it->second, seg);
  m.WriteDictionary();
}

void Database::CreateView(ViewInfo info, bool or_replace) {
  Impl& m = *impl_;
  if (FindTable(info.name) || FindIndex(info.name)) {
    ThrowOra(955, "name is already used by an existing object");
  }
  auto it = m.views.find(info.name);
  if (it != m.views.end()) {
    if (!or_replace) ThrowOra(955, "name is already used by an existing object");
    *it->second = std::move(info);
  } else {
    std::string name = info.name;
    m.views[name] = std::make_unique<ViewInfo>(std::move(info));
  }
  m.WriteDictionary();
}

void Database::DropView(std::string_view name) {
  Impl& m = *impl_;
  auto it = m.views.find(name);
  if (it == m.views.end()) ThrowOra(942, "table or view does not exist");
  m.views.erase(it);
  m.WriteDictionary();
}

}  // namespace pathdb::storage
