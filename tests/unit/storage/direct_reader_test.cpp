// The direct path reader on its own: both engines (io_uring, thread pool), with and without
// O_DIRECT, deliver every requested block in request order; in-flight requests grow while the
// consumer waits; a read past the end of the file raises ORA-01578; a file system without
// O_DIRECT is noted and read anyway; a reader destroyed mid-scan waits for its requests.
#include "storage/direct_reader.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <thread>

#include "storage/block.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

constexpr uint32_t kBlocks = 600;

//! Every 8-byte word of block b holds b * 1000003 + word index.
uint64_t Word(uint32_t block, size_t i) {
  return uint64_t{block} * 1000003 + i;
}

void WriteFile(const std::filesystem::path& path, uint32_t blocks) {
  std::ofstream out(path, std::ios::binary);
  std::vector<uint64_t> buf(kBlockSize / 8);
  for (uint32_t b = 0; b < blocks; ++b) {
    for (size_t i = 0; i < buf.size(); ++i) buf[i] = Word(b, i);
    out.write(reinterpret_cast<const char*>(buf.data()), kBlockSize);
  }
}

bool BlockIsRight(const std::byte* data, uint32_t block) {
  for (size_t i = 0; i < kBlockSize / 8; i += 97) {
    uint64_t w;
    std::memcpy(&w, data + i * 8, 8);
    if (w != Word(block, i)) return false;
  }
  return true;
}

//! Requests `reqs` in order; returns the blocks delivered (checking their contents).
std::vector<uint32_t> ReadAll(const std::filesystem::path& file, DirectReadOptions o,
                              std::vector<DirectReadRequest> reqs, DirectReadCounters* counters,
                              bool slow_consumer = false) {
  size_t i = 0;
  DirectReader r(file, o, [&](DirectReadRequest& req) {
    if (i >= reqs.size()) return false;
    req = reqs[i++];
    return true;
  });
  std::vector<uint32_t> got;
  DirectReader::Completed c;
  while (r.Next(c)) {
    for (uint32_t k = 0; k < c.count; ++k) {
      EXPECT_TRUE(BlockIsRight(c.data + size_t{k} * kBlockSize, c.block + k)) << c.block + k;
      got.push_back(c.block + k);
    }
    if (slow_consumer) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  if (counters != nullptr) *counters = r.counters();
  return got;
}

//! Starts a scan of the whole file in 128-block requests, checks the first one and drops the
//! reader with the others still in flight.
void ReadFirstAndDrop(const std::filesystem::path& file, const DirectReadOptions& o) {
  uint32_t b = 0;
  DirectReader r(file, o, [&](DirectReadRequest& req) {
    if (b + 128 > kBlocks) return false;
    req = {b, 128};
    b += 128;
    return true;
  });
  DirectReader::Completed c;
  ASSERT_TRUE(r.Next(c));
  EXPECT_TRUE(BlockIsRight(c.data, 0));
}

struct Engine {
  bool async, o_direct;
};

class DirectReaderTest : public ::testing::TestWithParam<Engine> {
 protected:
  void SetUp() override {
    file_ = dir_.db().parent_path() / "reader.dat";
    std::filesystem::create_directories(file_.parent_path());
    WriteFile(file_, kBlocks);
  }
  DirectReadOptions Options() const {
    DirectReadOptions o;
    o.async = GetParam().async;
    o.o_direct = GetParam().o_direct;
    return o;
  }
  testing::TempDir dir_;
  std::filesystem::path file_;
};

TEST_P(DirectReaderTest, DeliversEveryBlockInRequestOrder) {
  std::vector<DirectReadRequest> reqs = {{0, 128}, {300, 1},  {128, 128}, {5, 3},
                                         {599, 1}, {256, 44}, {400, 128}, {1, 1}};
  std::vector<uint32_t> want;
  for (const auto& r : reqs) {
    for (uint32_t k = 0; k < r.count; ++k) want.push_back(r.block + k);
  }
  DirectReadCounters c;
  EXPECT_EQ(ReadAll(file_, Options(), reqs, &c), want);
  EXPECT_EQ(c.requests, reqs.size());
  EXPECT_EQ(c.blocks, want.size());
  EXPECT_GE(c.peak_in_flight, 2u);
}

TEST_P(DirectReaderTest, InFlightGrowsWhileTheConsumerWaits) {
  std::vector<DirectReadRequest> reqs;
  for (uint32_t b = 0; b + 4 <= kBlocks; b += 4) reqs.push_back({b, 4});
  DirectReadCounters c;
  EXPECT_EQ(ReadAll(file_, Options(), reqs, &c).size(), reqs.size() * 4);
  EXPECT_LE(c.peak_in_flight, Options().max_in_flight);
  // A wait raises the limit by one (up to the maximum), starting from two. Reads the OS
  // page cache can serve may complete before the consumer ever waits.
  if (c.waits > 0) {
    EXPECT_GE(c.peak_in_flight, 3u);
  } else {
    EXPECT_EQ(c.peak_in_flight, 2u);
  }
}

TEST_P(DirectReaderTest, ReadPastTheEndRaisesOra01578) {
  std::vector<DirectReadRequest> reqs = {{0, 8}, {kBlocks - 4, 8}};
  try {
    ReadAll(file_, Options(), reqs, nullptr);
    FAIL() << "a read past the end of the file succeeded";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 1578);
    EXPECT_NE(std::string(e.what()).find(fmt::format("block # {})", kBlocks)), std::string::npos)
        << e.what();
  }
}

