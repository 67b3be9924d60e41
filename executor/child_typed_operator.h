// Most operators only know their output types once their children are attached (FILTER passes
// its child's columns through, HASH JOIN concatenates two inputs). PhysicalOperator::AddChild
// is not virtual, so such operators derive from ChildTypedOperator, whose AddChild recomputes
// types() after each child is attached.
#pragma once
#include "executor/operator.h"

namespace pathdb {

class ChildTypedOperator : public PhysicalOperator {
 public:
  ChildTypedOperator(OperatorType type, std::string operation)
      : PhysicalOperator(type, std::move(operation), {}) {}

  //! Attaches the next child and recomputes types().
  //! REQUIRES: called on the concrete operator type (it hides PhysicalOperator::AddChild,
  //! which would leave types() empty), with `child` fully built (its own children attached).
  void AddChild(std::unique_ptr<PhysicalOperator> child) {
    children_.push_back(std::move(child));
    types_ = ComputeTypes();
  }

 protected:
  //! Output types given the children attached so far.
  virtual std::vector<LogicalType> ComputeTypes() const = 0;
  //! Types of child `i`, or empty if not attached yet.
  std::vector<LogicalType> ChildTypes(size_t i) const {
    return i < children_.size() ? children_[i]->types() : std::vector<LogicalType>{};
  }
};

}  // namespace pathdb
