// GROUP BY in the in-memory scan (ImScan::GroupAggregate): SORT or HASH GROUP BY over TABLE
// ACCESS INMEMORY FULL hands its keys and aggregates down, and the scan computes them on the
// encoded columns, batch by batch, without building a row:
// - the batch's group: when every key column of the IMCU is dictionary- or frame-of-
//   reference-encoded, the codes of the keys combine into one small integer per row, mapped
//   to a group through an array that is filled the first time each combination turns up (a
//   few thousand combinations at most, so TPC-H Q1's four groups cost an array load a row);
// - each argument (a ScanArith) is evaluated in 64-bit integers on the columns' scaled
//   integer values (NUMBER(p,s) in the integer domain), with every overflow detected -- the
//   exact results the executor's NUMBER operators give on 32-byte Decimals, at an eighth of
//   the memory traffic (Q1's time went to moving Decimals, not to adding them);
// - sums go into 64-bit partials per group (128-bit when one overflows), folded into the
//   exact Decimal accumulators once per batch.
// Anything else -- keys of other encodings, columns not in the integer domain, an overflow,
// the row-store pieces (stale blocks, blocks beyond the IMCUs) -- is computed row by row on
// values with Decimal arithmetic, so the answer is always the executor's. One limit: a sum
// that outgrows NUMBER's 38 digits is rounded where it passes them, here once per batch, in
// the executor per row or per batch of its own (its paths differ from each other the same
// way), so such sums may differ in the 38th digit.
#include <algorithm>
#include <map>

#include "storage/inmemory/im_scan.h"

