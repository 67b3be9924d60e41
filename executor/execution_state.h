// ExecutionState: what the operators of ONE execution publish to each other, beside their
// own OperatorStates: join filters by id (:BF0000 is id 0), the rows of materialised WITH
// queries by id, and (next) statistics-collector decisions of adaptive plans. Owned by the
// execution's ExecContext, so a cached plan stays immutable and every execution, including a
// re-execution of the same cursor, starts clean.
//
// Threads: one execution's thread today. Parallel workers of one query (later) will share
// one ExecutionState; publication then needs a lock or publish-once atomics (join filters
// already publish with a release store, see storage::RuntimeFilter).
#pragma once
#include <cstdint>
#include <map>
#include <memory>

#include "executor/join_filter.h"

namespace pathdb {

class ChunkCollection;
struct BoundExpr;
namespace expr {
struct SubqueryCache;
}

class ExecutionState {
 public:
  //! Join filter `id` of this execution: created unpublished by whichever of its producer
  //! (the hash join) and its consumers (probe-side scans) asks first.
  std::shared_ptr<JoinFilter> JoinFilterById(uint32_t id);
  //! Every join filter of this execution, by id (V$SQL_JOIN_FILTER, statistics).
  const std::map<uint32_t, std::shared_ptr<JoinFilter>>& join_filters() const {
    return join_filters_;
  }
  //! Rows of the materialised WITH query `id` (TEMP TABLE TRANSFORMATION).
  void PutTempTable(uint32_t id, std::shared_ptr<const ChunkCollection> rows);
  //! Null when `id` has not been materialised in this execution.
  std::shared_ptr<const ChunkCollection> TempTable(uint32_t id) const;
  //! The result cache of the uncorrelated subquery expression `e` for this execution: such a
  //! subquery runs once per execution, not once per batch (its rows depend on nothing the
  //! outer rows carry). Created empty on first use.
  std::shared_ptr<expr::SubqueryCache>& SubqueryCacheFor(const BoundExpr* e) {
    return subquery_caches_[e];
  }
  //! A DML operation of this execution changes tables while its scans run (set by the DML
  //! operator before it opens its input): full scans then read through the buffer cache.
  void NoteDml() { dml_ = true; }
  bool dml() const { return dml_; }

 private:
  std::map<uint32_t, std::shared_ptr<JoinFilter>> join_filters_;
  std::map<uint32_t, std::shared_ptr<const ChunkCollection>> temp_tables_;
  std::map<const BoundExpr*, std::shared_ptr<expr::SubqueryCache>> subquery_caches_;
  bool dml_ = false;
};

}  // namespace pathdb
