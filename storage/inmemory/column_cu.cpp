#include "storage/inmemory/column_cu.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "common/error.h"
#include "storage/inmemory/bit_pack.h"
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

//! Exact division by a constant without a divide instruction (one divide a row was most of
//! encoding a TIMESTAMP column): for d = odd x 2^shift, x is a multiple of d when its low
//! `shift` bits are 0 and (x >> shift) x odd^-1 (mod 2^64) <= (2^64 - 1) / odd, and then that
//! product is x / d.
struct ExactDivisor {
  explicit ExactDivisor(uint64_t d) : shift(__builtin_ctzll(d)) {
    const uint64_t odd = d >> shift;
    inv = odd;  // right in the low 3 bits; each Newton step doubles them
    for (int i = 0; i < 5; ++i) inv *= 2 - odd * inv;
    limit = UINT64_MAX / odd;
  }
  bool Divides(uint64_t x) const {
    return (x & ((uint64_t{1} << shift) - 1)) == 0 && (x >> shift) * inv <= limit;
  }
  uint64_t Quotient(uint64_t x) const { return (x >> shift) * inv; }  //!< REQUIRES: Divides(x)

  int shift;
  uint64_t inv = 0, limit = 0;
};

//! Bytes of `rows` codes up to max_code, whole bytes or bit-packed.
size_t CodeBytes(uint32_t rows, uint64_t max_code, bool bit_pack) {
  const int bits = BitsFor(max_code);
  if (bit_pack && bits <= kMaxPackedBits) return (size_t{rows} * static_cast<size_t>(bits) + 7) / 8;
  return size_t{rows} * static_cast<size_t>(WidthFor(max_code));
}

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
    case Encoding::kSequence:
      return "SEQUENCE";
  }
  return "?";
}

void ColumnBuffer::Reserve(size_t n) {
  nulls_.reserve(n);
  switch (type_.id) {
    case TypeId::kNumber:
      i64_.reserve(n);
      num_scale_.reserve(n);
      break;
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      i64_.reserve(n);
      break;
    case TypeId::kDouble:
      dbl_.reserve(n);
      break;
    default:
      str_end_.reserve(n);
      break;
  }
}

void ColumnBuffer::Widen() {
  if (wide_ || type_.id != TypeId::kNumber) return;
  wide_ = true;
  num_.reserve(i64_.size() + 1);
  for (size_t i = 0; i < i64_.size(); ++i) num_.push_back(Decimal{i64_[i], num_scale_[i]});
  i64_ = {};
  num_scale_ = {};
}

void ColumnBuffer::AppendWide(const Decimal& d) {
  Widen();
  num_.push_back(d);
}

void ColumnCU::InitCodes(uint64_t max_code, bool bit_pack) {
  max_code_ = max_code;
  packed_ = bit_pack && BitsFor(max_code) <= kMaxPackedBits;
  if (packed_) {
    bits_ = BitsFor(max_code);
    width_ = LaneWidth(bits_);
    codes_ = PackedArray(rows_, bits_);
  } else {
    width_ = WidthFor(max_code);
    codes_.assign(size_t{rows_} * static_cast<size_t>(width_), 0);
  }
}

template <typename F>
void ColumnCU::FillCodes(F code_of) {
  auto fill = [&](auto* c) {
    for (uint32_t r = 0; r < rows_; ++r) {
      if (!IsNull(r)) c[r] = static_cast<std::remove_pointer_t<decltype(c)>>(code_of(r));
    }
  };
  if (packed_) {
    for (uint32_t r = 0; r < rows_; ++r) {
      if (!IsNull(r)) PutPacked(codes_.data(), bits_, r, code_of(r));
    }
    return;
  }
  switch (width_) {
    case 1:
      fill(codes_.data());
      break;
    case 2:
      fill(reinterpret_cast<uint16_t*>(codes_.data()));
      break;
    case 4:
      fill(reinterpret_cast<uint32_t*>(codes_.data()));
      break;
    default:
      fill(reinterpret_cast<uint64_t*>(codes_.data()));
      break;
  }
}

const uint8_t* ColumnCU::Codes(uint32_t begin, size_t n, uint8_t* scratch) const {
  if (!packed_) return codes_.data() + size_t{begin} * static_cast<size_t>(width_);
  UnpackBits(codes_.data(), bits_, begin, n, scratch);
  return scratch;
}

