// COUNT(*) and COUNT(col) over an in-memory scan whose predicates every row of an IMCU passes
// (its min/max say so and the tested columns have no NULLs): counted from the CUs' NULL
// counts without evaluating anything ("IM scan CUs predicates optimized"), and equal to the
// row store's answer, also after DML splits the IMCU into valid pieces and row-store blocks.
#include "session_test_util.h"

namespace pathdb::testing {
namespace {

class InMemoryCountTest : public SessionTest {
 protected:
  //! The query's rows with the table in memory and from the row store; both must agree.
  Strings Both(const std::string& select_list, const std::string& where) {
    const Strings im = Rows("select /*+ inmemory(t) */ " + select_list + " from t where " + where);
    const Strings rs =
        Rows("select /*+ no_inmemory(t) */ " + select_list + " from t where " + where);
    EXPECT_EQ(im, rs) << select_list << " where " << where;
    return im;
  }
};

TEST_F(InMemoryCountTest, AllRowsPassingAreCountedFromTheCUs) {
  Exec("alter session set inmemory_size = 64M");
  Exec("alter session set \"_inmemory_synchronous_population\" = true");
  Exec("create table t (id number(10) not null, k number(6), s varchar2(10))");
  Exec(
      "insert into t select level, case when mod(level, 7) = 0 then null else mod(level, 40) "
      "end, 's' || level from dual connect by level <= 9000");
  Exec("commit");
  Exec("alter table t inmemory");
  Both("count(*)", "1 = 1");  // populates

  const uint64_t before = Stat("IM scan CUs predicates optimized");
  EXPECT_EQ(Both("count(*), count(k), count(s), count(id)", "id > 0"),
            (Strings{"9000|7715|9000|9000"}));
  EXPECT_EQ(Stat("IM scan CUs predicates optimized"), before + 1);  // the one IMCU
  // Not every row passes: evaluated on the codes as before.
  EXPECT_EQ(Both("count(*), count(k)", "id > 4500"), (Strings{"4500|3857"}));
  // A tested column with NULLs: evaluated (its NULLs fail), same answer.
  EXPECT_EQ(Both("count(*), count(k)", "k >= 0"), (Strings{"7715|7715"}));
  // After DML the IMCU's changed blocks are read from the row store, the rest still counted
  // from the CUs.
  Exec("update t set k = null where id between 100 and 130");
  Exec("delete from t where id > 8990");
  Both("count(*), count(k), count(s)", "id > 0");
  Exec("commit");
  Both("count(*), count(k), count(s)", "id >= 1 and id <= 100000");
  Exec("insert into t values (9999, 5, 'new')");
  Both("count(*), count(k)", "id > 0");
  Exec("rollback");
  Both("count(*), count(k)", "id > 0");
}

}  // namespace
}  // namespace pathdb::testing
