// The serial direct path read decision, each branch shown by the statistics a scan counts and
// the reason it gives; direct scans give the buffered answer, leave the cache alone and see
// an open transaction's own changes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <set>

#include "storage/block.h"
#include "storage/direct_read_decision.h"
#include "storage/storage_index.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

constexpr size_t kCacheBytes = 2u << 20;  // 256 buffers: STT 5 blocks, 5 x STT 25 blocks

DatabaseOptions Options() {
  DatabaseOptions o;
  o.cache_size_bytes = kCacheBytes;
  return o;
}

const TableInfo& MakePadded(Database& db, const char* name, int rows) {
  const TableInfo& t = db.CreateTable(testing::MakeTable(
      name, {{"ID", LogicalType::Integer()}, {"PAD", LogicalType::Varchar(400)}}));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> data;
  for (int i = 0; i < rows; ++i) {
    data.push_back({Value::Integer(i), Value::Varchar(std::string(380, 'a' + i % 26))});
  }
  testing::InsertRows(db, t, data, txn, st);
  db.Commit(txn, st);
  return t;
}

struct Scanned {
  SessionStats stats;
  ScanAccess access;
  uint64_t rows = 0;
  uint64_t id_sum = 0;
};

Scanned Scan(Database& db, const char* table, SerialDirectRead mode,
             bool statistics_driven = true) {
  ScanOptions o;
  o.serial_direct_read = mode;
  o.statistics_driven = statistics_driven;
  db.SetScanOptions(o);
  Scanned s;
  const TableInfo& t = *db.FindTable(table);
  auto scan = db.BeginScan(t, {0}, s.stats);
  s.access = scan->access();
  DataChunk out;
  while (db.ScanNext(*scan, out, nullptr, s.stats)) {
    for (const auto& row : out.ToRows()) {
      s.id_sum += static_cast<uint64_t>(std::stoll(row[0].ToString()));
      ++s.rows;
    }
  }
  return s;
}

uint64_t Get(const Scanned& s, Stat st) {
  return s.stats.Get(st);
}

class DirectReadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = Database::Open(dir_.db(), Options());
    small_ = &MakePadded(*db_, "SMALL", 40);      // 3 blocks
    medium_ = &MakePadded(*db_, "MEDIUM", 300);   // ~16 blocks: above STT, below 5 x STT
    cached_ = &MakePadded(*db_, "CACHED", 1100);  // ~60 blocks
    big_ = &MakePadded(*db_, "BIG", 11000);       // ~600 blocks, twice the cache
    ASSERT_LE(small_->hwm_blocks, 5u);
    ASSERT_GT(medium_->hwm_blocks, 5u);
    ASSERT_LE(medium_->hwm_blocks, 25u);
    ASSERT_GT(cached_->hwm_blocks, 25u);
    ASSERT_LT(cached_->hwm_blocks, 128u);
    ASSERT_GT(big_->hwm_blocks, 2 * kCacheBytes / kBlockSize);
  }
  //! Nothing dirty, nothing cached.
  void Quiet() {
    db_->Checkpoint();
    db_->FlushBufferCache();
  }

  testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  const TableInfo *small_ = nullptr, *medium_ = nullptr, *cached_ = nullptr, *big_ = nullptr;
};

TEST_F(DirectReadTest, ShortTableIsBuffered) {
  Quiet();
  Scanned s = Scan(*db_, "SMALL", SerialDirectRead::kAuto);
  EXPECT_EQ(s.rows, 40u);
  EXPECT_FALSE(s.access.direct);
  EXPECT_EQ(Get(s, Stat::kTableScansShortTables), 1u);
  EXPECT_EQ(Get(s, Stat::kTableScansLongTables), 0u);
  EXPECT_EQ(Get(s, Stat::kTableScansDirectRead), 0u);
  EXPECT_EQ(Get(s, Stat::kPhysicalReadsDirect), 0u);
  EXPECT_EQ(Get(s, Stat::kPhysicalReadsCache), small_->hwm_blocks);
  EXPECT_NE(s.access.reason.find("<= _small_table_threshold 5"), std::string::npos)
      << s.access.reason;
}

