// Decimal: Oracle NUMBER as an exact decimal, value = coef * 10^-scale, up to 38 digits.
// First cut keeps a 128-bit coefficient per value; the scaled-int64 fast path comes with the
// full executor (issue 4). Arithmetic raises ORA-01426 on overflow and ORA-01476 on x/0.
#pragma once
#include <array>
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
  //! Truncates toward zero; nullopt if out of int64 range. Inline for the common integer
  //! (scale 0) case: ROWIDs and keys pass through it once a row.
  std::optional<int64_t> ToInt64() const {
    if (scale == 0 && coef >= INT64_MIN && coef <= INT64_MAX) return static_cast<int64_t>(coef);
    return ToInt64Scaled();
  }
  //! ToInt64 of any other value (a scale, or a coefficient beyond int64).
  std::optional<int64_t> ToInt64Scaled() const;
  bool IsInteger() const;  //!< no non-zero fractional digits
  //! Oracle's default text form: "1.5", ".5", "-.25", "100", no trailing zeros.
  std::string ToString() const;

  //! Removes trailing fractional zeros (1.500 -> 1.5); keeps the value.
  Decimal Normalized() const;
  //! ROUND(x, digits) / TRUNC(x, digits); also used to fit NUMBER(p,s) columns.
  Decimal Round(int digits) const;
  Decimal Trunc(int digits) const;
  //! This value stored in NUMBER(precision, scale): rounded to `scale` digits (a negative scale
  //! rounds left of the point: NUMBER(5,-2) turns 1250 into 1300), then ORA-01438 unless it has
  //! at most precision - scale digits before the point (NUMBER(2,-2) holds 9900, NUMBER(2,5)
  //! 0.00099). Precision -1 checks nothing; plain NUMBER (precision and scale -1) is unchanged.
  Decimal FitTo(int precision, int scale) const;

  Decimal operator-() const { return {-coef, scale}; }
  //! + and * are inline for the case an analytic query meets once per row and aggregate:
  //! NUMBER(p,s) operands of at most 18 digits whose exact result keeps below 38 digits.
  //! That case is plain 128-bit integer arithmetic on the scaled coefficients; everything else
  //! (wider operands, rounding to 38 digits, overflow) goes to the general code out of line.
  friend Decimal operator+(const Decimal& a, const Decimal& b) {
    int128 r;
    if (a.scale == b.scale) {
      if (a.scale >= 0 && a.scale <= kMaxFastScale && !__builtin_add_overflow(a.coef, b.coef, &r) &&
          r < kCoefLimit && r > -kCoefLimit)
        return r == 0 ? Decimal{} : Decimal{r, a.scale};
    } else if (Small(a.coef) && Small(b.coef) && a.scale >= 0 && b.scale >= 0 &&
               a.scale <= kMaxFastScale && b.scale <= kMaxFastScale) {
      // Aligning an 18-digit coefficient by at most 18 places stays below 10^37.
      const int32_t d = a.scale - b.scale;
      if (d > 0 && d <= kMaxFastAlign) {
        r = b.coef * Pow10(d) + a.coef;
        return r == 0 ? Decimal{} : Decimal{r, a.scale};
      }
      if (d < 0 && -d <= kMaxFastAlign) {
        r = a.coef * Pow10(-d) + b.coef;
        return r == 0 ? Decimal{} : Decimal{r, b.scale};
      }
    }
    return Add(a, b);
  }
  friend Decimal operator-(const Decimal& a, const Decimal& b) { return a + (-b); }
  friend Decimal operator*(const Decimal& a, const Decimal& b) {
    // Two 18-digit coefficients multiply to at most 36 digits: exact, no overflow check.
    if (Small(a.coef) && Small(b.coef) && a.scale >= 0 && b.scale >= 0 &&
        a.scale + b.scale <= kMaxFastScale) {
      const int128 r = a.coef * b.coef;
      return r == 0 ? Decimal{} : Decimal{r, a.scale + b.scale};
    }
    return Multiply(a, b);
  }
  //! The general + and * (any scale, rounding to 38 digits, ORA-01426 on overflow).
  static Decimal Add(const Decimal& a, const Decimal& b);
  static Decimal Multiply(const Decimal& a, const Decimal& b);
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
  //! Hash that agrees with ==, whatever the scale (1.50, 1.5 and 15e-1 hash alike): a value
  //! that is an integer fitting 64 bits hashes as that integer (HashInt), any other as its
  //! canonical, trailing-zero-free coefficient and scale. Inline for the keys every join and
  //! group meets per row: a NUMBER(p,0) id at scale 0 is one mix, with no division to find
  //! trailing zeros (a join filter hashes every row of a fact table this way).
  uint64_t Hash() const {
    if (scale == 0 && coef >= INT64_MIN && coef <= INT64_MAX)
      return HashInt(static_cast<int64_t>(coef));
    return HashGeneral();
  }
  //! Hash() of the decimal coef * 10^-scale, for a coefficient already in 64 bits (a scan
  //! hashing stored keys without building a Decimal, storage/heap_scan.cpp).
  static uint64_t HashOf(int64_t coef, int64_t scale) {
    if (scale == 0) return HashInt(coef);
    return HashOfScaled(coef, scale);
  }
  //! Hash() of the integer v.
  static uint64_t HashInt(int64_t v) { return HashMix(static_cast<uint64_t>(v)); }
  //! 10^n for n in 0..18 (batch kernels align 18-digit coefficients with it).
  static int64_t Pow10Small(int32_t n) { return kPow10Small[static_cast<size_t>(n)]; }
  //! 10^18: coefficients below it (in magnitude) are the "small" ones of the fast paths.
  static constexpr int64_t kSmallLimit = 1'000'000'000'000'000'000LL;
  //! v = coef x 10^-scale when that is an integer fitting 64 bits (else false).
  static bool SmallToInteger(int64_t coef, int64_t scale, int64_t& v) {
    v = coef;
    if (scale == 0 || coef == 0) return true;
    if (scale < 0) {
      for (int64_t i = 0; i < -scale; ++i) {
        if (__builtin_mul_overflow(v, 10, &v)) return false;
      }
      return true;
    }
    for (int64_t i = 0; i < scale; ++i) {
      if (v % 10 != 0) return false;
      v /= 10;
    }
    return true;
  }

 private:
  static constexpr int128 kCoefLimit = static_cast<int128>(10'000'000'000'000'000'000ULL) *
                                       static_cast<int128>(10'000'000'000'000'000'000ULL);  // 10^38
  static constexpr int32_t kMaxFastAlign = 18;
  //! Scales the general code keeps as they are (Oracle's smallest exponent is -130).
  static constexpr int32_t kMaxFastScale = 130;
  static bool Small(int128 c) { return c < kSmallLimit && c > -kSmallLimit; }
  static uint64_t HashMix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }
  //! The hash of a canonical (trailing-zero-free) coefficient's two halves and its scale.
  static uint64_t HashCanonical(uint64_t lo, uint64_t hi, int64_t scale) {
    return HashMix(HashMix(HashMix(lo) ^ hi) ^ static_cast<uint64_t>(scale));
  }
  uint64_t HashGeneral() const;
  static uint64_t HashOfScaled(int64_t coef, int64_t scale);
  static constexpr std::array<int64_t, kMaxFastAlign + 1> kPow10Small = [] {
    std::array<int64_t, kMaxFastAlign + 1> p{};
    p[0] = 1;
    for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
    return p;
  }();
  static int128 Pow10(int32_t n) { return kPow10Small[static_cast<size_t>(n)]; }
};

}  // namespace pathdb
