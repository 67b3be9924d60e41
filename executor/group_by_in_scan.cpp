#include "executor/group_by_in_scan.h"

#include "executor/table_access_full.h"

namespace pathdb {
namespace {

using Op = storage::ScanArith::Op;

//! Appends `e` to `out` in postfix; false when the scan cannot evaluate it.
bool ToArith(const BoundExpr& e, const TableAccessFull& scan, bool oracle,
             storage::ScanArith& out) {
  if (e.type.id != TypeId::kNumber) return false;
  switch (e.kind) {
    case BoundKind::kColumn: {
      if (e.column_index >= scan.column_ids().size()) return false;
      const uint32_t id = scan.column_ids()[e.column_index];
      if (id == storage::kRowIdColumn || scan.table().columns[id].type.id != TypeId::kNumber) {
        return false;
      }
      out.steps.push_back({Op::kColumn, id, {}});
      return true;
    }
    case BoundKind::kConstant:
      // Evaluated in 64-bit scaled integers: a constant that is not one would send every
      // batch to the row-by-row Decimal path.
      if (e.constant.is_null() || e.constant.type().id != TypeId::kNumber ||
          e.constant.number().scale < 0 || e.constant.number().scale > 18 ||
          e.constant.number().coef > INT64_MAX || e.constant.number().coef < INT64_MIN) {
        return false;
      }
      out.steps.push_back({Op::kConstant, 0, e.constant.number()});
      return true;
    case BoundKind::kFunction: {
      if (e.children.size() != 2 || e.name.size() != 1) return false;
      const char c = e.name[0];
      if (c != '+' && c != '-' && c != '*') return false;
      if (!oracle && e.type.IsIntegral()) return false;
      if (!ToArith(*e.children[0], scan, oracle, out) ||
          !ToArith(*e.children[1], scan, oracle, out)) {
        return false;
      }
      out.steps.push_back({c == '+' ? Op::kAdd : c == '-' ? Op::kSubtract : Op::kMultiply, 0, {}});
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

std::optional<storage::ScanGroupBy> GroupByInScanSpec(const std::vector<BoundExprPtr>& groups,
                                                      const std::vector<AggregateSpec>& aggs,
                                                      const PhysicalOperator& child,
                                                      const EvalContext& ctx, uint64_t max_groups) {
  using K = storage::ScanGroupBy::Aggregate::Kind;
  if (child.type() != OperatorType::kTableAccessFull || groups.empty()) return std::nullopt;
  const auto& scan = static_cast<const TableAccessFull&>(child);
  if (!scan.inmemory()) return std::nullopt;
  storage::ScanGroupBy spec;
  spec.max_groups = max_groups;
  for (const BoundExprPtr& g : groups) {
    if (g->kind != BoundKind::kColumn || g->column_index >= scan.column_ids().size()) {
      return std::nullopt;
    }
    const uint32_t id = scan.column_ids()[g->column_index];
    if (id == storage::kRowIdColumn || !(scan.table().columns[id].type == g->type)) {
      return std::nullopt;
    }
    spec.keys.push_back(id);
  }
  const bool oracle = ctx.dialect == Dialect::kOracle;
  for (const AggregateSpec& a : aggs) {
    storage::ScanGroupBy::Aggregate s;
    if (a.function == "COUNT_STAR") {
      spec.aggs.push_back(std::move(s));
      continue;
    }
    if (a.distinct || !a.arg || a.arg->type.id != TypeId::kNumber) return std::nullopt;
    if (a.function == "COUNT") {
      s.kind = K::kCount;
    } else if (a.function == "SUM" || a.function == "AVG") {
      s.kind = K::kSum;
    } else if (a.function == "MIN" || a.function == "MAX") {
      s.kind = a.function == "MIN" ? K::kMin : K::kMax;
    } else {
      return std::nullopt;
    }
    if (!ToArith(*a.arg, scan, oracle, s.arg)) return std::nullopt;
    spec.aggs.push_back(std::move(s));
  }
  return spec;
}

bool GroupInScan(const PhysicalOperator& child, const storage::ScanGroupBy& spec,
                 const std::vector<LogicalType>& key_types, ExecContext& ctx, RowHashTable& table,
                 AggregateStates& states) {
  const auto& scan = static_cast<const TableAccessFull&>(child);
  std::optional<storage::ScanGroups> result = scan.GroupByInScan(ctx, spec);
  if (!result) return false;
  // The scan's groups in its order; a group id per scan group (two scan groups the table
  // holds equal would share one, and their accumulators add up).
  const size_t n = result->keys.size();
  std::vector<uint32_t> ids(n);
  std::vector<uint32_t> gids;
  DataChunk chunk(key_types);
  std::vector<const Vector*> key_ptrs;
  for (size_t k = 0; k < key_types.size(); ++k) key_ptrs.push_back(&chunk.column(k));
  for (size_t at = 0; at < n; at += kVectorSize) {
    const size_t m = std::min(kVectorSize, n - at);
    chunk.Reset();
    for (size_t k = 0; k < key_types.size(); ++k) {
      for (size_t i = 0; i < m; ++i) chunk.column(k).SetValue(i, result->keys[at + i][k]);
    }
    chunk.SetSize(m);
    table.FindOrInsert(key_ptrs, chunk, gids, nullptr);
    std::copy(gids.begin(), gids.end(), ids.begin() + static_cast<ptrdiff_t>(at));
  }
  states.Resize(table.size());
  for (size_t a = 0; a < spec.aggs.size(); ++a) {
    for (size_t g = 0; g < n; ++g) {
      const storage::ScanGroups::Accumulator& acc = result->aggs[a][g];
      states.Merge(a, ids[g], acc.count, acc.has ? &acc.value : nullptr);
    }
  }
  return true;
}

}  // namespace pathdb
