// Aggregate function specs shared by HASH GROUP BY and SORT AGGREGATE, and the per-group
// accumulator (AggregateStates) both use.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "executor/expression.h"

namespace pathdb {

struct AggregateSpec {
  //! Upper-case: COUNT, COUNT_STAR, SUM, AVG, MIN, MAX, STDDEV, VARIANCE.
  std::string function;
  bool distinct = false;
  BoundExprPtr arg;  //!< null for COUNT_STAR; column refs index the operator's input
  //! Result type, chosen by the planner: COUNT -> INTEGER; SUM/AVG/STDDEV/VARIANCE of NUMBER
  //! -> NUMBER (exact), or BINARY_DOUBLE (AVG in the SQLITE dialect, or a DOUBLE argument);
  //! MIN/MAX -> the argument type. The result is computed in this type.
  LogicalType type;
  //! Another aggregate of the same operator (an earlier index) whose accumulators this one
  //! reads instead of keeping its own: set by the planner for SUM and AVG of one argument
  //! without DISTINCT (TPC-H Q1's SUM(l_quantity) and AVG(l_quantity) both add every value
  //! and count them). SIZE_MAX: its own.
  size_t state_of = SIZE_MAX;
  //! Subexpressions of `arg` equal to an earlier aggregate's whole argument, read from that
  //! argument's values instead of computed again (TPC-H Q1's l_extendedprice * (1 -
  //! l_discount) inside the next SUM's argument). Set by the planner.
  struct Reuse {
    std::vector<uint32_t> path;  //!< child indexes from `arg` down to the subexpression
    size_t arg = 0;              //!< the earlier aggregate whose argument it equals
  };
  std::vector<Reuse> reuse{};

  AggregateSpec Copy() const {
    return {function, distinct, arg ? arg->Copy() : nullptr, type, state_of, reuse};
  }
};

class AggregateStates;

//! The argument of `spec` for the rows of `input`: a plain column of the argument's physical
//! type is used in place (no per-batch copy); anything else is evaluated into `scratch`.
const Vector* AggregateArgument(const AggregateSpec& spec, const DataChunk& input, Vector* scratch,
                                EvalContext& ctx);

//! Updates `states` with every aggregate of `specs` for the active rows of `input` (row i to
//! group gids[i]): each argument is evaluated in order into its `scratch` vector (or read in
//! place), its AggregateSpec::reuse subexpressions taken from the earlier arguments' values.
//! REQUIRES: scratch[a] holds a vector of specs[a]'s argument type (null for COUNT_STAR).
void UpdateAggregates(const std::vector<AggregateSpec>& specs, AggregateStates& states,
                      const DataChunk& input, const std::vector<std::unique_ptr<Vector>>& scratch,
                      const std::vector<uint32_t>& gids, EvalContext& ctx);

//! Creates the accumulators for `specs` (validated: unknown function -> ORA-00904).
std::unique_ptr<AggregateStates> MakeAggregateStates(const std::vector<AggregateSpec>& specs);

//! Accumulators of all aggregates for a growing number of groups (ids 0..n-1).
class AggregateStates {
 public:
  explicit AggregateStates(const std::vector<AggregateSpec>& specs);
  ~AggregateStates();
  //! Makes room for groups [0, n).
  void Resize(size_t n);
  //! True when aggregate `agg` reads another one's accumulators (AggregateSpec::state_of):
  //! Update does nothing for it, so its argument need not be evaluated.
  bool Shared(size_t agg) const;
  //! Updates aggregate `agg` with the active rows of `input`: row i of `args` (the evaluated
  //! argument, unused for COUNT_STAR) goes to group group_ids[i] (one entry per active row).
  void Update(size_t agg, const Vector* args, const DataChunk& input,
              const std::vector<uint32_t>& group_ids);
  //! Adds what a scan computed for `group` (GROUP BY in the scan): `count` rows or non-NULL
  //! values and, for SUM/AVG, their sum / for MIN/MAX, the least/greatest one (`value`, null
  //! when there was none). REQUIRES: COUNT, COUNT_STAR, or SUM/AVG/MIN/MAX without DISTINCT
  //! of a NUMBER argument; Resize made room for `group`.
  void Merge(size_t agg, uint32_t group, uint64_t count, const Decimal* value);
  //! Writes the result of aggregate `agg` for group `group` into out row `row`.
  void Finalize(size_t agg, uint32_t group, Vector& out, size_t row) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathdb
