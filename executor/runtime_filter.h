// Run-time filters: objects produced by one operator (a hash join build) and consumed by a
// scan. Optional by contract: a filter may pass rows it could have dropped, never the reverse.
#pragma once
#include "common/vector.h"

namespace pathdb {

class RuntimeFilter {
 public:
  virtual ~RuntimeFilter() = default;
  //! Shrinks `chunk`'s selection to rows that may still match. Called per batch by the scan
  //! that holds the filter; must pass every row while the producer has not published it.
  //! May be called concurrently by several scans: implementations keep mutable counters atomic.
  virtual void Apply(DataChunk& chunk) const = 0;
};

}  // namespace pathdb
