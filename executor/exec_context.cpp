#include "common/error.h"
#include "executor/operator.h"

namespace pathdb {

void ExecContext::CheckCancel() const {
  if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
    throw OraError(1013, "user requested cancel of current operation");
}

}  // namespace pathdb
