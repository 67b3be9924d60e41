// TABLE ACCESS FULL, LOAD TABLE CONVENTIONAL, DELETE and UPDATE over a real database.
#include <algorithm>

#include "common/error.h"
#include "executor/delete.h"
#include "executor/load_table.h"
#include "executor/projection.h"
#include "executor/table_access_full.h"
#include "executor/update.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(20);

const storage::TableInfo& MakeTable(TestDb& t, bool name_not_null = false) {
  storage::TableInfo info;
  info.name = "T";
  info.columns.push_back({"ID", kInt, false, std::nullopt});
  info.columns.push_back({"NAME", kStr, name_not_null, std::nullopt});
  return t.db->CreateTable(std::move(info));
}

uint64_t Load(TestDb& t, const storage::TableInfo& table, int n) {
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < n; i++) rows.push_back({I(i), i % 10 == 0 ? N() : S(fmt::format("n{}", i))});
  LoadTableConventional load(table);
  load.AddChild(Values({kInt, kStr}, rows, 1000));
  EXPECT_EQ(load.operation(), "LOAD TABLE CONVENTIONAL");
  auto out = t.Run(load);
  EXPECT_EQ(out.size(), 1u);
  return out.empty() ? 0 : std::stoull(out[0]);
}

TEST(OpStorage, LoadThenFullScanWithFilter) {
  TestDb t;
  const auto& table = MakeTable(t);
  EXPECT_EQ(Load(t, table, 5000), 5000u);

  TableAccessFull all(table, {0, 1}, nullptr);
  EXPECT_EQ(all.operation(), "TABLE ACCESS FULL");
  EXPECT_EQ(all.object_name, "T");
  EXPECT_EQ(t.CountRows(all), 5000u);

  // filter refs index the projected columns: here NAME first, then ID
  TableAccessFull some(table, {1, 0}, Cmp("<", Col(1), Const(I(4))));
  EXPECT_EQ(t.Run(some), (Rows{"NULL|0", "n1|1", "n2|2", "n3|3"}));
}

TEST(OpStorage, RowIdColumnDrivesDelete) {
  TestDb t;
  const auto& table = MakeTable(t);
  Load(t, table, 3000);
  DeleteRows del(table);
  del.AddChild(std::make_unique<TableAccessFull>(
      table, std::vector<uint32_t>{storage::kRowIdColumn, 0}, Cmp(">=", Col(1), Const(I(1000)))));
  EXPECT_EQ(del.operation(), "DELETE");
  EXPECT_EQ(t.Run(del), (Rows{"2000"}));
  TableAccessFull all(table, {0}, nullptr);
  EXPECT_EQ(t.CountRows(all), 1000u);
}

TEST(OpStorage, UpdateSetsColumnsOnce) {
  TestDb t;
  const auto& table = MakeTable(t, true);
  std::vector<std::vector<Value>> rows = {{I(1), S("a")}, {I(2), S("b")}, {I(3), S("c")}};
  LoadTableConventional load(table);
  load.AddChild(Values({kInt, kStr}, rows));
  t.Run(load);

  // UPDATE t SET name = <value> WHERE id >= 2  (child: ROWID, new NAME)
  auto make_update = [&](Value v) {
    auto scan = std::make_unique<TableAccessFull>(
        table, std::vector<uint32_t>{storage::kRowIdColumn, 0}, Cmp(">=", Col(1), Const(I(2))));
    std::vector<BoundExprPtr> exprs;
    exprs.push_back(Col(0));
    exprs.push_back(Const(v));
    auto proj =
        std::make_unique<Projection>(std::move(exprs), std::vector<LogicalType>{kInt, kStr});
    proj->AddChild(std::move(scan));
    auto upd = std::make_unique<UpdateRows>(table, std::vector<uint32_t>{1});
    upd->AddChild(std::move(proj));
    return upd;
  };
  auto upd = make_update(S("z"));
  EXPECT_EQ(upd->operation(), "UPDATE");
  EXPECT_EQ(t.Run(*upd), (Rows{"2"}));
  TableAccessFull all(table, {0, 1}, nullptr);
  auto out = t.Run(all);
  std::sort(out.begin(), out.end());
  EXPECT_EQ(out, (Rows{"1|a", "2|z", "3|z"}));

  auto to_null = make_update(Value::Null(kStr));
  try {
    t.Run(*to_null);
    FAIL() << "expected ORA-01407";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 1407);
  }
}

}  // namespace
}  // namespace pathdb::test
