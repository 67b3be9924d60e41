// Randomized: GROUP BY computed by the in-memory scan (SORT/HASH GROUP BY over TABLE ACCESS
// INMEMORY FULL; executor/group_by_in_scan.h) against the same query on the row store
// (NO_INMEMORY). Keys: columns with NULLs (NUMBER, VARCHAR2, CHAR), one or
// three of them; aggregates: COUNT(*), COUNT/SUM/AVG/MIN/MAX of NUMBER expressions with + - *
// and constants (TPC-H Q1's shapes, shared and nested arguments), NULL operands, values whose
// products overflow 64 bits, wide NUMBERs outside the integer domain. HASH GROUP BY without
// ORDER BY must return the groups in the same order as from rows. Between rounds: inserts
// into populated blocks and beyond them, updates that change keys and values, deletes, an open
// transaction, repopulation. Each encoding forced on its own, also bit-packed. The grouped
// form must really run in the scan (ALLSTATS note) when the keys are dictionary- or
// frame-of-reference-coded, and decline -- with the same answers -- on plain values.
#include <random>

#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class InMemoryGroupByTest : public SessionTest, public ::testing::WithParamInterface<std::string> {
 protected:
  std::string Note(const std::string& q) {
    Rows(q);
    return LastPlan();
  }
};

