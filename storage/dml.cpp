// Heap DML: insert, delete, update (with row migration), rollback, commit, fetch by ROWID.
#include "common/error.h"
#include "storage/database_impl.h"
#include "storage/heap_page.h"

namespace pathdb::storage {

namespace {

[[noreturn]] void ThrowNotNull(const TableInfo& t, const ColumnInfo& c) {
  ThrowOra(1400, "cannot insert NULL into (\"PATHDB\".\"{}\".\"{}\")", t.name, c.name);
}

void CheckLength(const TableInfo& t, const ColumnInfo& c, size_t size) {
  if (c.type.IsString() && c.type.length > 0 && size > c.type.length) {
    ThrowOra(12899, "value too large for column \"PATHDB\".\"{}\".\"{}\" (actual: {}, maximum: {})",
             t.name, c.name, size, c.type.length);
  }
}

[[noreturn]] void ThrowValueCount(size_t got, size_t want) {
  if (got < want) throw OraError(947, "not enough values");
  throw OraError(913, "too many values");
}

void CheckValues(const TableInfo& t, const std::vector<Value>& values) {
  if (values.size() != t.columns.size()) {
    ThrowValueCount(values.size(), t.columns.size());
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].is_null()) {
      if (t.columns[i].not_null) ThrowNotNull(t, t.columns[i]);
    } else if (values[i].type().IsString()) {
      CheckLength(t, t.columns[i], values[i].str().size());
    }
  }
}

[[noreturn]] void ThrowInvalidRowId() {
  ThrowOra(1410, "invalid ROWID");
}

}  // namespace

const std::string& EncodeInsertRow(const TableInfo& table, const DataChunk& rows, uint32_t r,
                                   RowEncoder& enc) {
  enc.Begin();
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const ColumnInfo& col = table.columns[c];
    const Vector& v = rows.column(c);
    size_t vr = v.kind() == Vector::Kind::kConstant ? 0 : r;
    if (v.IsNull(vr)) {
      if (col.not_null) ThrowNotNull(table, col);
      enc.AddNull();
      continue;
    }
    if (v.type().id != col.type.id) {
      Value val = v.GetValue(vr);
      if (val.type().IsString()) CheckLength(table, col, val.str().size());
      enc.AddValue(val, col.type);
      continue;
    }
    switch (col.type.id) {
      case TypeId::kNumber:
        enc.AddDecimal(v.Data<Decimal>()[vr]);
        break;
      case TypeId::kDouble:
        enc.AddDouble(v.Data<double>()[vr]);
        break;
      case TypeId::kVarchar:
      case TypeId::kChar: {
        std::string_view s = v.Data<StringRef>()[vr].view();
        CheckLength(table, col, s.size());
        enc.AddBytes(s);
        break;
      }
      case TypeId::kDate:
      case TypeId::kTimestamp:
        enc.AddInt64(v.Data<int64_t>()[vr]);
        break;
      default:
        enc.AddValue(v.GetValue(vr), col.type);
    }
  }
  return enc.Finish();
}

void Database::Impl::CheckRowId(const TableInfo& t, RowId rowid) {
  if (!RowIdInSegment(t, rowid)) ThrowInvalidRowId();
}

bool Database::Impl::RowIdInSegment(const TableInfo& t, RowId rowid) {
  if (rowid.file != kFileNo) return false;
  const Segment& seg = SegmentOf(t);
  for (uint32_t k = 0, n = 0; k < seg.extents.size() && n < seg.data_blocks + 1; ++k) {
    const Extent& e = seg.extents[k];
    if (rowid.block >= e.start && rowid.block < e.start + e.count) {
      uint64_t idx = n + (rowid.block - e.start);  // segment block index, header = 0
      return idx >= 1 && idx <= seg.data_blocks;
    }
    n += e.count;
  }
  return false;
}

