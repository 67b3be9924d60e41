// Block-level pieces: CRC32C, row encoding, slotted pages.
#include "storage/block.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "common/error.h"
#include "storage/heap_page.h"
#include "storage/row_codec.h"
#include "storage/segment.h"

namespace pathdb::storage {
namespace {

TEST(Crc32c, KnownVector) {
  // The standard check value of CRC-32C for "123456789".
  EXPECT_EQ(Crc32c("123456789", 9), 0xE3069283u);
}

TEST(Block, StripedChecksumEqualsPlainCrc32c) {
  // BlockChecksum runs three interleaved CRC streams and joins them; it must equal the plain
  // CRC32C of the same bytes (what every block on disk already carries).
  std::vector<std::byte> b(kBlockSize);
  uint64_t x = 88172645463325252ull;
  for (int round = 0; round < 50; ++round) {
    for (auto& byte : b) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      byte = static_cast<std::byte>(round % 5 == 0 ? (x & 1) : x);
    }
    const uint32_t plain = Crc32c(b.data() + 4, kBlockSize - 4);
    EXPECT_EQ(BlockChecksum(b.data()), plain);
    EXPECT_EQ(BlockChecksumStriped(b.data()), plain);
    if (FoldedChecksumAvailable()) {
      EXPECT_EQ(BlockChecksumFolded(b.data()), plain);
    }
  }
  std::fill(b.begin(), b.end(), std::byte{0});
  EXPECT_EQ(BlockChecksum(b.data()), Crc32c(b.data() + 4, kBlockSize - 4));
  EXPECT_EQ(BlockChecksumStriped(b.data()), Crc32c(b.data() + 4, kBlockSize - 4));
  if (FoldedChecksumAvailable()) {
    EXPECT_EQ(BlockChecksumFolded(b.data()), Crc32c(b.data() + 4, kBlockSize - 4));
  } else {
    std::printf("note: no AVX-512 VPCLMULQDQ here; BlockChecksumFolded not run\n");
  }
}

TEST(Block, ChecksumCatchesFlippedByte) {
  std::vector<std::byte> b(kBlockSize);
  FormatBlock(b.data(), BlockType::kHeapData, 7, 42);
  b[1000] = std::byte{0x5a};
  StampChecksum(b.data());
  EXPECT_TRUE(VerifyBlock(b.data(), 42));
  EXPECT_FALSE(VerifyBlock(b.data(), 43));  // misdirected
  b[5000] ^= std::byte{1};
  EXPECT_FALSE(VerifyBlock(b.data(), 42));
}

TEST(RowCodec, DecimalRoundTrip) {
  for (const char* s : {"0", "1", "-1", "127", "128", "-128", "-129", "255", "12345.678", "-0.001",
                        "99999999999999999999999999999999999999",
                        "-99999999999999999999999999999999999999", "1e-30"}) {
    Decimal d = *Decimal::Parse(s);
    unsigned char buf[17];
    size_t n = EncodeDecimal(d, buf);
    Decimal back = DecodeDecimal({reinterpret_cast<char*>(buf), n});
    EXPECT_EQ(back.coef, d.coef) << s;
    EXPECT_EQ(back.scale, d.scale) << s;
  }
  unsigned char buf[17];
  EXPECT_EQ(EncodeDecimal(Decimal::FromInt(0), buf), 1u);    // scale byte only
  EXPECT_EQ(EncodeDecimal(Decimal::FromInt(100), buf), 2u);  // one coefficient byte
}

TEST(RowCodec, TrailingNullsOmitted) {
  std::vector<ColumnInfo> cols(3);
  cols[0].type = LogicalType::Integer();
  cols[1].type = LogicalType::Varchar(10);
  cols[2].type = LogicalType::Double();
  RowEncoder enc;
  std::string row = EncodeRow(enc, {Value::Integer(5), Value::Null(), Value::Null()}, cols);
  RowDecoder dec(row);
  EXPECT_EQ(dec.column_count(), 1);
  auto vals = DecodeRow(row, cols);
  ASSERT_EQ(vals.size(), 3u);
  EXPECT_EQ(vals[0], Value::Integer(5));
  EXPECT_TRUE(vals[1].is_null());
  EXPECT_TRUE(vals[2].is_null());
  std::string row2 = EncodeRow(enc, {Value::Null(), Value::Null(), Value::Double(2.5)}, cols);
  auto v2 = DecodeRow(row2, cols);
  EXPECT_TRUE(v2[0].is_null());
  EXPECT_DOUBLE_EQ(v2[2].dbl(), 2.5);
}

TEST(RowCodec, CorruptRowThrowsNotCrashes) {
  std::vector<ColumnInfo> cols(1);
  cols[0].type = LogicalType::Varchar(10);
  std::string bad("\x00\x05\x00\x30", 4);  // claims 5 columns, one 48-byte column
  EXPECT_THROW(DecodeRow(bad, cols), OraError);
}

class HeapPageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    block_.resize(kBlockSize);
    FormatBlock(block_.data(), BlockType::kHeapData, 1, 9);
    HeapPage(block_.data()).Init();
  }
  std::vector<std::byte> block_;
};

