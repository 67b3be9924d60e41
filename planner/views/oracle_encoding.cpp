// Oracle's internal (RAW) encodings of values: what LOW_VALUE / HIGH_VALUE show and what
// VSIZE counts, and histogram endpoint values (planner/views/oracle_encoding.h documents the
// formats).
#include "planner/views/oracle_encoding.h"

#include <cstring>

#include "common/datetime.h"
#include "planner/views/view_builder.h"

namespace pathdb::planner {

namespace {

std::string Hex(const std::vector<uint8_t>& bytes) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    s.push_back(kDigits[b >> 4]);
    s.push_back(kDigits[b & 15]);
  }
  return s;
}

// NUMBER: exponent byte, then base-100 digits (+1 each; negatives 101 - d, then 102 when
// fewer than 20 digits).
std::vector<uint8_t> EncodeNumber(const Decimal& d) {
  if (d.coef == 0) return {0x80};
  const bool neg = d.coef < 0;
  unsigned __int128 mag =
      neg ? static_cast<unsigned __int128>(-d.coef) : static_cast<unsigned __int128>(d.coef);
  std::string digits;
  while (mag > 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(mag % 10)));
    mag /= 10;
  }
  std::reverse(digits.begin(), digits.end());
  const int64_t n = static_cast<int64_t>(digits.size());
  const int64_t ip = n - d.scale;  // digits before the decimal point (may be <= 0 or > n)
  const int64_t pad = ((ip % 2) + 2) % 2;
  std::string padded = std::string(static_cast<size_t>(pad), '0') + digits;
  if (padded.size() % 2) padded.push_back('0');
  const int64_t exp = (ip + pad) / 2 - 1;
  std::vector<int> pairs;
  for (size_t i = 0; i < padded.size(); i += 2)
    pairs.push_back((padded[i] - '0') * 10 + (padded[i + 1] - '0'));
  while (!pairs.empty() && pairs.back() == 0) pairs.pop_back();
  std::vector<uint8_t> out;
  if (!neg) {
    out.push_back(static_cast<uint8_t>(0xC1 + exp));
    for (int p : pairs) out.push_back(static_cast<uint8_t>(p + 1));
  } else {
    out.push_back(static_cast<uint8_t>(0x3E - exp));
    for (int p : pairs) out.push_back(static_cast<uint8_t>(101 - p));
    if (pairs.size() < 20) out.push_back(102);
  }
  return out;
}

std::vector<uint8_t> EncodeDate(int64_t micros, bool with_fraction) {
  auto p = datetime::SplitMicros(micros);
  std::vector<uint8_t> out{static_cast<uint8_t>(p.year / 100 + 100),
                           static_cast<uint8_t>(p.year % 100 + 100),
                           static_cast<uint8_t>(p.month),
                           static_cast<uint8_t>(p.day),
                           static_cast<uint8_t>(p.hour + 1),
                           static_cast<uint8_t>(p.minute + 1),
                           static_cast<uint8_t>(p.second + 1)};
  if (with_fraction && p.micros != 0) {
    const auto ns = static_cast<uint32_t>(p.micros * 1000);
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(ns >> s));
  }
  return out;
}

std::vector<uint8_t> Encode(const Value& v) {
  switch (v.type().id) {
    case TypeId::kNumber:
      return EncodeNumber(v.number());
    case TypeId::kVarchar:
    case TypeId::kChar:
      return {v.str().begin(), v.str().end()};
    case TypeId::kDate:
      return EncodeDate(v.date() * datetime::kMicrosPerSecond, false);
    case TypeId::kTimestamp:
      return EncodeDate(v.timestamp(), true);
    case TypeId::kDouble: {
      // Order-preserving: positive numbers get the sign bit set, negative ones are inverted.
      auto bits = std::bit_cast<uint64_t>(v.dbl());
      bits = (bits >> 63) ? ~bits : bits | (uint64_t{1} << 63);
      std::vector<uint8_t> out;
      for (int s = 56; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(bits >> s));
      return out;
    }
    default:
      return {};
  }
}

}  // namespace

std::string OracleRawHex(const Value& v) {
  if (v.is_null()) return "";
  return Hex(Encode(v));
}

size_t OracleInternalSize(const Value& v) {
  if (v.is_null()) return 0;
  switch (v.type().id) {
    case TypeId::kVarchar:
    case TypeId::kChar:
      return v.str().size();
    case TypeId::kDate:
      return 7;
    case TypeId::kDouble:
      return 8;
    default:
      return Encode(v).size();
  }
}

Value HistogramEndpointValue(const Value& v) {
  if (v.is_null()) return views::NullNum();
  switch (v.type().id) {
    case TypeId::kNumber:
      return Value::Number(v.number());
    case TypeId::kDouble:
      return views::DoubleNum(v.dbl());
    case TypeId::kDate:
    case TypeId::kTimestamp: {
      // Julian day number ('J' of 1970-01-01 is 2440588) plus the time of day as a fraction.
      const int64_t micros =
          v.type().id == TypeId::kDate ? v.date() * datetime::kMicrosPerSecond : v.timestamp();
      int64_t days = micros / datetime::kMicrosPerDay;
      int64_t rest = micros % datetime::kMicrosPerDay;
      if (rest < 0) {
        rest += datetime::kMicrosPerDay;
        --days;
      }
      Decimal d = Decimal::FromInt(2440588 + days);
      if (rest != 0) {
        d = d + Decimal::FromInt(rest / datetime::kMicrosPerSecond) / Decimal::FromInt(86400);
      }
      return Value::Number(d);
    }
    case TypeId::kVarchar:
    case TypeId::kChar: {
      // The first 15 bytes as a base-256 number (shorter strings padded with zero bytes),
      // rounded to 15 significant digits.
      unsigned __int128 x = 0;
      const std::string& s = v.str();
      for (size_t i = 0; i < 15; ++i) x = x * 256 + (i < s.size() ? static_cast<uint8_t>(s[i]) : 0);
      unsigned __int128 p = 1;
      for (unsigned __int128 t = x; t >= static_cast<unsigned __int128>(1000000000000000ull);
           t /= 10)
        p *= 10;
      if (p > 1) x = (x + p / 2) / p * p;
      return Value::Number(Decimal{static_cast<int128>(x), 0});
    }
    default:
      return views::NullNum();
  }
}

}  // namespace pathdb::planner