RowId Database::Impl::InsertRow(const TableInfo& t, Segment& seg, const std::string& row,
                                SessionStats& st, BufferCache::Pin* hold) {
  if (row.size() > HeapPage::MaxRowSize()) {
    ThrowUnimplemented("rows longer than one block (row chaining)");
  }
  size_t reserve = size_t{t.pctfree} * kBlockSize / 100;
  bool seen_by_open_scan = !seg.scan_guard.expired() && seg.data_blocks <= seg.scan_hwm;
  if (seg.insert_block != 0 && !seen_by_open_scan) {
    // Consecutive rows of one statement reuse the pin: one current get per block, as Oracle's
    // array insert does.
    BufferCache::Pin local;
    BufferCache::Pin& pin = hold ? *hold : local;
    if (!pin || pin.block_no() != seg.insert_block) {
      pin = cache->Get(seg.insert_block, AccessMode::kCurrent, st);
    }
    if (auto slot = HeapPage(pin.data()).Insert(row, reserve)) {
      pin.MarkDirty(NextScn());
      seg.NoteRowChange(seg.insert_block);
      return {kFileNo, seg.insert_block, *slot};
    }
  }
  if (hold) hold->Release();
  auto pin = ExtendSegment(seg, space, *file, *cache, NextScn(), st);
  HeapPage page(pin.data());
  auto slot = page.Insert(row, reserve);
  if (!slot) slot = page.Insert(row, 0);  // an empty block takes any row, pctfree or not
  if (!slot) ThrowUnimplemented("rows longer than one block (row chaining)");
  pin.MarkDirty(NextScn());
  seg.NoteRowChange(seg.insert_block);
  if (hold) *hold = std::move(pin);
  return {kFileNo, seg.insert_block, *slot};
}

void Database::Impl::PutRow(const TableInfo& t, Segment& seg, RowId rowid,
                            const std::vector<Value>& values, bool restore, SessionStats& st) {
  std::string row = EncodeRow(encoder, values, t.columns);
  // The row is visited (and summarised) from its head block, wherever its body lives.
  seg.NoteRowChange(rowid.block);
  auto head = cache->Get(rowid.block, AccessMode::kCurrent, st);
  HeapPage page(head.data());
  auto piece = page.Row(rowid.slot);
  auto migrate = [&]() {
    std::string body = row;
    body[0] = static_cast<char>(kRowMigrated);
    return InsertRow(t, seg, body, st);
  };
  if (restore || !piece) {
    bool marked = piece && static_cast<uint8_t>((*piece)[0]) == kRowDeleted;
    if (piece && !marked) ThrowInvalidRowId();
    auto put = [&](const std::string& r) {
      return marked ? page.Replace(rowid.slot, r) : page.PutAt(rowid.slot, r);
    };
    if (!put(row) && !put(ForwardStub(migrate()))) {
      ThrowOra(600, "internal error code, arguments: [undo], [no space to restore row]");
    }
    head.MarkDirty(NextScn());
    return;
  }
  if (static_cast<uint8_t>((*piece)[0]) == kRowForward) {
    RowId body_id = StubTarget(*piece);
    {
      auto body_pin = cache->Get(body_id.block, AccessMode::kCurrent, st);
      HeapPage body_page(body_pin.data());
      std::string body = row;
      body[0] = static_cast<char>(kRowMigrated);
      if (body_page.Replace(body_id.slot, body)) {
        body_pin.MarkDirty(NextScn());
        return;
      }
    }
    // The new body first: when it cannot be placed (ORA-03001 for a row longer than a block)
    // the row is left as it was -- the statement's undo does not cover a half-done change.
    const RowId moved = migrate();
    {
      auto body_pin = cache->Get(body_id.block, AccessMode::kCurrent, st);
      HeapPage(body_pin.data()).Delete(body_id.slot);
      body_pin.MarkDirty(NextScn());
    }
    page.Replace(rowid.slot, ForwardStub(moved));
    head.MarkDirty(NextScn());
    return;
  }
  if (!page.Replace(rowid.slot, row)) {
    // Does not fit any more: the body moves, the head keeps the ROWID and points at it.
    page.Replace(rowid.slot, ForwardStub(migrate()));
  }
  head.MarkDirty(NextScn());
}

