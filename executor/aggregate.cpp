#include "executor/aggregate.h"

#include <cmath>
#include <optional>
#include <type_traits>

#include "common/error.h"
#include "executor/cell_ops.h"
#include "executor/chunk_util.h"
#include "executor/row_hash_table.h"

namespace pathdb {
namespace {

enum class Fn : uint8_t { kCount, kCountStar, kSum, kAvg, kMin, kMax, kStddev, kVariance };

Fn ParseFn(const std::string& name) {
  if (name == "COUNT") return Fn::kCount;
  if (name == "COUNT_STAR") return Fn::kCountStar;
  if (name == "SUM") return Fn::kSum;
  if (name == "AVG") return Fn::kAvg;
  if (name == "MIN") return Fn::kMin;
  if (name == "MAX") return Fn::kMax;
  if (name == "STDDEV") return Fn::kStddev;
  if (name == "VARIANCE") return Fn::kVariance;
  ThrowOra(904, "\"{}\": invalid identifier", name);
}

//! Square root to NUMBER precision: Newton steps from the double estimate.
Decimal DecimalSqrt(const Decimal& v) {
  double d = v.ToDouble();
  if (d <= 0) return Decimal{};
  Decimal x = Decimal::FromDouble(std::sqrt(d));
  Decimal two = Decimal::FromInt(2);
  for (int i = 0; i < 3 && x.coef != 0; i++) x = (x + v / x) / two;
  return x;
}

//! Accumulators of one aggregate; only the arrays its function needs are sized.
struct AggState {
  Fn fn;
  TypeId arg_type = TypeId::kNull;
  LogicalType result;
  bool use_decimal = false;  // SUM/AVG/STDDEV/VARIANCE accumulate exactly over NUMBER args
  std::vector<int64_t> count;
  std::vector<Decimal> dsum, dsq;
  std::vector<double> fsum, fsq;
  std::vector<uint8_t> has;  // MIN/MAX: a value is held
  std::vector<Decimal> dbest;
  std::vector<double> fbest;
  std::vector<int64_t> ibest;
  std::vector<std::string> sbest;
  std::unique_ptr<RowHashTable> seen;  // DISTINCT: (group, value) pairs already counted
  std::vector<int128> part;            // SumFewGroups: per-batch partial sums, two banks
  std::vector<int64_t> part_n;
  std::vector<uint64_t> part64;  // SumFewGroupsNarrow: the same in 64 bits (two's complement)
};

}  // namespace

struct AggregateStates::Impl {
  std::vector<AggState> aggs;
  std::vector<size_t> source;  //!< per aggregate: whose accumulators it reads (itself)
  size_t groups = 0;
};

const Vector* AggregateArgument(const AggregateSpec& spec, const DataChunk& input, Vector* scratch,
                                EvalContext& ctx) {
  if (!spec.arg) return scratch;
  return EvalOrReference(*spec.arg, input, *scratch, ctx);
}

void UpdateAggregates(const std::vector<AggregateSpec>& specs, AggregateStates& states,
                      const DataChunk& input, const std::vector<std::unique_ptr<Vector>>& scratch,
                      const std::vector<uint32_t>& gids, EvalContext& ctx) {
  // One batch's argument values, by aggregate (null: not evaluated).
  std::vector<const Vector*> done(specs.size(), nullptr);
  for (size_t a = 0; a < specs.size(); a++) {
    if (states.Shared(a)) continue;
    const AggregateSpec& spec = specs[a];
    // Taken back however the evaluation ends: an error (ORA-01722 in an argument) must not
    // leave pointers to this batch's vectors in a context that outlives it.
    struct Restore {
      EvalContext& ctx;
      size_t size;
      ~Restore() { ctx.reuse.resize(size); }
    } restore{ctx, ctx.reuse.size()};
    const Vector* whole = nullptr;  // the argument equals an earlier one entirely
    for (const AggregateSpec::Reuse& r : spec.reuse) {
      if (r.arg >= a || done[r.arg] == nullptr || !spec.arg) continue;
      if (r.path.empty()) {
        if (done[r.arg]->type().id == spec.arg->type.id) whole = done[r.arg];
        continue;
      }
      const BoundExpr* node = spec.arg.get();
      for (uint32_t c : r.path) {
        node = node != nullptr && c < node->children.size() ? node->children[c].get() : nullptr;
      }
      if (node != nullptr) ctx.reuse.emplace_back(node, done[r.arg]);
    }
    const Vector* arg = whole ? whole : AggregateArgument(spec, input, scratch[a].get(), ctx);
    ctx.reuse.resize(restore.size);
    done[a] = spec.arg ? arg : nullptr;
    states.Update(a, arg, input, gids);
  }
}

std::unique_ptr<AggregateStates> MakeAggregateStates(const std::vector<AggregateSpec>& specs) {
  return std::make_unique<AggregateStates>(specs);
}

AggregateStates::AggregateStates(const std::vector<AggregateSpec>& specs)
    : impl_(std::make_unique<Impl>()) {
  for (const auto& spec : specs) {
    AggState st;
    st.fn = ParseFn(spec.function);
    st.result = spec.type;
    if (st.fn != Fn::kCountStar) {
      if (!spec.arg) ThrowOra(909, "invalid number of arguments");
      st.arg_type = spec.arg->type.id;
      bool numeric = spec.arg->type.IsNumeric() || st.arg_type == TypeId::kNull;
      if ((st.fn == Fn::kSum || st.fn == Fn::kAvg || st.fn == Fn::kStddev ||
           st.fn == Fn::kVariance) &&
          !numeric)
        ThrowOra(1722, "invalid number");
      st.use_decimal = st.arg_type != TypeId::kDouble;
      if (spec.distinct && st.fn != Fn::kMin && st.fn != Fn::kMax) {
        st.seen = std::make_unique<RowHashTable>(
            std::vector<LogicalType>{LogicalType::Double(), spec.arg->type},
            std::vector<TypeId>{TypeId::kDouble, spec.arg->type.id}, true);
      }
    }
    // Only SUM and AVG share (their accumulation is the same: a count and a sum of the
    // argument); a spec asking for anything else keeps its own state.
    const size_t self = impl_->aggs.size();
    size_t source = self;
    auto sums = [](Fn f) { return f == Fn::kSum || f == Fn::kAvg; };
    if (spec.state_of < self && !spec.distinct && sums(st.fn) &&
        sums(impl_->aggs[spec.state_of].fn) && !impl_->aggs[spec.state_of].seen &&
        impl_->aggs[spec.state_of].arg_type == st.arg_type &&
        impl_->source[spec.state_of] == spec.state_of)
      source = spec.state_of;
    impl_->source.push_back(source);
    impl_->aggs.push_back(std::move(st));
  }
}

bool AggregateStates::Shared(size_t agg) const {
  return impl_->source[agg] != agg;
}

AggregateStates::~AggregateStates() = default;

void AggregateStates::Resize(size_t n) {
  if (n <= impl_->groups) return;
  impl_->groups = n;
  for (size_t a = 0; a < impl_->aggs.size(); a++) {
    if (Shared(a)) continue;  // reads its source's arrays
    AggState& st = impl_->aggs[a];
    switch (st.fn) {
      case Fn::kCount:
      case Fn::kCountStar:
        st.count.resize(n, 0);
        break;
      case Fn::kSum:
      case Fn::kAvg:
      case Fn::kStddev:
      case Fn::kVariance:
        st.count.resize(n, 0);
        if (st.use_decimal) {
          st.dsum.resize(n);
          if (st.fn == Fn::kStddev || st.fn == Fn::kVariance) st.dsq.resize(n);
        } else {
          st.fsum.resize(n, 0);
          if (st.fn == Fn::kStddev || st.fn == Fn::kVariance) st.fsq.resize(n, 0);
        }
        break;
      case Fn::kMin:
      case Fn::kMax:
        st.has.resize(n, 0);
        switch (st.arg_type) {
          case TypeId::kNumber:
            st.dbest.resize(n);
            break;
          case TypeId::kDouble:
            st.fbest.resize(n, 0);
            break;
          case TypeId::kVarchar:
          case TypeId::kChar:
            st.sbest.resize(n);
            break;
          default:
            st.ibest.resize(n, 0);
            break;
        }
        break;
    }
  }
}

namespace {

void UpdateMinMax(AggState& st, const Vector& v, const DataChunk& input,
                  const std::vector<uint32_t>& gids) {
  bool is_max = st.fn == Fn::kMax;
  size_t n = input.Count();
  auto better = [&](auto a, auto b) { return is_max ? b < a : a < b; };
  for (size_t i = 0; i < n; i++) {
    size_t r = PhysRow(v, input.RowIndex(i));
    if (v.IsNull(r)) continue;
    uint32_t g = gids[i];
    switch (st.arg_type) {
      case TypeId::kNumber: {
        const Decimal& x = v.Data<Decimal>()[r];
        if (!st.has[g] || better(x, st.dbest[g])) st.dbest[g] = x;
        break;
      }
      case TypeId::kDouble: {
        double x = v.Data<double>()[r];
        if (!st.has[g] || better(x, st.fbest[g])) st.fbest[g] = x;
        break;
      }
      case TypeId::kVarchar:
      case TypeId::kChar: {
        std::string_view x = v.Data<StringRef>()[r].view();
        if (!st.has[g] || better(x, std::string_view(st.sbest[g]))) st.sbest[g].assign(x);
        break;
      }
      case TypeId::kBoolean: {
        int64_t x = v.Data<uint8_t>()[r];
        if (!st.has[g] || better(x, st.ibest[g])) st.ibest[g] = x;
        break;
      }
      default: {
        int64_t x = v.Data<int64_t>()[r];
        if (!st.has[g] || better(x, st.ibest[g])) st.ibest[g] = x;
        break;
      }
    }
    st.has[g] = 1;
  }
}

//! 10^38: coefficients stay below 38 digits (Decimal's own limit).
constexpr int128 kSumLimit = [] {
  int128 p = 1;
  for (int i = 0; i < Decimal::kMaxDigits; ++i) p *= 10;
  return p;
}();

//! acc += x. Same-scale adds that stay below 38 digits are exactly what operator+ returns,
//! without the call, the alignment and the canonicalisation (the sum is nonzero and in range).
inline void AddToSum(Decimal& acc, const Decimal& x) {
  int128 sum;
  if (acc.scale == x.scale && acc.scale >= 0 && acc.scale <= Decimal::kMaxDigits &&
      !__builtin_add_overflow(acc.coef, x.coef, &sum) && sum != 0 && sum < kSumLimit &&
      sum > -kSumLimit) {
    acc.coef = sum;
  } else {
    acc = acc + x;
  }
}

//! Groups few enough for SumFewGroups' per-batch arrays (Q1 has 4; a GROUP BY of a status
//! or a month has tens).
constexpr size_t kFewGroups = 256;

//! Adds a batch's partial sums and counts (two banks of `groups` each, as SumFewGroups and
//! SumFewGroupsNarrow fill them) to the exact accumulators, once per group.
template <typename Partial>
void FoldPartials(AggState& st, const Partial* part, const int64_t* part_n, int32_t scale) {
  const size_t groups = st.count.size();
  for (size_t g = 0; g < groups; g++) {
    const int64_t k = part_n[g] + part_n[groups + g];
    if (k == 0) continue;
    st.count[g] += k;
    int128 sum;
    if constexpr (std::is_same_v<Partial, uint64_t>) {  // 64-bit two's complement partials
      sum = int128{static_cast<int64_t>(part[g])} + static_cast<int64_t>(part[groups + g]);
    } else {
      sum = part[g] + part[groups + g];
    }
    if (sum != 0) AddToSum(st.dsum[g], Decimal{sum, scale});
  }
}

//! SumFewGroups' commonest batch: every active row valid, at `scale`, its coefficient within
//! +-2^52 (a NUMBER(15,2) column, or a product of two small ones) -- then a batch's partial
//! sums stay inside 64 bits (2,048 x 2^52 < 2^63) and a row costs a load, a test and two adds
//! instead of 128-bit masking (TPC-H Q1 adds seven such arguments a row). false (nothing
//! changed): some row is not like that.
bool SumFewGroupsNarrow(AggState& st, const Vector& v, const uint32_t* rows, size_t n,
                        const std::vector<uint32_t>& gids, int32_t scale) {
  const size_t groups = st.count.size();
  st.part64.assign(2 * groups, 0);
  st.part_n.assign(2 * groups, 0);
  const Decimal* data = v.Data<Decimal>();
  const uint8_t* valid = v.Validity();
  // Unsigned: a batch that turns out odd may have added anything (wrapping, never UB).
  uint64_t* part = st.part64.data();
  int64_t* part_n = st.part_n.data();
  constexpr unsigned __int128 kBias = static_cast<unsigned __int128>(1) << 52;
  uint64_t odd = 0;
  for (size_t i = 0; i < n; i++) {
    const uint32_t r = rows ? rows[i] : static_cast<uint32_t>(i);
    const Decimal& d = data[r];
    // Nonzero when the row is NULL, at another scale, or beyond +-2^52.
    odd |= static_cast<uint64_t>(valid[r] ^ 1) | static_cast<uint32_t>(d.scale ^ scale) |
           static_cast<uint64_t>((static_cast<unsigned __int128>(d.coef) + kBias) >> 53);
    const size_t slot = (i & 1) * groups + gids[i];
    part[slot] += static_cast<uint64_t>(d.coef);
    ++part_n[slot];
  }
  if (odd != 0) return false;
  FoldPartials(st, part, part_n, scale);
  return true;
}

//! SUM/AVG of a batch of NUMBERs at one scale into few groups: each row adds its coefficient
//! to a 128-bit partial sum of its group (no Decimal arithmetic, the scale hoisted), in two
//! banks by row parity so that consecutive rows of one group do not wait on each other's
//! store; the partials are then added to the exact accumulators once per group, which equals
//! adding row by row. Coefficients below 2^116 (any NUMBER of up to 34 digits) keep 2048
//! partials inside 128 bits. false (accumulators untouched): a valid row had another scale or
//! a wider coefficient; the caller adds the batch row by row.
bool SumFewGroups(AggState& st, const Vector& v, const DataChunk& input,
                  const std::vector<uint32_t>& gids) {
  const size_t groups = st.count.size(), n = input.Count();
  const uint32_t* rows = input.HasSelection() ? input.selection().data() : nullptr;
  const int32_t scale = FirstValidScale(v, rows, n);
  if (scale < 0 || scale > Decimal::kMaxDigits) return false;
  if (n <= kVectorSize && SumFewGroupsNarrow(st, v, rows, n, gids, scale)) return true;
  st.part.assign(2 * groups, 0);
  st.part_n.assign(2 * groups, 0);
  const Decimal* data = v.Data<Decimal>();
  const uint8_t* valid = v.Validity();
  int128* part = st.part.data();
  int64_t* part_n = st.part_n.data();
  uint64_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    const uint32_t r = rows ? rows[i] : static_cast<uint32_t>(i);
    const size_t slot = (i & 1) * groups + gids[i];
    const uint64_t keep = 0 - static_cast<uint64_t>(valid[r]);  // all ones when valid
    const Decimal& d = data[r];
    const auto top = static_cast<uint64_t>((d.coef >> 116) + 1);  // 0 or 1 when |coef| < 2^116
    const uint64_t odd = (top >> 1) | static_cast<uint32_t>(d.scale ^ scale);
    bad |= keep & odd;
    // Only valid rows of the batch's kind are added (a wider one could overflow the partial).
    const uint64_t add = keep & (0 - static_cast<uint64_t>(odd == 0));
    part[slot] += d.coef & static_cast<int128>(static_cast<int64_t>(add));
    part_n[slot] += valid[r];
  }
  if (bad != 0) return false;
  FoldPartials(st, part, part_n, scale);
  return true;
}

void UpdateSums(AggState& st, const Vector& v, const DataChunk& input,
                const std::vector<uint32_t>& gids) {
  bool squares = st.fn == Fn::kStddev || st.fn == Fn::kVariance;
  size_t n = input.Count();
  if (st.use_decimal && !squares && v.kind() == Vector::Kind::kFlat &&
      st.count.size() <= kFewGroups && SumFewGroups(st, v, input, gids))
    return;
  if (st.use_decimal && !squares && v.kind() == Vector::Kind::kFlat) {
    // SUM/AVG of a NUMBER column, the case of every analytic query (Q1 has seven): the loop
    // below with its per-row questions (constant vector? squares? decimal?) answered once.
    const Decimal* data = v.Data<Decimal>();
    const uint8_t* valid = v.Validity();
    for (size_t i = 0; i < n; i++) {
      const uint32_t r = input.RowIndex(i);
      if (!valid[r]) continue;
      const uint32_t g = gids[i];
      st.count[g]++;
      AddToSum(st.dsum[g], data[r]);
    }
    return;
  }
  for (size_t i = 0; i < n; i++) {
    size_t r = PhysRow(v, input.RowIndex(i));
    if (v.IsNull(r)) continue;
    uint32_t g = gids[i];
    st.count[g]++;
    if (st.use_decimal) {
      const Decimal& x = v.Data<Decimal>()[r];
      AddToSum(st.dsum[g], x);
      if (squares) st.dsq[g] = st.dsq[g] + x * x;
    } else {
      double x = v.Data<double>()[r];
      st.fsum[g] += x;
      if (squares) st.fsq[g] += x * x;
    }
  }
}

}  // namespace

