// Text -> IEEE double for BINARY_DOUBLE literals, SQLite REAL literals and string casts.
// Unlike std::stod, out-of-range text is not an error: it saturates the way IEEE arithmetic
// (and both Oracle's BINARY_DOUBLE and SQLite's REAL) do, so no caller sees an exception.
#pragma once
#include <optional>
#include <string_view>

namespace pathdb {

//! Parses [blanks][+|-]digits[.digits][(e|E)[+|-]digits][blanks] (at least one mantissa digit;
//! ".5" and "5." are fine). Returns the nearest double; a magnitude above DBL_MAX gives +-Inf,
//! one below the smallest subnormal gives a zero of the text's sign. nullopt when the text is
//! not a number in that form (no "inf", "nan" or hex: callers decide about those).
std::optional<double> ParseDouble(std::string_view text);

}  // namespace pathdb
