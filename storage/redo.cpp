// COMMIT: the transaction's changed blocks and a commit record reach the redo log, which is
// forced before the call returns; a checkpoint follows when the log has grown enough.
#include "storage/database_impl.h"

namespace pathdb::storage {

void Database::Impl::LogCommit(SessionStats& st) {
  if (!redo) return;
  uint64_t before = redo->Bytes();
  // Row counts live in segment headers; a header whose count moved is logged with the rows.
  uint64_t s = NextScn();
  for (auto& [id, seg] : segments) {
    auto it = saved_row_count.find(id);
    if (it == saved_row_count.end() || it->second != seg.row_count) {
      SaveSegment(seg, *cache, s, st);
      saved_row_count[id] = seg.row_count;
    }
  }
  DictionaryImage img = Image();
  img.scn = 0;  // the change counter alone does not make the dictionary worth logging
  std::string dict = SerializeDictionary(img);
  bool dict_changed = dict != logged_dictionary;
  uint64_t images = 0;
  cache->LogUnlogged([&](uint32_t block_no, const std::byte* data) {
    redo->AppendImage(block_no, data);
    ++images;
  });
  if (images == 0 && !dict_changed && !redo->HasUncommittedParked()) return;  // read-only
  std::string stamped;
  if (dict_changed) {
    img.scn = scn;
    stamped = SerializeDictionary(img);
  }
  redo->AppendCommit(stamped);
  redo->Force();
  redo->MarkParkedCommitted();
  if (dict_changed) logged_dictionary = std::move(dict);
  st.Add(Stat::kRedoSize, redo->Bytes() - before);
  if (redo->Bytes() > options.checkpoint_redo_bytes) CheckpointAll();
}

void Database::Commit(Transaction& txn, SessionStats& stats) {
  impl_->CleanupDeletes(txn, stats);
  txn.records().clear();
  impl_->LogCommit(stats);
}

uint64_t Database::RedoLogBytes() const {
  return impl_->redo ? impl_->redo->Bytes() : 0;
}

}  // namespace pathdb::storage
