// Decimal arithmetic. Fast paths stay in __int128; anything that could exceed 38 digits goes
// through a 512-bit integer and is rounded back to 38 significant digits (as Oracle does).
#include "common/decimal.h"

#include <fmt/format.h>

#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdlib>

#include "common/error.h"

namespace pathdb {

namespace {

namespace mp = boost::multiprecision;
using Big = mp::int512_t;
using uint128 = unsigned __int128;

constexpr std::array<int128, 39> MakePow10() {
  std::array<int128, 39> p{};
  p[0] = 1;
  for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
  return p;
}
constexpr std::array<int128, 39> kPow10 = MakePow10();
constexpr int128 kLimit = kPow10[38];  // coefficients stay below 10^38 (38 digits)
// Oracle NUMBER range: magnitudes from 1e-130 up to (but excluding) 1e126.
constexpr int kMaxExponent = 125;
constexpr int kMinExponent = -130;
// Alignments wider than this cannot matter at 38 digits and would overflow the 512-bit Big.
constexpr int64_t kMaxAlign = 100;

int128 Abs(int128 v) {
  return v < 0 ? -v : v;
}
int Sign(int128 v) {
  return (v > 0) - (v < 0);
}

int Digits(int128 v) {
  uint128 u = static_cast<uint128>(Abs(v));
  int d = 1;
  while (d < 39 && u >= static_cast<uint128>(kPow10[d])) ++d;
  return d;
}

[[noreturn]] void Overflow() {
  ThrowOra(1426, "numeric overflow");
}
[[noreturn]] void DivideByZero() {
  ThrowOra(1476, "divisor is equal to zero");
}

Big ToBig(int128 v) {
  uint128 u = static_cast<uint128>(Abs(v));
  Big b = Big(static_cast<uint64_t>(u >> 64));
  b <<= 64;
  b += Big(static_cast<uint64_t>(u));
  return v < 0 ? Big(-b) : b;
}

// |b| must be below 2^127.
int128 FromBig(const Big& b) {
  Big mag = mp::abs(b);
  uint64_t lo = static_cast<uint64_t>(mag & Big(UINT64_MAX));
  uint64_t hi = static_cast<uint64_t>(mag >> 64);
  int128 v = static_cast<int128>((static_cast<uint128>(hi) << 64) | lo);
  return b < 0 ? -v : v;
}

Big BigPow10(int64_t n) {
  return mp::pow(Big(10), static_cast<unsigned>(n));
}

// Brings (c, scale) into range: coefficient below 10^38, integers at scale 0 when they fit,
// exponent checked against Oracle's limits.
Decimal Canon(int128 c, int64_t scale) {
  if (c == 0) return {};
  // Common case: at most 38 digits and a scale that keeps the exponent within Oracle's range.
  if (scale >= 0 && scale <= -kMinExponent && Abs(c) < kLimit)
    return {c, static_cast<int32_t>(scale)};
  if (Abs(c) >= kLimit) {
    int128 q = c / 10, r = c % 10;
    if (Abs(r) >= 5) q += Sign(c);
    c = q;
    --scale;
  }
  if (scale < 0 && -scale <= 38 && Abs(c) < kPow10[38 + scale]) {
    c *= kPow10[-scale];
    scale = 0;
  }
  int64_t exponent = Digits(c) - 1 - scale;
  if (exponent > kMaxExponent) Overflow();
  if (exponent < kMinExponent) return {};
  return {c, static_cast<int32_t>(scale)};
}

// Rounds an arbitrary-size coefficient to 38 significant digits (half away from zero).
Decimal Finish(Big c, int64_t scale) {
  if (c == 0) return {};
  bool neg = c < 0;
  Big mag = mp::abs(c);
  static const Big kBigLimit = BigPow10(38);
  if (mag >= kBigLimit) {
    int64_t d = 39;
    for (Big p = kBigLimit * 10; mag >= p; p *= 10) ++d;
    int64_t drop = d - 38;
    Big div = BigPow10(drop);
    Big q = mag / div;
    Big r = mag % div;
    if (r * 2 >= div) ++q;
    mag = q;
    scale -= drop;
  }
  int128 v = FromBig(mag);
  return Canon(neg ? -v : v, scale);
}

// Strips trailing fractional zeros, not below `min_scale`.
Decimal Strip(Decimal d, int min_scale) {
  if (d.coef == 0) return {};
  while (d.scale > min_scale && d.coef % 10 == 0) {
    d.coef /= 10;
    --d.scale;
  }
  return d;
}

std::string U128ToString(uint128 u) {
  if (u == 0) return "0";
  char buf[48];
  int pos = 48;
  while (u != 0) {
    buf[--pos] = static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  }
  return std::string(buf + pos, buf + 48);
}

// Aligns two decimals to the larger scale in 128 bits; false if that would overflow.
bool Align128(const Decimal& a, const Decimal& b, int128& ca, int128& cb, int64_t& scale) {
  scale = std::max(a.scale, b.scale);
  ca = a.coef;
  cb = b.coef;
  int64_t da = scale - a.scale, db = scale - b.scale;
  if (da > 38 || db > 38) return false;
  if (da > 0 && __builtin_mul_overflow(ca, kPow10[da], &ca)) return false;
  if (db > 0 && __builtin_mul_overflow(cb, kPow10[db], &cb)) return false;
  return true;
}

int64_t AdjustedExponent(const Decimal& d) {
  return Digits(d.coef) - 1 - d.scale;
}

}  // namespace

Decimal Decimal::FromDouble(double d) {
  if (std::isnan(d) || std::isinf(d)) Overflow();
  if (d == 0) return {};
  // fmt prints the shortest text that round-trips, which is exactly the digits we want.
  auto parsed = Parse(fmt::format("{}", d));
  if (!parsed) Overflow();
  return *parsed;
}

std::optional<Decimal> Decimal::Parse(std::string_view text) {
  auto is_space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  size_t i = 0, n = text.size();
  bool neg = false;
  if (i < n && (text[i] == '+' || text[i] == '-')) neg = text[i++] == '-';
  int128 c = 0;
  int nd = 0;
  int64_t exp = 0;
  bool any = false;
  int first_dropped = -1;
  auto digit = [&](int d, bool fraction) {
    any = true;
    if (c == 0 && d == 0) {
      if (fraction) --exp;
    } else if (nd < 38) {
      c = c * 10 + d;
      ++nd;
      if (fraction) --exp;
    } else {
      if (first_dropped < 0) first_dropped = d;
      if (!fraction) ++exp;
    }
  };
  while (i < n && text[i] >= '0' && text[i] <= '9') digit(text[i++] - '0', false);
  if (i < n && text[i] == '.') {
    ++i;
    while (i < n && text[i] >= '0' && text[i] <= '9') digit(text[i++] - '0', true);
  }
  if (!any) return std::nullopt;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool eneg = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) eneg = text[i++] == '-';
    if (i >= n || text[i] < '0' || text[i] > '9') return std::nullopt;
    int64_t e = 0;
    while (i < n && text[i] >= '0' && text[i] <= '9') {
      if (e < 100000) e = e * 10 + (text[i] - '0');
      ++i;
    }
    exp += eneg ? -e : e;
  }
  if (i != n) return std::nullopt;
  if (c == 0) return Decimal{};
  if (first_dropped >= 5) ++c;
  return Canon(neg ? -c : c, -exp);
}

