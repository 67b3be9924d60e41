// Internal to storage/: ScanPredicates are a spec's predicates (and published run-time
// ranges) compiled for one scan: constants pre-converted to the stored representation so a
// row is tested on its encoded fields without building a Value. RegionSummary accumulates
// the min/max of the predicate columns while a region is read, for the storage index.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "common/decimal.h"
#include "storage/row_codec.h"
#include "storage/scan_spec.h"
#include "storage/storage_index.h"

namespace pathdb::storage {

//! One decoded field of a row: its bytes in the row format (storage/row_codec.h).
struct Field {
  bool is_null = true;
  std::string_view bytes;
};

// Steps over one field of a row whose length byte is at `pos`; returns where the next one is.
inline size_t SkipField(const unsigned char* b, size_t size, size_t pos) {
  if (pos >= size) ThrowBadRow();
  const size_t len = b[pos];
  if (len >= kLenWide) [[unlikely]] {
    if (len == kLenNull) return pos + 1;
    if (size - pos < 3) ThrowBadRow();
    uint16_t w;
    std::memcpy(&w, b + pos + 1, 2);
    return pos + 3 + size_t{w};
  }
  return pos + len + 1;
}

// Reads the field whose length byte is at `pos` into f; returns where the next one is.
inline size_t ReadField(const unsigned char* b, size_t size, size_t pos, Field& f) {
  if (pos >= size) ThrowBadRow();
  size_t len = b[pos++];
  if (len >= kLenWide) [[unlikely]] {
    if (len == kLenNull) {
      f.is_null = true;
      return pos;
    }
    if (size - pos < 2) ThrowBadRow();
    uint16_t w;
    std::memcpy(&w, b + pos, 2);
    pos += 2;
    len = w;
  }
  f.is_null = false;
  f.bytes = {reinterpret_cast<const char*>(b + pos), len};
  return pos + len;
}

//! Finds the fields [0, n) of a row (storage/row_codec.h format): only those with needed[i]
//! get their bytes; the others are stepped over by their length. A field past the row's
//! column count is NULL. Throws ORA-00600 on a row whose lengths run past its end.
// Hand-written rather than RowDecoder::Next for every field: a full scan runs this once per
// row, and stepping over an unneeded field costs a third of decoding it.
inline void SplitFields(std::string_view row, Field* fields, const uint8_t* needed, size_t n) {
  if (row.size() < 3) ThrowBadRow();
  uint16_t count;
  std::memcpy(&count, row.data() + 1, 2);
  const auto* b = reinterpret_cast<const unsigned char*>(row.data());
  const size_t size = row.size();
  const size_t stored = std::min<size_t>(count, n);
  // Offsets, not pointers, so a corrupt length may run past the end without forming an
  // invalid pointer: only a length byte is ever read before the one check at the end (a
  // field's bytes are read after this returns).
  size_t pos = 3;
  size_t i = 0;
  for (; i < stored; ++i) {
    pos = needed[i] ? ReadField(b, size, pos, fields[i]) : SkipField(b, size, pos);
  }
  if (pos > size) ThrowBadRow();
  for (; i < n; ++i) fields[i].is_null = true;
}

//! The fields a scan reads, compiled for SplitListed: per read field, in column order, how
//! many unread fields lie between it and the previous read one.
class FieldList {
 public:
  struct Step {
    uint32_t skip = 0;    //!< unread fields stepped over first
    uint32_t column = 0;  //!< the field read
  };
  FieldList() = default;
  //! From needed[0, n) as SplitFields takes it.
  FieldList(const uint8_t* needed, size_t n) : needed_(needed, needed + n) {
    uint32_t last = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (!needed[i]) continue;
      steps_.push_back(Step{i - last, i});
      last = i + 1;
    }
    end_ = last;
  }
  const std::vector<Step>& steps() const { return steps_; }
  const std::vector<uint8_t>& needed() const { return needed_; }
  uint32_t end() const { return end_; }  //!< one past the last read field

 private:
  std::vector<uint8_t> needed_;
  std::vector<Step> steps_;
  uint32_t end_ = 0;
};