void AggregateStates::Update(size_t agg, const Vector* args, const DataChunk& input,
                             const std::vector<uint32_t>& group_ids) {
  if (Shared(agg)) return;
  AggState& st = impl_->aggs[agg];
  size_t n = input.Count();
  if (st.fn == Fn::kCountStar) {
    for (size_t i = 0; i < n; i++) st.count[group_ids[i]]++;
    return;
  }
  const Vector& v = *args;
  if (st.arg_type == TypeId::kNull) return;  // a bare NULL argument never contributes
  if (st.seen) {
    // DISTINCT: only (group, value) pairs seen for the first time reach the accumulator.
    Vector gid_vec(LogicalType::Double());
    for (size_t i = 0; i < n; i++) gid_vec.Data<double>()[input.RowIndex(i)] = group_ids[i];
    SelectionVector sel;
    std::vector<uint32_t> fresh_gids;
    std::vector<uint32_t> ids;
    std::vector<uint8_t> is_new;
    st.seen->FindOrInsert({&gid_vec, &v}, input, ids, &is_new);
    for (size_t i = 0; i < n; i++) {
      size_t r = input.RowIndex(i);
      if (is_new[i] && !v.IsNull(r)) {
        sel.push_back(static_cast<uint32_t>(r));
        fresh_gids.push_back(group_ids[i]);
      }
    }
    // Reuse the input's physical positions through a selection-only view.
    DataChunk view;
    view.SetSize(input.size());
    view.SetSelection(std::move(sel));
    if (st.fn == Fn::kCount) {
      for (uint32_t g : fresh_gids) st.count[g]++;
    } else {
      UpdateSums(st, v, view, fresh_gids);
    }
    return;
  }
  if (st.fn == Fn::kCount) {
    for (size_t i = 0; i < n; i++)
      if (!v.IsNull(PhysRow(v, input.RowIndex(i)))) st.count[group_ids[i]]++;
  } else if (st.fn == Fn::kMin || st.fn == Fn::kMax) {
    UpdateMinMax(st, v, input, group_ids);
  } else {
    UpdateSums(st, v, input, group_ids);
  }
}