TEST_F(DirectReadTest, MediumTableIsBufferedAndCountedShort) {
  Quiet();
  Scanned s = Scan(*db_, "MEDIUM", SerialDirectRead::kAuto);
  EXPECT_EQ(s.rows, 300u);
  EXPECT_FALSE(s.access.direct);
  EXPECT_EQ(Get(s, Stat::kTableScansShortTables), 1u);
  EXPECT_EQ(Get(s, Stat::kTableScansDirectRead), 0u);
  EXPECT_NE(s.access.reason.find("<= 5 x _small_table_threshold 5"), std::string::npos)
      << s.access.reason;
}

TEST_F(DirectReadTest, LongTableGoesDirectAndLeavesTheCacheAlone) {
  Quiet();
  Scanned s = Scan(*db_, "CACHED", SerialDirectRead::kAuto);
  EXPECT_EQ(s.rows, 1100u);
  EXPECT_TRUE(s.access.direct);
  EXPECT_EQ(Get(s, Stat::kTableScansDirectRead), 1u);
  EXPECT_EQ(Get(s, Stat::kTableScansLongTables), 1u);
  EXPECT_EQ(Get(s, Stat::kTableScansShortTables), 0u);
  EXPECT_EQ(Get(s, Stat::kPhysicalReadsDirect), cached_->hwm_blocks);
  EXPECT_EQ(Get(s, Stat::kPhysicalReadsCache), 0u);
  EXPECT_EQ(Get(s, Stat::kPhysicalReadBytes), cached_->hwm_blocks * kBlockSize);
  EXPECT_GE(Get(s, Stat::kPhysicalReadTotalMultiBlockRequests), 1u);
  EXPECT_EQ(Get(s, Stat::kConsistentGetsDirect), cached_->hwm_blocks);
  EXPECT_NE(s.access.reason.find("direct path read (segment"), std::string::npos)
      << s.access.reason;
  EXPECT_NE(s.access.reason.find("0% cached"), std::string::npos) << s.access.reason;
  // Blocks never entered the cache: a buffered scan now reads every one from disk.
  Scanned again = Scan(*db_, "CACHED", SerialDirectRead::kNever);
  EXPECT_EQ(again.id_sum, s.id_sum);
  EXPECT_EQ(Get(again, Stat::kPhysicalReadsCache), cached_->hwm_blocks);
}

TEST_F(DirectReadTest, LongTableMostlyCachedStaysBuffered) {
  Quiet();
  Scan(*db_, "CACHED", SerialDirectRead::kNever);  // brings it all into the cache
  Scanned s = Scan(*db_, "CACHED", SerialDirectRead::kAuto);
  EXPECT_FALSE(s.access.direct);
  EXPECT_EQ(Get(s, Stat::kTableScansLongTables), 1u);
  EXPECT_EQ(Get(s, Stat::kTableScansDirectRead), 0u);
  EXPECT_EQ(Get(s, Stat::kPhysicalReads), 0u);
  EXPECT_NE(s.access.reason.find("100% cached"), std::string::npos) << s.access.reason;
}

TEST_F(DirectReadTest, DirtyShareOverAQuarterStaysBuffered) {
  // Just loaded: the cache's 256 buffers hold BIG's last blocks, dirty (logged, not yet
  // checkpointed): under half of BIG cached, over a quarter dirty.
  Scanned s = Scan(*db_, "BIG", SerialDirectRead::kAuto);
  EXPECT_EQ(s.rows, 11000u);
  EXPECT_FALSE(s.access.direct) << s.access.reason;
  EXPECT_EQ(Get(s, Stat::kTableScansLongTables), 1u);
  EXPECT_EQ(Get(s, Stat::kTableScansDirectRead), 0u);
  EXPECT_NE(s.access.reason.find("% dirty"), std::string::npos) << s.access.reason;
  // After a checkpoint nothing is dirty: the same scan goes direct.
  db_->Checkpoint();
  Scanned d = Scan(*db_, "BIG", SerialDirectRead::kAuto);
  EXPECT_TRUE(d.access.direct) << d.access.reason;
  EXPECT_EQ(d.id_sum, s.id_sum);
}

