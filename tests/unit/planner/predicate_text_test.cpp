// Oracle's predicate text (oracle-reference.md 1.4): every BoundKind against the string
// DBMS_XPLAN would print.
#include "planner/predicate_text.h"

#include <gtest/gtest.h>

#include "executor/filter.h"
#include "executor/table_access_full.h"
#include "tests/unit/executor/op_test_util.h"

namespace pathdb::planner {
namespace {

using test::Cmp;
using test::Col;
using test::Const;
using test::I;
using test::S;

const std::vector<std::string> kLabels = {"\"O\".\"ID\"", "\"O\".\"NAME\"", "\"C\".\"ID\""};

BoundExprPtr Node(BoundKind k, std::vector<BoundExprPtr> children,
                  LogicalType t = LogicalType::Boolean()) {
  auto e = std::make_unique<BoundExpr>(k, t);
  e->children = std::move(children);
  return e;
}

template <typename... E>
std::vector<BoundExprPtr> List(E... e) {
  std::vector<BoundExprPtr> v;
  (v.push_back(std::move(e)), ...);
  return v;
}

BoundExprPtr Fn(std::string name, std::vector<BoundExprPtr> args,
                LogicalType t = LogicalType::Number()) {
  auto e = Node(BoundKind::kFunction, std::move(args), t);
  e->name = std::move(name);
  return e;
}

BoundExprPtr Str(size_t i) {
  return Col(i, LogicalType::Varchar(30));
}

BoundExprPtr Param(size_t i) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kParameter, LogicalType::Number());
  e->column_index = i;
  return e;
}

storage::ColumnInfo Column(std::string name) {
  storage::ColumnInfo c;
  c.name = std::move(name);
  c.type = LogicalType::Number();
  return c;
}

std::string Text(const BoundExprPtr& e) {
  return PredicateText(*e, kLabels);
}

TEST(PredicateText, ConstantsAndColumns) {
  EXPECT_EQ(Text(Cmp("=", Col(0), Const(I(42)))), "\"O\".\"ID\"=42");
  EXPECT_EQ(Text(Cmp("=", Col(0), Col(2))), "\"O\".\"ID\"=\"C\".\"ID\"");
  // NUMBER literals as TO_CHAR prints them; negative ones parenthesised.
  EXPECT_EQ(Text(Cmp("<", Col(0), Const(Value::Number(Decimal::FromDouble(0.5))))),
            "\"O\".\"ID\"<.5");
  EXPECT_EQ(Text(Cmp(">=", Col(0), Const(I(-3)))), "\"O\".\"ID\">=(-3)");
  // Strings quoted, quotes doubled.
  EXPECT_EQ(Text(Cmp("<>", Str(1), Const(S("O'Brien")))), "\"O\".\"NAME\"<>'O''Brien'");
  EXPECT_EQ(Text(Const(Value::Null())), "NULL");
  // A missing label prints as COLn (1-based).
  EXPECT_EQ(Text(Cmp("=", Col(7), Const(I(1)))), "COL8=1");
  // Dates in Oracle's canonical TO_DATE form, with the sign space.
  EXPECT_EQ(Text(Cmp(">=", Col(0, LogicalType::Date()), Const(Value::Date(1704067200)))),
            "\"O\".\"ID\">=TO_DATE(' 2024-01-01 00:00:00', 'syyyy-mm-dd hh24:mi:ss')");
  // Folded contradiction / tautology.
  EXPECT_EQ(Text(Const(Value::Boolean(false))), "NULL IS NOT NULL");
  EXPECT_EQ(Text(Const(Value::Boolean(true))), "1=1");
}

TEST(PredicateText, ParametersAreBinds) {
  EXPECT_EQ(Text(Cmp("=", Col(2), Param(0))), "\"C\".\"ID\"=:B1");
  EXPECT_EQ(Text(Cmp("=", Col(2), Param(2))), "\"C\".\"ID\"=:B3");
}