void AggregateStates::Merge(size_t agg, uint32_t g, uint64_t count, const Decimal* value) {
  if (Shared(agg)) return;
  AggState& st = impl_->aggs[agg];
  switch (st.fn) {
    case Fn::kCount:
    case Fn::kCountStar:
      st.count[g] += static_cast<int64_t>(count);
      return;
    case Fn::kSum:
    case Fn::kAvg:
      st.count[g] += static_cast<int64_t>(count);
      if (value) AddToSum(st.dsum[g], *value);
      return;
    case Fn::kMin:
    case Fn::kMax:
      if (value &&
          (!st.has[g] || (st.fn == Fn::kMax ? st.dbest[g] < *value : *value < st.dbest[g]))) {
        st.dbest[g] = *value;
        st.has[g] = 1;
      }
      return;
    default:
      ThrowOra(600, "internal error code, arguments: [AggregateStates::Merge]");
  }
}

namespace {

//! Writes a numeric result in the spec's result type.
void PutNumber(Vector& out, size_t row, const std::optional<Decimal>& d, std::optional<double> f) {
  if (out.type().id == TypeId::kDouble) {
    out.SetNull(row, false);
    out.Data<double>()[row] = f ? *f : d->ToDouble();
  } else if (out.type().id == TypeId::kNumber) {
    out.SetNull(row, false);
    out.Data<Decimal>()[row] = d ? *d : Decimal::FromDouble(*f);
  } else {
    out.SetValue(row, d ? Value::Number(*d) : Value::Double(*f));
  }
}

}  // namespace

