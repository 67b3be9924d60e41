#include "common/double_text.h"

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace pathdb {

namespace {

bool IsBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

std::optional<double> ParseDouble(std::string_view text) {
  while (!text.empty() && IsBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
  size_t i = 0;
  const size_t n = text.size();
  bool neg = false;
  if (i < n && (text[i] == '+' || text[i] == '-')) neg = text[i++] == '-';
  const size_t body = i;
  // Decimal exponent of the first non-zero mantissa digit (only needed when from_chars says
  // out of range, to tell overflow from underflow).
  int64_t lead = 0;
  bool any = false, nonzero = false;
  for (; i < n && IsDigit(text[i]); ++i) {
    any = true;
    if (nonzero) ++lead;
    if (!nonzero && text[i] != '0') nonzero = true;
  }
  if (i < n && text[i] == '.') {
    for (++i; i < n && IsDigit(text[i]); ++i) {
      any = true;
      if (!nonzero) {
        --lead;
        if (text[i] != '0') nonzero = true;
      }
    }
  }
  if (!any) return std::nullopt;
  int64_t exp = 0;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool eneg = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) eneg = text[i++] == '-';
    if (i >= n || !IsDigit(text[i])) return std::nullopt;
    for (; i < n && IsDigit(text[i]); ++i) {
      // Saturate: anything past a million is out of every range already.
      if (exp < 1000000) exp = exp * 10 + (text[i] - '0');
    }
    if (eneg) exp = -exp;
  }
  if (i != n) return std::nullopt;
  const double zero = neg ? -0.0 : 0.0;
  if (!nonzero) return zero;
  // from_chars takes no '+' and no leading '.' issues; it wants the body after the sign.
  std::string buf = neg ? "-" : "";
  buf.append(text.substr(body));
  double v = 0;
  auto [p, ec] = std::from_chars(buf.data(), buf.data() + buf.size(), v);
  if (ec == std::errc() && p == buf.data() + buf.size()) return v;
  if (ec == std::errc::result_out_of_range) {
    if (lead + exp > 0) {
      const double inf = std::numeric_limits<double>::infinity();
      return neg ? -inf : inf;
    }
    return zero;
  }
  return std::nullopt;
}

}  // namespace pathdb
