// Multiblock prefetch reads straight into buffer frames: rows and statistics stay exact, and a
// corrupt block inside a run gives ORA-01578 without losing the frames grabbed for the run.
#include <gtest/gtest.h>

#include <fstream>

#include "common/error.h"
#include "storage/block.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

constexpr size_t kRows = 6000;

void Fill(const std::filesystem::path& db_dir) {
  auto db = Database::Open(db_dir, DatabaseOptions{});
  const TableInfo& t = db->CreateTable(testing::MakeTable(
      "T", {{"ID", LogicalType::Integer()}, {"S", LogicalType::Varchar(100)}}));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows;
  for (size_t i = 0; i < kRows; ++i) {
    rows.push_back({Value::Integer(static_cast<int64_t>(i)), Value::Varchar(std::string(60, 'r'))});
  }
  testing::InsertRows(*db, t, rows, txn, st);
  db->Commit(txn, st);
}

//! The smallest cache (16 buffers): a prefetch run is 4 blocks, so leaked frames show at once.
DatabaseOptions Tiny() {
  DatabaseOptions o;
  o.cache_size_bytes = 16 * kBlockSize;
  return o;
}

TEST(ScanPrefetch, RowsAndReadStatisticsThroughSmallCache) {
  testing::TempDir dir;
  Fill(dir.db());
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  auto rows = testing::ScanAll(*db, *db->Tables().at(0), st);
  ASSERT_EQ(rows.size(), kRows);
  for (size_t i = 0; i < kRows; ++i) EXPECT_EQ(rows[i][0].ToString(), std::to_string(i));
  EXPECT_GT(st.Get(Stat::kPhysicalReadTotalMultiBlockRequests), 0u);
  EXPECT_GE(st.Get(Stat::kPhysicalReads), st.Get(Stat::kTableScanBlocksGotten));
}

TEST(ScanPrefetch, CorruptBlockInRunKeepsCacheUsable) {
  testing::TempDir dir;
  Fill(dir.db());
  // Damage the 10th heap block: it sits inside a multiblock run of the scan.
  auto data = dir.db() / "data01.dbf";
  uint64_t blocks = std::filesystem::file_size(data) / kBlockSize;
  uint64_t target = 0;
  int seen = 0;
  {
    std::ifstream in(data, std::ios::binary);
    std::vector<char> b(kBlockSize);
    for (uint64_t i = 1; i < blocks && target == 0; ++i) {
      in.seekg(static_cast<std::streamoff>(i * kBlockSize));
      in.read(b.data(), kBlockSize);
      if (static_cast<BlockType>(b[4]) == BlockType::kHeapData && ++seen == 10) target = i;
    }
  }
  ASSERT_NE(target, 0u);
  {
    std::fstream f(data, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(target * kBlockSize + kBlockSize / 2));
    f.put('\x5a');
  }
  auto db = Database::Open(dir.db(), Tiny());
  SessionStats st;
  // Each failed run must hand its frames back: with 16 buffers, leaking 4 a time would turn
  // ORA-01578 into ORA-04031 within a few scans.
  for (int i = 0; i < 12; ++i) {
    try {
      testing::ScanAll(*db, *db->Tables().at(0), st);
      FAIL() << "scan of a corrupt block succeeded";
    } catch (const OraError& e) {
      EXPECT_EQ(e.code(), 1578);
    }
  }
}

}  // namespace
}  // namespace pathdb::storage
