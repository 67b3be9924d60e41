// ColumnCU: one column of one IMCU (in-memory compression unit), encoded by what pays for its
// values (oracle-reference.md 7.2; docs/architecture.md "In-memory column store"):
// - dictionary: the sorted distinct values, rows hold codes (1/2/4 bytes); because the
//   dictionary is sorted, a range or equality on values is a range of codes;
// - frame of reference: integers (NUMBER scaled to a common number of decimal places, DATE,
//   TIMESTAMP) stored as offsets from the CU's minimum in units of their greatest common
//   divisor (whole seconds of a TIMESTAMP, whole days of a DATE, whole units of a NUMBER(p,2))
//   in 1, 2, 4 or 8 bytes;
// - sequence: integers that are base + row x step (ids in load order): no codes at all, a
//   range of values is a range of rows;
// - run length: (value, run end) pairs where runs are long;
// - plain: the values as they are (BINARY_DOUBLE, NUMBERs too wide for 64 bits, strings
//   with too many distinct values).
// Every CU keeps its min, max and NULL count: the in-memory storage index.
//
// Codes are whole bytes (MEMCOMPRESS FOR QUERY LOW, DML: the scan kernels read them in place)
// or bit-packed at the bits the largest code needs (FOR QUERY HIGH, CAPACITY LOW/HIGH:
// bit_pack.h; the scan unpacks a batch into its scratch space first).
//
// Evaluation: a ScanPredicate is compiled against a CU once (CodeTest) and then ANDed into a
// byte mask batch by batch, on the codes, without decoding (storage/inmemory/kernels.h).
//
// Threads: a finished ColumnCU is immutable and may be read by any number of threads.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/value.h"
#include "common/vector.h"
#include "storage/inmemory/kernels.h"
#include "storage/row_codec.h"
#include "storage/scan_spec.h"

