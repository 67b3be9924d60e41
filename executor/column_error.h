// ORA-12899 names the column a value did not fit ("PATHDB"."T"."C"), but the conversion that
// detects it only knows the target type. Callers that know the column re-raise through here.
#pragma once
#include <string>

#include "common/error.h"

namespace pathdb {

//! A column as Oracle's messages name it: "PATHDB"."T"."C".
inline std::string QualifiedColumnName(const std::string& table, const std::string& column) {
  return fmt::format("\"PATHDB\".\"{}\".\"{}\"", table, column);
}

//! Re-raises `err` with the column named when it is ORA-12899; any other error as it is.
[[noreturn]] inline void RethrowNamingColumn(const OraError& err, const std::string& column) {
  if (err.code() != 12899 || column.empty()) throw err;
  const std::string& m = err.message();
  const size_t p = m.find("(actual");
  ThrowOra(12899, "value too large for column {} {}", column,
           p == std::string::npos ? std::string() : m.substr(p));
}

}  // namespace pathdb
