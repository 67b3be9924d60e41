// Damaged files never crash the engine: random byte flips give ORA-01578 (checksums on) or,
// with checksums off, either a readable result or a clean OraError.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "common/error.h"
#include "storage/block.h"
#include "test_util.h"

namespace pathdb::storage {
namespace {

void FlipByte(const std::filesystem::path& file, uint64_t offset) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(static_cast<std::streamoff>(offset));
  char c = 0;
  f.get(c);
  f.seekp(static_cast<std::streamoff>(offset));
  f.put(static_cast<char>(c ^ 0x5a));
}

TEST(StorageCorruption, RandomFlipsNeverCrash) {
  testing::TempDir dir;
  DatabaseOptions o;
  o.cache_size_bytes = 1 << 20;
  {
    auto db = Database::Open(dir.db(), o);
    const TableInfo& t = db->CreateTable(testing::MakeTable("T", {{"ID", LogicalType::Integer()},
                                                                  {"S", LogicalType::Varchar(4000)},
                                                                  {"D", LogicalType::Double()}}));
    Transaction txn;
    SessionStats st;
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < 3000; ++i) {
      rows.push_back({Value::Integer(i), Value::Varchar(std::string(i % 50, 'x')),
                      i % 3 ? Value::Double(i * 0.5) : Value::Null()});
    }
    auto ids = testing::InsertRows(*db, t, rows, txn, st);
    for (int i = 0; i < 3000; i += 97) {
      db->Update(t, ids[i],
                 {Value::Integer(i), Value::Varchar(std::string(3000, 'm')), Value::Null()}, txn,
                 st);
    }
    db->Commit(txn, st);
  }
  auto data = dir.db() / "data01.dbf";
  auto pristine = dir.path() / "pristine.dbf";
  auto ctl = dir.db() / "control01.ctl";
  auto pristine_ctl = dir.path() / "pristine.ctl";
  std::filesystem::copy_file(data, pristine);
  std::filesystem::copy_file(ctl, pristine_ctl);
  constexpr auto kOverwrite = std::filesystem::copy_options::overwrite_existing;
  uint64_t size = std::filesystem::file_size(data);
  std::mt19937_64 rng(12345);
  int errors_on = 0;
  for (int iter = 0; iter < 60; ++iter) {
    std::vector<uint64_t> offsets;
    for (int k = 0; k < 8; ++k) offsets.push_back(kBlockSize + rng() % (size - kBlockSize));
    for (bool verify : {false, true}) {
      // Each open checkpoints on close, so both files start from the saved copies every time.
      std::filesystem::copy_file(pristine, data, kOverwrite);
      std::filesystem::copy_file(pristine_ctl, ctl, kOverwrite);
      for (uint64_t off : offsets) FlipByte(data, off);
      DatabaseOptions opt = o;
      opt.verify_checksums = verify;
      try {
        auto db = Database::Open(dir.db(), opt);
        SessionStats st;
        for (const TableInfo* t : db->Tables()) {
          std::vector<RowId> ids;
          testing::ScanAll(*db, *t, st, &ids);
          for (size_t i = 0; i < ids.size(); i += 50) db->Fetch(*t, ids[i], st);
        }
      } catch (const OraError&) {
        if (verify) ++errors_on;
      }
    }
  }
  EXPECT_GT(errors_on, 30);  // almost every damaged file is caught by the checksums
}

TEST(StorageCorruption, ZeroColumnScanCountsRows) {
  testing::TempDir dir;
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  const TableInfo& t = db->CreateTable(testing::MakeTable("C", {{"A", LogicalType::Integer()}}));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows(5000, {Value::Integer(1)});
  testing::InsertRows(*db, t, rows, txn, st);
  auto scan = db->BeginScan(t, {}, st);
  DataChunk out;
  size_t n = 0;
  while (db->ScanNext(*scan, out, nullptr, st)) n += out.size();
  EXPECT_EQ(n, 5000u);
}