TEST_F(DirectReadTest, SerialDirectReadOverridesTheRule) {
  Quiet();
  Scanned always = Scan(*db_, "SMALL", SerialDirectRead::kAlways);
  EXPECT_TRUE(always.access.direct);
  EXPECT_EQ(Get(always, Stat::kTableScansDirectRead), 1u);
  EXPECT_EQ(Get(always, Stat::kPhysicalReadsDirect), small_->hwm_blocks);
  EXPECT_NE(always.access.reason.find("_serial_direct_read = ALWAYS"), std::string::npos);
  Scanned never = Scan(*db_, "BIG", SerialDirectRead::kNever);
  EXPECT_FALSE(never.access.direct);
  EXPECT_EQ(Get(never, Stat::kTableScansDirectRead), 0u);
  EXPECT_EQ(Get(never, Stat::kTableScansLongTables), 1u);
  EXPECT_EQ(Get(never, Stat::kPhysicalReadsDirect), 0u);
  EXPECT_NE(never.access.reason.find("_serial_direct_read = NEVER"), std::string::npos);
  EXPECT_EQ(always.rows, 40u);
  EXPECT_EQ(never.rows, 11000u);
}

TEST_F(DirectReadTest, SizeComesFromStatisticsWhenStatisticsDriven) {
  Quiet();
  TableStats ts;
  ts.present = true;
  ts.num_rows = 40;
  ts.blocks = 3;  // stale: the table is far bigger now
  db_->SetTableStats(*big_, ts);
  Scanned by_stats = Scan(*db_, "BIG", SerialDirectRead::kAuto, true);
  EXPECT_FALSE(by_stats.access.direct);
  EXPECT_EQ(Get(by_stats, Stat::kTableScansShortTables), 1u);
  EXPECT_NE(by_stats.access.reason.find("BLOCKS 3"), std::string::npos) << by_stats.access.reason;
  db_->FlushBufferCache();
  Scanned by_segment = Scan(*db_, "BIG", SerialDirectRead::kAuto, false);
  EXPECT_TRUE(by_segment.access.direct) << by_segment.access.reason;
  EXPECT_EQ(by_segment.id_sum, by_stats.id_sum);
}

// A direct scan whose storage index leaves at most 5 x _small_table_threshold blocks reads
// them without O_DIRECT (through the OS page cache); it is still a direct read by every
// statistic, and a scan with nothing pruned keeps O_DIRECT.
TEST(DirectReadPruned, FewBlocksLeftAreReadThroughThePageCache) {
  testing::TempDir dir;
  DatabaseOptions o;
  o.cache_size_bytes = 12u << 20;  // 1,536 buffers: STT 30, 5 x STT 150 blocks (> a region)
  auto db = Database::Open(dir.db(), o);
  const TableInfo& big = MakePadded(*db, "BIG", 11000);  // ~600 blocks, ID ascending
  ASSERT_GT(big.hwm_blocks, 3 * kRegionBlocks);
  db->Checkpoint();
  db->FlushBufferCache();
  ScanAccess access;
  auto scan_ids = [&](std::vector<ScanPredicate> preds, SessionStats& st, std::string& reason) {
    ScanSpec spec;
    spec.table = &big;
    spec.column_ids = {0};
    spec.predicates = std::move(preds);
    auto scan = db->BeginScan(spec, st);
    DataChunk out;
    uint64_t n = 0;
    while (db->ScanNext(*scan, out, nullptr, st)) n += out.Count();
    access = scan->access();
    reason = access.reason;
    return n;
  };
  const ScanPredicate last{
      ScanPredicate::Kind::kCompare, 0, CompareOp::kGe, {Value::Integer(10990)}};
  SessionStats first;
  std::string reason;
  EXPECT_EQ(scan_ids({last}, first, reason), 10u);  // summarises every region
  EXPECT_EQ(reason.find("OS page cache"), std::string::npos) << reason;
  EXPECT_EQ(first.Get(Stat::kPhysicalReadsDirect), big.hwm_blocks);
  // Where the file system takes O_DIRECT (not every tmpfs does), the pruned scan leaves it.
  const bool o_direct = access.reader.find("O_DIRECT") != std::string::npos;

  SessionStats pruned;
  EXPECT_EQ(scan_ids({last}, pruned, reason), 10u);
  EXPECT_EQ(pruned.Get(Stat::kTableScansDirectRead), 1u);
  EXPECT_GT(pruned.Get(Stat::kCellPhysicalIoBytesSavedByStorageIndex), 0u);
  const uint64_t read = pruned.Get(Stat::kPhysicalReadsDirect);
  EXPECT_GT(read, 0u);
  EXPECT_LE(read, kRegionBlocks);
  EXPECT_NE(reason.find("direct path read"), std::string::npos) << reason;
  EXPECT_NE(reason.find(fmt::format("; {} of {} blocks to read (<= 150): OS page cache, not "
                                    "O_DIRECT",
                                    read, big.hwm_blocks)),
            std::string::npos)
      << reason;
  EXPECT_EQ(access.reader.find("O_DIRECT"), std::string::npos) << access.reader;

  SessionStats all;
  EXPECT_EQ(scan_ids({}, all, reason), 11000u);
  EXPECT_EQ(all.Get(Stat::kPhysicalReadsDirect), big.hwm_blocks);
  EXPECT_EQ(reason.find("OS page cache"), std::string::npos) << reason;
  EXPECT_EQ(access.reader.find("O_DIRECT") != std::string::npos, o_direct) << access.reader;
}

