// Decimal: Oracle NUMBER as an exact decimal, value = coef * 10^-scale, up to 38 digits.
// First cut keeps a 128-bit coefficient per value; the scaled-int64 fast path comes with the
// full executor (issue 4). Arithmetic raises ORA-01426 on overflow and ORA-01476 on x/0.
#pragma once
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pathdb {

using int128 = __int128;

struct Decimal {
  int128 coef = 0;
  int32_t scale = 0;  //!< digits after the point, 0..127 (Oracle NUMBER scale range -84..127)

  static constexpr int kMaxDigits = 38;

  static Decimal FromInt(int64_t v) { return {v, 0}; }
  //! Nearest decimal with at most 38 significant digits (as TO_NUMBER of a BINARY_DOUBLE).
  static Decimal FromDouble(double d);
  //! Parses "12", "-1.50", "1e3", ".5"; nullopt when not a number (caller raises ORA-01722).
  static std::optional<Decimal> Parse(std::string_view text);

  double ToDouble() const;
  //! Truncates toward zero; nullopt if out of int64 range.
  std::optional<int64_t> ToInt64() const;
  bool IsInteger() const;  //!< no non-zero fractional digits
  //! Oracle's default text form: "1.5", ".5", "-.25", "100", no trailing zeros.
  std::string ToString() const;

  //! Removes trailing fractional zeros (1.500 -> 1.5); keeps the value.
  Decimal Normalized() const;
  //! ROUND(x, digits) / TRUNC(x, digits); also used to fit NUMBER(p,s) columns.
  Decimal Round(int digits) const;
  Decimal Trunc(int digits) const;

  Decimal operator-() const { return {-coef, scale}; }
  friend Decimal operator+(const Decimal& a, const Decimal& b);
  friend Decimal operator-(const Decimal& a, const Decimal& b);
  friend Decimal operator*(const Decimal& a, const Decimal& b);
  //! Exact to 38 significant digits, as Oracle (1/3 = .3333333333333333333333333333333333333333).
  friend Decimal operator/(const Decimal& a, const Decimal& b);
  //! MOD(a, b) with Oracle's sign rule (sign of a); MOD(a, 0) = a.
  static Decimal Mod(const Decimal& a, const Decimal& b);
  //! Integer division truncating toward zero (SQLITE dialect '/').
  static Decimal IntDiv(const Decimal& a, const Decimal& b);

  //! Inline for equal scales (a scan compares a NUMBER(p,0) column with an integer once per
  //! row); other scales are aligned out of line.
  friend std::strong_ordering operator<=>(const Decimal& a, const Decimal& b) {
    if (a.scale == b.scale) return a.coef <=> b.coef;
    return CompareScaled(a, b);
  }
  static std::strong_ordering CompareScaled(const Decimal& a, const Decimal& b);
  friend bool operator==(const Decimal& a, const Decimal& b) {
    return (a <=> b) == std::strong_ordering::equal;
  }
  //! Hash that agrees with ==, whatever the scale (1.50 and 1.5 hash alike).
  uint64_t Hash() const;
};

}  // namespace pathdb
