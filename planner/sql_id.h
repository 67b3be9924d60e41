// Oracle's statement and plan identifiers: SQL_ID (13 base-32 characters from the MD5 of the
// statement text), HASH_VALUE, and our plan hash value (oracle-reference.md 1.7).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "planner/xplan_format.h"

namespace pathdb::planner {

//! V$SQL.SQL_ID of `text`, exactly as Oracle computes it ("select * from dual" ->
//! a5ks9fhw2v9s1): MD5 over the text and a NUL byte, the last 8 bytes read as two
//! little-endian 32-bit words, printed in base 32.
std::string SqlId(std::string_view text);
//! V$SQL.HASH_VALUE: the last 4 bytes of the same digest.
uint32_t SqlHashValue(std::string_view text);

//! PLAN_HASH_VALUE: a 32-bit hash over (id, parent id, operation, object name) of each plan
//! line in id order, with system-generated names (:BF0000, :TQ..., VW_..., SYS_TEMP_...)
//! normalised so that renaming them does not change the hash.
uint32_t PlanHashValue(const std::vector<xplan::PlanLine>& lines);

}  // namespace pathdb::planner
