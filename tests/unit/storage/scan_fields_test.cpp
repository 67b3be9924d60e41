// The scan's row splitting and its compiled predicates, on encoded rows without a database:
// SplitFields finds exactly the fields a row holds and rejects a row whose lengths run past
// its end; DATE/TIMESTAMP ranges (compiled to inclusive int64 bounds) agree with comparing
// the values one by one, at every bound kind and at the ends of the int64 range; DecodeInto
// gives a NUMBER(p,s) column's values at scale s.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

#include "common/error.h"
#include "storage/row_codec.h"
#include "storage/scan_predicates.h"

namespace pathdb::storage {
namespace {

std::string Encode(const std::vector<Value>& values, const std::vector<LogicalType>& types) {
  RowEncoder enc;
  enc.Begin();
  for (size_t i = 0; i < values.size(); ++i) enc.AddValue(values[i], types[i]);
  return enc.Finish();
}

TEST(SplitFields, FindsNeededFieldsAndStepsOverTheRest) {
  const std::vector<LogicalType> types = {LogicalType::Integer(), LogicalType::Varchar(400),
                                          LogicalType::Date(), LogicalType::Varchar(20),
                                          LogicalType::Integer()};
  const std::string wide(300, 'w');  // longer than a one-byte length: the wide form
  const std::string row = Encode({Value::Integer(7), Value::Varchar(wide), Value::Date(86400),
                                  Value::Null(), Value::Integer(-3)},
                                 types);
  std::vector<Field> fields(6);
  const std::vector<uint8_t> needed = {0, 1, 1, 1, 1, 1};
  SplitFields(row, fields.data(), needed.data(), needed.size());
  EXPECT_EQ(fields[1].bytes, wide);
  EXPECT_EQ(ReadI64(fields[2].bytes), 86400);
  EXPECT_TRUE(fields[3].is_null);
  EXPECT_FALSE(fields[4].is_null);
  EXPECT_EQ(*DecodeDecimal(fields[4].bytes).ToInt64(), -3);
  EXPECT_TRUE(fields[5].is_null);  // past the row's columns
}

TEST(SplitFields, ALengthPastTheRowEndIsCorruptNotARead) {
  const std::vector<LogicalType> types = {LogicalType::Varchar(100), LogicalType::Integer()};
  const std::string row = Encode({Value::Varchar("abcdefgh"), Value::Integer(5)}, types);
  std::vector<Field> fields(2);
  const std::vector<uint8_t> needed = {1, 1};
  // Cut anywhere inside the fields: the lengths now run past the end.
  for (size_t cut = 4; cut < row.size(); ++cut) {
    const std::string_view piece(row.data(), cut);
    EXPECT_THROW(SplitFields(piece, fields.data(), needed.data(), needed.size()), OraError)
        << "cut at " << cut;
  }
  // A first field whose length claims more bytes than remain, the second never needed.
  std::string bad = row;
  bad[3] = static_cast<char>(200);
  const std::vector<uint8_t> first_only = {1, 0};
  EXPECT_THROW(SplitFields(bad, fields.data(), first_only.data(), first_only.size()), OraError);
  // A truncated wide length.
  std::string wide = Encode({Value::Varchar(std::string(300, 'x'))}, {types[0]});
  EXPECT_THROW(SplitFields(std::string_view(wide.data(), 5), fields.data(), needed.data(), 1),
               OraError);
}

// A join filter probed on stored rows hashes NUMBER keys from their bytes (DecodeSmallNumber,
// Decimal::HashOf) and must reach the executor's hash of the decoded value exactly, or the
// filter drops rows that join: every coefficient length, sign, scale and trailing zeros.
// SplitListed (stepping over unread fields without testing each) finds exactly what
// SplitFields finds, for random rows with NULLs, wide fields and left-out trailing NULLs, and
// random sets of read fields; and it rejects a row whose lengths run past its end.
TEST(SplitListed, AgreesWithSplitFields) {
  std::mt19937_64 rng(23);
  const std::vector<LogicalType> types = {LogicalType::Integer(),    LogicalType::Varchar(400),
                                          LogicalType::Date(),       LogicalType::Varchar(20),
                                          LogicalType::Integer(),    LogicalType::Varchar(400),
                                          LogicalType::Number(12, 2)};
  const size_t ncols = types.size();
  auto random_row = [&]() {
    std::vector<Value> values;
    for (size_t c = 0; c < ncols; ++c) {
      if (rng() % 5 == 0) {
        values.push_back(Value::Null());
      } else if (types[c].id == TypeId::kVarchar) {
        values.push_back(Value::Varchar(std::string(rng() % 3 == 0 ? 254 + rng() % 60 : rng() % 9,
                                                    static_cast<char>('a' + rng() % 26))));
      } else if (types[c].id == TypeId::kDate) {
        values.push_back(Value::Date(static_cast<int64_t>(rng() % 100000) * 86400));
      } else {
        values.push_back(Value::Integer(static_cast<int64_t>(rng() % 2000001) - 1000000));
      }
    }
    return Encode(values, types);  // trailing NULLs are left out of the row
  };
  for (int round = 0; round < 400; ++round) {
    std::vector<uint8_t> needed(ncols);
    for (auto& x : needed) x = rng() % 2;
    const size_t n = 1 + rng() % ncols;
    needed.resize(n);
    const FieldList list(needed.data(), n);
    std::array<std::string, 4> rows;
    for (auto& r : rows) r = random_row();
    std::vector<Field> want(4 * ncols), one(ncols);
    for (size_t g = 0; g < 4; ++g) {
      SplitFields(rows[g], &want[g * ncols], needed.data(), n);
      // The walk with a limit: far past the row (the unchecked walk) and at its end (checked).
      std::string padded = rows[g] + std::string(3 + n * kLenWide, '\xfe');
      const std::string_view in_padded(padded.data(), rows[g].size());
      const char* end = padded.data() + padded.size();
      const char* row_end = padded.data() + rows[g].size();
      for (const char* limit : {static_cast<const char*>(nullptr), end, row_end}) {
        if (limit == nullptr) {
          SplitListed(rows[g], one.data(), list);
        } else {
          SplitListed(in_padded, one.data(), list, limit);
        }
        for (size_t c = 0; c < n; ++c) {
          if (!needed[c]) continue;
          ASSERT_EQ(one[c].is_null, want[g * ncols + c].is_null) << round << " col " << c;
          if (!one[c].is_null) {
            ASSERT_EQ(one[c].bytes, want[g * ncols + c].bytes);
          }
        }
      }
    }
  }
  // Cut anywhere: the lengths run past the end, whichever field is read.
  const std::string row = Encode({Value::Varchar("abcdefgh"), Value::Integer(5),
                                  Value::Varchar(std::string(300, 'w')), Value::Integer(6)},
                                 {LogicalType::Varchar(100), LogicalType::Integer(),
                                  LogicalType::Varchar(400), LogicalType::Integer()});
  const std::vector<uint8_t> last = {0, 0, 0, 1};
  const FieldList list(last.data(), last.size());
  std::vector<Field> fields(4);
  // The same piece inside a bigger buffer: the unchecked walk reads past the cut, and its one
  // test at the end still finds the row corrupt. A wide field there hands the row to the
  // checked walk, which finds it so too.
  std::string padded = row + std::string(3 + 4 * kLenWide, '\x01');
  for (size_t cut = 4; cut < row.size(); ++cut) {
    const std::string_view piece(row.data(), cut);
    EXPECT_THROW(SplitListed(piece, fields.data(), list), OraError) << "cut at " << cut;
    EXPECT_THROW(SplitListed(std::string_view(padded.data(), cut), fields.data(), list,
                             padded.data() + padded.size()),
                 OraError)
        << "cut at " << cut;
  }
}

TEST(DecodeSmallNumber, HashesAsTheDecodedDecimal) {
  std::mt19937_64 rng(42);
  std::vector<Decimal> values = {Decimal{},
                                 Decimal{1, 0},
                                 Decimal{-1, 0},
                                 Decimal{10, 0},
                                 Decimal{150, 2},
                                 Decimal{15, 1},
                                 Decimal{-1000, 0},
                                 Decimal{std::numeric_limits<int64_t>::max(), 0},
                                 Decimal{std::numeric_limits<int64_t>::min(), 3},
                                 Decimal{127, 0},
                                 Decimal{128, 0},
                                 Decimal{-128, 0},
                                 Decimal{-129, 0},
                                 Decimal{5, -3}};
  for (int i = 0; i < 20000; ++i) {
    const int bits = static_cast<int>(rng() % 63);
    auto c = static_cast<int64_t>(rng() >> (63 - bits)) * ((rng() & 1) ? -1 : 1);
    if (rng() % 4 == 0 && c < (1LL << 50) && c > -(1LL << 50)) c *= 1000;  // trailing zeros
    values.push_back(Decimal{c, static_cast<int32_t>(rng() % 12)});
  }
  std::vector<char> block(64, '\x5a');  // room past the field, bytes that must be ignored
  for (const Decimal& d : values) {
    unsigned char enc[17];
    const size_t n = EncodeDecimal(d, enc);
    std::memcpy(block.data(), enc, n);
    const std::string_view field(block.data(), n);
    int64_t coef = 0;
    int32_t scale = 0;
    ASSERT_TRUE(DecodeSmallNumber(field, block.data() + block.size(), coef, scale)) << d.ToString();
    EXPECT_EQ(Decimal::HashOf(coef, scale), d.Hash()) << d.ToString();
    EXPECT_EQ(Decimal::HashOf(coef, scale), DecodeDecimal(field).Hash()) << d.ToString();
    EXPECT_TRUE((Decimal{coef, scale} == d)) << d.ToString();
    // Too close to the end of the block for one 8-byte load: the caller decodes it.
    EXPECT_FALSE(DecodeSmallNumber(field, block.data() + 8, coef, scale));
  }
  // Wider than 64 bits: not taken.
  unsigned char enc[17];
  const size_t n = EncodeDecimal(Decimal{static_cast<int128>(1) << 70, 0}, enc);
  int64_t coef;
  int32_t scale;
  EXPECT_FALSE(DecodeSmallNumber(std::string_view(reinterpret_cast<char*>(enc), n),
                                 reinterpret_cast<char*>(enc) + sizeof enc, coef, scale));
}

TEST(DecodeInto, NumberAtTheColumnsScaleKeepsTheValue) {
  // A NUMBER(p,s) column decodes every value at scale s (17 stored as 17 comes out as
  // 1700 x 10^-2 in NUMBER(9,2)), so a batch has one scale; the value never changes, and
  // columns without a declared scale, or values too wide to scale up, stay as stored.
  std::mt19937_64 rng(12);
  const std::vector<LogicalType> types = {LogicalType::Number(9, 2), LogicalType::Number(15, 0),
                                          LogicalType::Number(30, 4), LogicalType::Number(),
                                          LogicalType::Number(5, -2)};
  for (int i = 0; i < 4000; ++i) {
    const LogicalType& t = types[rng() % types.size()];
    Decimal d{static_cast<int64_t>(rng() % 2000001) - 1000000, static_cast<int32_t>(rng() % 3)};
    if (t.scale >= 0 && d.scale > t.scale) d.scale = t.scale;
    if (t.scale < 0) d.scale = t.scale - static_cast<int32_t>(rng() % 2);
    if (rng() % 10 == 0) d.coef = static_cast<int128>(d.coef) * 1'000'000'000'000'000'000LL;
    if (rng() % 20 == 0) d = Decimal{};
    unsigned char enc[17];
    const size_t n = EncodeDecimal(d, enc);
    Vector v(t);
    DecodeInto(std::string_view(reinterpret_cast<char*>(enc), n), v, 3);
    const Decimal got = v.Data<Decimal>()[3];
    ASSERT_FALSE(v.IsNull(3));
    EXPECT_TRUE(got == d) << d.ToString() << " -> " << got.ToString();
    const Decimal stored = DecodeDecimal(std::string_view(reinterpret_cast<char*>(enc), n));
    const bool small =
        stored.coef < 1'000'000'000'000'000'000LL && stored.coef > -1'000'000'000'000'000'000LL;
    if (t.scale >= stored.scale && t.scale - stored.scale <= 18 && small && t.precision > 0) {
      EXPECT_EQ(got.scale, t.scale) << d.ToString() << " in " << t.ToString();
    } else {
      EXPECT_EQ(got.scale, stored.scale) << d.ToString() << " in " << t.ToString();
      EXPECT_TRUE(got.coef == stored.coef) << d.ToString();
    }
  }
}

TEST(ScanPredicatesDate, RangesAgreeWithComparingEachValue) {
  std::mt19937_64 rng(42);
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  const std::vector<int64_t> edges = {kMin, kMin + 1, -1, 0, 1, 86400, kMax - 1, kMax};
  auto pick = [&] {
    return rng() % 3 == 0 ? edges[rng() % edges.size()] : static_cast<int64_t>(rng() % 21) - 10;
  };
  const CompareOp ops[] = {CompareOp::kLt, CompareOp::kLe, CompareOp::kGt, CompareOp::kGe,
                           CompareOp::kEq};
  for (const LogicalType type : {LogicalType::Date(), LogicalType::Timestamp()}) {
    for (int round = 0; round < 2000; ++round) {
      ScanPredicates preds;
      std::vector<std::pair<CompareOp, int64_t>> conds;
      const int n = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < n; ++k) {
        const CompareOp op = ops[rng() % std::size(ops)];
        const int64_t v = pick();
        const Value bound = type.id == TypeId::kDate ? Value::Date(v) : Value::Timestamp(v);
        preds.Add({ScanPredicate::Kind::kCompare, 0, op, {bound}}, type);
        conds.emplace_back(op, v);
      }
      for (int probe = 0; probe < 20; ++probe) {
        const int64_t x = pick();
        bool want = true;
        for (const auto& [op, v] : conds) {
          switch (op) {
            case CompareOp::kLt:
              want = want && x < v;
              break;
            case CompareOp::kLe:
              want = want && x <= v;
              break;
            case CompareOp::kGt:
              want = want && x > v;
              break;
            case CompareOp::kGe:
              want = want && x >= v;
              break;
            case CompareOp::kEq:
              want = want && x == v;
              break;
            case CompareOp::kNe:
              want = want && x != v;
              break;
          }
        }
        const std::string row =
            Encode({type.id == TypeId::kDate ? Value::Date(x) : Value::Timestamp(x)}, {type});
        std::vector<Field> fields(1);
        const uint8_t needed = 1;
        SplitFields(row, fields.data(), &needed, 1);
        ASSERT_EQ(preds.Matches(fields.data()), want) << "x=" << x << " round " << round;
        fields[0].is_null = true;
        ASSERT_FALSE(preds.Matches(fields.data()));  // NULL passes no comparison
      }
    }
  }
}

TEST(ScanPredicatesNumber, ScaledRangesAgreeWithDecimalComparison) {
  // NUMBER ranges compare a stored value's coefficient with the bounds scaled to its scale
  // (rounded inward, saturated); this checks them against Decimal's own ordering for bounds
  // and values of every scale (negative, 0..18 taken by the scaled path, 19+ by the general
  // one), edges of 38 digits, inclusive and exclusive ends, and NULL.
  std::mt19937_64 rng(7);
  const int128 big = static_cast<int128>(10'000'000'000'000'000'000ULL) *
                         static_cast<int128>(10'000'000'000'000'000'000ULL) / 10 -
                     1;  // 38 nines
  const std::vector<int128> edges = {
      0, 1, -1, 5, -5, 10, 99, 100, 12345, -12345, static_cast<int128>(1) << 62, big, -big};
  auto coef = [&]() -> int128 {
    if (rng() % 3 == 0) return edges[rng() % edges.size()];
    return static_cast<int128>(static_cast<int64_t>(rng() % 200001) - 100000);
  };
  auto decimal = [&](int lo_scale, int hi_scale) {
    const auto sc =
        static_cast<int32_t>(lo_scale + static_cast<int>(rng() % (hi_scale - lo_scale + 1)));
    return Decimal{coef(), sc};
  };
  const CompareOp ops[] = {CompareOp::kLt, CompareOp::kLe, CompareOp::kGt, CompareOp::kGe};
  for (int round = 0; round < 3000; ++round) {
    ScanPredicates preds;
    std::vector<std::pair<CompareOp, Decimal>> conds;
    const int n = 1 + static_cast<int>(rng() % 2);
    for (int k = 0; k < n; ++k) {
      const CompareOp op = ops[rng() % std::size(ops)];
      const Decimal v = decimal(-3, 24);
      preds.Add({ScanPredicate::Kind::kCompare, 0, op, {Value::Number(v)}}, LogicalType::Number());
      conds.emplace_back(op, v);
    }
    for (int probe = 0; probe < 30; ++probe) {
      // Near a bound half of the time: the bound itself, or one unit of some scale off it.
      Decimal x = decimal(0, 24);
      if (rng() % 2 == 0) {
        x = conds[rng() % conds.size()].second;
        if (rng() % 2 == 0) {
          const int32_t s = static_cast<int32_t>(rng() % 20);
          try {
            x = x + Decimal{rng() % 2 ? 1 : -1, s};
          } catch (const std::exception&) {  // past 38 digits: keep the bound itself
          }
        }
      }
      bool want = true;
      for (const auto& [op, v] : conds) {
        const auto c = x <=> v;
        switch (op) {
          case CompareOp::kLt:
            want = want && c < 0;
            break;
          case CompareOp::kLe:
            want = want && c <= 0;
            break;
          case CompareOp::kGt:
            want = want && c > 0;
            break;
          case CompareOp::kGe:
            want = want && c >= 0;
            break;
          default:
            break;
        }
      }
      const std::string row = Encode({Value::Number(x)}, {LogicalType::Number()});
      std::vector<Field> fields(1);
      const uint8_t needed = 1;
      SplitFields(row, fields.data(), &needed, 1);
      ASSERT_EQ(preds.Matches(fields.data()), want)
          << "x=" << x.ToString() << " scale " << x.scale << " round " << round << " first bound "
          << static_cast<int>(conds[0].first) << " " << conds[0].second.ToString() << " scale "
          << conds[0].second.scale << " n " << conds.size()
          << (conds.size() > 1 ? " second " + std::to_string(static_cast<int>(conds[1].first)) +
                                     " " + conds[1].second.ToString() + " scale " +
                                     std::to_string(conds[1].second.scale)
                               : "");
      // The batch test, whose NUMBER ranges load 8 bytes from a field's start when `limit`
      // allows (int64 bounds) and decode it otherwise: the same answer either way.
      const std::string padded = row + std::string(8, '\x7f');
      std::vector<Field> at(1);
      SplitFields(std::string_view(padded.data(), row.size()), at.data(), &needed, 1);
      const char* end = padded.data() + padded.size();
      const char* row_end = padded.data() + row.size();
      for (const char* limit : {end, row_end}) {
        uint32_t sel[3] = {0, 0, 0};
        ASSERT_EQ(preds.Select(at.data(), 1, sel, 3, limit), want ? 3u : 0u)
            << "x=" << x.ToString() << " scale " << x.scale << " round " << round;
      }
      fields[0].is_null = true;
      ASSERT_FALSE(preds.Matches(fields.data()));
      uint32_t sel[1] = {0};
      ASSERT_EQ(preds.Select(fields.data(), 1, sel, 1, row.data() + row.size()), 0u);
    }
  }
}

}  // namespace
}  // namespace pathdb::storage