TEST_P(DirectReaderTest, NoRequestsMeansDoneAtOnce) {
  DirectReadCounters c;
  EXPECT_TRUE(ReadAll(file_, Options(), {}, &c).empty());
  EXPECT_EQ(c.requests, 0u);
}

TEST_P(DirectReaderTest, DestroyedMidScanWaitsForItsRequests) {
  // The reader goes with requests in flight (ASan would see a write into freed memory).
  for (int round = 0; round < 20; ++round) ReadFirstAndDrop(file_, Options());
}

TEST_P(DirectReaderTest, PooledReadersReuseRingsAndBuffersAndReadRight) {
  DirectReadPool pool;
  DirectReadOptions o = Options();
  o.pool = &pool;
  std::vector<DirectReadRequest> reqs = {{0, 128}, {300, 1}, {128, 128}, {5, 3}, {400, 128}};
  std::vector<uint32_t> want;
  for (const auto& r : reqs) {
    for (uint32_t k = 0; k < r.count; ++k) want.push_back(r.block + k);
  }
  EXPECT_EQ(ReadAll(file_, o, reqs, nullptr), want);
  const bool uring = DirectReader(file_, Options(), [](DirectReadRequest&) {
                       return false;
                     }).engine() == std::string("io_uring");
  EXPECT_EQ(pool.idle_rings(), uring ? 1u : 0u);
  const size_t buffers = pool.idle_buffers();
  EXPECT_GE(buffers, 2u);
  // Readers in turn -- one ending mid-scan, one failing past the end of the file -- leave
  // nothing behind that a later reader of the same ring or buffers could mistake for its own.
  for (int round = 0; round < 10; ++round) {
    ReadFirstAndDrop(file_, o);
    EXPECT_THROW(ReadAll(file_, o, {{0, 8}, {kBlocks - 4, 8}}, nullptr), OraError);
    EXPECT_EQ(ReadAll(file_, o, reqs, nullptr), want);
    EXPECT_LE(pool.idle_rings(), 1u);
  }
  EXPECT_EQ(pool.idle_rings(), uring ? 1u : 0u);
  EXPECT_LE(pool.idle_buffers(), 18u);
}

TEST_P(DirectReaderTest, EngineIsTheOneAskedForOrSaysWhy) {
  DirectReader r(file_, Options(), [](DirectReadRequest&) { return false; });
  if (GetParam().async && std::string(r.engine()) != "io_uring") {
    EXPECT_NE(r.notes().find("io_uring"), std::string::npos) << r.notes();
  }
  if (!GetParam().async) {
    EXPECT_STREQ(r.engine(), "threads");
  }
  if (!GetParam().o_direct) {
    EXPECT_FALSE(r.o_direct());
  } else if (!r.o_direct()) {
    EXPECT_NE(r.notes().find("O_DIRECT"), std::string::npos);
  }
}

TEST_P(DirectReaderTest, ReadThroughThePageCacheBeforeTheFirstRequest) {
  std::vector<DirectReadRequest> reqs = {{0, 128}, {200, 7}};
  size_t i = 0;
  DirectReader r(file_, Options(), [&](DirectReadRequest& req) {
    if (i == reqs.size()) return false;
    req = reqs[i++];
    return true;
  });
  r.ReadThroughPageCache();
  EXPECT_FALSE(r.o_direct());
  DirectReader::Completed c;
  for (const DirectReadRequest& want : reqs) {
    ASSERT_TRUE(r.Next(c));
    EXPECT_EQ(c.block, want.block);
    for (uint32_t k = 0; k < c.count; ++k) {
      EXPECT_TRUE(BlockIsRight(c.data + size_t{k} * kBlockSize, c.block + k));
    }
  }
  EXPECT_FALSE(r.Next(c));
}

INSTANTIATE_TEST_SUITE_P(Engines, DirectReaderTest,
                         ::testing::Values(Engine{true, true}, Engine{true, false},
                                           Engine{false, true}, Engine{false, false}),
                         [](const ::testing::TestParamInfo<Engine>& i) {
                           return std::string(i.param.async ? "IoUring" : "Threads") +
                                  (i.param.o_direct ? "Direct" : "Buffered");
                         });

// tmpfs refused O_DIRECT before Linux 6.6; where it still does, the reader must say so.
TEST(DirectReader, TmpfsIsReadWithOrWithoutODirect) {
  const std::filesystem::path shm = "/dev/shm";
  if (!std::filesystem::is_directory(shm)) GTEST_SKIP() << "no /dev/shm (tmpfs) here";
  const auto file = shm / fmt::format("pathdb_reader_{}.dat", ::getpid());
  WriteFile(file, 16);
  DirectReadOptions o;
  o.o_direct = true;
  std::vector<DirectReadRequest> reqs = {{0, 16}};
  size_t i = 0;
  {
    DirectReader r(file, o, [&](DirectReadRequest& req) {
      if (i >= reqs.size()) return false;
      req = reqs[i++];
      return true;
    });
    DirectReader::Completed c;
    ASSERT_TRUE(r.Next(c));
    EXPECT_TRUE(BlockIsRight(c.data + 15 * kBlockSize, 15));
    if (!r.o_direct()) {
      EXPECT_NE(r.notes().find("O_DIRECT"), std::string::npos) << r.notes();
    }
  }
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace pathdb::storage
