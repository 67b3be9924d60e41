// Randomized: joins answered with a join filter (PX_JOIN_FILTER) and without one
// (NO_PX_JOIN_FILTER) over data with NULL and duplicate keys on both sides, skewed and empty
// builds, multi-column keys, a key that is an expression of the probe column, an integer-valued
// expression against a NUMBER column, a semi join and a star join with two filters on one
// scan; between DML that moves keys in and out of the build's range, commits and rolls back.
// Every pair must give the same answer, and the filtered plans must really hold the filters.
#include <random>

#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class JoinFilterRandomTest : public SessionTest {
 protected:
  //! The BASIC plan text of `sql`, one line per row.
  std::string Plan(const std::string& sql) {
    Exec("explain plan for " + sql);
    std::string text;
    for (const auto& r : Rows("select * from table(dbms_xplan.display(format => 'BASIC'))"))
      text += r + "\n";
    return text;
  }
  static size_t Count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  }
  //! A random predicate on dimension `d` (columns k in 0 .. 1,499 and grp in 0 .. 99): an
  //! empty build, one range of keys, two separate ranges, most of the dimension, one group.
  static std::string DimPredicate(std::mt19937& rng, const std::string& d) {
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    switch (pick(5)) {
      case 0:
        return d + ".grp > 1000";
      case 1: {
        const int lo = pick(2000);
        return d + ".k between " + std::to_string(lo) + " and " + std::to_string(lo + pick(60));
      }
      case 2: {
        const int a = pick(700), b = 800 + pick(700);
        return "(" + d + ".k between " + std::to_string(a) + " and " + std::to_string(a + 20) +
               " or " + d + ".k between " + std::to_string(b) + " and " + std::to_string(b + 20) +
               ")";
      }
      case 3:
        return d + ".grp < 90";
      default:
        return d + ".grp = " + std::to_string(pick(100));
    }
  }
  //! DML on fact table F between rounds, committed: keys [k, k + 40] moved up by 700 (into or
  //! out of a build's range), or keys [k, k + width] deleted.
  void MoveFactKeys(int k) {
    Exec("update f set k = k + 700 where k between " + std::to_string(k) + " and " +
         std::to_string(k + 40));
    Exec("commit");
  }
  void DeleteFactKeys(int k, int width) {
    Exec("delete from f where k between " + std::to_string(k) + " and " +
         std::to_string(k + width));
    Exec("commit");
  }
};

// The same joins with the probe table (and the dimension) in the column store: the in-memory
// scan tests the bits on hashes computed from the encoded keys (ColumnCU::HashRows) before
// it decodes any column, so every encoding of a key column is a parameter. DML between the
// rounds leaves stale blocks, read from the row store by the same scan.
class JoinFilterStorageTest : public JoinFilterRandomTest,
                              public ::testing::WithParamInterface<std::string> {
 protected:
  //! "" leaves the tables in the row store; otherwise `tables` go INMEMORY at the level the
  //! parameter names ("QUERY LOW", "CAPACITY HIGH"), with an encoding forced after a '/'.
  //! Returns the hint that makes a scan of `probe` read the column store ("" in the row store).
  std::string InMemory(const std::vector<std::string>& tables, const std::string& probe) {
    const std::string mode = GetParam();
    if (mode.empty()) return "";
    Exec("alter session set inmemory_size = 256M");
    Exec("alter session set \"_inmemory_synchronous_population\" = true");
    const auto slash = mode.find('/');
    if (slash != std::string::npos)
      Exec("alter session set \"_inmemory_force_encoding\" = " + mode.substr(slash + 1));
    for (const std::string& t : tables)
      Exec("alter table " + t + " inmemory memcompress for " + mode.substr(0, slash));
    return "inmemory(" + probe + ") ";
  }
};

