// In-memory column units beyond whole-byte codes: bit-packed codes (MEMCOMPRESS FOR QUERY HIGH
// and CAPACITY) unpack to exactly what was packed at every width and offset; a sequence
// (ids in load order) keeps no codes; frame of reference counts in units of the values'
// common divisor (whole seconds of a TIMESTAMP). For each, the codes-level filter, decode and
// aggregates agree with the same tests row by row on the values, and the unit is smaller.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "storage/inmemory/bit_pack.h"
#include "storage/inmemory/column_cu.h"
#include "storage/row_codec.h"

namespace pathdb::storage::im {
namespace {

TEST(BitPack, UnpackGivesBackEveryCodeAtEveryWidthAndOffset) {
  std::mt19937_64 rng(7);
  for (int bits = 0; bits <= kMaxPackedBits; ++bits) {
    const size_t n = 3000;
    const uint64_t top = bits == 0 ? 0 : (uint64_t{1} << bits) - 1;
    std::vector<uint64_t> codes(n);
    for (auto& c : codes) c = rng() % 5 == 0 ? top : rng() & top;
    std::vector<uint8_t> packed = PackedArray(n, bits);
    ASSERT_EQ(packed.size(), (n * static_cast<size_t>(bits) + 7) / 8 + kPackPadding);
    for (size_t i = 0; i < n; ++i) PutPacked(packed.data(), bits, i, codes[i]);
    for (int round = 0; round < 20; ++round) {
      const size_t first = rng() % n;
      const size_t len = round == 0 ? n - first : rng() % (n - first + 1);
      std::vector<uint64_t> out(len + 1, 0xdead);
      const int w = LaneWidth(bits);
      std::vector<uint8_t> lanes(len * static_cast<size_t>(w) + 8);
      UnpackBits(packed.data(), bits, first, len, lanes.data());
      for (size_t i = 0; i < len; ++i) {
        uint64_t v = 0;
        std::memcpy(&v, lanes.data() + i * static_cast<size_t>(w), static_cast<size_t>(w));
        ASSERT_EQ(v, codes[first + i]) << "bits " << bits << " first " << first << " i " << i;
        ASSERT_EQ(GetPacked(packed.data(), bits, first + i), codes[first + i]);
      }
    }
  }
}

// A column of NUMBER(12,2) or TIMESTAMP values built into a ColumnCU, with the row-by-row
// answers to compare against.
struct Column {
  LogicalType type;
  std::vector<std::optional<Value>> values;

