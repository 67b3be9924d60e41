// Shared between the access-path files (access_path.cpp: conditions, hints and the rule-based
// choice; access_path_cost.cpp: selectivity and costing; access_path_build.cpp: operators and
// EXPLAIN annotations). Not for use outside them.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "planner/access_path.h"
#include "planner/cost_model.h"
#include "planner/dynamic_sampling.h"

namespace pathdb::planner::access_detail {

using IndexList = std::vector<const storage::IndexInfo*>;

bool InIndex(const storage::IndexInfo& index, uint32_t column);
//! The index holds every column the scan returns (the ROWID is in every entry).
bool Covers(const storage::IndexInfo& index, const std::vector<uint32_t>& column_ids);
//! No row the query wants can be missing from the index (NOT NULL key column, or a condition
//! rejecting NULL in a key column).
bool NullSafe(const storage::TableInfo& table, const storage::IndexInfo& index,
              const std::vector<uint32_t>& column_ids, const std::vector<BoundExprPtr>& conjuncts);

//! What an index offers for the conditions: equalities on a leading prefix, then a range.
struct Match {
  const storage::IndexInfo* index = nullptr;
  std::vector<size_t> equal;
  std::optional<size_t> lower, upper;
  bool unique_scan = false;
  bool covers = false;

  bool usable() const { return !equal.empty() || lower || upper; }
  int ends() const { return (lower ? 1 : 0) + (upper ? 1 : 0); }
};
Match MatchIndex(const storage::IndexInfo& index, const std::vector<SargableCondition>& sarg,
                 const std::vector<uint32_t>& column_ids);
//! Rule order: unique scan, more equalities, more range ends, covering, fewer key columns.
bool Better(const Match& a, const Match& b);

//! The unique or range scan a match stands for.
AccessPath PathFromMatch(const Match& m, bool descending);

//! The hints of one table, reduced to what the access-path choice needs.
struct TableHints {
  bool full = false;
  bool force_index = false;  //!< INDEX family: use an index if any can be used
  bool fast_full = false;    //!< INDEX_FFS
  bool descending = false;
  IndexList wanted;  //!< indexes the INDEX/INDEX_FFS hint names (empty: any)
  IndexList excluded;
  bool exclude_all = false;           //!< NO_INDEX(t) without index names
  std::optional<double> cardinality;  //!< CARDINALITY(t n), OPT_ESTIMATE(TABLE t ROWS=n)
  //! OPT_ESTIMATE(TABLE t SCALE_ROWS=f / MIN=n / MAX=n): applied to the estimate.
  double scale_rows = 1;
  std::optional<double> min_rows, max_rows;
  //! The estimate after CARDINALITY / OPT_ESTIMATE; `feedback` (statistics feedback) comes
  //! after the hints, before the optimizer's own `estimate`.
  double Rows(double estimate, std::optional<double> feedback) const;
  bool inmemory = false;     //!< INMEMORY(t): the in-memory full scan when the table has one
  bool no_inmemory = false;  //!< NO_INMEMORY(t): never the in-memory scan
};
TableHints ReadHints(const std::vector<ast::Hint>& hints, const storage::TableInfo& table,
                     const std::string& alias, const IndexList& indexes);
//! Whether a full scan of `table` for `column_ids` is planned as TABLE ACCESS INMEMORY FULL:
//! the table is INMEMORY, in-memory queries are on (CostParams::inmemory_query), no
//! NO_INMEMORY hint, and no column the scan reads is NO INMEMORY.
bool InMemoryEligible(const storage::TableInfo& table, const std::vector<uint32_t>& column_ids,
                      const TableHints& th, const cost::CostParams& params);
//! Indexes a hint names, by name or by (leading) column list.
IndexList NamedIndexes(const ast::Hint& h, const storage::TableInfo& table,
                       const IndexList& indexes);
//! The indexes the hints leave to choose from (sorted by name for determinism).
IndexList CandidateIndexes(const TableHints& th, IndexList indexes);

//! Copies of `conj` whose binds carry the values peeked at this hard parse (estimates only:
//! the plan keeps the binds). Same positions as `conj`.
std::vector<BoundExprPtr> PeekedConjuncts(const std::vector<BoundExprPtr>& conj,
                                          const PlanContext& ctx);

//! What the optimizer knows of one table read: gathered statistics, a dynamic sample, or
//! the segment's own counters. Answers selectivities of any subset of the scan's conjuncts.
class TableFacts {
 public:
  TableFacts(const storage::TableInfo& table, const std::vector<uint32_t>& column_ids,
             const std::vector<BoundExprPtr>& conjuncts, const TableSample* sample);

