// Randomized: the same queries answered by TABLE ACCESS INMEMORY FULL and by the row store
// (NO_INMEMORY) over a table with every scan-evaluable type, NULLs, runs, low- and
// high-cardinality columns; filters of every kind (compare, ranges, IN lists, IS [NOT] NULL,
// LIKE, predicates left to the executor), aggregates and a join, between DML (inserts into
// populated blocks and beyond them, updates that move values across an IMCU's min/max,
// deletes, rollbacks) with and without repopulation. Run once per encoding forced on its own,
// with the scalar kernels, and with bit-packed codes (MEMCOMPRESS FOR CAPACITY HIGH, also with
// each encoding forced). ID is a sequence until DML and a repopulation make gaps in it. Every pair
// must agree, and the in-memory plans must really read IMCUs (the statistics say so).
#include <chrono>
#include <random>
#include <thread>

#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class InMemoryRandomTest : public SessionTest, public ::testing::WithParamInterface<std::string> {
 protected:
  std::string Plan(const std::string& sql) {
    Exec("explain plan for " + sql);
    std::string text;
    for (const auto& r : Rows("select * from table(dbms_xplan.display(format => 'BASIC'))"))
      text += r + "\n";
    return text;
  }
};

TEST_P(InMemoryRandomTest, ColumnStoreAnswersEqualRowStore) {
  const std::string mode = GetParam();
  Exec("alter session set inmemory_size = 256M");
  // The test decides when population happens: synchronously on a scan that finds none.
  Exec("alter session set \"_inmemory_synchronous_population\" = true");
  const bool capacity = mode.starts_with("CAPACITY");
  const std::string encoding = capacity ? mode.substr(std::min(mode.size(), size_t{9})) : mode;
  if (mode == "SCALAR") {
    Exec("alter session set \"_inmemory_simd\" = scalar");
  } else if (!encoding.empty() && encoding != "AUTO") {
    Exec("alter session set \"_inmemory_force_encoding\" = " + encoding);
  }
  Exec(
      "create table t (id number(10) not null, k number(6), amt number(12,2), "
      "big number, d date, ts timestamp, s varchar2(20), code varchar2(8), c char(3), "
      "f binary_double)");
  // k: low cardinality with NULLs; amt: scaled decimals; big: a wide NUMBER now and then;
  // d: long runs (sorted by load order); s: high cardinality; code: 9 values with NULLs.
  Exec(
      "insert into t select level, case when mod(level, 11) = 0 then null else mod(level, 50) "
      "end, mod(level * 37, 10000) / 100 - 20, case when mod(level, 500) = 0 then "
      "123456789012345678901234 + level else level * 3 end, date '2021-01-01' + trunc(level / "
      "700), timestamp '2021-01-01 00:00:00' + level / 86400, 'S' || level, case when mod(level, "
      "13) = 0 then null else 'C' || mod(level, 9) end, 'x' || mod(level, 3), level / 7 "
      "from dual connect by level <= 12000");
  Exec("commit");
  Exec(capacity ? "alter table t inmemory memcompress for capacity high"
                : "alter table t inmemory");

  std::mt19937 rng(GetParam().size() * 7919u + 5);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  auto num = [&](int n) { return std::to_string(pick(n)); };
  auto predicate = [&]() -> std::string {
    switch (pick(23)) {
      case 19:
        return "T.id in (" + num(12000) + ", " + num(12000) + ", " + num(300) + ")";
      case 20:
        return "T.id <> " + num(12000) + " and T.id < " + num(12000);
      case 21:  // whole seconds, and a constant between two of them
        return "T.ts = timestamp '2021-01-01 0" + num(4) + ":" + num(5) + num(10) + ":0" + num(10) +
               "' or T.ts >= timestamp '2021-01-01 02:00:0" + num(10) + ".5'";
      case 22:
        return "T.d <> date '2021-01-0" + std::to_string(1 + pick(9)) + "' and T.ts <> timestamp " +
               "'2021-01-01 00:00:1" + num(10) + "'";
      case 16:  // constants finer than the column's scale: never equal, bounds round inwards
        return "T.amt >= " + num(80) + ".555 and T.amt < " + num(90) + ".125";
      case 17:
        return "T.k >= " + num(50) + ".5 or T.k = 3.5 or T.amt = " + num(80) + ".5";
      case 18:
        return "T.k < " + num(50) + ".5 and T.id > " + num(12000) + ".01";
      case 0:
        return "T.k = " + num(55);
      case 1:
        return "T.k between " + num(30) + " and " + num(60);
      case 2:
        return "T.k in (" + num(50) + ", " + num(50) + ", null, " + num(50) + ")";
      case 3:
        return "T.k is null";
      case 4:
        return "T.amt > " + std::to_string(pick(12000) / 100.0 - 30);
      case 5:
        return "T.amt <= " + num(80) + ".555";
      case 6:
        return "T.d between date '2021-01-0" + std::to_string(1 + pick(9)) +
               "' and date '2021-01-1" + num(9) + "'";
      case 7:
        return "T.code = 'C" + num(10) + "'";
      case 8:
        return "T.code in ('C1', 'C" + num(10) + "') and T.k < " + num(50);
      case 9:
        return "T.code is not null and T.s like 'S1" + num(10) + "%'";
      case 10:
        return "T.s > 'S" + num(12000) + "'";
      case 11:
        return "T.big > " + num(40000) + " and T.id < " + num(13000);
      case 12:
        return "T.ts < timestamp '2021-01-01 0" + num(4) + ":00:00'";
      case 13:
        return "T.k <> " + num(50) + " and T.amt < 0";
      case 14:
        return "T.c = 'x1 ' or T.f > " + num(1700);
      default:
        return "T.id between " + num(12000) + " and " + num(13000);
    }
  };
  auto queries = [&](const std::string& p) {
    return std::vector<std::string>{
        "select /*+H*/ count(*), sum(id), sum(amt), min(s), max(d), sum(big) from t T where " + p,
        "select /*+H*/ code, count(*), sum(k) from t T where " + p + " group by code order by 1",
        "select /*+H*/ id, k, amt, code, ts, c, f from t T where " + p +
            " order by id fetch first 25 rows only",
        "select /*+H*/ count(*) from t T where " + p,
        "select /*+H*/ count(*), sum(T.amt) from t T, t b where T.id = b.k and " + p +
            " and b.id < 300",
    };
  };
  auto with_hint = [](std::string q, const std::string& hint) {
    return q.replace(q.find("/*+H*/"), 6, "/*+ " + hint + " */");
  };
  auto check_round = [&](int round) {
    for (int i = 0; i < 6; ++i) {
      const std::string p = "(" + predicate() + ")";
      for (const std::string& q : queries(p)) {
        const auto im = Rows(with_hint(q, "inmemory(T) inmemory(b) leading(b T) use_hash(T)"));
        const auto rs =
            Rows(with_hint(q, "no_inmemory(T) no_inmemory(b) leading(b T) use_hash(T)"));
        ASSERT_EQ(im, rs) << "mode " << mode << ", round " << round << ": " << q;
      }
    }
  };
  const std::string im_query = "select /*+ inmemory(t) */ count(*) from t where k = 3";
  ASSERT_NE(Plan(im_query).find("TABLE ACCESS INMEMORY FULL"), std::string::npos);
  const uint64_t before = Stat("IM scan rows");
  check_round(0);
  ASSERT_GT(Stat("IM scan rows"), before) << "no IMCU was read";
  ASSERT_GT(Stat("IM populate rows"), 0u);

  for (int round = 1; round <= 6; ++round) {
    switch (round % 3) {
      case 0:  // inserts: into free space of populated blocks and beyond the populated ones
        Exec("delete from t where mod(id, 17) = " + num(17));
        Exec(
            "insert into t select 20000 + level + " + std::to_string(round * 1000) +
            ", mod(level, 60), level - 500, level, date '2021-02-01' + level, timestamp "
            "'2021-03-01 00:00:00', 'N' || level, 'C9', 'zz', 1 from dual connect by level <= 400");
        break;
      case 1:  // updates moving values across min/max, a delete, and a rollback
        Exec("update t set amt = amt + 100000, k = k + 1000, code = 'ZZ' where id between " +
             num(6000) + " and " + num(12000));
        Exec("delete from t where id between " + num(3000) + " and 3100");
        Exec("commit");
        Exec("update t set k = null, s = 'A' where id < 5000");
        Exec("rollback");
        break;
      default:  // an uncommitted change the queries must see, then commit
        Exec("update t set d = date '2030-01-01', big = -1 where mod(id, 97) = " + num(97));
        break;
    }
    check_round(round);
    Exec("commit");
    if (round == 4) Exec("begin dbms_inmemory.repopulate('X', 'T'); end;");
  }
}