TEST(StorageCorruption, InsertHoldsOnePinPerBlock) {
  testing::TempDir dir;
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  const TableInfo& t = db->CreateTable(testing::MakeTable("P", {{"A", LogicalType::Integer()}}));
  Transaction txn;
  SessionStats st;
  std::vector<std::vector<Value>> rows(2000, {Value::Integer(7)});
  testing::InsertRows(*db, t, rows, txn, st);
  EXPECT_LT(st.Get(Stat::kDbBlockGets), 100u);  // not one per row
  EXPECT_EQ(t.row_count, 2000u);
}

//! Block number and file offset of the first byte of `needle` in a heap block of `object_id`.
std::optional<std::pair<uint32_t, uint64_t>> FindInHeapBlock(const std::filesystem::path& file,
                                                             uint32_t object_id,
                                                             const std::string& needle) {
  std::ifstream in(file, std::ios::binary);
  std::vector<char> b(kBlockSize);
  for (uint32_t blk = 0; in.read(b.data(), kBlockSize); ++blk) {
    BlockHeader h;
    std::memcpy(&h, b.data(), sizeof h);
    if (h.type != BlockType::kHeapData || h.object_id != object_id) continue;
    std::string_view body(b.data(), kBlockSize);
    if (auto at = body.find(needle); at != std::string_view::npos) {
      return std::make_pair(blk, uint64_t{blk} * kBlockSize + at);
    }
  }
  return std::nullopt;
}

TEST(StorageCorruption, FlippedByteNamesTheBlockAndChecksumsCanBeOff) {
  testing::TempDir dir;
  uint32_t object_id = 0;
  {
    auto db = Database::Open(dir.db(), DatabaseOptions{});
    const TableInfo& t = db->CreateTable(testing::MakeTable(
        "T", {{"ID", LogicalType::Integer()}, {"S", LogicalType::Varchar(200)}}));
    const TableInfo& u = db->CreateTable(testing::MakeTable("U", {{"A", LogicalType::Integer()}}));
    object_id = t.object_id;
    Transaction txn;
    SessionStats st;
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < 500; ++i) {
      rows.push_back({Value::Integer(i), Value::Varchar(fmt::format("row-{:04d}-xxxxxxxx", i))});
    }
    testing::InsertRows(*db, t, rows, txn, st);
    testing::InsertRows(*db, u, {{Value::Integer(1)}, {Value::Integer(2)}}, txn, st);
    db->Commit(txn, st);
    db->Checkpoint();
  }
  auto data = dir.db() / "data01.dbf";
  auto hit = FindInHeapBlock(data, object_id, "row-0250-xxxxxxxx");
  ASSERT_TRUE(hit.has_value());
  {
    // 'x' -> 'y': the row still decodes, only the checksum can tell.
    std::fstream f(data, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(hit->second + 9));
    f.put('y');
  }
  auto db = Database::Open(dir.db(), DatabaseOptions{});
  SessionStats st;
  const TableInfo& t = *db->FindTable("T");
  try {
    db->BeginStatement();
    testing::ScanAll(*db, t, st);
    FAIL() << "scan of a damaged block succeeded with checksums on";
  } catch (const OraError& e) {
    EXPECT_EQ(e.code(), 1578);
    EXPECT_EQ(std::string(e.what()), fmt::format("ORA-01578: ORACLE data block corrupted "
                                                 "(file # 1, block # {})",
                                                 hit->first));
  }
  // The next statement works (the damaged block did not stay in the cache).
  db->BeginStatement();
  EXPECT_EQ(testing::ScanAll(*db, *db->FindTable("U"), st).size(), 2u);
  // With db_block_checksum=FALSE the read goes through and shows the damaged value.
  db->SetVerifyChecksums(false);
  db->BeginStatement();
  auto rows = testing::ScanAll(*db, t, st);
  ASSERT_EQ(rows.size(), 500u);
  EXPECT_EQ(rows[250][1].ToString(), "row-0250-yxxxxxxx");
  // Back on: the block is still cached (it passed unverified), a fresh read fails again.
  db->SetVerifyChecksums(true);
  db->FlushBufferCache();
  EXPECT_THROW(testing::ScanAll(*db, t, st), OraError);
}

}  // namespace
}  // namespace pathdb::storage
