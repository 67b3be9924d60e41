#include "executor/hash_group_by.h"

#include <algorithm>

#include "executor/cell_ops.h"
#include "executor/chunk_util.h"
#include "executor/group_by_in_scan.h"
#include "executor/row_hash_table.h"
#include "executor/spill_scan.h"

namespace pathdb {
namespace {

struct HashGroupByState : OperatorState {
  std::unique_ptr<OperatorState> child;
  //! The in-memory scan below may group and aggregate itself (group_by_in_scan.h).
  std::optional<storage::ScanGroupBy> in_scan;
  std::vector<LogicalType> key_types;
  DataChunk input;
  std::vector<Vector> keys;                   //!< evaluated group expressions of one batch
  std::vector<const Vector*> key_ptrs;        //!< the batch's keys: `keys` or input columns
  std::vector<std::unique_ptr<Vector>> args;  //!< evaluated aggregate arguments (null: none)
  std::unique_ptr<RowHashTable> table;
  std::unique_ptr<AggregateStates> aggs;
  bool built = false;
  uint32_t emitted = 0;  //!< groups already returned
  // ---- spilling
  std::vector<TypeId> compare_as;
  size_t group_bytes = 0;                         //!< estimated memory per group
  std::shared_ptr<TempSegment> segment;           //!< the partitions' file (all levels)
  std::vector<std::shared_ptr<SpillFile>> parts;  //!< empty until the table is full
  size_t part = 0;                                //!< partition being grouped
  std::unique_ptr<HashGroupBy> part_op;
  std::unique_ptr<OperatorState> part_state;
  // ---- work-area statistics, including the partitions grouped so far (final once the last
  // partition is done)
  uint32_t groups = 0;      //!< groups of this level's table
  uint64_t all_groups = 0;  //!< groups of this level and of its partitions
  uint64_t peak_bytes = 0;  //!< largest table held at once
  uint64_t temp_bytes = 0;  //!< bytes written to partitions (all levels)
  int passes = 0;
};

// Partitions: 16 per level, chosen by 4 hash bits that differ from level to level.
constexpr size_t kPartitions = 16;
constexpr int kMaxSpillLevel = 5;

}  // namespace

HashGroupBy::HashGroupBy(std::vector<BoundExprPtr> groups, std::vector<AggregateSpec> aggs)
    : ChildTypedOperator(OperatorType::kHashGroupBy, "HASH GROUP BY"),
      groups_(std::move(groups)),
      aggs_(std::move(aggs)) {
  types_ = ComputeTypes();
}

std::vector<LogicalType> HashGroupBy::ComputeTypes() const {
  std::vector<LogicalType> t;
  for (const auto& g : groups_) t.push_back(g->type);
  for (const auto& a : aggs_) t.push_back(a.type);
  return t;
}

std::unique_ptr<OperatorState> HashGroupBy::OpenImpl(ExecContext& ctx) const {
  auto st = std::make_unique<HashGroupByState>();
  st->input.Initialize(children_.at(0)->types());
  std::vector<LogicalType> key_types;
  std::vector<TypeId> compare_as;
  for (const auto& g : groups_) {
    st->keys.emplace_back(g->type);
    key_types.push_back(g->type);
    compare_as.push_back(g->type.id);
  }
  for (const auto& a : aggs_)
    st->args.push_back(a.arg ? std::make_unique<Vector>(a.arg->type) : nullptr);
  st->table = std::make_unique<RowHashTable>(key_types, compare_as, /*nulls_equal=*/true);
  st->aggs = MakeAggregateStates(aggs_);
  st->compare_as = compare_as;
  st->key_types = key_types;
  // Keys, hash slot and key hash, then each aggregate's state.
  st->group_bytes = EstimatedRowBytes(key_types) + 32;
  for (const auto& a : aggs_) st->group_bytes += 32 + (a.distinct ? 64 : 0);
  // Groups beyond the work area would spill (and come out in another order): then rows.
  st->in_scan = GroupByInScanSpec(groups_, aggs_, *children_[0], ctx.eval,
                                  ctx.work_area_bytes / st->group_bytes);
  // With the shortcut the child is opened only if the scan declines.
  if (!st->in_scan) st->child = children_[0]->Open(ctx);
  return st;
}

namespace {

//! The line's memory columns from what this start did so far.
void Report(const HashGroupByState& st, OperatorRuntimeStats* line) {
  if (line == nullptr) return;
  WorkAreaUsage usage;
  usage.optimal = st.all_groups * st.group_bytes;
  usage.one_pass = OnePassHashBytes(usage.optimal, kPartitions);
  usage.used = st.peak_bytes;
  usage.temp = st.temp_bytes;
  usage.passes = st.passes;
  ReportWorkArea(line, usage);
}

//! Writes the active rows at `positions` (new groups of a full table) to their partitions.
void SpillRows(HashGroupByState& st, const std::vector<uint32_t>& positions, int level,
               ExecContext& ctx) {
  std::vector<std::vector<uint32_t>> by_part(kPartitions);
  int shift = 40 - 4 * level;
  for (uint32_t i : positions) {
    size_t r = st.input.RowIndex(i);
    uint64_t h = 0;
    for (size_t k = 0; k < st.keys.size(); ++k) {
      h = CombineHash(h, HashCell(*st.key_ptrs[k], r, st.compare_as[k]));
    }
    by_part[(h >> shift) & (kPartitions - 1)].push_back(i);
  }
  for (size_t p = 0; p < kPartitions; ++p) {
    if (!by_part[p].empty()) st.parts[p]->AppendRows(st.input, by_part[p], ctx.stats);
  }
}

}  // namespace

bool HashGroupBy::NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const {
  auto& st = static_cast<HashGroupByState&>(state);
  if (!st.built) {
    std::vector<const Vector*>& key_ptrs = st.key_ptrs;
    key_ptrs.resize(st.keys.size());
    std::vector<uint32_t> gids;
    if (st.in_scan &&
        !GroupInScan(*children_[0], *st.in_scan, st.key_types, ctx, *st.table, *st.aggs)) {
      st.child = children_[0]->Open(ctx);
    }
    while (st.child && children_[0]->Next(ctx, *st.child, st.input)) {
      ctx.CheckCancel();
      for (size_t i = 0; i < groups_.size(); i++)
        key_ptrs[i] = EvalOrReference(*groups_[i], st.input, st.keys[i], ctx.eval);
      if (st.parts.empty()) {
        st.table->FindOrInsert(key_ptrs, st.input, gids, nullptr);
        if (spill_level_ < kMaxSpillLevel && !groups_.empty() &&
            st.table->size() * st.group_bytes > ctx.work_area_bytes) {
          // Full: from the next batch on, new groups go to temporary partitions.
          st.segment = parent_temp_;
          if (!st.segment) {
            st.segment = std::make_shared<TempSegment>(
                ctx.db.directory(), SpillBufferBytes(ctx.work_area_bytes, kPartitions + 1));
          }
          for (size_t p = 0; p < kPartitions; ++p) {
            st.parts.push_back(std::make_shared<SpillFile>(st.segment, children_[0]->types()));
          }
          ctx.stats.Add(Stat::kSortsDisk);
        }
      } else {
        st.table->Find(key_ptrs, st.input, gids);
        std::vector<uint32_t> spill;
        SelectionVector found;
        std::vector<uint32_t> found_gids;
        for (size_t i = 0; i < gids.size(); ++i) {
          if (gids[i] == RowHashTable::kNotFound) {
            spill.push_back(static_cast<uint32_t>(i));
          } else {
            found.push_back(st.input.RowIndex(i));
            found_gids.push_back(gids[i]);
          }
        }
        if (!spill.empty()) SpillRows(st, spill, spill_level_, ctx);
        if (found.empty()) continue;
        st.input.SetSelection(std::move(found));
        gids = std::move(found_gids);
      }
      st.aggs->Resize(st.table->size());
      UpdateAggregates(aggs_, *st.aggs, st.input, st.args, gids, ctx.eval);
    }
    st.built = true;
    st.groups = static_cast<uint32_t>(st.table->size());
    st.all_groups = st.groups;
    st.peak_bytes = st.groups * st.group_bytes;
    for (const auto& p : st.parts) {
      p->Rewind(ctx.stats);  // the bytes still buffered reach the file
      st.temp_bytes += p->bytes();
    }
    st.passes = st.parts.empty() ? 0 : 1;
    Report(st, ctx.LineStats(line_id()));
  }
  ctx.CheckCancel();
  size_t total = st.groups;
  if (st.emitted >= total) {
    // The in-memory groups are out; now each spilled partition is grouped on its own, after
    // this table is freed (the partitions' tables take its place, not its company).
    st.table.reset();
    st.aggs.reset();
    while (st.part < st.parts.size()) {
      if (!st.part_op) {
        auto file = std::move(st.parts[st.part]);
        if (file->rows() == 0) {
          ++st.part;
          continue;
        }
        std::vector<BoundExprPtr> groups;
        for (const auto& g : groups_) groups.push_back(g->Copy());
        std::vector<AggregateSpec> aggs;
        for (const auto& a : aggs_) aggs.push_back(a.Copy());
        st.part_op = std::make_unique<HashGroupBy>(std::move(groups), std::move(aggs));
        st.part_op->spill_level_ = spill_level_ + 1;
        st.part_op->parent_temp_ = st.segment;
        st.part_op->AddChild(std::make_unique<SpillScan>(std::move(file)));
        st.part_state = st.part_op->Open(ctx);
      }
      if (st.part_op->Next(ctx, *st.part_state, out)) return true;
      const auto& done = static_cast<const HashGroupByState&>(*st.part_state);
      st.all_groups += done.all_groups;
      st.peak_bytes = std::max(st.peak_bytes, done.peak_bytes);
      st.temp_bytes += done.temp_bytes;
      st.passes = std::max(st.passes, 1 + done.passes);
      Report(st, ctx.LineStats(line_id()));
      st.part_op.reset();
      st.part_state.reset();
      ++st.part;
    }
    return false;
  }
  out.Reset();
  size_t n = std::min(total - st.emitted, kVectorSize);
  std::vector<uint32_t> ids(n);
  for (size_t i = 0; i < n; i++) ids[i] = st.emitted + static_cast<uint32_t>(i);
  st.table->keys().Gather(ids.data(), n, out, 0, 0);
  for (size_t a = 0; a < aggs_.size(); a++)
    for (size_t i = 0; i < n; i++) st.aggs->Finalize(a, ids[i], out.column(groups_.size() + a), i);
  out.SetSize(n);
  st.emitted += static_cast<uint32_t>(n);
  return true;
}

}  // namespace pathdb