TEST_P(JoinFilterStorageTest, WithAndWithoutTheFilterAnswersAgree) {
  Exec("create table d (k number, k2 number, grp number)");
  // Duplicate keys (k repeats every 1,500 rows), NULL keys (every 97th row).
  Exec(
      "insert into d select case when mod(level, 97) = 0 then null else mod(level, 1500) end, "
      "mod(level, 5), mod(level * 31, 100) from dual connect by level <= 2000");
  Exec("create table f (k number, k2 number, v number, pad varchar2(60))");
  // Keys 0 .. 2,099 (some beyond d's), NULL every 53rd row, in load order by key range.
  Exec(
      "insert into f select case when mod(level, 53) = 0 then null else "
      "trunc(level / 15) end, mod(level, 5), level, rpad('p', 50, 'q') "
      "from dual connect by level <= 31500");
  Exec("commit");

  std::mt19937 rng(13);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  const std::string ord = " leading(d f) use_hash(f) " + InMemory({"f", "d"}, "f");
  const uint64_t im_rows = Stat("IM scan rows");
  for (int round = 0; round < 24; ++round) {
    const std::string p = DimPredicate(rng, "d");
    const std::vector<std::string> queries = {
        "select /*+H*/ count(*), sum(f.v), sum(d.grp) from f, d where f.k = d.k and " + p,
        "select /*+H*/ count(*), sum(f.v) from f where f.k in (select d.k from d where " + p + ")",
        "select /*+H*/ count(*), sum(f.v), sum(d.grp) from f, d where f.k = d.k and f.k2 = d.k2 "
        "and " +
            p,
        "select /*+H*/ count(*), sum(f.v) from f, d where f.k + 0 = d.k and " + p,
        "select /*+H*/ count(*), sum(f.v) from f, d where f.k = d.k * 1 and " + p,
        "select /*+H leading(d d2 f) use_hash(d2) use_hash(f) */ count(*), sum(f.v) "
        "from f, d, d d2 where f.k = d.k and f.k2 = d2.k and d2.grp < 50 and " +
            p,
        // HASH JOIN SEMI / ANTI returning the build side (D): the filter drops F rows that
        // could neither mark nor exclude a D row. The hints name F in its own query block.
        "select count(*), sum(d.grp) from d where " + p +
            " and exists (select /*+H*/ 1 from f where f.k = d.k)",
        "select count(*), sum(d.grp) from d where " + p +
            " and not exists (select /*+H*/ 1 from f where f.k = d.k and f.v > 10)",
        // Through a GROUP BY on the join keys: the filter reaches F's scan below it.
        "select /*+H*/ count(*), sum(f.s), sum(f.c) from d, (select k, k2, sum(v) s, count(*) c "
        "from f group by k, k2) f where f.k = d.k and f.k2 = d.k2 and " +
            p,
    };
    for (size_t q = 0; q < queries.size(); ++q) {
      auto with_hints = [&](const std::string& hints) {
        std::string sql = queries[q];
        const auto at = sql.find("/*+H");
        sql.replace(at, 4, "/*+" + hints);
        return sql;
      };
      const std::string on = with_hints(ord + "px_join_filter(f)");
      const std::string off = with_hints(ord + "no_px_join_filter(f)");
      ASSERT_EQ(Rows(on), Rows(off)) << on;
      if (round == 0) {
        const std::string plan_on = Plan(on), plan_off = Plan(off);
        EXPECT_GE(Count(plan_on, "JOIN FILTER USE"), q == 5 ? 2u : 1u) << on << "\n" << plan_on;
        EXPECT_EQ(Count(plan_on, "JOIN FILTER CREATE"), Count(plan_on, "JOIN FILTER USE"));
        EXPECT_EQ(Count(plan_off, "JOIN FILTER"), 0u) << off << "\n" << plan_off;
        if (!GetParam().empty() && q == 0) {
          EXPECT_EQ(Count(plan_on, "TABLE ACCESS INMEMORY FULL| F "), 1u) << plan_on;
        }
      }
    }
    if (round == 0 && !GetParam().empty()) {
      EXPECT_GT(Stat("IM scan rows"), im_rows) << "no IMCU was read";
    }
    // DML between rounds: keys into and out of the builds' ranges, NULL keys, duplicates.
    const int k = pick(2100);
    switch (round % 5) {
      case 0:
        Exec("insert into f select " + std::to_string(k) +
             ", mod(level, 5), -level, 'x' "
             "from dual connect by level <= 300");
        Exec("commit");
        break;
      case 1:
        MoveFactKeys(k);
        break;
      case 2:
        Exec("delete from d where k between " + std::to_string(k) + " and " +
             std::to_string(k + 100));
        Exec("rollback");
        Exec("insert into d values (" + std::to_string(k) + ", 1, 7)");
        Exec("insert into d values (null, 2, 7)");
        Exec("commit");
        break;
      case 3:
        Exec("update f set k = null where mod(v, 11) = " + std::to_string(pick(11)));
        Exec("commit");
        break;
      default:
        DeleteFactKeys(k, 10);
        break;
    }
  }
}