//! The stored column count of a row piece (its header), 0 for a piece too short to have one.
inline uint16_t StoredColumns(std::string_view row) {
  if (row.size() < 3) return 0;
  uint16_t count;
  std::memcpy(&count, row.data() + 1, 2);
  return count;
}

//! SplitFields(row, fields, list.needed(), list.end()) with fewer instructions: the walk
//! steps over unread fields without testing, per field, whether it is read (the walk to a
//! LINEITEM row's 12th field was half of a filtered scan's instructions). Fields not listed
//! are left as they were.
// Tried and dropped: walking four rows' fields in one loop so that their chains of dependent
// length loads overlap. No scan got faster (the CPU already overlaps consecutive rows), and
// a scan reading few fields got slower by the grouping's bookkeeping.
inline void SplitListed(std::string_view row, Field* fields, const FieldList& list);

//! SplitListed for a row that lies before `limit`, where a reader may load up to `limit`:
//! when no length byte the walk could reach, whatever the lengths, lies at or past `limit`,
//! the walk tests each length only for the rare wide or NULL one, not against the row's end
//! (one test at the end). Same result, same
//! ORA-00600 for a row whose lengths run past its end.
// Why: the walk to a field is a chain of dependent one-byte loads, and its bounds tests were
// a third of its instructions (the walk to an ORDERS row's 9th field was 100 of a filtered
// scan's 240 instructions a row).
inline void SplitListed(std::string_view row, Field* fields, const FieldList& list,
                        const char* limit) {
  // Each field moves the walk at most kLenWide bytes on until a wide one, which ends the
  // fast walk: the farthest length byte read is below 3 + end * kLenWide.
  if (StoredColumns(row) < list.end() ||
      limit - row.data() < 3 + ptrdiff_t{list.end()} * kLenWide) {
    SplitListed(row, fields, list);
    return;
  }
  const auto* b = reinterpret_cast<const unsigned char*>(row.data());
  size_t pos = 3;
  for (const FieldList::Step& st : list.steps()) {
    for (uint32_t k = st.skip; k > 0; --k) {
      const size_t len = b[pos];
      if (len >= kLenWide) [[unlikely]] {
        if (len == kLenWide) goto checked;
        pos += 1;
        continue;
      }
      pos += len + 1;
    }
    const size_t len = b[pos];
    Field& f = fields[st.column];
    if (len >= kLenWide) [[unlikely]] {
      if (len == kLenWide) goto checked;
      f.is_null = true;
      pos += 1;
      continue;
    }
    f.is_null = false;
    f.bytes = {reinterpret_cast<const char*>(b + pos + 1), len};
    pos += len + 1;
  }
  if (pos > row.size()) ThrowBadRow();
  return;
checked:  // a wide field: the checked walk takes the row from its start
  SplitListed(row, fields, list);
}

inline void SplitListed(std::string_view row, Field* fields, const FieldList& list) {
  // A piece too short for its header stores 0 columns: SplitFields or the end check throws.
  if (StoredColumns(row) < list.end()) [[unlikely]] {  // trailing NULLs left out of the row
    SplitFields(row, fields, list.needed().data(), list.end());
    return;
  }
  const auto* b = reinterpret_cast<const unsigned char*>(row.data());
  const size_t size = row.size();
  size_t pos = 3;
  // As in SplitFields: offsets, one bounds test per length byte, bytes checked at the end.
  for (const FieldList::Step& st : list.steps()) {
    for (uint32_t k = st.skip; k > 0; --k) pos = SkipField(b, size, pos);
    pos = ReadField(b, size, pos, fields[st.column]);
  }
  if (pos > size) ThrowBadRow();
}

//! A column's value in comparable form: NUMBER as Decimal, DATE/TIMESTAMP as int64,
//! VARCHAR2 as bytes.
struct ScalarKey {
  Decimal num{};
  int64_t i64 = 0;
  std::string str;
};

//! -1, 0 or 1.
inline int ThreeWay(std::strong_ordering c) {
  return (c > 0) - (c < 0);
}

