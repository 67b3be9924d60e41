// Buffer cache over a raw file: touch-count replacement at work (a long scan cannot flush the
// hot set; the clock, or untouched blocks, show the opposite), the I/O statistics, prefetches,
// checksums, and the redo-sink rules the redo log relies on. The policies on their own:
// replacer_test.cpp.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "common/error.h"
#include "storage/block.h"
#include "storage/buffer_cache.h"
#include "storage/data_file.h"
#include "storage/replacer.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

using std::chrono::milliseconds;

// ---------------------------------------------------------------- the cache over a raw file

//! A data file of `blocks` formatted heap blocks with valid checksums.
class RawFile {
 public:
  explicit RawFile(uint32_t blocks) : file_(dir_.path() / "raw.dbf", true) {
    file_.Extend(blocks);
    std::vector<std::byte> b(kBlockSize);
    for (uint32_t i = 0; i < blocks; ++i) {
      FormatBlock(b.data(), BlockType::kHeapData, 7, i);
      b[kBlockHeaderSize] = static_cast<std::byte>(i & 0xff);
      StampChecksum(b.data());
      file_.Write(i, 1, b.data());
    }
  }
  DataFile& file() { return file_; }
  std::vector<std::byte> Read(uint32_t block) {
    std::vector<std::byte> b(kBlockSize);
    file_.Read(block, 1, b.data());
    return b;
  }

 private:
  testing::TempDir dir_;
  DataFile file_;
};

BufferCacheOptions SmallCache(ReplacerFactory replacer = {}) {
  BufferCacheOptions o;
  o.buffers = 64;
  o.multiblock_read_count = 8;
  o.aging_touch_time = milliseconds(0);
  o.replacer = std::move(replacer);
  return o;
}

//! Touches blocks [0, 4) three times, scans [100, 100 + 4 * 64) as a long table, and returns
//! the physical reads of touching [0, 4) again.
uint64_t HotBlocksReReadAfterLongScan(BufferCache& cache) {
  SessionStats st;
  for (int round = 0; round < 3; ++round) {
    for (uint32_t b = 0; b < 4; ++b) cache.Get(b, AccessMode::kConsistent, st);
  }
  const uint32_t scan_blocks = 4 * 64;
  for (uint32_t b = 100; b < 100 + scan_blocks; b += cache.MaxPrefetch()) {
    cache.Prefetch(b, cache.MaxPrefetch(), st, AccessType::kScan);
    for (uint32_t i = 0; i < cache.MaxPrefetch(); ++i) {
      cache.Get(b + i, AccessMode::kConsistent, st, AccessType::kScan);
    }
  }
  SessionStats after;
  for (uint32_t b = 0; b < 4; ++b) cache.Get(b, AccessMode::kConsistent, after);
  return after.Get(Stat::kPhysicalReads);
}

TEST(BufferCacheReplacement, TouchCountKeepsHotBlocksThroughLongScan) {
  RawFile raw(400);
  BufferCache cache(raw.file(), SmallCache());
  EXPECT_EQ(HotBlocksReReadAfterLongScan(cache), 0u);
}

TEST(BufferCacheReplacement, ClockLosesHotBlocksToLongScan) {
  RawFile raw(400);
  BufferCache cache(raw.file(), SmallCache(MakeClockReplacer));
  EXPECT_EQ(HotBlocksReReadAfterLongScan(cache), 4u);
}

