#include "storage/file_header.h"

#include <cstring>
#include <memory>

#include "common/error.h"
#include "storage/block.h"

namespace pathdb::storage {

namespace {

constexpr char kIdentity[] = "PATHDB DATA FILE 1";
constexpr size_t kIdentityLength = sizeof kIdentity - 1;
//! The progress fields follow the identity string (files of older versions hold zeros there).
constexpr size_t kProgressOffset = kBlockHeaderSize + 32;

}  // namespace

void WriteFileHeader(DataFile& file, const FileHeader& header) {
  auto block = std::make_unique<std::byte[]>(kBlockSize);
  FormatBlock(block.get(), BlockType::kFileHeader, 0, 0);
  std::memcpy(block.get() + kBlockHeaderSize, kIdentity, kIdentityLength);
  std::memcpy(block.get() + kProgressOffset, &header.log_generation, 8);
  std::memcpy(block.get() + kProgressOffset + 8, &header.log_commits, 8);
  StampChecksum(block.get());
  file.Write(0, 1, block.get());
}

FileHeader ReadFileHeader(const DataFile& file) {
  auto block = std::make_unique<std::byte[]>(kBlockSize);
  file.Read(0, 1, block.get());
  if (!VerifyBlock(block.get(), 0) || ReadHeader(block.get()).type != BlockType::kFileHeader ||
      std::memcmp(block.get() + kBlockHeaderSize, kIdentity, kIdentityLength) != 0) {
    ThrowOra(1210, "data file header is media corrupt\nORA-01110: data file 1: '{}'",
             file.path().string());
  }
  FileHeader h;
  std::memcpy(&h.log_generation, block.get() + kProgressOffset, 8);
  std::memcpy(&h.log_commits, block.get() + kProgressOffset + 8, 8);
  return h;
}

}  // namespace pathdb::storage
