// SELECT end to end: expressions, WHERE, GROUP BY/HAVING, ORDER BY, ROWNUM, FETCH, CONNECT BY,
// DISTINCT, set operations, headings.
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class QueryTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table emp (id number(10) primary key, name varchar2(20), dept number, sal number(10,2))");
    Exec("insert into emp values (1, 'ann', 10, 100), (2, 'bob', 10, 200), (3, 'cy', 20, 300), "
         "(4, 'dee', null, 50), (5, 'ed', 20, null)");
  }
};

TEST_F(QueryTest, FromlessAndDual) {
  EXPECT_EQ(Rows("select 1 + 2 from dual"), Strings{"3"});
  EXPECT_EQ(Rows("select 7 / 2"), Strings{"3.5"});
  EXPECT_EQ(sink_.names, Strings{"7/2"});
  EXPECT_EQ(Rows("select * from dual"), Strings{"X"});
  EXPECT_EQ(sink_.names, Strings{"DUMMY"});
}

TEST_F(QueryTest, HeadingsFollowOracle) {
  Rows("select id, name n, id + 1, count(*) over_all from emp where id = 1 group by id, name");
  EXPECT_EQ(sink_.names, (Strings{"ID", "N", "ID+1", "OVER_ALL"}));
}

TEST_F(QueryTest, WhereAndOrderBy) {
  EXPECT_EQ(Rows("select name from emp where sal >= 100 order by sal desc"),
            (Strings{"cy", "bob", "ann"}));
  // NULLs sort high: last ascending, first descending.
  EXPECT_EQ(Rows("select id from emp order by sal"), (Strings{"4", "1", "2", "3", "5"}));
  EXPECT_EQ(Rows("select id from emp order by sal desc"), (Strings{"5", "3", "2", "1", "4"}));
  EXPECT_EQ(Rows("select id from emp order by sal nulls first"),
            (Strings{"5", "4", "1", "2", "3"}));
  // Position, alias, and an expression not in the select list.
  EXPECT_EQ(Rows("select name, id x from emp order by 2 desc fetch first 2 rows only"),
            (Strings{"ed|5", "dee|4"}));
  EXPECT_EQ(Rows("select name from emp order by id * -1 offset 3 rows"), (Strings{"bob", "ann"}));
}

TEST_F(QueryTest, GroupByHaving) {
  EXPECT_EQ(Rows("select dept, count(*), sum(sal), max(name) from emp group by dept "
                 "having count(*) > 1 order by dept"),
            (Strings{"10|2|300|bob", "20|2|300|ed"}));
  EXPECT_EQ(Rows("select count(*), count(sal), count(distinct dept), avg(sal), min(sal) from emp"),
            (Strings{"5|4|2|162.5|50"}));
  EXPECT_EQ(Rows("select count(*) from emp where 1 = 0"), Strings{"0"});
  EXPECT_EQ(Rows("select sum(sal) from emp where 1 = 0"), Strings{""});
}

TEST_F(QueryTest, GroupByErrors) {
  EXPECT_EQ(ErrorCode("select name, count(*) from emp group by dept"), 979);
  EXPECT_EQ(ErrorCode("select name, count(*) from emp"), 937);
  EXPECT_EQ(ErrorCode("select id from emp where count(*) > 1"), 934);
}

TEST_F(QueryTest, Rownum) {
  EXPECT_EQ(Rows("select id from emp where rownum <= 2"), (Strings{"1", "2"}));
  EXPECT_EQ(Rows("select rownum, id from emp where id > 3"), (Strings{"1|4", "2|5"}));
  EXPECT_EQ(Rows("select id from emp where rownum < 1"), Strings{});
  EXPECT_EQ(Rows("select * from (select id from emp order by id desc) where rownum = 1"),
            Strings{"5"});
}

// Oracle numbers a row only when it passes the ROWNUM condition, so the first row always
// meets the condition with ROWNUM = 1: ROWNUM > 1 and ROWNUM = 2 can never be true.
TEST_F(QueryTest, RownumIsAssignedOnlyToRowsThatPass) {
  EXPECT_EQ(Rows("select id from emp where rownum > 1"), Strings{});
  EXPECT_EQ(Rows("select id from emp where rownum = 2"), Strings{});
  EXPECT_EQ(Rows("select id from emp where rownum >= 1 and rownum <= 2"), (Strings{"1", "2"}));
  EXPECT_EQ(Rows("select rownum, id from emp where id > 1 and rownum between 1 and 3"),
            (Strings{"1|2", "2|3", "3|4"}));
}

TEST_F(QueryTest, ConnectBy) {
  auto rows = Rows("select level, rownum from dual connect by level <= 5");
  EXPECT_EQ(rows, (Strings{"1|1", "2|2", "3|3", "4|4", "5|5"}));
  EXPECT_EQ(Rows("select count(*), sum(level) from dual connect by level <= 1000"),
            Strings{"1000|500500"});
}

TEST_F(QueryTest, DistinctAndSetOps) {
  EXPECT_EQ(Rows("select distinct dept from emp order by dept"), (Strings{"10", "20", ""}));
  EXPECT_EQ(Rows("select dept from emp union select 30 from dual"),
            (Strings{"10", "20", "30", ""}));
  EXPECT_EQ(Rows("select dept from emp where dept = 10 union all select 10 from dual"),
            (Strings{"10", "10", "10"}));
  EXPECT_EQ(Rows("select dept from emp intersect select 20 from dual"), Strings{"20"});
  EXPECT_EQ(Rows("select dept from emp minus select 10 from dual order by 1"),
            (Strings{"20", ""}));
  EXPECT_EQ(ErrorCode("select id, name from emp union select id from emp"), 1789);
}

TEST_F(QueryTest, BinderErrors) {
  EXPECT_EQ(ErrorCode("select nope from emp"), 904);
  EXPECT_EQ(ErrorCode("select * from nosuch"), 942);
  EXPECT_EQ(ErrorCode("select id from emp a, emp b"), 918);
  EXPECT_EQ(ErrorCode("select a.id from emp a, emp b where a.id = b.id"), 0);
  EXPECT_EQ(ErrorCode("select nosuchfn(1) from dual"), 904);
}

TEST_F(QueryTest, OracleLiterals) {
  EXPECT_EQ(Rows("select nvl('', 'empty') from dual"), Strings{"empty"});
  EXPECT_EQ(Rows("select case when '' is null then 'y' else 'n' end from dual"), Strings{"y"});
}

TEST_F(QueryTest, SqliteDialect) {
  Exec("alter session set sql_dialect = sqlite");
  EXPECT_EQ(Rows("select 7 / 2"), Strings{"3"});
  EXPECT_EQ(Rows("select case when '' is null then 'y' else 'n' end"), Strings{"n"});
  // Lax GROUP BY: a bare column next to an aggregate is allowed.
  EXPECT_EQ(Rows("select dept, name, count(*) from emp where dept = 20 group by dept"),
            (Strings{"20|ed|2"}));
  EXPECT_EQ(sink_.types[0].id, TypeId::kNumber);
  Rows("select avg(id) from emp");
  EXPECT_EQ(sink_.types[0].id, TypeId::kDouble);
  Rows("select 1.5");
  EXPECT_EQ(sink_.types[0].id, TypeId::kDouble);
}

}  // namespace
}  // namespace pathdb::testing
