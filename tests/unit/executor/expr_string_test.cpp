#include <random>

#include "executor/expr/internal.h"
#include "expr_test_util.h"

namespace pathdb::exprtest {
namespace {

const LogicalType kVc = LogicalType::Varchar();
const LogicalType kNum = LogicalType::Number();

TEST(ExprStringTest, ConcatNullRules) {
  EXPECT_EQ(Text(*Fn("||", kVc, Str("a"), Null(kVc))), "a");
  EXPECT_EQ(Text(*Fn("||", kVc, Null(kVc), Null(kVc))), "NULL");
  EXPECT_EQ(Text(*Fn("||", kVc, Str("a"), Null(kVc)), Dialect::kSqlite), "NULL");
  EXPECT_EQ(Text(*Fn("||", kVc, Str("x="), Num("0.5"))), "x=.5");
  EXPECT_EQ(Text(*Fn("CONCAT", kVc, Str("a"), Str("b"))), "ab");
}

// Patterns of literal runs and '%' take a path of their own (LikeRuns); an ESCAPE character
// that the pattern never uses sends the same pattern through the general matcher, so both
// must agree on every string, including runs that overlap, repeat or touch the ends.
TEST(ExprStringTest, LikeLiteralRunsAgreeWithTheGeneralMatcher) {
  std::mt19937 rng(7);
  auto word = [&](size_t max) {
    std::string w;
    for (size_t n = rng() % (max + 1); n > 0; --n) w += static_cast<char>('a' + rng() % 3);
    return w;
  };
  for (int i = 0; i < 50000; ++i) {
    std::string p;
    for (size_t runs = 1 + rng() % 4; runs > 0; --runs) {
      if (rng() % 2) p += '%';
      p += word(3);
    }
    if (rng() % 2) p += '%';
    const std::string s = word(9);
    ASSERT_EQ(expr::LikeMatch(s, p, -1, false), expr::LikeMatch(s, p, '#', false))
        << "'" << s << "' LIKE '" << p << "'";
  }
  EXPECT_TRUE(expr::LikeMatch("special requests", "%special%requests%", -1, false));
  EXPECT_FALSE(expr::LikeMatch("requests special", "%special%requests%", -1, false));
  EXPECT_TRUE(expr::LikeMatch("aXa", "a%a", -1, false));
  EXPECT_FALSE(expr::LikeMatch("a", "a%a", -1, false));  // head and tail may not overlap
  EXPECT_TRUE(expr::LikeMatch("", "%", -1, false));
  EXPECT_FALSE(expr::LikeMatch("A", "a%", -1, false));
}

// A constant pattern of literal runs is taken apart once per batch (EvalLike): over a column,
// LIKE and NOT LIKE answer as LikeMatch does row by row, NULL rows stay NULL.
TEST(ExprStringTest, LikeConstantPatternOverAColumnAsRowByRow) {
  std::mt19937 rng(8);
  DataChunk chunk({kVc}, 300);
  std::vector<std::string> rows;
  for (uint32_t r = 0; r < 300; ++r) {
    std::string w;
    for (size_t n = rng() % 8; n > 0; --n) w += static_cast<char>('a' + rng() % 3);
    rows.push_back(w);
    chunk.column(0).SetValue(r, r % 17 == 0 ? Value::Null(kVc) : Value::Varchar(w));
  }
  chunk.SetSize(300);
  for (const std::string pattern : {"%ab%c", "a%", "%b%", "abc", "%", "a%%b"}) {
    for (const bool neg : {false, true}) {
      auto e =
          Node(BoundKind::kLike, LogicalType::Boolean(), "", Args(Col(0, kVc), Str(pattern)), neg);
      EvalContext ctx;
      Vector out(LogicalType::Boolean(), 300);
      ExpressionExecutor::Execute(*e, chunk, out, ctx);
      for (uint32_t r = 0; r < 300; ++r) {
        const Value got = out.GetValue(r);
        if (r % 17 == 0) {
          EXPECT_TRUE(got.is_null());
          continue;
        }
        const bool want = expr::LikeMatch(rows[r], pattern, -1, false) != neg;
        ASSERT_FALSE(got.is_null());
        ASSERT_EQ(got.boolean(), want) << "'" << rows[r] << "' LIKE '" << pattern << "'";
      }
    }
  }
}

TEST(ExprStringTest, Functions) {
  EXPECT_EQ(Text(*Fn("UPPER", kVc, Str("aBc"))), "ABC");
  EXPECT_EQ(Text(*Fn("LOWER", kVc, Str("aBc"))), "abc");
  EXPECT_EQ(Text(*Fn("INITCAP", kVc, Str("hello wORLD"))), "Hello World");
  EXPECT_EQ(Text(*Fn("SUBSTR", kVc, Str("abcdef"), Int(2), Int(3))), "bcd");
  EXPECT_EQ(Text(*Fn("SUBSTR", kVc, Str("abcdef"), Int(-2))), "ef");
  EXPECT_EQ(Text(*Fn("SUBSTR", kVc, Str("abc"), Int(5))), "NULL");
  EXPECT_EQ(Text(*Fn("SUBSTR", kVc, Str("abc"), Int(0), Int(1))), "a");
  EXPECT_EQ(Text(*Fn("INSTR", kNum, Str("hello"), Str("l"))), "3");
  EXPECT_EQ(Text(*Fn("INSTR", kNum, Str("hello"), Str("l"), Int(1), Int(2))), "4");
  EXPECT_EQ(Text(*Fn("INSTR", kNum, Str("hello"), Str("l"), Int(-1))), "4");
  EXPECT_EQ(Text(*Fn("INSTR", kNum, Str("hello"), Str("z"))), "0");
  EXPECT_EQ(Text(*Fn("LENGTH", kNum, Str("hello"))), "5");
  EXPECT_EQ(Text(*Fn("LENGTH", kNum, Null(kVc))), "NULL");
  EXPECT_EQ(Text(*Fn("TRIM", kVc, Str("  a b  "))), "a b");
  EXPECT_EQ(Text(*Fn("LTRIM", kVc, Str("xxaxx"), Str("x"))), "axx");
  EXPECT_EQ(Text(*Fn("RTRIM", kVc, Str("xxaxx"), Str("x"))), "xxa");
  EXPECT_EQ(Text(*Fn("TRIM", kVc, Str("   "))), "NULL");
  EXPECT_EQ(Text(*Fn("LPAD", kVc, Str("7"), Int(3), Str("0"))), "007");
  EXPECT_EQ(Text(*Fn("RPAD", kVc, Str("ab"), Int(5), Str("xy"))), "abxyx");
  EXPECT_EQ(Text(*Fn("LPAD", kVc, Str("abcdef"), Int(3))), "abc");
  // A pad length past the VARCHAR2 maximum gives the maximum (it used to build 4 GB).
  EXPECT_EQ(Text(*Fn("LPAD", kVc, Str("x"), Int(4294967296LL))).size(), 32767u);
  EXPECT_EQ(Text(*Fn("RPAD", kVc, Str("x"), Int(INT64_MAX), Str("ab"))).size(), 32767u);
  EXPECT_EQ(Text(*Fn("REPLACE", kVc, Str("banana"), Str("an"), Str("A"))), "bAAa");
  EXPECT_EQ(Text(*Fn("REPLACE", kVc, Str("banana"), Str("a"))), "bnn");
  EXPECT_EQ(Text(*Fn("REPLACE", kVc, Str("abc"), Null(kVc))), "abc");
  EXPECT_EQ(Text(*Fn("ASCII", kNum, Str("A"))), "65");
  EXPECT_EQ(Text(*Fn("CHR", kVc, Int(66))), "B");
  EXPECT_EQ(Text(*Fn("TRANSLATE", kVc, Str("a-b-c"), Str("-a"), Str("_"))), "_b_c");
  EXPECT_EQ(OraCode(*Fn("NO_SUCH_FN", kVc, Str("a"))), 904);
}

TEST(ExprStringTest, NullFunctions) {
  EXPECT_EQ(Text(*Fn("NVL", kNum, Null(), Int(2))), "2");
  EXPECT_EQ(Text(*Fn("NVL", kNum, Int(1), Int(2))), "1");
  EXPECT_EQ(Text(*Fn("NVL2", kVc, Int(1), Str("y"), Str("n"))), "y");
  EXPECT_EQ(Text(*Fn("NVL2", kVc, Null(), Str("y"), Str("n"))), "n");
  EXPECT_EQ(Text(*Fn("COALESCE", kNum, Null(), Null(), Int(3))), "3");
  EXPECT_EQ(Text(*Fn("NULLIF", kNum, Int(3), Int(3))), "NULL");
  EXPECT_EQ(Text(*Fn("NULLIF", kNum, Int(3), Int(4))), "3");
  EXPECT_EQ(Text(*Fn("DECODE", kVc, Null(), Int(1), Str("one"), Null(), Str("null"), Str("other"))),
            "null");
  EXPECT_EQ(Text(*Fn("DECODE", kVc, Int(2), Int(1), Str("one"), Str("other"))), "other");
  EXPECT_EQ(Text(*Fn("DECODE", kVc, Int(2), Int(1), Str("one"))), "NULL");
  EXPECT_EQ(Text(*Fn("GREATEST", kNum, Int(1), Int(5), Int(3))), "5");
  EXPECT_EQ(Text(*Fn("LEAST", kVc, Str("b"), Str("a"))), "a");
  EXPECT_EQ(Text(*Fn("GREATEST", kNum, Int(1), Null())), "NULL");
}

TEST(ExprStringTest, NumberFormats) {
  auto tc = [](const char* n, const char* f) {
    return Text(*Fn("TO_CHAR", LogicalType::Varchar(), Num(n), Str(f)));
  };
  EXPECT_EQ(tc("1234.5", "999,999.99"), "   1,234.50");
  EXPECT_EQ(tc("-1234.5", "999,999.99"), "  -1,234.50");
  EXPECT_EQ(tc("0.5", "FM990.00"), "0.50");
  EXPECT_EQ(tc("1.5", "FM9.99"), "1.5");
  EXPECT_EQ(tc("12", "0000"), " 0012");
  EXPECT_EQ(tc("1234", "999"), "####");
  EXPECT_EQ(tc("0", "999"), "   0");
  EXPECT_EQ(tc("0.5", "999.99"), "    .50");
  EXPECT_EQ(tc("42", "$999"), "  $42");
  EXPECT_EQ(Text(*Fn("TO_CHAR", kVc, Num("0.5"))), ".5");
  EXPECT_EQ(Text(*Fn("TO_NUMBER", kNum, Str("1,234.50"), Str("9,999.99"))), "1234.5");
  EXPECT_EQ(Text(*Fn("TO_NUMBER", kNum, Str(" 12 "))), "12");
  EXPECT_EQ(OraCode(*Fn("TO_NUMBER", kNum, Str("12x"))), 1722);
}

}  // namespace
}  // namespace pathdb::exprtest

namespace pathdb::exprtest {
namespace {

TEST(ExprStringTest, FunctionResultsIgnoreDeclaredLimits) {
  // The binder may type a result like its argument; values must not be cut or rejected.
  EXPECT_EQ(Text(*Fn("LPAD", LogicalType::Varchar(2), Str("ab"), Int(5), Str("*"))), "***ab");
  EXPECT_EQ(Text(*Fn("NVL", LogicalType::Number(5, 2), Null(), Num("1.234"))), "1.234");
}

// SUBSTR with literal positions runs column-at-a-time (functions_vector.cpp); the same call
// with the positions computed (`+ 0`, no longer literals) takes the row-at-a-time function
// table. Both must agree on every row: positions 0, negative, past the end, lengths below 1,
// NULL strings, CHAR input, a constant string, and the empty result (NULL in Oracle only).
TEST(ExprStringTest, SubstrWithLiteralPositionsAgreesWithTheRowPath) {
  std::mt19937 rng(11);
  const LogicalType kChar = LogicalType::Char(6);
  DataChunk chunk({kVc, kChar}, 500);
  for (uint32_t r = 0; r < 500; ++r) {
    if (rng() % 9 == 0) {
      chunk.column(0).SetValue(r, Value::Null(kVc));
      chunk.column(1).SetValue(r, Value::Null(kChar));
      continue;
    }
    std::string s(rng() % 9, 'a');
    for (auto& ch : s) ch = static_cast<char>('a' + rng() % 26);
    chunk.column(0).SetValue(r, Value::Varchar(s));
    std::string c = s.substr(0, 6);
    c.resize(6, ' ');
    chunk.column(1).SetValue(r, Value::Varchar(c, kChar));
  }
  chunk.SetSize(500);
  auto computed = [](int64_t v) { return Fn("+", kNum, Int(v), Int(0)); };
  for (const Dialect d : {Dialect::kOracle, Dialect::kSqlite}) {
    for (int64_t pos = -10; pos <= 10; ++pos) {
      for (int64_t len = -1; len <= 10; len += 3) {
        for (size_t col = 0; col < 3; ++col) {
          auto src = [&] { return col < 2 ? Col(col, col == 0 ? kVc : kChar) : Str("constant"); };
          auto fast = len == 8 ? Fn("SUBSTR", kVc, src(), Int(pos))
                               : Fn("SUBSTR", kVc, src(), Int(pos), Int(len));
          auto slow = len == 8 ? Fn("SUBSTR", kVc, src(), computed(pos))
                               : Fn("SUBSTR", kVc, src(), computed(pos), computed(len));
          EvalContext ctx;
          ctx.dialect = d;
          Vector a(kVc, 500), b(kVc, 500);
          ExpressionExecutor::Execute(*fast, chunk, a, ctx);
          ExpressionExecutor::Execute(*slow, chunk, b, ctx);
          for (uint32_t r = 0; r < 500; ++r) {
            ASSERT_EQ(a.GetValue(r).is_null(), b.GetValue(r).is_null())
                << "row " << r << " pos " << pos << " len " << len << " col " << col;
            ASSERT_EQ(a.GetValue(r).ToString(), b.GetValue(r).ToString())
                << "row " << r << " pos " << pos << " len " << len << " col " << col;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace pathdb::exprtest
