// Randomized: COUNT(*), COUNT(col), SUM(col), MIN(col), MAX(col) computed by the row-store full
// scan itself
// (SORT AGGREGATE over TABLE ACCESS FULL, no output vectors) against the same aggregates of
// `col + 0`, which the scan cannot compute and SORT AGGREGATE sums from rows. NUMBER columns
// of several scales with NULLs, coefficients past 64 bits and huge/tiny magnitudes; filters
// the scan evaluates (ranges on scaled columns with constants finer than the scale, IN,
// IS [NOT] NULL); buffered and direct path; between inserts, updates, deletes and rollbacks
// (also inside an open transaction). Every pair must agree, and the first form must really be
// computed in the scan (the ALLSTATS note says so).
#include <random>

#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class ScanAggregateRandomTest : public SessionTest,
                                public ::testing::WithParamInterface<std::string> {};

TEST_P(ScanAggregateRandomTest, ScanFoldEqualsRowByRow) {
  const std::string mode = GetParam();
  Exec("alter session set \"_serial_direct_read\" = " + mode);
  Exec(
      "create table t (id number(10) not null, k number(6), amt number(12,2), big number, "
      "tiny number, s varchar2(10), d date, ts timestamp)");
  Exec(
      "insert into t select level, case when mod(level, 9) = 0 then null else mod(level * 7, 60) "
      "end, case when mod(level, 13) = 0 then null else mod(level * 37, 100000) / 100 - 300 end, "
      "case when mod(level, 400) = 0 then 123456789012345678901234 + level when mod(level, 5) = "
      "0 then null else level * 1000003 end, level / 7, 's' || mod(level, 17), case when "
      "mod(level, "
      "6) = 0 then null else date '2020-01-01' + mod(level * 11, 900) end, timestamp "
      "'2020-01-01 00:00:00' + level / 1000 from dual connect by level <= 6000");
  Exec("commit");

  std::mt19937 rng(mode.size() * 131u + 3);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  auto num = [&](int n) { return std::to_string(pick(n)); };
  auto predicate = [&]() -> std::string {
    switch (pick(8)) {
      case 0:
        return "k between " + num(40) + " and " + num(70);
      case 1:
        return "amt >= " + num(400) + ".555 and amt < " + num(700) + ".125";
      case 2:
        return "k in (" + num(60) + ", " + num(60) + ", " + num(60) + ")";
      case 3:
        return "amt is null";
      case 4:
        return "big is not null and id > " + num(6000);
      case 5:
        return "tiny > " + num(900) + ".3";
      case 6:
        return "id <= " + num(7000) + " and k > -1";
      default:
        return "1 = 1";
    }
  };
  const char* cols[] = {"k", "amt", "big", "tiny", "id"};
  const char* ordered[] = {"k", "amt", "big", "tiny", "d", "ts"};
  for (int round = 0; round < 60; ++round) {
    const std::string c1 = cols[pick(5)], c2 = cols[pick(5)], c3 = ordered[pick(6)];
    const std::string where = " from t where " + predicate();
    // `+ 0` is an expression the scan cannot compute (a TIMESTAMP plus a number would be a
    // DATE: it gets a zero interval).
    auto plus0 = [](const std::string& c) {
      return c == "ts" ? std::string("(ts + interval '0' day)") : c + " + 0";
    };
    const std::string folded = "select count(*), count(" + c1 + "), sum(" + c1 + "), sum(" + c2 +
                               "), min(" + c3 + "), max(" + c3 + ")" + where;
    const std::string rows = "select count(*), count(" + plus0(c1) + "), sum(" + plus0(c1) +
                             "), sum(" + plus0(c2) + "), min(" + plus0(c3) + "), max(" + plus0(c3) +
                             ")" + where;
    ASSERT_EQ(Rows(folded), Rows(rows)) << mode << " round " << round << ": " << folded;
    // COUNT(*) alone (the fold only counts) against counting a never-NULL expression.
    ASSERT_EQ(Rows("select count(*)" + where), Rows("select count(id + 0)" + where))
        << mode << " round " << round << ": " << where;
    switch (pick(5)) {
      case 0:
        Exec("insert into t select 6000 + level + " + std::to_string(round * 100) +
             ", mod(level, 50), level / 3, 99999999999999999999999 * level, null, 'n', date "
             "'2021-06-01' + level, null from dual "
             "connect by level <= " +
             num(80));
        Exec("commit");
        break;
      case 1:
        Exec("update t set amt = amt * -1 - 0.01, k = null where mod(id, " +
             std::to_string(7 + pick(20)) + ") = 0");
        Exec("commit");
        break;
      case 2:
        Exec("delete from t where k = " + num(60));
        Exec("commit");
        break;
      case 3:  // answered inside the transaction, then rolled back
        Exec("update t set big = big + 1, tiny = 0 where id < " + num(3000));
        ASSERT_EQ(Rows(folded), Rows(rows)) << mode << " round " << round << " (open txn)";
        Exec("rollback");
        break;
      default:
        break;
    }
  }
  // The first form was computed in the scan, the second from rows.
  Exec("alter session set statistics_level = all");
  auto note = [&](const std::string& q) {
    Rows(q);
    return LastPlan();
  };
  EXPECT_NE(note("select count(k), sum(amt) from t where id > 10")
                .find("aggregates computed in the scan"),
            std::string::npos);
  EXPECT_EQ(note("select count(k + 0), sum(amt) from t where id > 10")
                .find("aggregates computed in the scan"),
            std::string::npos);
  EXPECT_NE(note("select min(d), max(ts), max(k) from t").find("aggregates computed in the scan"),
            std::string::npos);
  // MIN/MAX of a VARCHAR2 stays with SORT AGGREGATE on the row store.
  EXPECT_EQ(note("select max(s) from t").find("aggregates computed in the scan"),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Paths, ScanAggregateRandomTest, ::testing::Values("NEVER", "ALWAYS"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace pathdb::testing
