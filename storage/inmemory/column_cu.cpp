#include "storage/inmemory/column_cu.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

#include "common/error.h"
#include "storage/row_codec.h"

namespace pathdb::storage::im {

namespace {

// TUNING: a dictionary is tried up to this many distinct values (4-byte codes beyond 64K).
constexpr size_t kMaxDictionary = 1u << 20;

int WidthFor(uint64_t max_code) {
  if (max_code <= 0xff) return 1;
  if (max_code <= 0xffff) return 2;
  if (max_code <= 0xffffffffull) return 4;
  return 8;
}

void PutCode(std::vector<uint8_t>& codes, int width, size_t row, uint64_t code) {
  switch (width) {
    case 1:
      codes[row] = static_cast<uint8_t>(code);
      break;
    case 2: {
      auto c = static_cast<uint16_t>(code);
      std::memcpy(&codes[row * 2], &c, 2);
      break;
    }
    case 4: {
      auto c = static_cast<uint32_t>(code);
      std::memcpy(&codes[row * 4], &c, 4);
      break;
    }
    default:
      std::memcpy(&codes[row * 8], &code, 8);
  }
}

int128 Pow10(int n) {
  int128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

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
  if (c.type().id == TypeId::kDate || c.type().id == TypeId::kTimestamp) {
    d.floor = c.date();
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

//! Small open-addressing set of int64 for counting distinct values; gives up past `limit`.
class DistinctInts {
 public:
  explicit DistinctInts(size_t limit) : limit_(limit) {
    size_t cap = 1024;
    while (cap < limit * 2) cap *= 2;
    slots_.assign(cap, 0);
    used_.assign(cap, 0);
  }
  //! False once more than `limit` distinct values were seen.
  bool Add(int64_t v) {
    size_t mask = slots_.size() - 1;
    size_t h = static_cast<size_t>((static_cast<uint64_t>(v) * 0x9E3779B97F4A7C15ull) >> 20) & mask;
    while (used_[h]) {
      if (slots_[h] == v) return true;
      h = (h + 1) & mask;
    }
    if (values_.size() >= limit_) return false;
    used_[h] = 1;
    slots_[h] = v;
    values_.push_back(v);
    return true;
  }
  std::vector<int64_t>& values() { return values_; }

 private:
  size_t limit_;
  std::vector<int64_t> slots_;
  std::vector<uint8_t> used_;
  std::vector<int64_t> values_;
};

}  // namespace

std::string_view EncodingName(Encoding e) {
  switch (e) {
    case Encoding::kPlain:
      return "PLAIN";
    case Encoding::kDictionary:
      return "DICTIONARY";
    case Encoding::kFrameOfReference:
      return "FOR";
    case Encoding::kRunLength:
      return "RLE";
  }
  return "?";
}

void ColumnBuffer::AppendField(bool is_null, std::string_view bytes) {
  nulls_.push_back(is_null ? 1 : 0);
  switch (type_.id) {
    case TypeId::kNumber:
      num_.push_back(is_null ? Decimal{} : DecodeDecimal(bytes));
      break;
    case TypeId::kDate:
    case TypeId::kTimestamp:
      i64_.push_back(is_null ? 0 : ReadI64(bytes));
      break;
    case TypeId::kDouble:
      dbl_.push_back(is_null ? 0.0 : ReadF64(bytes));
      break;
    default:
      if (!is_null) str_.append(bytes);
      str_end_.push_back(static_cast<uint32_t>(str_.size()));
      break;
  }
}

ColumnCU ColumnCU::Build(ColumnBuffer&& buf, EncodingChoice choice) {
  ColumnCU cu;
  cu.type_ = buf.type_;
  cu.rows_ = static_cast<uint32_t>(buf.rows());
  for (uint8_t n : buf.nulls_) cu.null_count_ += n;
  if (cu.null_count_ > 0) cu.nulls_ = std::move(buf.nulls_);
  const uint32_t rows = cu.rows_;
  const bool all_null = cu.null_count_ == rows;

  // ---- the integer domain: NUMBERs scaled to a common scale when they fit, dates
  std::vector<int64_t> ints;
  if (buf.type_.id == TypeId::kDate || buf.type_.id == TypeId::kTimestamp) {
    ints = std::move(buf.i64_);
    cu.int_domain_ = true;
  } else if (buf.type_.id == TypeId::kNumber) {
    int32_t scale = 0;
    bool fits = true;
    for (uint32_t r = 0; r < rows; ++r) {
      if (!cu.IsNull(r)) scale = std::max(scale, buf.num_[r].scale);
    }
    fits = scale <= 18;
    if (fits) {
      ints.resize(rows, 0);
      const int128 lim = std::numeric_limits<int64_t>::max();
      for (uint32_t r = 0; r < rows && fits; ++r) {
        if (cu.IsNull(r)) continue;
        const Decimal& d = buf.num_[r];
        const int shift = scale - d.scale;
        if (d.coef > lim || d.coef < -lim) {
          fits = false;
          break;
        }
        const int128 v = d.coef * Pow10(shift);
        if (v > lim || v < -lim) fits = false;
        ints[r] = static_cast<int64_t>(v);
      }
    }
    if (fits) {
      cu.int_domain_ = true;
      cu.scale_ = scale;
    } else {
      ints.clear();
    }
  }

  if (cu.int_domain_) {
    int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
    uint32_t runs = 0;
    bool first = true;
    int64_t prev = 0;
    bool prev_null = false;
    for (uint32_t r = 0; r < rows; ++r) {
      const bool null = cu.IsNull(r);
      if (!null) {
        lo = std::min(lo, ints[r]);
        hi = std::max(hi, ints[r]);
      }
      if (first || null != prev_null || (!null && ints[r] != prev)) ++runs;
      first = false;
      prev = ints[r];
      prev_null = null;
    }
    if (all_null) lo = hi = 0;
    if (!all_null) {
      cu.min_ = cu.FromInt(lo);
      cu.max_ = cu.FromInt(hi);
    }
    const auto range = static_cast<uint64_t>(static_cast<int128>(hi) - lo);
    const int for_width = WidthFor(range);
    const size_t for_bytes = size_t{rows} * static_cast<size_t>(for_width);
    const size_t rle_bytes = size_t{runs} * 12;
    // A dictionary can only beat frame of reference when the range needs 2+ bytes.
    DistinctInts distinct(choice == EncodingChoice::kDictionary ? rows + 1 : 65536);
    bool dict_ok = false;
    size_t dict_bytes = SIZE_MAX;
    if (for_width > 1 || choice == EncodingChoice::kDictionary) {
      dict_ok = true;
      for (uint32_t r = 0; r < rows && dict_ok; ++r) {
        if (!cu.IsNull(r)) dict_ok = distinct.Add(ints[r]);
      }
      if (dict_ok) {
        const size_t ndv = std::max<size_t>(1, distinct.values().size());
        dict_bytes = size_t{rows} * static_cast<size_t>(WidthFor(ndv - 1)) + ndv * 8;
      }
    }
    Encoding enc = Encoding::kFrameOfReference;
    if (dict_ok && dict_bytes < for_bytes) enc = Encoding::kDictionary;
    if (rle_bytes < std::min(for_bytes, dict_bytes) / 2) enc = Encoding::kRunLength;
    switch (choice) {
      case EncodingChoice::kPlain:
        enc = Encoding::kPlain;
        break;
      case EncodingChoice::kDictionary:
        enc = Encoding::kDictionary;
        break;
      case EncodingChoice::kFrameOfReference:
        enc = Encoding::kFrameOfReference;
        break;
      case EncodingChoice::kRunLength:
        enc = Encoding::kRunLength;
        break;
      case EncodingChoice::kAuto:
        break;
    }
    cu.enc_ = enc;
    switch (enc) {
      case Encoding::kFrameOfReference:
        cu.base_ = lo;
        cu.width_ = for_width;
        cu.codes_.assign(size_t{rows} * static_cast<size_t>(for_width), 0);
        for (uint32_t r = 0; r < rows; ++r) {
          if (!cu.IsNull(r)) {
            PutCode(cu.codes_, for_width, r,
                    static_cast<uint64_t>(ints[r]) - static_cast<uint64_t>(lo));
          }
        }
        break;
      case Encoding::kDictionary: {
        cu.dict_i64_ = std::move(distinct.values());
        std::sort(cu.dict_i64_.begin(), cu.dict_i64_.end());
        const size_t ndv = std::max<size_t>(1, cu.dict_i64_.size());
        cu.width_ = WidthFor(ndv - 1);
        cu.codes_.assign(size_t{rows} * static_cast<size_t>(cu.width_), 0);
        for (uint32_t r = 0; r < rows; ++r) {
          if (cu.IsNull(r)) continue;
          auto it = std::lower_bound(cu.dict_i64_.begin(), cu.dict_i64_.end(), ints[r]);
          PutCode(cu.codes_, cu.width_, r, static_cast<uint64_t>(it - cu.dict_i64_.begin()));
        }
        break;
      }
      case Encoding::kRunLength:
        for (uint32_t r = 0; r < rows; ++r) {
          // NULL rows are a run of their own (value 0, NULL bitmap tells them apart).
          const bool null = cu.IsNull(r);
          const bool same = r > 0 && null == cu.IsNull(r - 1) && (null || ints[r] == ints[r - 1]);
          if (same) {
            cu.run_ends_.back() = r + 1;
          } else {
            cu.run_values_.push_back(null ? 0 : ints[r]);
            cu.run_ends_.push_back(r + 1);
          }
        }
        break;
      case Encoding::kPlain:
        cu.plain_i64_ = std::move(ints);
        break;
    }
    return cu;
  }

  // ---- strings: a sorted dictionary when the distinct values repeat, else plain
  if (buf.type_.IsString()) {
    auto at = [&](uint32_t r) {
      const uint32_t b = r == 0 ? 0 : buf.str_end_[r - 1];
      return std::string_view(buf.str_).substr(b, buf.str_end_[r] - b);
    };
    std::unordered_map<std::string_view, uint32_t> distinct;
    size_t distinct_bytes = 0;
    bool dict_ok = choice != EncodingChoice::kPlain;
    const size_t limit = choice == EncodingChoice::kDictionary
                             ? rows + 1
                             : std::min<size_t>(kMaxDictionary, rows / 2 + 1);
    for (uint32_t r = 0; r < rows && dict_ok; ++r) {
      if (cu.IsNull(r)) continue;
      auto [it, added] = distinct.emplace(at(r), 0);
      if (added) distinct_bytes += it->first.size() + 8;
      if (distinct.size() > limit) dict_ok = false;
    }
    const size_t ndv = std::max<size_t>(1, distinct.size());
    const size_t dict_size = size_t{rows} * static_cast<size_t>(WidthFor(ndv - 1)) + distinct_bytes;
    const size_t plain_size = buf.str_.size() + size_t{rows} * 4;
    if (dict_ok && (dict_size < plain_size || choice == EncodingChoice::kDictionary)) {
      cu.enc_ = Encoding::kDictionary;
      cu.dict_str_.reserve(distinct.size());
      for (const auto& [s, code] : distinct) cu.dict_str_.emplace_back(s);
      std::sort(cu.dict_str_.begin(), cu.dict_str_.end());
      for (size_t i = 0; i < cu.dict_str_.size(); ++i)
        distinct[cu.dict_str_[i]] = static_cast<uint32_t>(i);
      cu.width_ = WidthFor(ndv - 1);
      cu.codes_.assign(size_t{rows} * static_cast<size_t>(cu.width_), 0);
      for (uint32_t r = 0; r < rows; ++r) {
        if (!cu.IsNull(r)) PutCode(cu.codes_, cu.width_, r, distinct[at(r)]);
      }
      if (!cu.dict_str_.empty()) {
        cu.min_ = Value::Varchar(cu.dict_str_.front(), cu.type_);
        cu.max_ = Value::Varchar(cu.dict_str_.back(), cu.type_);
      }
      return cu;
    }
    cu.enc_ = Encoding::kPlain;
    std::string_view lo, hi;
    bool any = false;
    for (uint32_t r = 0; r < rows; ++r) {
      if (cu.IsNull(r)) continue;
      std::string_view s = at(r);
      if (!any || s < lo) lo = s;
      if (!any || s > hi) hi = s;
      any = true;
    }
    if (any) {
      cu.min_ = Value::Varchar(std::string(lo), cu.type_);
      cu.max_ = Value::Varchar(std::string(hi), cu.type_);
    }
    cu.plain_str_ = std::move(buf.str_);
    cu.plain_str_end_ = std::move(buf.str_end_);
    return cu;
  }

  // ---- the rest plain: BINARY_DOUBLE, NUMBERs too wide for 64 bits
  cu.enc_ = Encoding::kPlain;
  if (buf.type_.id == TypeId::kDouble) {
    cu.plain_dbl_ = std::move(buf.dbl_);
  } else {
    cu.plain_num_ = std::move(buf.num_);
  }
  for (uint32_t r = 0; r < rows; ++r) {
    if (cu.IsNull(r)) continue;
    Value v = cu.GetValue(r);
    if (!cu.min_ || v.Compare(*cu.min_) < 0) cu.min_ = v;
    if (!cu.max_ || v.Compare(*cu.max_) > 0) cu.max_ = v;
  }
  return cu;
}

size_t ColumnCU::bytes() const {
  size_t b = sizeof(ColumnCU) + nulls_.size() + codes_.size() + dict_i64_.size() * 8 +
             run_values_.size() * 8 + run_ends_.size() * 4 + plain_num_.size() * sizeof(Decimal) +
             plain_i64_.size() * 8 + plain_dbl_.size() * 8 + plain_str_.size() +
             plain_str_end_.size() * 4;
  for (const auto& s : dict_str_) b += s.size() + 8;
  return b;
}

Value ColumnCU::FromInt(int64_t v) const {
  if (type_.id == TypeId::kDate) return Value::Date(v);
  if (type_.id == TypeId::kTimestamp) return Value::Timestamp(v);
  return Value::Number(Decimal{v, scale_}, type_);
}

int64_t ColumnCU::CodeAt(uint32_t row) const {
  switch (width_) {
    case 1:
      return codes_[row];
    case 2: {
      uint16_t c;
      std::memcpy(&c, &codes_[size_t{row} * 2], 2);
      return c;
    }
    case 4: {
      uint32_t c;
      std::memcpy(&c, &codes_[size_t{row} * 4], 4);
      return c;
    }
    default: {
      int64_t c;
      std::memcpy(&c, &codes_[size_t{row} * 8], 8);
      return c;
    }
  }
}

int64_t ColumnCU::IntValueAt(uint32_t row) const {
  switch (enc_) {
    case Encoding::kFrameOfReference:
      return static_cast<int64_t>(static_cast<uint64_t>(base_) +
                                  static_cast<uint64_t>(CodeAt(row)));
    case Encoding::kDictionary:
      return dict_i64_[static_cast<size_t>(CodeAt(row))];
    case Encoding::kRunLength: {
      auto it = std::upper_bound(run_ends_.begin(), run_ends_.end(), row);
      return run_values_[static_cast<size_t>(it - run_ends_.begin())];
    }
    case Encoding::kPlain:
      return plain_i64_[row];
  }
  return 0;
}

Value ColumnCU::GetValue(uint32_t row) const {
  if (IsNull(row)) return Value::Null(type_);
  if (int_domain_) return FromInt(IntValueAt(row));
  if (type_.IsString()) {
    if (enc_ == Encoding::kDictionary) {
      return Value::Varchar(dict_str_[static_cast<size_t>(CodeAt(row))], type_);
    }
    const uint32_t b = row == 0 ? 0 : plain_str_end_[row - 1];
    return Value::Varchar(plain_str_.substr(b, plain_str_end_[row] - b), type_);
  }
  if (type_.id == TypeId::kDouble) return Value::Double(plain_dbl_[row]);
  return Value::Number(plain_num_[row], type_);
}

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
  const bool coded = enc_ == Encoding::kFrameOfReference || enc_ == Encoding::kDictionary;
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
    if (enc_ == Encoding::kFrameOfReference) {
      return {(d.exact ? d.floor : d.floor + 1) - base_, d.floor + 1 - base_};
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
    n = static_cast<int128>(max_ ? ToDomain(*max_, scale_).floor : base_) - base_ + 1;
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

void ColumnCU::Filter(const CodeTest& t, uint32_t begin, size_t n, uint8_t* mask, Simd simd,
                      bool first) const {
  using K = CodeTest::Kind;
  if (first && t.kind != K::kRange) std::memset(mask, 1, n);
  const uint8_t* nulls = null_count_ > 0 ? nulls_.data() + begin : nullptr;
  const uint8_t* codes = codes_.data() + size_t{begin} * static_cast<size_t>(width_);
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

template <typename C>
void DecodeFor(const uint8_t* codes, const uint32_t* rows, size_t n, int64_t base, int32_t scale,
               TypeId type, Vector& out, size_t at) {
  const C* c = reinterpret_cast<const C*>(codes);
  if (type == TypeId::kNumber) {
    Decimal* d = out.Data<Decimal>() + at;
    for (size_t i = 0; i < n; ++i) {
      d[i].coef = static_cast<int64_t>(static_cast<uint64_t>(base) + c[rows[i]]);
      d[i].scale = scale;
    }
  } else {
    int64_t* d = out.Data<int64_t>() + at;
    for (size_t i = 0; i < n; ++i) {
      d[i] = static_cast<int64_t>(static_cast<uint64_t>(base) + c[rows[i]]);
    }
  }
}

}  // namespace

void ColumnCU::Decode(const uint32_t* rows, size_t n, Vector& out, size_t at) const {
  uint8_t* valid = out.Validity() + at;
  if (null_count_ == 0) {
    std::memset(valid, 1, n);
  } else {
    for (size_t i = 0; i < n; ++i) valid[i] = static_cast<uint8_t>(nulls_[rows[i]] == 0);
  }
  if (int_domain_ && enc_ == Encoding::kFrameOfReference) {
    switch (width_) {
      case 1:
        DecodeFor<uint8_t>(codes_.data(), rows, n, base_, scale_, type_.id, out, at);
        return;
      case 2:
        DecodeFor<uint16_t>(codes_.data(), rows, n, base_, scale_, type_.id, out, at);
        return;
      case 4:
        DecodeFor<uint32_t>(codes_.data(), rows, n, base_, scale_, type_.id, out, at);
        return;
      default:
        DecodeFor<uint64_t>(codes_.data(), rows, n, base_, scale_, type_.id, out, at);
        return;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const uint32_t r = rows[i];
    if (!valid[i]) continue;
    if (int_domain_) {
      const int64_t v = IntValueAt(r);
      if (type_.id == TypeId::kNumber) {
        out.Data<Decimal>()[at + i] = Decimal{v, scale_};
      } else {
        out.Data<int64_t>()[at + i] = v;
      }
    } else if (type_.IsString()) {
      std::string_view s;
      if (enc_ == Encoding::kDictionary) {
        s = dict_str_[static_cast<size_t>(CodeAt(r))];
      } else {
        const uint32_t b = r == 0 ? 0 : plain_str_end_[r - 1];
        s = std::string_view(plain_str_).substr(b, plain_str_end_[r] - b);
      }
      out.Data<StringRef>()[at + i] = out.heap().Add(s);
    } else if (type_.id == TypeId::kDouble) {
      out.Data<double>()[at + i] = plain_dbl_[r];
    } else {
      out.Data<Decimal>()[at + i] = plain_num_[r];
    }
  }
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
                         BatchAggregate& out) const {
  const uint8_t* nulls = null_count_ > 0 ? nulls_.data() + begin : nullptr;
  const bool number = type_.id == TypeId::kNumber;
  if (int_domain_ && enc_ == Encoding::kFrameOfReference && width_ <= 4) {
    uint64_t count = 0, codes = 0, lo = UINT64_MAX, hi = 0;
    const uint8_t* c = codes_.data() + size_t{begin} * static_cast<size_t>(width_);
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
      const int128 total = static_cast<int128>(base_) * static_cast<int128>(count) + codes;
      out.sum = out.has_sum ? out.sum + Decimal{total, scale_} : Decimal{total, scale_};
      out.has_sum = true;
    }
    if (minmax) {
      Merge(out, FromInt(static_cast<int64_t>(static_cast<uint64_t>(base_) + lo)),
            FromInt(static_cast<int64_t>(static_cast<uint64_t>(base_) + hi)));
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
