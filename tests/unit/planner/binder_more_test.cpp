// More binder cases: star expansion, grouped expressions, nested correlation, CTE chains,
// outer-join residuals, set-operation type unification, dates.
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class BinderMoreTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table d (dept number, dname varchar2(10))");
    Exec("create table e (id number, dept number, sal number)");
    Exec("insert into d values (10, 'acct'), (20, 'ops'), (30, 'empty')");
    Exec("insert into e values (1, 10, 100), (2, 10, 200), (3, 20, 300), (4, null, 50)");
  }
};

TEST_F(BinderMoreTest, StarExpansion) {
  EXPECT_EQ(Rows("select * from d where dept = 10"), Strings{"10|acct"});
  EXPECT_EQ(sink_.names, (Strings{"DEPT", "DNAME"}));
  EXPECT_EQ(Rows("select d.*, e.id from d, e where d.dept = e.dept and e.id = 3"),
            Strings{"20|ops|3"});
  // USING shows the join column once.
  Rows("select * from d join e using (dept) where id = 1");
  EXPECT_EQ(sink_.names, (Strings{"DEPT", "DNAME", "ID", "SAL"}));
}

TEST_F(BinderMoreTest, GroupedExpressions) {
  EXPECT_EQ(Rows("select dept * 2, count(*) from e where dept is not null group by dept * 2 "
                 "order by count(*) desc, 1"),
            (Strings{"20|2", "40|1"}));
  EXPECT_EQ(sink_.names, (Strings{"DEPT*2", "COUNT(*)"}));
  EXPECT_EQ(Rows("select dept from e group by dept order by sum(sal) desc, dept desc"),
            (Strings{"20", "10", ""}));
  EXPECT_EQ(Rows("select dept, (select dname from d where d.dept = e.dept) from e "
                 "where dept is not null group by dept order by 1"),
            (Strings{"10|acct", "20|ops"}));
}

TEST_F(BinderMoreTest, NestedCorrelation) {
  EXPECT_EQ(Rows("select dname from d where exists (select 1 from e where e.dept = d.dept and "
                 "e.sal = (select max(sal) from e e2 where e2.dept = d.dept)) order by 1"),
            (Strings{"acct", "ops"}));
  EXPECT_EQ(Rows("select id from e where dept in (select dept from d where dname = 'ops' "
                 "union select 10 from dual) order by id"),
            (Strings{"1", "2", "3"}));
}

TEST_F(BinderMoreTest, CteChainsAndOuterResidual) {
  EXPECT_EQ(Rows("with a as (select id, sal from e), b as (select id from a where sal > 150) "
                 "select count(*) from b"),
            Strings{"2"});
  EXPECT_EQ(Rows("select e.id, d.dname from e left join d on e.dept = d.dept and d.dname <> 'ops' "
                 "order by e.id"),
            (Strings{"1|acct", "2|acct", "3|", "4|"}));
  EXPECT_EQ(Rows("select count(*) from e left join d on e.dept < d.dept"), Strings{"6"});
}

TEST_F(BinderMoreTest, SetOperationTypes) {
  EXPECT_EQ(Rows("select 1 from dual union all select 2.5 from dual"), (Strings{"1", "2.5"}));
  EXPECT_EQ(Rows("select dname from d where dept = 10 union select 'zz' from dual order by 1 desc"),
            (Strings{"zz", "acct"}));
  EXPECT_EQ(ErrorCode("select 1 from dual union select date '2020-01-01' from dual"), 1790);
}

TEST_F(BinderMoreTest, BareNullTakesContextType) {
  EXPECT_EQ(Rows("select coalesce(null, 75) * 2, nvl(null, 1) + 1 from dual"), Strings{"150|2"});
  EXPECT_EQ(Rows("select case when 1 = 0 then null else 3 end + 1 from dual"), Strings{"4"});
  EXPECT_EQ(Rows("select null from dual union all select 1 from dual"), (Strings{"", "1"}));
}

TEST_F(BinderMoreTest, Dates) {
  Exec("create table dt (d date)");
  Exec("insert into dt values (date '2024-03-01')");
  EXPECT_EQ(Rows("select to_char(d + 1, 'YYYY-MM-DD') from dt"), Strings{"2024-03-02"});
  EXPECT_EQ(Rows("select count(*) from dt where d > date '2024-01-01'"), Strings{"1"});
  EXPECT_EQ(Rows("select d - date '2024-02-01' from dt"), Strings{"29"});
}

TEST_F(BinderMoreTest, Errors) {
  EXPECT_EQ(ErrorCode("select id from e order by 5"), 1785);
  EXPECT_EQ(ErrorCode("select distinct id from e order by sal"), 1791);
  EXPECT_EQ(ErrorCode("select x.id from e"), 904);
  EXPECT_EQ(ErrorCode("select id from e where id in (select id, sal from e)"), 913);
  EXPECT_EQ(ErrorCode("select sum(id) from e group by sum(id)"), 934);
  EXPECT_EQ(ErrorCode("select * from e full outer join d on e.dept = d.dept"), 0);
  // A FULL OUTER JOIN runs as a hash join only: without an equality it is refused, clearly.
  EXPECT_EQ(ErrorCode("select * from e full outer join d on e.dept < d.dept"), 3001);
}

// SQLite: an empty IN list holds no item that could make the answer unknown, so IN () is
// false and NOT IN () true even for a NULL left operand (dept of id 4).
TEST_F(BinderMoreTest, SqliteEmptyInList) {
  Exec("alter session set sql_dialect = sqlite");
  EXPECT_EQ(Rows("select id from e where dept not in () order by id"),
            (Strings{"1", "2", "3", "4"}));
  EXPECT_EQ(Rows("select id from e where null not in () and id = 4"), Strings{"4"});
  EXPECT_EQ(Rows("select count(*) from e where dept in () or null in ()"), Strings{"0"});
  EXPECT_EQ(Rows("select id from e where not (dept in ()) order by id"),
            (Strings{"1", "2", "3", "4"}));
}

}  // namespace
}  // namespace pathdb::testing