bool Database::Impl::RemoveRow(const TableInfo& t, RowId rowid, bool keep_marker,
                               SessionStats& st) {
  SegmentOf(t).NoteRowDelete(rowid.block);
  auto head = cache->Get(rowid.block, AccessMode::kCurrent, st);
  HeapPage page(head.data());
  auto piece = page.Row(rowid.slot);
  if (!piece) return false;
  auto flags = static_cast<uint8_t>((*piece)[0]);
  if (flags == kRowMigrated || flags == kRowDeleted) return false;
  if (static_cast<uint8_t>((*piece)[0]) == kRowForward) {
    RowId body_id = StubTarget(*piece);
    auto body_pin = cache->Get(body_id.block, AccessMode::kCurrent, st);
    HeapPage(body_pin.data()).Delete(body_id.slot);
    body_pin.MarkDirty(NextScn());
  }
  if (keep_marker) {
    std::string marker(kMinRowPiece, '\0');
    marker[0] = static_cast<char>(kRowDeleted);
    page.Replace(rowid.slot, marker);  // never larger than the row it replaces
  } else {
    page.Delete(rowid.slot);
  }
  head.MarkDirty(NextScn());
  return true;
}

void Database::Impl::CleanupDeletes(Transaction& txn, SessionStats& st) {
  for (const UndoRecord& rec : txn.records()) {
    if (rec.kind != UndoRecord::Kind::kDelete || !TableById(rec.object_id)) continue;
    auto pin = cache->Get(rec.rowid.block, AccessMode::kCurrent, st);
    HeapPage page(pin.data());
    auto piece = page.Row(rec.rowid.slot);
    if (piece && static_cast<uint8_t>((*piece)[0]) == kRowDeleted) {
      page.Delete(rec.rowid.slot);
      pin.MarkDirty(NextScn());
    }
  }
}

std::optional<std::vector<Value>> Database::Impl::ReadRow(const TableInfo& t, RowId rowid,
                                                          AccessMode mode, SessionStats& st) {
  CheckRowId(t, rowid);
  auto head = cache->Get(rowid.block, mode, st);
  BlockHeader h = ReadHeader(head.data());
  if (h.type != BlockType::kHeapData || h.object_id != t.object_id) ThrowInvalidRowId();
  auto piece = HeapPage(head.data()).Row(rowid.slot);
  if (!piece) return std::nullopt;
  auto flags = static_cast<uint8_t>((*piece)[0]);
  if (flags == kRowMigrated || flags == kRowDeleted) return std::nullopt;
  if (flags == kRowForward) {
    RowId body_id = StubTarget(*piece);
    auto body_pin = cache->Get(body_id.block, mode, st);
    auto body = HeapPage(body_pin.data()).Row(body_id.slot);
    if (!body) ThrowCorruptBlock(body_id.block);
    return DecodeRow(*body, t.columns);
  }
  return DecodeRow(*piece, t.columns);
}

std::vector<RowId> Database::Insert(const TableInfo& table, const DataChunk& rows, Transaction& txn,
                                    SessionStats& stats) {
  Impl& m = *impl_;
  Segment& seg = m.SegmentOf(table);
  if (rows.ColumnCount() != table.columns.size()) {
    ThrowValueCount(rows.ColumnCount(), table.columns.size());
  }
  std::vector<RowId> out;
  out.reserve(rows.Count());
  RowEncoder& enc = m.encoder;
  BufferCache::Pin hold;
  const bool indexed = m.HasIndexes(table);
  for (size_t i = 0; i < rows.Count(); ++i) {
    uint32_t r = rows.RowIndex(i);
    const std::string& row_bytes = EncodeInsertRow(table, rows, r, enc);
    RowId id = m.InsertRow(table, seg, row_bytes, stats, &hold);
    ++seg.row_count;
    txn.Record({UndoRecord::Kind::kInsert, table.object_id, id, {}});
    out.push_back(id);
    // Keys from the stored bytes, so the index holds exactly what the heap holds.
    if (indexed) m.IndexInsert(table, DecodeRow(row_bytes, table.columns), id, stats);
  }
  if (TableInfo* t = m.TableById(table.object_id)) Impl::SyncInfo(*t, seg);
  return out;
}