TEST_F(HeapPageTest, InsertDeleteReuseSlot) {
  HeapPage p(block_.data());
  auto a = p.Insert("aaaaaaaa", 0);
  auto b = p.Insert("bbbbbbbbbb", 0);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, 0);
  EXPECT_EQ(*b, 1);
  EXPECT_EQ(*p.Row(1), "bbbbbbbbbb");
  p.Delete(0);
  EXPECT_FALSE(p.Row(0).has_value());
  auto c = p.Insert("cccccccc", 0);
  EXPECT_EQ(*c, 0);  // freed slot reused
  EXPECT_EQ(*p.Row(1), "bbbbbbbbbb");
}

TEST_F(HeapPageTest, FillsUpAndHonoursReserve) {
  HeapPage p(block_.data());
  std::string row(100, 'x');
  int n = 0;
  while (p.Insert(row, 819)) ++n;
  EXPECT_GT(n, 60);
  EXPECT_GE(p.FreeSpace(), 819u);  // pctfree 10 kept free
  EXPECT_TRUE(p.Insert(row, 0).has_value());
}

TEST_F(HeapPageTest, ReplaceGrowsWithCompaction) {
  HeapPage p(block_.data());
  std::string row(500, 'x');
  std::vector<uint16_t> slots;
  while (auto s = p.Insert(row, 0)) slots.push_back(*s);
  for (size_t i = 0; i < slots.size(); i += 2) p.Delete(slots[i]);
  // The holes are scattered; growing one row needs a compaction.
  std::string big(900, 'y');
  EXPECT_TRUE(p.Replace(slots[1], big));
  EXPECT_EQ(*p.Row(slots[1]), big);
  for (size_t i = 3; i < slots.size(); i += 2) EXPECT_EQ(*p.Row(slots[i]), row);
  EXPECT_FALSE(p.Replace(slots[3], std::string(8000, 'z')));  // does not fit: unchanged
  EXPECT_EQ(*p.Row(slots[3]), row);
}

TEST_F(HeapPageTest, PutAtRestoresSlot) {
  HeapPage p(block_.data());
  p.Insert("r0r0r0r0", 0);
  auto s1 = p.Insert("r1r1r1r1", 0);
  p.Delete(*s1);
  EXPECT_TRUE(p.PutAt(*s1, "back!!!!"));
  EXPECT_EQ(*p.Row(*s1), "back!!!!");
  EXPECT_FALSE(p.PutAt(*s1, "again"));  // occupied
  EXPECT_TRUE(p.PutAt(5, "far-slot"));
  EXPECT_EQ(p.SlotCount(), 6);
  EXPECT_FALSE(p.Row(4).has_value());
}

TEST_F(HeapPageTest, TouchRowHeadsStaysInsideTheBlockAndChangesNothing) {
  // Rows up to the block's end, an empty slot (offset 0) and reaches beyond the rows: the
  // loads are clamped inside the block (the ASan build checks) and write nothing.
  HeapPage p(block_.data());
  std::vector<uint16_t> slots;
  while (auto s = p.Insert(std::string(300, 'w'), 0)) slots.push_back(*s);
  ASSERT_GT(slots.size(), 20u);
  p.Delete(slots[3]);
  EXPECT_GE(p.MeanRowBytes(), 280u);
  const std::vector<std::byte> before = block_;
  for (size_t reach : {1, 13, 64, 65, 300, 5000}) p.TouchRowHeads(reach);
  p.Touch();
  EXPECT_EQ(block_, before);
  EXPECT_EQ(*p.Row(slots[4]), std::string(300, 'w'));
}

TEST(SpaceMap, FreeMergesAndFirstFitReuses) {
  SpaceMap m;
  m.Reset(1);
  Extent a = m.Allocate(8), b = m.Allocate(8), c = m.Allocate(128);
  EXPECT_EQ(a.start, 1u);
  EXPECT_EQ(b.start, 9u);
  EXPECT_EQ(c.start, 17u);
  m.Free(a);
  m.Free(b);
  EXPECT_EQ(m.free_extents().size(), 1u);  // merged
  Extent d = m.Allocate(16);
  EXPECT_EQ(d.start, 1u);
  EXPECT_EQ(m.end(), 145u);
}

}  // namespace
}  // namespace pathdb::storage