namespace pathdb::storage::im {
namespace {

using Kind = ScanGroupBy::Aggregate::Kind;
using Op = ScanArith::Op;
using Accumulator = ScanGroups::Accumulator;

constexpr uint32_t kNoGroup = UINT32_MAX;
//! Key-code combinations an IMCU may map through an array (beyond: row by row).
constexpr uint64_t kMaxCodeGroups = 4096;
//! Rows of a block, roughly (to weigh row-store blocks against in-memory rows).
constexpr uint64_t kRowsPerBlockGuess = 50;
//! Rows a block can hold at most (a row takes its 2-byte slot and a few bytes at least).
constexpr uint64_t kMaxRowsPerBlock = kBlockSize / 8;

//! Group keys ordered as values, NULLs equal to each other (GROUP BY's rule).
struct KeysLess {
  bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const {
    for (size_t i = 0; i < a.size(); ++i) {
      const bool an = a[i].is_null(), bn = b[i].is_null();
      if (an || bn) {
        if (an != bn) return an;
        continue;
      }
      const int c = a[i].Compare(b[i]);
      if (c != 0) return c < 0;
    }
    return false;
  }
};

//! The program's value for one row (`column(c)`: table column c's Value), with the
//! executor's Decimal operators; nullopt for NULL. `stack`: the caller's, reused.
template <typename F>
std::optional<Decimal> EvalRow(const ScanArith& a, F&& column,
                               std::vector<std::optional<Decimal>>& stack) {
  stack.clear();
  for (const ScanArith::Step& s : a.steps) {
    if (s.op == Op::kColumn) {
      const Value v = column(s.column);
      stack.push_back(v.is_null() ? std::nullopt : std::optional<Decimal>(v.number()));
      continue;
    }
    if (s.op == Op::kConstant) {
      stack.push_back(s.constant);
      continue;
    }
    const std::optional<Decimal> y = stack.back();
    stack.pop_back();
    std::optional<Decimal>& x = stack.back();
    if (!x || !y) {
      x.reset();
    } else if (s.op == Op::kAdd) {
      x = *x + *y;
    } else if (s.op == Op::kSubtract) {
      x = *x - *y;
    } else {
      x = *x * *y;
    }
  }
  return stack.back();
}

//! `v` into a SUM, MIN or MAX accumulator's value (its count is the caller's).
void Keep(Kind kind, Accumulator& acc, const Decimal& v) {
  if (!acc.has) {
    acc.value = v;
  } else if (kind == Kind::kSum) {
    acc.value = acc.value + v;
  } else if (kind == Kind::kMin ? v < acc.value : acc.value < v) {
    acc.value = v;
  }
  acc.has = true;
}

//! One row's value into an accumulator.
void Add(Kind kind, Accumulator& acc, const std::optional<Decimal>& v) {
  if (kind != Kind::kCountStar && !v) return;
  ++acc.count;
  if (kind != Kind::kCountStar && kind != Kind::kCount) Keep(kind, acc, *v);
}

//! A batch's values of one program or column: v[i] x 10^-scale for selected row i.
struct Lane {
  const int64_t* v = nullptr;
  int32_t scale = 0;
  bool constant = false;  //!< every row is `c` (v unused)
  int64_t c = 0;
  int64_t at(size_t i) const { return constant ? c : v[i]; }
};

//! Lane `x` brought to `scale` (>= its own) into out; false on overflow.
bool Align(Lane& x, int32_t scale, int64_t* out, size_t k) {
  const int32_t d = scale - x.scale;
  if (d == 0) return true;
  if (d > 18) return false;
  const auto p = static_cast<int64_t>(Pow10(d));
  if (x.constant) {
    x.scale = scale;
    return !__builtin_mul_overflow(x.c, p, &x.c);
  }
  bool over = false;
  for (size_t i = 0; i < k; ++i) over |= __builtin_mul_overflow(x.v[i], p, &out[i]);
  x = {out, scale};
  return !over;
}

//! out = x op y for k rows; false on overflow (then the caller computes row by row).
bool Binary(Op op, Lane x, Lane y, int64_t* tmp, int64_t* out, size_t k, Lane& result) {
  bool over = false;
  if (x.constant && y.constant) {  // folded: (1 + 1) as one constant
    result = x;
    result.scale = std::max(x.scale, y.scale);
    if (op == Op::kMultiply) {
      result.scale = x.scale + y.scale;
      return !__builtin_mul_overflow(x.c, y.c, &result.c);
    }
    if (!Align(x, result.scale, tmp, 0) || !Align(y, result.scale, out, 0)) return false;
    return op == Op::kSubtract ? !__builtin_sub_overflow(x.c, y.c, &result.c)
                               : !__builtin_add_overflow(x.c, y.c, &result.c);
  }
  if (op == Op::kMultiply) {
    if (x.constant) std::swap(x, y);
    if (y.constant) {
      for (size_t i = 0; i < k; ++i) over |= __builtin_mul_overflow(x.v[i], y.c, &out[i]);
    } else {
      for (size_t i = 0; i < k; ++i) over |= __builtin_mul_overflow(x.v[i], y.v[i], &out[i]);
    }
    result = {out, x.scale + y.scale};
    return !over;
  }
  const int32_t scale = std::max(x.scale, y.scale);
  if (!Align(x, scale, tmp, k) || !Align(y, scale, out, k)) return false;
  const bool sub = op == Op::kSubtract;
  for (size_t i = 0; i < k; ++i) {
    over |= sub ? __builtin_sub_overflow(x.at(i), y.at(i), &out[i])
                : __builtin_add_overflow(x.at(i), y.at(i), &out[i]);
  }
  result = {out, scale};
  return !over;
}

bool SameStep(const ScanArith::Step& a, const ScanArith::Step& b) {
  if (a.op != b.op) return false;
  if (a.op == Op::kColumn) return a.column == b.column;
  if (a.op == Op::kConstant)
    return a.constant.coef == b.constant.coef && a.constant.scale == b.constant.scale;
  return true;
}

//! Steps of `a` that `b` begins with; b.size() when all of them.
size_t CommonPrefix(const ScanArith& a, const ScanArith& b) {
  size_t n = 0;
  while (n < a.steps.size() && n < b.steps.size() && SameStep(a.steps[n], b.steps[n])) ++n;
  return n;
}

}  // namespace

//! The state of one GroupAggregate call.
class ImScan::GroupAggregator {
 public:
  explicit GroupAggregator(const ScanGroupBy& spec)
      : spec_(spec),
        same_(spec.aggs.size()),
        prefix_(spec.aggs.size(), SIZE_MAX),
        lanes_(spec.aggs.size()),
        lane_valid_(spec.aggs.size()),
        ok_(spec.aggs.size()),
        nullable_(spec.aggs.size()),
        programs_(spec.aggs.size()) {
    groups_.aggs.resize(spec.aggs.size());
    for (const ScanGroupBy::Aggregate& a : spec.aggs) {
      for (const ScanArith::Step& s : a.arg.steps) {
        if (s.op == Op::kColumn &&
            std::find(columns_.begin(), columns_.end(), s.column) == columns_.end()) {
          columns_.push_back(s.column);
        }
      }
    }
    values_.resize(columns_.size());
    valid_.resize(columns_.size());
    for (auto& v : values_) v.resize(kVectorSize);
    for (size_t a = 0; a < spec.aggs.size(); ++a) {
      const ScanArith& arg = spec.aggs[a].arg;
      programs_[a].resize(arg.steps.size() + 1, std::vector<int64_t>(kVectorSize));
      lane_valid_[a].resize(kVectorSize);
      same_[a] = a;
      // SUM(x) and AVG(x) are one computation; SUM(x * y * z) continues from an earlier
      // SUM(x * y)'s values (TPC-H Q1 has both pairs).
      size_t best = 0;
      for (size_t b = 0; b < a && spec.aggs[a].kind != Kind::kCountStar; ++b) {
        const ScanArith& earlier = spec.aggs[b].arg;
        if (spec.aggs[b].kind == Kind::kCountStar ||
            CommonPrefix(earlier, arg) < earlier.steps.size()) {
          continue;
        }
        if (earlier.steps.size() == arg.steps.size() && spec.aggs[b].kind == spec.aggs[a].kind) {
          same_[a] = same_[b];
          break;
        }
        if (earlier.steps.size() > best) {
          best = earlier.steps.size();
          prefix_[a] = b;
        }
      }
    }
    gids_.resize(kVectorSize);
    codes_.resize(kVectorSize);
  }
  const std::vector<uint32_t>& columns() const { return columns_; }

