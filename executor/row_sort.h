// Ordering rows of a ChunkCollection: the comparison behind SORT ORDER BY and SORT UNIQUE.
#pragma once
#include <vector>

#include "executor/chunk_collection.h"

namespace pathdb {

struct SortColumn {
  size_t column;  //!< collection column
  bool descending = false;
  bool nulls_first = false;
};

//! Three-way compare of rows a and b of `rows` on `cols` (NULLs placed per nulls_first,
//! independent of descending).
int CompareRows(const ChunkCollection& rows, uint32_t a, uint32_t b,
                const std::vector<SortColumn>& cols);

//! The same comparison between row `ra` of chunk `a` and row `rb` of chunk `b` (physical
//! rows; both chunks laid out like the collection) -- the merge step of an external sort.
int CompareChunkRows(const DataChunk& a, size_t ra, const DataChunk& b, size_t rb,
                     const std::vector<SortColumn>& cols);

//! Stable sort of row ids by `cols`.
void SortRowIds(const ChunkCollection& rows, std::vector<uint32_t>& ids,
                const std::vector<SortColumn>& cols);

}  // namespace pathdb