void AggregateStates::Finalize(size_t agg, uint32_t g, Vector& out, size_t row) const {
  const AggState& st = impl_->aggs[impl_->source[agg]];
  const Fn fn = impl_->aggs[agg].fn;  // a shared state is finalised as this one's function
  switch (fn) {
    case Fn::kCount:
    case Fn::kCountStar:
      PutNumber(out, row, Decimal::FromInt(g < st.count.size() ? st.count[g] : 0), std::nullopt);
      return;
    case Fn::kMin:
    case Fn::kMax:
      if (g >= st.has.size() || !st.has[g]) {
        out.SetNull(row, true);
        return;
      }
      out.SetNull(row, false);
      switch (st.arg_type) {
        case TypeId::kNumber:
          PutNumber(out, row, st.dbest[g], std::nullopt);
          return;
        case TypeId::kDouble:
          PutNumber(out, row, std::nullopt, st.fbest[g]);
          return;
        case TypeId::kVarchar:
        case TypeId::kChar:
          out.Data<StringRef>()[row] = out.heap().Add(st.sbest[g]);
          return;
        case TypeId::kBoolean:
          out.Data<uint8_t>()[row] = static_cast<uint8_t>(st.ibest[g]);
          return;
        default:
          out.Data<int64_t>()[row] = st.ibest[g];
          return;
      }
    default:
      break;
  }
  int64_t n = g < st.count.size() ? st.count[g] : 0;
  if (n == 0) {
    out.SetNull(row, true);
    return;
  }
  bool squares = fn == Fn::kStddev || fn == Fn::kVariance;
  if (st.use_decimal) {
    const Decimal& sum = st.dsum[g];
    if (fn == Fn::kSum) return PutNumber(out, row, sum, std::nullopt);
    Decimal dn = Decimal::FromInt(n);
    if (fn == Fn::kAvg) {
      if (out.type().id == TypeId::kDouble)
        return PutNumber(out, row, std::nullopt, sum.ToDouble() / static_cast<double>(n));
      return PutNumber(out, row, sum / dn, std::nullopt);
    }
    if (squares) {
      Decimal var{};
      if (n > 1) {
        var = (st.dsq[g] - sum * sum / dn) / Decimal::FromInt(n - 1);
        if (var.coef < 0) var = Decimal{};
      }
      return PutNumber(out, row, fn == Fn::kVariance ? var : DecimalSqrt(var), std::nullopt);
    }
  } else {
    double sum = st.fsum[g];
    if (fn == Fn::kSum) return PutNumber(out, row, std::nullopt, sum);
    double dn = static_cast<double>(n);
    if (fn == Fn::kAvg) return PutNumber(out, row, std::nullopt, sum / dn);
    double var = n > 1 ? std::max(0.0, (st.fsq[g] - sum * sum / dn) / (dn - 1)) : 0.0;
    return PutNumber(out, row, std::nullopt, fn == Fn::kVariance ? var : std::sqrt(var));
  }
}

}  // namespace pathdb
