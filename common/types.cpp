#include "common/types.h"

#include <fmt/format.h>

namespace pathdb {

std::string LogicalType::ToString() const {
  switch (id) {
    case TypeId::kNull:
      return "NULL";
    case TypeId::kBoolean:
      return "BOOLEAN";
    case TypeId::kNumber:
      if (precision < 0 && scale < 0) return "NUMBER";
      if (precision < 0) return fmt::format("NUMBER(*,{})", scale);
      if (scale == 0) return fmt::format("NUMBER({})", precision);
      return fmt::format("NUMBER({},{})", precision, scale);
    case TypeId::kDouble:
      return "BINARY_DOUBLE";
    case TypeId::kVarchar:
      return length == 0 ? std::string("VARCHAR2(4000)") : fmt::format("VARCHAR2({})", length);
    case TypeId::kChar:
      return fmt::format("CHAR({})", length == 0 ? 1 : length);
    case TypeId::kDate:
      return "DATE";
    case TypeId::kTimestamp:
      return "TIMESTAMP(6)";
    case TypeId::kIntervalYM:
      return fmt::format("INTERVAL YEAR({}) TO MONTH", precision < 0 ? 2 : precision);
    case TypeId::kIntervalDS:
      return fmt::format("INTERVAL DAY({}) TO SECOND({})", precision < 0 ? 2 : precision,
                         scale < 0 ? 6 : scale);
  }
  return "UNKNOWN";
}

}  // namespace pathdb