  //! Before the batches of IMCU `u`: its key codes' combinations, none mapped to a group
  //! yet. REQUIRES: each key CU has group codes, at most kMaxCodeGroups combinations.
  void BeginImcu(const Imcu& u) {
    uint64_t combos = 1;
    cards_.clear();
    for (uint32_t key : spec_.keys) {
      cards_.push_back(u.columns[key]->GroupCardinality());
      combos *= cards_.back();
    }
    code_group_.assign(combos, kNoGroup);
  }

  //! Rows sel[0, k) (ascending, within [begin, begin + n)) of IMCU `u`.
  void Batch(const Imcu& u, uint32_t begin, size_t n, const uint32_t* sel, size_t k,
             uint8_t* scratch) {
    FindGroups(u, begin, n, sel, k, scratch);
    const size_t groups = groups_.keys.size();
    rows_of_.assign(groups, 0);
    for (size_t i = 0; i < k; ++i) ++rows_of_[gids_[i]];
    // The columns' scaled integers (nullptr: not in the integer domain).
    for (size_t c = 0; c < columns_.size(); ++c) {
      const ColumnCU& cu = *u.columns[columns_[c]];
      valid_[c].clear();
      if (!cu.ScaledNumbers()) continue;
      cu.IntValues(begin, n, sel, k, values_[c].data(), scratch);
      if (cu.null_count() > 0) {
        valid_[c].resize(k);
        for (size_t i = 0; i < k; ++i) valid_[c][i] = cu.IsNull(sel[i]) ? 0 : 1;
      }
    }
    for (size_t a = 0; a < spec_.aggs.size(); ++a) {
      if (same_[a] != a) continue;
      const ScanGroupBy::Aggregate& agg = spec_.aggs[a];
      std::vector<Accumulator>& accs = groups_.aggs[a];
      if (agg.kind == Kind::kCountStar) {
        for (size_t g = 0; g < groups; ++g) accs[g].count += rows_of_[g];
        continue;
      }
      ok_[a] = Evaluate(u, a, k);
      if (!ok_[a]) {
        for (size_t i = 0; i < k; ++i) {
          const uint32_t row = sel[i];
          Add(agg.kind, accs[gids_[i]],
              EvalRow(
                  agg.arg, [&](uint32_t c) { return u.columns[c]->GetValue(row); }, row_stack_));
        }
        continue;
      }
      Accumulate(a, k);
    }
  }

