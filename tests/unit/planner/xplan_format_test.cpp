// The DBMS_XPLAN renderer against the worked examples of oracle-reference.md 1.8.
#include "planner/xplan_format.h"

#include <gtest/gtest.h>

namespace pathdb::planner::xplan {
namespace {

std::string Join(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

PlanLine Line(int id, int depth, std::string op, std::string name, double rows, double bytes,
              double cost, int cpu) {
  PlanLine l;
  l.id = id;
  l.depth = depth;
  l.operation = std::move(op);
  l.name = std::move(name);
  l.rows = rows;
  l.bytes = bytes;
  l.cost = cost;
  l.cpu_percent = cpu;
  l.time = "00:00:01";
  return l;
}

PlanDocument BloomJoin() {
  PlanDocument d;
  d.plan_hash_value = 2714906331u;
  d.lines = {Line(0, 0, "SELECT STATEMENT", "", 500, 21000, 4180, 3),
             Line(1, 1, "HASH GROUP BY", "", 500, 21000, 4180, 3),
             Line(2, 2, "HASH JOIN", "", 100000, 4101 * 1024 + 100, 4165, 2),
             Line(3, 3, "JOIN FILTER CREATE", ":BF0000", 1000, 24000, 69, 2),
             Line(4, 4, "TABLE ACCESS FULL", "CUSTOMERS", 1000, 24000, 69, 2),
             Line(5, 3, "JOIN FILTER USE", ":BF0000", 1000000, 17.5 * 1024 * 1024, 4089, 2),
             Line(6, 4, "TABLE ACCESS FULL", "ORDERS", 1000000, 17.5 * 1024 * 1024, 4089, 2)};
  d.lines[2].predicates = {{"access", "\"O\".\"CUSTOMER_ID\"=\"C\".\"CUSTOMER_ID\""}};
  d.lines[4].predicates = {{"filter", "\"C\".\"REGION\"='EU'"}};
  d.lines[6].predicates = {{"filter", "SYS_OP_BLOOM_FILTER(:BF0000,\"O\".\"CUSTOMER_ID\")"}};
  return d;
}

constexpr const char* kPredicates = R"(
Predicate Information (identified by operation id):
---------------------------------------------------

   2 - access("O"."CUSTOMER_ID"="C"."CUSTOMER_ID")
   4 - filter("C"."REGION"='EU')
   6 - filter(SYS_OP_BLOOM_FILTER(:BF0000,"O"."CUSTOMER_ID"))
)";

TEST(XplanFormat, DisplayTypicalMatchesExampleA) {
  std::string want = std::string(R"(Plan hash value: 2714906331

----------------------------------------------------------------------------------
| Id  | Operation            | Name      | Rows  | Bytes | Cost (%CPU)| Time     |
----------------------------------------------------------------------------------
|   0 | SELECT STATEMENT     |           |   500 | 21000 |  4180   (3)| 00:00:01 |
|   1 |  HASH GROUP BY       |           |   500 | 21000 |  4180   (3)| 00:00:01 |
|*  2 |   HASH JOIN          |           |   100K|  4101K|  4165   (2)| 00:00:01 |
|   3 |    JOIN FILTER CREATE| :BF0000   |  1000 | 24000 |    69   (2)| 00:00:01 |
|*  4 |     TABLE ACCESS FULL| CUSTOMERS |  1000 | 24000 |    69   (2)| 00:00:01 |
|   5 |    JOIN FILTER USE   | :BF0000   |  1000K|    17M|  4089   (2)| 00:00:01 |
|*  6 |     TABLE ACCESS FULL| ORDERS    |  1000K|    17M|  4089   (2)| 00:00:01 |
----------------------------------------------------------------------------------
)") + kPredicates;
  EXPECT_EQ(Join(Render(BloomJoin(), Format::Parse("TYPICAL"))), want);
}

TEST(XplanFormat, DisplayCursorMatchesExampleB) {
  PlanDocument d = BloomJoin();
  d.from_cursor = true;
  d.sql_id = "5qx3m2b8kd7uc";
  d.sql_text =
      "select c.cust_name, sum(o.amount) from customers c join orders o on o.customer_id = "
      "c.customer_id where c.region = 'EU' group by c.cust_name";
  std::string want = std::string(R"(SQL_ID  5qx3m2b8kd7uc, child number 0
-------------------------------------
select c.cust_name, sum(o.amount) from customers c join orders o on
o.customer_id = c.customer_id where c.region = 'EU' group by
c.cust_name

Plan hash value: 2714906331

----------------------------------------------------------------------------------
| Id  | Operation            | Name      | Rows  | Bytes | Cost (%CPU)| Time     |
----------------------------------------------------------------------------------
|   0 | SELECT STATEMENT     |           |       |       |  4180 (100)|          |
|   1 |  HASH GROUP BY       |           |   500 | 21000 |  4180   (3)| 00:00:01 |
|*  2 |   HASH JOIN          |           |   100K|  4101K|  4165   (2)| 00:00:01 |
|   3 |    JOIN FILTER CREATE| :BF0000   |  1000 | 24000 |    69   (2)| 00:00:01 |
|*  4 |     TABLE ACCESS FULL| CUSTOMERS |  1000 | 24000 |    69   (2)| 00:00:01 |
|   5 |    JOIN FILTER USE   | :BF0000   |  1000K|    17M|  4089   (2)| 00:00:01 |
|*  6 |     TABLE ACCESS FULL| ORDERS    |  1000K|    17M|  4089   (2)| 00:00:01 |
----------------------------------------------------------------------------------
)") + kPredicates;
  EXPECT_EQ(Join(Render(d, Format::Parse("TYPICAL"))), want);
}

TEST(XplanFormat, AllstatsLastMatchesExampleC) {
  PlanDocument d = BloomJoin();
  d.runtime_collected = true;
  struct R {
    uint64_t a_rows;
    double t;
    uint64_t buffers, reads;
  };
  R rt[] = {{480, 1.18, 15012, 14890},   {480, 1.18, 15012, 14890}, {97713, 1.12, 15012, 14890},
            {1000, 0.01, 250, 0},        {1000, 0.01, 250, 0},      {101000, 0.95, 14762, 14890},
            {101000, 0.61, 14762, 14890}};
  for (size_t i = 0; i < d.lines.size(); ++i) {
    LineRuntime r;
    r.starts = 1;
    r.a_rows = rt[i].a_rows;
    r.a_time_seconds = rt[i].t;
    r.buffers = rt[i].buffers;
    r.reads = rt[i].reads;
    d.lines[i].runtime = r;
  }
  d.lines[1].runtime->omem = d.lines[1].runtime->one_mem = 1115 * 1024 + 10;
  d.lines[1].runtime->used_mem = 1306 * 1024 + 5;
  d.lines[2].runtime->omem = d.lines[2].runtime->one_mem = 2171 * 1024 + 10;
  d.lines[2].runtime->used_mem = 1503 * 1024 + 5;
  std::string want = R"(Plan hash value: 2714906331

--------------------------------------------------------------------------------------------------------------------------------
| Id  | Operation            | Name      | Starts | E-Rows | A-Rows |   A-Time   | Buffers | Reads  |  OMem |  1Mem | Used-Mem |
--------------------------------------------------------------------------------------------------------------------------------
|   0 | SELECT STATEMENT     |           |      1 |        |    480 |00:00:01.18 |   15012 |  14890 |       |       |          |
|   1 |  HASH GROUP BY       |           |      1 |    500 |    480 |00:00:01.18 |   15012 |  14890 |  1115K|  1115K| 1306K (0)|
|*  2 |   HASH JOIN          |           |      1 |    100K|  97713 |00:00:01.12 |   15012 |  14890 |  2171K|  2171K| 1503K (0)|
|   3 |    JOIN FILTER CREATE| :BF0000   |      1 |   1000 |   1000 |00:00:00.01 |     250 |      0 |       |       |          |
|*  4 |     TABLE ACCESS FULL| CUSTOMERS |      1 |   1000 |   1000 |00:00:00.01 |     250 |      0 |       |       |          |
|   5 |    JOIN FILTER USE   | :BF0000   |      1 |   1000K|    101K|00:00:00.95 |   14762 |  14890 |       |       |          |
|*  6 |     TABLE ACCESS FULL| ORDERS    |      1 |   1000K|    101K|00:00:00.61 |   14762 |  14890 |       |       |          |
--------------------------------------------------------------------------------------------------------------------------------
)";
  std::string got = Join(Render(d, Format::Parse("ALLSTATS LAST")));
  EXPECT_EQ(got.substr(0, want.size()), want);
  EXPECT_NE(got.find("   6 - filter(SYS_OP_BLOOM_FILTER"), std::string::npos);
}

TEST(XplanFormat, MissingRuntimeStatisticsPrintTheWarning) {
  PlanDocument d = BloomJoin();
  std::string got = Join(Render(d, Format::Parse("ALLSTATS LAST")));
  EXPECT_NE(got.find("| Id  | Operation            | Name      | E-Rows |"), std::string::npos);
  EXPECT_NE(got.find(R"(Note
-----
   - Warning: basic plan statistics not available. These are only collected when:
       * hint 'gather_plan_statistics' is used for the statement or
       * parameter 'statistics_level' is set to 'ALL', at session or system level
)"),
            std::string::npos);
}

TEST(XplanFormat, BasicAndModifiers) {
  PlanDocument d = BloomJoin();
  d.notes = {"this is an adaptive plan"};
  std::string basic = Join(Render(d, Format::Parse("BASIC")));
  EXPECT_NE(basic.find("| Id  | Operation            | Name      |\n"), std::string::npos);
  EXPECT_EQ(basic.find("Predicate Information"), std::string::npos);
  EXPECT_EQ(basic.find("Note"), std::string::npos);
  std::string no_cost = Join(Render(d, Format::Parse("TYPICAL -COST")));
  EXPECT_EQ(no_cost.find("Cost (%CPU)"), std::string::npos);
  EXPECT_NE(no_cost.find("| Rows  | Bytes |\n"), std::string::npos);
  std::string with_note = Join(Render(d, Format::Parse("typical")));
  EXPECT_NE(with_note.find("\nNote\n-----\n   - this is an adaptive plan\n"), std::string::npos);
  d.outline_hints = {"FULL(@\"SEL$1\" \"O\"@\"SEL$1\")", "ALL_ROWS"};
  std::string outline = Join(Render(d, Format::Parse("TYPICAL +OUTLINE")));
  EXPECT_NE(outline.find("\nOutline Data\n-------------\n\n  /*+\n      BEGIN_OUTLINE_DATA\n"
                         "      FULL(@\"SEL$1\" \"O\"@\"SEL$1\")\n      ALL_ROWS\n"
                         "      END_OUTLINE_DATA\n  */\n"),
            std::string::npos);
}

// The level is the base wherever it stands; the other keywords adjust it.
TEST(XplanFormat, LevelAppliesBeforeModifiersInAnyOrder) {
  const Format a = Format::Parse("+adaptive basic +note");
  EXPECT_TRUE(a.basic);
  EXPECT_TRUE(a.adaptive);
  EXPECT_TRUE(a.note);
  EXPECT_FALSE(a.predicate);
  const Format b = Format::Parse("-cost,typical");
  EXPECT_FALSE(b.cost);
  EXPECT_TRUE(b.rows);
  const Format c = Format::Parse("last allstats +outline");
  EXPECT_TRUE(c.last && c.iostats && c.memstats && c.outline);
  EXPECT_FALSE(c.cost);  // run-time formats without a level: E-Rows only
}

TEST(XplanFormat, AdaptivePlanShowsInactiveLinesOnlyWithAdaptive) {
  PlanDocument d;
  d.lines = {Line(0, 0, "SELECT STATEMENT", "", 20, 720, 7, 0),
             Line(1, 1, "HASH JOIN", "", 20, 720, 7, 0),
             Line(2, 2, "NESTED LOOPS", "", 20, 720, 7, 0),
             Line(3, 2, "TABLE ACCESS FULL", "DEPT", 2, 32, 4, 0)};
  d.lines[1].inactive = true;
  d.lines[1].predicates = {{"access", "\"E\".\"DEPT_ID\"=\"D\".\"DEPT_ID\""}};
  d.lines[3].predicates = {{"filter", "\"D\".\"NAME\"='Sales'"}};
  std::string adaptive = Join(Render(d, Format::Parse("TYPICAL +ADAPTIVE")));
  EXPECT_NE(adaptive.find("|   Id  | Operation"), std::string::npos);
  EXPECT_NE(adaptive.find("|- *  1 |  HASH JOIN"), std::string::npos);
  std::string final_plan = Join(Render(d, Format::Parse("TYPICAL")));
  EXPECT_EQ(final_plan.find("HASH JOIN"), std::string::npos);
  // Renumbered, and indented by the active lines above it only.
  EXPECT_NE(final_plan.find("|   1 |  NESTED LOOPS"), std::string::npos);
  EXPECT_NE(final_plan.find("|*  2 |  TABLE ACCESS FULL"), std::string::npos);
  EXPECT_NE(final_plan.find("   2 - filter(\"D\".\"NAME\"='Sales')"), std::string::npos);
}

TEST(XplanFormat, ScalesLikeOracle) {
  EXPECT_EQ(ScaledCell(85905, 7, false), " 85905 ");
  EXPECT_EQ(ScaledCell(20000, 7, false), " 20000 ");
  // not wrapped at 2^63, and as wide as the column past 9999E
  EXPECT_EQ(ScaledCell(1e30, 7, false), "  1e+30");
  EXPECT_EQ(ScaledCell(2.5e22, 8, false), "   2e+22");
  EXPECT_EQ(ScaledCell(1e21, 7, false), "  1000E");
  EXPECT_EQ(ScaledCell(1587301, 7, false), "  1587K");
  EXPECT_EQ(ScaledCell(15000000, 7, false), "    15M");
  EXPECT_EQ(ScaledCell(372460, 7, true), "   363K");
}

TEST(XplanFormat, UnknownKeywordMakesTheFormatInvalid) {
  EXPECT_TRUE(Format::Parse("ALLSTATS LAST +PREDICATE").valid);
  EXPECT_TRUE(Format::Parse("typical +parallel -partition +report").valid);
  EXPECT_TRUE(Format::Parse("").valid);
  EXPECT_FALSE(Format::Parse("ALLSTATS LAST +PREDICSTE").valid);
  EXPECT_FALSE(Format::Parse("garbage").valid);
  EXPECT_EQ(Format::InvalidText("basic +x", "DISPLAY"),
            "Error: format 'basic +x' not valid for DBMS_XPLAN.DISPLAY()");
  const Format runstats = Format::Parse("RUNSTATS_LAST");
  EXPECT_TRUE(runstats.iostats && runstats.last);
}

}  // namespace
}  // namespace pathdb::planner::xplan
