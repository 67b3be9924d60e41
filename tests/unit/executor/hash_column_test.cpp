// HashColumn (a batch's key hashes, column by column) must give exactly what HashCell gives per
// row: the join's build, its probe, GROUP BY and the join filter's bits all meet through these
// values. Random NUMBERs of every scale (trailing zeros, 128-bit coefficients, equal values
// written differently), DATEs, strings, NULLs, constant vectors and selections.
#include <gtest/gtest.h>

#include <random>

#include "common/vector.h"
#include "executor/bloom_filter.h"
#include "executor/cell_ops.h"

namespace pathdb {
namespace {

Decimal RandomDecimal(std::mt19937_64& rng) {
  Decimal d;
  switch (rng() % 5) {
    case 0:  // an id with trailing zeros (10, 2500, ...)
      d = Decimal::FromInt(static_cast<int64_t>(rng() % 1000) * 10 * (1 + rng() % 3));
      break;
    case 1:  // scaled: 12.50 written with scale 2 and scale 1 must hash alike
      d.coef = static_cast<int64_t>(rng() % 100000) - 50000;
      d.scale = static_cast<int32_t>(rng() % 4);
      break;
    case 2:  // wider than 64 bits
      d.coef = static_cast<int128>(static_cast<int64_t>(rng() >> 1)) * 1000003;
      d.scale = static_cast<int32_t>(rng() % 3);
      break;
    case 3:
      d = Decimal::FromInt(static_cast<int64_t>(rng()));
      break;
    default:
      d = Decimal::FromInt(static_cast<int64_t>(rng() % 7) - 3);
  }
  return d;
}

TEST(HashColumn, EqualsHashCellRowByRow) {
  std::mt19937_64 rng(7);
  const std::vector<std::pair<LogicalType, TypeId>> kinds = {
      {LogicalType::Number(), TypeId::kNumber},   {LogicalType::Date(), TypeId::kDate},
      {LogicalType::Varchar(), TypeId::kVarchar}, {LogicalType::Number(), TypeId::kDouble},
      {LogicalType::Date(), TypeId::kTimestamp},  {LogicalType::IntervalDS(), TypeId::kIntervalDS},
  };
  for (int round = 0; round < 200; ++round) {
    const size_t n = 1 + rng() % 300;
    std::vector<LogicalType> types;
    std::vector<TypeId> as;
    const size_t ncols = 1 + rng() % 3;
    for (size_t c = 0; c < ncols; ++c) {
      const auto& k = kinds[rng() % kinds.size()];
      types.push_back(k.first);
      as.push_back(k.second);
    }
    DataChunk chunk(types);
    for (size_t c = 0; c < ncols; ++c) {
      Vector& v = chunk.column(c);
      for (size_t r = 0; r < n; ++r) {
        Value val = Value::Null(types[c]);
        if (rng() % 8 != 0) {
          switch (types[c].id) {
            case TypeId::kNumber:
              val = Value::Number(RandomDecimal(rng));
              break;
            case TypeId::kDate:
              val = Value::Date(static_cast<int64_t>(rng() % 1000) * 86400);
              break;
            case TypeId::kIntervalDS:
              val = Value::Interval(static_cast<int64_t>(rng() % 1000), types[c]);
              break;
            default:
              val = Value::Varchar(std::to_string(rng() % 50));
              break;
          }
        }
        v.SetValue(r, val);
      }
      if (rng() % 6 == 0) v.SetConstant(v.GetValue(0));
    }
    chunk.SetSize(n);
    if (rng() % 2) {
      SelectionVector sel;
      for (uint32_t r = 0; r < n; ++r)
        if (rng() % 3) sel.push_back(r);
      chunk.SetSelection(std::move(sel));
    }
    std::vector<uint64_t> hashes(chunk.Count(), 0);
    std::vector<uint8_t> nulls(chunk.Count(), 0);
    for (size_t c = 0; c < ncols; ++c)
      HashColumn(chunk.column(c), chunk, as[c], hashes.data(), nulls.data());
    for (size_t i = 0; i < chunk.Count(); ++i) {
      const uint32_t r = chunk.RowIndex(i);
      uint64_t want = 0;
      bool null = false;
      for (size_t c = 0; c < ncols; ++c) {
        want = CombineHash(want, HashCell(chunk.column(c), r, as[c]));
        null = null || chunk.column(c).IsNull(r);
      }
      ASSERT_EQ(hashes[i], want) << "round " << round << " row " << r;
      ASSERT_EQ(nulls[i] != 0, null);
    }
  }
}

TEST(HashColumn, EqualNumbersHashAlikeWhateverTheirScale) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 10000; ++i) {
    const Decimal d = RandomDecimal(rng);
    // The same value with 0..3 more trailing zeros in its coefficient.
    Decimal wider = d;
    for (int k = 0; k < static_cast<int>(rng() % 4) && wider.coef < (int128{1} << 100); ++k) {
      wider.coef *= 10;
      wider.scale += 1;
    }
    ASSERT_EQ(d, wider);
    ASSERT_EQ(d.Hash(), wider.Hash()) << d.ToString();
  }
}

TEST(BloomFilterProbe, InsertedHashesAreAlwaysFound) {
  std::mt19937_64 rng(3);
  BloomFilter bloom(5000);
  std::vector<uint64_t> in;
  for (int i = 0; i < 5000; ++i) {
    in.push_back(rng());
    bloom.Insert(in.back());
  }
  for (uint64_t h : in) ASSERT_TRUE(bloom.MayContain(h));
  int false_positives = 0;
  for (int i = 0; i < 100000; ++i) false_positives += bloom.MayContain(rng()) ? 1 : 0;
  EXPECT_LT(false_positives, 3000);  // ~1% at 10 bits per key; 3% is a broken filter
}

}  // namespace
}  // namespace pathdb