// A join with a filter inside a correlated subquery runs once per outer row: each start
// publishes its own filter, and views let the key through to the scan.
// The scan tests the bits on each row's stored key fields before decoding it, hashing the
// bytes as the executor hashes decoded keys: DATE keys, NUMBER(10,2) against unconstrained
// NUMBER (1.5 and 1.50 are one key) and a two-column key must all find their matches.
TEST_P(JoinFilterStorageTest, KeysHashedFromStoredRowsMatchDecodedOnes) {
  // big: NUMBERs beyond 64 bits; ff.v: 1, 2, 3, ... (a SEQUENCE in the column store).
  Exec("create table dd (dt date, amt number, grp number, big number, seq number)");
  Exec("create table ff (dt date, amt number(10, 2), v number, pad varchar2(60), big number)");
  Exec(
      "insert into dd select date '2020-01-01' + mod(level * 7, 400), mod(level, 300) / 4, "
      "mod(level, 50), 123456789012345678901234 + mod(level * 11, 500), level * 40 "
      "from dual connect by level <= 600");
  Exec(
      "insert into ff select case when mod(level, 41) = 0 then null else date '2020-01-01' + "
      "trunc(level / 40) end, mod(level, 400) / 4, level, rpad('p', 50, 'q'), "
      "123456789012345678901234 + mod(level, 700) from dual connect by level <= 24000");
  Exec("commit");
  const std::string hints = "leading(dd ff) use_hash(ff) " + InMemory({"ff"}, "ff");
  for (int grp : {0, 3, 17, 49}) {
    const std::string where = " and dd.grp < " + std::to_string(grp + 1);
    for (const std::string& on :
         {std::string("ff.dt = dd.dt"), std::string("ff.amt = dd.amt"),
          std::string("ff.dt = dd.dt and ff.amt = dd.amt"), std::string("ff.big = dd.big"),
          std::string("ff.v = dd.seq"), std::string("ff.amt = dd.grp")}) {
      const std::string q = "count(*), sum(ff.v) from dd, ff where " + on + where;
      const std::string with = "select /*+ " + hints + "px_join_filter(ff) */ " + q;
      ASSERT_EQ(Rows(with), Rows("select /*+ " + hints + "no_px_join_filter(ff) */ " + q)) << with;
      if (grp == 3) {
        EXPECT_EQ(Count(Plan(with), "JOIN FILTER USE"), 1u) << with;
        if (!GetParam().empty()) {
          EXPECT_EQ(Count(Plan(with), "TABLE ACCESS INMEMORY FULL| FF "), 1u) << Plan(with);
        }
      }
    }
  }
}

TEST_F(JoinFilterRandomTest, RestartedJoinsAndViews) {
  Exec("create table d (k number, grp number)");
  Exec("insert into d select level, mod(level, 7) from dual connect by level <= 700");
  Exec("create table f (k number, v number)");
  Exec("insert into f select mod(level, 900), level from dual connect by level <= 30000");
  Exec("commit");
  auto sub = [&](const std::string& hint) {
    return Rows("select g.grp, (select /*+ leading(d2 f) use_hash(f) " + hint +
                " */ count(*) from f, d d2 where f.k = d2.k and d2.grp = g.grp and d2.k < 300)"
                " from (select distinct grp from d) g order by g.grp");
  };
  const auto with = sub("px_join_filter(f)");
  EXPECT_EQ(with, sub("no_px_join_filter(f)"));
  EXPECT_EQ(with.size(), 7u);
  const std::string view =
      " count(*), sum(x.v) from (select /*+ no_merge */ k, v from f where v > 10) x, d "
      "where x.k = d.k and d.grp = 3";
  const std::string plan = Plan("select /*+ leading(d x) use_hash(x) px_join_filter(f) */" + view);
  EXPECT_EQ(Count(plan, "JOIN FILTER USE"), 1u) << plan;
  EXPECT_EQ(Rows("select /*+ leading(d x) use_hash(x) px_join_filter(f) */" + view),
            Rows("select /*+ leading(d x) use_hash(x) no_px_join_filter(f) */" + view));
}

