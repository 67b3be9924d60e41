// Indexes through SQL: CREATE/DROP INDEX, PRIMARY KEY / UNIQUE constraints, the rule-based
// access-path choice (and hints), and answers through indexes equal to full-scan answers.
#include <algorithm>

#include "executor/index_scan.h"
#include "executor/table_access_by_index_rowid.h"
#include "parser/parser.h"
#include "planner/planner.h"
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class IndexPlanTest : public SessionTest {
 protected:
  void SetUp() override {
    SessionTest::SetUp();
    Exec("create table t (id number primary key, a number, b varchar2(20), c number)");
    // a: 0..49, b: 'b' || mod(level, 7) with NULL every 10th row, c: scattered
    Exec(
        "insert into t select level, mod(level, 50), case when mod(level, 10) = 0 then null "
        "else 'b' || mod(level, 7) end, mod(level * 7919, 1000) from dual connect by level <= "
        "3000");
    Exec("commit");
    Exec("create index t_ab on t (a, b)");
    Exec("create index t_c on t (c)");
  }
  //! Operation names in pre-order; "" (internal projections) left out.
  std::string Shape(const std::string& sql) {
    auto stmt = ParseStatement(sql);
    EvalContext eval;
    planner::PlanContext ctx{*db_, eval};
    if (stmt->kind == ast::StmtKind::kDelete) {
      plan_ = planner::PlanDelete(*stmt, ctx);
    } else if (stmt->kind == ast::StmtKind::kUpdate) {
      plan_ = planner::PlanUpdate(*stmt, ctx);
    } else {
      plan_ = planner::PlanQuery(*stmt->query, ctx);
    }
    std::string out;
    Walk(*plan_.root, out);
    return out;
  }
  void Walk(const PhysicalOperator& op, std::string& out) {
    if (!op.operation().empty()) {
      if (!out.empty()) out += ", ";
      out += op.operation();
      if (op.operation().rfind("INDEX", 0) == 0) out += "(" + op.object_name + ")";
    }
    for (const auto& c : op.children()) Walk(*c, out);
  }
  const IndexScan* FindIndexScan(const PhysicalOperator& op) {
    if (auto* s = dynamic_cast<const IndexScan*>(&op)) return s;
    for (const auto& c : op.children())
      if (auto* s = FindIndexScan(*c)) return s;
    return nullptr;
  }
  //! Rows of `sql` sorted, so index and full-scan answers compare regardless of order.
  Strings Sorted(const std::string& sql) {
    Strings r = Rows(sql);
    std::sort(r.begin(), r.end());
    return r;
  }
  std::string PkName() {
    for (const auto* idx : db_->Indexes())
      if (idx->table_name == "T" && idx->primary_key) return idx->name;
    return "";
  }
  planner::PhysicalPlan plan_;
};

TEST_F(IndexPlanTest, PrimaryKeyMakesANamedUniqueIndex) {
  const std::string pk = PkName();
  ASSERT_EQ(pk.rfind("SYS_C", 0), 0u) << pk;
  EXPECT_EQ(pk.size(), 12u);  // SYS_C + 7 digits
  const auto* idx = db_->FindIndex(pk);
  ASSERT_NE(idx, nullptr);
  EXPECT_TRUE(idx->unique);
  EXPECT_EQ(idx->constraint_name, pk);
  EXPECT_EQ(idx->columns, (std::vector<uint32_t>{0}));
  const auto* t = db_->FindTable("T");
  EXPECT_TRUE(t->columns[0].not_null);
  // Unnamed constraints keep numbering upwards.
  Exec("create table u (x number, y number, constraint u_pk primary key (x), unique (y, x))");
  const auto* upk = db_->FindIndex("U_PK");
  ASSERT_NE(upk, nullptr);
  EXPECT_TRUE(upk->primary_key);
  EXPECT_EQ(upk->constraint_name, "U_PK");
  std::string uq;
  for (const auto* i : db_->Indexes())
    if (i->table_name == "U" && !i->primary_key) uq = i->name;
  ASSERT_FALSE(uq.empty());
  EXPECT_GT(uq, pk);
  EXPECT_EQ(db_->FindIndex(uq)->columns, (std::vector<uint32_t>{1, 0}));
  EXPECT_TRUE(db_->FindTable("U")->columns[0].not_null);
  EXPECT_FALSE(db_->FindTable("U")->columns[1].not_null);
  // Column-level named constraint.
  Exec("create table w (k varchar2(5) constraint w_k unique, v number)");
  ASSERT_NE(db_->FindIndex("W_K"), nullptr);
  EXPECT_FALSE(db_->FindIndex("W_K")->primary_key);
}

