// Oracle's internal (RAW) encodings of values, as the dictionary views (LOW_VALUE, HIGH_VALUE,
// ENDPOINT_VALUE) and DBMS_STATS show and store them. Pure functions.
#pragma once
#include <cstddef>
#include <string>

#include "common/value.h"

namespace pathdb::planner {

//! Oracle's internal (RAW) encoding of a value in upper-case hex, as LOW_VALUE/HIGH_VALUE
//! show it: NUMBER in base-100 (1 -> C102, -1 -> 3E6466, 0 -> 80), strings as their bytes,
//! DATE as 7 bytes (century+100, year+100, month, day, hour+1, minute+1, second+1),
//! TIMESTAMP as DATE plus 4 bytes of nanoseconds when non-zero, BINARY_DOUBLE as the
//! order-preserving 8 bytes.
std::string OracleRawHex(const Value& v);
//! Bytes of the internal encoding (what VSIZE returns); 0 for NULL.
size_t OracleInternalSize(const Value& v);
//! ENDPOINT_VALUE of a histogram endpoint: numbers as themselves, DATE/TIMESTAMP as Julian
//! day numbers with the time as a fraction, strings as Oracle does (the first 15 bytes read
//! as a base-256 number, rounded to 15 significant digits).
Value HistogramEndpointValue(const Value& v);

}  // namespace pathdb::planner
