// ColumnCU evaluation: predicates compiled to code tests and run on the codes, IMCU pruning
// by min/max, aggregates on the codes. Decoding rows and their key hashes are in
// column_cu_decode.cpp, building and encoding a CU in column_cu.cpp.
#include <algorithm>
#include <cstring>
#include <limits>

#include "storage/inmemory/column_cu.h"

namespace pathdb::storage::im {

namespace {

// Bound beyond every int64, so comparisons in int128 stay exact.
constexpr int128 kFar = int128{1} << 100;

//! A constant in the integer domain: floor(c x 10^scale) and whether that is exact. Values
//! far outside int64 are clamped to +-kFar (still beyond every value of the domain).
struct DomainValue {
  int128 floor = 0;
  bool exact = true;
};

DomainValue ToDomain(const Value& c, int32_t scale) {
  DomainValue d;
  if (c.type().IsDatetime() || c.type().IsInterval()) {
    d.floor = c.type().IsInterval() ? c.interval() : c.date();
    return d;
  }
  const Decimal& x = c.number();
  if (x.scale <= scale) {
    const int shift = scale - x.scale;
    const int128 lim = kFar / Pow10(std::min(shift, 30));
    if (shift > 30 || x.coef > lim || x.coef < -lim) {
      d.floor = x.coef > 0 ? kFar : -kFar;
      return d;
    }
    d.floor = x.coef * Pow10(shift);
    return d;
  }
  const int shift = x.scale - scale;
  if (shift > 38) {
    d.floor = x.coef < 0 ? -1 : 0;
    d.exact = x.coef == 0;
    return d;
  }
  const int128 p = Pow10(shift);
  int128 q = x.coef / p, r = x.coef % p;
  if (r != 0 && x.coef < 0) --q;  // floor, not truncation
  d.floor = q;
  d.exact = r == 0;
  return d;
}

//! floor(a / b) and ceil(a / b) for b > 0.
int128 FloorDiv(int128 a, int128 b) {
  int128 q = a / b;
  if (a % b != 0 && a < 0) --q;
  return q;
}
int128 CeilDiv(int128 a, int128 b) {
  return -FloorDiv(-a, b);
}

int ThreeWay128(int128 v, const DomainValue& c) {
  if (v < c.floor) return -1;
  if (v > c.floor) return 1;
  return c.exact ? 0 : -1;  // c lies strictly between floor and floor + 1
}

//! A run of codes [lo, hi) as a test.
CodeTest RangeTest(int128 lo, int128 hi, int128 n) {
  lo = std::clamp<int128>(lo, 0, n);
  hi = std::clamp<int128>(hi, 0, n);
  CodeTest t;
  if (lo >= hi) {
    t.kind = CodeTest::Kind::kNone;
  } else if (lo == 0 && hi == n) {
    t.kind = CodeTest::Kind::kAll;
  } else {
    t.kind = CodeTest::Kind::kRange;
    t.lo = static_cast<uint64_t>(lo);
    t.hi = static_cast<uint64_t>(hi - 1);
  }
  return t;
}

}  // namespace

int ColumnCU::CompareRow(uint32_t row, const Value& c) const {
  if (int_domain_) return ThreeWay128(IntValueAt(row), ToDomain(c, scale_));
  if (type_.IsString()) {
    std::string_view s;
    if (enc_ == Encoding::kDictionary) {
      s = dict_str_[static_cast<size_t>(CodeAt(row))];
    } else {
      const uint32_t b = row == 0 ? 0 : plain_str_end_[row - 1];
      s = std::string_view(plain_str_).substr(b, plain_str_end_[row] - b);
    }
    const int c3 = s.compare(c.str());
    return (c3 > 0) - (c3 < 0);
  }
  if (type_.id == TypeId::kNumber) {
    auto o = plain_num_[row] <=> c.number();
    return (o > 0) - (o < 0);
  }
  return GetValue(row).Compare(c);
}

bool ColumnCU::RowPasses(uint32_t row, const ScanPredicate& p) const {
  using K = ScanPredicate::Kind;
  switch (p.kind) {
    case K::kIsNull:
      return IsNull(row);
    case K::kIsNotNull:
      return !IsNull(row);
    case K::kCompare:
      return !IsNull(row) && Holds(p.op, CompareRow(row, p.values[0]));
    case K::kInList:
      if (IsNull(row)) return false;
      for (const Value& v : p.values) {
        if (CompareRow(row, v) == 0) return true;
      }
      return false;
  }
  return false;
}

bool ColumnCU::MayMatch(const ScanPredicate& p) const {
  using K = ScanPredicate::Kind;
  if (p.kind == K::kIsNull) return null_count_ > 0;
  if (p.kind == K::kIsNotNull) return null_count_ < rows_;
  if (!min_) return false;
  auto in_range = [&](const Value& c) { return min_->Compare(c) <= 0 && max_->Compare(c) >= 0; };
  if (p.kind == K::kInList) {
    return std::any_of(p.values.begin(), p.values.end(), in_range);
  }
  const Value& c = p.values[0];
  switch (p.op) {
    case CompareOp::kEq:
      return in_range(c);
    case CompareOp::kNe:
      return !(min_->Compare(c) == 0 && max_->Compare(c) == 0);
    case CompareOp::kLt:
      return min_->Compare(c) < 0;
    case CompareOp::kLe:
      return min_->Compare(c) <= 0;
    case CompareOp::kGt:
      return max_->Compare(c) > 0;
    case CompareOp::kGe:
      return max_->Compare(c) >= 0;
  }
  return true;
}

bool ColumnCU::Overlaps(const Value& lo, const Value& hi) const {
  if (!min_) return false;
  return max_->Compare(lo) >= 0 && min_->Compare(hi) <= 0;
}

CodeTest ColumnCU::Compile(const ScanPredicate& p) const {
  using K = ScanPredicate::Kind;
  CodeTest t;
  t.predicate = &p;
  if (p.kind == K::kIsNull) {
    t.kind = null_count_ > 0 ? CodeTest::Kind::kIsNull : CodeTest::Kind::kNone;
    return t;
  }
  if (p.kind == K::kIsNotNull) {
    t.kind = null_count_ > 0 ? CodeTest::Kind::kIsNotNull : CodeTest::Kind::kAll;
    return t;
  }
  if (!min_) {
    t.kind = CodeTest::Kind::kNone;
    return t;
  }
  // A sequence's codes are its rows.
  const bool coded = enc_ == Encoding::kFrameOfReference || enc_ == Encoding::kDictionary ||
                     enc_ == Encoding::kSequence;
  if (!coded || (!int_domain_ && !type_.IsString())) {
    t.kind = CodeTest::Kind::kRows;
    return t;
  }
  // The codes are ordered like the values: [lb, ub) are the codes equal to the constant,
  // lb the first code >= it, ub the first code > it.
  int128 n = 0;
  auto bounds = [&](const Value& c) -> std::pair<int128, int128> {
    if (type_.IsString()) {
      auto lb = std::lower_bound(dict_str_.begin(), dict_str_.end(), c.str());
      auto ub = std::upper_bound(dict_str_.begin(), dict_str_.end(), c.str());
      return {lb - dict_str_.begin(), ub - dict_str_.begin()};
    }
    const DomainValue d = ToDomain(c, scale_);
    if (enc_ != Encoding::kDictionary) {  // value = base_ + code x unit_
      const int128 off = d.floor - base_;
      const int128 above = FloorDiv(off, unit_) + 1;  // first code whose value > floor
      return {d.exact ? CeilDiv(off, unit_) : above, above};
    }
    const int128 f = d.floor;
    auto first_above = [&](int128 v) -> int128 {  // first code whose value > v
      if (v >= std::numeric_limits<int64_t>::max()) return n;
      if (v < std::numeric_limits<int64_t>::min()) return 0;
      return std::upper_bound(dict_i64_.begin(), dict_i64_.end(), static_cast<int64_t>(v)) -
             dict_i64_.begin();
    };
    auto first_at_least = [&](int128 v) -> int128 {
      if (v > std::numeric_limits<int64_t>::max()) return n;
      if (v <= std::numeric_limits<int64_t>::min()) return 0;
      return std::lower_bound(dict_i64_.begin(), dict_i64_.end(), static_cast<int64_t>(v)) -
             dict_i64_.begin();
    };
    return {d.exact ? first_at_least(f) : first_above(f), first_above(f)};
  };
  if (enc_ == Encoding::kFrameOfReference) {
    n = (static_cast<int128>(max_ ? ToDomain(*max_, scale_).floor : base_) - base_) / unit_ + 1;
  } else if (enc_ == Encoding::kSequence) {
    n = rows_;
  } else {
    n = type_.IsString() ? static_cast<int128>(dict_str_.size())
                         : static_cast<int128>(dict_i64_.size());
  }
  if (p.kind == K::kInList) {
    for (const Value& v : p.values) {
      auto [lb, ub] = bounds(v);
      lb = std::clamp<int128>(lb, 0, n);
      ub = std::clamp<int128>(ub, 0, n);
      if (lb < ub) t.set.push_back(static_cast<uint64_t>(lb));
    }
    std::sort(t.set.begin(), t.set.end());
    t.set.erase(std::unique(t.set.begin(), t.set.end()), t.set.end());
    if (t.set.empty()) {
      t.kind = CodeTest::Kind::kNone;
    } else if (t.set.size() == 1) {
      t.kind = CodeTest::Kind::kRange;
      t.lo = t.hi = t.set[0];
    } else {
      t.kind = CodeTest::Kind::kSet;
    }
    return t;
  }
  auto [lb, ub] = bounds(p.values[0]);
  switch (p.op) {
    case CompareOp::kEq:
      return RangeTest(lb, ub, n);
    case CompareOp::kNe: {
      lb = std::clamp<int128>(lb, 0, n);
      ub = std::clamp<int128>(ub, 0, n);
      if (lb >= ub) {
        t.kind = CodeTest::Kind::kAll;
      } else {
        t.kind = CodeTest::Kind::kNotEqual;
        t.lo = static_cast<uint64_t>(lb);
      }
      return t;
    }
    case CompareOp::kLt:
      return RangeTest(0, lb, n);
    case CompareOp::kLe:
      return RangeTest(0, ub, n);
    case CompareOp::kGt:
      return RangeTest(ub, n, n);
    case CompareOp::kGe:
      return RangeTest(lb, n, n);
  }
  return t;
}

namespace {

//! A sequence's test on its rows (the codes): rows begin + i, i < n.
void FilterRows(const CodeTest& t, uint32_t begin, size_t n, uint8_t* mask, uint8_t* scratch,
                bool first) {
  using K = CodeTest::Kind;
  const uint64_t end = uint64_t{begin} + n;
  switch (t.kind) {
    case K::kRange: {
      const uint64_t a = std::clamp<uint64_t>(t.lo, begin, end) - begin;
      const uint64_t b = std::clamp<uint64_t>(t.hi + 1, begin, end) - begin;
      if (first) {
        std::memset(mask, 0, n);
        if (a < b) std::memset(mask + a, 1, b - a);
        return;
      }
      if (a >= b) {
        std::memset(mask, 0, n);
        return;
      }
      std::memset(mask, 0, a);
      std::memset(mask + b, 0, n - b);
      return;
    }
    case K::kNotEqual:
      if (t.lo >= begin && t.lo < end) mask[t.lo - begin] = 0;
      return;
    default: {  // kSet
      std::memset(scratch, 0, n);
      for (uint64_t row : t.set) {
        if (row >= begin && row < end) scratch[row - begin] = 1;
      }
      for (size_t i = 0; i < n; ++i) mask[i] &= scratch[i];
      return;
    }
  }
}

}  // namespace

void ColumnCU::Filter(const CodeTest& t, uint32_t begin, size_t n, uint8_t* mask, Simd simd,
                      uint8_t* scratch, bool first) const {
  using K = CodeTest::Kind;
  if (first && t.kind != K::kRange) std::memset(mask, 1, n);
  const uint8_t* nulls = null_count_ > 0 ? nulls_.data() + begin : nullptr;
  const bool on_codes = t.kind == K::kRange || t.kind == K::kNotEqual || t.kind == K::kSet;
  if (on_codes && enc_ == Encoding::kSequence) {  // no NULLs
    FilterRows(t, begin, n, mask, scratch, first);
    return;
  }
  const uint8_t* codes = on_codes ? Codes(begin, n, scratch) : nullptr;
  switch (t.kind) {
    case K::kNone:
      std::memset(mask, 0, n);
      return;
    case K::kAll:
      break;
    case K::kRange:
      AndRange(codes, width_, n, t.lo, t.hi, mask, simd, first);
      break;
    case K::kNotEqual:
      AndNotEqual(codes, width_, n, t.lo, mask, simd);
      break;
    case K::kSet:
      AndInSet(codes, width_, n, t.set.data(), t.set.size(), mask);
      break;
    case K::kIsNull:
      if (nulls) AndNull(nulls, n, mask);
      return;
    case K::kIsNotNull:
      break;
    case K::kRows:
      if (enc_ == Encoding::kRunLength) {
        // One test per run.
        size_t run = static_cast<size_t>(
            std::upper_bound(run_ends_.begin(), run_ends_.end(), begin) - run_ends_.begin());
        uint32_t row = begin;
        const uint32_t end = begin + static_cast<uint32_t>(n);
        for (; row < end && run < run_ends_.size(); ++run) {
          const uint32_t stop = std::min(end, run_ends_[run]);
          if (!RowPasses(row, *t.predicate)) std::memset(mask + (row - begin), 0, stop - row);
          row = stop;
        }
        return;
      }
      for (size_t i = 0; i < n; ++i) {
        if (mask[i] && !RowPasses(begin + static_cast<uint32_t>(i), *t.predicate)) mask[i] = 0;
      }
      return;
  }
  if (nulls) AndNotNull(nulls, n, mask);
}

namespace {

//! Frame of reference, the common case of SUM/COUNT/MIN/MAX: branch-free over the codes (the
//! sum of at most 2048 codes of up to 32 bits fits 64 bits).
template <typename C>
void ForAggregate(const C* c, const uint8_t* nulls, const uint8_t* mask, size_t n, bool minmax,
                  uint64_t& count, uint64_t& sum, uint64_t& lo, uint64_t& hi) {
  for (size_t i = 0; i < n; ++i) {
    const uint64_t m = nulls ? (mask[i] & static_cast<uint8_t>(nulls[i] == 0)) : mask[i];
    count += m;
    sum += c[i] & (0 - m);
  }
  if (!minmax) return;
  for (size_t i = 0; i < n; ++i) {
    if (mask[i] && (!nulls || !nulls[i])) {
      lo = std::min<uint64_t>(lo, c[i]);
      hi = std::max<uint64_t>(hi, c[i]);
    }
  }
}

void Merge(ColumnCU::BatchAggregate& out, const Value& lo, const Value& hi) {
  if (!out.min || lo.Compare(*out.min) < 0) out.min = lo;
  if (!out.max || hi.Compare(*out.max) > 0) out.max = hi;
}

}  // namespace

void ColumnCU::Aggregate(const uint8_t* mask, uint32_t begin, size_t n, bool sum, bool minmax,
                         uint8_t* scratch, BatchAggregate& out) const {
  const uint8_t* nulls = null_count_ > 0 ? nulls_.data() + begin : nullptr;
  const bool number = type_.id == TypeId::kNumber;
  if (int_domain_ && enc_ == Encoding::kFrameOfReference && width_ <= 4) {
    uint64_t count = 0, codes = 0, lo = UINT64_MAX, hi = 0;
    const uint8_t* c = Codes(begin, n, scratch);
    switch (width_) {
      case 1:
        ForAggregate(c, nulls, mask, n, minmax, count, codes, lo, hi);
        break;
      case 2:
        ForAggregate(reinterpret_cast<const uint16_t*>(c), nulls, mask, n, minmax, count, codes, lo,
                     hi);
        break;
      default:
        ForAggregate(reinterpret_cast<const uint32_t*>(c), nulls, mask, n, minmax, count, codes, lo,
                     hi);
        break;
    }
    out.count += count;
    if (count == 0) return;
    if (sum && number) {
      const int128 total = static_cast<int128>(base_) * static_cast<int128>(count) +
                           static_cast<int128>(codes) * unit_;
      out.sum = out.has_sum ? out.sum + Decimal{total, scale_} : Decimal{total, scale_};
      out.has_sum = true;
    }
    if (minmax) {
      const auto b = static_cast<uint64_t>(base_), u = static_cast<uint64_t>(unit_);
      Merge(out, FromInt(static_cast<int64_t>(b + lo * u)),
            FromInt(static_cast<int64_t>(b + hi * u)));
    }
    return;
  }
  // Every other encoding: row by row on the values.
  uint64_t count = 0;
  int128 isum = 0;
  Decimal dsum{};
  int64_t ilo = std::numeric_limits<int64_t>::max(), ihi = std::numeric_limits<int64_t>::min();
  std::optional<Value> vlo, vhi;
  for (size_t i = 0; i < n; ++i) {
    const auto row = begin + static_cast<uint32_t>(i);
    if (!mask[i] || IsNull(row)) continue;
    ++count;
    if (int_domain_) {
      const int64_t v = IntValueAt(row);
      isum += v;
      ilo = std::min(ilo, v);
      ihi = std::max(ihi, v);
      continue;
    }
    if (sum && number) dsum = dsum + plain_num_[row];
    if (minmax) {
      if (!vlo || CompareRow(row, *vlo) < 0) vlo = GetValue(row);
      if (!vhi || CompareRow(row, *vhi) > 0) vhi = GetValue(row);
    }
  }
  out.count += count;
  if (count == 0) return;
  if (sum && number) {
    const Decimal part = int_domain_ ? Decimal{isum, scale_} : dsum;
    out.sum = out.has_sum ? out.sum + part : part;
    out.has_sum = true;
  }
  if (minmax) {
    if (int_domain_) {
      Merge(out, FromInt(ilo), FromInt(ihi));
    } else {
      Merge(out, *vlo, *vhi);
    }
  }
}

}  // namespace pathdb::storage::im