TEST_F(IndexPlanTest, ConstraintErrors) {
  EXPECT_EQ(ErrorCode("create table e1 (x number primary key, y number primary key)"), 2260);
  EXPECT_EQ(db_->FindTable("E1"), nullptr);
  EXPECT_EQ(ErrorCode("create table e2 (x number unique, unique (x))"), 2261);
  EXPECT_EQ(db_->FindTable("E2"), nullptr);
  // The constraint name is taken by an index: the table does not survive either.
  EXPECT_EQ(ErrorCode("create table e3 (x number constraint t_c primary key)"), 955);
  EXPECT_EQ(db_->FindTable("E3"), nullptr);
  EXPECT_EQ(ErrorCode("drop index " + PkName()), 2429);
  EXPECT_EQ(ErrorCode("drop index nope"), 1418);
  EXPECT_EQ(ErrorCode("create index bad on t (zz)"), 904);
  EXPECT_EQ(ErrorCode("create index bad on t (a, a)"), 957);
  EXPECT_EQ(ErrorCode("create index bad on nosuch (a)"), 942);
  EXPECT_EQ(Exec("drop index t_c"), "Index dropped.");
  EXPECT_EQ(db_->FindIndex("T_C"), nullptr);
  EXPECT_EQ(Exec("create index t_c on t (c)"), "Index created.");
  // DROP TABLE takes its indexes along.
  const std::string pk = PkName();
  Exec("drop table t");
  EXPECT_EQ(db_->FindIndex("T_C"), nullptr);
  EXPECT_EQ(db_->FindIndex("T_AB"), nullptr);
  EXPECT_EQ(db_->FindIndex(pk), nullptr);
}

TEST_F(IndexPlanTest, UniqueViolationsAndStatementRollback) {
  EXPECT_EQ(ErrorCode("insert into t (id, a) values (5, 1)"), 1);
  EXPECT_EQ(ErrorCode("update t set id = 6 where id = 7"), 1);
  // A multi-row insert failing on its last row leaves neither the table nor the index changed.
  EXPECT_EQ(ErrorCode("insert into t (id, a) select level + 5000, 7 from dual connect by level "
                      "<= 10 union all select 1, 7 from dual"),
            1);
  EXPECT_EQ(Rows("select count(*) from t where id > 5000"), (Strings{"0"}));
  EXPECT_EQ(Rows("select /*+ full(t) */ count(*) from t where id > 5000"), (Strings{"0"}));
  EXPECT_EQ(Rows("select count(*) from t where a = 7"), (Strings{"60"}));
  // A failed UPDATE of many rows: the index still finds every row under its old key.
  EXPECT_EQ(ErrorCode("update t set id = id + 1 where id between 100 and 200"), 1);
  EXPECT_EQ(Rows("select count(*) from t where id between 100 and 200"), (Strings{"101"}));
  EXPECT_EQ(Rows("select id from t where id = 150"), (Strings{"150"}));
  // ... and ROLLBACK of committed-later work keeps both in step as well.
  Exec("insert into t (id, a) values (9001, 1)");
  Exec("rollback");
  EXPECT_EQ(Rows("select count(*) from t where id = 9001"), (Strings{"0"}));
  Exec("insert into t (id, a) values (9001, 1)");
  EXPECT_EQ(Rows("select a from t where id = 9001"), (Strings{"1"}));
  EXPECT_EQ(ErrorCode("create unique index t_a on t (a)"), 1452);
}

