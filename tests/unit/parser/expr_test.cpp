// Expressions: precedence, every predicate form, literals and Expr::ToString.
#include <gtest/gtest.h>

#include "common/error.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

using ast::ExprKind;

std::string S(std::string_view sql) { return ParseExpression(sql)->ToString(); }

TEST(Expr, ArithmeticPrecedence) {
  auto e = ParseExpression("1 + 2 * 3 - -4");
  ASSERT_EQ(e->kind, ExprKind::kBinary);
  EXPECT_EQ(e->op, "-");
  EXPECT_EQ(e->args[0]->op, "+");
  EXPECT_EQ(e->args[0]->args[1]->op, "*");
  EXPECT_EQ(e->args[1]->kind, ExprKind::kUnary);
  EXPECT_EQ(S("1 + 2 * 3 - -4"), "1+2*3--4");
  EXPECT_EQ(S("(a + b) * c"), "(A+B)*C");
  EXPECT_EQ(S("a - (b - c)"), "A-(B-C)");
  EXPECT_EQ(S("a || 'x' || b"), "A||'x'||B");
  EXPECT_EQ(S("- - + col1"), "--+COL1");
}

TEST(Expr, LogicalPrecedenceAndFlattening) {
  auto e = ParseExpression("a = 1 or b = 2 and not c = 3 or d = 4");
  ASSERT_EQ(e->kind, ExprKind::kOr);
  ASSERT_EQ(e->args.size(), 3u);
  EXPECT_EQ(e->args[1]->kind, ExprKind::kAnd);
  EXPECT_EQ(e->args[1]->args[1]->kind, ExprKind::kNot);
  auto f = ParseExpression("a and b and c and d");
  EXPECT_EQ(f->args.size(), 4u);
  EXPECT_EQ(S("(a = 1 or b = 2) and c = 3"), "(A=1 OR B=2) AND C=3");
}

TEST(Expr, Predicates) {
  auto b = ParseExpression("x not between 1 and 10");
  EXPECT_EQ(b->kind, ExprKind::kBetween);
  EXPECT_TRUE(b->negated);
  EXPECT_EQ(b->args.size(), 3u);
  auto in = ParseExpression("x in (1, 2, 3)");
  EXPECT_EQ(in->kind, ExprKind::kInList);
  EXPECT_EQ(in->args.size(), 4u);
  auto nin = ParseExpression("x not in (select y from t)");
  EXPECT_EQ(nin->kind, ExprKind::kInSubquery);
  EXPECT_TRUE(nin->negated);
  ASSERT_TRUE(nin->subquery);
  auto row = ParseExpression("(a, b) in (select x, y from t)");
  EXPECT_EQ(row->kind, ExprKind::kInSubquery);
  EXPECT_EQ(row->args.size(), 2u);
  auto rowl = ParseExpression("(a, b) in ((1, 2), (3, 4))");
  EXPECT_EQ(rowl->kind, ExprKind::kInList);
  EXPECT_EQ(rowl->args[0]->kind, ExprKind::kRowConstructor);
  EXPECT_EQ(rowl->args.size(), 3u);
  auto like = ParseExpression("name like 'a\\_%' escape '\\'");
  EXPECT_EQ(like->kind, ExprKind::kLike);
  EXPECT_EQ(like->args.size(), 3u);
  auto ex = ParseExpression("not exists (select 1 from t where t.a = b)");
  EXPECT_EQ(ex->kind, ExprKind::kNot);
  EXPECT_EQ(ex->args[0]->kind, ExprKind::kExists);
  auto all = ParseExpression("x > all (select y from t)");
  EXPECT_EQ(all->kind, ExprKind::kCompare);
  EXPECT_EQ(all->quantifier, "ALL");
  ASSERT_TRUE(all->subquery);
  auto some = ParseExpression("x = some (select y from t)");
  EXPECT_EQ(some->quantifier, "ANY");
  auto anyl = ParseExpression("x < any (1, 2)");
  EXPECT_EQ(anyl->kind, ExprKind::kOr);
  EXPECT_EQ(anyl->args.size(), 2u);
  EXPECT_EQ(ParseExpression("a != b")->op, "<>");
  EXPECT_EQ(ParseExpression("a ^= b")->op, "<>");
  EXPECT_EQ(ParseExpression("a >= b")->op, ">=");
  EXPECT_EQ(S("x is not null"), "X IS NOT NULL");
  EXPECT_EQ(S("x between 1 and 2"), "X BETWEEN 1 AND 2");
  EXPECT_EQ(S("x in (1,2)"), "X IN (1,2)");
}

TEST(Expr, CaseAndCast) {
  auto c = ParseExpression("case when a > 1 then 'x' when a > 0 then 'y' else 'z' end");
  ASSERT_EQ(c->kind, ExprKind::kCase);
  ASSERT_EQ(c->args.size(), 6u);
  EXPECT_EQ(c->args[0], nullptr);
  EXPECT_EQ(c->args[5]->literal.str(), "z");
  auto s = ParseExpression("case a when 1 then 'one' end");
  ASSERT_EQ(s->args.size(), 4u);
  ASSERT_TRUE(s->args[0]);
  EXPECT_EQ(s->args[3], nullptr);
  EXPECT_EQ(S("case a when 1 then 'one' end"), "CASE A WHEN 1 THEN 'one' END");
  auto cast = ParseExpression("cast(x as number(10,2))");
  EXPECT_EQ(cast->kind, ExprKind::kCast);
  EXPECT_EQ(cast->cast_type, LogicalType::Number(10, 2));
  EXPECT_EQ(ParseExpression("CAST ( NULL AS INTEGER )")->cast_type, LogicalType::Integer());
  EXPECT_EQ(ParseExpression("cast(a as varchar2(30))")->cast_type, LogicalType::Varchar(30));
}