ColumnCU ColumnCU::Build(ColumnBuffer&& buf, EncodingChoice choice, bool bit_pack) {
  ColumnCU cu;
  cu.type_ = buf.type_;
  cu.rows_ = static_cast<uint32_t>(buf.rows());
  for (uint8_t n : buf.nulls_) cu.null_count_ += n;
  if (cu.null_count_ > 0) cu.nulls_ = std::move(buf.nulls_);
  const uint32_t rows = cu.rows_;
  const bool all_null = cu.null_count_ == rows;

  // ---- the integer domain: NUMBERs scaled to a common scale when they fit, dates
  std::vector<int64_t> ints;
  if (buf.type_.IsDatetime() || buf.type_.IsInterval()) {
    ints = std::move(buf.i64_);
    cu.int_domain_ = true;
  } else if (buf.type_.id == TypeId::kNumber && !buf.wide_ && buf.max_scale_ <= 18) {
    // Staged narrow: scale each coefficient up to the largest scale, unless one overflows.
    const int32_t scale = buf.max_scale_;
    bool fits = true;
    if (buf.min_scale_ >= scale) {
      ints = std::move(buf.i64_);  // one scale already (NULL rows hold 0)
    } else {
      ints.resize(rows, 0);
      for (uint32_t r = 0; r < rows && fits; ++r) {
        const int64_t c = buf.i64_[r];
        const int shift = scale - buf.num_scale_[r];
        if (cu.IsNull(r) || c == 0 || shift == 0) {
          ints[r] = c;
        } else if (shift > 18 ||
                   __builtin_mul_overflow(c, static_cast<int64_t>(Pow10(shift)), &ints[r]) ||
                   ints[r] == std::numeric_limits<int64_t>::min()) {
          fits = false;
        }
      }
    }
    if (fits) {
      cu.int_domain_ = true;
      cu.scale_ = scale;
    } else {
      ints.clear();
    }
  }
  // Otherwise a NUMBER has a value beyond 64 bits, a scale beyond 18, or a value beyond 64
  // bits at the common scale: the column stays plain, as Decimals.
  if (buf.type_.id == TypeId::kNumber && !cu.int_domain_) buf.Widen();

  if (cu.int_domain_) {
    int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
    uint32_t runs = 0;
    bool first = true;
    int64_t prev = 0;
    bool prev_null = false;
    // A sequence: no NULLs, every value the previous one plus the same step > 0.
    const uint64_t step = rows >= 2 && cu.null_count_ == 0
                              ? static_cast<uint64_t>(ints[1]) - static_cast<uint64_t>(ints[0])
                              : 0;
    bool sequence = rows >= 2 && cu.null_count_ == 0 && ints[1] > ints[0];
    for (uint32_t r = 0; r < rows; ++r) {
      const bool null = cu.IsNull(r);
      if (!null) {
        lo = std::min(lo, ints[r]);
        hi = std::max(hi, ints[r]);
      }
      if (first || null != prev_null || (!null && ints[r] != prev)) ++runs;
      if (r > 0 && static_cast<uint64_t>(ints[r]) - static_cast<uint64_t>(prev) != step) {
        sequence = false;
      }
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
    // The unit: the greatest common divisor of the offsets from the minimum (1e6 for whole
    // seconds in microseconds). One division a row while it holds, a gcd only when it breaks.
    uint64_t unit = 0;
    ExactDivisor div(1);
    for (uint32_t r = 0; r < rows && unit != 1 && range > 0; ++r) {
      if (cu.IsNull(r)) continue;
      const uint64_t d = static_cast<uint64_t>(ints[r]) - static_cast<uint64_t>(lo);
      if (unit == 0 || !div.Divides(d)) {
        unit = unit == 0 ? d : std::gcd(unit, d);
        if (unit != 0) div = ExactDivisor(unit);
      }
    }
    if (unit == 0) unit = 1;
    const uint64_t for_max = range / unit;
    const size_t for_bytes = CodeBytes(rows, for_max, bit_pack);
    const size_t rle_bytes = size_t{runs} * 12;
    // A dictionary can only beat frame of reference when the range needs 2+ bytes.
    DistinctInts distinct(choice == EncodingChoice::kDictionary ? rows + 1 : 65536);
    bool dict_ok = false;
    size_t dict_bytes = SIZE_MAX;
    if (for_max > 0xff || choice == EncodingChoice::kDictionary) {
      dict_ok = true;
      for (uint32_t r = 0; r < rows && dict_ok; ++r) {
        if (!cu.IsNull(r)) dict_ok = distinct.Add(ints[r]);
      }
      if (dict_ok) {
        const size_t ndv = std::max<size_t>(1, distinct.values().size());
        dict_bytes = CodeBytes(rows, ndv - 1, bit_pack) + ndv * 8;
      }
    }
    Encoding enc = Encoding::kFrameOfReference;
    if (dict_ok && dict_bytes < for_bytes) enc = Encoding::kDictionary;
    if (rle_bytes < std::min(for_bytes, dict_bytes) / 2) enc = Encoding::kRunLength;
    if (sequence && step <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      enc = Encoding::kSequence;
    }
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
      case Encoding::kSequence:
        cu.base_ = ints[0];
        cu.unit_ = static_cast<int64_t>(step);
        break;
      case Encoding::kFrameOfReference:
        cu.base_ = lo;
        cu.unit_ = static_cast<int64_t>(unit);
        cu.InitCodes(for_max, bit_pack);
        if (unit == 1) {
          cu.FillCodes([&](uint32_t r) {
            return static_cast<uint64_t>(ints[r]) - static_cast<uint64_t>(lo);
          });
        } else {
          const ExactDivisor div(unit);
          cu.FillCodes([&](uint32_t r) {
            return div.Quotient(static_cast<uint64_t>(ints[r]) - static_cast<uint64_t>(lo));
          });
        }
        break;
      case Encoding::kDictionary: {
        cu.dict_i64_ = std::move(distinct.values());
        std::sort(cu.dict_i64_.begin(), cu.dict_i64_.end());
        const size_t ndv = std::max<size_t>(1, cu.dict_i64_.size());
        cu.InitCodes(ndv - 1, bit_pack);
        cu.FillCodes([&](uint32_t r) {
          auto it = std::lower_bound(cu.dict_i64_.begin(), cu.dict_i64_.end(), ints[r]);
          return static_cast<uint64_t>(it - cu.dict_i64_.begin());
        });
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
    // One hash lookup a row (none while a value repeats the previous row's): each row gets
    // the code of its value in order of first appearance, renumbered once the dictionary is
    // sorted.
    std::unordered_map<std::string_view, uint32_t> distinct;
    std::vector<uint32_t> seen_code(rows, 0);
    size_t distinct_bytes = 0;
    bool dict_ok = choice != EncodingChoice::kPlain;
    const size_t limit = choice == EncodingChoice::kDictionary
                             ? rows + 1
                             : std::min<size_t>(kMaxDictionary, rows / 2 + 1);
    std::string_view prev;
    uint32_t prev_code = UINT32_MAX;
    for (uint32_t r = 0; r < rows && dict_ok; ++r) {
      if (cu.IsNull(r)) continue;
      const std::string_view v = at(r);
      if (prev_code != UINT32_MAX && v == prev) {
        seen_code[r] = prev_code;
        continue;
      }
      auto [it, added] = distinct.try_emplace(v, static_cast<uint32_t>(distinct.size()));
      if (added) distinct_bytes += it->first.size() + 8;
      if (distinct.size() > limit) dict_ok = false;
      seen_code[r] = prev_code = it->second;
      prev = v;
    }
    const size_t ndv = std::max<size_t>(1, distinct.size());
    const size_t dict_size = CodeBytes(rows, ndv - 1, bit_pack) + distinct_bytes;
    const size_t plain_size = buf.str_.size() + size_t{rows} * 4;
    if (dict_ok && (dict_size < plain_size || choice == EncodingChoice::kDictionary)) {
      cu.enc_ = Encoding::kDictionary;
      std::vector<std::pair<std::string_view, uint32_t>> sorted(distinct.begin(), distinct.end());
      std::sort(sorted.begin(), sorted.end());
      std::vector<uint32_t> rank(sorted.size());
      cu.dict_str_.reserve(sorted.size());
      for (size_t i = 0; i < sorted.size(); ++i) {
        cu.dict_str_.emplace_back(sorted[i].first);
        rank[sorted[i].second] = static_cast<uint32_t>(i);
      }
      cu.InitCodes(ndv - 1, bit_pack);
      cu.FillCodes([&](uint32_t r) { return rank[seen_code[r]]; });
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
  if (type_.IsInterval()) return Value::Interval(v, type_);
  return Value::Number(Decimal{v, scale_}, type_);
}

int64_t ColumnCU::CodeAt(uint32_t row) const {
  if (packed_) return static_cast<int64_t>(GetPacked(codes_.data(), bits_, row));
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
                                  static_cast<uint64_t>(CodeAt(row)) *
                                      static_cast<uint64_t>(unit_));
    case Encoding::kSequence:
      return static_cast<int64_t>(static_cast<uint64_t>(base_) +
                                  uint64_t{row} * static_cast<uint64_t>(unit_));
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

}  // namespace pathdb::storage::im
