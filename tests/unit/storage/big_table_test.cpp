// A table several times the buffer cache: scans stay correct and memory stays bounded.
#include <gtest/gtest.h>

#include <fstream>

#include "test_util.h"

namespace pathdb::storage {
namespace {

long RssKb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

TEST(StorageBigTable, ScanOfTableLargerThanCache) {
  testing::TempDir dir;
  DatabaseOptions o;
  o.cache_size_bytes = 4 << 20;
  // Through the buffer cache: this is the cache's test (a direct scan holds up to
  // max_in_flight + 1 requests of 1 MiB instead; direct_read_test.cpp).
  o.scan.serial_direct_read = SerialDirectRead::kNever;
  auto db = Database::Open(dir.db(), o);
  EXPECT_EQ(db->CacheBlocks(), 512u);
  const TableInfo& t = db->CreateTable(testing::MakeTable(
      "BIG", {{"ID", LogicalType::Integer()}, {"V", LogicalType::Number(12, 2)},
              {"PAD", LogicalType::Varchar(40)}}));
  Transaction txn;
  SessionStats st;
  constexpr int64_t kRows = 300000;
  DataChunk chunk(testing::TypesOf(t));
  Decimal want_sum{};
  for (int64_t base = 0; base < kRows; base += kVectorSize) {
    chunk.Reset();
    size_t n = std::min<int64_t>(kVectorSize, kRows - base);
    for (size_t i = 0; i < n; ++i) {
      int64_t id = base + static_cast<int64_t>(i);
      chunk.column(0).Data<Decimal>()[i] = Decimal::FromInt(id);
      Decimal v{id % 1000 * 100 + 25, 2};
      chunk.column(1).Data<Decimal>()[i] = v;
      want_sum = want_sum + v;
      chunk.column(2).Data<StringRef>()[i] = chunk.column(2).heap().Add("padding-padding-padding");
    }
    chunk.SetSize(n);
    db->Insert(t, chunk, txn, st);
    txn.records().clear();  // keep the undo list from growing: this test is about scans
  }
  db->Commit(txn, st);
  EXPECT_EQ(t.row_count, static_cast<uint64_t>(kRows));
  EXPECT_GT(t.hwm_blocks * kBlockSize, 3u * o.cache_size_bytes);
  long rss_before = RssKb();
  db->FlushBufferCache();
  SessionStats scan_stats;
  auto scan = db->BeginScan(t, {0, 1}, scan_stats);
  DataChunk out;
  int64_t count = 0;
  Decimal sum{};
  int64_t id_sum = 0;
  while (db->ScanNext(*scan, out, nullptr, scan_stats)) {
    for (size_t i = 0; i < out.size(); ++i) {
      id_sum += *out.column(0).Data<Decimal>()[i].ToInt64();
      sum = sum + out.column(1).Data<Decimal>()[i];
    }
    count += static_cast<int64_t>(out.size());
  }
  EXPECT_EQ(count, kRows);
  EXPECT_EQ(id_sum, kRows * (kRows - 1) / 2);
  EXPECT_TRUE(sum == want_sum);
  EXPECT_EQ(scan_stats.Get(Stat::kTableScansLongTables), 1u);
  EXPECT_GE(scan_stats.Get(Stat::kPhysicalReads), t.hwm_blocks);
  EXPECT_GT(scan_stats.Get(Stat::kPhysicalReadTotalMultiBlockRequests), 0u);
  EXPECT_LT(scan_stats.Get(Stat::kPhysicalReadTotalMultiBlockRequests),
            scan_stats.Get(Stat::kPhysicalReads) / 4);
  EXPECT_GE(scan_stats.Get(Stat::kConsistentGets), t.hwm_blocks);
  EXPECT_EQ(scan_stats.Get(Stat::kTableScanBlocksGotten), t.hwm_blocks);
  EXPECT_EQ(scan_stats.Get(Stat::kTableScanRowsGotten), static_cast<uint64_t>(kRows));
  // The table is ~3x the cache; a scan must not grow memory by anything like the table size.
  EXPECT_LT(RssKb() - rss_before, 8 * 1024) << "RSS grew during the scan";
}

}  // namespace
}  // namespace pathdb::storage
