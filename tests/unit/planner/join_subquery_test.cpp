// Joins (comma, ANSI, outer, USING), subqueries (scalar, IN, EXISTS, correlated), views, CTEs.
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class JoinTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table d (dept number, dname varchar2(10))");
    Exec("create table e (id number, dept number, sal number)");
    Exec("insert into d values (10, 'acct'), (20, 'ops'), (30, 'empty')");
    Exec("insert into e values (1, 10, 100), (2, 10, 200), (3, 20, 300), (4, null, 50)");
  }
};

TEST_F(JoinTest, CommaAndAnsiInnerJoins) {
  Strings want{"1|acct", "2|acct", "3|ops"};
  EXPECT_EQ(Rows("select e.id, d.dname from e, d where e.dept = d.dept order by e.id"), want);
  EXPECT_EQ(Rows("select e.id, d.dname from e join d on e.dept = d.dept order by 1"), want);
  EXPECT_EQ(Rows("select id, dname from e join d using (dept) order by id"), want);
  EXPECT_EQ(Rows("select e.id, d.dname from e, d where e.dept = d.dept and d.dname = 'ops'"),
            Strings{"3|ops"});
  // Non-equi join goes through nested loops.
  EXPECT_EQ(Rows("select count(*) from e, d where e.dept < d.dept"), Strings{"5"});
}

TEST_F(JoinTest, OuterJoins) {
  EXPECT_EQ(Rows("select e.id, d.dname from e left join d on e.dept = d.dept order by e.id"),
            (Strings{"1|acct", "2|acct", "3|ops", "4|"}));
  EXPECT_EQ(Rows("select d.dname, e.id from e right join d on e.dept = d.dept order by 1, 2"),
            (Strings{"acct|1", "acct|2", "empty|", "ops|3"}));
  EXPECT_EQ(Rows("select d.dname, count(e.id) from d left outer join e on e.dept = d.dept "
                 "group by d.dname order by 1"),
            (Strings{"acct|2", "empty|0", "ops|1"}));
  // A WHERE on the NULL-supplying side filters after the join.
  EXPECT_EQ(Rows("select d.dname from d left join e on e.dept = d.dept where e.id is null"),
            Strings{"empty"});
}

TEST_F(JoinTest, Subqueries) {
  EXPECT_EQ(Rows("select id from e where sal > (select avg(sal) from e) order by id"),
            (Strings{"2", "3"}));
  EXPECT_EQ(Rows("select dname from d where dept in (select dept from e) order by 1"),
            (Strings{"acct", "ops"}));
  EXPECT_EQ(Rows("select dname from d where dept not in (select dept from e where dept is not null)"),
            Strings{"empty"});
  EXPECT_EQ(Rows("select dname from d where dept not in (select dept from e)"), Strings{});
  EXPECT_EQ(Rows("select dname from d where not exists (select 1 from e where e.dept = d.dept)"),
            Strings{"empty"});
  EXPECT_EQ(Rows("select d.dname, (select max(sal) from e where e.dept = d.dept) from d order by 1"),
            (Strings{"acct|200", "empty|", "ops|300"}));
  EXPECT_EQ(Rows("select id from e where sal >= all (select sal from e where sal is not null)"),
            Strings{"3"});
  EXPECT_EQ(ErrorCode("select (select id from e) from dual"), 1427);
}

TEST_F(JoinTest, ViewsAndCtes) {
  EXPECT_EQ(Exec("create view v as select dept, sum(sal) total from e group by dept"),
            "View created.");
  EXPECT_EQ(Rows("select total from v where dept = 10"), Strings{"300"});
  EXPECT_EQ(ErrorCode("create view v as select 1 x from dual"), 955);
  EXPECT_EQ(Exec("create or replace view v as select 1 x from dual"), "View created.");
  EXPECT_EQ(Rows("select x from v"), Strings{"1"});
  EXPECT_EQ(Exec("drop view v"), "View dropped.");
  EXPECT_EQ(ErrorCode("select * from v"), 942);
  EXPECT_EQ(Rows("with t as (select dept, count(*) c from e group by dept) "
                 "select d.dname, t.c from d, t where d.dept = t.dept order by 1"),
            (Strings{"acct|2", "ops|1"}));
  EXPECT_EQ(Rows("select x.s from (select sum(sal) s from e) x"), Strings{"650"});
}

}  // namespace
}  // namespace pathdb::testing