  //! The rows of a row-store piece: `pos(c)` is table column c's position in `chunk`.
  template <typename Pos>
  void Rows(const DataChunk& chunk, Pos&& pos) {
    std::vector<Value> keys(spec_.keys.size());
    for (size_t i = 0; i < chunk.Count(); ++i) {
      const size_t r = chunk.RowIndex(i);
      for (size_t j = 0; j < keys.size(); ++j)
        keys[j] = chunk.column(pos(spec_.keys[j])).GetValue(r);
      const uint32_t g = GroupOf(keys);
      for (size_t a = 0; a < spec_.aggs.size(); ++a) {
        if (same_[a] != a) continue;
        const ScanGroupBy::Aggregate& agg = spec_.aggs[a];
        std::optional<Decimal> v;
        if (agg.kind != Kind::kCountStar) {
          v = EvalRow(
              agg.arg, [&](uint32_t c) { return chunk.column(pos(c)).GetValue(r); }, row_stack_);
        }
        Add(agg.kind, groups_.aggs[a][g], v);
      }
    }
  }

  ScanGroups Finish() {
    for (size_t a = 0; a < spec_.aggs.size(); ++a) {
      if (same_[a] != a) groups_.aggs[a] = groups_.aggs[same_[a]];
    }
    return std::move(groups_);
  }

 private:
  uint32_t GroupOf(const std::vector<Value>& keys) {
    auto [it, fresh] = index_.try_emplace(keys, static_cast<uint32_t>(groups_.keys.size()));
    if (fresh) {
      groups_.keys.push_back(keys);
      for (auto& accs : groups_.aggs) accs.emplace_back();
    }
    return it->second;
  }

  //! gids_[i] = the group of row sel[i]; new groups are numbered in row order.
  void FindGroups(const Imcu& u, uint32_t begin, size_t n, const uint32_t* sel, size_t k,
                  uint8_t* scratch) {
    std::vector<Value> keys(spec_.keys.size());
    uint32_t* local = gids_.data();
    for (size_t j = 0; j < spec_.keys.size(); ++j) {
      const ColumnCU& cu = *u.columns[spec_.keys[j]];
      if (j == 0) {
        cu.GroupCodes(begin, n, sel, k, local, scratch);
        continue;
      }
      cu.GroupCodes(begin, n, sel, k, codes_.data(), scratch);
      const uint32_t card = cards_[j];
      for (size_t i = 0; i < k; ++i) local[i] = local[i] * card + codes_[i];
    }
    uint32_t* map = code_group_.data();
    for (size_t i = 0; i < k; ++i) {
      uint32_t g = map[local[i]];
      if (g == kNoGroup) {
        uint32_t code = local[i];
        for (size_t j = keys.size(); j-- > 0;) {
          keys[j] = u.columns[spec_.keys[j]]->GroupKey(code % cards_[j]);
          code /= cards_[j];
        }
        g = GroupOf(keys);
        map[local[i]] = g;
      }
      local[i] = g;
    }
  }

