// `x IN (subquery)` evaluated as a filter (NO_UNNEST) against more than 8 subquery rows probes
// a hash index of the rows (executor/expr/subquery.cpp): for NUMBER rows the values
// themselves (1.5 = 1.50), otherwise their text. SQL's NULL rules hold either way: a NULL
// probe or a miss with a NULL in the set is UNKNOWN, so NOT IN then keeps nothing.
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class InSubqueryIndexTest : public SessionTest {};

TEST_F(InSubqueryIndexTest, NumberRowsProbedByValueWithSqlNullRules) {
  Exec("create table t (x number, d binary_double)");
  Exec("insert into t select level / 2, level / 2 from dual connect by level <= 40");
  Exec("insert into t values (null, null)");
  Exec("create table s (y number)");
  // 1.50, 2.0, 3, ... 12: eleven rows of mixed scales.
  Exec("insert into s values (1.50)");
  Exec("insert into s select cast(level + 1 as number(4, 1)) from dual connect by level <= 11");
  Exec("commit");
  const std::string in = "(select /*+ no_unnest */ y from s)";
  // 1.5 and the integers 2..12 of 0.5 .. 20: twelve rows.
  EXPECT_EQ(Rows("select count(*) from t where x in " + in), std::vector<std::string>{"12"});
  EXPECT_EQ(Rows("select count(*) from t where x not in " + in),
            std::vector<std::string>{"28"});  // 40 - 12; the NULL x is UNKNOWN
  EXPECT_EQ(Rows("select min(x), max(x) from t where x in " + in),
            (std::vector<std::string>{"1.5|12"}));
  // A BINARY_DOUBLE probe compares by value too.
  EXPECT_EQ(Rows("select count(*) from t where d in " + in), std::vector<std::string>{"12"});
  // A NULL among the rows: a miss is UNKNOWN, NOT IN keeps nothing, IN still finds hits.
  Exec("insert into s values (null)");
  EXPECT_EQ(Rows("select count(*) from t where x in " + in), std::vector<std::string>{"12"});
  EXPECT_EQ(Rows("select count(*) from t where x not in " + in), std::vector<std::string>{"0"});
  EXPECT_EQ(Rows("select count(*) from t where not (x in " + in + ") or x is null"),
            std::vector<std::string>{"1"});
  Exec("rollback");
  // Text rows keep their own index: '1.5' is not the number 1.5 in a VARCHAR2 set.
  Exec("create table v (s varchar2(10))");
  Exec("insert into v select 'k' || level from dual connect by level <= 20");
  Exec("commit");
  EXPECT_EQ(Rows("select count(*) from v where s in (select /*+ no_unnest */ 'k' || (2 * "
                 "level) from dual connect by level <= 15)"),
            std::vector<std::string>{"10"});
}

}  // namespace
}  // namespace pathdb::testing
