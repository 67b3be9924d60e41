#include "storage/inmemory/im_scan.h"

#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "storage/row_codec.h"
#include "storage/scan_predicates.h"

namespace pathdb::storage::im {

Stat CompressionStat(InMemoryCompression c) {
  switch (c) {
    case InMemoryCompression::kNoMemcompress:
      return Stat::kImScanCusNoMemcompress;
    case InMemoryCompression::kDml:
      return Stat::kImScanCusMemcompressForDml;
    case InMemoryCompression::kQueryLow:
      return Stat::kImScanCusMemcompressForQueryLow;
    case InMemoryCompression::kQueryHigh:
      return Stat::kImScanCusMemcompressForQueryHigh;
    case InMemoryCompression::kCapacityLow:
      return Stat::kImScanCusMemcompressForCapacityLow;
    case InMemoryCompression::kCapacityHigh:
      return Stat::kImScanCusMemcompressForCapacityHigh;
  }
  return Stat::kImScanCusMemcompressForQueryLow;
}

ImScan::ImScan(const ScanSpec& spec, ImSegment::Snapshot snapshot, uint64_t data_blocks,
               RowStoreFn row_store, Simd simd)
    : table_(spec.table),
      column_ids_(spec.column_ids),
      snap_(std::move(snapshot)),
      row_store_(std::move(row_store)),
      simd_(simd) {
  const TableInfo& table = *spec.table;
  for (size_t i = 0; i < column_ids_.size(); ++i) {
    const uint32_t id = column_ids_[i];
    if (id != kRowIdColumn && id >= table.columns.size()) {
      ThrowOra(904, "\"COLUMN#{}\": invalid identifier", id);
    }
    types_.push_back(id == kRowIdColumn ? LogicalType::Integer() : table.columns[id].type);
    const bool skip = i < spec.skip_output.size() && spec.skip_output[i];
    (skip ? skipped_ : decoded_).push_back(i);
  }
  for (const ScanPredicate& p : spec.predicates) predicates_.push_back(p);
  pred_filter_.assign(predicates_.size(), SIZE_MAX);
  runtime_ = spec.runtime_filters;
  runtime_applied_.assign(runtime_.size(), false);
  exact_.assign(runtime_.size(), false);
  for (const RuntimeFilterRef& r : runtime_) {
    std::vector<TypeId> types;
    for (uint32_t col : r.columns) types.push_back(table.columns[col].type.id);
    runtime_types_.push_back(std::move(types));
    std::vector<size_t> outs;
    for (uint32_t col : r.columns) {
      auto it = std::find(column_ids_.begin(), column_ids_.end(), col);
      if (it == column_ids_.end()) {
        outs.clear();
        break;
      }
      const auto pos = static_cast<size_t>(it - column_ids_.begin());
      // A key column the caller does not read is still decoded: the membership test reads it.
      auto sk = std::find(skipped_.begin(), skipped_.end(), pos);
      if (sk != skipped_.end()) {
        skipped_.erase(sk);
        decoded_.push_back(pos);
      }
      outs.push_back(pos);
    }
    runtime_output_.push_back(std::move(outs));
  }
  std::sort(decoded_.begin(), decoded_.end());

  // ---- pieces in block order
  auto add_row_store = [&](uint64_t b, uint64_t e) {
    if (b >= e) return;
    if (!pieces_.empty() && !pieces_.back().in_memory && pieces_.back().block_end == b) {
      pieces_.back().block_end = e;
      return;
    }
    Piece p;
    p.block_begin = b;
    p.block_end = e;
    pieces_.push_back(p);
  };
  for (size_t i = 0; i < snap_.imcus.size(); ++i) {
    const Imcu& u = *snap_.imcus[i];
    const uint64_t nb = u.end_block - u.first_block;
    uint64_t j = 0;
    while (j < nb) {
      const bool stale = snap_.stale[u.first_block + j] != 0;
      uint64_t k = j;
      while (k < nb && (snap_.stale[u.first_block + k] != 0) == stale) ++k;
      if (stale) {
        add_row_store(u.first_block + j, u.first_block + k);
      } else if (u.row_start[k] > u.row_start[j]) {
        Piece p;
        p.in_memory = true;
        p.imcu = i;
        p.row_begin = u.row_start[j];
        p.row_end = u.row_start[k];
        pieces_.push_back(p);
      }
      j = k;
    }
  }
  add_row_store(snap_.covered(), std::max(data_blocks, snap_.covered()));
  imcu_state_.assign(snap_.imcus.size(), 0);
  mask_.resize(kVectorSize);
  sel_.resize(kVectorSize);
  scratch_.resize(ScratchBytes(kVectorSize));
  hashes_.resize(kVectorSize);
  has_null_.resize(kVectorSize);
  ints_.resize(kVectorSize);
}

void ImScan::RefreshRuntimeFilters() {
  for (size_t i = 0; i < runtime_.size(); ++i) {
    if (runtime_applied_[i] || !runtime_[i].filter->published()) continue;
    runtime_applied_[i] = true;
    const RuntimeFilter& f = *runtime_[i].filter;
    if (f.empty()) {
      done_ = true;
      continue;
    }
    for (ScanPredicate& p : PublishedRanges(runtime_[i], *table_)) {
      predicates_.push_back(std::move(p));
      pred_filter_.push_back(i);
    }
  }
}

bool ImScan::OpenImcu(size_t i, SessionStats& stats) {
  if (imcu_state_[i] == 0) {
    const Imcu& u = *snap_.imcus[i];
    bool prune = false;
    for (const ScanPredicate& p : predicates_) {
      const auto& cu = u.columns[p.column];
      if (cu && !cu->MayMatch(p)) {
        prune = true;
        break;
      }
    }
    for (size_t f = 0; !prune && f < runtime_.size(); ++f) {
      if (!runtime_applied_[f]) continue;
      for (size_t k = 0; !prune && k < runtime_[f].columns.size(); ++k) {
        const auto& cu = u.columns[runtime_[f].columns[k]];
        if (cu && cu->min() && !runtime_[f].filter->MayMatchRange(k, *cu->min(), *cu->max())) {
          prune = true;
        }
      }
    }
    imcu_state_[i] = prune ? 2 : 1;
    if (prune) {
      stats.Add(Stat::kImScanCusPruned);
      stats.Add(Stat::kImScanCusPredicatesOptimized);
    } else {
      stats.Add(CompressionStat(u.compression));
      stats.Add(Stat::kImScanRows, u.rows());
      std::vector<uint32_t> cols;
      for (const ScanPredicate& p : predicates_) cols.push_back(p.column);
      for (size_t c : decoded_) {
        if (column_ids_[c] != kRowIdColumn) cols.push_back(column_ids_[c]);
      }
      std::sort(cols.begin(), cols.end());
      cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
      stats.Add(Stat::kImScanCusColumnsAccessed, cols.size());
    }
  }
  if (imcu_state_[i] == 2) return false;
  if (compiled_for_ != i) {
    compiled_for_ = i;
    tests_.clear();
    const Imcu& u = *snap_.imcus[i];
    for (size_t j = 0; j < predicates_.size(); ++j) {
      const ScanPredicate& p = predicates_[j];
      const auto& cu = u.columns[p.column];
      if (!cu) ThrowOra(600, "internal error code, arguments: [inmemory column {}]", p.column);
      CodeTest t = cu->Compile(p);
      // Two bounds on one column (BETWEEN, or a join filter's min and max) are one range of
      // codes: one pass over them instead of two. A filter's range stays apart from the
      // statement's, so that it can be left out while its key set is probed.
      auto same = std::find_if(tests_.begin(), tests_.end(), [&](const CompiledTest& e) {
        return e.column == p.column && e.filter == pred_filter_[j] &&
               e.test.kind == CodeTest::Kind::kRange;
      });
      if (t.kind == CodeTest::Kind::kRange && same != tests_.end()) {
        same->test.lo = std::max(same->test.lo, t.lo);
        same->test.hi = std::min(same->test.hi, t.hi);
        if (same->test.lo > same->test.hi) same->test.kind = CodeTest::Kind::kNone;
        continue;
      }
      tests_.push_back({p.column, std::move(t), pred_filter_[j]});
    }
    // State 3: opened, every row passes (decided, and counted, once per IMCU).
    if (imcu_state_[i] == 1 && AllRowsPass(u)) {
      imcu_state_[i] = 3;
      if (!predicates_.empty()) stats.Add(Stat::kImScanCusPredicatesOptimized);
    }
  }
  return true;
}

bool ImScan::AllRowsPass(const Imcu& u) const {
  for (const CompiledTest& t : tests_) {
    if (t.test.kind != CodeTest::Kind::kAll || u.columns[t.column]->null_count() != 0) return false;
  }
  return true;
}

bool ImScan::FilterBatch(const Imcu& u, uint32_t begin, size_t n) {
  bool first = true;
  for (const CompiledTest& t : tests_) {
    if (t.filter != SIZE_MAX && exact_[t.filter]) continue;
    u.columns[t.column]->Filter(t.test, begin, n, mask_.data(), simd_, scratch_.data(), first);
    first = false;
  }
  if (first) std::memset(mask_.data(), 1, n);
  return !first;
}

void ImScan::ReadPieces(SessionStats& stats,
                        const std::function<bool(const Piece&, const Imcu&)>& imcu,
                        const std::function<size_t(const Imcu&, uint32_t, size_t)>& batch,
                        const std::function<void(const DataChunk&)>& chunk) {
  for (; piece_ < pieces_.size(); ++piece_) {
    if (interrupt_) interrupt_();
    const Piece& p = pieces_[piece_];
    if (!p.in_memory) {
      stats.Add(Stat::kImScanCusInvalidOrMissing);
      child_ = row_store_({p.block_begin, p.block_end});
      DataChunk rows;
      while (child_->Next(rows, nullptr, stats)) chunk(rows);
      FinishRowStorePiece();
      continue;
    }
    if (!OpenImcu(p.imcu, stats)) continue;
    const Imcu& u = *snap_.imcus[p.imcu];
    if (imcu(p, u)) continue;
    for (uint32_t begin = p.row_begin; begin < p.row_end;) {
      const auto n = static_cast<size_t>(std::min<uint32_t>(p.row_end - begin, kVectorSize));
      if (interrupt_) interrupt_();
      stats.Add(Stat::kImScanRowsValid, n);
      counters_.rows_read += n;
      FilterBatch(u, begin, n);
      counters_.rows_returned += batch(u, begin, n);
      begin += static_cast<uint32_t>(n);
    }
  }
  done_ = true;
}

std::optional<std::vector<Value>> ImScan::Aggregate(const std::vector<ScanAggregate>& aggs,
                                                    SessionStats& stats) {
  using K = ScanAggregate::Kind;
  if (!runtime_.empty() || piece_ != 0 || row_ != 0 || child_) return std::nullopt;
  // Where each argument is in the rows of the row-store pieces.
  std::vector<size_t> pos(aggs.size(), 0);
  for (size_t a = 0; a < aggs.size(); ++a) {
    if (aggs[a].kind == K::kCountStar) continue;
    auto it = std::find(column_ids_.begin(), column_ids_.end(), aggs[a].column);
    if (it == column_ids_.end()) return std::nullopt;
    pos[a] = static_cast<size_t>(it - column_ids_.begin());
    if (std::find(skipped_.begin(), skipped_.end(), pos[a]) != skipped_.end()) return std::nullopt;
  }
  std::vector<ColumnCU::BatchAggregate> acc(aggs.size());
  uint64_t rows = 0;
  const bool counts_only = std::all_of(aggs.begin(), aggs.end(), [](const ScanAggregate& g) {
    return g.kind == K::kCountStar || g.kind == K::kCount;
  });
  ReadPieces(
      stats,
      [&](const Piece& p, const Imcu& u) {
        // Every predicate true for every row of this IMCU (its min/max and no NULLs in the
        // tested columns say so; the mirror of pruning): counts come from the CUs' NULL
        // counts, without a mask or a look at the codes.
        if (!counts_only || imcu_state_[p.imcu] != 3) return false;
        const uint32_t n = p.row_end - p.row_begin;
        stats.Add(Stat::kImScanRowsValid, n);
        counters_.rows_read += n;
        counters_.rows_returned += n;
        rows += n;
        for (size_t a = 0; a < aggs.size(); ++a) {
          if (aggs[a].kind == K::kCount) {
            acc[a].count += u.columns[aggs[a].column]->NonNullIn(p.row_begin, n);
          }
        }
        return true;
      },
      [&](const Imcu& u, uint32_t begin, size_t n) {
        const size_t k = CountMask(mask_.data(), n, simd_);
        rows += k;
        for (size_t a = 0; k > 0 && a < aggs.size(); ++a) {
          if (aggs[a].kind == K::kCountStar) continue;
          u.columns[aggs[a].column]->Aggregate(mask_.data(), begin, n, aggs[a].kind == K::kSum,
                                               aggs[a].kind == K::kMin || aggs[a].kind == K::kMax,
                                               scratch_.data(), acc[a]);
        }
        return k;
      },
      [&](const DataChunk& chunk) {
        rows += chunk.Count();
        for (size_t a = 0; a < aggs.size(); ++a) {
          if (aggs[a].kind == K::kCountStar) continue;
          const Vector& v = chunk.column(pos[a]);
          for (size_t i = 0; i < chunk.Count(); ++i) {
            Value val = v.GetValue(chunk.RowIndex(i));
            if (val.is_null()) continue;
            ColumnCU::BatchAggregate& s = acc[a];
            ++s.count;
            if (aggs[a].kind == K::kSum) {
              s.sum = s.has_sum ? s.sum + val.number() : val.number();
              s.has_sum = true;
            }
            if (!s.min || val.Compare(*s.min) < 0) s.min = val;
            if (!s.max || val.Compare(*s.max) > 0) s.max = val;
          }
        }
      });
  std::vector<Value> out;
  for (size_t a = 0; a < aggs.size(); ++a) {
    const LogicalType type = aggs[a].kind == K::kCountStar ? LogicalType::Integer()
                                                           : table_->columns[aggs[a].column].type;
    switch (aggs[a].kind) {
      case K::kCountStar:
        out.push_back(Value::Integer(static_cast<int64_t>(rows)));
        break;
      case K::kCount:
        out.push_back(Value::Integer(static_cast<int64_t>(acc[a].count)));
        break;
      case K::kSum:
        out.push_back(acc[a].has_sum ? Value::Number(acc[a].sum, LogicalType::Number())
                                     : Value::Null(LogicalType::Number()));
        break;
      case K::kMin:
        out.push_back(acc[a].min ? *acc[a].min : Value::Null(type));
        break;
      case K::kMax:
        out.push_back(acc[a].max ? *acc[a].max : Value::Null(type));
        break;
    }
  }
  return out;
}

bool ImScan::NextInMemory(Piece& p, DataChunk& out, std::vector<RowId>* rowids,
                          SessionStats& stats) {
  if (!OpenImcu(p.imcu, stats)) {
    row_ = p.row_end;
    return false;
  }
  const Imcu& u = *snap_.imcus[p.imcu];
  // Batches whose rows need no test on decoded rows are gathered into one chunk until it is
  // half full: a selective join filter keeps ~20 rows of a 2,048-row batch, and every
  // operator above paid its per-chunk work (vectors reset, expressions set up, hash probes
  // started) for each of them -- half of SOE d's in-memory time.
  while (row_ < p.row_end) {
    ChooseRowProbes(u);
    bool membership = false;
    for (size_t i = 0; i < runtime_.size(); ++i) {
      membership = membership || (untested_[i] && !runtime_output_[i].empty());
    }
    const size_t at = out.Count();
    if (membership && at > 0) return true;  // ApplyMembership tests only this batch's rows
    const auto n = static_cast<size_t>(
        std::min<uint32_t>(p.row_end - row_, kVectorSize - static_cast<uint32_t>(at)));
    const uint32_t begin = row_;
    row_ += static_cast<uint32_t>(n);
    stats.Add(Stat::kImScanRowsValid, n);
    counters_.rows_read += n;
    const bool tested = FilterBatch(u, begin, n);
    const bool need_rows = !decoded_.empty() || rowids != nullptr || !row_probes_.empty();
    // A batch no predicate narrowed goes to the first exact key set straight from the codes.
    size_t exact = SIZE_MAX;
    for (size_t i = 0; !tested && i < row_probes_.size() && exact == SIZE_MAX; ++i) {
      if (exact_[row_probes_[i]]) exact = i;
    }
    size_t k;
    if (!need_rows) {
      k = CountMask(mask_.data(), n, simd_);
    } else if (exact != SIZE_MAX) {
      k = SelectExact(u, begin, n, exact);
    } else {
      k = MaskToSelection(mask_.data(), n, begin, sel_.data());
    }
    if (k > 0 && !row_probes_.empty()) k = ProbeRows(u, begin, n, k, exact);
    if (k == 0) continue;
    for (size_t c : decoded_) {
      Vector& v = out.column(c);
      const uint32_t id = column_ids_[c];
      if (id != kRowIdColumn) {
        u.columns[id]->Decode(sel_.data(), k, v, at);
        continue;
      }
      for (size_t r = 0; r < k; ++r) {
        const uint32_t row = sel_[r];
        const auto blk =
            static_cast<size_t>(std::upper_bound(u.row_start.begin(), u.row_start.end(), row) -
                                u.row_start.begin() - 1);
        v.Data<Decimal>()[at + r] =
            Decimal::FromInt(RowId{kFileNo, u.physical[blk], u.Slot(blk, row)}.Pack());
        v.SetNull(at + r, false);
      }
    }
    if (rowids) {
      for (size_t r = 0; r < k; ++r) {
        const uint32_t row = sel_[r];
        const auto blk =
            static_cast<size_t>(std::upper_bound(u.row_start.begin(), u.row_start.end(), row) -
                                u.row_start.begin() - 1);
        rowids->push_back(RowId{kFileNo, u.physical[blk], u.Slot(blk, row)});
      }
    }
    for (size_t c : skipped_) std::memset(out.column(c).Validity() + at, 0, k);
    out.SetSize(at + k);
    stats.Add(Stat::kImScanRowsProjected, k);
    counters_.rows_returned += k;
    if (!membership) {
      if (out.Count() >= kVectorSize / 2) return true;
      continue;
    }
    ApplyMembership(out);
    if (out.Count() > 0) return true;
    out.Reset();
    if (rowids) rowids->clear();
  }
  return out.Count() > 0;
}

void ImScan::FinishRowStorePiece() {
  const ScanCounters& c = child_->counters();
  counters_.rows_read += c.rows_read;
  counters_.rows_returned += c.rows_returned;
  counters_.rows_rejected_runtime += c.rows_rejected_runtime;
  counters_.regions += c.regions;
  counters_.regions_skipped += c.regions_skipped;
  counters_.bytes_skipped += c.bytes_skipped;
  child_.reset();
}

bool ImScan::Next(DataChunk& out, std::vector<RowId>* rowids, SessionStats& stats) {
  if (out.ColumnCount() != types_.size() || out.Types() != types_) {
    out.Initialize(types_);
  } else {
    out.Reset();
  }
  if (rowids) rowids->clear();
  while (!done_ && piece_ < pieces_.size()) {
    RefreshRuntimeFilters();
    if (done_) break;
    Piece& p = pieces_[piece_];
    if (p.in_memory) {
      if (row_ < p.row_begin || row_ > p.row_end) row_ = p.row_begin;
      if (NextInMemory(p, out, rowids, stats)) return true;
      ++piece_;
      row_ = 0;
      continue;
    }
    if (!child_) {
      stats.Add(Stat::kImScanCusInvalidOrMissing);
      child_ = row_store_({p.block_begin, p.block_end});
    }
    if (child_->Next(out, rowids, stats)) return true;
    FinishRowStorePiece();
    ++piece_;
  }
  out.SetSize(0);
  return false;
}

void ImScan::ChooseRowProbes(const Imcu& u) {
  row_probes_.clear();
  untested_ = runtime_applied_;
  std::fill(exact_.begin(), exact_.end(), false);
  for (size_t i = 0; i < runtime_.size(); ++i) {
    if (!runtime_applied_[i] || runtime_output_[i].empty()) continue;
    const std::vector<uint32_t>& cols = runtime_[i].columns;
    if (!std::all_of(cols.begin(), cols.end(),
                     [&](uint32_t c) { return u.columns[c].has_value(); }))
      continue;
    // False while the filter has switched itself off: ApplyMembership then counts the rows
    // it passes untested until it samples again.
    if (!runtime_[i].filter->ProbesRows(runtime_types_[i])) continue;
    row_probes_.push_back(i);
    untested_[i] = false;
    exact_[i] = runtime_[i].filter->integer_keys() != nullptr && cols.size() == 1 &&
                u.columns[cols[0]]->IntegerNumbers();
  }
}

size_t ImScan::SelectExact(const Imcu& u, uint32_t begin, size_t n, size_t probe) {
  const size_t f = row_probes_[probe];
  const RuntimeFilter& filter = *runtime_[f].filter;
  const size_t k = u.columns[runtime_[f].columns[0]]->SelectKeys(begin, n, *filter.integer_keys(),
                                                                 sel_.data(), scratch_.data());
  filter.ObserveRows(n, n - k);
  counters_.rows_rejected_runtime += n - k;
  return k;
}

size_t ImScan::ProbeRows(const Imcu& u, uint32_t begin, size_t n, size_t k, size_t skip) {
  uint8_t* keep = has_null_.data();
  for (size_t probe = 0; probe < row_probes_.size(); ++probe) {
    const size_t f = row_probes_[probe];
    if (k == 0) break;
    if (probe == skip) continue;
    const RuntimeFilter& filter = *runtime_[f].filter;
    const std::vector<uint32_t>& cols = runtime_[f].columns;
    const RuntimeFilter::IntegerKeySet* exact = filter.integer_keys();
    if (exact != nullptr && cols.size() == 1 && u.columns[cols[0]]->IntegerNumbers()) {
      // The key's integers against the exact key set: a bit test a row, nothing hashed.
      const ColumnCU& cu = *u.columns[cols[0]];
      cu.IntValues(begin, n, sel_.data(), k, ints_.data(), scratch_.data());
      for (size_t i = 0; i < k; ++i)
        keep[i] = static_cast<uint8_t>(exact->Contains(ints_[i]) && !cu.IsNull(sel_[i]));
    } else {
      std::fill_n(hashes_.begin(), k, 0);
      std::fill_n(keep, k, 0);
      for (uint32_t col : cols) {
        u.columns[col]->HashRows(begin, n, sel_.data(), k, ints_.data(), scratch_.data(),
                                 hashes_.data(), keep);
      }
      // keep = not NULL (a NULL key never joins), then the bits.
      for (size_t i = 0; i < k; ++i) keep[i] ^= 1;
      filter.MayContainHashes(hashes_.data(), k, keep);
    }
    size_t kept = 0;
    for (size_t i = 0; i < k; ++i) {
      sel_[kept] = sel_[i];
      kept += keep[i];
    }
    filter.ObserveRows(k, k - kept);
    counters_.rows_rejected_runtime += k - kept;
    k = kept;
  }
  return k;
}

void ImScan::ApplyMembership(DataChunk& out) {
  counters_.rows_rejected_runtime +=
      ApplyRuntimeMembership(runtime_, untested_, runtime_output_, out);
}

}  // namespace pathdb::storage::im