//! A published run-time filter's per-key-column bounds as scan predicates (col >= min,
//! col <= max) on the key columns whose type the scan compares itself. Shared by the heap
//! scan and the in-memory scan. REQUIRES: r.filter->published().
std::vector<ScanPredicate> PublishedRanges(const RuntimeFilterRef& r, const TableInfo& table);

//! Applies the membership test of every published filter whose key columns are all output
//! (outputs[i]: their positions in `out`, empty when not) to `out`'s selection. Returns the
//! rows dropped.
uint64_t ApplyRuntimeMembership(const std::vector<RuntimeFilterRef>& filters,
                                const std::vector<bool>& published,
                                const std::vector<std::vector<size_t>>& outputs, DataChunk& out);

class ScanPredicates {
 public:
  //! REQUIRES: every predicate satisfies ScanCanEvaluate for its column's type.
  void Add(const ScanPredicate& p, const LogicalType& column_type);
  //! True when the row's fields pass every predicate (fields indexed by table column).
  bool Matches(const Field* fields) const {
    for (const Compiled& c : tests_) {
      if (!TestOne(c, fields[c.column])) return false;
    }
    return true;
  }
  //! The rows among sel[0, count) that pass every predicate, kept in sel's order in its
  //! first entries; returns how many. Row r's fields are rows[r * width, (r + 1) * width)
  //! (indexed by table column); `limit`: a reader may load up to there (every field's bytes
  //! lie before it).
  // Why a batch: a row's pass or fail is not predictable (a 20 % range mispredicts on one
  // row in four), and tested row by row each misprediction also stalled the next row's
  // field walk; one predicate over many rows appends to `sel` without a branch.
  size_t Select(const Field* rows, size_t width, uint32_t* sel, size_t count,
                const char* limit) const {
    for (const Compiled& c : tests_) {
      size_t kept = 0;
      if (c.op == Op::kRange && c.type == TypeId::kNumber) {
        for (size_t j = 0; j < count; ++j) {
          const uint32_t r = sel[j];
          const Field& f = rows[size_t{r} * width + c.column];
          sel[kept] = r;
          kept += !f.is_null && NumberInRangeAt(c, f.bytes, limit);
        }
      } else {
        for (size_t j = 0; j < count; ++j) {
          const uint32_t r = sel[j];
          sel[kept] = r;
          kept += TestOne(c, rows[size_t{r} * width + c.column]);
        }
      }
      count = kept;
      if (count == 0) break;
    }
    return count;
  }
  //! False when no row of `region` can pass, by the storage index's summary of it.
  bool MayMatch(const StorageIndex& index, uint32_t region) const;
  //! Columns the predicates read, each once.
  const std::vector<uint32_t>& columns() const { return columns_; }
  bool empty() const { return tests_.empty(); }

