// Index maintenance by DML: every heap change of an indexed table calls IndexInsert and/or
// IndexDelete for the row so each B+tree stays in step with the table.
#include "common/error.h"
#include "storage/database_impl.h"

namespace pathdb::storage {

namespace {

[[noreturn]] void ThrowUniqueViolated(const IndexInfo& info) {
  const std::string& name = info.constraint_name.empty() ? info.name : info.constraint_name;
  ThrowOra(1, "unique constraint (PATHDB.{}) violated", name);
}

}  // namespace

void Database::Impl::IndexInsert(const TableInfo& t, const std::vector<Value>& row, RowId rid,
                                 SessionStats& st) {
  if (indexes.empty()) return;
  // Entries made so far by this call, removed again if a later index refuses the row, so a
  // failed insert leaves every index as it was.
  std::vector<std::pair<IndexState*, std::string>> done;
  try {
    for (auto& [name, ix] : indexes) {
      if (ix->info.table_object_id != t.object_id) continue;
      if (!BuildIndexKey(*ix, t, row, rid, key_buffer)) continue;
      if (!TreeOf(*ix).Insert(key_buffer, rid.Pack(), ix->info.unique, st)) {
        ThrowUniqueViolated(ix->info);
      }
      ix->info.allocated_blocks = segments.at(ix->info.object_id).AllocatedBlocks();
      done.emplace_back(ix.get(), key_buffer);
    }
  } catch (...) {
    for (auto& [ix, key] : done) TreeOf(*ix).Remove(key, rid.Pack(), ix->info.unique, st);
    throw;
  }
}

void Database::Impl::IndexDelete(const TableInfo& t, const std::vector<Value>& row, RowId rid,
                                 SessionStats& st) {
  if (indexes.empty()) return;
  for (auto& [name, ix] : indexes) {
    if (ix->info.table_object_id != t.object_id) continue;
    if (!BuildIndexKey(*ix, t, row, rid, key_buffer)) continue;
    TreeOf(*ix).Remove(key_buffer, rid.Pack(), ix->info.unique, st);
  }
}

void Database::Impl::IndexUpdate(const TableInfo& t, const std::vector<Value>& before,
                                 const std::vector<Value>& after, RowId rid, SessionStats& st) {
  if (indexes.empty()) return;
  std::string old_key;
  for (auto& [name, ix] : indexes) {
    if (ix->info.table_object_id != t.object_id) continue;
    bool had = BuildIndexKey(*ix, t, before, rid, old_key);
    bool has = BuildIndexKey(*ix, t, after, rid, key_buffer);
    if (had == has && (!had || old_key == key_buffer)) continue;  // key unchanged
    BTree tree = TreeOf(*ix);
    if (had) tree.Remove(old_key, rid.Pack(), ix->info.unique, st);
    if (has) {
      if (!tree.Insert(key_buffer, rid.Pack(), ix->info.unique, st)) {
        // Put the old entry back so this index is unchanged; the row's undo handles others.
        if (had) tree.Insert(old_key, rid.Pack(), ix->info.unique, st);
        ThrowUniqueViolated(ix->info);
      }
      ix->info.allocated_blocks = segments.at(ix->info.object_id).AllocatedBlocks();
    }
  }
}

}  // namespace pathdb::storage
