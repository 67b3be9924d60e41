// Randomized: queries with a correlated subquery filter (NO_UNNEST) over joins of three
// tables, answered with the filter where the optimizer places it, at its table (PUSH_SUBQ) and
// after the last join (NO_PUSH_SUBQ), over data with NULLs and duplicate keys, between DML.
// The three answers must agree, and some default plans must really move the filter.
#include <random>

#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class SubqueryFilterRandomTest : public SessionTest {};

TEST_F(SubqueryFilterRandomTest, PlacementsAnswerAlike) {
  Exec("create table a (id number, g number, v number)");
  Exec("create table b (id number, aid number, kind number)");
  Exec("create table c (bid number, w number)");
  Exec(
      "insert into a select level, mod(level, 37), mod(level * 7, 101) from dual "
      "connect by level <= 800");
  Exec(
      "insert into b select level, case when mod(level, 41) = 0 then null else "
      "mod(level * 13, 800) + 1 end, mod(level, 20) from dual connect by level <= 1200");
  Exec(
      "insert into c select mod(level * 3, 1200) + 1, mod(level, 9) from dual "
      "connect by level <= 2500");
  Exec("create index a_id on a (id)");
  Exec("commit");
  Exec("begin dbms_stats.gather_schema_stats(user); end;");

  std::mt19937 rng(7);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  size_t moved = 0;
  for (int round = 0; round < 16; ++round) {
    // The subquery correlates with A alone, or with A and B (a join condition).
    const bool two = pick(2) == 0;
    const std::string corr = two ? "a2.g = a.g and a2.v <> b.kind" : "a2.g = a.g";
    const std::string op = pick(2) ? ">=" : "<";
    const std::string kind = std::to_string(pick(20));
    auto query = [&](const std::string& hint) {
      return "select count(*), sum(a.v), sum(c.w) from a, b, c where b.aid = a.id and "
             "c.bid = b.id and b.kind " +
             std::string(pick(2) ? "=" : "<=") + " " + kind + " and a.v " + op +
             " (select /*+ no_unnest " + hint + " */ avg(a2.v) from a a2 where " + corr +
             " and a2.id < a.id + 50)";
    };
    const unsigned seed = rng();
    rng.seed(seed);
    const std::string q_default = query("");
    rng.seed(seed);
    const std::string q_push = query("push_subq");
    rng.seed(seed);
    const std::string q_last = query("no_push_subq");
    const auto expected = Rows(q_push);
    EXPECT_EQ(Rows(q_default), expected) << q_default;
    EXPECT_EQ(Rows(q_last), expected) << q_last;
    Exec("explain plan for " + q_default);
    for (const auto& r :
         Rows("select * from table(dbms_xplan.display(format => 'BASIC +OUTLINE'))"))
      moved += r.find("NO_PUSH_SUBQ") != std::string::npos;
    // DML between rounds: keys move, rows come and go.
    switch (pick(3)) {
      case 0:
        Exec("update b set kind = mod(kind + " + std::to_string(pick(5)) +
             ", 20) where mod(id, 7) = " + std::to_string(pick(7)));
        break;
      case 1:
        Exec("delete from c where w = " + std::to_string(pick(9)));
        Exec(
            "insert into c select mod(level * 11, 1200) + 1, mod(level, 9) from dual "
            "connect by level <= 300");
        break;
      default:
        Exec(
            "insert into a select 800 + level, mod(level, 37), null from dual "
            "connect by level <= 50");
        break;
    }
    if (pick(2)) Exec("commit");
  }
  EXPECT_GT(moved, 0u);
}

}  // namespace
}  // namespace pathdb::testing