TEST_F(DirectReadTest, DirectScanSeesTheOpenTransactionsChanges) {
  Quiet();
  Scanned before = Scan(*db_, "CACHED", SerialDirectRead::kAlways);
  Transaction txn;
  SessionStats st;
  testing::InsertRows(*db_, *cached_, {{Value::Integer(100000), Value::Varchar("new")}}, txn, st);
  // The new row's block holds an uncommitted change: never written to the data file, read
  // from the cache; and evicted, from the log.
  Scanned with = Scan(*db_, "CACHED", SerialDirectRead::kAlways);
  EXPECT_TRUE(with.access.direct);
  EXPECT_EQ(with.rows, before.rows + 1);
  EXPECT_EQ(with.id_sum, before.id_sum + 100000);
  db_->FlushBufferCache();
  Scanned evicted = Scan(*db_, "CACHED", SerialDirectRead::kAlways);
  EXPECT_EQ(evicted.rows, before.rows + 1);
  db_->Rollback(txn, 0, st);
  Scanned after = Scan(*db_, "CACHED", SerialDirectRead::kAlways);
  EXPECT_EQ(after.rows, before.rows);
  EXPECT_EQ(after.id_sum, before.id_sum);
}

std::multiset<std::string> FastFullScanKeys(Database& db, const IndexInfo& ix, SessionStats& st,
                                            bool* direct) {
  auto scan = db.BeginIndexFastFullScan(ix, st);
  *direct = scan->access.direct;
  DataChunk keys;
  std::vector<RowId> rids;
  std::multiset<std::string> got;
  while (db.IndexScanNext(*scan, keys, rids, st)) {
    const auto rows = keys.ToRows();
    for (size_t i = 0; i < rids.size(); ++i) {
      got.insert(rows[i][0].ToString() + "/" + std::to_string(rids[i].Pack()));
    }
  }
  return got;
}

TEST_F(DirectReadTest, IndexFastFullScanDecidesTheSameWay) {
  SessionStats st;
  IndexInfo info;
  info.name = "BIG_ID";
  info.table_name = "BIG";
  info.columns = {0};
  const IndexInfo& ix = db_->CreateIndex(info, st);
  Quiet();
  ScanOptions o;
  o.serial_direct_read = SerialDirectRead::kNever;
  db_->SetScanOptions(o);
  SessionStats buffered_stats;
  bool direct = true;
  auto buffered = FastFullScanKeys(*db_, ix, buffered_stats, &direct);
  EXPECT_FALSE(direct);
  EXPECT_EQ(buffered_stats.Get(Stat::kIndexFastFullScansDirectRead), 0u);
  db_->FlushBufferCache();
  o.serial_direct_read = SerialDirectRead::kAuto;
  db_->SetScanOptions(o);
  SessionStats direct_stats;
  auto read_direct = FastFullScanKeys(*db_, ix, direct_stats, &direct);
  EXPECT_TRUE(direct);
  EXPECT_EQ(direct_stats.Get(Stat::kIndexFastFullScansDirectRead), 1u);
  EXPECT_GT(direct_stats.Get(Stat::kPhysicalReadsDirect), 0u);
  EXPECT_EQ(direct_stats.Get(Stat::kPhysicalReadsCache), 0u);
  EXPECT_EQ(buffered.size(), 11000u);
  EXPECT_EQ(read_direct, buffered);
}