TEST(Expr, Functions) {
  auto c = ParseExpression("count(distinct x)");
  EXPECT_EQ(c->kind, ExprKind::kFunction);
  EXPECT_TRUE(c->distinct);
  EXPECT_EQ(c->names, std::vector<std::string>{"COUNT"});
  EXPECT_EQ(S("count ( * )"), "COUNT(*)");
  EXPECT_EQ(S("count(distinct x)"), "COUNT(DISTINCT X)");
  EXPECT_EQ(S("nvl(a, 0)"), "NVL(A,0)");
  auto r = ParseExpression("dbms_random.value(1, 10)");
  EXPECT_EQ(r->names, (std::vector<std::string>{"DBMS_RANDOM", "VALUE"}));
  auto v = ParseExpression("dbms_random.value");
  EXPECT_EQ(v->kind, ExprKind::kFunction);
  EXPECT_TRUE(v->args.empty());
  EXPECT_EQ(ParseExpression("sum(all x)")->distinct, false);
  auto rep = ParseExpression("replace(a, 'x', 'y')");
  EXPECT_EQ(rep->names, std::vector<std::string>{"REPLACE"});
  auto t = ParseExpression("trim(leading '0' from x)");
  EXPECT_EQ(t->names, std::vector<std::string>{"LTRIM"});
  EXPECT_EQ(ParseExpression("trim(x)")->names, std::vector<std::string>{"TRIM"});
}

TEST(Expr, Literals) {
  auto n = ParseExpression("1e3");
  EXPECT_EQ(n->kind, ExprKind::kLiteral);
  EXPECT_EQ(n->text, "1e3");
  EXPECT_EQ(n->literal.number(), Decimal::FromInt(1000));
  auto d = ParseExpression("2.50");
  EXPECT_EQ(d->text, "2.50");
  EXPECT_EQ(d->literal.type().id, TypeId::kNumber);
  EXPECT_EQ(ParseExpression("42")->literal.type(), LogicalType::Integer());
  EXPECT_EQ(ParseExpression("'it''s'")->literal.str(), "it's");
  auto empty = ParseExpression("''");
  EXPECT_FALSE(empty->literal.is_null());
  EXPECT_EQ(empty->literal.str(), "");
  EXPECT_EQ(ParseExpression("q'[a'b]'")->literal.str(), "a'b");
  EXPECT_TRUE(ParseExpression("null")->literal.is_null());
  auto date = ParseExpression("date '2024-03-01'");
  EXPECT_EQ(date->literal.type().id, TypeId::kDate);
  EXPECT_EQ(date->literal.date(), 1709251200);
  auto ts = ParseExpression("timestamp '1970-01-01 00:00:01.5'");
  EXPECT_EQ(ts->literal.timestamp(), 1500000);
  EXPECT_EQ(S("date '2024-03-01'"), "DATE '2024-03-01'");
  EXPECT_THROW(ParseExpression("date '2024-13-01'"), OraError);
  auto bind = ParseExpression(":b1 + :Name");
  EXPECT_EQ(bind->args[0]->kind, ExprKind::kBindVar);
  EXPECT_EQ(bind->args[1]->text, "NAME");
  EXPECT_EQ(S(":b1"), ":B1");
}

TEST(Expr, QualifiedRowid) {
  auto e = ParseExpression("t.rowid");
  EXPECT_EQ(e->kind, ExprKind::kRowid);
  EXPECT_EQ(e->names, std::vector<std::string>{"T"});
  EXPECT_EQ(e->ToString(), "T.ROWID");
}

TEST(Expr, ScalarSubqueryAndPositions) {
  auto e = ParseExpression("a +\n  (select max(b) from t)");
  EXPECT_EQ(e->args[1]->kind, ExprKind::kScalarSubquery);
  EXPECT_EQ(e->args[1]->pos.line, 2u);
  EXPECT_EQ(e->args[1]->pos.column, 2u);
}

TEST(Expr, NonReservedKeywordsAreIdentifiers) {
  for (const char* name : {"name", "value", "type", "status", "key", "text", "comment", "data",
                           "rows", "first", "last", "next", "only", "load", "session", "system",
                           "index", "timestamp", "plan", "query", "no", "low", "high", "row"}) {
    auto e = ParseExpression(name);
    EXPECT_EQ(e->kind, ExprKind::kColumnRef) << name;
    auto st = ParseStatement(std::string("select ") + name + " from " + name + " where " + name +
                             " = 1 order by " + name);
    EXPECT_EQ(st->query->block->from[0]->name[0].size(), std::string(name).size()) << name;
  }
}

}  // namespace
}  // namespace pathdb
