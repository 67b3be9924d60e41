// DDL, DML, transactions and statement atomicity, session statements, parameters.
#include "session_test_util.h"
#include "shell/engine/parameters.h"

namespace pathdb::testing {
namespace {

TEST_F(SessionTest, CreateInsertSelect) {
  EXPECT_EQ(Exec("create table t (a integer not null, b varchar2(5) default 'x', c date)"),
            "Table created.");
  EXPECT_EQ(ErrorCode("create table t (a number)"), 955);
  EXPECT_EQ(Exec("insert into t (a) values (1)"), "1 row inserted.");
  EXPECT_EQ(Exec("insert into t values (2, 'yy', null), (3, null, null)"), "2 rows inserted.");
  EXPECT_EQ(Rows("select a, b from t order by a"), (Strings{"1|x", "2|yy", "3|"}));
  EXPECT_EQ(ErrorCode("insert into t values (1, 'a')"), 947);
  EXPECT_EQ(ErrorCode("insert into t values (1, 'a', null, 4)"), 913);
  EXPECT_EQ(ErrorCode("insert into t (nope) values (1)"), 904);
  EXPECT_EQ(ErrorCode("insert into t values ('abc', null, null)"), 1722);
  EXPECT_EQ(ErrorCode("insert into t (b) values ('z')"), 1400);
}

TEST_F(SessionTest, InsertSelectUpdateDelete) {
  Exec("create table s (n number, m number)");
  EXPECT_EQ(Exec("insert /*+ APPEND */ into s (n) select level from dual connect by level <= 10"),
            "10 rows inserted.");
  EXPECT_EQ(Exec("update s set m = n * 2 where n > 5"), "5 rows updated.");
  EXPECT_EQ(Rows("select sum(m) from s"), Strings{"80"});
  EXPECT_EQ(Exec("delete from s where m is null"), "5 rows deleted.");
  EXPECT_EQ(Exec("delete from s where n = 99"), "0 rows deleted.");
  EXPECT_EQ(Rows("select count(*) from s"), Strings{"5"});
  EXPECT_EQ(Exec("update s x set m = (select max(n) from s where n < x.n) where n = 7"),
            "1 row updated.");
  EXPECT_EQ(Rows("select m from s where n = 7"), Strings{"6"});
}

TEST_F(SessionTest, RollbackAndSavepoints) {
  Exec("create table r (n number)");
  Exec("insert into r values (1)");
  EXPECT_EQ(Exec("commit"), "Commit complete.");
  Exec("insert into r values (2)");
  EXPECT_EQ(Exec("savepoint sp1"), "Savepoint created.");
  Exec("insert into r values (3)");
  EXPECT_EQ(Exec("rollback to savepoint sp1"), "Rollback complete.");
  EXPECT_EQ(Rows("select n from r order by n"), (Strings{"1", "2"}));
  EXPECT_EQ(Exec("rollback"), "Rollback complete.");
  EXPECT_EQ(Rows("select n from r"), Strings{"1"});
  EXPECT_EQ(ErrorCode("rollback to savepoint nope"), 1086);
}

TEST_F(SessionTest, FailedStatementUndoesOnlyItself) {
  Exec("create table a (n number(1))");
  Exec("insert into a values (1)");
  // The third row is too wide: the whole statement goes, the earlier insert stays.
  EXPECT_NE(ErrorCode("insert into a select level * 4 from dual connect by level <= 3"), 0);
  EXPECT_EQ(Rows("select n from a"), Strings{"1"});
}

TEST_F(SessionTest, CtasAndTruncateAndDrop) {
  Exec("create table src (a number, b varchar2(10))");
  Exec("insert into src values (1, 'p'), (2, 'q')");
  EXPECT_EQ(Exec("create table dst as select a, b, a * 10 ten from src"), "Table created.");
  EXPECT_EQ(Rows("select ten from dst order by a"), (Strings{"10", "20"}));
  EXPECT_EQ(ErrorCode("create table bad as select a + 1 from src"), 998);
  EXPECT_EQ(Exec("truncate table dst"), "Table truncated.");
  EXPECT_EQ(Rows("select count(*) from dst"), Strings{"0"});
  EXPECT_EQ(Exec("drop table dst"), "Table dropped.");
  EXPECT_EQ(ErrorCode("drop table dst"), 942);
}

TEST_F(SessionTest, SessionStatements) {
  EXPECT_EQ(Exec("alter session set statistics_level = all"), "Session altered.");
  EXPECT_EQ(session_->parameters().Get("statistics_level"), "ALL");
  EXPECT_EQ(ErrorCode("alter session set statistics_level = lots"), 96);
  EXPECT_EQ(ErrorCode("alter session set no_such_parameter = 1"), 2248);
  EXPECT_EQ(Exec("alter system flush buffer_cache"), "System altered.");
  EXPECT_EQ(Exec("begin dbms_random.seed(42); end;"), "PL/SQL procedure successfully completed.");
  auto first = Rows("select dbms_random.value from dual");
  Exec("begin dbms_random.seed(42); end;");
  EXPECT_EQ(Rows("select dbms_random.value from dual"), first);
  EXPECT_EQ(ErrorCode("create index i on t (a)"), 942);  // no table T here
  EXPECT_GE(session_->stats().Get(Stat::kExecuteCount), 5u);
}

TEST(ParametersTest, DefaultsTypesAndValidation) {
  Parameters p;
  EXPECT_EQ(p.Get("db_block_size"), "8192");
  EXPECT_EQ(p.GetInt("db_file_multiblock_read_count"), 128);
  EXPECT_EQ(p.Get("nls_date_format"), "DD-MON-RR");
  EXPECT_TRUE(p.IsDefault("sql_dialect"));
  p.Set("_serial_direct_read", "true");
  EXPECT_EQ(p.Get("_serial_direct_read"), "ALWAYS");
  EXPECT_FALSE(p.IsDefault("_serial_direct_read"));
  p.Set("db_cache_size", "64M");
  EXPECT_EQ(p.GetInt("db_cache_size"), 64 << 20);
  EXPECT_THROW(p.Set("db_block_size", "4096"), OraError);
  EXPECT_THROW(p.Set("optimizer_mode", "fast"), OraError);
  EXPECT_THROW(p.Set("db_file_multiblock_read_count", "many"), OraError);
  EXPECT_EQ(p.Matching("bloom").size(), 3u);
}

}  // namespace
}  // namespace pathdb::testing