// A build bigger than the work area spills: the join then publishes no filter (it passes
// everything) and the answer stays right.
TEST_F(JoinFilterRandomTest, SpillingBuildStillAnswersRight) {
  Exec("create table d (k number, pad varchar2(200))");
  Exec("insert into d select level, rpad('d', 200) from dual connect by level <= 20000");
  Exec("create table f (k number, v number)");
  Exec("insert into f select mod(level, 40000), level from dual connect by level <= 60000");
  Exec("commit");
  const std::string q =
      " count(*), sum(f.v) from f, d where f.k = d.k and d.k between 100 and 19000";
  const auto expected = Rows("select /*+ leading(d f) use_hash(f) no_px_join_filter(f) */" + q);
  Exec("alter session set pga_aggregate_target = 1M");
  EXPECT_EQ(Rows("select /*+ leading(d f) use_hash(f) px_join_filter(f) */" + q), expected);
}

// The cost decides without hints: a selective dimension against a large fact table gets a
// filter, a dimension that keeps every key does not, and _bloom_filter_enabled turns them off.
TEST_F(JoinFilterRandomTest, PlacedByCostAndSwitchedOffByParameter) {
  Exec("create table d (k number primary key, grp number)");
  Exec("insert into d select level, mod(level, 100) from dual connect by level <= 5000");
  Exec("create table f (k number, v number)");
  Exec("insert into f select mod(level, 5000) + 1, level from dual connect by level <= 100000");
  Exec("commit");
  Exec("begin dbms_stats.gather_table_stats(user, 'D'); end;");
  Exec("begin dbms_stats.gather_table_stats(user, 'F'); end;");
  const std::string selective = "select sum(f.v) from f, d where f.k = d.k and d.grp = 7";
  const std::string everything = "select sum(f.v) from f, d where f.k = d.k";
  EXPECT_EQ(Count(Plan(selective), "JOIN FILTER USE"), 1u) << Plan(selective);
  EXPECT_EQ(Count(Plan(everything), "JOIN FILTER"), 0u) << Plan(everything);
  Exec("alter session set \"_bloom_filter_enabled\" = false");
  EXPECT_EQ(Count(Plan(selective), "JOIN FILTER"), 0u) << Plan(selective);
  Exec("alter session set \"_bloom_filter_enabled\" = true");
  EXPECT_EQ(Count(Plan("select /*+ no_px_join_filter(f) */" + selective.substr(6)), "JOIN FILTER"),
            0u);
}

}  // namespace
}  // namespace pathdb::testing

