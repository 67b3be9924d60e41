// Subqueries in expressions: the subplan runs with EvalContext::parameters set to the
// correlated values of the row; results are cached per distinct parameter tuple for the
// duration of one Execute call, and for the whole execution when the subquery is
// uncorrelated (it runs once, as Oracle runs an uncorrelated subquery once).
#include <cmath>
#include <unordered_set>

#include "common/value_format.h"
#include "executor/expr/internal.h"
#include "executor/operator.h"

namespace pathdb::expr {

//! The rows of one run of a subplan, with a hash index built on first use by IN.
struct RowSet {
  std::vector<std::vector<Value>> rows;
  bool index_built = false;
  int index_class = -1;  //!< -1: not indexable (mixed types, CHAR, several columns)
  bool has_null = false;
  std::unordered_set<std::string> keys;
  //! Every non-NULL row is a NUMBER: the index holds the values themselves (Decimal::Hash
  //! agrees with ==, 1.5 = 1.50); `keys` stays empty and index_class -1. A probe of a NUMBER then
  //! costs a hash, not a conversion to text.
  bool numbers_only = false;
  struct DecimalHash {
    size_t operator()(const Decimal& d) const { return d.Hash(); }
  };
  std::unordered_set<Decimal, DecimalHash> numbers;
};

struct SubqueryCache {
  std::unordered_map<std::string, RowSet> sets;
  //! The subplan the rows came from, kept alive so that an expression built later at the
  //! same address (the cache is keyed by address) cannot be taken for this one.
  std::shared_ptr<const PhysicalOperator> plan;
  //! The subplan's state and output chunk from its last run, restarted for the next
  //! parameter tuple (an index probe then allocates and zeroes no 2048-row vectors).
  std::unique_ptr<OperatorState> state;
  std::unique_ptr<DataChunk> chunk;
};

namespace {

std::string TupleKey(const std::vector<Value>& vals) {
  std::string key;
  for (const auto& v : vals) {
    key.push_back('\x01');
    if (v.is_null()) {
      key.push_back('N');
      continue;
    }
    key.append(std::to_string(static_cast<int>(v.type().id)));
    key.push_back(':');
    key.append(v.type().id == TypeId::kNumber ? v.number().Normalized().ToString() : v.ToString());
  }
  return key;
}

// Equality class of a value for the IN index: values of one class hash by canonical text.
int KeyClass(const Value& v) {
  switch (v.type().id) {
    case TypeId::kNumber:
    case TypeId::kDouble:
      return 0;
    case TypeId::kVarchar:
      return 1;
    case TypeId::kDate:
    case TypeId::kTimestamp:
      return 2;
    case TypeId::kIntervalYM:
      return 3;
    case TypeId::kIntervalDS:
      return 4;
    default:
      return -1;
  }
}

std::string KeyText(const Value& v) {
  switch (v.type().id) {
    case TypeId::kNumber:
      return v.number().Normalized().ToString();
    case TypeId::kDouble:
      return std::isfinite(v.dbl()) ? Decimal::FromDouble(v.dbl()).ToString()
                                    : FormatBinaryDouble(v.dbl());
    case TypeId::kDate:
      return std::to_string(v.date() * 1000000);
    case TypeId::kTimestamp:
      return std::to_string(v.timestamp());
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return std::to_string(v.interval());
    default:
      return v.str();
  }
}

void BuildIndex(RowSet& set) {
  set.index_built = true;
  bool numbers = !set.rows.empty();
  for (const auto& row : set.rows) {
    if (row.size() != 1) return;
    if (!row[0].is_null() && row[0].type().id != TypeId::kNumber) numbers = false;
  }
  if (numbers) {
    for (const auto& row : set.rows) {
      if (row[0].is_null()) {
        set.has_null = true;
      } else {
        set.numbers.insert(row[0].number());
      }
    }
    set.numbers_only = true;
    return;
  }
  int cls = -2;
  for (const auto& row : set.rows) {
    if (row.size() != 1) return;
    if (row[0].is_null()) {
      set.has_null = true;
      continue;
    }
    int c = KeyClass(row[0]);
    if (c < 0 || (cls != -2 && c != cls)) {
      set.keys.clear();
      return;
    }
    cls = c;
    set.keys.insert(KeyText(row[0]));
  }
  set.index_class = cls == -2 ? -1 : cls;
}

// Runs the subplan once; EXISTS and scalar modes stop early (scalar needs two rows at most).
std::vector<std::vector<Value>> RunSubplan(const SubqueryInfo& info, EvalContext& ctx,
                                           std::vector<Value> params, SubqueryCache& cache) {
  ExecContext& exec = *ctx.exec;
  std::vector<Value> saved = std::move(exec.eval.parameters);
  exec.eval.parameters = std::move(params);
  std::vector<std::vector<Value>> rows;
  size_t limit = info.mode == SubqueryInfo::Mode::kExists   ? 1
                 : info.mode == SubqueryInfo::Mode::kScalar ? 2
                                                            : SIZE_MAX;
  // An uncorrelated subquery runs once: its state (a GROUP BY's table, say) is freed at once.
  std::unique_ptr<OperatorState> once;
  std::unique_ptr<OperatorState>& state = info.correlated.empty() ? once : cache.state;
  try {
    if (!state || !info.plan->Restart(exec, *state)) state = info.plan->Open(exec);
    if (!cache.chunk) cache.chunk = std::make_unique<DataChunk>(info.plan->types());
    DataChunk& chunk = *cache.chunk;
    while (rows.size() < limit) {
      chunk.Reset();
      if (!info.plan->Next(exec, *state, chunk)) break;
      for (auto& row : chunk.ToRows()) {
        rows.push_back(std::move(row));
        if (rows.size() >= limit) break;
      }
    }
  } catch (...) {
    state.reset();  // a failed run's state is not restarted
    exec.eval.parameters = std::move(saved);
    throw;
  }
  exec.eval.parameters = std::move(saved);
  return rows;
}

// Three-valued comparison of the left operands with one subquery row.
int CompareRow(const std::vector<Value>& left, const std::vector<Value>& row, std::string_view op,
               const EvalContext& ctx) {
  bool unknown = false;
  if (left.size() == 1) {
    if (left[0].is_null() || row.at(0).is_null()) return -1;
    return ApplyCompareOp(op, CompareValues(left[0], row[0], ctx)) ? 1 : 0;
  }
  for (size_t i = 0; i < left.size(); ++i) {
    if (left[i].is_null() || row.at(i).is_null()) {
      unknown = true;
      continue;
    }
    if (CompareValues(left[i], row[i], ctx) != 0) return op == "=" ? 0 : 1;
  }
  if (unknown) return -1;
  return op == "=" ? 1 : 0;
}

}  // namespace

void EvalSubquery(const BoundExpr& e, State& st, Sel sel, Vector& out) {
  if (!e.subquery || !e.subquery->plan) ThrowUnimplemented("subquery without a plan");
  if (st.ctx.exec == nullptr) ThrowUnimplemented("subquery outside a running statement");
  const SubqueryInfo& info = *e.subquery;
  // Uncorrelated: once per execution (ExecutionState); correlated: per distinct parameter
  // tuple within this batch, so the cache stays as small as a batch.
  auto& cache_ptr =
      info.correlated.empty() ? st.ctx.exec->shared.SubqueryCacheFor(&e) : st.subquery_caches[&e];
  if (!cache_ptr || cache_ptr->plan != info.plan) {
    cache_ptr = std::make_shared<SubqueryCache>();
    cache_ptr->plan = info.plan;
  }
  SubqueryCache& cache = *cache_ptr;
  std::vector<Vector> corr, left;
  for (const auto& c : info.correlated) corr.push_back(EvalNew(*c, st, sel));
  for (const auto& c : e.children) left.push_back(EvalNew(*c, st, sel));
  std::vector<Value> params(corr.size()), lvals(left.size());
  using Mode = SubqueryInfo::Mode;
  std::string op = info.mode == Mode::kIn ? "=" : info.compare_op;
  // An uncorrelated subquery has one row set: looked up once, not per row.
  RowSet* only = nullptr;
  for (uint32_t r : sel) {
    RowSet* found = only;
    if (found == nullptr) {
      for (size_t i = 0; i < corr.size(); ++i) params[i] = corr[i].GetValue(r);
      std::string key = TupleKey(params);
      auto it = cache.sets.find(key);
      if (it == cache.sets.end()) {
        RowSet set;
        set.rows = RunSubplan(info, st.ctx, params, cache);
        it = cache.sets.emplace(key, std::move(set)).first;
      }
      found = &it->second;
      if (corr.empty()) only = found;
    }
    RowSet& set = *found;
    const auto& rows = set.rows;
    switch (info.mode) {
      case Mode::kScalar:
        if (rows.size() > 1) ThrowOra(1427, "single-row subquery returns more than one row");
        if (rows.empty() || rows[0].empty()) {
          out.SetNull(r, true);
        } else {
          StoreResult(out, r, rows[0][0], st.ctx);
        }
        break;
      case Mode::kExists:
        out.SetNull(r, false);
        out.Data<uint8_t>()[r] = rows.empty() == info.negated;
        break;
      case Mode::kIn:
      case Mode::kAny:
      case Mode::kAll: {
        for (size_t i = 0; i < left.size(); ++i) lvals[i] = left[i].GetValue(r);
        const bool all = info.mode == Mode::kAll;
        if (op == "=" && !all && lvals.size() == 1 && rows.size() > 8) {
          if (!set.index_built) BuildIndex(set);
          if (lvals[0].is_null()) {
            out.SetNull(r, true);
            break;
          }
          const bool number_probe = set.numbers_only && lvals[0].type().id == TypeId::kNumber;
          if (number_probe || (set.index_class >= 0 && KeyClass(lvals[0]) == set.index_class)) {
            const bool hit = number_probe ? set.numbers.count(lvals[0].number()) != 0
                                          : set.keys.count(KeyText(lvals[0])) != 0;
            int res = hit ? 1 : (set.has_null ? -1 : 0);
            if (res < 0) {
              out.SetNull(r, true);
            } else {
              out.SetNull(r, false);
              out.Data<uint8_t>()[r] = static_cast<uint8_t>(info.negated ? 1 - res : res);
            }
            break;
          }
        }
        // ANY: TRUE if some row matches, else NULL if some comparison was unknown.
        // ALL: FALSE if some row fails, else NULL if some comparison was unknown.
        int result = all ? 1 : 0;
        for (const auto& row : rows) {
          int c = CompareRow(lvals, row, op, st.ctx);
          if (c < 0) {
            result = -1;
          } else if (c == (all ? 0 : 1)) {
            result = c;
            break;
          }
        }
        if (result >= 0 && info.negated) result = 1 - result;
        if (result < 0) {
          out.SetNull(r, true);
        } else {
          out.SetNull(r, false);
          out.Data<uint8_t>()[r] = static_cast<uint8_t>(result);
        }
        break;
      }
    }
  }
}

}  // namespace pathdb::expr
