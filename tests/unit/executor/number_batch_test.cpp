// The NUMBER batch kernels (arithmetic on scaled coefficients, SUM/AVG into few groups) must
// give exactly what Decimal's operators give row by row: the same coefficient and scale, the
// canonical zero, NULL in NULL out, and the general path for every batch that breaks their
// assumption (mixed scales, coefficients beyond 18 digits or 2^116, negative scales), with
// selections, constants and NULLs. Also: short string keys hash and compare as before.
#include <gtest/gtest.h>

#include <random>

#include "common/hash.h"
#include "executor/aggregate.h"
#include "executor/expression.h"
#include "expr_test_util.h"

namespace pathdb {
namespace {

//! Batches of one "kind": most are uniform (the fast path), the others break it one way.
Decimal RandomNumber(std::mt19937_64& rng, int kind, int32_t scale) {
  Decimal d;
  d.scale = scale;
  d.coef = static_cast<int64_t>(rng() % 2000001) - 1000000;  // zeros included
  if (rng() % 50 == 0) d.coef = 0;
  switch (kind) {
    case 1:  // now and then another scale
      if (rng() % 20 == 0) d.scale = static_cast<int32_t>(rng() % 5);
      break;
    case 2:  // now and then 18 or more digits (and beyond 2^116 for SUM)
      if (rng() % 30 == 0) {
        // Up to 2^96, then up to 2^120 (beyond SUM's 2^116, below 10^38).
        d.coef = static_cast<int128>(static_cast<int64_t>(rng() >> 2)) *
                 static_cast<int128>(static_cast<int64_t>(rng() >> 30));
        if (rng() % 2) d.coef *= static_cast<int128>(1) << 24;
        if (rng() % 2) d.coef = -d.coef;
      } else if (rng() % 30 == 0) {
        d.coef = 999'999'999'999'999'999LL + static_cast<int64_t>(rng() % 3);  // the edge
      }
      break;
    case 3:  // a negative scale
      if (rng() % 25 == 0) d.scale = -static_cast<int32_t>(1 + rng() % 3);
      break;
    case 4:  // now and then at the edge of SUM's 64-bit partial sums (+-2^52)
      if (rng() % 40 == 0) {
        d.coef = (static_cast<int128>(1) << 52) - 2 + static_cast<int64_t>(rng() % 4);
        if (rng() % 2) d.coef = -d.coef;
      }
      break;
    default:
      break;
  }
  return d;
}

void ExpectSameDecimal(const Decimal& got, const Decimal& want, const std::string& what) {
  EXPECT_TRUE(got.coef == want.coef && got.scale == want.scale)
      << what << ": got " << got.ToString() << " (scale " << got.scale << "), want "
      << want.ToString() << " (scale " << want.scale << ")";
}

TEST(NumberBatch, ArithmeticEqualsDecimalOperatorsRowByRow) {
  std::mt19937_64 rng(2026);
  for (int round = 0; round < 400; ++round) {
    const size_t n = 1 + rng() % kVectorSize;
    const int kind = static_cast<int>(rng() % 4);
    const auto sa = static_cast<int32_t>(rng() % 4), sb = static_cast<int32_t>(rng() % 4);
    DataChunk chunk({LogicalType::Number(), LogicalType::Number()});
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < 2; ++c) {
        Vector& v = chunk.column(c);
        const bool null = rng() % 15 == 0;
        v.SetNull(r, null);
        // Garbage under a NULL must not matter: a huge coefficient at a wild scale.
        v.Data<Decimal>()[r] = null ? Decimal{static_cast<int128>(1) << 100, 77}
                                    : RandomNumber(rng, kind, c == 0 ? sa : sb);
      }
    }
    chunk.SetSize(n);
    if (rng() % 2) {
      SelectionVector sel;
      for (uint32_t r = 0; r < n; ++r)
        if (rng() % 3) sel.push_back(r);
      chunk.SetSelection(std::move(sel));
    }
    const int shape = static_cast<int>(rng() % 3);  // col op col, const op col, col op const
    const Decimal konst = RandomNumber(rng, kind, static_cast<int32_t>(rng() % 3));
    const bool konst_null = rng() % 10 == 0;
    for (const char* op : {"+", "-", "*"}) {
      auto side = [&](size_t col) {
        if ((shape == 1 && col == 0) || (shape == 2 && col == 1)) {
          return konst_null ? exprtest::Null() : exprtest::Const(Value::Number(konst));
        }
        return exprtest::Col(col, LogicalType::Number());
      };
      auto e = exprtest::Fn(op, LogicalType::Number(), side(0), side(1));
      Vector out(LogicalType::Number());
      EvalContext ctx;
      ExpressionExecutor::Execute(*e, chunk, out, ctx);
      for (size_t i = 0; i < chunk.Count(); ++i) {
        const uint32_t r = chunk.RowIndex(i);
        const bool a_null = shape == 1 ? konst_null : chunk.column(0).IsNull(r);
        const bool b_null = shape == 2 ? konst_null : chunk.column(1).IsNull(r);
        const size_t p = out.kind() == Vector::Kind::kConstant ? 0 : r;
        ASSERT_EQ(out.IsNull(p), a_null || b_null) << op << " round " << round << " row " << r;
        if (a_null || b_null) continue;
        const Decimal a = shape == 1 ? konst : chunk.column(0).Data<Decimal>()[r];
        const Decimal b = shape == 2 ? konst : chunk.column(1).Data<Decimal>()[r];
        const Decimal want = op[0] == '+' ? a + b : (op[0] == '-' ? a - b : a * b);
        ExpectSameDecimal(out.Data<Decimal>()[p], want,
                          std::string(op) + " round " + std::to_string(round));
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

TEST(NumberBatch, SumAndAvgIntoFewGroupsEqualRowByRowSums) {
  std::mt19937_64 rng(4);
  for (int round = 0; round < 120; ++round) {
    const size_t groups = 1 + rng() % 6;
    const int kind = static_cast<int>(rng() % 5);
    const auto scale = static_cast<int32_t>(rng() % 3);
    const bool nulls = round % 3 != 0;  // a batch without NULLs takes the 64-bit partials
    std::vector<AggregateSpec> specs;
    specs.push_back({"SUM", false, exprtest::Col(0, LogicalType::Number()), LogicalType::Number()});
    specs.push_back({"AVG", false, exprtest::Col(0, LogicalType::Number()), LogicalType::Number()});
    // The planner's sharing (AggregateSpec::state_of): an AVG reading the SUM's accumulators,
    // a SUM reading the AVG's; a MIN asking to share keeps its own state (only SUM and AVG
    // accumulate alike). The shared ones are given the wrong argument: they must ignore it.
    specs.push_back(
        {"AVG", false, exprtest::Col(0, LogicalType::Number()), LogicalType::Number(), 0});
    specs.push_back(
        {"SUM", false, exprtest::Col(0, LogicalType::Number()), LogicalType::Number(), 1});
    specs.push_back(
        {"MIN", false, exprtest::Col(0, LogicalType::Number()), LogicalType::Number(), 0});
    AggregateStates states(specs);
    ASSERT_TRUE(states.Shared(2) && states.Shared(3));
    ASSERT_FALSE(states.Shared(0) || states.Shared(1) || states.Shared(4));
    std::vector<Decimal> least(groups);
    states.Resize(groups);
    std::vector<Decimal> want(groups);
    std::vector<int64_t> count(groups, 0);
    for (int batch = 0; batch < 3; ++batch) {
      const size_t n = 1 + rng() % kVectorSize;
      DataChunk chunk({LogicalType::Number()});
      Vector& v = chunk.column(0);
      for (size_t r = 0; r < n; ++r) {
        const bool null = nulls && rng() % 12 == 0;
        v.SetNull(r, null);
        v.Data<Decimal>()[r] =
            null ? Decimal{static_cast<int128>(1) << 120, 99} : RandomNumber(rng, kind, scale);
      }
      chunk.SetSize(n);
      if (rng() % 2) {
        SelectionVector sel;
        for (uint32_t r = 0; r < n; ++r)
          if (rng() % 4) sel.push_back(r);
        chunk.SetSelection(std::move(sel));
      }
      std::vector<uint32_t> gids(chunk.Count());
      for (size_t i = 0; i < gids.size(); ++i) {
        // Long runs of one group too: the two banks must still add up.
        gids[i] = rng() % 3 == 0 ? 0 : static_cast<uint32_t>(rng() % groups);
        const uint32_t r = chunk.RowIndex(i);
        if (v.IsNull(r)) continue;
        want[gids[i]] = want[gids[i]] + v.Data<Decimal>()[r];
        if (count[gids[i]] == 0 || v.Data<Decimal>()[r] < least[gids[i]])
          least[gids[i]] = v.Data<Decimal>()[r];
        ++count[gids[i]];
      }
      states.Update(0, &v, chunk, gids);
      states.Update(1, &v, chunk, gids);
      Vector wrong(LogicalType::Number());
      for (size_t r = 0; r < n; ++r) wrong.Data<Decimal>()[r] = Decimal::FromInt(7);
      states.Update(2, &wrong, chunk, gids);
      states.Update(3, &wrong, chunk, gids);
      states.Update(4, &v, chunk, gids);
    }
    Vector sum(LogicalType::Number()), avg(LogicalType::Number());
    for (uint32_t g = 0; g < groups; ++g) {
      states.Finalize(0, g, sum, g);
      states.Finalize(1, g, avg, g);
      ASSERT_EQ(sum.IsNull(g), count[g] == 0) << "round " << round << " group " << g;
      if (count[g] == 0) continue;
      EXPECT_EQ(sum.Data<Decimal>()[g], want[g])
          << "round " << round << " group " << g << ": " << sum.Data<Decimal>()[g].ToString()
          << " vs " << want[g].ToString();
      EXPECT_EQ(avg.Data<Decimal>()[g], want[g] / Decimal::FromInt(count[g]))
          << "round " << round << " group " << g;
      Vector shared_avg(LogicalType::Number()), shared_sum(LogicalType::Number()),
          min(LogicalType::Number());
      states.Finalize(2, g, shared_avg, 0);
      states.Finalize(3, g, shared_sum, 0);
      states.Finalize(4, g, min, 0);
      EXPECT_EQ(shared_avg.Data<Decimal>()[0], avg.Data<Decimal>()[g]) << "round " << round;
      EXPECT_EQ(shared_sum.Data<Decimal>()[0], sum.Data<Decimal>()[g]) << "round " << round;
      EXPECT_EQ(min.Data<Decimal>()[0], least[g]) << "round " << round << " group " << g;
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(NumberBatch, ShortStringHashSeparatesEveryShortString) {
  // Every string of up to 3 bytes over a small alphabet (with NUL bytes), and all lengths up
  // to 20 of one pattern: distinct strings, distinct hashes; equal strings, equal hashes.
  std::vector<std::string> all{""};
  const std::string alphabet("ab\0Z", 4);
  for (int len = 1; len <= 3; ++len) {
    std::vector<std::string> next;
    for (const auto& s : all)
      if (static_cast<int>(s.size()) == len - 1)
        for (char c : alphabet) next.push_back(s + c);
    all.insert(all.end(), next.begin(), next.end());
  }
  for (int len = 4; len <= 20; ++len) {
    all.push_back(std::string(static_cast<size_t>(len), 'x'));
    std::string y(static_cast<size_t>(len), 'x');
    y[static_cast<size_t>(len) / 2] = 'y';
    all.push_back(y);
    y.back() = 'z';
    all.push_back(y);
  }
  std::map<uint64_t, std::string> seen;
  for (const auto& s : all) {
    const uint64_t h = HashString(s);
    EXPECT_EQ(h, HashString(std::string(s))) << "copy of '" << s << "'";
    auto [it, fresh] = seen.emplace(h, s);
    EXPECT_TRUE(fresh) << "'" << s << "' and '" << it->second << "' hash alike";
  }
}

}  // namespace
}  // namespace pathdb

namespace pathdb {
namespace {

// An aggregate argument that contains an earlier one's whole argument reads that argument's
// values (AggregateSpec::reuse, through EvalContext::reuse): given to the evaluator, the
// vector is what the subexpression's operand reads; through UpdateAggregates, the sums equal
// the ones computed row by row, with NULLs, a selection and a reuse path that does not exist.
TEST(NumberBatch, AggregateArgumentsReuseAnEarlierArgumentsValues) {
  using exprtest::Col;
  using exprtest::Fn;
  using exprtest::Num;
  const LogicalType n = LogicalType::Number();
  auto product = [&] { return Fn("*", n, Col(0, n), Fn("-", n, Num("1"), Col(1, n))); };
  std::mt19937_64 rng(12);
  DataChunk chunk({n, n, n});
  const size_t rows = 1500;
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < 3; ++c) {
      chunk.column(c).SetNull(r, rng() % 17 == 0);
      chunk.column(c).Data<Decimal>()[r] = Decimal{static_cast<int64_t>(rng() % 100000), 2};
    }
  }
  chunk.SetSize(rows);
  SelectionVector sel;
  for (uint32_t r = 0; r < rows; ++r)
    if (rng() % 3) sel.push_back(r);
  chunk.SetSelection(std::move(sel));

  // The evaluator: (c0 * (1 - c1)) + 1 with the product's node given as 7 for every row.
  BoundExprPtr plus = Fn("+", n, product(), Num("1"));
  Vector sevens(n);
  for (size_t r = 0; r < rows; ++r) sevens.Data<Decimal>()[r] = Decimal::FromInt(7);
  EvalContext ctx;
  ctx.reuse.emplace_back(plus->children[0].get(), &sevens);
  Vector out(n);
  ExpressionExecutor::Execute(*plus, chunk, out, ctx);
  for (size_t i = 0; i < chunk.Count(); ++i) {
    ASSERT_EQ(out.Data<Decimal>()[chunk.RowIndex(i)], Decimal::FromInt(8)) << i;
  }

  // UpdateAggregates: SUM(product), SUM(product * (1 + c2)) reusing it, MAX(product) reusing
  // it whole, and a reuse whose path leads nowhere (ignored).
  std::vector<AggregateSpec> specs;
  specs.push_back({"SUM", false, product(), n});
  specs.push_back({"SUM", false, Fn("*", n, product(), Fn("+", n, Num("1"), Col(2, n))), n});
  specs.back().reuse = {{{0}, 0}, {{5, 1}, 0}};
  specs.push_back({"MAX", false, product(), n});
  specs.back().reuse = {{{}, 0}};
  AggregateStates states(specs);
  states.Resize(2);
  std::vector<std::unique_ptr<Vector>> scratch;
  for (int i = 0; i < 3; ++i) scratch.push_back(std::make_unique<Vector>(n));
  std::vector<uint32_t> gids(chunk.Count());
  for (size_t i = 0; i < gids.size(); ++i) gids[i] = static_cast<uint32_t>(i % 2);
  EvalContext ctx2;
  UpdateAggregates(specs, states, chunk, scratch, gids, ctx2);
  EXPECT_TRUE(ctx2.reuse.empty());
  {  // an argument that fails (division by zero) leaves no borrowed vector behind
    std::vector<AggregateSpec> failing;
    failing.push_back({"SUM", false, product(), n});
    failing.push_back({"SUM", false, Fn("/", n, product(), Num("0")), n});
    failing.back().reuse = {{{0}, 0}};
    AggregateStates fs(failing);
    fs.Resize(2);
    EvalContext ctx3;
    EXPECT_ANY_THROW(UpdateAggregates(failing, fs, chunk, scratch, gids, ctx3));
    EXPECT_TRUE(ctx3.reuse.empty());
  }
  for (uint32_t g = 0; g < 2; ++g) {
    Decimal want_p{}, want_q{};
    std::optional<Decimal> want_max;
    for (size_t i = g; i < chunk.Count(); i += 2) {
      const uint32_t r = chunk.RowIndex(i);
      auto at = [&](size_t c) { return chunk.column(c).Data<Decimal>()[r]; };
      if (chunk.column(0).IsNull(r) || chunk.column(1).IsNull(r)) continue;
      const Decimal p = at(0) * (Decimal::FromInt(1) - at(1));
      want_p = want_p + p;
      if (!want_max || *want_max < p) want_max = p;
      if (!chunk.column(2).IsNull(r)) want_q = want_q + p * (Decimal::FromInt(1) + at(2));
    }
    Vector sum_p(n), sum_q(n), max_p(n);
    states.Finalize(0, g, sum_p, 0);
    states.Finalize(1, g, sum_q, 0);
    states.Finalize(2, g, max_p, 0);
    EXPECT_EQ(sum_p.Data<Decimal>()[0], want_p) << g;
    EXPECT_EQ(sum_q.Data<Decimal>()[0], want_q) << g;
    EXPECT_EQ(max_p.Data<Decimal>()[0], *want_max) << g;
  }
}

}  // namespace
}  // namespace pathdb
