#include "shell/number_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>

namespace pathdb::shell {
namespace {

struct DecimalText {
  bool negative = false;
  std::string int_digits;   //!< without leading zeros ("" for zero)
  std::string frac_digits;  //!< as written
};

bool ParseDecimalText(const std::string& text, DecimalText* out) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) out->negative = text[i++] == '-';
  bool seen_point = false, any_digit = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.' && !seen_point) {
      seen_point = true;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      any_digit = true;
      (seen_point ? out->frac_digits : out->int_digits).push_back(c);
    } else {
      return false;
    }
  }
  size_t nz = out->int_digits.find_first_not_of('0');
  out->int_digits = nz == std::string::npos ? "" : out->int_digits.substr(nz);
  return any_digit;
}

//! Rounds half away from zero to exactly `n` fraction digits (padding with zeros).
DecimalText RoundTo(const DecimalText& d, size_t n) {
  DecimalText r;
  r.negative = d.negative;
  std::string digits = d.int_digits + d.frac_digits.substr(0, std::min(n, d.frac_digits.size()));
  digits.append(n > d.frac_digits.size() ? n - d.frac_digits.size() : 0, '0');
  bool round_up = d.frac_digits.size() > n && d.frac_digits[n] >= '5';
  if (round_up) {
    int i = static_cast<int>(digits.size()) - 1;
    for (; i >= 0; --i) {
      if (digits[i] == '9') {
        digits[i] = '0';
      } else {
        ++digits[i];
        break;
      }
    }
    if (i < 0) digits.insert(digits.begin(), '1');
  }
  r.int_digits = digits.substr(0, digits.size() - n);
  r.frac_digits = digits.substr(digits.size() - n);
  size_t nz = r.int_digits.find_first_not_of('0');
  r.int_digits = nz == std::string::npos ? "" : r.int_digits.substr(nz);
  return r;
}

bool IsZero(const DecimalText& d) {
  return d.int_digits.empty() && d.frac_digits.find_first_not_of('0') == std::string::npos;
}

//! SQL*Plus writes a NUMBER's exponent with at least two digits (1.2346E+10) but a
//! BINARY_DOUBLE's with three (3.333E-001); the value text tells which it is, as only
//! BINARY_DOUBLE text comes with an exponent.
std::string Scientific(const std::string& text, size_t width) {
  double v = std::strtod(text.c_str(), nullptr);
  size_t sign = v < 0 ? 1 : 0;
  const bool binary_double = text.find_first_of("Ee") != std::string::npos;
  for (int mant = static_cast<int>(width) - static_cast<int>(sign) - 6; mant >= 0; --mant) {
    std::string s = fmt::format("{:.{}E}", v, mant);
    if (binary_double) {
      size_t e = s.find('E');
      if (e != std::string::npos && s.size() - e == 4) {  // E-01 -> E-001
        // Built with += (std::string::insert trips g++12's false -Wrestrict at -O3).
        std::string widened = s.substr(0, e + 2);
        widened += '0';
        widened += s.substr(e + 2);
        s = std::move(widened);
      }
    }
    if (s.size() <= width) return s;
  }
  return std::string(width, '#');
}

}  // namespace

std::string FitNumber(const std::string& text, size_t width) {
  if (text.size() <= width) return text;
  DecimalText d;
  if (!ParseDecimalText(text, &d)) return Scientific(text, width);
  size_t sign = d.negative ? 1 : 0;
  if (sign + d.int_digits.size() <= width) {
    size_t room = width - sign - d.int_digits.size();
    size_t frac = room >= 1 ? room - 1 : 0;
    DecimalText r = RoundTo(d, frac);
    while (!r.frac_digits.empty() && r.frac_digits.back() == '0') r.frac_digits.pop_back();
    if (!IsZero(r)) {
      std::string s = (r.negative ? "-" : "") + r.int_digits;
      if (!r.frac_digits.empty()) s += "." + r.frac_digits;
      if (s.size() <= width) return s;
    }
  }
  return Scientific(text, width);
}

bool IsNumberMask(const std::string& mask) {
  std::string m = mask;
  if (m.size() >= 2 && (m.substr(0, 2) == "FM" || m.substr(0, 2) == "fm")) m = m.substr(2);
  if (m.empty()) return false;
  bool digit = false, point = false;
  for (size_t i = 0; i < m.size(); ++i) {
    char c = m[i];
    if (c == '9' || c == '0') {
      digit = true;
    } else if (c == '.') {
      if (point) return false;
      point = true;
    } else if (c == ',') {
      if (point) return false;
    } else if (c == '$') {
      if (i != 0) return false;
    } else {
      return false;
    }
  }
  return digit;
}

size_t NumberMaskWidth(const std::string& mask) {
  bool fm = mask.size() >= 2 && (mask.substr(0, 2) == "FM" || mask.substr(0, 2) == "fm");
  return (fm ? mask.size() - 2 : mask.size()) + 1;
}

std::string ApplyNumberMask(const std::string& text, const std::string& mask_in) {
  bool fm = mask_in.size() >= 2 && (mask_in.substr(0, 2) == "FM" || mask_in.substr(0, 2) == "fm");
  std::string mask = fm ? mask_in.substr(2) : mask_in;
  size_t width = mask.size() + 1;
  DecimalText d;
  if (!IsNumberMask(mask) || !ParseDecimalText(text, &d)) return std::string(width, '#');
  bool dollar = !mask.empty() && mask[0] == '$';
  if (dollar) mask = mask.substr(1);
  size_t point = mask.find('.');
  std::string int_mask = mask.substr(0, point);
  std::string frac_mask = point == std::string::npos ? "" : mask.substr(point + 1);
  DecimalText r = RoundTo(d, frac_mask.size());
  size_t int_positions = std::count_if(int_mask.begin(), int_mask.end(),
                                       [](char c) { return c == '9' || c == '0'; });
  if (r.int_digits.size() > int_positions) return std::string(width, '#');
  size_t zero_from = int_mask.find('0');
  // Fill the integer part right to left; blanks where neither a digit nor a forced zero goes.
  std::string out(int_mask.size(), ' ');
  size_t digit_idx = 0;  // digits consumed from the right of r.int_digits
  for (int i = static_cast<int>(int_mask.size()) - 1; i >= 0; --i) {
    if (int_mask[i] == ',') continue;
    if (digit_idx < r.int_digits.size()) {
      out[i] = r.int_digits[r.int_digits.size() - 1 - digit_idx];
    } else if (zero_from != std::string::npos && static_cast<size_t>(i) >= zero_from) {
      out[i] = '0';
    }
    ++digit_idx;
  }
  size_t first = out.find_first_not_of(' ');
  for (size_t i = 0; i < int_mask.size(); ++i) {
    if (int_mask[i] == ',' && first != std::string::npos && i > first) out[i] = ',';
  }
  if (first == std::string::npos && frac_mask.empty() && !out.empty()) out.back() = '0';
  if (!frac_mask.empty()) out += "." + r.frac_digits;
  first = out.find_first_not_of(' ');
  if (first == std::string::npos) first = out.size();
  std::string prefix = std::string(r.negative && !IsZero(r) ? "-" : "") + (dollar ? "$" : "");
  std::string result = out.substr(0, first) + prefix + out.substr(first);
  if (fm) {
    result.erase(0, result.find_first_not_of(' '));
    return result;
  }
  if (result.size() < width) result.insert(0, width - result.size(), ' ');
  return result;
}

}  // namespace pathdb::shell