  //! lanes_[a] = aggregate a's argument for the batch as scaled integers, lane_valid_[a] its
  //! non-NULL rows; false when a column is not in the integer domain, a constant does not
  //! fit 64 bits or an operation overflows.
  bool Evaluate(const Imcu& u, size_t a, size_t k) {
    const ScanArith& arith = spec_.aggs[a].arg;
    std::vector<std::vector<int64_t>>& bufs = programs_[a];
    uint8_t* valid = lane_valid_[a].data();
    stack_.clear();
    size_t s = 0;
    bool nullable = false;
    if (const size_t b = prefix_[a]; b != SIZE_MAX && ok_[b]) {
      stack_.push_back(lanes_[b]);
      s = spec_.aggs[b].arg.steps.size();
      nullable = nullable_[b];
      if (nullable)
        std::copy(lane_valid_[b].begin(), lane_valid_[b].begin() + static_cast<ptrdiff_t>(k),
                  valid);
    }
    for (; s < arith.steps.size(); ++s) {
      const ScanArith::Step& step = arith.steps[s];
      if (step.op == Op::kColumn) {
        const size_t c = static_cast<size_t>(
            std::find(columns_.begin(), columns_.end(), step.column) - columns_.begin());
        const ColumnCU& cu = *u.columns[step.column];
        if (!cu.ScaledNumbers()) return false;
        stack_.push_back({values_[c].data(), cu.NumberScale()});
        if (!valid_[c].empty()) {
          if (!nullable) {
            std::copy(valid_[c].begin(), valid_[c].end(), valid);
          } else {
            for (size_t i = 0; i < k; ++i) valid[i] &= valid_[c][i];
          }
          nullable = true;
        }
        continue;
      }
      if (step.op == Op::kConstant) {
        const Decimal& d = step.constant;
        if (d.scale < 0 || d.scale > Decimal::kMaxDigits || d.coef > INT64_MAX ||
            d.coef < INT64_MIN) {
          return false;
        }
        Lane l;
        l.constant = true;
        l.c = static_cast<int64_t>(d.coef);
        l.scale = d.scale;
        stack_.push_back(l);
        continue;
      }
      const Lane y = stack_.back();
      stack_.pop_back();
      const Lane x = stack_.back();
      // Step s writes into buffer s; the last buffer is Align's scratch.
      if (!Binary(step.op, x, y, bufs.back().data(), bufs[s].data(), k, stack_.back())) {
        return false;
      }
    }
    Lane out = stack_.back();
    if (out.constant) {
      std::fill(bufs[0].begin(), bufs[0].begin() + static_cast<ptrdiff_t>(k), out.c);
      out = {bufs[0].data(), out.scale};
    }
    if (out.scale > Decimal::kMaxDigits) return false;
    lanes_[a] = out;
    nullable_[a] = nullable;
    return true;
  }

  //! Adds aggregate a's values of the batch (lanes_[a], NULL where it is nullable and
  //! lane_valid_[a] is 0) to their groups' accumulators.
  void Accumulate(size_t a, size_t k) {
    const Kind kind = spec_.aggs[a].kind;
    std::vector<Accumulator>& accs = groups_.aggs[a];
    const Lane& lane = lanes_[a];
    const uint8_t* valid = nullable_[a] ? lane_valid_[a].data() : nullptr;
    const size_t groups = accs.size();
    // Per group: the non-NULL values (every row of the group when nothing is NULL).
    const uint64_t* count = rows_of_.data();
    if (valid) {
      count_.assign(groups, 0);
      for (size_t i = 0; i < k; ++i) count_[gids_[i]] += valid[i];
      count = count_.data();
    }
    if (kind == Kind::kCount) {
      for (size_t g = 0; g < groups; ++g) accs[g].count += count[g];
      return;
    }
    if (kind == Kind::kSum) {
      // 64-bit partials while no add overflows (2,048 values of up to 2^52 never do); else
      // the batch again in 128 bits.
      sum64_.assign(groups, 0);
      bool over = false;
      for (size_t i = 0; i < k; ++i) {
        const int64_t v = valid ? lane.v[i] & -static_cast<int64_t>(valid[i]) : lane.v[i];
        over |= __builtin_add_overflow(sum64_[gids_[i]], v, &sum64_[gids_[i]]);
      }
      sum_.assign(groups, 0);
      if (over) {
        for (size_t i = 0; i < k; ++i) {
          sum_[gids_[i]] += valid ? lane.v[i] & -static_cast<int64_t>(valid[i]) : lane.v[i];
        }
      } else {
        for (size_t g = 0; g < groups; ++g) sum_[g] = sum64_[g];
      }
      for (size_t g = 0; g < groups; ++g) {
        if (count[g] == 0) continue;
        accs[g].count += count[g];
        Keep(kind, accs[g], sum_[g] == 0 ? Decimal{} : Decimal{sum_[g], lane.scale});
      }
      return;
    }
    const bool is_min = kind == Kind::kMin;
    best_.resize(groups);
    seen_.assign(groups, 0);
    for (size_t i = 0; i < k; ++i) {
      if (valid && !valid[i]) continue;
      const uint32_t g = gids_[i];
      const int64_t v = lane.v[i];
      if (!seen_[g] || (is_min ? v < best_[g] : v > best_[g])) best_[g] = v;
      seen_[g] = 1;
    }
    for (size_t g = 0; g < groups; ++g) {
      if (!seen_[g]) continue;
      accs[g].count += count[g];
      Keep(kind, accs[g], best_[g] == 0 ? Decimal{} : Decimal{best_[g], lane.scale});
    }
  }

