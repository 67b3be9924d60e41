// HeapScan::NextBatch: a block's rows a batch at a time -- split, then tested predicate by
// predicate, then folded aggregate by aggregate or decoded row by row.
#include <algorithm>

#include "storage/heap_page.h"
#include "storage/heap_scan.h"
#include "storage/heap_scan_fold.h"
#include "storage/row_codec.h"

namespace pathdb::storage {

size_t HeapScan::NextBatch(const HeapPage& page, uint32_t block, uint16_t slots, size_t cap,
                           size_t& examined, size_t n, size_t& folded, DataChunk& out,
                           std::vector<RowId>* rowids, SessionStats& stats) {
  const size_t width = std::max<size_t>(read_list_.end(), 1);
  const size_t want = std::min<size_t>(slots - slot_, cap - examined);
  if (batch_.size() < want * width) batch_.resize(want * width);
  if (batch_slots_.size() < want) {
    batch_slots_.resize(want);
    batch_sel_.resize(want);
  }
  const char* limit = page.End();
  size_t m = 0;  // rows split
  while (slot_ < slots && m < want) {
    const uint16_t s = slot_;
    const auto piece = page.RowInRange(s);
    if (!piece) {
      ++slot_;
      continue;
    }
    const auto flags = static_cast<uint8_t>((*piece)[0]);
    // Bodies are reached through their heads; deleted rows wait for commit to free it.
    if (flags == kRowMigrated || flags == kRowDeleted) {
      ++slot_;
      continue;
    }
    if (flags == kRowForward) [[unlikely]] {
      // The body lies in another block and stays valid only until the next body is got:
      // it makes a batch of its own.
      if (m > 0) break;
      const std::string_view body = blocks_->MigratedBody(StubTarget(*piece), stats);
      limit = body.data() + body.size();
      ++slot_;
      SplitListed(body, batch_.data(), read_list_, limit);
      batch_slots_[m++] = s;
      break;
    }
    ++slot_;
    SplitListed(*piece, batch_.data() + m * width, read_list_, limit);
    batch_slots_[m++] = s;
  }
  examined += m;
  // How far into a row the walk reads, from the batch's first row (slack for longer strings
  // before the last field): the next blocks' Touch brings in only that much of each row.
  // (Not from a migrated row's body, which lies in another block: then limit moved.)
  if (m > 0 && limit == page.End()) {
    const char* first_row = page.RowInRange(batch_slots_[0])->data();
    size_t reach = 3;  // the row header
    if (!read_list_.steps().empty()) {
      const Field& last = batch_[read_list_.steps().back().column];
      reach =
          last.is_null ? 0 : static_cast<size_t>(last.bytes.data() - first_row) + last.bytes.size();
    }
    if (reach > 0) touch_reach_ = std::max(touch_reach_, reach + 16);
  }
  uint32_t* sel = batch_sel_.data();
  for (size_t i = 0; i < m; ++i) sel[i] = static_cast<uint32_t>(i);
  const Field* rows = batch_.data();
  size_t k = preds_.Select(rows, width, sel, m, limit);
  for (size_t i : ranges_tested_) k = runtime_ranges_[i].Select(rows, width, sel, k, limit);
  if (fold_) {
    fold_->AddBatch(rows, width, sel, k, limit);
    folded += k;
    return n;
  }
  // Row by row: column by column re-read each row's bytes once per column, and with a
  // block's rows, their fields and the output vectors that overflowed the L1 cache (TPC-H
  // Q1's LINEITEM scan, seven columns, was 5 % slower).
  for (size_t j = 0; j < k; ++j) {
    OutputRow(rows + size_t{sel[j]} * width, block, batch_slots_[sel[j]], out, n + j, rowids);
  }
  return n + k;
}

}  // namespace pathdb::storage