  double rows() const { return rows_; }
  double blocks() const { return blocks_; }
  bool has_stats() const { return has_stats_; }
  //! Selectivity of the conjuncts at `positions` together (a >= / <= pair on one column
  //! counts as one bounded range, as Oracle reads BETWEEN).
  double Selectivity(const std::vector<size_t>& positions) const;
  //! The selectivity of the equalities among `positions` that cover a column group with
  //! statistics (1/NUM_DISTINCT of the group); removes those positions.
  double ColumnGroupSel(std::vector<size_t>& positions) const;
  double AllSelectivity() const;
  //! Average bytes of a row made of `column_ids` (AVG_COL_LEN, else the type's width).
  double RowBytes(const std::vector<uint32_t>& column_ids) const;
  //! Index statistics, or defaults when never gathered.
  double Blevel(const storage::IndexInfo& index) const;
  double LeafBlocks(const storage::IndexInfo& index) const;
  double ClusteringFactor(const storage::IndexInfo& index) const;
  double IndexEntries(const storage::IndexInfo& index) const;
  //! The full scan would be TABLE ACCESS INMEMORY FULL (planner/access_path_build.cpp,
  //! InMemoryEligible): it is costed as one.
  bool inmemory() const { return inmemory_; }
  void SetInMemory(bool on) { inmemory_ = on; }

 private:
  double ConjunctSel(const BoundExpr& e) const;
  const storage::TableInfo& table_;
  const std::vector<uint32_t>& column_ids_;
  const std::vector<BoundExprPtr>& conjuncts_;
  const TableSample* sample_;
  double rows_ = 0, blocks_ = 1;
  bool has_stats_ = false;
  bool inmemory_ = false;
};

//! One access path with its estimates per line. The index line (when there is one) and the
//! top line; costs are cumulative (the table line includes its index).
struct CostedPath {
  AccessPath path;
  double index_rows = 0;  //!< index entries passed up (after the index filter)
  cost::Cost index_cost;
  double rows = 1;  //!< rows of the top line (after every filter)
  cost::Cost cost;  //!< top line, cumulative
  //! Conjuncts (positions) the index range consumes.
  std::vector<size_t> access;
  //! Conjuncts evaluated on the index entries (not consumed, only key columns).
  std::vector<size_t> index_filter;
};

//! Estimates of `path` (the index-filter split follows PlanTableAccess's rule: a conjunct
//! on key columns only is evaluated on the index entries).
CostedPath CostPath(const AccessPath& path, const storage::TableInfo& table,
                    const std::vector<uint32_t>& column_ids,
                    const std::vector<BoundExprPtr>& conjuncts,
                    const std::vector<SargableCondition>& sargable, const TableFacts& facts,
                    const cost::CostModel& model);

//! The cost-based choice (table statistics present): the cheapest of the full scan and every
//! usable index path the hints allow; hints restrict the candidates as in ChooseAccessPath.
AccessPath ChooseAccessPathByCost(const storage::TableInfo& table,
                                  const std::vector<uint32_t>& column_ids,
                                  const std::vector<BoundExprPtr>& conjuncts,
                                  const std::vector<SargableCondition>& sargable,
                                  const IndexList& indexes, const std::string& alias,
                                  const std::vector<ast::Hint>& hints, const TableFacts& facts,
                                  const cost::CostModel& model);

}  // namespace pathdb::planner::access_detail