INSTANTIATE_TEST_SUITE_P(Encodings, InMemoryRandomTest,
                         ::testing::Values("AUTO", "PLAIN", "DICTIONARY", "FOR", "RLE", "SCALAR",
                                           "CAPACITY", "CAPACITY_DICTIONARY", "CAPACITY_FOR"));

TEST_F(SessionTest, InMemoryPlansAndViews) {
  Exec("alter session set inmemory_size = 64M");
  Exec("create table im (id number not null, v varchar2(10)) inmemory priority none");
  Exec("insert into im select level, 'v' || mod(level, 5) from dual connect by level <= 3000");
  Exec("commit");
  auto tables = Rows(
      "select inmemory, inmemory_priority, inmemory_compression from user_tables "
      "where table_name = 'IM'");
  ASSERT_EQ(tables, std::vector<std::string>{"ENABLED|NONE|FOR QUERY LOW"});
  EXPECT_TRUE(Rows("select segment_name from v$im_segments").empty());
  Exec("begin dbms_inmemory.populate('X', 'IM'); end;");
  EXPECT_EQ(Rows("select segment_name, populate_status, bytes_not_populated, rows_populated "
                 "from v$im_segments"),
            std::vector<std::string>{"IM|COMPLETED|0|3000"});
  Exec("alter table im inmemory memcompress for capacity high priority high");
  EXPECT_EQ(Rows("select inmemory_priority, inmemory_compression from user_tables"),
            std::vector<std::string>{"HIGH|FOR CAPACITY HIGH"});
  Exec("alter table im no inmemory");
  EXPECT_EQ(Rows("select inmemory from user_tables"), std::vector<std::string>{"DISABLED"});
  EXPECT_TRUE(Rows("select segment_name from v$im_segments").empty());
  EXPECT_EQ(ErrorCode("alter table im inmemory memcompress for speed"), 922);
  EXPECT_EQ(ErrorCode("alter table im inmemory no inmemory (nosuch)"), 904);
  EXPECT_EQ(ErrorCode("alter table nosuch inmemory"), 942);
  // An In-Memory Area too small for the table: OUT OF MEMORY, the bytes not populated are
  // said, and queries are answered from the row store.
  Exec("alter table im inmemory");
  Exec("alter session set inmemory_size = 1K");
  Exec("begin dbms_inmemory.populate('X', 'IM'); end;");
  auto oom = Rows("select populate_status, bytes_not_populated, imcus from v$im_segments");
  ASSERT_EQ(oom.size(), 1u);
  const size_t bar1 = oom[0].find('|'), bar2 = oom[0].rfind('|');
  EXPECT_EQ(oom[0].substr(0, bar1), "OUT OF MEMORY");
  EXPECT_GT(std::stoull(oom[0].substr(bar1 + 1, bar2 - bar1 - 1)), 0u);  // bytes not populated
  EXPECT_EQ(oom[0].substr(bar2 + 1), "0");                               // no IMCU fitted
  EXPECT_EQ(Rows("select /*+ inmemory(im) */ count(*), sum(id) from im where v = 'v3'"),
            Rows("select /*+ no_inmemory(im) */ count(*), sum(id) from im where v = 'v3'"));
  Exec("alter session set inmemory_size = 0");
  EXPECT_EQ(ErrorCode("begin dbms_inmemory.populate('X', 'IM'); end;"), 64353);
}

