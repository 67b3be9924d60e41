// Text forms shared by Value::ToString and the expression engine (TO_CHAR, ||).
#pragma once
#include <string>

namespace pathdb {

//! BINARY_DOUBLE as SQL*Plus prints it: "2.5E+000", "1.0E+000", "-1.23456789012346E-005",
//! up to 15 significant digits; "0", "Inf", "-Inf", "Nan".
std::string FormatBinaryDouble(double d);

}  // namespace pathdb
