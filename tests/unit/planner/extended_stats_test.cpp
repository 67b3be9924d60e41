// Column groups (DBMS_STATS.CREATE_EXTENDED_STATS, METHOD_OPT 'FOR COLUMNS (a, b)'): parsing,
// names, gathering (checked against COUNT(DISTINCT) of the same rows on random data with
// NULLs), persistence across a restart, and the estimates the optimizer takes from them.
#include <random>

#include "planner/dbms_stats/dbms_stats.h"
#include "session_test_util.h"

namespace pathdb::planner {
namespace {

storage::TableInfo Table() {
  storage::TableInfo t;
  t.name = "T";
  t.columns = {{"A", LogicalType::Number(), false, std::nullopt},
               {"B", LogicalType::Varchar(10), false, std::nullopt},
               {"C", LogicalType::Date(), false, std::nullopt},
               {"lower", LogicalType::Number(), false, std::nullopt}};
  return t;
}

int ExtensionCode(const std::string& text) {
  try {
    ParseExtension(text, Table());
  } catch (const OraError& e) {
    return e.code();
  }
  return 0;
}

TEST(Extension, ParsesColumnGroups) {
  EXPECT_EQ(ParseExtension("(a, b)", Table()), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(ParseExtension(" ( C,\"A\" ) ", Table()), (std::vector<uint32_t>{2, 0}));
  EXPECT_EQ(ParseExtension("(\"lower\",a)", Table()), (std::vector<uint32_t>{3, 0}));
  EXPECT_EQ(ExtensionText(Table(), {2, 0}), "(\"C\",\"A\")");
  EXPECT_EQ(ExtensionCode("(a)"), 20001);            // one column is no group
  EXPECT_EQ(ExtensionCode("(a, zz)"), 20001);        // unknown column
  EXPECT_EQ(ExtensionCode("(a, a)"), 20001);         // repeated column
  EXPECT_EQ(ExtensionCode("(upper(b), a)"), 20001);  // expressions are not column groups
  EXPECT_EQ(ExtensionCode("a, b"), 20001);           // no parentheses
  EXPECT_EQ(ExtensionCode("(a,)"), 20001);
}

TEST(Extension, NameIsStableAndOrderBlind) {
  const std::string ab = ExtensionName(Table(), {0, 1});
  EXPECT_EQ(ab.size(), 30u);
  EXPECT_EQ(ab.rfind("SYS_STU", 0), 0u);
  EXPECT_EQ(ab, ExtensionName(Table(), {1, 0}));
  EXPECT_NE(ab, ExtensionName(Table(), {0, 2}));
}

TEST(MethodOpt, ColumnGroups) {
  auto m =
      ParseMethodOpt("for all columns size auto for columns (a, b) size auto (b,c)", Table(), {});
  EXPECT_TRUE(m.all_groups);
  ASSERT_EQ(m.groups.size(), 2u);
  EXPECT_EQ(m.groups[0], (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(m.groups[1], (std::vector<uint32_t>{1, 2}));
  m = ParseMethodOpt("for columns (a), c", Table(), {});  // a group of one is the column
  EXPECT_FALSE(m.all_groups);
  EXPECT_TRUE(m.groups.empty());
  EXPECT_EQ(m.columns.count(0), 1u);
  EXPECT_EQ(m.columns.count(2), 1u);
  m = ParseMethodOpt("for all indexed columns", Table(), {});
  EXPECT_FALSE(m.all_groups);
  for (const char* bad : {"for columns (a, b", "for columns (a,, b)", "for columns ()"}) {
    try {
      ParseMethodOpt(bad, Table(), {});
      ADD_FAILURE() << bad;
    } catch (const OraError& e) {
      EXPECT_EQ(e.code(), 20000) << bad;
    }
  }
}

class ExtendedStatsTest : public testing::SessionTest {
 protected:
  const storage::TableInfo& T() { return *db_->FindTable("T"); }
  std::string Only(const std::string& sql) {
    auto r = Rows(sql);
    return r.size() == 1 ? r[0] : "(" + std::to_string(r.size()) + " rows)";
  }
};

TEST_F(ExtendedStatsTest, GroupDistinctCountMatchesTheData) {
  // Correlated columns with NULLs in either and in both; the group's NUM_DISTINCT must be
  // the distinct (a, b) combinations of the rows where a or b is not NULL.
  std::mt19937 rng(42);
  Exec("create table t (a number, b varchar2(10), c number)");
  for (int batch = 0; batch < 4; ++batch) {
    std::string sql = "insert into t values ";
    for (int i = 0; i < 250; ++i) {
      const int a = static_cast<int>(rng() % 40);
      const int b = a % 7 + static_cast<int>(rng() % 3);
      const bool null_a = rng() % 10 == 0, null_b = rng() % 10 == 0;
      sql += (i ? ", (" : "(") + (null_a ? std::string("null") : std::to_string(a)) + ", " +
             (null_b ? std::string("null") : "'v" + std::to_string(b) + "'") + ", " +
             std::to_string(i) + ")";
    }
    Exec(sql);
  }
  Exec("commit");
  EXPECT_EQ(Only("select count(*) from user_stat_extensions"), "0");
  const std::string name =
      Only("select dbms_stats.create_extended_stats(user, 't', '(a, b)') from dual");
  EXPECT_EQ(name.rfind("SYS_STU", 0), 0u);
  EXPECT_EQ(Only("select extension_name || ' ' || extension from user_stat_extensions"),
            name + " (\"A\",\"B\")");
  Exec("begin dbms_stats.gather_table_stats(user, 'T'); end;");
  const storage::ColumnStats st = T().stats.column_groups.at(name);  // a copy: Reopen() frees it
  EXPECT_EQ(std::to_string(st.num_distinct),
            Only("select count(*) from (select distinct a, b from t "
                 "where a is not null or b is not null)"));
  EXPECT_EQ(std::to_string(st.num_nulls),
            Only("select count(*) from t where a is null and b is null"));
  EXPECT_EQ(
      Only("select num_distinct from user_tab_col_statistics where column_name = '" + name + "'"),
      std::to_string(st.num_distinct));
  // The group, its statistics and its name survive a restart.
  Reopen();
  ASSERT_EQ(T().column_groups.size(), 1u);
  EXPECT_EQ(T().column_groups[0].name, name);
  EXPECT_EQ(T().stats.column_groups.at(name).num_distinct, st.num_distinct);
  EXPECT_EQ(Only("select dbms_stats.show_extended_stats_name(null, 'T', '(b, a)') from dual"),
            name);
}

TEST_F(ExtendedStatsTest, CreateDropAndErrors) {
  Exec("create table t (a number, b number)");
  Exec("insert into t select mod(level, 10), mod(level, 10) from dual connect by level <= 100");
  // EXPLAIN PLAN only plans the statement: nothing is created.
  Exec("explain plan for select dbms_stats.create_extended_stats(user, 'T', '(a,b)') from dual");
  EXPECT_TRUE(T().column_groups.empty());
  EXPECT_EQ(ErrorCode("select dbms_stats.show_extended_stats_name(user, 'T', '(a,b)') from dual"),
            20000);
  // Creating commits the open transaction, as DDL does.
  Exec("begin dbms_stats.create_extended_stats(user, 'T', '(a,b)'); end;");
  Exec("rollback");
  EXPECT_EQ(Only("select count(*) from t"), "100");
  EXPECT_EQ(ErrorCode("select dbms_stats.create_extended_stats(user, 'T', '(b,a)') from dual"),
            20007);
  EXPECT_EQ(ErrorCode("select dbms_stats.create_extended_stats(user, 'NOPE', '(a,b)') from dual"),
            20000);
  EXPECT_EQ(ErrorCode("begin dbms_stats.show_extended_stats_name(user, 'T', '(a,b)'); end;"),
            6550);  // a function, not a procedure
  Exec("begin dbms_stats.gather_table_stats(user, 'T'); end;");
  EXPECT_EQ(T().stats.column_groups.size(), 1u);
  // DELETE_TABLE_STATS removes the group's statistics, not the group.
  Exec("begin dbms_stats.delete_table_stats(user, 'T'); end;");
  EXPECT_EQ(T().column_groups.size(), 1u);
  EXPECT_TRUE(T().stats.column_groups.empty());
  Exec("begin dbms_stats.drop_extended_stats(user, 'T', '(A, B)'); end;");
  EXPECT_TRUE(T().column_groups.empty());
  EXPECT_EQ(ErrorCode("begin dbms_stats.drop_extended_stats(user, 'T', '(a,b)'); end;"), 20000);
  // METHOD_OPT creates a group it names.
  Exec(
      "begin dbms_stats.gather_table_stats(user, 'T', method_opt => "
      "'for all columns size 1 for columns (a, b) size 1'); end;");
  ASSERT_EQ(T().column_groups.size(), 1u);
  EXPECT_EQ(T().stats.column_groups.at(T().column_groups[0].name).num_distinct, 10u);
}

}  // namespace
}  // namespace pathdb::planner
