// Hints from /*+ ... */ after SELECT/INSERT/UPDATE/DELETE, parsed into ast::Hint.
#include <gtest/gtest.h>

#include "parser/internal/hints.h"
#include "parser/parser.h"

namespace pathdb {
namespace {

using parser_internal::ParseHints;

TEST(Hints, StructuredForms) {
  auto h = ParseHints(
      " FULL(o) INDEX(o@SEL$1 ord_idx ord_idx2) INDEX(c (cust_id, \"Name\")) LEADING(a b c) "
      "CARDINALITY(t 100) PARALLEL(4) NO_PARALLEL USE_HASH(@\"SEL$2\" x) ");
  ASSERT_EQ(h.size(), 8u);
  EXPECT_EQ(h[0].name, "FULL");
  EXPECT_EQ(h[0].tables.at(0).alias, "O");
  EXPECT_EQ(h[0].text, "FULL(o)");
  EXPECT_EQ(h[1].name, "INDEX");
  EXPECT_EQ(h[1].tables.at(0).alias, "O");
  EXPECT_EQ(h[1].tables.at(0).query_block, "SEL$1");
  EXPECT_EQ(h[1].indexes, (std::vector<std::string>{"ORD_IDX", "ORD_IDX2"}));
  EXPECT_EQ(h[2].columns, (std::vector<std::string>{"CUST_ID", "Name"}));
  ASSERT_EQ(h[3].tables.size(), 3u);
  EXPECT_EQ(h[3].tables[2].alias, "C");
  EXPECT_EQ(h[4].numbers, std::vector<double>{100});
  EXPECT_EQ(h[4].tables.at(0).alias, "T");
  EXPECT_EQ(h[5].numbers, std::vector<double>{4});
  EXPECT_TRUE(h[6].tables.empty());
  EXPECT_EQ(h[7].query_block, "SEL$2");
  EXPECT_EQ(h[7].tables.at(0).alias, "X");
  for (const auto& x : h) EXPECT_FALSE(x.malformed) << x.text;
}

// OPT_ESTIMATE as V$SQL_REOPTIMIZATION_HINTS prints it, and the short forms.
TEST(Hints, OptEstimateForms) {
  using T = ast::Hint::EstimateTarget;
  using A = ast::Hint::EstimateAdjust;
  auto h = ParseHints(
      "OPT_ESTIMATE (@\"SEL$1\" JOIN (\"T2\"@\"SEL$1\" \"T1\"@\"SEL$1\") ROWS=500.000000 ) "
      "opt_estimate(table t1 scale_rows=0.5) opt_estimate(index_scan t1 ix min=3) "
      "opt_estimate(table t1 rows=) opt_estimate(join (t1) rows=2) FULL(x)");
  ASSERT_EQ(h.size(), 6u);
  EXPECT_EQ(h[0].estimate_target, T::kJoin);
  EXPECT_EQ(h[0].query_block, "SEL$1");
  ASSERT_EQ(h[0].tables.size(), 2u);
  EXPECT_EQ(h[0].tables[1].alias, "T1");
  EXPECT_EQ(h[0].numbers, std::vector<double>{500});
  EXPECT_EQ(h[1].estimate_target, T::kTable);
  EXPECT_EQ(h[1].estimate_adjust, A::kScaleRows);
  EXPECT_EQ(h[1].numbers, std::vector<double>{0.5});
  EXPECT_EQ(h[2].estimate_target, T::kOther);
  EXPECT_EQ(h[2].estimate_adjust, A::kMin);
  EXPECT_EQ(h[2].indexes, std::vector<std::string>{"IX"});
  EXPECT_TRUE(h[3].malformed);  // no number
  EXPECT_TRUE(h[4].malformed);  // a join of one table
  EXPECT_FALSE(h[5].malformed);
  EXPECT_EQ(h[5].name, "FULL");
}

TEST(Hints, MalformedHintIsFlaggedAndOthersSurvive) {
  auto h = ParseHints("FULL(t USE_NL(a) ");
  ASSERT_FALSE(h.empty());
  EXPECT_TRUE(h[0].malformed);
  auto g = ParseHints("INDEX(t (a,) ) FULL(x)");
  ASSERT_EQ(g.size(), 2u);
  EXPECT_TRUE(g[0].malformed);
  EXPECT_EQ(g[1].name, "FULL");
  EXPECT_FALSE(g[1].malformed);
  auto k = ParseHints("%% FULL(y)");
  ASSERT_GE(k.size(), 2u);
  EXPECT_TRUE(k[0].malformed);
  EXPECT_EQ(k.back().name, "FULL");
}

TEST(Hints, AttachedToTheRightStatementPart) {
  auto st = ParseStatement("select /*+ leading(b a) use_hash(a) */ * from a, b");
  const auto& hints = st->query->block->hints;
  ASSERT_EQ(hints.size(), 2u);
  EXPECT_EQ(hints[0].name, "LEADING");
  EXPECT_EQ(hints[1].name, "USE_HASH");
  EXPECT_TRUE(st->hints.empty());
  auto sub = ParseStatement("select * from (select /*+ full(t) */ * from t) v");
  EXPECT_TRUE(sub->query->block->hints.empty());
  EXPECT_EQ(sub->query->block->from[0]->subquery->block->hints.at(0).name, "FULL");
  auto comment = ParseStatement("select /* not a hint */ * from t");
  EXPECT_TRUE(comment->query->block->hints.empty());
  auto del = ParseStatement("delete /*+ index(t ix) */ from t where a = 1");
  EXPECT_EQ(del->hints.at(0).indexes, std::vector<std::string>{"IX"});
  auto later = ParseStatement("select a /*+ full(t) */ from t");
  EXPECT_TRUE(later->query->block->hints.empty());
}

}  // namespace
}  // namespace pathdb