double Decimal::ToDouble() const {
  static constexpr double kExact[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (Abs(coef) < (int128(1) << 53)) {
    // Both operands exact, so one IEEE operation rounds correctly.
    if (scale >= 0 && scale <= 22) return static_cast<double>(coef) / kExact[scale];
    if (scale < 0 && scale >= -22) return static_cast<double>(coef) * kExact[-scale];
  }
  std::string s = fmt::format("{}{}e{}", coef < 0 ? "-" : "",
                              U128ToString(static_cast<uint128>(Abs(coef))), -scale);
  return std::strtod(s.c_str(), nullptr);
}

std::optional<int64_t> Decimal::ToInt64Scaled() const {
  int128 v;
  if (scale <= 0) {
    if (coef == 0) return 0;
    if (-scale > 18) return std::nullopt;
    if (__builtin_mul_overflow(coef, kPow10[-scale], &v)) return std::nullopt;
  } else {
    v = scale > 38 ? 0 : coef / kPow10[scale];
  }
  if (v > INT64_MAX || v < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(v);
}

bool Decimal::IsInteger() const {
  if (scale <= 0 || coef == 0) return true;
  if (scale > 38) return false;
  return coef % kPow10[scale] == 0;
}

std::string Decimal::ToString() const {
  if (coef == 0) return "0";
  Decimal d = Strip(*this, INT32_MIN);
  std::string digits = U128ToString(static_cast<uint128>(Abs(d.coef)));
  int64_t n = static_cast<int64_t>(digits.size());
  int64_t s = d.scale;
  std::string out = coef < 0 ? "-" : "";
  // Oracle switches to scientific notation when the plain form would exceed 40 characters.
  int64_t plain_len = s <= 0 ? n - s : (s >= n ? s + 1 : n + 1);
  if (plain_len > 40) {
    int64_t e = n - 1 - s;
    out += digits[0];
    out += '.';
    out += n > 1 ? digits.substr(1) : "0";
    out += fmt::format("E{}{:02d}", e < 0 ? '-' : '+', e < 0 ? -e : e);
    return out;
  }
  if (s <= 0) {
    out += digits;
    out.append(static_cast<size_t>(-s), '0');
  } else if (s >= n) {
    out += '.';
    out.append(static_cast<size_t>(s - n), '0');
    out += digits;
  } else {
    out += digits.substr(0, static_cast<size_t>(n - s));
    out += '.';
    out += digits.substr(static_cast<size_t>(n - s));
  }
  return out;
}

Decimal Decimal::Normalized() const {
  return Strip(*this, 0);
}

Decimal Decimal::Round(int digits) const {
  if (scale <= digits || coef == 0) return *this;
  int64_t drop = static_cast<int64_t>(scale) - digits;
  if (drop > 38) return {};
  int128 p = kPow10[drop];
  int128 q = coef / p, r = Abs(coef % p);
  if (r >= p - r) q += Sign(coef);
  return Canon(q, digits);
}

Decimal Decimal::FitTo(int precision, int scale) const {
  Decimal d = *this;
  if ((scale >= 0 || precision > 0) && d.scale > scale) d = d.Round(scale);
  if (precision > 0) {
    // |d| >= 10^digits  <=>  |coef| >= 10^(digits + d.scale)
    const int e = precision - scale + d.scale;
    const int128 mag = Abs(d.coef);
    if (mag != 0 && (e < 0 || (e <= 38 && mag >= kPow10[static_cast<size_t>(e)])))
      ThrowOra(1438, "value larger than specified precision allowed for this column");
  }
  return d;
}

Decimal Decimal::Trunc(int digits) const {
  if (scale <= digits || coef == 0) return *this;
  int64_t drop = static_cast<int64_t>(scale) - digits;
  if (drop > 38) return {};
  return Canon(coef / kPow10[drop], digits);
}

Decimal Decimal::Add(const Decimal& a, const Decimal& b) {
  if (b.coef == 0) return a;
  if (a.coef == 0) return b;
  int128 ca, cb, r;
  int64_t scale;
  if (Align128(a, b, ca, cb, scale) && !__builtin_add_overflow(ca, cb, &r) && Abs(r) < kLimit)
    return Canon(r, scale);
  int64_t diff = std::abs(static_cast<int64_t>(a.scale) - b.scale);
  if (diff > kMaxAlign) {
    // One operand is below the other's 38th digit: it cannot change the rounded result.
    return AdjustedExponent(a) >= AdjustedExponent(b) ? a : b;
  }
  Big ba = ToBig(a.coef) * BigPow10(scale - a.scale);
  Big bb = ToBig(b.coef) * BigPow10(scale - b.scale);
  return Finish(ba + bb, scale);
}

Decimal Decimal::Multiply(const Decimal& a, const Decimal& b) {
  if (a.coef == 0 || b.coef == 0) return {};
  int128 r;
  int64_t scale = static_cast<int64_t>(a.scale) + b.scale;
  if (!__builtin_mul_overflow(a.coef, b.coef, &r) && Abs(r) < kLimit) return Canon(r, scale);
  return Finish(ToBig(a.coef) * ToBig(b.coef), scale);
}

Decimal operator/(const Decimal& a, const Decimal& b) {
  if (b.coef == 0) DivideByZero();
  if (a.coef == 0) return {};
  int64_t scale = static_cast<int64_t>(a.scale) - b.scale;
  if (a.coef % b.coef == 0) return Strip(Canon(a.coef / b.coef, scale), 0);
  // Scale the dividend so the quotient has at least 39 digits, then round to 38.
  int64_t k = 39 + Digits(b.coef) - Digits(a.coef);
  Big num = ToBig(Abs(a.coef)) * BigPow10(k);
  Big q = num / ToBig(Abs(b.coef));
  if ((a.coef < 0) != (b.coef < 0)) q = -q;
  return Strip(Finish(q, scale + k), 0);
}

Decimal Decimal::Mod(const Decimal& a, const Decimal& b) {
  if (b.coef == 0) return a;
  int128 ca, cb;
  int64_t scale;
  if (Align128(a, b, ca, cb, scale)) return Canon(ca % cb, scale);
  if (std::abs(static_cast<int64_t>(a.scale) - b.scale) > kMaxAlign) {
    return a - b * (a / b).Trunc(0);
  }
  Big ba = ToBig(a.coef) * BigPow10(scale - a.scale);
  Big bb = ToBig(b.coef) * BigPow10(scale - b.scale);
  return Finish(ba % bb, scale);
}

Decimal Decimal::IntDiv(const Decimal& a, const Decimal& b) {
  if (b.coef == 0) DivideByZero();
  int128 ca, cb;
  int64_t scale;
  if (Align128(a, b, ca, cb, scale)) return Canon(ca / cb, 0);
  return (a / b).Trunc(0);
}

std::strong_ordering Decimal::CompareScaled(const Decimal& a, const Decimal& b) {
  int sa = Sign(a.coef), sb = Sign(b.coef);
  if (sa != sb || sa == 0) return sa <=> sb;
  int128 ca, cb;
  int64_t scale;
  if (Align128(a, b, ca, cb, scale)) return ca <=> cb;
  int64_t ea = AdjustedExponent(a), eb = AdjustedExponent(b);
  if (ea != eb) return sa > 0 ? ea <=> eb : eb <=> ea;
  Big ba = ToBig(a.coef) * BigPow10(scale - a.scale);
  Big bb = ToBig(b.coef) * BigPow10(scale - b.scale);
  if (ba == bb) return std::strong_ordering::equal;
  return ba < bb ? std::strong_ordering::less : std::strong_ordering::greater;
}

uint64_t Decimal::HashOfScaled(int64_t coef, int64_t scale) {
  int64_t v;
  if (SmallToInteger(coef, scale, v)) return HashInt(v);
  // A fraction, or an integer beyond 64 bits (1e20 as (1, -20) whatever it came as): the
  // stripped coefficient and scale (1.50 and 1.5 hash alike).
  while (coef % 10 == 0) {
    coef /= 10;
    --scale;
  }
  return HashCanonical(static_cast<uint64_t>(coef), coef < 0 ? ~0ULL : 0ULL, scale);
}

uint64_t Decimal::HashGeneral() const {
  // Join and group keys are mostly NUMBER(p,0) ids that fit 64 bits: stripped with 64-bit
  // division (a multiply) instead of 128-bit library calls, same canonical form.
  if (coef >= INT64_MIN && coef <= INT64_MAX) return HashOf(static_cast<int64_t>(coef), scale);
  Decimal d = Strip(*this, INT32_MIN);
  if (d.coef >= INT64_MIN && d.coef <= INT64_MAX)
    return HashOf(static_cast<int64_t>(d.coef), d.scale);
  // A coefficient beyond 64 bits even without trailing zeros: no 64-bit form of the value
  // exists, so only this path meets it.
  uint128 u = static_cast<uint128>(d.coef);
  return HashCanonical(static_cast<uint64_t>(u), static_cast<uint64_t>(u >> 64),
                       static_cast<int64_t>(d.scale));
}

}  // namespace pathdb