namespace pathdb::testing {
namespace {

// The scan probes join filters a block at a time (storage/heap_scan.cpp ProbeBlock): every
// row's key hashes first, then the Bloom bits filter by filter over the rows the earlier one
// kept. Two filters on one fact scan, NULLs in each key, a predicate on the fact table, and
// rows migrated to other blocks by updates (probed row by row when their body is read) must
// answer as without filters, and both filters must really have rejected rows.
TEST_F(JoinFilterRandomTest, TwoFiltersProbedABlockAtATime) {
  Exec("create table d1 (k number, grp number)");
  Exec("create table d2 (k date, grp number)");
  Exec("insert into d1 select level, mod(level, 10) from dual connect by level <= 400");
  Exec(
      "insert into d2 select date '2021-01-01' + level, mod(level, 7) from dual "
      "connect by level <= 300");
  Exec("create table f (k1 number, k2 date, v number, pad varchar2(2000))");
  Exec(
      "insert into f select case when mod(level, 37) = 0 then null else mod(level * 7, 450) end, "
      "case when mod(level, 41) = 0 then null else date '2021-01-01' + mod(level, 330) end, "
      "level, rpad('p', 40, 'q') from dual connect by level <= 20000");
  Exec("commit");
  // Rows that outgrow their block move (a forwarding stub stays behind).
  Exec("update f set pad = rpad('m', 1500, 'n') where mod(v, 97) = 0");
  Exec("commit");
  const std::string q =
      " count(*), sum(f.v), min(f.k2) from d1, f, d2 where f.k1 = d1.k and f.k2 = d2.k "
      "and d1.grp < 3 and d2.grp in (1, 4) and f.v > 150";
  const std::string hints = "leading(d1 f d2) use_hash(f) use_hash(d2) swap_join_inputs(d2) ";
  const auto expected = Rows("select /*+ " + hints + "no_px_join_filter(f) */" + q);
  const std::string with = "select /*+ " + hints + "px_join_filter(f) */" + q;
  EXPECT_EQ(Count(Plan(with), "JOIN FILTER USE"), 2u) << Plan(with);
  Exec("alter session set statistics_level = all");
  EXPECT_EQ(Rows(with), expected);
  const std::string note = LastPlan();
  for (const char* bf : {":BF0000: ", ":BF0001: "}) {
    const size_t at = note.find(bf);
    ASSERT_NE(at, std::string::npos) << note;
    const std::string line = note.substr(at, note.find('\n', at) - at);
    EXPECT_EQ(line.find(", 0 rejected"), std::string::npos) << line;
  }
  // Same answers with the rows updated again (new migrations, keys moved) and rolled back.
  Exec("update f set k1 = k1 + 1, pad = rpad('z', 1800, 'y') where mod(v, 89) = 0");
  EXPECT_EQ(Rows(with), Rows("select /*+ " + hints + "no_px_join_filter(f) */" + q));
  Exec("rollback");
  EXPECT_EQ(Rows(with), expected);
}

// A heap scan under an exact integer key set tests each row's key as it is split
// (HeapScan::ProbeBlockExact): a key after other fields, a key that is the row's last column
// and so often not stored at all (trailing NULLs are left out of a row), fractions and
// numbers beyond 64 bits among the keys, a predicate on the fact table, migrated rows. The
// filter must reject rows and the answers equal those without it.
TEST_F(JoinFilterRandomTest, ExactKeySetOnTheStoredRows) {
  Exec("create table d (k number, grp number)");
  Exec("insert into d select level * 3, mod(level, 10) from dual connect by level <= 500");
  Exec("create table f (v number, pad varchar2(1600), k number)");
  Exec(
      "insert into f select level, rpad('p', 30, 'q'), case when mod(level, 7) = 0 then null "
      "when mod(level, 61) = 0 then level / 2 + 0.5 "
      "when mod(level, 67) = 0 then 123456789012345678901234 else mod(level, 1700) end "
      "from dual connect by level <= 15000");
  Exec("commit");
  Exec("update f set pad = rpad('m', 1500, 'n') where mod(v, 101) = 0");
  Exec("commit");
  const std::string hints = "leading(d f) use_hash(f) full(f) ";
  for (const std::string& extra : {std::string(""), std::string(" and f.v > 4000")}) {
    for (int grp : {0, 4, 9}) {
      const std::string q =
          " count(*), sum(f.v), sum(f.k) from d, f where f.k = d.k and d.grp <= " +
          std::to_string(grp) + extra;
      const std::string with = "select /*+ " + hints + "px_join_filter(f) */" + q;
      ASSERT_EQ(Rows(with), Rows("select /*+ " + hints + "no_px_join_filter(f) */" + q)) << with;
    }
  }
  Exec("alter session set statistics_level = all");
  Rows("select /*+ " + hints + "px_join_filter(f) */ count(*) from d, f where f.k = d.k");
  const std::string note = LastPlan();
  EXPECT_NE(note.find("integer keys tested exactly"), std::string::npos) << note;
  EXPECT_EQ(note.find(", 0 rejected"), std::string::npos) << note;
}

INSTANTIATE_TEST_SUITE_P(Storage, JoinFilterStorageTest,
                         ::testing::Values("", "QUERY LOW", "CAPACITY HIGH", "QUERY LOW/DICTIONARY",
                                           "QUERY LOW/FOR", "QUERY LOW/RLE", "QUERY LOW/PLAIN",
                                           "CAPACITY HIGH/DICTIONARY", "CAPACITY HIGH/FOR"));

}  // namespace
}  // namespace pathdb::testing

