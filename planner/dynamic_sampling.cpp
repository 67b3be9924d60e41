// Dynamic sampling: the first blocks of the segment, read in physical order. The rows of one
// block are a cluster, not a random sample, but level 2 in Oracle reads a handful of blocks
// too, and a table without statistics is usually small or freshly loaded.
#include "planner/dynamic_sampling.h"

#include <set>
#include <stdexcept>

#include "common/stats.h"

namespace pathdb::planner {

namespace {

// A conjunct the sample can decide: no subquery (it would run a plan at parse time), no bind
// or correlation parameter (its value is unknown now), nothing random.
bool SampleEvaluable(const BoundExpr& e) {
  if (e.kind == BoundKind::kSubquery || e.kind == BoundKind::kParameter) return false;
  if (e.kind == BoundKind::kFunction &&
      (e.name.rfind("DBMS_RANDOM", 0) == 0 || e.name == "SYS_GUID"))
    return false;
  for (const auto& c : e.children)
    if (!SampleEvaluable(*c)) return false;
  return true;
}

std::vector<LogicalType> ScanTypes(const storage::TableInfo& table,
                                   const std::vector<uint32_t>& ids) {
  std::vector<LogicalType> types;
  for (uint32_t id : ids)
    types.push_back(id == storage::kRowIdColumn ? LogicalType::Integer() : table.columns[id].type);
  return types;
}

}  // namespace

std::optional<double> TableSample::Selectivity(const std::vector<size_t>& conjuncts) const {
  if (passed.empty()) return std::nullopt;
  uint64_t mask = 0;
  for (size_t c : conjuncts) {
    if (c >= evaluable.size() || c >= 64 || !evaluable[c]) return std::nullopt;
    mask |= uint64_t{1} << c;
  }
  size_t n = 0;
  for (uint64_t p : passed) n += (p & mask) == mask ? 1 : 0;
  return static_cast<double>(n) / static_cast<double>(passed.size());
}

TableSample SampleTable(storage::Database& db, const storage::TableInfo& table,
                        const std::vector<uint32_t>& column_ids,
                        const std::vector<const BoundExpr*>& conjuncts, EvalContext& eval,
                        size_t max_blocks) {
  TableSample s;
  s.blocks = static_cast<double>(table.hwm_blocks);
  s.evaluable.resize(conjuncts.size());
  for (size_t i = 0; i < conjuncts.size(); ++i)
    s.evaluable[i] = i < 64 && SampleEvaluable(*conjuncts[i]);
  if (table.hwm_blocks == 0) return s;

  // The sample's reads are recursive work of the parse: they warm the cache but are not the
  // statement's consistent gets.
  SessionStats recursive;
  auto scan = db.BeginScan(table, column_ids, recursive);
  DataChunk chunk(ScanTypes(table, column_ids));
  std::vector<storage::RowId> rowids;
  std::set<uint32_t> blocks_seen;
  bool full = false;  // a block beyond the sample was reached
  while (!full) {
    chunk.Reset();
    rowids.clear();
    if (!db.ScanNext(*scan, chunk, &rowids, recursive)) break;
    // Rows of the first max_blocks blocks only.
    size_t keep = 0;
    for (; keep < chunk.size(); ++keep) {
      const uint32_t block = keep < rowids.size() ? rowids[keep].block : 0;
      if (!blocks_seen.count(block)) {
        if (blocks_seen.size() >= max_blocks) {
          full = true;
          break;
        }
        blocks_seen.insert(block);
      }
    }
    chunk.SetSize(keep);
    chunk.ClearSelection();
    const size_t first = s.passed.size();
    s.passed.resize(first + keep, 0);
    for (size_t i = 0; i < conjuncts.size(); ++i) {
      if (!s.evaluable[i] || keep == 0) continue;
      try {
        chunk.ClearSelection();
        ExpressionExecutor::Filter(*conjuncts[i], chunk, eval);
      } catch (const std::exception&) {
        s.evaluable[i] = false;  // e.g. a conversion error: the estimate falls back to defaults
        continue;
      }
      for (size_t r = 0; r < chunk.Count(); ++r)
        s.passed[first + chunk.RowIndex(r)] |= uint64_t{1} << i;
    }
  }
  s.sampled_rows = static_cast<double>(s.passed.size());
  s.sampled_blocks = static_cast<double>(blocks_seen.size());
  // Every block read: the count is exact; otherwise scale the rows per sampled block.
  if (!full || s.sampled_blocks == 0) {
    s.rows = s.sampled_rows;
  } else {
    s.rows = s.sampled_rows / s.sampled_blocks * s.blocks;
  }
  return s;
}

}  // namespace pathdb::planner
