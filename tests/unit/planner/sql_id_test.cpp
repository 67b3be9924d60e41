// SQL_ID and HASH_VALUE must match Oracle's for the same text; plan hash values must follow
// the plan's shape and objects only.
#include "planner/sql_id.h"

#include <gtest/gtest.h>

namespace pathdb::planner {
namespace {

TEST(SqlId, MatchesOracleForTheClassicStatement) {
  // The well-known identifiers of this statement in any Oracle database.
  EXPECT_EQ(SqlId("select * from dual"), "a5ks9fhw2v9s1");
  EXPECT_EQ(SqlHashValue("select * from dual"), 942515969u);
  EXPECT_EQ(SqlId("select * from dual").size(), 13u);
  EXPECT_NE(SqlId("select * from dual "), SqlId("select * from dual"));  // text is exact
}

xplan::PlanLine L(int id, int depth, std::string op, std::string name) {
  xplan::PlanLine l;
  l.id = id;
  l.depth = depth;
  l.operation = std::move(op);
  l.name = std::move(name);
  return l;
}

TEST(SqlId, PlanHashFollowsShapeAndObjectsOnly) {
  std::vector<xplan::PlanLine> a = {L(0, 0, "SELECT STATEMENT", ""), L(1, 1, "HASH JOIN", ""),
                                    L(2, 2, "JOIN FILTER CREATE", ":BF0000"),
                                    L(3, 3, "TABLE ACCESS FULL", "C"),
                                    L(4, 2, "TABLE ACCESS FULL", "O")};
  auto b = a;
  b[2].name = ":BF0001";  // system-generated names do not count
  b[1].rows = 42;         // nor do estimates
  EXPECT_EQ(PlanHashValue(a), PlanHashValue(b));
  auto c = a;
  c[4].operation = "INDEX FAST FULL SCAN";
  EXPECT_NE(PlanHashValue(a), PlanHashValue(c));
  auto d = a;
  d[4].depth = 3;  // a different parent
  EXPECT_NE(PlanHashValue(a), PlanHashValue(d));
  auto e = a;
  std::swap(e[3].name, e[4].name);
  EXPECT_NE(PlanHashValue(a), PlanHashValue(e));
}

}  // namespace
}  // namespace pathdb::planner
