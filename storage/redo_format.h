// On-disk format of redo01.log (internal to storage/redo_*.cpp).
//
//   [0, 512)      log header, slot 0       the two slots alternate, so a torn header write
//   [512, 1024)   log header, slot 1       leaves the other one valid; the higher `writes` wins
//   [4096, ...)   records: RecordHeader + payload, seq 0, 1, 2 ... within the generation
//
// The header records, forced with the log at every COMMIT, how many commit records the
// generation holds and where the last one ends. That is what lets open tell a clean end of
// the log (every counted commit is readable) from a truncated or zeroed one.
// Logs of the first version had no header: records from offset 0 (still recovered).
#pragma once
#include <cstdint>
#include <string>

namespace pathdb::storage::redo {

constexpr uint32_t kRecordMagic = 0x4f444552;  // "REDO"
constexpr uint8_t kImage = 1;
constexpr uint8_t kCommit = 2;
constexpr uint64_t kSlotBytes = 512;
constexpr uint64_t kRecordsStart = 4096;
//! Largest record payload recovery believes (a dictionary far beyond this is a torn length).
constexpr uint32_t kMaxPayload = 1u << 30;

struct RecordHeader {
  uint32_t magic;
  uint8_t type;
  uint8_t reserved[3];
  uint32_t block_no;
  uint32_t length;
  uint64_t generation;
  uint64_t seq;
  uint32_t crc;  //!< CRC32C of the header (this field zero) and the payload
  uint32_t reserved2;
};
static_assert(sizeof(RecordHeader) == 40);

struct LogHeader {
  char magic[8];     //!< "PATHREDO"
  uint32_t version;  //!< 2
  uint32_t reserved;
  uint64_t writes;       //!< header writes since the file was created (picks the slot)
  uint64_t generation;   //!< the generation the records belong to
  uint64_t commits;      //!< commit records forced in this generation
  uint64_t durable_end;  //!< file offset just past the last forced commit record
  uint32_t crc;          //!< CRC32C of the header with this field zero
  uint32_t reserved2;
};
static_assert(sizeof(LogHeader) == 56);

uint32_t RecordCrc(RecordHeader h, const void* payload, uint32_t length);
LogHeader MakeLogHeader(uint64_t writes, uint64_t generation, uint64_t commits,
                        uint64_t durable_end);
bool ValidLogHeader(const LogHeader& h);

}  // namespace pathdb::storage::redo