  const ScanGroupBy& spec_;
  ScanGroups groups_;
  std::map<std::vector<Value>, uint32_t, KeysLess> index_;
  std::vector<uint32_t> columns_;  //!< table columns the arguments read
  std::vector<std::vector<int64_t>> values_;
  std::vector<std::vector<uint8_t>> valid_;  //!< per column: empty when it has no NULLs
  // Per aggregate: the earlier one computing the same (itself if none), the earlier one whose
  // argument begins this one's (SIZE_MAX: none), this batch's result and its NULLs, whether
  // its evaluation succeeded, its step buffers.
  std::vector<size_t> same_, prefix_;
  std::vector<Lane> lanes_;
  std::vector<std::vector<uint8_t>> lane_valid_;
  std::vector<uint8_t> ok_, nullable_;
  std::vector<std::vector<std::vector<int64_t>>> programs_;
  std::vector<Lane> stack_;
  std::vector<uint32_t> gids_, codes_;
  std::vector<uint32_t> cards_;
  std::vector<uint32_t> code_group_;  //!< combined key code -> group
  std::vector<uint64_t> rows_of_, count_;
  std::vector<int64_t> sum64_;
  std::vector<int128> sum_;
  std::vector<int64_t> best_;
  std::vector<uint8_t> seen_;
  std::vector<std::optional<Decimal>> row_stack_;  //!< EvalRow's
};

std::optional<ScanGroups> ImScan::GroupAggregate(const ScanGroupBy& spec, SessionStats& stats) {
  if (!runtime_.empty() || piece_ != 0 || row_ != 0 || child_) return std::nullopt;
  GroupAggregator agg(spec);
  // Every column read must be a decoded column of this scan (the row-store pieces return
  // them) and in memory in every IMCU.
  std::vector<uint32_t> needed = spec.keys;
  needed.insert(needed.end(), agg.columns().begin(), agg.columns().end());
  std::vector<size_t> pos(table_->columns.size(), SIZE_MAX);
  for (uint32_t c : needed) {
    auto it = std::find(column_ids_.begin(), column_ids_.end(), c);
    if (it == column_ids_.end()) return std::nullopt;
    const auto at = static_cast<size_t>(it - column_ids_.begin());
    if (std::find(skipped_.begin(), skipped_.end(), at) != skipped_.end()) return std::nullopt;
    if (table_->columns[c].type.id != TypeId::kNumber &&
        std::find(agg.columns().begin(), agg.columns().end(), c) != agg.columns().end()) {
      return std::nullopt;
    }
    pos[c] = at;
    for (const auto& u : snap_.imcus) {
      if (!u->columns[c]) return std::nullopt;
    }
  }
  // Every IMCU groups on its codes (few key combinations), and most blocks are in memory:
  // the row-by-row path is for a few stale blocks, not for the table. The groups are bounded
  // before anything is read: each IMCU's key combinations, a row-store piece's rows.
  uint64_t bound = 0;
  for (const auto& u : snap_.imcus) {
    uint64_t combos = 1;
    for (uint32_t key : spec.keys) {
      combos *= u->columns[key]->GroupCardinality();
      if (combos == 0 || combos > kMaxCodeGroups) return std::nullopt;
    }
    bound += combos;
  }
  uint64_t in_memory = 0, row_store = 0;
  for (const Piece& p : pieces_) {
    (p.in_memory ? in_memory : row_store) +=
        p.in_memory ? p.row_end - p.row_begin : p.block_end - p.block_begin;
  }
  bound += row_store * kMaxRowsPerBlock;
  if (spec.keys.empty() || row_store * kRowsPerBlockGuess > in_memory || bound > spec.max_groups) {
    return std::nullopt;
  }
  ReadPieces(
      stats,
      [&](const Piece&, const Imcu& u) {
        agg.BeginImcu(u);
        return false;
      },
      [&](const Imcu& u, uint32_t begin, size_t n) {
        const size_t k = MaskToSelection(mask_.data(), n, begin, sel_.data());
        if (k > 0) agg.Batch(u, begin, n, sel_.data(), k, scratch_.data());
        return k;
      },
      [&](const DataChunk& chunk) { agg.Rows(chunk, [&pos](uint32_t c) { return pos[c]; }); });
  return agg.Finish();
}

}  // namespace pathdb::storage::im