TEST(PredicateText, AndOrNot) {
  // Top-level AND is not parenthesised (BETWEEN is bound as this pair).
  auto between = Node(BoundKind::kAnd,
                      List(Cmp(">=", Col(0), Const(I(20000))), Cmp("<=", Col(0), Const(I(22000)))));
  EXPECT_EQ(Text(between), "\"O\".\"ID\">=20000 AND \"O\".\"ID\"<=22000");
  // An OR is always parenthesised; an AND inside it too.
  auto orx = Node(BoundKind::kOr, List(Cmp("=", Str(1), Const(S("Marketing"))),
                                       Node(BoundKind::kAnd, List(Cmp("=", Col(0), Const(I(1))),
                                                                  Cmp("=", Col(2), Const(I(2)))))));
  EXPECT_EQ(Text(orx), "(\"O\".\"NAME\"='Marketing' OR (\"O\".\"ID\"=1 AND \"C\".\"ID\"=2))");
  // OR inside AND keeps its parentheses; nested ANDs flatten; nested ORs flatten.
  auto mixed = Node(
      BoundKind::kAnd,
      List(
          Cmp("=", Col(0), Const(I(1))), Node(BoundKind::kAnd, List(Cmp("=", Col(2), Const(I(2))))),
          Node(BoundKind::kOr, List(Cmp("=", Str(1), Const(S("a"))),
                                    Node(BoundKind::kOr, List(Cmp("=", Str(1), Const(S("b"))),
                                                              Cmp("=", Str(1), Const(S("c")))))))));
  EXPECT_EQ(Text(mixed),
            "\"O\".\"ID\"=1 AND \"C\".\"ID\"=2 AND (\"O\".\"NAME\"='a' OR \"O\".\"NAME\"='b' OR "
            "\"O\".\"NAME\"='c')");
  // NOT: parenthesised operand; a NOT BETWEEN shows its AND in parentheses.
  EXPECT_EQ(Text(Node(BoundKind::kNot, List(Cmp("=", Col(0), Const(I(1)))))),
            "NOT (\"O\".\"ID\"=1)");
  auto not_between =
      Node(BoundKind::kNot, List(Node(BoundKind::kAnd, List(Cmp(">=", Col(0), Const(I(1))),
                                                            Cmp("<=", Col(0), Const(I(5)))))));
  EXPECT_EQ(Text(not_between), "NOT (\"O\".\"ID\">=1 AND \"O\".\"ID\"<=5)");
}

TEST(PredicateText, IsNullLikeInList) {
  auto isnull = Node(BoundKind::kIsNull, List(Str(1)));
  EXPECT_EQ(Text(isnull), "\"O\".\"NAME\" IS NULL");
  isnull->negated = true;
  EXPECT_EQ(Text(isnull), "\"O\".\"NAME\" IS NOT NULL");

  auto like = Node(BoundKind::kLike,
                   List(Fn("UPPER", List(Str(1)), LogicalType::Varchar(30)), Const(S("A%"))));
  EXPECT_EQ(Text(like), "UPPER(\"O\".\"NAME\") LIKE 'A%'");
  like->negated = true;
  like->children.push_back(Const(S("\\")));
  EXPECT_EQ(Text(like), "UPPER(\"O\".\"NAME\") NOT LIKE 'A%' ESCAPE '\\'");

  auto in = Node(BoundKind::kInList, List(Col(0), Const(I(1)), Const(I(2))));
  EXPECT_EQ(Text(in), "(\"O\".\"ID\"=1 OR \"O\".\"ID\"=2)");
  in->negated = true;
  EXPECT_EQ(Text(in), "(\"O\".\"ID\"<>1 AND \"O\".\"ID\"<>2)");
  auto in1 = Node(BoundKind::kInList, List(Col(0), Const(I(7))));
  EXPECT_EQ(Text(in1), "\"O\".\"ID\"=7");
  // Inside an AND the IN list keeps its parentheses.
  auto conj =
      Node(BoundKind::kAnd, List(Cmp("=", Col(2), Const(I(3))),
                                 Node(BoundKind::kInList, List(Col(0), Const(I(1)), Const(I(2))))));
  EXPECT_EQ(Text(conj), "\"C\".\"ID\"=3 AND (\"O\".\"ID\"=1 OR \"O\".\"ID\"=2)");
}

