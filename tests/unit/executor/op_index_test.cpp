// INDEX UNIQUE SCAN, INDEX RANGE SCAN [DESCENDING], INDEX FULL SCAN, INDEX FAST FULL SCAN and
// TABLE ACCESS BY INDEX ROWID [BATCHED] on hand-built plans over a real database.
#include <algorithm>

#include "common/error.h"
#include "executor/delete.h"
#include "executor/index_fast_full_scan.h"
#include "executor/index_full_scan.h"
#include "executor/index_range_scan.h"
#include "executor/index_unique_scan.h"
#include "executor/load_table.h"
#include "executor/table_access_by_index_rowid.h"
#include "executor/table_access_full.h"
#include "op_test_util.h"

namespace pathdb::test {
namespace {

using Rows = std::vector<std::string>;
const LogicalType kInt = LogicalType::Integer();
const LogicalType kStr = LogicalType::Varchar(20);
constexpr uint32_t kRid = storage::kRowIdColumn;

// T(ID, K, NAME) with N rows: ID = i, K = (i * 7919) % N scattered across the table (so index
// order and block order disagree), NAME NULL for every 10th row. Indexes: T_ID unique on ID,
// T_K on K, T_NAME_ID on (NAME, ID).
class OpIndexTest : public ::testing::Test {
 protected:
  static constexpr int kRows = 5000;

  void SetUp() override {
    storage::TableInfo info;
    info.name = "T";
    info.columns.push_back({"ID", kInt, true, std::nullopt});
    info.columns.push_back({"K", kInt, false, std::nullopt});
    info.columns.push_back({"NAME", kStr, false, std::nullopt});
    table_ = &t_.db->CreateTable(std::move(info));
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < kRows; i++)
      rows.push_back(
          {I(i), I((i * 7919) % kRows), i % 10 == 0 ? N() : S(fmt::format("n{:05d}", i % 1000))});
    LoadTableConventional load(*table_);
    load.AddChild(Values({kInt, kInt, kStr}, rows, 1000));
    t_.Run(load);
    id_ = &MakeIndex("T_ID", {0}, true);
    k_ = &MakeIndex("T_K", {1}, false);
    name_id_ = &MakeIndex("T_NAME_ID", {2, 0}, false);
  }

  const storage::IndexInfo& MakeIndex(const std::string& name, std::vector<uint32_t> cols,
                                      bool unique) {
    storage::IndexInfo info;
    info.name = name;
    info.table_name = "T";
    info.table_object_id = table_->object_id;
    info.columns = std::move(cols);
    info.unique = unique;
    return t_.db->CreateIndex(std::move(info), t_.stats);
  }

  static IndexKeyRange Range(std::vector<Value> equal, std::optional<Value> lower,
                             bool lower_inclusive, std::optional<Value> upper,
                             bool upper_inclusive) {
    IndexKeyRange r;
    for (auto& v : equal) r.equal.push_back(Const(std::move(v)));
    if (lower) r.lower = Const(*lower);
    if (upper) r.upper = Const(*upper);
    r.lower_inclusive = lower_inclusive;
    r.upper_inclusive = upper_inclusive;
    return r;
  }

  std::vector<std::vector<Value>> RunRows(const PhysicalOperator& op) {
    std::vector<std::vector<Value>> rows;
    RunPlan(op, *t_.ctx, [&](const DataChunk& c) {
      EXPECT_GT(c.Count(), 0u);
      for (auto& r : c.ToRows()) rows.push_back(std::move(r));
    });
    return rows;
  }
  static int64_t Int(const Value& v) { return v.number().ToInt64().value_or(-1); }

