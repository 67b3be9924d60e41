// An uncorrelated subquery runs once per execution, whichever clause it is in and however
// many batches its outer query block reads (TPC-H Q18 re-ran a GROUP BY for every batch);
// a correlated one runs once per distinct correlation value within a batch.
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class SubqueryOnceTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table t (a number, g number)");
    // 30,000 rows: 15 batches of 2048 for the outer query block.
    Exec("insert into t select level, mod(level, 5) from dual connect by level <= 30000");
    Exec("create table s (b number)");
    Exec("insert into s select level * 10 from dual connect by level <= 100");
    Exec("commit");
  }
  //! LAST_STARTS of the plan line of `sql`'s last execution reading `object`.
  std::vector<std::string> Starts(const std::string& object) {
    return Rows(
        "select p.last_starts from v$sql_plan_statistics_all p join v$sql q "
        "on q.sql_id = p.sql_id and q.child_number = p.child_number "
        "where q.sql_text like 'select /*+ gather_plan_statistics */%' and p.object_name = '" +
        object + "'");
  }
};

TEST_F(SubqueryOnceTest, ScalarSubqueryInWhereAndSelectRunsOnce) {
  EXPECT_EQ(Rows("select /*+ gather_plan_statistics */ count(*), max(a + (select min(b) from s))"
                 " from t where a > (select max(b) from s)"),
            Strings{"29000|30010"});
  // The WHERE subquery's scan of S started once, not once per batch of T (the select-list
  // one shows no plan line).
  EXPECT_EQ(Starts("S"), Strings{"1"});
}

TEST_F(SubqueryOnceTest, InSubqueryKeptAsFilterRunsOnce) {
  EXPECT_EQ(Rows("select /*+ gather_plan_statistics */ count(*) from t where a in "
                 "(select /*+ no_unnest */ b from s) or g = 7"),
            Strings{"100"});
  EXPECT_EQ(Starts("S"), Strings{"1"});
}

}  // namespace
}  // namespace pathdb::testing
