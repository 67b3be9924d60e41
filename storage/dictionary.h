// The dictionary as bytes: tables, views, the free-extent map and counters are serialised into
// one byte string that is stored in dictionary blocks of the data file; the control file says
// where it lives. Parsing is bounds-checked: a damaged dictionary raises ORA-00600, never UB.
// Threads: not thread-safe; one session's thread (docs/architecture.md, Threads).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "storage/segment.h"
#include "storage/storage.h"

namespace pathdb::storage {

struct TableEntry {
  TableInfo info;
  uint32_t header_block = 0;
};

struct IndexEntry {
  IndexInfo info;
  uint32_t header_block = 0;  //!< the index segment's header (extent map)
  uint32_t root_block = 0;    //!< B+tree root (0 = empty tree)
  uint32_t height = 0;        //!< levels including the leaves (0 = empty tree)
};

struct DictionaryImage {
  uint32_t next_object_id = 1;
  uint64_t scn = 0;
  uint32_t file_end = 1;
  std::vector<Extent> free_extents;
  std::vector<TableEntry> tables;
  std::vector<ViewInfo> views;
  std::vector<IndexEntry> indexes;
};

std::string SerializeDictionary(const DictionaryImage& image);
DictionaryImage ParseDictionary(std::string_view bytes);

//! Payload bytes one dictionary block carries.
constexpr size_t kDictPayloadPerBlock = kBlockSize - 24;

//! Where the current dictionary lives, as recorded in the control file.
struct ControlData {
  uint32_t dict_start = 0;
  uint32_t dict_blocks = 0;
  uint32_t dict_bytes = 0;
  uint32_t dict_crc = 0;
  uint64_t scn = 0;
  uint32_t file_blocks = 0;
  //! Redo log generation written since this checkpoint; older records are never replayed.
  uint64_t log_generation = 0;
};

//! Writes DIR/control01.ctl atomically (temp file, fsync, rename, fsync of the directory).
void WriteControlFile(const std::filesystem::path& dir, const ControlData& c);
//! Reads it; nullopt when absent; ORA-00227 when damaged.
std::optional<ControlData> ReadControlFile(const std::filesystem::path& dir);

}  // namespace pathdb::storage