// PRIORITY HIGH populates on the background worker, reading the data file after an object
// checkpoint, while the session goes on changing the table (uncommitted too); every answer on
// the way equals the row store's, and once COMPLETED the scans read IMCUs. The store is not
// persistent: after a restart the table is populated again (PRIORITY HIGH: at the first
// statement, without being asked).
TEST_F(SessionTest, InMemoryBackgroundPopulationAndRestart) {
  auto stat = [&](const std::string& name) {
    auto r = Rows(
        "select m.value from v$statname s, v$mystat m where m.statistic# = "
        "s.statistic# and s.name = '" +
        name + "'");
    return r.empty() ? 0ull : std::stoull(r[0]);
  };
  auto wait_completed = [&] {
    for (int i = 0; i < 600; ++i) {
      if (Rows("select populate_status from v$im_segments where segment_name = 'BG'") ==
          Strings{"COMPLETED"})
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  };
  const std::string q =
      "select /*+ H(b) */ count(*), sum(v), min(s), max(id) from bg b where v < 500";
  auto compare = [&](const char* when) {
    auto im = Rows(std::string(q).replace(q.find("H(b)"), 4, "inmemory(b)"));
    auto rs = Rows(std::string(q).replace(q.find("H(b)"), 4, "no_inmemory(b)"));
    ASSERT_EQ(im, rs) << when;
  };
  Exec("alter session set inmemory_size = 64M");
  Exec("create table bg (id number not null, v number, s varchar2(12))");
  Exec(
      "insert into bg select level, mod(level * 7, 1000), 's' || mod(level, 77) "
      "from dual connect by level <= 150000");
  Exec("commit");
  Exec("alter table bg inmemory priority high");
  // While the worker reads: committed and uncommitted changes, queries.
  Exec("update bg set v = 1 where id between 1000 and 1200");
  compare("during population, uncommitted update");
  Exec("delete from bg where id between 5000 and 5100");
  Exec("commit");
  compare("during population, after commit");
  ASSERT_TRUE(wait_completed()) << "background population did not complete";
  Exec("update bg set v = 2, s = 'zz' where id between 100000 and 100500");
  const uint64_t before = stat("IM scan rows");
  compare("after population, uncommitted update");
  EXPECT_GT(stat("IM scan rows"), before) << "the completed copy was not read";
  Exec("rollback");
  compare("after rollback");

  // Restart: the copy is gone, PRIORITY HIGH brings it back in the background.
  Reopen();
  Exec("alter session set inmemory_size = 64M");
  compare("after restart");
  ASSERT_TRUE(wait_completed()) << "no population after restart";
  const uint64_t again = stat("IM scan rows");
  compare("after restart, populated");
  EXPECT_GT(stat("IM scan rows"), again);
}

}  // namespace
}  // namespace pathdb::testing
