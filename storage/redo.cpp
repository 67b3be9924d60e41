// COMMIT: the transaction's changed blocks and a commit record reach the redo log, which is
// forced before the call returns; a checkpoint follows when the log has grown enough.
#include <unordered_set>

#include "storage/database_impl.h"
#include "storage/redo_format.h"

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

void Database::Impl::ReserveCommitRedo(Transaction& txn) {
  if (!redo) return;
  // What LogCommit can write: every unlogged buffer, the blocks CleanupDeletes touches, the
  // segment headers and the dictionary (which DDL may have grown), each in one record.
  std::unordered_set<uint32_t> deleted_in;
  for (const UndoRecord& rec : txn.records()) {
    if (rec.kind == UndoRecord::Kind::kDelete) deleted_in.insert(rec.rowid.block);
  }
  const uint64_t blocks = cache->CountUnlogged() + deleted_in.size() + segments.size();
  redo->Reserve(blocks * (kBlockSize + sizeof(redo::RecordHeader)) + 2 * logged_dictionary.size() +
                (64 << 10));
}

void Database::Commit(Transaction& txn, SessionStats& stats) {
  // Log space first: when it cannot be had, nothing has changed and the transaction stays open.
  impl_->ReserveCommitRedo(txn);
  impl_->CleanupDeletes(txn, stats);
  txn.records().clear();
  impl_->LogCommit(stats);
}

uint64_t Database::RedoLogBytes() const {
  return impl_->redo ? impl_->redo->Bytes() : 0;
}

}  // namespace pathdb::storage