  ColumnCU Build(EncodingChoice choice, bool bit_pack) const {
    ColumnBuffer buf(type);
    unsigned char bytes[32] = {};
    const char* begin = reinterpret_cast<const char*>(bytes);
    for (size_t i = 0; i < values.size(); ++i) {
      const auto& v = values[i];
      // Every other NUMBER readable 8 bytes at a time, the others only up to their end.
      const size_t n = !v ? 0 : type.id == TypeId::kNumber ? EncodeDecimal(v->number(), bytes) : 8;
      if (v && type.id != TypeId::kNumber) {
        const int64_t x = v->date();
        std::memcpy(bytes, &x, 8);
      }
      buf.AppendField(!v, {begin, n}, i % 2 == 0 ? begin + sizeof(bytes) : begin + n);
    }
    return ColumnCU::Build(std::move(buf), choice, bit_pack);
  }
};

bool Passes(const std::optional<Value>& v, const ScanPredicate& p) {
  using K = ScanPredicate::Kind;
  if (p.kind == K::kIsNull) return !v;
  if (p.kind == K::kIsNotNull) return v.has_value();
  if (!v) return false;
  if (p.kind == K::kInList) {
    for (const Value& c : p.values)
      if (v->Compare(c) == 0) return true;
    return false;
  }
  return Holds(p.op, v->Compare(p.values[0]));
}

// Every predicate against the CU batch by batch (codes) and row by row (values); decode and
// COUNT/SUM/MIN/MAX of the passing rows too.
void CheckAgainstRows(const Column& col, const ColumnCU& cu, const std::vector<ScanPredicate>& ps) {
  const size_t rows = col.values.size();
  std::vector<uint8_t> mask(kVectorSize), scratch(ScratchBytes(kVectorSize));
  std::vector<uint32_t> sel(kVectorSize);
  for (Simd simd : {Simd::kScalar, Simd::kAvx2}) {
    if (simd == Simd::kAvx2 && !CpuHasAvx2()) continue;
    for (const ScanPredicate& p : ps) {
      const CodeTest t = cu.Compile(p);
      ColumnCU::BatchAggregate agg;
      uint64_t count = 0;
      std::optional<Value> lo, hi;
      Decimal sum{};
      for (size_t begin = 0; begin < rows; begin += kVectorSize) {
        const size_t n = std::min(kVectorSize, rows - begin);
        const auto b32 = static_cast<uint32_t>(begin);
        cu.Filter(t, b32, n, mask.data(), simd, scratch.data(), /*first=*/begin % 2 == 0);
        if (begin % 2 != 0) {  // ANDed into a mask of ones must give the same
          std::vector<uint8_t> again(n, 1);
          cu.Filter(t, b32, n, again.data(), simd, scratch.data(), false);
          for (size_t i = 0; i < n; ++i) ASSERT_EQ(again[i], mask[i]);
        }
        size_t k = 0;
        for (size_t i = 0; i < n; ++i) {
          const auto& v = col.values[begin + i];
          ASSERT_EQ(mask[i] != 0, Passes(v, p))
              << "row " << begin + i << " encoding " << EncodingName(cu.encoding());
          if (mask[i]) sel[k++] = static_cast<uint32_t>(begin + i);
          if (mask[i] && v) {
            ++count;
            if (col.type.id == TypeId::kNumber) sum = sum + v->number();
            if (!lo || v->Compare(*lo) < 0) lo = v;
            if (!hi || v->Compare(*hi) > 0) hi = v;
          }
        }
        cu.Aggregate(mask.data(), b32, n, true, true, scratch.data(), agg);
        Vector out(col.type);
        cu.Decode(sel.data(), k, out, 0);
        for (size_t i = 0; i < k; ++i) {
          const auto& v = col.values[sel[i]];
          ASSERT_EQ(out.IsNull(i), !v);
          if (v) {
            ASSERT_EQ(out.GetValue(i).Compare(*v), 0) << "row " << sel[i];
          }
        }
      }
      ASSERT_EQ(agg.count, count);
      ASSERT_EQ(agg.min.has_value(), lo.has_value());
      if (lo) {
        ASSERT_EQ(agg.min->Compare(*lo), 0);
        ASSERT_EQ(agg.max->Compare(*hi), 0);
      }
      if (col.type.id == TypeId::kNumber && count > 0) {
        ASSERT_TRUE((agg.sum <=> sum) == 0);
      }
    }
  }
}

ScanPredicate Cmp(CompareOp op, Value v) {
  ScanPredicate p;
  p.op = op;
  p.values = {std::move(v)};
  return p;
}

ScanPredicate In(std::vector<Value> vs) {
  ScanPredicate p;
  p.kind = ScanPredicate::Kind::kInList;
  p.values = std::move(vs);
  return p;
}

Value Num(int64_t coef, int scale) {
  return Value::Number(Decimal{coef, scale});
}

std::vector<ScanPredicate> NumberPredicates(std::mt19937_64& rng, int64_t top) {
  std::vector<ScanPredicate> ps;
  for (CompareOp op : {CompareOp::kEq, CompareOp::kNe, CompareOp::kLt, CompareOp::kLe,
                       CompareOp::kGt, CompareOp::kGe}) {
    const auto c = static_cast<int64_t>(rng() % static_cast<uint64_t>(top + 10)) - 5;
    ps.push_back(Cmp(op, Num(c, 0)));
    ps.push_back(Cmp(op, Num(c * 10 + 5, 1)));  // between two values of the column
    ps.push_back(Cmp(op, Num(c * 1000 + 1, 3)));
  }
  ps.push_back(In({Num(static_cast<int64_t>(rng() % static_cast<uint64_t>(top)), 0), Num(3, 0),
                   Num(35, 1), Num(top, 0)}));
  ps.push_back(Cmp(CompareOp::kGe, Num(-1000000000, 0)));  // every row
  ScanPredicate isnull;
  isnull.kind = ScanPredicate::Kind::kIsNull;
  ps.push_back(isnull);
  return ps;
}

TEST(InMemoryEncoding, SequenceKeepsNoCodesAndAnswersLikeTheRows) {
  std::mt19937_64 rng(11);
  for (int64_t step : {1, 3}) {
    Column col{LogicalType::Number(), {}};
    for (int64_t i = 0; i < 9000; ++i) col.values.push_back(Num((1000 + i * step) * 100, 2));
    const ColumnCU cu = col.Build(EncodingChoice::kAuto, false);
    ASSERT_EQ(cu.encoding(), Encoding::kSequence);
    EXPECT_LT(cu.bytes(), 1000u);
    const ColumnCU forced = col.Build(EncodingChoice::kFrameOfReference, false);
    ASSERT_EQ(forced.encoding(), Encoding::kFrameOfReference);
    EXPECT_GE(forced.bytes(), 9000u * 2);
    auto ps = NumberPredicates(rng, 1000 + 9000 * step);
    ps.push_back(Cmp(CompareOp::kLe, Num(1000 + 4500 * step, 0)));
    ps.push_back(Cmp(CompareOp::kGt, Num(1000 + 2000 * step, 0)));
    ps.push_back(Cmp(CompareOp::kNe, Num(1000 + 2049 * step, 0)));
    ps.push_back(In({Num(1000, 0), Num(1000 + 2048 * step, 0), Num(1000 + 8999 * step, 0),
                     Num(1000 + step + 1, 0)}));
    CheckAgainstRows(col, cu, ps);
    CheckAgainstRows(col, forced, ps);
  }
  // Not a sequence: a NULL, a step that changes, a descending run.
  for (int kind = 0; kind < 3; ++kind) {
    Column col{LogicalType::Number(), {}};
    for (int64_t i = 0; i < 3000; ++i) col.values.push_back(Num(kind == 2 ? 5000 - i : i, 0));
    if (kind == 0) col.values[1500].reset();
    if (kind == 1) col.values[2999] = Num(5000, 0);
    const ColumnCU cu = col.Build(EncodingChoice::kAuto, false);
    EXPECT_NE(cu.encoding(), Encoding::kSequence) << kind;
    CheckAgainstRows(col, cu, NumberPredicates(rng, 5000));
  }
}

TEST(InMemoryEncoding, FrameOfReferenceCountsInTheValuesCommonUnit) {
  std::mt19937_64 rng(5);
  // Whole seconds as TIMESTAMP microseconds over ten years: 4-byte offsets, not 8.
  Column ts{LogicalType::Timestamp(), {}};
  const int64_t base = 1'388'534'400'000'000;  // 2014-01-01
  for (int i = 0; i < 6000; ++i) {
    if (i % 97 == 0) {
      ts.values.emplace_back();
    } else {
      ts.values.push_back(
          Value::Timestamp(base + static_cast<int64_t>(rng() % 315'000'000) * 1'000'000));
    }
  }
  const ColumnCU cu = ts.Build(EncodingChoice::kFrameOfReference, false);
  ASSERT_EQ(cu.encoding(), Encoding::kFrameOfReference);
  EXPECT_LT(cu.bytes(), 6000u * 6);  // 4 bytes a row and a NULL byte (8 + 1 without the unit)
  std::vector<ScanPredicate> ps;
  for (int i = 0; i < 12; ++i) {
    const int64_t at = base + static_cast<int64_t>(rng() % 315'000'000) * 1'000'000;
    const auto op = static_cast<CompareOp>(i % 6);
    ps.push_back(Cmp(op, Value::Timestamp(at)));
    ps.push_back(Cmp(op, Value::Timestamp(at + 500'000)));  // half a second: between codes
    ps.push_back(Cmp(op, *ts.values[static_cast<size_t>(i) * 7 + 1]));  // a value present
  }
  CheckAgainstRows(ts, cu, ps);
  CheckAgainstRows(ts, ts.Build(EncodingChoice::kFrameOfReference, true), ps);

  // NUMBER(12,2) holding whole tens, negative too: unit 1000 at scale 2.
  Column num{LogicalType::Number(), {}};
  for (int i = 0; i < 5000; ++i)
    num.values.push_back(Num((static_cast<int64_t>(rng() % 700) - 300) * 1000, 2));
  const ColumnCU n2 = num.Build(EncodingChoice::kFrameOfReference, false);
  EXPECT_LT(n2.bytes(), 5000u * 3);  // 2 bytes a row: 700 values in units of 10 (else 4)
  CheckAgainstRows(num, n2, NumberPredicates(rng, 400));
}

TEST(InMemoryEncoding, BitPackedUnitsAreSmallerAndAnswerLikeTheRows) {
  std::mt19937_64 rng(3);
  // 10-bit offsets (1..1000), 1-bit dictionary-sized domains, 20-bit prices, with NULLs.
  for (int64_t top : {1000, 1, 999'999, 77}) {
    Column col{LogicalType::Number(), {}};
    for (int i = 0; i < 7000; ++i) {
      if (i % 53 == 0) {
        col.values.emplace_back();
      } else {
        col.values.push_back(Num(100 + static_cast<int64_t>(rng() % static_cast<uint64_t>(top + 1)),
                                 top > 1000 ? 2 : 0));
      }
    }
    for (EncodingChoice choice :
         {EncodingChoice::kAuto, EncodingChoice::kFrameOfReference, EncodingChoice::kDictionary}) {
      const ColumnCU bytes = col.Build(choice, false);
      const ColumnCU packed = col.Build(choice, true);
      ASSERT_EQ(bytes.encoding(), packed.encoding());
      ASSERT_EQ(bytes.packed_bits(), -1);
      if (packed.encoding() == Encoding::kFrameOfReference) {
        EXPECT_EQ(packed.packed_bits(), BitsFor(static_cast<uint64_t>(top)));
      }
      if (packed.packed_bits() % 8 != 0) {
        EXPECT_LT(packed.bytes(), bytes.bytes()) << top;
      }
      auto ps = NumberPredicates(rng, top + 100);
      CheckAgainstRows(col, bytes, ps);
      CheckAgainstRows(col, packed, ps);
    }
  }
}

}  // namespace
}  // namespace pathdb::storage::im

namespace pathdb::storage::im {
namespace {

// SelectKeys (a join filter's exact key set tested on the codes of a whole batch) keeps
// exactly the rows whose value is a key and never a NULL row, for every encoding, byte and
// bit-packed codes, and batches starting anywhere in the unit.
TEST(InMemoryEncoding, SelectKeysKeepsTheKeysAndNoNullRow) {
  std::mt19937_64 rng(29);
  for (int shape = 0; shape < 3; ++shape) {
    Column col{LogicalType::Number(), {}};
    for (int64_t i = 0; i < 7000; ++i) {
      const int64_t v = shape == 0   ? 1000 + i             // a sequence
                        : shape == 1 ? 500 + (i / 37) % 90  // runs, few values
                                     : static_cast<int64_t>(rng() % 4000);
      col.values.push_back(Num(v, 0));
      if (shape != 0 && rng() % 11 == 0) col.values.back().reset();
    }
    RuntimeFilter::IntegerKeySet keys;
    keys.lo = 480;
    keys.bits = 4096;
    keys.words.assign(keys.bits / 64, 0);
    for (uint64_t b = 0; b < keys.bits; ++b) {
      if (rng() % 3 == 0) keys.words[b / 64] |= uint64_t{1} << (b % 64);
    }
    for (EncodingChoice choice :
         {EncodingChoice::kAuto, EncodingChoice::kPlain, EncodingChoice::kDictionary,
          EncodingChoice::kFrameOfReference, EncodingChoice::kRunLength}) {
      for (bool bit_pack : {false, true}) {
        const ColumnCU cu = col.Build(choice, bit_pack);
        ASSERT_TRUE(cu.IntegerNumbers());
        std::vector<uint32_t> sel(kVectorSize);
        std::vector<uint8_t> scratch(ScratchBytes(kVectorSize));
        for (size_t begin = 0; begin < col.values.size();) {
          const size_t n = std::min<size_t>(rng() % kVectorSize + 1, col.values.size() - begin);
          const size_t k =
              cu.SelectKeys(static_cast<uint32_t>(begin), n, keys, sel.data(), scratch.data());
          std::vector<uint32_t> want;
          for (size_t r = begin; r < begin + n; ++r) {
            const auto& v = col.values[r];
            if (v && keys.Contains(*v->number().ToInt64()))
              want.push_back(static_cast<uint32_t>(r));
          }
          ASSERT_EQ(std::vector<uint32_t>(sel.begin(), sel.begin() + static_cast<long>(k)), want)
              << "shape " << shape << " encoding " << EncodingName(cu.encoding()) << " packed "
              << bit_pack << " begin " << begin;
          begin += n;
        }
      }
    }
  }
}

}  // namespace
}  // namespace pathdb::storage::im