void Database::Delete(const TableInfo& table, RowId rowid, Transaction& txn, SessionStats& stats) {
  Impl& m = *impl_;
  Segment& seg = m.SegmentOf(table);
  auto before = m.ReadRow(table, rowid, AccessMode::kCurrent, stats);
  if (!before) ThrowInvalidRowId();
  m.RemoveRow(table, rowid, true, stats);
  --seg.row_count;
  m.IndexDelete(table, *before, rowid, stats);
  txn.Record({UndoRecord::Kind::kDelete, table.object_id, rowid, std::move(*before)});
  if (TableInfo* t = m.TableById(table.object_id)) Impl::SyncInfo(*t, seg);
}

void Database::Update(const TableInfo& table, RowId rowid, const std::vector<Value>& values,
                      Transaction& txn, SessionStats& stats) {
  Impl& m = *impl_;
  Segment& seg = m.SegmentOf(table);
  CheckValues(table, values);
  auto before = m.ReadRow(table, rowid, AccessMode::kCurrent, stats);
  if (!before) ThrowInvalidRowId();
  m.PutRow(table, seg, rowid, values, false, stats);
  txn.Record({UndoRecord::Kind::kUpdate, table.object_id, rowid, std::move(*before)});
  if (m.HasIndexes(table)) {
    // Recorded first: a unique violation here is repaired by the statement's rollback.
    m.IndexUpdate(table, txn.records().back().before,
                  DecodeRow(EncodeRow(m.encoder, values, table.columns), table.columns), rowid,
                  stats);
  }
  if (TableInfo* t = m.TableById(table.object_id)) Impl::SyncInfo(*t, seg);
}

void Database::Rollback(Transaction& txn, size_t savepoint, SessionStats& stats) {
  Impl& m = *impl_;
  auto& recs = txn.records();
  savepoint = std::min(savepoint, recs.size());
  for (size_t i = recs.size(); i-- > savepoint;) {
    UndoRecord& rec = recs[i];
    TableInfo* t = m.TableById(rec.object_id);
    // Dropped or truncated since (DDL should have committed first): nothing to put back.
    if (!t || !m.RowIdInSegment(*t, rec.rowid)) continue;
    Segment& seg = m.SegmentOf(*t);
    const bool indexed = m.HasIndexes(*t);
    std::optional<std::vector<Value>> current;
    if (indexed && rec.kind != UndoRecord::Kind::kDelete &&
        rec.kind != UndoRecord::Kind::kDirectPathInsert) {
      current = m.ReadRow(*t, rec.rowid, AccessMode::kCurrent, stats);
    }
    switch (rec.kind) {
      case UndoRecord::Kind::kInsert:
        if (current) m.IndexDelete(*t, *current, rec.rowid, stats);
        if (m.RemoveRow(*t, rec.rowid, false, stats)) --seg.row_count;
        break;
      case UndoRecord::Kind::kDelete:
        m.PutRow(*t, seg, rec.rowid, rec.before, true, stats);
        ++seg.row_count;
        if (indexed) m.IndexInsert(*t, rec.before, rec.rowid, stats);
        break;
      case UndoRecord::Kind::kUpdate:
        m.PutRow(*t, seg, rec.rowid, rec.before, false, stats);
        if (current) m.IndexUpdate(*t, *current, rec.before, rec.rowid, stats);
        break;
      case UndoRecord::Kind::kDirectPathInsert:
        m.UndoDirectPathInsert(*this, rec, stats);
        break;
    }
    Impl::SyncInfo(*t, seg);
  }
  recs.erase(recs.begin() + static_cast<std::ptrdiff_t>(savepoint), recs.end());
  // A full rollback is logged like a commit of the restored images (redo.cpp), so the log
  // never ends a group on blocks that only the rolled-back transaction touched.
  if (savepoint == 0) m.LogCommit(stats);
}

std::optional<std::vector<Value>> Database::Fetch(const TableInfo& table, RowId rowid,
                                                  SessionStats& stats) {
  stats.Add(Stat::kTableFetchByRowid);
  return impl_->ReadRow(table, rowid, AccessMode::kConsistent, stats);
}

}  // namespace pathdb::storage