TEST(BufferCacheStats, ReadsWritesPinsAndReReads) {
  RawFile raw(200);
  BufferCacheOptions o = SmallCache();
  o.buffers = 16;
  BufferCache cache(raw.file(), o);
  SessionStats st;
  cache.Prefetch(10, 4, st, AccessType::kShortScan);
  EXPECT_EQ(st.Get(Stat::kPhysicalReads), 4u);
  EXPECT_EQ(st.Get(Stat::kPhysicalReadsCache), 4u);
  EXPECT_EQ(st.Get(Stat::kPhysicalReadTotalMultiBlockRequests), 1u);
  EXPECT_EQ(st.Get(Stat::kSessionLogicalReads), 0u);  // a prefetch is not a visit
  {
    auto p = cache.Get(10, AccessMode::kConsistent, st);
    auto q = cache.Get(50, AccessMode::kCurrent, st);
    q.MarkDirty(1);
    cache.Repin(q, 50, AccessMode::kCurrent, st);  // same block: a pinned revisit
    cache.Repin(q, 51, AccessMode::kCurrent, st);  // another block: a current get
  }
  EXPECT_EQ(st.Get(Stat::kConsistentGets), 1u);
  EXPECT_EQ(st.Get(Stat::kDbBlockGets), 2u);
  EXPECT_EQ(st.Get(Stat::kSessionLogicalReads), 3u);
  EXPECT_EQ(st.Get(Stat::kBufferIsPinnedCount), 1u);
  EXPECT_EQ(st.Get(Stat::kPhysicalReads), 6u);
  EXPECT_EQ(st.Get(Stat::kPhysicalReadTotalMultiBlockRequests), 1u);  // single reads: none
  // Filling the cache evicts the dirty block 50: one write.
  for (uint32_t b = 100; b < 140; ++b) cache.Get(b, AccessMode::kConsistent, st);
  EXPECT_FALSE(cache.Contains(50));
  EXPECT_EQ(st.Get(Stat::kPhysicalWrites), 1u);
  EXPECT_EQ(st.Get(Stat::kPhysicalReReads), 0u);
  // Blocks read again from disk in the same statement are re-reads; a new statement resets.
  for (uint32_t b = 100; b < 104; ++b) cache.Get(b, AccessMode::kConsistent, st);
  EXPECT_EQ(st.Get(Stat::kPhysicalReReads), 4u);
  cache.BeginStatement();
  for (uint32_t b = 104; b < 108; ++b) cache.Get(b, AccessMode::kConsistent, st);
  EXPECT_EQ(st.Get(Stat::kPhysicalReReads), 4u);
  // A checkpoint writes the dirty blocks.
  cache.Get(60, AccessMode::kCurrent, st).MarkDirty(2);
  cache.Get(61, AccessMode::kCurrent, st).MarkDirty(2);
  uint64_t w = st.Get(Stat::kPhysicalWrites);
  cache.FlushDirty(st);
  EXPECT_EQ(st.Get(Stat::kPhysicalWrites), w + 2);
}

TEST(BufferCacheStats, BuffersAreTakenInUseOnlyWhenNeeded) {
  // A big cache whose session reads a few blocks keeps the rest of its buffers untouched: no
  // bookkeeping for them, no memory (the start of every process paid for 32,768 of them).
  RawFile raw(64);
  BufferCacheOptions o = SmallCache();
  o.buffers = 32768;
  BufferCache cache(raw.file(), o);
  SessionStats st;
  EXPECT_EQ(cache.Capacity(), 32768u);
  EXPECT_EQ(cache.BuffersUsed(), 0u);
  for (uint32_t b : {5u, 9u, 5u, 12u}) cache.Get(b, AccessMode::kConsistent, st);
  EXPECT_EQ(cache.BuffersUsed(), 3u);
  cache.Prefetch(20, 8, st, AccessType::kShortScan);
  EXPECT_EQ(cache.BuffersUsed(), 11u);
  EXPECT_EQ(st.Get(Stat::kPhysicalReads), 11u);
  // Emptied buffers are reused before a never-used one is taken.
  cache.Discard(20, 8);
  cache.Get(40, AccessMode::kConsistent, st);
  EXPECT_EQ(cache.BuffersUsed(), 11u);
  EXPECT_EQ(raw.Read(40),
            std::vector<std::byte>(cache.Get(40, AccessMode::kConsistent, st).data(),
                                   cache.Get(40, AccessMode::kConsistent, st).data() + kBlockSize));
}

