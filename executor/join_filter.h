// JoinFilter: a run-time filter a HASH JOIN publishes from its build side for the scan of its
// probe side (Oracle's :BF0000): the build keys' min and max (the scan skips regions and
// rows outside them) and a membership test on the key hashes the join itself uses
// (HashCell with the join's compare type), so no key is hashed differently than the join
// would. Safe only where dropping a probe row without a match cannot change the result:
// inner and semi joins, probe keys that are NULL included (they never match).
//
// Threads: published once by the join's thread; read by the scans holding it (see
// storage::RuntimeFilter for the publication rule).
#pragma once
#include <unordered_set>

#include "executor/chunk_collection.h"
#include "storage/scan_spec.h"

namespace pathdb {

class JoinFilter final : public storage::RuntimeFilter {
 public:
  //! Publishes column `key` of the distinct build keys `keys`, hashed as `compare_as`.
  void PublishFromKeys(const ChunkCollection& keys, size_t key, TypeId compare_as);
  void ApplyMembership(const Vector& column, DataChunk& chunk) const override;

 private:
  TypeId compare_as_ = TypeId::kNull;
  std::unordered_set<uint64_t> hashes_;
};

}  // namespace pathdb