TEST_F(DirectReadTest, DamagedBlockRaisesOra01578OnTheDirectPath) {
  Quiet();
  const uint32_t object_id = cached_->object_id;
  db_.reset();
  // Flip a byte inside a row of CACHED's tenth data block found in the file.
  const auto file = dir_.db() / "data01.dbf";
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  std::vector<char> block(kBlockSize);
  uint32_t hit = 0, seen = 0;
  for (uint32_t b = 0; f.read(block.data(), kBlockSize); ++b) {
    BlockHeader h;
    std::memcpy(&h, block.data(), sizeof h);
    if (h.type == BlockType::kHeapData && h.object_id == object_id && ++seen == 10) {
      hit = b;
      break;
    }
  }
  ASSERT_GT(hit, 0u);
  f.clear();
  f.seekp(static_cast<std::streamoff>(uint64_t{hit} * kBlockSize + kBlockSize - 100));
  f.put('#');
  f.close();
  db_ = Database::Open(dir_.db(), Options());
  try {
    Scan(*db_, "CACHED", SerialDirectRead::kAlways);
    FAIL() << "a direct scan of a damaged block succeeded";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 1578);
    EXPECT_NE(std::string(e.what()).find(fmt::format("block # {})", hit)), std::string::npos)
        << e.what();
  }
  // The other tables still read, direct too.
  EXPECT_EQ(Scan(*db_, "BIG", SerialDirectRead::kAlways).rows, 11000u);
}

TEST_F(DirectReadTest, FileEndingInsideTheSegmentRaisesOra01578) {
  Quiet();
  Scanned whole = Scan(*db_, "BIG", SerialDirectRead::kAlways);
  ASSERT_EQ(whole.rows, 11000u);
  // The data file loses its tail (a truncated copy): the direct reader's short read names the
  // first block it did not get, never a crash or a short answer.
  const auto file = dir_.db() / "data01.dbf";
  uint32_t last = 0;
  {
    std::ifstream in(file, std::ios::binary);
    std::vector<char> block(kBlockSize);
    for (uint32_t b = 0; in.read(block.data(), kBlockSize); ++b) {
      BlockHeader h;
      std::memcpy(&h, block.data(), sizeof h);
      if (h.type == BlockType::kHeapData && h.object_id == big_->object_id) last = b;
    }
  }
  ASSERT_GT(last, 20u);
  std::filesystem::resize_file(file, uint64_t{last - 10} * kBlockSize);
  db_->FlushBufferCache();
  EXPECT_EQ(testing::OraCode([&] { Scan(*db_, "BIG", SerialDirectRead::kAlways); }), 1578);
}

TEST_F(DirectReadTest, ObjectCheckpointNeverWritesUncommittedChanges) {
  Quiet();
  Scanned before = Scan(*db_, "CACHED", SerialDirectRead::kAlways);
  Transaction txn;
  SessionStats st;
  testing::InsertRows(*db_, *cached_, {{Value::Integer(100000), Value::Varchar("new")}}, txn, st);
  // Evicted (parked in the log as uncommitted), then read back into the cache by a buffered
  // scan: the buffer is dirty with changes the log holds but no commit covers.
  db_->FlushBufferCache();
  EXPECT_EQ(Scan(*db_, "CACHED", SerialDirectRead::kNever).rows, before.rows + 1);
  EXPECT_EQ(Scan(*db_, "CACHED", SerialDirectRead::kAlways).rows, before.rows + 1);
  // A crash now (the destructor does not checkpoint while a change is pending): recovery must
  // find no trace of the uncommitted row in the data file.
  db_.reset();
  db_ = Database::Open(dir_.db(), Options());
  Scanned after = Scan(*db_, "CACHED", SerialDirectRead::kNever);
  EXPECT_EQ(after.rows, before.rows);
  EXPECT_EQ(after.id_sum, before.id_sum);
  EXPECT_EQ(Scan(*db_, "CACHED", SerialDirectRead::kAlways).id_sum, before.id_sum);
}