TEST_F(IndexPlanTest, RuleBasedChoice) {
  const std::string pk = PkName();
  EXPECT_EQ(Shape("select * from t where id = 5"),
            "TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(" + pk + ")");
  // Only key columns needed: no table access.
  EXPECT_EQ(Shape("select id from t where id = 5"), "INDEX UNIQUE SCAN(" + pk + ")");
  EXPECT_EQ(Shape("select b from t where id > 5"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(" + pk + ")");
  EXPECT_EQ(Shape("select count(*) from t where id between 5 and 10"),
            "SORT AGGREGATE, INDEX RANGE SCAN(" + pk + ")");
  EXPECT_EQ(Shape("select c from t where 5 >= id"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(" + pk + ")");
  // Equality on the prefix, range on the next column, the rest as filters.
  EXPECT_EQ(Shape("select c from t where a = 3 and b > 'b2' and c > 10"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_AB)");
  const IndexScan* s = FindIndexScan(*plan_.root);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->range().equal.size(), 1u);
  EXPECT_NE(s->range().lower, nullptr);
  EXPECT_EQ(s->range().upper, nullptr);
  EXPECT_FALSE(s->range().lower_inclusive);
  const PhysicalOperator* top = plan_.root.get();
  while (top->operation().empty() && !top->children().empty()) top = top->children()[0].get();
  auto* access = dynamic_cast<const TableAccessByIndexRowid*>(top);
  ASSERT_NE(access, nullptr);
  EXPECT_NE(access->filter(), nullptr);  // c > 10
  EXPECT_EQ(s->access_predicates.size(), 1u);  // one access(...) per line, conjuncts ANDed
  EXPECT_EQ(s->access_predicates[0], "\"T\".\"A\"=3 AND \"T\".\"B\">'b2'");
  // Two indexes usable: the one with more equalities wins; equal on id wins over all.
  EXPECT_EQ(Shape("select * from t where a = 1 and b = 'b1' and c = 3"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_AB)");
  EXPECT_EQ(Shape("select * from t where a = 1 and c = 3 and id = 4"),
            "TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(" + pk + ")");
  // Nothing usable: the second key column alone, functions of the column, OR, other types.
  EXPECT_EQ(Shape("select * from t where b = 'b1'"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select * from t where id + 0 = 5"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select * from t where id = 5 or id = 6"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select * from t"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select * from t where id = dbms_random.value"), "TABLE ACCESS FULL");
  // A string literal converted to the column's type is a value like any other.
  EXPECT_EQ(Shape("select * from t where id = '5'"),
            "TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(" + pk + ")");
}

TEST_F(IndexPlanTest, Hints) {
  const std::string pk = PkName();
  EXPECT_EQ(Shape("select /*+ FULL(t) */ * from t where id = 5"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select /*+ full(x) */ * from t x where x.id = 5"), "TABLE ACCESS FULL");
  // A hint naming another alias does not apply.
  EXPECT_EQ(Shape("select /*+ full(t) */ * from t x where x.id = 5"),
            "TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(" + pk + ")");
  EXPECT_EQ(Shape("select /*+ NO_INDEX(t) */ * from t where id = 5"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select /*+ no_index(t " + pk + ") */ * from t where id = 5 and c = 1"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_C)");
  EXPECT_EQ(Shape("select /*+ index(t t_c) */ * from t where id = 5 and c = 1"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_C)");
  EXPECT_EQ(Shape("select /*+ index(t (c)) */ * from t where id = 5 and c = 1"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_C)");
  EXPECT_EQ(Shape("select /*+ index_rs_asc(t t_c) */ * from t where c < 3"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_C)");
  EXPECT_EQ(Shape("select /*+ index_desc(t t_c) */ c from t where c < 3"),
            "INDEX RANGE SCAN DESCENDING(T_C)");
  // INDEX without a usable condition: a full scan of the index when no row can be missing.
  EXPECT_EQ(Shape("select /*+ index(t " + pk + ") */ * from t"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX FULL SCAN(" + pk + ")");
  EXPECT_EQ(Shape("select /*+ index(t t_c) */ * from t"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select /*+ index(t t_c) */ * from t where c <> 4"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX FULL SCAN(T_C)");
  EXPECT_EQ(Shape("select /*+ index_ffs(t " + pk + ") */ count(*) from t"),
            "SORT AGGREGATE, INDEX FAST FULL SCAN(" + pk + ")");
  // Not covering (b is not in the primary key index): the hint cannot be followed.
  EXPECT_EQ(Shape("select /*+ index_ffs(t " + pk + ") */ b from t"), "TABLE ACCESS FULL");
  EXPECT_EQ(Shape("select /*+ index_ffs(t t_ab) */ a, b from t where a is not null"),
            "INDEX FAST FULL SCAN(T_AB)");
  // An index name we do not have: ignored.
  EXPECT_EQ(Shape("select /*+ index(t nosuch) */ * from t where c = 1"),
            "TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_C)");
}

TEST_F(IndexPlanTest, DmlUsesIndexes) {
  const std::string pk = PkName();
  EXPECT_EQ(Shape("delete from t where id = 5"),
            "DELETE, TABLE ACCESS BY INDEX ROWID, INDEX UNIQUE SCAN(" + pk + ")");
  EXPECT_EQ(Shape("update t set c = 1 where c = 5"),
            "UPDATE, TABLE ACCESS BY INDEX ROWID BATCHED, INDEX RANGE SCAN(T_C)");
  EXPECT_EQ(Shape("update /*+ full(t) */ t set c = 1 where c = 5"), "UPDATE, TABLE ACCESS FULL");
  EXPECT_EQ(Exec("delete from t where id = 5"), "1 row deleted.");
  EXPECT_EQ(Rows("select count(*) from t where id = 5"), (Strings{"0"}));
  // Updating the key the scan runs on: every row once (the DML materialises first).
  EXPECT_EQ(Exec("update t set c = c + 1000 where c between 0 and 99"), "300 rows updated.");
  EXPECT_EQ(Rows("select count(*) from t where c between 1000 and 1099"), (Strings{"300"}));
  EXPECT_EQ(Rows("select count(*) from t where c between 0 and 99"), (Strings{"0"}));
  EXPECT_EQ(Exec("update t set id = id + 10000 where id > 2990"), "10 rows updated.");
  EXPECT_EQ(Rows("select count(*) from t where id > 10000"), (Strings{"10"}));
  EXPECT_EQ(Exec("delete from t where a = 2 and b = 'b3'"), "9 rows deleted.");
  EXPECT_EQ(Rows("select count(*) from t where a = 2"), Rows("select /*+ full(t) */ count(*) "
                                                             "from t where a = 2"));
}

TEST_F(IndexPlanTest, AnswersEqualFullScans) {
  const char* preds[] = {
      "id = 17",
      "id = 0",
      "id = null",
      "id between 100 and 140",
      "id > 2990",
      "id >= 2990 and id < 2995",
      "id < 3",
      "a = 7",
      "a = 7 and b = 'b3'",
      "a = 7 and b > 'b3'",
      "a = 7 and b <= 'b3'",
      "a = 7 and b is null",
      "a = 7 and b between 'b1' and 'b4' and c > 500",
      "a > 47",
      "a >= 10 and a < 12 and b <> 'b5'",
      "c = 999",
      "c >= 990",
      "c < 0",
      "a = 1 and id > 2900",
      "id = '42'",
  };
  for (const char* p : preds) {
    const std::string where = std::string(" from t where ") + p;
    const Strings full = Sorted("select /*+ full(t) */ id, a, b, c" + where);
    EXPECT_EQ(Sorted("select id, a, b, c" + where), full) << p;
    EXPECT_EQ(Sorted("select /*+ index_desc(t) */ id, a, b, c" + where), full) << p;
    EXPECT_EQ(Rows("select count(*)" + where), Rows("select /*+ full(t) */ count(*)" + where)) << p;
  }
  // Index-only answers, and full / fast full scans of the index.
  EXPECT_EQ(Sorted("select a, b from t where a = 3"),
            Sorted("select /*+ full(t) */ a, b from t where a = 3"));
  EXPECT_EQ(Sorted("select id from t where id < 20"),
            Sorted("select /*+ full(t) */ id from t where id < 20"));
  EXPECT_EQ(Sorted("select /*+ index(t t_c) */ id from t where c > 900"),
            Sorted("select /*+ full(t) */ id from t where c > 900"));
  EXPECT_EQ(Rows("select /*+ index_ffs(t t_ab) */ count(*) from t where a >= 0"),
            (Strings{"3000"}));
  EXPECT_EQ(Rows("select /*+ index(t " + PkName() + ") */ count(*) from t"), (Strings{"3000"}));
}

TEST_F(IndexPlanTest, CorrelatedSubqueryProbesTheIndex) {
  Exec("create table p (k number, v number)");
  Exec("insert into p select level * 3, level from dual connect by level <= 50");
  // The subplan is re-opened per outer row with the new parameter: the index bound follows.
  const std::string q =
      "select k, (select b from t where t.id = p.k) from p where exists (select 1 from t where "
      "t.c = p.v) order by k";
  const std::string q_full =
      "select k, (select /*+ full(t) */ b from t where t.id = p.k) from p where exists (select "
      "/*+ full(t) */ 1 from t where t.c = p.v) order by k";
  Strings r = Rows(q);
  EXPECT_EQ(r, Rows(q_full));
  EXPECT_EQ(r.size(), 50u);
  EXPECT_EQ(r[0], "3|b3");
}

}  // namespace
}  // namespace pathdb::testing

namespace pathdb::testing {
namespace {

// With statistics gathered, an unhinted range scan must beat the full scan: a wide range on
// the scattered column C (clustering factor near NUM_ROWS) reads the table instead, a narrow
// one keeps the index, and the INDEX hint still forces it.
TEST_F(IndexPlanTest, StatisticsTurnAWideBadlyClusteredRangeIntoAFullScan) {
  // 40,000 rows of ~100 bytes (some 500 blocks); C is scattered, so its clustering factor is
  // close to NUM_ROWS.
  Exec("create table u (id number, c number, pad varchar2(100))");
  Exec(
      "insert into u select level, mod(level * 7919, 4001), rpad('x', 90, 'y') from dual "
      "connect by level <= 40000");
  Exec("commit");
  Exec("create index u_c on u (c)");
  std::string narrow = "select count(pad) from u where c = 10";                // ~10 rows
  std::string wide = "select count(pad) from u where c between 100 and 1600";  // ~37%
  // Without statistics the rule stands.
  EXPECT_NE(Shape(wide).find("INDEX RANGE SCAN(U_C)"), std::string::npos);
  Exec("begin dbms_stats.gather_table_stats(null, 'U'); end;");
  EXPECT_EQ(Shape(wide).find("INDEX"), std::string::npos) << Shape(wide);
  EXPECT_NE(Shape(wide).find("TABLE ACCESS FULL"), std::string::npos);
  EXPECT_NE(Shape(narrow).find("INDEX RANGE SCAN(U_C)"), std::string::npos) << Shape(narrow);
  std::string hinted = "select /*+ index(u u_c) */ count(pad) from u where c between 100 and 1600";
  EXPECT_NE(Shape(hinted).find("INDEX RANGE SCAN(U_C)"), std::string::npos);
  EXPECT_EQ(Rows(wide), Rows(hinted));  // the same answer either way
}

}  // namespace
}  // namespace pathdb::testing
