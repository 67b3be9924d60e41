// Robustness: mutated statements (dropped, duplicated, swapped tokens, truncation, random
// bytes) must either parse or raise OraError, never anything else.
#include <gtest/gtest.h>

#include <random>

#include "common/error.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

const char* const kSeeds[] = {
    "select a, b + 1 as c from t1 x join t2 y on x.id = y.id where a between 1 and 2 order by 1",
    "select /*+ full(t) */ count(distinct a) from t group by b having sum(c) > 10",
    "insert into t (a, b) values (1, 'x''y'), (2, date '2024-01-01')",
    "update t set a = case when b > 1 then 2 else 3 end where c in (select d from u)",
    "delete from t where exists (select 1 from u where u.a = t.a) and rownum < 5",
    "create table t (a number(10,2) not null primary key, b varchar2(20) default 'x') pctfree 5",
    "create unique index ix on t (a desc, b)",
    "alter session set \"_serial_direct_read\" = always",
    "explain plan for select * from t where a = :b1 fetch first 10 rows only",
    "begin dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1'); end;",
    "with w as (select level l from dual connect by level <= 10) select * from w union all select 1 from dual",
    "select cast(a as number(5)) || q'[x]' from t where b like 'a%' escape '!' minus select 'y' from dual",
};

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (std::string_view("(),;").find(c) != std::string_view::npos) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      out.emplace_back(1, c);
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::string Join(const std::vector<std::string>& w) {
  std::string out;
  for (const auto& x : w) {
    if (!out.empty()) out.push_back(' ');
    out += x;
  }
  return out;
}

std::string Mutate(const std::string& seed, std::mt19937& rng) {
  auto w = Words(seed);
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  if (w.size() < 2) return seed + " x";
  switch (pick(6)) {
    case 0: w.erase(w.begin() + static_cast<long>(pick(w.size()))); break;
    case 1: {
      size_t i = pick(w.size());
      w.insert(w.begin() + static_cast<long>(i), w[i]);
      break;
    }
    case 2: std::swap(w[pick(w.size())], w[pick(w.size())]); break;
    case 3: w.resize(pick(w.size())); break;
    case 4: {
      std::string s = Join(w);
      s.resize(pick(s.size() + 1));
      return s;
    }
    default: {
      std::string s = Join(w);
      s[pick(s.size())] = "'\"()*/-+;:@#\x01 \n"[pick(15)];
      return s;
    }
  }
  return Join(w);
}

TEST(Robustness, MutatedStatementsParseOrRaiseOraError) {
  std::mt19937 rng(12345);
  size_t parsed = 0, rejected = 0;
  for (int i = 0; i < 2400; ++i) {
    const std::string& seed = kSeeds[i % std::size(kSeeds)];
    std::string sql = Mutate(seed, rng);
    if (i % 3 == 0) sql = Mutate(sql, rng);
    try {
      auto st = ParseStatement(sql);
      ASSERT_NE(st, nullptr);
      ++parsed;
    } catch (const OraError& e) {
      EXPECT_GT(e.code(), 0) << sql;
      ++rejected;
    } catch (const std::exception& e) {
      FAIL() << "non-OraError for: " << sql << " : " << e.what();
    } catch (...) {
      FAIL() << "unknown exception for: " << sql;
    }
  }
  EXPECT_GT(parsed, 50u);
  EXPECT_GT(rejected, 500u);
}

TEST(Robustness, HostileInputs) {
  for (std::string sql : {std::string(5000, '('), std::string("select ") + std::string(300, '-') + "1",
                          std::string("\xff\xfe select"), std::string("select '\xc3\xa9' from dual"),
                          std::string(1, '\0'), std::string("/*+"), std::string("select 1 from t /*"),
                          std::string("select ") + std::string(2000, 'a') + " from t"}) {
    try {
      ParseStatement(sql);
    } catch (const OraError&) {
    } catch (...) {
      FAIL() << "non-OraError for input of size " << sql.size();
    }
  }
}

TEST(Robustness, ScriptSplitterNeverThrows) {
  std::mt19937 rng(7);
  for (int i = 0; i < 500; ++i) {
    std::string s = Mutate(kSeeds[i % std::size(kSeeds)], rng) + ";\n/\nbegin\n" +
                    Mutate(kSeeds[(i + 3) % std::size(kSeeds)], rng);
    EXPECT_NO_THROW(SplitStatements(s));
  }
}

}  // namespace
}  // namespace pathdb