namespace pathdb::storage::im {

//! 10^n in 128 bits (n <= 38): scaling NUMBERs into and out of the integer domain.
inline int128 Pow10(int n) {
  int128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

enum class Encoding : uint8_t { kPlain, kDictionary, kFrameOfReference, kRunLength, kSequence };
std::string_view EncodingName(Encoding e);

//! _inmemory_force_encoding: kAuto picks by size; the others are used wherever the column's
//! type allows them (else the automatic choice).
enum class EncodingChoice : uint8_t { kAuto, kPlain, kDictionary, kFrameOfReference, kRunLength };

//! A column's values while an IMCU is being filled (row order).
class ColumnBuffer {
 public:
  explicit ColumnBuffer(LogicalType type) : type_(type) {}
  //! Appends one value given in the row format (storage/row_codec.h); is_null for NULL.
  //! `limit`: the end of the readable memory holding `bytes` (a NUMBER is read with one 8-byte
  //! load when 9 bytes are readable). Inline: it runs once per field of a population.
  void AppendField(bool is_null, std::string_view bytes, const char* limit) {
    nulls_.push_back(is_null ? 1 : 0);
    switch (type_.id) {
      case TypeId::kNumber: {
        // Staged as a 64-bit coefficient and a scale (9 bytes, not a 32-byte Decimal) until a
        // value does not fit: staging was a third of the population time.
        int64_t coef = 0;
        int32_t scale = 0;
        if (!is_null && !DecodeSmallNumber(bytes, limit, coef, scale)) {
          const Decimal d = DecodeDecimal(bytes);
          const int128 lim = std::numeric_limits<int64_t>::max();
          if (wide_ || d.coef > lim || d.coef < -lim || d.scale < -128 || d.scale > 127) {
            AppendWide(d);
            break;
          }
          coef = static_cast<int64_t>(d.coef);
          scale = d.scale;
        }
        if (wide_ || coef == std::numeric_limits<int64_t>::min()) {
          AppendWide(Decimal{coef, scale});
          break;
        }
        i64_.push_back(coef);
        num_scale_.push_back(static_cast<int8_t>(scale));
        if (!is_null) {
          max_scale_ = std::max(max_scale_, scale);
          min_scale_ = std::min(min_scale_, scale);
        }
        break;
      }
      case TypeId::kDate:
      case TypeId::kTimestamp:
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS:
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
  size_t rows() const { return nulls_.size(); }
  //! Room for `n` values (strings: their ends, not their bytes).
  void Reserve(size_t n);
  const LogicalType& type() const { return type_; }

 private:
  friend class ColumnCU;
  LogicalType type_;
  //! NUMBERs from here on as Decimals (num_) rather than coefficients and scales.
  void Widen();
  void AppendWide(const Decimal& d);  //!< Widen, then append `d`

  std::vector<uint8_t> nulls_;  //!< 1 = NULL
  // NUMBER: coefficients in i64_ with their scales in num_scale_ while every one fits 64 bits
  // (max/min_scale_: over the non-NULL ones), else all in num_ (wide_).
  bool wide_ = false;
  int32_t max_scale_ = 0;
  int32_t min_scale_ = 128;  //!< above every scale until a value comes
  std::vector<int8_t> num_scale_;
  std::vector<Decimal> num_;
  std::vector<int64_t> i64_;
  std::vector<double> dbl_;
  std::string str_;                //!< string bytes, concatenated
  std::vector<uint32_t> str_end_;  //!< end of row i's string in str_
};

//! A predicate compiled against one CU: what to test on its codes.
struct CodeTest {
  enum class Kind : uint8_t {
    kNone,      //!< no row passes
    kAll,       //!< every non-NULL row passes
    kRange,     //!< lo <= code <= hi
    kNotEqual,  //!< code != lo
    kSet,       //!< code in set
    kIsNull,
    kIsNotNull,
    kRows,  //!< evaluated row by row on the values (plain and run-length CUs)
  };
  Kind kind = Kind::kAll;
  uint64_t lo = 0, hi = 0;
  std::vector<uint64_t> set;
  const ScanPredicate* predicate = nullptr;  //!< kRows
};

//! Bytes of scratch space Filter and Aggregate may need for a batch of n rows.
inline size_t ScratchBytes(size_t n) {
  return n * 8;
}

class ColumnCU {
 public:
  //! Encodes `buf` (which it consumes); `bit_pack`: codes at the bits they need rather than
  //! whole bytes.
  static ColumnCU Build(ColumnBuffer&& buf, EncodingChoice choice, bool bit_pack = false);

  Encoding encoding() const { return enc_; }
  //! Bits per code when bit-packed, else -1.
  int packed_bits() const { return packed_ ? bits_ : -1; }
  uint32_t rows() const { return rows_; }
  uint32_t null_count() const { return null_count_; }
  //! Non-NULL rows among rows [begin, begin + n).
  uint32_t NonNullIn(uint32_t begin, uint32_t n) const {
    if (null_count_ == 0) return n;
    uint32_t nulls = 0;
    for (uint32_t i = 0; i < n; ++i) nulls += nulls_[begin + i];
    return n - nulls;
  }
  //! Bytes of memory the encoded column takes.
  size_t bytes() const;
  //! Non-NULL bounds (nullopt when every row is NULL).
  const std::optional<Value>& min() const { return min_; }
  const std::optional<Value>& max() const { return max_; }

  //! False when no row of the CU can pass `p` (min/max and NULL count): IMCU pruning.
  bool MayMatch(const ScanPredicate& p) const;
  //! False when no value in [lo, hi] occurs in the CU's range (a run-time filter's range).
  bool Overlaps(const Value& lo, const Value& hi) const;
  CodeTest Compile(const ScanPredicate& p) const;
  //! mask[i] &= row (begin + i) passes `t`, for i in [0, n); `first`: mask[i] = ... (the
  //! mask holds nothing yet). `scratch`: ScratchBytes(n) bytes the call may overwrite.
  void Filter(const CodeTest& t, uint32_t begin, size_t n, uint8_t* mask, Simd simd,
              uint8_t* scratch, bool first = false) const;
  //! Writes rows rows[0..n) of the CU into out[at .. at + n).
  void Decode(const uint32_t* rows, size_t n, Vector& out, size_t at) const;
  //! A join filter's key hash computed on the encoded values, without building a Vector:
  //! for rows rows[0..k) (ascending, each within [begin, begin + n)), hashes[i] =
  //! CombineHash(hashes[i], h) with h the executor's hash of the row's value compared as the
  //! column's own type (executor/cell_ops.cpp HashCell), and has_null[i] = 1 for a NULL (its
  //! hash is then meaningless). `ints`: room for k values; `scratch` as Filter's.
  //! REQUIRES: a NUMBER, DATE or INTERVAL column.
  void HashRows(uint32_t begin, size_t n, const uint32_t* rows, size_t k, int64_t* ints,
                uint8_t* scratch, uint64_t* hashes, uint8_t* has_null) const;
  //! What Aggregate found among the selected rows.
  struct BatchAggregate {
    uint64_t count = 0;  //!< non-NULL values
    bool has_sum = false;
    Decimal sum{};  //!< NUMBER columns only
    std::optional<Value> min, max;
  };
  //! Adds rows begin + i with mask[i] set (i < n) to `out`: their non-NULL count and, when
  //! asked, SUM (NUMBER columns) and MIN/MAX, computed on the codes. `scratch` as Filter's.
  void Aggregate(const uint8_t* mask, uint32_t begin, size_t n, bool sum, bool minmax,
                 uint8_t* scratch, BatchAggregate& out) const;
  bool IsNull(uint32_t row) const { return null_count_ > 0 && nulls_[row] != 0; }
  //! A NUMBER column whose values are held as integers at scale 0 (IntValues gives them).
  bool IntegerNumbers() const { return int_domain_ && type_.id == TypeId::kNumber && scale_ == 0; }
  //! out[i] = the integer value of row rows[i] (as HashRows' rows; NULL rows give any value;
  //! a NUMBER's value is out[i] / 10^scale). REQUIRES: the integer domain (IntegerNumbers(),
  //! or a DATE / INTERVAL column).
  void IntValues(uint32_t begin, size_t n, const uint32_t* rows, size_t k, int64_t* out,
                 uint8_t* scratch) const;
  //! A NUMBER column held as integers at one scale: IntValues gives value x 10^NumberScale().
  bool ScaledNumbers() const { return int_domain_ && type_.id == TypeId::kNumber; }
  int32_t NumberScale() const { return scale_; }
  //! GROUP BY on the codes: how many group codes a dictionary or frame-of-reference CU has
  //! (its distinct values or its codes' range, and one more for NULL when it has NULLs); 0
  //! for the other encodings.
  uint32_t GroupCardinality() const;
  //! out[i] = the group code of row rows[i] (rows as IntValues'): its dictionary code, or
  //! GroupCardinality() - 1 for a NULL. REQUIRES: GroupCardinality() > 0.
  void GroupCodes(uint32_t begin, size_t n, const uint32_t* rows, size_t k, uint32_t* out,
                  uint8_t* scratch) const;
  //! The value group code `code` stands for (NULL for the NULL code).
  Value GroupKey(uint32_t code) const;
  //! Rows begin .. begin + n - 1 whose value is in `keys` (never a NULL row), written to
  //! sel in ascending order; returns how many. A join filter's exact probe of a whole batch
  //! that no predicate narrowed: values, bit test and selection in one pass over the codes
  //! (IntValues over a selection of every row, then the test, then compaction, were three).
  //! REQUIRES: IntegerNumbers(); n <= kVectorSize; `scratch` as Filter's.
  size_t SelectKeys(uint32_t begin, size_t n, const RuntimeFilter::IntegerKeySet& keys,
                    uint32_t* sel, uint8_t* scratch) const;
  //! One row as a Value (tests, slow paths).
  Value GetValue(uint32_t row) const;

 private:
  //! The integer domain (frame of reference, dictionary and runs of integers): the value of a
  //! constant, exactly or not; see ToDomain.
  bool IntDomain() const { return int_domain_; }
  int64_t CodeAt(uint32_t row) const;
  //! Building: room for rows_ codes up to max_code, then each set once.
  void InitCodes(uint64_t max_code, bool bit_pack);
  //! Sets the code of every non-NULL row r to code_of(r) (defined in column_cu.cpp).
  template <typename F>
  void FillCodes(F code_of);
  //! Codes of rows [begin, begin + n), width_ bytes each: in place, or unpacked into scratch.
  const uint8_t* Codes(uint32_t begin, size_t n, uint8_t* scratch) const;
  int64_t IntValueAt(uint32_t row) const;  //!< REQUIRES: IntDomain(), not NULL
  Value FromInt(int64_t v) const;
  //! Row's value compared with constant `c` (three-way). REQUIRES: not NULL.
  int CompareRow(uint32_t row, const Value& c) const;
  bool RowPasses(uint32_t row, const ScanPredicate& p) const;

  LogicalType type_;
  Encoding enc_ = Encoding::kPlain;
  bool int_domain_ = false;  //!< values held as int64 (NUMBER scaled by scale_, dates)
  int32_t scale_ = 0;        //!< NUMBER in the integer domain: value = int / 10^scale_
  uint32_t rows_ = 0;
  uint32_t null_count_ = 0;
  std::vector<uint8_t> nulls_;  //!< empty when null_count_ == 0
  int width_ = 0;               //!< bytes per code (dictionary, frame of reference) as scanned
  uint64_t max_code_ = 0;       //!< the largest code InitCodes made room for
  bool packed_ = false;         //!< codes_ bit-packed, bits_ per code (bit_pack.h)
  int bits_ = 0;
  std::vector<uint8_t> codes_;  //!< rows_ x width_, or packed (NULL rows hold code 0)
  int64_t base_ = 0;            //!< frame of reference: value = base_ + code x unit_
  int64_t unit_ = 1;            //!< sequence: value = base_ + row x unit_
  std::vector<int64_t> dict_i64_;
  std::vector<std::string> dict_str_;
  std::vector<int64_t> run_values_;  //!< run length (integer domain)
  std::vector<uint32_t> run_ends_;   //!< exclusive row end of each run
  std::vector<Decimal> plain_num_;
  std::vector<int64_t> plain_i64_;
  std::vector<double> plain_dbl_;
  std::string plain_str_;
  std::vector<uint32_t> plain_str_end_;
  std::optional<Value> min_, max_;
};

}  // namespace pathdb::storage::im
