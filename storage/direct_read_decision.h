// The serial direct path read decision (oracle-reference.md 4.1), made by a full scan when it
// begins, per segment and per execution, never by the optimizer. A pure function of its
// inputs, so every branch can be tested without a database.
//
// AUTO, with STT = _small_table_threshold and MTT = 5 x STT:
//   blocks <= STT            buffered, `table scans (short tables)`;
//   STT < blocks <= MTT      buffered, still counted as short (Oracle's medium tables);
//   blocks > MTT             buffered when the table fits the big table cache (below);
//                            else direct unless >= 50% of the blocks are cached or >= 25%
//                            dirty (then buffered, `table scans (long tables)`).
// The big table cache (db_big_table_cache_percent_target > 0, Oracle 12.1.0.2's automatic
// big table caching): a table whose size is at most that share of the buffer cache is read
// through the cache and keeps its blocks there (midpoint insertion, not the cold end), so
// the next scan finds them cached, where a direct path scan reads every block again each
// time. Oracle adds a per-object temperature for choosing among tables that do not all
// fit; here each table is judged alone and the cache's replacement does the rest.
// ALWAYS reads direct and NEVER buffered whatever the size; a scan under DML is buffered.
#pragma once
#include <cstdint>
#include <string>

#include "common/stats.h"
#include "storage/storage.h"

namespace pathdb::storage {

struct DirectReadInputs {
  SerialDirectRead mode = SerialDirectRead::kAuto;
  const char* statistic = "BLOCKS";     //!< the size statistic's name (LEAF_BLOCKS: index)
  uint64_t blocks = 0;                  //!< segment size the rule uses
  bool blocks_from_statistics = false;  //!< `blocks` is BLOCKS / LEAF_BLOCKS
  uint64_t small_table_threshold = 0;   //!< STT, in blocks (>= 1)
  uint64_t cached = 0;                  //!< of the segment's blocks, in the buffer cache now
  uint64_t dirty = 0;                   //!< of those, dirty
  uint64_t segment_blocks = 0;          //!< the segment's actual size (the cached share's base)
  bool under_dml = false;
  //! Blocks of the big table cache (0: off, or not a table). big_table_cache_percent names
  //! its parameter's value in the reason.
  uint64_t big_table_cache_blocks = 0;
  uint32_t big_table_cache_percent = 0;
};

struct DirectReadDecision {
  bool direct = false;
  bool long_table = false;  //!< counts `table scans (long tables)` (else short tables)
  //! Read through the big table cache: the blocks stay in the cache (a long table's
  //! buffered scan otherwise recycles its own few buffers at the cold end).
  bool keep_cached = false;
  std::string reason;       //!< "direct path read (segment 21504 blocks > 5 x ...)"
};

//! REQUIRES: small_table_threshold >= 1. Only cached/dirty are read when the size is above MTT.
DirectReadDecision DecideDirectRead(const DirectReadInputs& in);

//! Oracle's medium table threshold, 5 x `small_table_threshold` blocks: a read up to this size
//! would go through the buffer cache as a short table's.
uint64_t MediumTableBlocks(uint64_t small_table_threshold);

//! Whether the cached and dirty counts matter for `in` (above MTT under AUTO): the caller
//! counts them only then, as that walks the buffer cache.
bool DirectReadNeedsCacheCounts(const DirectReadInputs& in);

}  // namespace pathdb::storage
