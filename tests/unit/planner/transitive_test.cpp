// Transitive predicates: constant conditions copied through join equalities between
// different relations (planner/transitive.h), and what that does to a query's answer.
#include "planner/transitive.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "planner/bound_util.h"
#include "planner/predicate_text.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

using planner::MakeColumn;
using planner::MakeCompare;
using planner::MakeConstant;

// Columns 0-1 belong to relation 0, 2-3 to relation 1, 4-5 to relation 2.
int RelationOf(size_t column) {
  return column < 6 ? static_cast<int>(column / 2) : -1;
}

BoundExprPtr Col(size_t i) {
  return MakeColumn(i, LogicalType::Number());
}
BoundExprPtr Num(int64_t v) {
  return MakeConstant(Value::Integer(v));
}
BoundExprPtr InList(size_t col, std::vector<int64_t> values, bool negated = false) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kInList, LogicalType::Boolean());
  e->negated = negated;
  e->children.push_back(Col(col));
  for (int64_t v : values) e->children.push_back(Num(v));
  return e;
}

// The conjuncts as text, columns named C0..C5.
std::vector<std::string> Texts(const std::vector<BoundExprPtr>& conj) {
  std::vector<std::string> labels;
  for (int i = 0; i < 6; ++i) labels.push_back(fmt::format("C{}", i));
  std::vector<std::string> out;
  for (const auto& c : conj) out.push_back(planner::PredicateText(*c, labels));
  return out;
}

TEST(TransitiveTest, RangeThroughAJoinEquality) {
  std::vector<BoundExprPtr> conj;
  conj.push_back(MakeCompare("=", Col(0), Col(2)));
  conj.push_back(MakeCompare(">=", Col(2), Num(20000)));
  conj.push_back(MakeCompare("<=", Col(2), Num(22000)));
  planner::AddTransitivePredicates(conj, RelationOf);
  EXPECT_EQ(Texts(conj), (Strings{"C0=C2", "C2>=20000", "C2<=22000", "C0>=20000", "C0<=22000"}));
  // Running it again adds nothing: every implied condition is there.
  planner::AddTransitivePredicates(conj, RelationOf);
  EXPECT_EQ(conj.size(), 5u);
}

TEST(TransitiveTest, EqualityInListAndReversedComparison) {
  std::vector<BoundExprPtr> conj;
  conj.push_back(MakeCompare("=", Col(2), Col(0)));
  conj.push_back(MakeCompare("=", Col(0), Num(5)));
  conj.push_back(InList(2, {1, 2, 3}));
  conj.push_back(MakeCompare("<", Num(7), Col(0)));
  planner::AddTransitivePredicates(conj, RelationOf);
  std::vector<BoundExprPtr> expected;
  expected.push_back(MakeCompare("=", Col(2), Col(0)));
  expected.push_back(MakeCompare("=", Col(0), Num(5)));
  expected.push_back(InList(2, {1, 2, 3}));
  expected.push_back(MakeCompare("<", Num(7), Col(0)));
  expected.push_back(MakeCompare("=", Col(2), Num(5)));
  expected.push_back(InList(0, {1, 2, 3}));
  expected.push_back(MakeCompare("<", Num(7), Col(2)));
  EXPECT_EQ(Texts(conj), Texts(expected));
}

TEST(TransitiveTest, ChainsAndWhatIsNotCopied) {
  std::vector<BoundExprPtr> conj;
  conj.push_back(MakeCompare("=", Col(0), Col(2)));
  conj.push_back(MakeCompare("=", Col(2), Col(4)));
  conj.push_back(MakeCompare("=", Col(4), Num(9)));
  // Not copied: a same-relation equality, a column-to-column range, NOT IN, <>.
  conj.push_back(MakeCompare("=", Col(1), Col(0)));
  conj.push_back(MakeCompare(">", Col(2), Col(3)));
  conj.push_back(InList(2, {4}, /*negated=*/true));
  conj.push_back(MakeCompare("<>", Col(2), Num(3)));
  planner::AddTransitivePredicates(conj, RelationOf);
  std::vector<std::string> t = Texts(conj);
  ASSERT_EQ(t.size(), 9u);
  EXPECT_EQ(t[7], "C2=9");
  EXPECT_EQ(t[8], "C0=9");
}

TEST(TransitiveTest, DifferentTypesAndUnknownRelationsStayAlone) {
  std::vector<BoundExprPtr> conj;
  conj.push_back(
      MakeCompare("=", MakeColumn(0, LogicalType::Char(3)), MakeColumn(2, LogicalType::Char(3))));
  conj.push_back(MakeCompare("=", MakeColumn(2, LogicalType::Char(3)),
                             MakeConstant(Value::Varchar("abc", LogicalType::Char(3)))));
  conj.push_back(MakeCompare("=", Col(1), Col(7)));  // column 7: no relation (ROWNUM)
  conj.push_back(MakeCompare("=", Col(7), Num(1)));
  planner::AddTransitivePredicates(conj, RelationOf);
  EXPECT_EQ(conj.size(), 4u);
}

class TransitiveSqlTest : public SessionTest {};

TEST_F(TransitiveSqlTest, AnswersUnchanged) {
  Exec("create table a (id number, v number)");
  Exec("create table b (id number, w number)");
  Exec("insert into a select level, mod(level, 7) from dual connect by level <= 500");
  Exec("insert into b select level * 2, mod(level, 5) from dual connect by level <= 300");
  Exec("commit");
  Exec("create index a_id on a (id)");
  const char* preds[] = {
      "b.id between 100 and 140", "b.id = 42",  "b.id in (2, 4, 5, 600)",
      "b.id < 10 and a.v = 3",    "a.id > 590",
  };
  for (const char* p : preds) {
    const std::string where = std::string(" from a, b where a.id = b.id and ") + p;
    const Strings with = Rows("select count(*), sum(a.v), sum(b.w)" + where);
    // a.id + 0 is not a bare column: no transitive copy, same answer expected.
    const Strings without = Rows(
        "select count(*), sum(a.v), sum(b.w) from a, b where a.id + 0 "
        "= b.id and " +
        std::string(p));
    EXPECT_EQ(with, without) << p;
  }
  EXPECT_EQ(Rows("select count(*) from a left join b on a.id = b.id where b.id = 4"),
            (Strings{"1"}));
}

}  // namespace
}  // namespace pathdb::testing