TEST(PredicateText, FunctionsAndArithmetic) {
  EXPECT_EQ(Text(Cmp("=", Fn("+", List(Col(0), Const(I(1)))), Col(2))),
            "\"O\".\"ID\"+1=\"C\".\"ID\"");
  // Precedence: parentheses only where the tree needs them.
  EXPECT_EQ(Text(Fn("*", List(Fn("+", List(Col(0), Const(I(1)))), Const(I(2))))),
            "(\"O\".\"ID\"+1)*2");
  EXPECT_EQ(Text(Fn("+", List(Fn("*", List(Col(0), Const(I(2)))), Const(I(1))))),
            "\"O\".\"ID\"*2+1");
  EXPECT_EQ(Text(Fn("-", List(Col(0), Fn("-", List(Col(2), Const(I(1))))))),
            "\"O\".\"ID\"-(\"C\".\"ID\"-1)");
  EXPECT_EQ(Text(Fn("NEG", List(Col(0)))), "-\"O\".\"ID\"");
  EXPECT_EQ(Text(Fn("NEG", List(Fn("+", List(Col(0), Col(2)))))), "-(\"O\".\"ID\"+\"C\".\"ID\")");
  EXPECT_EQ(Text(Fn("%", List(Col(0), Const(I(3))))), "MOD(\"O\".\"ID\",3)");
  EXPECT_EQ(Text(Fn("||", List(Str(1), Const(S("x"))), LogicalType::Varchar())),
            "\"O\".\"NAME\"||'x'");
  EXPECT_EQ(Text(Cmp(">", Fn("NVL", List(Col(0), Const(I(0)))), Const(I(100)))),
            "NVL(\"O\".\"ID\",0)>100");
  EXPECT_EQ(Text(Fn("DECODE", List(Col(0), Const(I(1)), Const(S("a")), Const(S("b"))))),
            "DECODE(\"O\".\"ID\",1,'a','b')");
  EXPECT_EQ(Text(Fn("SUBSTR", List(Str(1), Const(I(1)), Const(I(3))))),
            "SUBSTR(\"O\".\"NAME\",1,3)");
  EXPECT_EQ(Text(Fn("SYSDATE", {}, LogicalType::Date())), "SYSDATE");
  EXPECT_EQ(Text(Fn("DBMS_RANDOM.VALUE", {})), "DBMS_RANDOM.VALUE()");
}

TEST(PredicateText, Case) {
  auto c = Node(BoundKind::kCase,
                List(Cmp("=", Col(0), Const(I(1))), Const(S("one")), Const(S("other"))),
                LogicalType::Varchar());
  EXPECT_EQ(Text(c), "CASE WHEN \"O\".\"ID\"=1 THEN 'one' ELSE 'other' END");
  auto no_else = Node(BoundKind::kCase,
                      List(Cmp("=", Col(0), Const(I(1))), Const(S("one")),
                           Const(Value::Null(LogicalType::Varchar()))),
                      LogicalType::Varchar());
  EXPECT_EQ(Text(no_else), "CASE WHEN \"O\".\"ID\"=1 THEN 'one' END");
}

TEST(PredicateText, ImplicitConversions) {
  auto to_number = Node(BoundKind::kCast, List(Str(1)), LogicalType::Number());
  EXPECT_EQ(Text(Cmp("=", std::move(to_number), Const(I(5)))), "TO_NUMBER(\"O\".\"NAME\")=5");
  auto to_char = Node(BoundKind::kCast, List(Col(0)), LogicalType::Varchar());
  EXPECT_EQ(Text(to_char), "TO_CHAR(\"O\".\"ID\")");
  auto internal =
      Node(BoundKind::kCast, List(Col(0, LogicalType::Date())), LogicalType::Timestamp());
  EXPECT_EQ(Text(internal), "INTERNAL_FUNCTION(\"O\".\"ID\")");
  // A length check within one type family is invisible.
  auto same = Node(BoundKind::kCast, List(Str(1)), LogicalType::Varchar(10));
  EXPECT_EQ(Text(same), "\"O\".\"NAME\"");
  // A literal converted at parse time prints converted.
  auto folded = Node(BoundKind::kCast, List(Const(S("42"))), LogicalType::Number());
  EXPECT_EQ(Text(Cmp("=", Col(0), std::move(folded))), "\"O\".\"ID\"=42");
}