TEST(BufferCacheStats, AFullCacheEvictsOnlyOnceEveryBufferIsUsed) {
  RawFile raw(64);
  for (bool clock : {false, true}) {
    BufferCacheOptions o =
        SmallCache(clock ? ReplacerFactory(MakeClockReplacer) : ReplacerFactory());
    o.buffers = 16;
    BufferCache cache(raw.file(), o);
    SessionStats st;
    for (uint32_t b = 0; b < 16; ++b) cache.Get(b, AccessMode::kConsistent, st);
    EXPECT_EQ(cache.BuffersUsed(), 16u);
    for (uint32_t b = 0; b < 16; ++b) EXPECT_TRUE(cache.Contains(b)) << b;
    // The 17th block takes a victim; every block still reads back as the file holds it.
    cache.Get(16, AccessMode::kConsistent, st);
    EXPECT_EQ(cache.BuffersUsed(), 16u);
    uint32_t cached = 0;
    for (uint32_t b = 0; b <= 16; ++b) cached += cache.Contains(b);
    EXPECT_EQ(cached, 16u);
    for (uint32_t b = 0; b < 48; ++b) {
      auto pin = cache.Get(b, AccessMode::kConsistent, st);
      EXPECT_EQ(raw.Read(b), std::vector<std::byte>(pin.data(), pin.data() + kBlockSize)) << b;
    }
    EXPECT_EQ(cache.BuffersUsed(), 16u);
  }
}

