// Syntax errors: Oracle's codes, with the line and column of the offending token.
#include <gtest/gtest.h>

#include "common/error.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

struct ErrorCase {
  const char* sql;
  int code;
  size_t line;
  size_t column;
};

OraError Catch(std::string_view sql) {
  try {
    ParseStatement(sql);
  } catch (const OraError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << sql;
  return OraError(0, "");
}

TEST(SyntaxErrors, CodesAndPositions) {
  const ErrorCase cases[] = {
      {"SELECT a\nFROM t\nWHERE b = = 3", 936, 3, 10},
      {"select * from t where a = 1 b", 933, 1, 28},
      {"select 1 from dual)", 933, 1, 18},
      {"select a b c from t", 923, 1, 11},
      {"select * from t where", 936, 1, 21},
      {"select from t", 936, 1, 7},
      {"select (1 + 2 from dual", 907, 1, 14},
      {"select count(* from t", 907, 1, 15},
      {"select 'abc from dual", 1756, 1, 7},
      {"select \"abc from dual", 1740, 1, 7},
      {"selec 1 from dual", 900, 1, 0},
      {"select * from", 903, 1, 13},
      {"select * from a join b", 905, 1, 22},
      {"select a from t group a", 924, 1, 22},
      {"insert t values (1)", 925, 1, 7},
      {"update t x = 1", 971, 1, 11},
      {"select # from t", 911, 1, 7},
      {"create table t (a number,)", 904, 1, 25},
      {"select a from t where x in (1, 2", 907, 1, 32},
      {"select f(1,) from t", 936, 1, 11},
      {"", 900, 1, 0},
      {"  -- only a comment\n", 900, 1, 0},
  };
  for (const auto& c : cases) {
    OraError e = Catch(c.sql);
    EXPECT_EQ(e.code(), c.code) << c.sql << " -> " << e.what();
    EXPECT_EQ(e.line, c.line) << c.sql;
    EXPECT_EQ(e.column, c.column) << c.sql;
  }
}

TEST(SyntaxErrors, MessagesUseOracleWording) {
  EXPECT_STREQ(Catch("select * from t where a = 1 b").what(),
               "ORA-00933: SQL command not properly ended");
  EXPECT_STREQ(Catch("select * from t where").what(), "ORA-00936: missing expression");
  EXPECT_STREQ(Catch("select 'x from dual").what(),
               "ORA-01756: quoted string not properly terminated");
}

TEST(SyntaxErrors, SemanticLiteralErrors) {
  EXPECT_EQ(Catch("create table t (a number(39))").code(), 1727);
  EXPECT_EQ(Catch("select date '2024-02-30' from dual").code(), 1847);
  EXPECT_EQ(Catch("select date 'x' from dual").code(), 1861);
}

TEST(SyntaxErrors, ExpressionEntryPoint) {
  EXPECT_THROW(ParseExpression("1 +"), OraError);
  EXPECT_THROW(ParseExpression("a b"), OraError);
}

}  // namespace
}  // namespace pathdb