 private:
  static constexpr size_t kScaledScales = 19;
  //! Range comparisons of one column merge into one kRange test (BETWEEN decodes once).
  enum class Op : uint8_t { kIsNull, kIsNotNull, kRange, kEq, kNe, kIn };
  struct Compiled {
    Op op = Op::kRange;
    uint32_t column = 0;
    TypeId type = TypeId::kNull;
    bool has_lo = false, lo_incl = false, has_hi = false, hi_incl = false;
    //! kRange on an int64 column (DATE, TIMESTAMP): [int_lo, int_hi], both inclusive.
    bool int_range = false;
    int64_t int_lo = 0, int_hi = 0;
    //! kRange on NUMBER: a value coef * 10^-s with 0 <= s < kScaledScales passes when
    //! num_lo[s] <= coef <= num_hi[s] (the bounds times 10^s, rounded inward, saturated at
    //! +-10^38 beyond which no stored coefficient lies).
    std::array<int128, kScaledScales> num_lo{}, num_hi{};
    //! num_lo/num_hi for a coefficient that fits 64 bits: clamped to int64, or lo > hi
    //! when no such coefficient lies in the range.
    std::array<int64_t, kScaledScales> num_lo64{}, num_hi64{};
    ScalarKey lo, hi;
    std::vector<ScalarKey> keys;  //!< kEq / kNe: one; kIn: the list
  };
  //! Relative cost of one test of a row (0 cheapest); tests_ is kept in this order.
  static int TestCost(const Compiled& c);
  static bool TestOne(const Compiled& c, const Field& f) {
    // The common case inline: a range (or one bound) on a NUMBER column.
    if (c.op == Op::kRange && c.type == TypeId::kNumber) {
      return !f.is_null && NumberInRange(c, DecodeDecimal(f.bytes));
    }
    if (c.op == Op::kRange && c.int_range) {
      // DATE/TIMESTAMP: the bounds were made inclusive int64s when compiled.
      if (f.is_null) return false;
      const int64_t v = ReadI64(f.bytes);
      return v >= c.int_lo && v <= c.int_hi;
    }
    if (c.op == Op::kIsNotNull) return !f.is_null;
    return Test(c, f);
  }
  //! NumberInRange of a non-NULL stored NUMBER: one 8-byte load and two 64-bit compares
  //! when its coefficient fits 64 bits (no branch on its length, which varies row to row).
  static bool NumberInRangeAt(const Compiled& c, std::string_view bytes, const char* limit) {
    int64_t coef;
    int32_t scale;
    if (DecodeSmallNumber(bytes, limit, coef, scale) &&
        static_cast<uint32_t>(scale) < kScaledScales) [[likely]] {
      const auto s = static_cast<size_t>(scale);
      return (coef >= c.num_lo64[s]) & (coef <= c.num_hi64[s]);
    }
    return NumberInRange(c, DecodeDecimal(bytes));
  }
  static bool NumberInRange(const Compiled& c, const Decimal& d) {
    // A stored value of scale 0..kScaledScales-1 (nearly all are): two integer compares on
    // its coefficient against the bounds scaled to that scale, instead of Decimal compares
    // that align scales (a third of a scan's predicate cost).
    if (static_cast<uint32_t>(d.scale) < kScaledScales) {
      const auto s = static_cast<size_t>(d.scale);
      return d.coef >= c.num_lo[s] && d.coef <= c.num_hi[s];
    }
    if (c.has_lo) {
      const auto x = d <=> c.lo.num;
      if (x < 0 || (x == 0 && !c.lo_incl)) return false;
    }
    if (c.has_hi) {
      const auto x = d <=> c.hi.num;
      if (x > 0 || (x == 0 && !c.hi_incl)) return false;
    }
    return true;
  }
  static int CompareField(TypeId type, std::string_view bytes, const ScalarKey& k);
  //! Fills int_lo/int_hi (and int_range) of a DATE/TIMESTAMP kRange from its bounds.
  static void SetIntRange(Compiled& c);
  //! Fills num_lo/num_hi of a NUMBER kRange from its bounds.
  static void SetScaledRange(Compiled& c);
  static bool Test(const Compiled& c, const Field& f);
  static ScalarKey KeyOf(const Value& v, TypeId type);
  std::vector<Compiled> tests_;
  std::vector<ScanPredicate> preds_;  //!< as given, for region checks
  std::vector<uint32_t> columns_;
};

//! Min/max/has-NULL of some columns over the rows of one region, built while it is read.
class RegionSummary {
 public:
  //! Starts a region: `columns` (of types `types`) are summarised.
  void Begin(const std::vector<uint32_t>& columns, const std::vector<LogicalType>& types,
             uint64_t changes);
  void Add(const std::vector<Field>& fields);
  //! Hands the summary to `index` when nothing changed the segment since Begin.
  void Store(StorageIndex& index, uint32_t region) const;
  bool active() const { return active_; }
  void Cancel() { active_ = false; }

 private:
  struct Acc {
    uint32_t column = 0;
    TypeId type = TypeId::kNull;
    bool has_null = false, seen = false;
    ScalarKey min, max;
  };
  std::vector<Acc> acc_;
  uint64_t changes_ = 0;
  bool active_ = false;
};

}  // namespace pathdb::storage