// A subplan as the planner leaves it: a full scan of T2 with its filter text filled in.
std::shared_ptr<const PhysicalOperator> SubPlan(const storage::TableInfo& t2) {
  auto scan = std::make_shared<TableAccessFull>(t2, std::vector<uint32_t>{0}, nullptr);
  scan->object_name = "T2";
  scan->object_alias = "T2@SEL$2";
  scan->query_block = "SEL$2";
  scan->filter_predicates = {"\"T2\".\"ID\"=:B1"};
  scan->column_labels = {"\"T2\".\"ID\""};
  return scan;
}

BoundExprPtr Subquery(SubqueryInfo::Mode mode, std::shared_ptr<const PhysicalOperator> plan,
                      std::vector<BoundExprPtr> left = {}) {
  auto e = Node(BoundKind::kSubquery, std::move(left));
  e->subquery = std::make_unique<SubqueryInfo>();
  e->subquery->mode = mode;
  e->subquery->plan = std::move(plan);
  return e;
}

TEST(PredicateText, Subqueries) {
  storage::TableInfo t2;
  t2.name = "T2";
  t2.columns.push_back(Column("ID"));
  auto plan = SubPlan(t2);

  auto exists = Subquery(SubqueryInfo::Mode::kExists, plan);
  EXPECT_EQ(Text(exists), " EXISTS (SELECT 0 FROM \"T2\" \"T2\" WHERE \"T2\".\"ID\"=:B1)");
  exists->subquery->negated = true;
  EXPECT_EQ(Text(exists), " NOT EXISTS (SELECT 0 FROM \"T2\" \"T2\" WHERE \"T2\".\"ID\"=:B1)");
  auto not_exists = Node(BoundKind::kNot, List(Subquery(SubqueryInfo::Mode::kExists, plan)));
  EXPECT_EQ(Text(not_exists), " NOT EXISTS (SELECT 0 FROM \"T2\" \"T2\" WHERE \"T2\".\"ID\"=:B1)");

  auto in = Subquery(SubqueryInfo::Mode::kIn, plan, List(Col(0)));
  in->subquery->compare_op = "=";
  EXPECT_EQ(Text(in),
            "\"O\".\"ID\"=ANY (SELECT \"T2\".\"ID\" FROM \"T2\" \"T2\" WHERE \"T2\".\"ID\"=:B1)");
  in->subquery->negated = true;
  EXPECT_EQ(Text(in),
            "\"O\".\"ID\"<>ALL (SELECT \"T2\".\"ID\" FROM \"T2\" \"T2\" WHERE "
            "\"T2\".\"ID\"=:B1)");
  auto all = Subquery(SubqueryInfo::Mode::kAll, plan, List(Col(0)));
  all->subquery->compare_op = ">";
  EXPECT_EQ(Text(all),
            "\"O\".\"ID\">ALL (SELECT \"T2\".\"ID\" FROM \"T2\" \"T2\" WHERE \"T2\".\"ID\"=:B1)");

  auto scalar = Subquery(SubqueryInfo::Mode::kScalar, plan);
  EXPECT_EQ(Text(Cmp("=", Col(0), std::move(scalar))),
            "\"O\".\"ID\"=(SELECT \"T2\".\"ID\" FROM \"T2\" \"T2\" WHERE \"T2\".\"ID\"=:B1)");
}

TEST(PredicateText, ScanAndExprLabels) {
  storage::TableInfo t;
  t.name = "ORDERS";
  t.columns.push_back(Column("ID"));
  t.columns.push_back(Column("TOTAL"));
  EXPECT_EQ(ScanLabels(t, {1, 0, storage::kRowIdColumn}, "O"),
            (std::vector<std::string>{"\"O\".\"TOTAL\"", "\"O\".\"ID\"", "\"O\".ROWID"}));
  EXPECT_EQ(ScanLabels(t, {0}, ""), (std::vector<std::string>{"\"ORDERS\".\"ID\""}));

  auto sum = Fn("SUM", List(Col(1)));
  auto id = Col(0);
  EXPECT_EQ(ExprLabels({sum.get(), id.get()}, ScanLabels(t, {0, 1}, "O")),
            (std::vector<std::string>{"SUM(\"O\".\"TOTAL\")", "\"O\".\"ID\""}));
}

}  // namespace
}  // namespace pathdb::planner
