// Dictionary and V$ views: Oracle's RAW encodings, the catalogue, FIXED TABLE FULL plans, and
// the views queried through a Session (joins, filters, values as of the execution).
#include "planner/views/system_views.h"

#include <gtest/gtest.h>

#include "parser/parser.h"
#include "planner/bound_util.h"
#include "planner/planner.h"
#include "planner/views/oracle_encoding.h"
#include "session_test_util.h"

namespace pathdb::planner {
namespace {

Value Num(const char* text) {
  return Value::Number(*Decimal::Parse(text));
}

TEST(OracleRaw, Numbers) {
  EXPECT_EQ(OracleRawHex(Num("0")), "80");
  EXPECT_EQ(OracleRawHex(Num("1")), "C102");
  EXPECT_EQ(OracleRawHex(Num("100")), "C202");
  EXPECT_EQ(OracleRawHex(Num("1000")), "C20B");
  EXPECT_EQ(OracleRawHex(Num("123456")), "C30D2339");
  EXPECT_EQ(OracleRawHex(Num("12.345")), "C10D2333");
  EXPECT_EQ(OracleRawHex(Num("0.5")), "C033");
  EXPECT_EQ(OracleRawHex(Num("0.001")), "BF0B");
  EXPECT_EQ(OracleRawHex(Num("-1")), "3E6466");
  EXPECT_EQ(OracleRawHex(Num("-12.345")), "3E59433366");
  EXPECT_EQ(OracleInternalSize(Num("12.345")), 4u);
}

TEST(OracleRaw, StringsDatesDoubles) {
  EXPECT_EQ(OracleRawHex(Value::Varchar("AB")), "4142");
  // 2020-12-01 00:00:00: century 20+100, year 20+100, month, day, hour+1, minute+1, second+1.
  EXPECT_EQ(OracleRawHex(Value::Date(1606780800)), "78780C01010101");
  EXPECT_EQ(OracleRawHex(Value::Date(1606780800 + 13 * 3600 + 5 * 60 + 9)), "78780C010E060A");
  EXPECT_EQ(OracleRawHex(Value::Double(1.0)), "BFF0000000000000");
  EXPECT_EQ(OracleRawHex(Value::Double(-1.0)), "400FFFFFFFFFFFFF");
  EXPECT_EQ(OracleRawHex(Value::Null()), "");
}

TEST(OracleRaw, HistogramEndpointValues) {
  EXPECT_EQ(HistogramEndpointValue(Num("42")).number().ToInt64(), 42);
  // 'A' padded to 15 bytes: 0x41 * 256^14, rounded to 15 significant digits.
  Value a = HistogramEndpointValue(Value::Varchar("A"));
  EXPECT_EQ(a.number().ToString(), "337499295804764000000000000000000000");
  // DATE: Julian day number ('J' of 1970-01-01 is 2440588), time as a fraction of a day.
  EXPECT_EQ(HistogramEndpointValue(Value::Date(0)).number().ToInt64(), 2440588);
  EXPECT_EQ(HistogramEndpointValue(Value::Date(43200)).number().ToString(), "2440588.5");
}

TEST(Catalogue, ViewsAndColumns) {
  for (const char* name : {"USER_TABLES", "USER_INDEXES", "USER_IND_COLUMNS", "USER_TAB_COLUMNS",
                           "USER_TAB_COL_STATISTICS", "USER_TAB_HISTOGRAMS", "USER_SEGMENTS",
                           "V$STATNAME", "V$MYSTAT", "V$SESSTAT", "V$PARAMETER"}) {
    const SystemView* v = FindSystemView(name);
    ASSERT_NE(v, nullptr) << name;
    EXPECT_EQ(v->table.name, name);
    EXPECT_FALSE(v->table.columns.empty());
  }
  EXPECT_EQ(FindSystemView("V$NOPE"), nullptr);
  EXPECT_TRUE(FindSystemView("V$MYSTAT")->table.ColumnIndex("STATISTIC#").has_value());
}

class SystemViewsTest : public testing::SessionTest {};

const PhysicalOperator* FindOp(const PhysicalOperator& op, const std::string& name) {
  if (op.operation() == name) return &op;
  for (const auto& c : op.children())
    if (const auto* f = FindOp(*c, name)) return f;
  return nullptr;
}

TEST_F(SystemViewsTest, PlanIsFixedTableFull) {
  auto stmt = ParseStatement("select value from v$mystat where statistic# = 3");
  EvalContext eval;
  PlanContext ctx{*db_, eval};
  PhysicalPlan plan = PlanQuery(*stmt->query, ctx);
  const PhysicalOperator* op = FindOp(*plan.root, "FIXED TABLE FULL");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->object_name, "V$MYSTAT");
  EXPECT_EQ(FindOp(*plan.root, "TABLE ACCESS FULL"), nullptr);
}

TEST_F(SystemViewsTest, FixedTableFullBatchesFiltersAndSnapshotsAtOpen) {
  // 5000 rows (three batches) of (i, i * 10); the producer counts its calls so every Open is
  // seen to take a new snapshot.
  int opens = 0;
  auto rows = [&opens](ExecContext&) {
    ++opens;
    std::vector<std::vector<Value>> out;
    for (int64_t i = 0; i < 5000; ++i) out.push_back({Value::Integer(i), Value::Integer(i * 10)});
    return out;
  };
  // Projects column 1 only; keeps rows whose value is >= 49000 (the last 100).
  auto filter =
      MakeCompare(">=", MakeColumn(0, LogicalType::Number()), MakeConstant(Value::Integer(49000)));
  FixedTableFull op("V$TEST", {LogicalType::Number()}, {1}, rows, std::move(filter));
  EXPECT_EQ(op.operation(), "FIXED TABLE FULL");
  EXPECT_EQ(op.object_name, "V$TEST");
  storage::Transaction txn;
  SessionStats stats;
  ExecContext ctx{*db_, txn, stats, EvalContext{}};
  for (int run = 1; run <= 2; ++run) {
    size_t n = 0;
    int64_t first = -1;
    RunPlan(op, ctx, [&](const DataChunk& c) {
      for (size_t i = 0; i < c.Count(); ++i) {
        if (first < 0) first = c.column(0).GetValue(c.RowIndex(i)).number().ToInt64().value();
        ++n;
      }
    });
    EXPECT_EQ(n, 100u);
    EXPECT_EQ(first, 49000);
    EXPECT_EQ(opens, run);
  }
}

TEST_F(SystemViewsTest, ClassicStatQueryMovesWithWork) {
  const std::string q =
      "select s.name, m.value from v$statname s, v$mystat m "
      "where m.statistic# = s.statistic# and s.name = 'execute count'";
  auto first = Rows(q);
  ASSERT_EQ(first.size(), 1u);
  Exec("select 1 from dual");
  Exec("select 1 from dual");
  auto second = Rows(q);
  ASSERT_EQ(second.size(), 1u);
  auto value = [](const std::string& row) { return std::stoll(row.substr(row.find('|') + 1)); };
  EXPECT_EQ(first[0].substr(0, first[0].find('|')), "execute count");
  // Two statements in between plus the query itself: the view shows the execution's moment.
  EXPECT_EQ(value(second[0]) - value(first[0]), 3);
}

TEST_F(SystemViewsTest, StatNameListsEveryStatistic) {
  auto rows = Rows("select count(*), min(statistic#), max(statistic#) from v$statname");
  const auto n = static_cast<size_t>(Stat::kCount_);
  EXPECT_EQ(rows, testing::Strings{fmt::format("{}|0|{}", n, n - 1)});
  EXPECT_EQ(Rows("select class from v$statname where name = 'physical reads'"),
            testing::Strings{std::to_string(StatClass(Stat::kPhysicalReads))});
}

TEST_F(SystemViewsTest, DictionaryViewsFollowDdlAndStats) {
  Exec("create table emp (id number(6) not null, name varchar2(30), hired date)");
  Exec(
      "insert into emp select level, 'e' || level, date '2020-01-01' + level "
      "from dual connect by level <= 200");
  Exec("commit");
  EXPECT_EQ(Rows("select table_name, tablespace_name, num_rows from user_tables"),
            testing::Strings{"EMP|USERS|"});
  EXPECT_EQ(
      Rows("select column_name, data_type, data_length, data_precision, data_scale, "
           "nullable, column_id from user_tab_columns where table_name = 'EMP' "
           "order by column_id"),
      (testing::Strings{"ID|NUMBER|22|6|0|N|1", "NAME|VARCHAR2|30|||Y|2", "HIRED|DATE|7|||Y|3"}));
  Exec("begin dbms_stats.gather_table_stats(user, 'EMP'); end;");
  EXPECT_EQ(Rows("select num_rows, sample_size, nvl2(last_analyzed, 'Y', 'N') from user_tables "
                 "where table_name = 'EMP'"),
            testing::Strings{"200|200|Y"});
  EXPECT_EQ(Rows("select column_name, num_distinct, low_value, high_value, num_nulls, histogram "
                 "from user_tab_col_statistics where table_name = 'EMP' and column_name = 'ID'"),
            testing::Strings{"ID|200|C102|C203|0|NONE"});
  // Without a histogram USER_TAB_HISTOGRAMS still shows the low and high endpoints.
  EXPECT_EQ(Rows("select endpoint_number, endpoint_value from user_tab_histograms "
                 "where column_name = 'ID' order by 1"),
            (testing::Strings{"0|1", "1|200"}));
  // A join between two views with filters.
  EXPECT_EQ(Rows("select c.column_name, s.num_distinct from user_tab_columns c, "
                 "user_tab_col_statistics s where c.table_name = s.table_name and "
                 "c.column_name = s.column_name and c.nullable = 'Y' order by c.column_id"),
            (testing::Strings{"NAME|200", "HIRED|200"}));
  auto seg = Rows(
      "select segment_type, blocks, bytes / blocks, extents from user_segments "
      "where segment_name = 'EMP'");
  ASSERT_EQ(seg.size(), 1u);
  EXPECT_EQ(seg[0].substr(0, 6), "TABLE|");
  EXPECT_NE(seg[0].find("|8192|"), std::string::npos);
}

TEST_F(SystemViewsTest, ParameterViewReflectsAlterSession) {
  EXPECT_EQ(Rows("select value, display_value, isdefault, type from v$parameter "
                 "where name = 'db_file_multiblock_read_count'"),
            testing::Strings{"128|128|TRUE|3"});
  EXPECT_EQ(Rows("select count(*) from v$parameter where name = '_serial_direct_read'"),
            testing::Strings{"0"});  // hidden until set
  Exec("alter session set db_file_multiblock_read_count = 16");
  Exec("alter session set \"_serial_direct_read\" = always");
  EXPECT_EQ(Rows("select value, isdefault from v$parameter "
                 "where name in ('db_file_multiblock_read_count', '_serial_direct_read') "
                 "order by name"),
            (testing::Strings{"ALWAYS|FALSE", "16|FALSE"}));
}

}  // namespace
}  // namespace pathdb::planner
