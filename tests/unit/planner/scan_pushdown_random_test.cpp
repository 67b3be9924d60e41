// Randomized: the same query answered with its predicates evaluated by the scan (a plain
// column compared with constants) and by the executor's filter (the column wrapped so it can
// not be pushed), on NUMBER, VARCHAR2 and DATE columns with NULLs, between random DML
// statements (update, delete, insert, rollback) that also change storage-index regions.
#include <random>

#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class ScanPushdownRandomTest : public SessionTest {};

struct Column {
  std::string name, wrapped;  //!< wrapped: the same value, not pushable
  std::function<std::string(std::mt19937&)> constant;
};

TEST_F(ScanPushdownRandomTest, PushedPredicatesAnswerAsTheExecutorFilterDoes) {
  Exec("create table r (id number not null, n number(6,1), s varchar2(10), d date)");
  Exec(
      "insert into r select level, case when mod(level, 13) = 0 then null else mod(level * 7, 400) "
      "/ 2 end, case when mod(level, 17) = 0 then null else 'k' || mod(level, 50) end, "
      "date '2024-01-01' + mod(level, 90) from dual connect by level <= 20000");
  Exec("commit");
  std::mt19937 rng(42);
  const std::vector<Column> columns = {
      {"n", "(n + 0)",
       [](std::mt19937& g) { return std::to_string(static_cast<int>(g() % 220) - 10) + ".5"; }},
      {"id", "(id * 1)", [](std::mt19937& g) { return std::to_string(g() % 21000); }},
      {"s", "(s || '')", [](std::mt19937& g) { return "'k" + std::to_string(g() % 60) + "'"; }},
      {"d", "(d + 0)",
       [](std::mt19937& g) { return "date '2024-01-01' + " + std::to_string(g() % 100); }},
  };
  const std::vector<std::string> ops = {"=", "<>", "<", "<=", ">", ">="};
  auto predicate = [&](bool wrapped) {
    std::mt19937 g = rng;  // the same draws for both forms
    std::string where;
    int terms = 1 + static_cast<int>(g() % 3);
    for (int t = 0; t < terms; ++t) {
      const Column& c = columns[g() % columns.size()];
      const std::string col = wrapped ? c.wrapped : c.name;
      if (!where.empty()) where += " and ";
      switch (g() % 4) {
        case 0:
          where += col + " " + ops[g() % ops.size()] + " " + c.constant(g);
          break;
        case 1:
          where += col + " between " + c.constant(g) + " and " + c.constant(g);
          break;
        case 2:
          where += col + " in (" + c.constant(g) + ", " + c.constant(g) + ", null)";
          break;
        default:
          where += col + (g() % 2 ? " is null" : " is not null");
          break;
      }
    }
    return where;
  };
  for (int round = 0; round < 60; ++round) {
    const std::string pushed = predicate(false), wrapped = predicate(true);
    rng.discard(64);
    const std::string q = "select count(*), sum(id), min(s), max(d) from r where ";
    ASSERT_EQ(Rows(q + pushed), Rows(q + wrapped)) << pushed;
    // Rows too, not only aggregates (nothing pruned above a sort).
    ASSERT_EQ(Rows("select id, n, s from r where " + pushed + " order by id"),
              Rows("select id, n, s from r where " + wrapped + " order by id"))
        << pushed;
    // DML that moves values across regions and back.
    const int k = static_cast<int>(rng() % 20000);
    switch (round % 5) {
      case 0:
        Exec("update r set n = " + std::to_string(rng() % 300) + ", s = 'k" +
             std::to_string(rng() % 60) + "' where mod(id, 97) = " + std::to_string(k % 97));
        break;
      case 1:
        Exec("delete from r where id between " + std::to_string(k) + " and " +
             std::to_string(k + 40));
        break;
      case 2:
        Exec("insert into r values (" + std::to_string(30000 + round) +
             ", 5.5, 'k1', date '2024-02-01')");
        break;
      case 3:
        Exec("rollback");
        break;
      default:
        Exec("commit");
        break;
    }
  }
}

}  // namespace
}  // namespace pathdb::testing