namespace pathdb::testing {
namespace {

// An INDEX FAST FULL SCAN on the probe side applies the filter itself: integer keys are
// tested on the stored key bytes (storage/index_scan.cpp), NULL keys never pass, fractions
// and numbers of 19 digits and more are let through, a two-column key and a VARCHAR2 key are
// probed per batch. Joins, semi and anti joins answer as without the filter, between DML.
TEST_F(JoinFilterRandomTest, IndexFastFullScanProbeAgrees) {
  Exec("create table d (k number, k2 number, s varchar2(12), grp number)");
  Exec(
      "insert into d select case when mod(level, 97) = 0 then null else mod(level, 1500) end, "
      "mod(level, 5), 'S' || mod(level, 300), mod(level * 31, 100) "
      "from dual connect by level <= 2000");
  // k: integers, some fractions, some beyond 10^18, NULLs; k2 NOT NULL keeps every row in
  // the index.
  Exec("create table f (k number, k2 number not null, s varchar2(12))");
  Exec(
      "insert into f select case when mod(level, 53) = 0 then null "
      "when mod(level, 89) = 0 then trunc(level / 15) + 0.5 "
      "when mod(level, 101) = 0 then 1234567890123456789012 else trunc(level / 15) end, "
      "mod(level, 5), 'S' || mod(level, 400) from dual connect by level <= 31500");
  Exec("create index f_k on f (k, k2)");
  Exec("create index f_s on f (s, k2)");
  Exec("commit");
  std::mt19937 rng(29);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int round = 0; round < 15; ++round) {
    const std::string p = DimPredicate(rng, "d");
    const std::vector<std::pair<std::string, std::string>> queries = {
        {"f_k", "select /*+H*/ count(*), sum(f.k2), sum(f.k) from f, d where f.k = d.k and " + p},
        {"f_k",
         "select /*+H*/ count(*), sum(f.k2) from f, d where f.k = d.k and f.k2 = d.k2 and " + p},
        {"f_s", "select /*+H*/ count(*), sum(f.k2) from f, d where f.s = d.s and " + p},
        {"f_k", "select count(*), sum(d.grp) from d where " + p +
                    " and exists (select /*+H*/ 1 from f where f.k = d.k)"},
        {"f_k", "select count(*), sum(d.grp) from d where " + p +
                    " and not exists (select /*+H*/ 1 from f where f.k = d.k)"},
    };
    for (const auto& [index, sql] : queries) {
      auto with_hints = [&](const std::string& hints) {
        std::string s = sql;
        s.replace(s.find("/*+H"), 4, "/*+ index_ffs(f " + index + ") " + hints);
        return s;
      };
      const bool semi = sql.find("exists") != std::string::npos;
      const std::string on =
          with_hints(semi ? "px_join_filter(f)" : "leading(d f) use_hash(f) px_join_filter(f)");
      const std::string off = with_hints(semi ? "no_px_join_filter(f)"
                                              : "leading(d f) use_hash(f) no_px_join_filter(f)");
      ASSERT_EQ(Rows(on), Rows(off)) << on;
      if (round == 0) {
        const std::string plan = Plan(on);
        EXPECT_EQ(Count(plan, "INDEX FAST FULL SCAN"), 1u) << on << "\n" << plan;
        EXPECT_EQ(Count(plan, "JOIN FILTER USE"), 1u) << on << "\n" << plan;
      }
    }
    const int k = pick(2100);
    switch (round % 3) {
      case 0:
        Exec("insert into f select " + std::to_string(k) +
             ", mod(level, 5), 'S7' from dual connect by level <= 200");
        Exec("commit");
        break;
      case 1:
        MoveFactKeys(k);
        break;
      default:
        DeleteFactKeys(k, 30);
        break;
    }
  }
  // Build keys of 19 digits (still 64-bit integers): the stored bytes are not read as
  // integers there, and those entries must be let through to the join.
  Exec("create table dbig (k number)");
  Exec("insert into dbig select 1000000000000000000 + level * 3 from dual connect by level <= 40");
  Exec(
      "insert into f select 1000000000000000000 + level, 1, 'B' from dual connect by level <= 200");
  Exec("commit");
  const std::string big =
      " count(*), sum(f.k - 1000000000000000000) from f, dbig where f.k = dbig.k";
  const auto expected =
      Rows("select /*+ leading(dbig f) use_hash(f) no_px_join_filter(f) */" + big);
  EXPECT_EQ(expected[0].substr(0, 2), "40") << expected[0];
  const std::string with =
      "select /*+ index_ffs(f f_k) leading(dbig f) use_hash(f) px_join_filter(f) */" + big;
  EXPECT_EQ(Count(Plan(with), "INDEX FAST FULL SCAN"), 1u) << Plan(with);
  EXPECT_EQ(Rows(with), expected);
}

}  // namespace
}  // namespace pathdb::testing
