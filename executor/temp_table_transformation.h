// TEMP TABLE TRANSFORMATION and the two operations under it: LOAD AS SELECT into a
// statement-duration temporary result (a materialised WITH query) and TABLE ACCESS FULL of
// that result. Oracle shows them as
//   TEMP TABLE TRANSFORMATION
//    LOAD AS SELECT (CURSOR DURATION MEMORY) | SYS_TEMP_0FD9D6601_...
//     <the WITH query>
//    <the main query, reading TABLE ACCESS FULL | SYS_TEMP_0FD9D6601_... under a VIEW>
// The rows live in ExecContext::shared (ExecutionState) for one execution (the plan stays
// immutable).
#pragma once
#include "executor/child_typed_operator.h"

namespace pathdb {

//! Children 0..n-2 load temporary results (they return no rows); the last child is the
//! query, whose rows this operator returns. The loads run in Open, before the query opens.
class TempTableTransformation : public ChildTypedOperator {
 public:
  TempTableTransformation()
      : ChildTypedOperator(OperatorType::kTempTableTransformation, "TEMP TABLE TRANSFORMATION") {}
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override {
    return children_.empty() ? std::vector<LogicalType>{} : children_.back()->types();
  }
};

//! Consumes child 0 into the temporary result `id` on its first Next; returns no rows.
class TempTableLoad : public ChildTypedOperator {
 public:
  TempTableLoad(uint32_t id, std::string name);
  uint32_t id() const { return id_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 protected:
  std::vector<LogicalType> ComputeTypes() const override { return ChildTypes(0); }

 private:
  uint32_t id_;
};

//! Reads the temporary result `id` (ORA-00600 if the load has not run).
class TempTableScan : public PhysicalOperator {
 public:
  TempTableScan(uint32_t id, std::string name, std::vector<LogicalType> types);
  uint32_t id() const { return id_; }
  std::unique_ptr<OperatorState> OpenImpl(ExecContext& ctx) const override;
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override;

 private:
  uint32_t id_;
};

}  // namespace pathdb
