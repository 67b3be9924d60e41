#include <functional>
#include <random>

#include "expr_test_util.h"

namespace pathdb::exprtest {
namespace {

const LogicalType kBool = LogicalType::Boolean();
const LogicalType kNum = LogicalType::Number();

BoundExprPtr B(int t) {
  return t < 0 ? Null(kBool) : Const(Value::Boolean(t == 1));
}
std::string T(int t) {
  return t < 0 ? "NULL" : (t ? "TRUE" : "FALSE");
}

TEST(ExprLogicTest, ThreeValuedTruthTables) {
  const int vals[] = {1, 0, -1};
  auto and3 = [](int a, int b) { return (a == 0 || b == 0) ? 0 : (a < 0 || b < 0 ? -1 : 1); };
  auto or3 = [](int a, int b) { return (a == 1 || b == 1) ? 1 : (a < 0 || b < 0 ? -1 : 0); };
  for (int a : vals) {
    for (int b : vals) {
      EXPECT_EQ(Text(*Node(BoundKind::kAnd, kBool, "", Args(B(a), B(b)))), T(and3(a, b)));
      EXPECT_EQ(Text(*Node(BoundKind::kOr, kBool, "", Args(B(a), B(b)))), T(or3(a, b)));
    }
    EXPECT_EQ(Text(*Node(BoundKind::kNot, kBool, "", Args(B(a)))), T(a < 0 ? -1 : 1 - a));
  }
}

TEST(ExprLogicTest, IsNullAndComparisons) {
  EXPECT_EQ(Text(*Node(BoundKind::kIsNull, kBool, "", Args(Null()))), "TRUE");
  EXPECT_EQ(Text(*Node(BoundKind::kIsNull, kBool, "", Args(Int(1)), true)), "TRUE");
  EXPECT_EQ(Text(*Cmp("<", Int(1), Num("1.5"))), "TRUE");
  EXPECT_EQ(Text(*Cmp("=", Num("1.50"), Num("1.5"))), "TRUE");
  EXPECT_EQ(Text(*Cmp("<>", Str("a"), Str("b"))), "TRUE");
  EXPECT_EQ(Text(*Cmp("=", Int(1), Null())), "NULL");
  EXPECT_EQ(Text(*Cmp("=", Int(5), Str("5"))), "TRUE");
  EXPECT_EQ(OraCode(*Cmp("=", Int(5), Str("x"))), 1722);
  EXPECT_EQ(Text(*Cmp("<", Int(5), Str("x")), Dialect::kSqlite), "TRUE");
  auto c1 = Const(Value::Varchar("ab ", LogicalType::Char(3)));
  auto c2 = Const(Value::Varchar("ab", LogicalType::Char(2)));
  EXPECT_EQ(Text(*Cmp("=", std::move(c1), std::move(c2))), "TRUE");
}

TEST(ExprLogicTest, FilterShrinksSelection) {
  DataChunk chunk({kNum}, 16);
  for (int i = 0; i < 10; ++i)
    chunk.column(0).SetValue(i, i == 3 ? Value::Null() : Value::Integer(i));
  chunk.SetSize(10);
  chunk.SetSelection({1, 2, 3, 4, 5, 6});
  EvalContext ctx;
  auto pred = Node(BoundKind::kOr, kBool, "",
                   Args(Cmp(">", Col(0, kNum), Int(4)), Cmp("=", Col(0, kNum), Int(2))));
  ExpressionExecutor::Filter(*pred, chunk, ctx);
  EXPECT_EQ(chunk.selection(), (SelectionVector{2, 5, 6}));
  // AND short-circuits per row: 10/col only runs where col <> 0.
  DataChunk c2({kNum}, 4);
  c2.column(0).SetValue(0, Value::Integer(0));
  c2.column(0).SetValue(1, Value::Integer(5));
  c2.SetSize(2);
  auto safe = Node(BoundKind::kAnd, kBool, "",
                   Args(Cmp("<>", Col(0, kNum), Int(0)),
                        Cmp(">", Fn("/", kNum, Int(10), Col(0, kNum)), Int(1))));
  ExpressionExecutor::Filter(*safe, c2, ctx);
  EXPECT_EQ(c2.selection(), (SelectionVector{1}));
}

TEST(ExprLogicTest, InListNullSemantics) {
  auto in = [](BoundExprPtr x, bool neg, auto... items) {
    return Node(BoundKind::kInList, kBool, "", Args(std::move(x), std::move(items)...), neg);
  };
  EXPECT_EQ(Text(*in(Int(1), false, Int(1), Int(2))), "TRUE");
  EXPECT_EQ(Text(*in(Int(3), false, Int(1), Null())), "NULL");
  EXPECT_EQ(Text(*in(Int(3), true, Int(1), Null())), "NULL");
  EXPECT_EQ(Text(*in(Int(3), true, Int(1), Int(2))), "TRUE");
  EXPECT_EQ(Text(*in(Int(1), true, Int(1), Null())), "FALSE");
  EXPECT_EQ(Text(*in(Null(), false, Int(1))), "NULL");
  EXPECT_EQ(Text(*in(Str("b"), false, Str("a"), Str("b"))), "TRUE");
}

// An IN list of constants of the operand's own type is tested typed (EvalInListTyped); the
// same list with one item computed (the same value, no longer a constant) goes the general
// way. Both must agree on every row: VARCHAR2 and NUMBER (1.50 = 1.5), NULL operands, NOT IN.
TEST(ExprLogicTest, InListOfConstantsAgreesWithTheGeneralPath) {
  std::mt19937 rng(9);
  const LogicalType kVc = LogicalType::Varchar();
  DataChunk chunk({kVc, kNum}, 600);
  for (uint32_t r = 0; r < 600; ++r) {
    if (rng() % 7 == 0) {
      chunk.column(0).SetValue(r, Value::Null(kVc));
      chunk.column(1).SetValue(r, Value::Null());
      continue;
    }
    const std::string codes[] = {"13", "31", "1", "130", "", "3"};
    chunk.column(0).SetValue(r, Value::Varchar(codes[rng() % 6]));
    chunk.column(1).SetValue(r, Value::Number(Decimal{static_cast<int64_t>(rng() % 8) * 5,
                                                      static_cast<int32_t>(rng() % 2)}));
  }
  chunk.SetSize(600);
  for (const bool neg : {false, true}) {
    auto strings = [&](bool computed) {
      return Node(BoundKind::kInList, kBool, "",
                  Args(Col(0, kVc), Str("13"), Str(""),
                       computed ? Fn("||", kVc, Str("3"), Str("")) : Str("3")),
                  neg);
    };
    auto numbers = [&](bool computed) {
      return Node(BoundKind::kInList, kBool, "",
                  Args(Col(1, kNum), Num("1.5"), Int(10),
                       computed ? Fn("+", kNum, Num("0.50"), Int(0)) : Num("0.50")),
                  neg);
    };
    for (auto make :
         {std::function<BoundExprPtr(bool)>(strings), std::function<BoundExprPtr(bool)>(numbers)}) {
      EvalContext ctx;
      Vector typed(kBool, 600), general(kBool, 600);
      ExpressionExecutor::Execute(*make(false), chunk, typed, ctx);
      ExpressionExecutor::Execute(*make(true), chunk, general, ctx);
      for (uint32_t r = 0; r < 600; ++r) {
        ASSERT_EQ(typed.GetValue(r).ToString(), general.GetValue(r).ToString()) << "row " << r;
      }
    }
  }
}

TEST(ExprLogicTest, CaseIsLazy) {
  DataChunk chunk({kNum}, 4);
  chunk.column(0).SetValue(0, Value::Integer(0));
  chunk.column(0).SetValue(1, Value::Integer(4));
  chunk.column(0).SetValue(2, Value::Null());
  chunk.SetSize(3);
  auto e =
      Node(BoundKind::kCase, kNum, "",
           Args(Cmp("<>", Col(0, kNum), Int(0)), Fn("/", kNum, Int(1), Col(0, kNum)), Int(-1)));
  EvalContext ctx;
  Vector out(kNum, 4);
  ExpressionExecutor::Execute(*e, chunk, out, ctx);
  EXPECT_EQ(out.GetValue(0).ToString(), "-1");
  EXPECT_EQ(out.GetValue(1).ToString(), ".25");
  EXPECT_EQ(out.GetValue(2).ToString(), "-1");
  auto no_else = Node(BoundKind::kCase, LogicalType::Varchar(), "",
                      Args(Cmp("=", Int(1), Int(2)), Str("x"), Null(LogicalType::Varchar())));
  EXPECT_EQ(Text(*no_else), "NULL");
}

TEST(ExprLogicTest, LikeWithEscapes) {
  auto like = [](std::string s, std::string p, const char* esc = nullptr, bool neg = false) {
    auto args = Args(Str(std::move(s)), Str(std::move(p)));
    if (esc) args.push_back(Str(esc));
    return Node(BoundKind::kLike, kBool, "", std::move(args), neg);
  };
  EXPECT_EQ(Text(*like("hello", "h%o")), "TRUE");
  EXPECT_EQ(Text(*like("hello", "h_llo")), "TRUE");
  EXPECT_EQ(Text(*like("hello", "h_lo")), "FALSE");
  EXPECT_EQ(Text(*like("hello", "%")), "TRUE");
  EXPECT_EQ(Text(*like("a%b", "a\\%b", "\\")), "TRUE");
  EXPECT_EQ(Text(*like("axb", "a\\%b", "\\")), "FALSE");
  EXPECT_EQ(Text(*like("a_b", "%\\_%", "\\")), "TRUE");
  EXPECT_EQ(Text(*like("abc", "%c", nullptr, true)), "FALSE");
  EXPECT_EQ(Text(*like("Hello", "h%")), "FALSE");
  EXPECT_EQ(Text(*like("Hello", "h%"), Dialect::kSqlite), "TRUE");
  EXPECT_EQ(OraCode(*like("abc", "a\\bc", "\\")), 1424);
  EXPECT_EQ(OraCode(*like("abc", "a%", "xy")), 1425);
  auto null_pat = Node(BoundKind::kLike, kBool, "", Args(Str("a"), Null(LogicalType::Varchar())));
  EXPECT_EQ(Text(*null_pat), "NULL");
}

}  // namespace
}  // namespace pathdb::exprtest

