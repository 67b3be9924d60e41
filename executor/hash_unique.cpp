#include "executor/hash_unique.h"

#include <algorithm>

#include "executor/cell_ops.h"
#include "executor/row_hash_table.h"
#include "executor/spill_file.h"
#include "executor/spill_scan.h"

namespace pathdb {
namespace {

// Partitions: 16 per level, chosen by 4 hash bits that differ from level to level.
constexpr size_t kPartitions = 16;
constexpr int kMaxSpillLevel = 5;
// Per distinct row beyond its columns: the key hash and the slot(s) pointing at it.
constexpr size_t kHashEntryBytes = 16;

struct HashUniqueState : OperatorState {
  std::unique_ptr<OperatorState> child;
  std::unique_ptr<RowHashTable> seen;
  std::vector<TypeId> compare_as;
  size_t row_bytes = 0;  //!< what one distinct row weighs in the table
  bool input_done = false;
  // ---- spilling
  std::shared_ptr<TempSegment> segment;           //!< the partitions' file (all levels)
  std::vector<std::shared_ptr<SpillFile>> parts;  //!< empty until the table is full
  size_t part = 0;                                //!< partition being made distinct
  std::unique_ptr<HashUnique> part_op;
  std::unique_ptr<OperatorState> part_state;
  // ---- work-area statistics (final once the last partition is done)
  uint64_t all_rows = 0;    //!< distinct rows of this level and of its partitions
  uint64_t peak_bytes = 0;  //!< largest table held at once
  uint64_t temp_bytes = 0;  //!< bytes written to partitions (all levels)
  int passes = 0;
};

void Report(const HashUniqueState& st, OperatorRuntimeStats* line) {
  if (line == nullptr) return;
  // While the input streams the table is what a consumer that stops here saw used.
  const uint64_t table_bytes = st.seen ? st.seen->size() * st.row_bytes : 0;
  WorkAreaUsage usage;
  usage.optimal = st.input_done ? st.all_rows * st.row_bytes : table_bytes;
  usage.used = st.input_done ? st.peak_bytes : table_bytes;
  usage.one_pass = st.parts.empty() ? usage.optimal : OnePassHashBytes(usage.optimal, kPartitions);
  usage.temp = st.temp_bytes;
  usage.passes = st.passes;
  ReportWorkArea(line, usage);
}

std::vector<TypeId> TypeIds(const std::vector<LogicalType>& types) {
  std::vector<TypeId> ids;
  for (const auto& t : types) ids.push_back(t.id);
  return ids;
}

}  // namespace

HashUnique::HashUnique() : ChildTypedOperator(OperatorType::kHashUnique, "HASH UNIQUE") {}

std::unique_ptr<OperatorState> HashUnique::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<HashUniqueState>();
  st->child = children_.at(0)->Open(ctx);
  st->compare_as = TypeIds(types_);
  st->seen = std::make_unique<RowHashTable>(types_, st->compare_as, /*nulls_equal=*/true);
  st->row_bytes = EstimatedRowBytes(types_) + kHashEntryBytes;
  return st;
}

bool HashUnique::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashUniqueState&>(state);
  std::vector<const Vector*> cols;
  std::vector<uint32_t> ids;
  std::vector<uint8_t> is_new;
  OperatorRuntimeStats* line = ctx.LineStats(line_id());
  // The child fills `out`; rows already seen (or spilled) are dropped from the selection.
  while (!st.input_done && children_[0]->Next(ctx, *st.child, out)) {
    ctx.CheckCancel();
    cols.clear();
    for (size_t c = 0; c < out.ColumnCount(); c++) cols.push_back(&out.column(c));
    SelectionVector sel;
    if (st.parts.empty()) {
      st.seen->FindOrInsert(cols, out, ids, &is_new);
      for (size_t i = 0; i < is_new.size(); i++)
        if (is_new[i]) sel.push_back(out.RowIndex(i));
      if (spill_level_ < kMaxSpillLevel && st.seen->size() * st.row_bytes > ctx.work_area_bytes) {
        // Full: from the next batch on, rows the table does not hold go to partitions.
        st.segment = parent_temp_;
        if (!st.segment) {
          st.segment = std::make_shared<TempSegment>(
              ctx.db.directory(), SpillBufferBytes(ctx.work_area_bytes, kPartitions + 1));
        }
        for (size_t p = 0; p < kPartitions; ++p)
          st.parts.push_back(std::make_shared<SpillFile>(st.segment, types_));
        st.peak_bytes = st.seen->size() * st.row_bytes;
        if (spill_level_ == 0) ctx.stats.Add(Stat::kSortsDisk);  // one work area, once
      }
    } else {
      st.seen->Find(cols, out, ids);
      std::vector<std::vector<uint32_t>> by_part(kPartitions);
      const int shift = 40 - 4 * spill_level_;
      for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] != RowHashTable::kNotFound) continue;
        const size_t r = out.RowIndex(i);
        uint64_t h = 0;
        for (size_t c = 0; c < cols.size(); ++c)
          h = CombineHash(h, HashCell(*cols[c], r, st.compare_as[c]));
        by_part[(h >> shift) & (kPartitions - 1)].push_back(static_cast<uint32_t>(i));
      }
      for (size_t p = 0; p < kPartitions; ++p)
        if (!by_part[p].empty()) st.parts[p]->AppendRows(out, by_part[p], ctx.stats);
    }
    if (st.parts.empty()) Report(st, line);
    if (sel.empty()) continue;
    if (sel.size() < out.Count()) out.SetSelection(std::move(sel));
    return true;
  }
  if (!st.input_done) {
    st.input_done = true;
    st.all_rows = st.seen->size();
    st.peak_bytes = std::max<uint64_t>(st.peak_bytes, st.all_rows * st.row_bytes);
    for (const auto& p : st.parts) {
      p->Rewind(ctx.stats);  // the bytes still buffered reach the file
      st.temp_bytes += p->bytes();
    }
    st.passes = st.parts.empty() ? 0 : 1;
    // The partitions' tables take this one's place, not its company.
    st.seen.reset();
    Report(st, line);
  }
  while (st.part < st.parts.size()) {
    ctx.CheckCancel();
    if (!st.part_op) {
      auto file = std::move(st.parts[st.part]);
      if (file->rows() == 0) {
        ++st.part;
        continue;
      }
      st.part_op = std::make_unique<HashUnique>();
      st.part_op->spill_level_ = spill_level_ + 1;
      st.part_op->parent_temp_ = st.segment;
      st.part_op->AddChild(std::make_unique<SpillScan>(std::move(file)));
      st.part_state = st.part_op->Open(ctx);
    }
    if (st.part_op->Next(ctx, *st.part_state, out)) return true;
    const auto& done = static_cast<const HashUniqueState&>(*st.part_state);
    st.all_rows += done.all_rows;
    st.peak_bytes = std::max(st.peak_bytes, done.peak_bytes);
    st.temp_bytes += done.temp_bytes;
    st.passes = std::max(st.passes, 1 + done.passes);
    Report(st, line);
    st.part_op.reset();
    st.part_state.reset();
    ++st.part;
  }
  return false;
}

}  // namespace pathdb