TEST(BufferCacheChecksums, VerifyCanBeSwitchedOff) {
  RawFile raw(20);
  {
    std::vector<std::byte> b = raw.Read(5);
    b[kBlockSize - 1] ^= std::byte{0x5a};
    raw.file().Write(5, 1, b.data());
  }
  BufferCache cache(raw.file(), SmallCache());
  SessionStats st;
  try {
    cache.Get(5, AccessMode::kConsistent, st);
    FAIL() << "corrupt block read without error";
  } catch (const OraError& e) {
    EXPECT_NE(std::string(e.what()).find("ORA-01578"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("block # 5)"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(cache.Contains(5));
  cache.SetVerifyChecksums(false);
  EXPECT_TRUE(cache.Get(5, AccessMode::kConsistent, st));
}

// Batched ROWID access reads a batch's table blocks together (DataFile::ReadBlocks, several in
// flight): any order, duplicates and cached blocks left out, each block's own bytes in its own
// frame, counted as single-block reads, and the following Gets are hits.
TEST(BufferCacheStats, PrefetchBlocksReadsScatteredBlocksOnce) {
  RawFile raw(300);
  BufferCache cache(raw.file(), SmallCache());
  SessionStats st;
  cache.Get(40, AccessMode::kConsistent, st);  // cached already
  const uint64_t before = st.Get(Stat::kPhysicalReads);
  const std::vector<uint32_t> blocks = {250, 3, 40, 117, 3, 299, 64, 250, 8};
  cache.PrefetchBlocks(blocks, st, AccessType::kNormal);
  EXPECT_EQ(st.Get(Stat::kPhysicalReads), before + 6);  // 3 8 64 117 250 299
  EXPECT_EQ(st.Get(Stat::kPhysicalReadTotalMultiBlockRequests), 0u);
  const uint64_t logical = st.Get(Stat::kSessionLogicalReads);
  for (uint32_t b : blocks) {
    auto pin = cache.Get(b, AccessMode::kConsistent, st);
    EXPECT_EQ(pin.data()[kBlockHeaderSize], static_cast<std::byte>(b & 0xff)) << b;
    EXPECT_EQ(ReadHeader(pin.data()).block_no, b);
  }
  EXPECT_EQ(st.Get(Stat::kPhysicalReads), before + 6) << "a prefetched block was read again";
  EXPECT_EQ(st.Get(Stat::kSessionLogicalReads), logical + blocks.size());
  // No more than MaxPrefetch() blocks per call: the cache is never flooded.
  std::vector<uint32_t> many;
  for (uint32_t b = 120; b < 200; ++b) many.push_back(b);
  const uint64_t r = st.Get(Stat::kPhysicalReads);
  cache.PrefetchBlocks(many, st, AccessType::kNormal);
  EXPECT_EQ(st.Get(Stat::kPhysicalReads), r + cache.MaxPrefetch());
}

TEST(BufferCacheChecksums, PrefetchBlocksRefusesACorruptBlockAndPastTheEnd) {
  RawFile raw(40);
  {
    std::vector<std::byte> b = raw.Read(17);
    b[3000] ^= std::byte{0x01};
    raw.file().Write(17, 1, b.data());
  }
  BufferCache cache(raw.file(), SmallCache());
  SessionStats st;
  const std::vector<uint32_t> blocks = {2, 17, 30};
  try {
    cache.PrefetchBlocks(blocks, st, AccessType::kNormal);
    FAIL() << "corrupt block prefetched without error";
  } catch (const OraError& e) {
    EXPECT_NE(std::string(e.what()).find("ORA-01578"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("block # 17)"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(cache.Contains(17));
  EXPECT_FALSE(cache.Contains(30));  // frames after the bad one were released too
  EXPECT_TRUE(cache.Get(30, AccessMode::kConsistent, st));  // and still readable
  const std::vector<uint32_t> past = {5, 41};               // block 41 lies past the file's end
  try {
    cache.PrefetchBlocks(past, st, AccessType::kNormal);
    FAIL() << "read past the end without error";
  } catch (const OraError& e) {
    EXPECT_NE(std::string(e.what()).find("block # 41)"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(cache.Contains(41));
}

// ---------------------------------------------------------------- redo sink rules

class FakeSink final : public RedoSink {
 public:
  struct Eviction {
    uint32_t block;
    bool unlogged;
    bool checksum_ok;
  };
  std::vector<Eviction> evictions;
  std::map<uint32_t, std::vector<std::byte>> images;  //!< blocks the sink holds
  std::vector<uint32_t> forgotten;
  int image_reads = 0;

  void Evict(uint32_t block_no, const std::byte* data, bool unlogged) override {
    evictions.push_back({block_no, unlogged, VerifyBlock(data, block_no)});
  }
  bool Holds(uint32_t block_no) const override { return images.count(block_no) != 0; }
  void ReadImage(uint32_t block_no, std::byte* out) override {
    ++image_reads;
    const auto& img = images.at(block_no);
    std::copy(img.begin(), img.end(), out);
  }
  void Forget(uint32_t block_no) override { forgotten.push_back(block_no); }
};

//! Fills a 16-buffer cache with other blocks so every earlier unpinned block is evicted.
void Churn(BufferCache& cache, SessionStats& st, uint32_t from) {
  for (uint32_t b = from; b < from + 40; ++b) cache.Get(b, AccessMode::kConsistent, st);
}

BufferCacheOptions Tiny() {
  BufferCacheOptions o = SmallCache();
  o.buffers = 16;
  return o;
}

TEST(BufferCacheRedoSink, DirtyEvictionGoesToTheSinkNotTheFile) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  SessionStats st;
  std::vector<std::byte> before = raw.Read(3);
  {
    auto p = cache.Get(3, AccessMode::kCurrent, st);
    p.data()[kBlockSize / 2] = std::byte{0x42};
    p.MarkDirty(9);
  }
  Churn(cache, st, 100);
  ASSERT_EQ(sink.evictions.size(), 1u);
  EXPECT_EQ(sink.evictions[0].block, 3u);
  EXPECT_TRUE(sink.evictions[0].unlogged);
  EXPECT_TRUE(sink.evictions[0].checksum_ok);  // stamped before the hand-over
  EXPECT_EQ(raw.Read(3), before);              // the data file was not written
  EXPECT_EQ(st.Get(Stat::kPhysicalWrites), 0u);
}

TEST(BufferCacheRedoSink, LogUnloggedClearsOnlyTheUnloggedFlag) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  SessionStats st;
  cache.Get(4, AccessMode::kCurrent, st).MarkDirty(1);
  cache.Get(2, AccessMode::kCurrent, st).MarkDirty(1);
  cache.Get(6, AccessMode::kConsistent, st);  // clean: never logged
  EXPECT_TRUE(cache.HasUnlogged());
  std::vector<uint32_t> logged;
  cache.LogUnlogged([&](uint32_t b, const std::byte* data) {
    EXPECT_TRUE(VerifyBlock(data, b));
    logged.push_back(b);
  });
  EXPECT_EQ(logged, (std::vector<uint32_t>{2, 4}));
  EXPECT_FALSE(cache.HasUnlogged());
  logged.clear();
  cache.LogUnlogged([&](uint32_t b, const std::byte*) { logged.push_back(b); });
  EXPECT_TRUE(logged.empty());
  // Still dirty: eviction hands them to the sink, now as logged.
  Churn(cache, st, 100);
  ASSERT_EQ(sink.evictions.size(), 2u);
  for (const auto& e : sink.evictions) EXPECT_FALSE(e.unlogged);
}

TEST(BufferCacheRedoSink, MissOnHeldBlockReadsTheSinkImage) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  std::vector<std::byte> img(kBlockSize);
  FormatBlock(img.data(), BlockType::kHeapData, 7, 8);
  img[kBlockHeaderSize] = std::byte{0x77};
  StampChecksum(img.data());
  sink.images[8] = img;
  SessionStats st;
  {
    auto p = cache.Get(8, AccessMode::kConsistent, st);
    EXPECT_EQ(p.data()[kBlockHeaderSize], std::byte{0x77});
  }
  EXPECT_EQ(sink.image_reads, 1);
  // The frame is dirty but logged: eviction gives it back to the sink with unlogged=false.
  std::vector<uint32_t> logged;
  cache.LogUnlogged([&](uint32_t b, const std::byte*) { logged.push_back(b); });
  EXPECT_TRUE(logged.empty());
  Churn(cache, st, 100);
  ASSERT_EQ(sink.evictions.size(), 1u);
  EXPECT_EQ(sink.evictions[0].block, 8u);
  EXPECT_FALSE(sink.evictions[0].unlogged);
}

TEST(BufferCacheRedoSink, PrefetchLeavesHeldBlocksUncached) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  std::vector<std::byte> img(kBlockSize);
  FormatBlock(img.data(), BlockType::kHeapData, 7, 22);
  StampChecksum(img.data());
  sink.images[22] = img;
  SessionStats st;
  cache.Prefetch(20, 4, st, AccessType::kScan);
  EXPECT_TRUE(cache.Contains(20));
  EXPECT_TRUE(cache.Contains(21));
  EXPECT_FALSE(cache.Contains(22));
  EXPECT_TRUE(cache.Contains(23));
  EXPECT_EQ(sink.image_reads, 0);
  cache.Get(22, AccessMode::kConsistent, st);
  EXPECT_EQ(sink.image_reads, 1);
}

TEST(BufferCacheRedoSink, CheckpointWritesTheFileAndClearsBothFlags) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  SessionStats st;
  {
    auto p = cache.Get(5, AccessMode::kCurrent, st);
    p.data()[100] = std::byte{0x11};
    p.MarkDirty(3);
  }
  cache.FlushDirty(st);
  EXPECT_EQ(st.Get(Stat::kPhysicalWrites), 1u);
  EXPECT_EQ(raw.Read(5)[100], std::byte{0x11});
  EXPECT_FALSE(cache.HasUnlogged());
  cache.DropAll(st);  // nothing dirty any more: nothing for the sink
  EXPECT_TRUE(sink.evictions.empty());
  EXPECT_FALSE(cache.Contains(5));
}

TEST(BufferCacheRedoSink, DropAllHandsDirtyBuffersToTheSink) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  SessionStats st;
  std::vector<std::byte> before = raw.Read(7);
  cache.Get(7, AccessMode::kCurrent, st).MarkDirty(1);
  cache.Get(9, AccessMode::kConsistent, st);
  cache.DropAll(st);
  ASSERT_EQ(sink.evictions.size(), 1u);
  EXPECT_EQ(sink.evictions[0].block, 7u);
  EXPECT_TRUE(sink.evictions[0].unlogged);
  EXPECT_EQ(raw.Read(7), before);
  EXPECT_FALSE(cache.Contains(7));
  EXPECT_FALSE(cache.Contains(9));
}

TEST(BufferCacheRedoSink, DiscardMakesTheSinkForget) {
  RawFile raw(200);
  BufferCache cache(raw.file(), Tiny());
  FakeSink sink;
  cache.SetRedoSink(&sink);
  SessionStats st;
  cache.Get(31, AccessMode::kCurrent, st).MarkDirty(1);
  cache.Discard(30, 3);
  EXPECT_EQ(sink.forgotten, (std::vector<uint32_t>{30, 31, 32}));
  EXPECT_FALSE(cache.Contains(31));
  EXPECT_FALSE(cache.HasUnlogged());
  EXPECT_TRUE(sink.evictions.empty());
}

// ---------------------------------------------------------------- through the database

constexpr size_t kCacheBytes = 2 << 20;  // 256 buffers; 2% = 5 blocks

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

DatabaseOptions CacheDbOptions() {
  DatabaseOptions o;
  o.cache_size_bytes = kCacheBytes;
  o.aging_touch_time_ms = 0;
  // These tests are about the buffer cache: full scans read through it, whatever their size
  // (the direct path decision has its own tests, direct_read_test.cpp).
  o.scan.serial_direct_read = SerialDirectRead::kNever;
  return o;
}

//! SMALL: 3 blocks. BIG: over 4x the cache.
void BuildSmallAndBig(const std::filesystem::path& dir) {
  auto db = Database::Open(dir, CacheDbOptions());
  const TableInfo& small = MakePadded(*db, "SMALL", 50);
  const TableInfo& big = MakePadded(*db, "BIG", 22000);
  ASSERT_LE(small.hwm_blocks, 4u);
  ASSERT_GT(big.hwm_blocks, 4 * kCacheBytes / kBlockSize);
}

uint64_t ScanCount(Database& db, const char* name, SessionStats& st) {
  return testing::ScanAll(db, *db.FindTable(name), st).size();
}

//! Physical reads of re-reading SMALL after scanning it `small_scans` times and then BIG once.
uint64_t SmallReReadsAfterBigScan(const std::filesystem::path& dir, int small_scans,
                                  size_t small_table_threshold) {
  DatabaseOptions o = CacheDbOptions();
  o.small_table_threshold = small_table_threshold;
  auto db = Database::Open(dir, o);
  SessionStats st;
  for (int i = 0; i < small_scans; ++i) EXPECT_EQ(ScanCount(*db, "SMALL", st), 50u);
  EXPECT_EQ(ScanCount(*db, "BIG", st), 22000u);
  SessionStats again;
  EXPECT_EQ(ScanCount(*db, "SMALL", again), 50u);
  return again.Get(Stat::kPhysicalReads);
}

TEST(BufferCacheDatabase, LongScanDoesNotFlushHotSmallTable) {
  testing::TempDir dir;
  BuildSmallAndBig(dir.db());
  // SMALL touched (three scans, aging interval 0), then a long-table scan of 4x the cache.
  EXPECT_EQ(SmallReReadsAfterBigScan(dir.db(), 3, 0), 0u);
  // The long scan's blocks enter at the cold end and recycle each other, so even a table read
  // only once survives it (a midpoint flood would push it out: see the next test).
  EXPECT_EQ(SmallReReadsAfterBigScan(dir.db(), 1, 0), 0u);
}

TEST(BufferCacheDatabase, MidpointFloodKeepsOnlyTouchedBlocks) {
  testing::TempDir dir;
  BuildSmallAndBig(dir.db());
  // A threshold above BIG's size makes its scan a short-table scan: its blocks enter at the
  // midpoint and push older ones to the cold end. Only touched blocks are saved from reuse.
  const size_t everything_short = 1'000'000;
  EXPECT_EQ(SmallReReadsAfterBigScan(dir.db(), 3, everything_short), 0u);
  EXPECT_GT(SmallReReadsAfterBigScan(dir.db(), 1, everything_short), 0u);
}

TEST(BufferCacheDatabase, ScanStatistics) {
  testing::TempDir dir;
  BuildSmallAndBig(dir.db());
  auto db = Database::Open(dir.db(), CacheDbOptions());
  const TableInfo& small = *db->FindTable("SMALL");
  const TableInfo& big = *db->FindTable("BIG");

  SessionStats s1;
  db->BeginStatement();
  EXPECT_EQ(ScanCount(*db, "SMALL", s1), 50u);
  EXPECT_EQ(s1.Get(Stat::kTableScansShortTables), 1u);
  EXPECT_EQ(s1.Get(Stat::kTableScansLongTables), 0u);
  EXPECT_EQ(s1.Get(Stat::kTableScanRowsGotten), 50u);
  EXPECT_EQ(s1.Get(Stat::kTableScanBlocksGotten), small.hwm_blocks);
  EXPECT_EQ(s1.Get(Stat::kPhysicalReads), small.hwm_blocks);  // cold cache after open
  EXPECT_EQ(s1.Get(Stat::kPhysicalReadsCache), small.hwm_blocks);
  EXPECT_EQ(s1.Get(Stat::kPhysicalReadTotalMultiBlockRequests), small.hwm_blocks > 1 ? 1u : 0u);
  EXPECT_EQ(s1.Get(Stat::kConsistentGets), small.hwm_blocks);
  EXPECT_EQ(s1.Get(Stat::kSessionLogicalReads),
            s1.Get(Stat::kConsistentGets) + s1.Get(Stat::kDbBlockGets));

  SessionStats s2;
  db->BeginStatement();
  EXPECT_EQ(ScanCount(*db, "BIG", s2), 22000u);
  EXPECT_EQ(s2.Get(Stat::kTableScansLongTables), 1u);
  EXPECT_EQ(s2.Get(Stat::kTableScansShortTables), 0u);
  EXPECT_EQ(s2.Get(Stat::kTableScanRowsGotten), 22000u);
  EXPECT_EQ(s2.Get(Stat::kTableScanBlocksGotten), big.hwm_blocks);
  EXPECT_EQ(s2.Get(Stat::kPhysicalReads), big.hwm_blocks);
  EXPECT_EQ(s2.Get(Stat::kPhysicalReReads), 0u);
  // Multiblock reads: at most one request per prefetch run, and well below one per block.
  EXPECT_GT(s2.Get(Stat::kPhysicalReadTotalMultiBlockRequests), big.hwm_blocks / 64);
  EXPECT_LT(s2.Get(Stat::kPhysicalReadTotalMultiBlockRequests), big.hwm_blocks / 8);
  EXPECT_GE(s2.Get(Stat::kConsistentGets), big.hwm_blocks);
  EXPECT_EQ(s2.Get(Stat::kSessionLogicalReads),
            s2.Get(Stat::kConsistentGets) + s2.Get(Stat::kDbBlockGets));

  // The same statement scanning BIG again reads its blocks from disk a second time: the
  // cache cannot hold more than its size of them, so the rest are re-reads.
  const uint64_t at_least = big.hwm_blocks - db->CacheBlocks();
  EXPECT_EQ(ScanCount(*db, "BIG", s2), 22000u);
  EXPECT_GE(s2.Get(Stat::kPhysicalReReads), at_least);
  EXPECT_EQ(s2.Get(Stat::kPhysicalReads), big.hwm_blocks + s2.Get(Stat::kPhysicalReReads));
  // A new statement starts with an empty set.
  SessionStats s3;
  db->BeginStatement();
  EXPECT_EQ(ScanCount(*db, "BIG", s3), 22000u);
  EXPECT_GE(s3.Get(Stat::kPhysicalReads), at_least);
  EXPECT_EQ(s3.Get(Stat::kPhysicalReReads), 0u);

  // SMALL stayed cached; ALTER SYSTEM FLUSH BUFFER_CACHE empties the cache.
  SessionStats s4;
  EXPECT_EQ(ScanCount(*db, "SMALL", s4), 50u);
  EXPECT_EQ(s4.Get(Stat::kPhysicalReads), 0u);
  db->FlushBufferCache();
  SessionStats s5;
  db->BeginStatement();
  EXPECT_EQ(ScanCount(*db, "SMALL", s5), 50u);
  EXPECT_EQ(s5.Get(Stat::kPhysicalReads), small.hwm_blocks);
  EXPECT_EQ(s5.Get(Stat::kPhysicalReReads), 0u);
}

TEST(BufferCacheDatabase, SmallTableThresholdDecidesShortOrLong) {
  testing::TempDir dir;
  BuildSmallAndBig(dir.db());
  auto db = Database::Open(dir.db(), CacheDbOptions());
  SessionStats st;
  db->SetSmallTableThreshold(1);  // SMALL (3 blocks) is now a long table
  ScanCount(*db, "SMALL", st);
  EXPECT_EQ(st.Get(Stat::kTableScansLongTables), 1u);
  db->SetSmallTableThreshold(0);  // back to 2% of the cache
  ScanCount(*db, "SMALL", st);
  EXPECT_EQ(st.Get(Stat::kTableScansShortTables), 1u);
}

}  // namespace
}  // namespace pathdb::storage