  TestDb t_;
  const storage::TableInfo* table_ = nullptr;
  const storage::IndexInfo* id_ = nullptr;
  const storage::IndexInfo* k_ = nullptr;
  const storage::IndexInfo* name_id_ = nullptr;
};

TEST_F(OpIndexTest, UniqueScanFindsOneEntry) {
  std::vector<BoundExprPtr> key;
  key.push_back(Const(I(1234)));
  IndexUniqueScan scan(*table_, *id_, {0}, std::move(key), nullptr);
  EXPECT_EQ(scan.operation(), "INDEX UNIQUE SCAN");
  EXPECT_EQ(scan.object_name, "T_ID");
  EXPECT_EQ(t_.Run(scan), (Rows{"1234"}));

  std::vector<BoundExprPtr> missing;
  missing.push_back(Const(I(kRows + 5)));
  IndexUniqueScan none(*table_, *id_, {0}, std::move(missing), nullptr);
  EXPECT_EQ(t_.Run(none), Rows{});

  std::vector<BoundExprPtr> null_key;
  null_key.push_back(Const(Value::Null(kInt)));
  IndexUniqueScan null_scan(*table_, *id_, {0}, std::move(null_key), nullptr);
  EXPECT_EQ(t_.Run(null_scan), Rows{});

  // A non-unique index, or a key of the wrong width, is a planner bug.
  std::vector<BoundExprPtr> k;
  k.push_back(Const(I(1)));
  EXPECT_THROW(IndexUniqueScan(*table_, *k_, {0}, std::move(k), nullptr), OraError);
}

TEST_F(OpIndexTest, RangeScanBounds) {
  auto ids = [&](IndexKeyRange r, bool desc = false) {
    IndexRangeScan scan(*table_, *id_, {0}, std::move(r), desc, nullptr);
    std::vector<int64_t> out;
    for (auto& row : RunRows(scan)) out.push_back(Int(row[0]));
    return out;
  };
  EXPECT_EQ(ids(Range({}, I(10), true, I(13), true)), (std::vector<int64_t>{10, 11, 12, 13}));
  EXPECT_EQ(ids(Range({}, I(10), false, I(13), false)), (std::vector<int64_t>{11, 12}));
  EXPECT_EQ(ids(Range({}, std::nullopt, true, I(2), true)), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(ids(Range({}, I(kRows - 2), true, std::nullopt, true)),
            (std::vector<int64_t>{kRows - 2, kRows - 1}));
  EXPECT_EQ(ids(Range({}, I(10), true, I(13), true), true), (std::vector<int64_t>{13, 12, 11, 10}));
  // Empty: crossed ends, beyond the last key, a NULL end.
  EXPECT_TRUE(ids(Range({}, I(13), true, I(10), true)).empty());
  EXPECT_TRUE(ids(Range({}, I(kRows), false, std::nullopt, true)).empty());
  EXPECT_TRUE(ids(Range({}, Value::Null(kInt), true, I(10), true)).empty());

  IndexRangeScan desc(*table_, *k_, {0}, Range({}, I(1), true, I(3), true), true, nullptr);
  EXPECT_EQ(desc.operation(), "INDEX RANGE SCAN DESCENDING");
  EXPECT_EQ(t_.Run(desc), (Rows{"3", "2", "1"}));
  EXPECT_THROW(IndexRangeScan(*table_, *k_, {0}, IndexKeyRange{}, false, nullptr), OraError);
}

TEST_F(OpIndexTest, PrefixOfTwoColumnKeyAndNullKeys) {
  // NAME = 'n00007' -> IDs 7, 1007, 2007, 3007, 4007 in ID order (the second key column).
  IndexRangeScan eq(*table_, *name_id_, {1, 0},
                    Range({S("n00007")}, std::nullopt, true, std::nullopt, true), false, nullptr);
  EXPECT_EQ(t_.Run(eq),
            (Rows{"7|n00007", "1007|n00007", "2007|n00007", "3007|n00007", "4007|n00007"}));
  // Prefix plus a range on the next column.
  IndexRangeScan range(*table_, *name_id_, {1},
                       Range({S("n00007")}, I(1007), false, I(4007), false), false, nullptr);
  EXPECT_EQ(t_.Run(range), (Rows{"2007", "3007"}));
  // Rows with NAME NULL are in the index (ID is not NULL) and sort after every name.
  IndexFullScan full(*table_, *name_id_, {0, 1}, false, nullptr);
  auto rows = RunRows(full);
  ASSERT_EQ(rows.size(), static_cast<size_t>(kRows));
  EXPECT_FALSE(rows.front()[0].is_null());
  EXPECT_TRUE(rows.back()[0].is_null());
  EXPECT_EQ(Int(rows.back()[1]), kRows - 10);
  size_t nulls = 0;
  for (auto& r : rows) nulls += r[0].is_null() ? 1 : 0;
  EXPECT_EQ(nulls, static_cast<size_t>(kRows / 10));

  // A one-column index leaves NULL keys out altogether.
  const auto& by_name = MakeIndex("T_NAME", {2}, false);
  IndexFullScan names(*table_, by_name, {0}, false, nullptr);
  EXPECT_EQ(t_.CountRows(names), static_cast<size_t>(kRows - kRows / 10));
  IndexFastFullScan ffs(*table_, by_name, {0, kIndexRowIdOutput}, nullptr);
  EXPECT_EQ(ffs.operation(), "INDEX FAST FULL SCAN");
  EXPECT_EQ(t_.CountRows(ffs), static_cast<size_t>(kRows - kRows / 10));
}

TEST_F(OpIndexTest, FullScansAndIndexFilter) {
  IndexFullScan asc(*table_, *k_, {0}, false, nullptr);
  EXPECT_EQ(asc.operation(), "INDEX FULL SCAN");
  auto rows = RunRows(asc);
  ASSERT_EQ(rows.size(), static_cast<size_t>(kRows));
  for (size_t i = 0; i < rows.size(); i++) ASSERT_EQ(Int(rows[i][0]), static_cast<int64_t>(i));
  IndexFullScan desc(*table_, *k_, {0}, true, nullptr);
  EXPECT_EQ(desc.operation(), "INDEX FULL SCAN DESCENDING");
  rows = RunRows(desc);
  ASSERT_EQ(rows.size(), static_cast<size_t>(kRows));
  EXPECT_EQ(Int(rows.front()[0]), kRows - 1);
  EXPECT_EQ(Int(rows.back()[0]), 0);
  // Fast full scan: every entry once, in no particular order; the filter runs on the keys.
  IndexFastFullScan ffs(*table_, *k_, {kIndexRowIdOutput, 0}, Cmp("<", Col(1), Const(I(100))));
  rows = RunRows(ffs);
  std::vector<int64_t> keys;
  for (auto& r : rows) keys.push_back(Int(r[1]));
  std::sort(keys.begin(), keys.end());
  ASSERT_EQ(keys.size(), 100u);
  for (int64_t i = 0; i < 100; i++) EXPECT_EQ(keys[i], i);
  // The same key column twice, and the ROWID between them.
  IndexRangeScan twice(*table_, *k_, {0, kIndexRowIdOutput, 0},
                       Range({I(5)}, std::nullopt, true, std::nullopt, true), false, nullptr);
  rows = RunRows(twice);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(Int(rows[0][0]), 5);
  EXPECT_EQ(Int(rows[0][2]), 5);
}

TEST_F(OpIndexTest, TableAccessByRowidOrders) {
  // K in [0, 2048): rows scattered over the table; their IDs are what we fetch.
  auto build = [&](bool batched, bool keep_order) {
    auto access = std::make_unique<TableAccessByIndexRowid>(
        *table_, std::vector<uint32_t>{1, 0, kRid}, nullptr, batched, keep_order);
    access->AddChild(
        std::make_unique<IndexRangeScan>(*table_, *k_, std::vector<uint32_t>{kIndexRowIdOutput},
                                         Range({}, I(0), true, I(2047), true), false, nullptr));
    return access;
  };
  auto plain = build(false, false);
  EXPECT_EQ(plain->operation(), "TABLE ACCESS BY INDEX ROWID");
  auto batched = build(true, false);
  EXPECT_EQ(batched->operation(), "TABLE ACCESS BY INDEX ROWID BATCHED");
  auto ordered = build(true, true);

  auto r_plain = RunRows(*plain);
  auto r_batched = RunRows(*batched);
  auto r_ordered = RunRows(*ordered);
  ASSERT_EQ(r_plain.size(), 2048u);
  ASSERT_EQ(r_batched.size(), 2048u);
  // Index order: K ascending, and every row is the one its K was built from.
  for (size_t i = 0; i < r_plain.size(); i++) {
    ASSERT_EQ(Int(r_plain[i][0]), static_cast<int64_t>(i));
    ASSERT_EQ((Int(r_plain[i][1]) * 7919) % kRows, Int(r_plain[i][0]));
  }
  // BATCHED without keep_order: block order within the batch (ROWIDs non-decreasing).
  bool sorted_by_block = true, same_as_index = true;
  for (size_t i = 1; i < r_batched.size(); i++) {
    auto a = storage::RowId::Unpack(Int(r_batched[i - 1][2]));
    auto b = storage::RowId::Unpack(Int(r_batched[i][2]));
    sorted_by_block =
        sorted_by_block && (a.file < b.file || (a.file == b.file && a.block <= b.block));
    same_as_index = same_as_index && Int(r_batched[i][0]) == static_cast<int64_t>(i);
  }
  EXPECT_TRUE(sorted_by_block);
  EXPECT_FALSE(same_as_index);
  // BATCHED with keep_order: the same rows as the plain access, in index order.
  EXPECT_EQ(ToStrings(r_ordered), ToStrings(r_plain));
  auto sorted = ToStrings(r_batched);
  auto expect = ToStrings(r_plain);
  std::sort(sorted.begin(), sorted.end());
  std::sort(expect.begin(), expect.end());
  EXPECT_EQ(sorted, expect);

  // Sorting by block means fewer buffer gets than following the index.
  auto gets = [&](const PhysicalOperator& op) {
    uint64_t before = t_.stats.Get(Stat::kConsistentGets);
    t_.CountRows(op);
    return t_.stats.Get(Stat::kConsistentGets) - before;
  };
  EXPECT_LT(gets(*batched), gets(*plain));
}

TEST_F(OpIndexTest, TableAccessFilterAndDeletedRows) {
  auto access = std::make_unique<TableAccessByIndexRowid>(
      *table_, std::vector<uint32_t>{kRid, 2}, Cmp("=", Col(1, kStr), Const(S("n00003"))), true);
  access->AddChild(
      std::make_unique<IndexRangeScan>(*table_, *id_, std::vector<uint32_t>{kIndexRowIdOutput},
                                       Range({}, I(0), true, I(2999), true), false, nullptr));
  EXPECT_EQ(t_.CountRows(*access), 3u);  // IDs 3, 1003, 2003
  // The ROWIDs drive DELETE; afterwards the index no longer finds the rows.
  DeleteRows del(*table_);
  del.AddChild(std::move(access));
  EXPECT_EQ(t_.Run(del), (Rows{"3"}));
  std::vector<BoundExprPtr> key;
  key.push_back(Const(I(1003)));
  IndexUniqueScan gone(*table_, *id_, {0}, std::move(key), nullptr);
  EXPECT_EQ(t_.Run(gone), Rows{});
  TableAccessFull full(*table_, {0}, Cmp("=", Col(0), Const(I(1003))));
  EXPECT_EQ(t_.Run(full), Rows{});
}

TEST_F(OpIndexTest, ReopenWithNewParameterValues) {
  // The inner side of a correlated subplan: the bound is a parameter set per outer row.
  auto param = std::make_unique<BoundExpr>(BoundKind::kParameter, kInt);
  param->column_index = 0;
  IndexKeyRange r;
  r.equal.push_back(std::move(param));
  auto access =
      std::make_unique<TableAccessByIndexRowid>(*table_, std::vector<uint32_t>{0}, nullptr, true);
  access->AddChild(std::make_unique<IndexRangeScan>(
      *table_, *k_, std::vector<uint32_t>{kIndexRowIdOutput}, std::move(r), false, nullptr));
  for (int k : {0, 7919 % kRows, 42}) {
    t_.ctx->eval.parameters = {I(k)};
    auto rows = RunRows(*access);
    ASSERT_EQ(rows.size(), 1u) << k;
    EXPECT_EQ((Int(rows[0][0]) * 7919) % kRows, k);
  }
  t_.ctx->eval.parameters = {Value::Null(kInt)};
  EXPECT_EQ(t_.CountRows(*access), 0u);
  t_.ctx->eval.parameters.clear();
  EXPECT_THROW(t_.CountRows(*access), OraError);  // ORA-01008: not all variables bound
}

}  // namespace
}  // namespace pathdb::test