TEST_P(InMemoryGroupByTest, ScanGroupsEqualRowStoreGroups) {
  // CAPACITY...: bit-packed codes (MEMCOMPRESS FOR CAPACITY HIGH), the rest as without it.
  const bool capacity = GetParam().starts_with("CAPACITY");
  const std::string encoding =
      capacity ? (GetParam() == "CAPACITY" ? "AUTO" : GetParam().substr(9)) : GetParam();
  Exec("alter session set inmemory_size = 128M");
  Exec("alter session set \"_inmemory_synchronous_population\" = true");
  if (encoding != "AUTO") Exec("alter session set \"_inmemory_force_encoding\" = " + encoding);
  Exec(
      "create table t (id number(10) not null, g number(4), s varchar2(6), c char(2), "
      "qty number(15,2), price number(15,2), disc number(15,2), big number, sh date, "
      "m number(6))");
  Exec(
      "insert into t select level, case when mod(level, 17) = 0 then null else mod(level, 7) end, "
      "case when mod(level, 23) = 0 then null else 'S' || mod(level * 3, 5) end, "
      "chr(65 + mod(level, 3)), mod(level, 50) + 1, mod(level * 37, 100000) / 100 + 900, "
      "case when mod(level, 29) = 0 then null else mod(level, 11) / 100 end, "
      "case when mod(level, 300) = 0 then 123456789012345678901234 + level else level * 1000003 "
      "end, date '2020-01-01' + mod(level, 400), 100 + 10 * mod(level, 9) "
      "from dual connect by level <= 9000");
  Exec("commit");
  Exec(capacity ? "alter table t inmemory memcompress for capacity high"
                : "alter table t inmemory");

  std::mt19937 rng(static_cast<unsigned>(GetParam().size()) * 104729u + 11);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  auto num = [&](int n) { return std::to_string(pick(n)); };
  auto predicate = [&]() -> std::string {
    switch (pick(6)) {
      case 0:
        return "sh <= date '2020-12-01' - interval '" + num(300) + "' day(3)";
      case 1:
        return "g between 1 and " + num(7);
      case 2:
        return "disc is null or qty > " + num(50);
      case 3:
        return "s in ('S1', 'S" + num(5) + "')";
      case 4:
        return "id > " + num(9500);
      default:
        return "1 = 1";
    }
  };
  // M: a frame of reference with a base and a unit (100, 110, ..., 180).
  const char* keys[] = {"g", "s", "c", "g, s", "c, g, s", "s, c", "m", "m, s"};
  const char* lists[] = {
      // Q1's shapes: SUM and AVG of one argument, a product continued by another.
      "sum(qty), sum(price), sum(price * (1 - disc)), sum(price * (1 - disc) * (1 + disc)), "
      "avg(qty), avg(price), avg(disc), count(*)",
      "count(disc), min(price - qty), max(qty * 2 - price), min(disc * -3), max(g + 0.5)",
      // 64-bit overflow and wide NUMBERs: computed row by row, same answers.
      "sum(price * price * price * price * price), sum(big), max(big * 3), avg(big - id)",
      "count(*), sum(1), sum(qty * 0), min(2.25 * 4), count(qty + disc)",
  };
  auto check = [&](int round) {
    for (int i = 0; i < 5; ++i) {
      const std::string k = keys[pick(8)];
      const std::string list = lists[pick(4)];
      const std::string where = " from t where " + predicate() + " group by " + k;
      // HASH GROUP BY: groups in the order their first row comes.
      const std::string hashed = "select " + k + ", " + list + where;
      const std::string sorted = hashed + " order by " + k;
      for (const std::string& q : {hashed, sorted}) {
        const Strings im = Rows("select /*+ inmemory(t) */" + q.substr(6));
        const Strings rs = Rows("select /*+ no_inmemory(t) */" + q.substr(6));
        ASSERT_EQ(im, rs) << encoding << " round " << round << ": " << q;
      }
    }
  };
  check(0);
  ASSERT_GT(Stat("IM scan rows"), 0u);
  for (int round = 1; round <= 6; ++round) {
    switch (round % 4) {
      case 0:
        Exec("insert into t select 20000 + level + " + std::to_string(round * 1000) +
             ", mod(level, 9), 'N' || mod(level, 2), 'Z', level, level / 4, 0.5, null, "
             "date '2020-03-01', 95 from dual connect by level <= 300");
        Exec("commit");
        break;
      case 1:
        Exec("update t set g = null, price = price * -1, s = 'U' where mod(id, " +
             std::to_string(5 + pick(20)) + ") = 0");
        Exec("delete from t where id between " + num(9000) + " and " + num(9000));
        Exec("commit");
        break;
      case 2:  // answered inside the open transaction, then rolled back
        Exec("update t set disc = null, c = 'Q' where id < " + num(4000));
        check(round);
        Exec("rollback");
        break;
      default:
        Exec("begin dbms_inmemory.repopulate('X', 'T'); end;");
        break;
    }
    check(round);
  }

  Exec("alter session set statistics_level = all");
  const std::string q1 =
      "select /*+ inmemory(t) */ c, s, sum(price * (1 - disc)), avg(qty), count(*) from t "
      "where sh > date '2020-02-01' group by c, s order by c, s";
  // String keys are dictionary-coded unless PLAIN is forced; a NUMBER key groups on its
  // dictionary or frame-of-reference codes, not on plain values (the scan declines).
  const auto in_scan = [&](const std::string& q) {
    return Note(q).find("aggregates computed in the scan") != std::string::npos;
  };
  EXPECT_EQ(in_scan(q1), encoding != "PLAIN") << encoding;
  if (encoding != "AUTO") {
    EXPECT_EQ(in_scan("select /*+ inmemory(t) */ g, max(qty * price) from t group by g"),
              encoding == "DICTIONARY" || encoding == "FOR")
        << GetParam();
  }
  // More groups than the work area holds: HASH GROUP BY spills them, and the scan declines
  // (its groups would come out in another order).
  Exec("create table w (id number(10), k varchar2(10), v number(10,2))");
  Exec(
      "insert into w select level, 'K' || trunc(level / 3), mod(level, 100) / 10 from dual "
      "connect by level <= 6000");
  Exec("commit");
  Exec("alter table w inmemory");
  const std::string many = "select k, count(*), sum(v) from w group by k";
  EXPECT_EQ(in_scan("select /*+ inmemory(w) */" + many.substr(6)), encoding != "PLAIN");
  Exec("alter session set pga_aggregate_target = 1M");
  EXPECT_FALSE(in_scan("select /*+ inmemory(w) */" + many.substr(6)));
  EXPECT_EQ(Rows("select /*+ inmemory(w) */" + many.substr(6)),
            Rows("select /*+ no_inmemory(w) */" + many.substr(6)));
  // A key that is an expression, or an aggregate the scan cannot compute: from rows.
  EXPECT_EQ(Note("select /*+ inmemory(t) */ g + 1, count(*) from t group by g + 1")
                .find("aggregates computed in the scan"),
            std::string::npos);
  EXPECT_EQ(Note("select /*+ inmemory(t) */ c, sum(qty / 2) from t group by c")
                .find("aggregates computed in the scan"),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Encodings, InMemoryGroupByTest,
                         ::testing::Values("AUTO", "DICTIONARY", "FOR", "PLAIN", "CAPACITY",
                                           "CAPACITY_FOR"));

}  // namespace
}  // namespace pathdb::testing