TEST_F(DirectReadTest, CommittedChangesReachTheDirectReaderAndStayVisible) {
  Quiet();
  Scanned before = Scan(*db_, "CACHED", SerialDirectRead::kAlways);
  for (int round = 0; round < 3; ++round) {
    Transaction txn;
    SessionStats st;
    testing::InsertRows(*db_, *cached_, {{Value::Integer(200000 + round), Value::Varchar("c")}},
                        txn, st);
    db_->Commit(txn, st);
    if (round == 1) db_->FlushBufferCache();  // the committed image parks in the log
    // Direct (after the object checkpoint), then buffered: both see every committed row.
    EXPECT_EQ(Scan(*db_, "CACHED", SerialDirectRead::kAlways).rows, before.rows + round + 1);
    db_->FlushBufferCache();
    EXPECT_EQ(Scan(*db_, "CACHED", SerialDirectRead::kNever).rows, before.rows + round + 1);
  }
  db_.reset();
  db_ = Database::Open(dir_.db(), Options());
  EXPECT_EQ(Scan(*db_, "CACHED", SerialDirectRead::kNever).rows, before.rows + 3);
}

// db_big_table_cache_percent_target: a table above 5 x STT that fits the big table cache is
// read through the cache and keeps its blocks there; one that does not fit, an index, or the
// parameter at 0 leaves the rule as it was.
TEST(DirectReadDecision, BigTableCache) {
  DirectReadInputs in;
  in.small_table_threshold = 100;
  in.blocks = in.segment_blocks = 5000;
  EXPECT_TRUE(DecideDirectRead(in).direct);  // off: direct, nothing cached
  in.big_table_cache_blocks = 5000;
  in.big_table_cache_percent = 50;
  DirectReadDecision d = DecideDirectRead(in);
  EXPECT_FALSE(d.direct);
  EXPECT_TRUE(d.keep_cached);
  EXPECT_TRUE(d.long_table);
  EXPECT_FALSE(DirectReadNeedsCacheCounts(in));
  EXPECT_NE(d.reason.find("fits the big table cache: 5000 blocks"), std::string::npos) << d.reason;
  in.big_table_cache_blocks = 4999;  // one block too big: the usual rule
  d = DecideDirectRead(in);
  EXPECT_TRUE(d.direct);
  EXPECT_FALSE(d.keep_cached);
  EXPECT_TRUE(DirectReadNeedsCacheCounts(in));
  in.big_table_cache_blocks = 100000;
  in.mode = SerialDirectRead::kAlways;  // the session's override still wins
  EXPECT_TRUE(DecideDirectRead(in).direct);
  in.mode = SerialDirectRead::kAuto;
  in.blocks = in.segment_blocks = 50;  // short tables are unaffected
  EXPECT_FALSE(DecideDirectRead(in).keep_cached);
}

TEST(DirectReadDecision, EveryBranch) {
  DirectReadInputs in;
  in.small_table_threshold = 100;
  in.blocks = in.segment_blocks = 100;
  EXPECT_FALSE(DecideDirectRead(in).direct);
  EXPECT_FALSE(DecideDirectRead(in).long_table);
  in.blocks = in.segment_blocks = 500;  // medium: 5 x STT is still buffered
  EXPECT_FALSE(DecideDirectRead(in).direct);
  EXPECT_FALSE(DecideDirectRead(in).long_table);
  EXPECT_FALSE(DirectReadNeedsCacheCounts(in));
  in.blocks = in.segment_blocks = 501;
  EXPECT_TRUE(DirectReadNeedsCacheCounts(in));
  EXPECT_TRUE(DecideDirectRead(in).direct);
  EXPECT_TRUE(DecideDirectRead(in).long_table);
  in.cached = 250;  // 49%
  EXPECT_TRUE(DecideDirectRead(in).direct);
  in.cached = 251;  // 50%
  EXPECT_FALSE(DecideDirectRead(in).direct);
  EXPECT_TRUE(DecideDirectRead(in).long_table);
  in.cached = 200;
  in.dirty = 125;  // 24%
  EXPECT_TRUE(DecideDirectRead(in).direct);
  in.dirty = 126;  // 25%
  EXPECT_FALSE(DecideDirectRead(in).direct);
  in.mode = SerialDirectRead::kAlways;
  EXPECT_TRUE(DecideDirectRead(in).direct);
  in.blocks = 1;
  EXPECT_TRUE(DecideDirectRead(in).direct);
  in.mode = SerialDirectRead::kNever;
  in.blocks = 100000;
  in.cached = in.dirty = 0;
  EXPECT_FALSE(DecideDirectRead(in).direct);
  in.mode = SerialDirectRead::kAlways;
  in.under_dml = true;
  EXPECT_FALSE(DecideDirectRead(in).direct);
}

}  // namespace
}  // namespace pathdb::storage
