// ColumnCU values out of the codes: decoding the selected rows into a Vector, their integer
// values and a join filter's key hashes computed without building a Vector. Filtering and
// aggregating on the codes are in column_cu_eval.cpp, building and encoding in column_cu.cpp.
#include <algorithm>
#include <array>
#include <cstring>

#include "common/hash.h"
#include "storage/inmemory/column_cu.h"

namespace pathdb::storage::im {

namespace {

//! Dictionaries up to this size decode each distinct string of a batch once.
constexpr size_t kFewStrings = 256;

template <typename C>
void DecodeFor(const uint8_t* codes, const uint32_t* rows, size_t n, int64_t base, int64_t unit,
               int32_t scale, TypeId type, Vector& out, size_t at) {
  const C* c = reinterpret_cast<const C*>(codes);
  const auto b = static_cast<uint64_t>(base), u = static_cast<uint64_t>(unit);
  if (type == TypeId::kNumber) {
    Decimal* d = out.Data<Decimal>() + at;
    for (size_t i = 0; i < n; ++i) {
      d[i].coef = static_cast<int64_t>(b + c[rows[i]] * u);
      d[i].scale = scale;
    }
  } else {
    int64_t* d = out.Data<int64_t>() + at;
    for (size_t i = 0; i < n; ++i) d[i] = static_cast<int64_t>(b + c[rows[i]] * u);
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
  if (enc_ == Encoding::kSequence) {
    const auto b = static_cast<uint64_t>(base_), u = static_cast<uint64_t>(unit_);
    for (size_t i = 0; i < n; ++i) {
      const auto v = static_cast<int64_t>(b + uint64_t{rows[i]} * u);
      if (type_.id == TypeId::kNumber) {
        out.Data<Decimal>()[at + i] = Decimal{v, scale_};
      } else {
        out.Data<int64_t>()[at + i] = v;
      }
    }
    return;
  }
  if (int_domain_ && enc_ == Encoding::kFrameOfReference && !packed_) {
    switch (width_) {
      case 1:
        DecodeFor<uint8_t>(codes_.data(), rows, n, base_, unit_, scale_, type_.id, out, at);
        return;
      case 2:
        DecodeFor<uint16_t>(codes_.data(), rows, n, base_, unit_, scale_, type_.id, out, at);
        return;
      case 4:
        DecodeFor<uint32_t>(codes_.data(), rows, n, base_, unit_, scale_, type_.id, out, at);
        return;
      default:
        DecodeFor<uint64_t>(codes_.data(), rows, n, base_, unit_, scale_, type_.id, out, at);
        return;
    }
  }
  if (enc_ == Encoding::kDictionary && type_.IsString() && dict_str_.size() <= kFewStrings) {
    // A small dictionary (flags, statuses, codes): each value the batch meets is copied into
    // the vector's heap once, and the rows share it.
    std::array<StringRef, kFewStrings> once;
    std::fill_n(once.begin(), dict_str_.size(), StringRef{});
    StringRef* dst = out.Data<StringRef>() + at;
    auto decode = [&](auto code_of) {
      for (size_t i = 0; i < n; ++i) {
        if (!valid[i]) continue;
        const auto code = static_cast<size_t>(code_of(rows[i]));
        if (once[code].data == nullptr) once[code] = out.heap().Add(dict_str_[code]);
        dst[i] = once[code];
      }
    };
    // Byte codes (a dictionary of at most 256 strings unpacked) read in place: CodeAt's call
    // and width switch per row were a fifth of decoding TPC-H Q1's two flags.
    if (!packed_ && width_ == 1) {
      const uint8_t* c = codes_.data();
      decode([c](uint32_t r) { return c[r]; });
    } else {
      decode([this](uint32_t r) { return CodeAt(r); });
    }
    return;
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

//! out[i] = base + codes[rows[i] - begin] x unit (frame of reference), or dict[code].
template <typename C>
void ForValues(const uint8_t* codes, uint32_t begin, const uint32_t* rows, size_t k, int64_t base,
               int64_t unit, int64_t* out) {
  const C* c = reinterpret_cast<const C*>(codes) - begin;
  const auto b = static_cast<uint64_t>(base), u = static_cast<uint64_t>(unit);
  for (size_t i = 0; i < k; ++i) out[i] = static_cast<int64_t>(b + c[rows[i]] * u);
}

template <typename C>
void DictValues(const uint8_t* codes, uint32_t begin, const uint32_t* rows, size_t k,
                const int64_t* dict, int64_t* out) {
  const C* c = reinterpret_cast<const C*>(codes) - begin;
  for (size_t i = 0; i < k; ++i) out[i] = dict[c[rows[i]]];
}

}  // namespace

uint32_t ColumnCU::GroupCardinality() const {
  size_t codes = 0;
  if (enc_ == Encoding::kDictionary) {
    codes = int_domain_ ? dict_i64_.size() : dict_str_.size();
  } else if (enc_ == Encoding::kFrameOfReference && max_code_ < (uint64_t{1} << 30)) {
    codes = static_cast<size_t>(max_code_) + 1;
  } else {
    return 0;
  }
  return static_cast<uint32_t>(codes) + (null_count_ > 0 ? 1 : 0);
}

namespace {

template <typename C>
void CodesOf(const uint8_t* codes, uint32_t begin, const uint32_t* rows, size_t k, uint32_t* out) {
  const C* c = reinterpret_cast<const C*>(codes) - begin;
  for (size_t i = 0; i < k; ++i) out[i] = static_cast<uint32_t>(c[rows[i]]);
}

}  // namespace

void ColumnCU::GroupCodes(uint32_t begin, size_t n, const uint32_t* rows, size_t k, uint32_t* out,
                          uint8_t* scratch) const {
  const uint32_t null_code = GroupCardinality() - 1;
  if (null_count_ == rows_) {  // every row NULL: no dictionary, no codes
    std::fill(out, out + k, null_code);
    return;
  }
  const uint8_t* codes = Codes(begin, n, scratch);
  switch (width_) {
    case 1:
      CodesOf<uint8_t>(codes, begin, rows, k, out);
      break;
    case 2:
      CodesOf<uint16_t>(codes, begin, rows, k, out);
      break;
    case 4:
      CodesOf<uint32_t>(codes, begin, rows, k, out);
      break;
    default:  // codes below 2^30 (GroupCardinality) in 8-byte lanes
      CodesOf<uint64_t>(codes, begin, rows, k, out);
      break;
  }
  if (null_count_ == 0) return;
  for (size_t i = 0; i < k; ++i) {
    if (nulls_[rows[i]] != 0) out[i] = null_code;
  }
}

Value ColumnCU::GroupKey(uint32_t code) const {
  if (null_count_ > 0 && code == GroupCardinality() - 1) return Value::Null(type_);
  if (enc_ == Encoding::kFrameOfReference) {
    return FromInt(static_cast<int64_t>(static_cast<uint64_t>(base_) +
                                        uint64_t{code} * static_cast<uint64_t>(unit_)));
  }
  if (int_domain_) return FromInt(dict_i64_[code]);
  return Value::Varchar(dict_str_[code], type_);
}

void ColumnCU::IntValues(uint32_t begin, size_t n, const uint32_t* rows, size_t k, int64_t* out,
                         uint8_t* scratch) const {
  switch (enc_) {
    case Encoding::kSequence: {
      const auto b = static_cast<uint64_t>(base_), u = static_cast<uint64_t>(unit_);
      for (size_t i = 0; i < k; ++i) out[i] = static_cast<int64_t>(b + uint64_t{rows[i]} * u);
      return;
    }
    case Encoding::kFrameOfReference:
    case Encoding::kDictionary: {
      if (enc_ == Encoding::kDictionary && dict_i64_.empty()) {  // every row NULL
        std::fill(out, out + k, 0);
        return;
      }
      // The batch's codes at whole-byte width (bit-packed ones unpacked into scratch).
      const uint8_t* codes = Codes(begin, n, scratch);
      const bool dict = enc_ == Encoding::kDictionary;
      switch (width_) {
        case 1:
          dict ? DictValues<uint8_t>(codes, begin, rows, k, dict_i64_.data(), out)
               : ForValues<uint8_t>(codes, begin, rows, k, base_, unit_, out);
          return;
        case 2:
          dict ? DictValues<uint16_t>(codes, begin, rows, k, dict_i64_.data(), out)
               : ForValues<uint16_t>(codes, begin, rows, k, base_, unit_, out);
          return;
        case 4:
          dict ? DictValues<uint32_t>(codes, begin, rows, k, dict_i64_.data(), out)
               : ForValues<uint32_t>(codes, begin, rows, k, base_, unit_, out);
          return;
        default:
          dict ? DictValues<uint64_t>(codes, begin, rows, k, dict_i64_.data(), out)
               : ForValues<uint64_t>(codes, begin, rows, k, base_, unit_, out);
          return;
      }
    }
    case Encoding::kRunLength: {
      // Rows ascend: one search for the first row's run, then a walk.
      size_t run =
          k == 0
              ? 0
              : static_cast<size_t>(std::upper_bound(run_ends_.begin(), run_ends_.end(), rows[0]) -
                                    run_ends_.begin());
      for (size_t i = 0; i < k; ++i) {
        while (run_ends_[run] <= rows[i]) ++run;
        out[i] = run_values_[run];
      }
      return;
    }
    case Encoding::kPlain:
      for (size_t i = 0; i < k; ++i) out[i] = plain_i64_[rows[i]];
      return;
  }
}

namespace {

// sel gets begin + i for each i < n whose value_of(i) is a key (branch-free: every index is
// written, the count advances only past the kept ones).
template <typename F>
size_t KeepKeys(uint32_t begin, size_t n, const RuntimeFilter::IntegerKeySet& keys, F value_of,
                uint32_t* sel) {
  size_t k = 0;
  for (size_t i = 0; i < n; ++i) {
    sel[k] = begin + static_cast<uint32_t>(i);
    k += static_cast<size_t>(keys.Contains(value_of(i)));
  }
  return k;
}

template <typename C>
size_t KeepCodes(const uint8_t* codes, uint32_t begin, size_t n, bool dict, const int64_t* values,
                 int64_t base, int64_t unit, const RuntimeFilter::IntegerKeySet& keys,
                 uint32_t* sel) {
  const C* c = reinterpret_cast<const C*>(codes);
  if (dict)
    return KeepKeys(
        begin, n, keys, [&](size_t i) { return values[c[i]]; }, sel);
  const auto b = static_cast<uint64_t>(base), u = static_cast<uint64_t>(unit);
  return KeepKeys(
      begin, n, keys, [&](size_t i) { return static_cast<int64_t>(b + c[i] * u); }, sel);
}

}  // namespace

size_t ColumnCU::SelectKeys(uint32_t begin, size_t n, const RuntimeFilter::IntegerKeySet& keys,
                            uint32_t* sel, uint8_t* scratch) const {
  size_t k = 0;
  switch (enc_) {
    case Encoding::kSequence: {
      const auto b = static_cast<uint64_t>(base_), u = static_cast<uint64_t>(unit_);
      k = KeepKeys(
          begin, n, keys,
          [&](size_t i) { return static_cast<int64_t>(b + (uint64_t{begin} + i) * u); }, sel);
      break;
    }
    case Encoding::kFrameOfReference:
    case Encoding::kDictionary: {
      const bool dict = enc_ == Encoding::kDictionary;
      if (dict && dict_i64_.empty()) return 0;  // every row NULL
      const uint8_t* codes = Codes(begin, n, scratch);
      const int64_t* values = dict_i64_.data();
      switch (width_) {
        case 1:
          k = KeepCodes<uint8_t>(codes, begin, n, dict, values, base_, unit_, keys, sel);
          break;
        case 2:
          k = KeepCodes<uint16_t>(codes, begin, n, dict, values, base_, unit_, keys, sel);
          break;
        case 4:
          k = KeepCodes<uint32_t>(codes, begin, n, dict, values, base_, unit_, keys, sel);
          break;
        default:
          k = KeepCodes<uint64_t>(codes, begin, n, dict, values, base_, unit_, keys, sel);
          break;
      }
      break;
    }
    case Encoding::kRunLength: {
      size_t run = static_cast<size_t>(std::upper_bound(run_ends_.begin(), run_ends_.end(), begin) -
                                       run_ends_.begin());
      for (size_t i = 0; i < n; ++i) {
        const uint32_t row = begin + static_cast<uint32_t>(i);
        while (run_ends_[run] <= row) ++run;
        sel[k] = row;
        k += static_cast<size_t>(keys.Contains(run_values_[run]));
      }
      break;
    }
    case Encoding::kPlain:
      k = KeepKeys(
          begin, n, keys, [&](size_t i) { return plain_i64_[begin + i]; }, sel);
      break;
  }
  if (null_count_ == 0) return k;
  // A NULL row's code stands for any value: drop the kept ones that are NULL.
  size_t m = 0;
  for (size_t i = 0; i < k; ++i) {
    sel[m] = sel[i];
    m += static_cast<size_t>(nulls_[sel[i]] == 0);
  }
  return m;
}

void ColumnCU::HashRows(uint32_t begin, size_t n, const uint32_t* rows, size_t k, int64_t* ints,
                        uint8_t* scratch, uint64_t* hashes, uint8_t* has_null) const {
  if (null_count_ > 0) {
    for (size_t i = 0; i < k; ++i) has_null[i] |= nulls_[rows[i]];
  }
  if (!int_domain_) {  // NUMBERs that did not fit 64 bits at a common scale
    for (size_t i = 0; i < k; ++i) hashes[i] = CombineHash(hashes[i], plain_num_[rows[i]].Hash());
    return;
  }
  // Values first, then hashes: the rows' hash chains are independent and overlap.
  IntValues(begin, n, rows, k, ints, scratch);
  if (type_.id == TypeId::kNumber) {
    for (size_t i = 0; i < k; ++i)
      hashes[i] = CombineHash(hashes[i], Decimal::HashOf(ints[i], scale_));
  } else {
    for (size_t i = 0; i < k; ++i)
      hashes[i] = CombineHash(hashes[i], MixHash(static_cast<uint64_t>(ints[i])));
  }
}

}  // namespace pathdb::storage::im