namespace pathdb::exprtest {
namespace {

TEST(ExprLogicTest, CharColumnComparesBlankPaddedWithLiteral) {
  DataChunk chunk({LogicalType::Char(3)}, 4);
  chunk.column(0).SetValue(0, Value::Varchar("ab ", LogicalType::Char(3)));
  chunk.column(0).SetValue(1, Value::Varchar("abc", LogicalType::Char(3)));
  chunk.SetSize(2);
  EvalContext ctx;
  auto pred = Cmp("=", Col(0, LogicalType::Char(3)), Str("ab"));
  ExpressionExecutor::Filter(*pred, chunk, ctx);
  EXPECT_EQ(chunk.selection(), (SelectionVector{0}));
}

TEST(ExprLogicTest, ExecuteConvertsToCallersVectorType) {
  DataChunk chunk({LogicalType::Integer()}, 4);
  chunk.column(0).SetValue(0, Value::Integer(3));
  chunk.SetSize(1);
  EvalContext ctx;
  auto e = Fn("*", LogicalType::Number(), Col(0, LogicalType::Integer()), Num("1.5"));
  Vector out(LogicalType::Double(), 4);
  ExpressionExecutor::Execute(*e, chunk, out, ctx);
  EXPECT_EQ(out.GetValue(0).ToString(), "4.5E+000");
}

}  // namespace
}  // namespace pathdb::exprtest
