// B+tree key encoding: turns SQL values into memcomparable byte strings (memcmp order is the
// SQL order of the key columns, NULL highest) and decodes key columns back into values or
// vector rows. NUMBER, BINARY_DOUBLE, strings, DATE/TIMESTAMP and BOOLEAN each have their own
// byte format, described next to its encoder (see btree.h for the key layout as a whole).
#include <array>
#include <cmath>
#include <limits>

#include "common/error.h"
#include "storage/btree.h"

namespace pathdb::storage {

namespace {

// First byte of a key column. NULL (kKeyNull) is above all of them, so NULLs sort last.
constexpr uint8_t kTagNegative = 0x10;  //!< NUMBER < 0
constexpr uint8_t kTagZero = 0x20;      //!< NUMBER 0, and every other non-NULL type
constexpr uint8_t kTagPositive = 0x30;  //!< NUMBER > 0
constexpr uint8_t kTagValue = 0x20;

[[noreturn]] void ThrowBadKey() {
  ThrowOra(600, "internal error code, arguments: [index-key], [malformed key bytes]");
}

void PutBigEndian64(std::string& out, uint64_t u) {
  for (int i = 7; i >= 0; --i) out.push_back(static_cast<char>((u >> (8 * i)) & 0xff));
}

uint64_t GetBigEndian64(std::string_view key, size_t& pos) {
  if (pos + 8 > key.size()) ThrowBadKey();
  uint64_t u = 0;
  for (int i = 0; i < 8; ++i) u = (u << 8) | static_cast<uint8_t>(key[pos + i]);
  pos += 8;
  return u;
}

// NUMBER: sign tag; then, for value = 0.d1d2d3... x 10^exp with d1 != 0 and no trailing zero
// digits, exp as a biased big-endian u16 and the digits in pairs (one byte 1..100 per pair, the
// last pair padded with 0), ended by 0x00. Equal values (1.5, 1.50) encode alike, a longer
// digit string with the same start is bigger, and negatives are the complement (bigger
// magnitude sorts first).
void AppendDecimal(std::string& out, const Decimal& d) {
  if (d.coef == 0) {
    out.push_back(static_cast<char>(kTagZero));
    return;
  }
  bool neg = d.coef < 0;
  auto u = neg ? -static_cast<unsigned __int128>(d.coef) : static_cast<unsigned __int128>(d.coef);
  std::array<uint8_t, 48> digits;  // least significant first
  int n = 0;
  while (u != 0) {
    digits[n++] = static_cast<uint8_t>(u % 10);
    u /= 10;
  }
  int lo = 0;
  while (digits[lo] == 0) ++lo;
  int exp = n - d.scale;
  size_t start = out.size();
  out.push_back(static_cast<char>(neg ? kTagNegative : kTagPositive));
  auto e = static_cast<uint16_t>(exp + 0x8000);
  out.push_back(static_cast<char>(e >> 8));
  out.push_back(static_cast<char>(e & 0xff));
  for (int i = n - 1; i >= lo; i -= 2) {
    int d1 = digits[i];
    int d2 = i - 1 >= lo ? digits[i - 1] : 0;
    out.push_back(static_cast<char>(d1 * 10 + d2 + 1));
  }
  out.push_back('\0');
  if (neg) {
    for (size_t i = start + 1; i < out.size(); ++i) out[i] = static_cast<char>(~out[i]);
  }
}

Decimal DecodeDecimalKey(std::string_view key, size_t& pos) {
  if (pos >= key.size()) ThrowBadKey();
  auto tag = static_cast<uint8_t>(key[pos++]);
  if (tag == kTagZero) return Decimal{};
  if (tag != kTagNegative && tag != kTagPositive) ThrowBadKey();
  bool neg = tag == kTagNegative;
  auto byte = [&](size_t i) {
    auto b = static_cast<uint8_t>(key[i]);
    return neg ? static_cast<uint8_t>(~b) : b;
  };
  if (pos + 2 > key.size()) ThrowBadKey();
  int exp = ((byte(pos) << 8) | byte(pos + 1)) - 0x8000;
  pos += 2;
  // The first 9 digit pairs are gathered in 64 bits (every key of an index on a NUMBER(18)
  // or a ROWID): int128 arithmetic per pair cost an index fast full scan a third of its time.
  uint64_t head = 0;
  int128 coef = 0;
  int ndigits = 0;
  int pair = 0;
  for (;;) {
    if (pos >= key.size()) ThrowBadKey();
    uint8_t b = byte(pos++);
    if (b == 0) break;
    if (b > 100 || ndigits >= Decimal::kMaxDigits) ThrowBadKey();  // int128 holds 38 digits
    pair = b - 1;
    if (ndigits < 18) {
      head = head * 100 + static_cast<uint64_t>(pair);
    } else {
      if (ndigits == 18) coef = static_cast<int128>(head);
      coef = coef * 100 + pair;
    }
    ndigits += 2;
  }
  const bool trailing_pad = ndigits > 0 && pair % 10 == 0;
  if (ndigits <= 18) {
    // 64-bit arithmetic for the keys that fit (all of an index on a NUMBER(18)): the int128
    // division by 10 of an odd digit count was a library call, and with the int128
    // multiplications below it cost an index fast full scan 300 instructions a key.
    if (trailing_pad) {
      head /= 10;
      --ndigits;
    }
    const int power = exp - ndigits;
    Decimal d;
    if (power >= 0 && exp <= 18) {  // an integer below 10^18
      head *= static_cast<uint64_t>(Decimal::Pow10Small(power));
      d.coef = neg ? -static_cast<int128>(head) : static_cast<int128>(head);
      return d;
    }
    if (power < 0 && -power <= 127 + Decimal::kMaxDigits) {
      d.scale = -power;
      d.coef = neg ? -static_cast<int128>(head) : static_cast<int128>(head);
      return d;
    }
    coef = static_cast<int128>(head);
  } else if (trailing_pad) {
    coef /= 10;
    --ndigits;
  }
  Decimal d;
  int power = exp - ndigits;  // value = coef * 10^power
  if (power >= 0) {
    if (exp <= Decimal::kMaxDigits) {
      for (int i = 0; i < power; ++i) coef *= 10;
      d.scale = 0;
    } else {
      // Beyond 38 integer digits (NUMBER goes to 9.99e125) the value keeps its digits and a
      // negative scale, as Decimal holds it: multiplying out would overflow int128.
      if (exp > 126 + 1) ThrowBadKey();
      d.scale = -power;
    }
  } else {
    // TUNING: NUMBER's largest scale (127) plus 38 digits; beyond it the bytes are damaged.
    if (-power > 127 + Decimal::kMaxDigits) ThrowBadKey();
    d.scale = -power;
  }
  d.coef = neg ? -coef : coef;
  return d;
}

// BINARY_DOUBLE: IEEE bits with the sign flipped (positives) or all bits flipped (negatives).
void AppendDouble(std::string& out, double x) {
  if (x == 0) x = 0.0;  // -0 equals 0
  if (std::isnan(x)) x = std::numeric_limits<double>::quiet_NaN();
  uint64_t u;
  std::memcpy(&u, &x, 8);
  u = (u >> 63) ? ~u : (u | (uint64_t{1} << 63));
  out.push_back(static_cast<char>(kTagValue));
  PutBigEndian64(out, u);
}

double DecodeDoubleKey(std::string_view key, size_t& pos) {
  ++pos;  // tag
  uint64_t u = GetBigEndian64(key, pos);
  u = (u >> 63) ? (u & ~(uint64_t{1} << 63)) : ~u;
  double x;
  std::memcpy(&x, &u, 8);
  return x;
}

// Strings: bytes with 0x00 escaped as 00 FF, ended by 00 01, so a prefix sorts first. CHAR
// drops its trailing blanks: Oracle compares CHAR blank-padded, so 'a' and 'a  ' are equal.
void AppendString(std::string& out, std::string_view s, bool is_char) {
  if (is_char) {
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  }
  out.push_back(static_cast<char>(kTagValue));
  for (char c : s) {
    out.push_back(c);
    if (c == '\0') out.push_back(static_cast<char>(0xff));
  }
  out.push_back('\0');
  out.push_back('\1');
}

std::string DecodeStringKey(std::string_view key, size_t& pos, const LogicalType& t) {
  ++pos;  // tag
  std::string s;
  for (;;) {
    if (pos >= key.size()) ThrowBadKey();
    char c = key[pos++];
    if (c != '\0') {
      s.push_back(c);
      continue;
    }
    if (pos >= key.size()) ThrowBadKey();
    char n = key[pos++];
    if (n == '\1') break;
    if (static_cast<uint8_t>(n) != 0xff) ThrowBadKey();
    s.push_back('\0');
  }
  if (t.id == TypeId::kChar && t.length > s.size()) s.append(t.length - s.size(), ' ');
  return s;
}

void AppendInt64(std::string& out, int64_t v) {
  out.push_back(static_cast<char>(kTagValue));
  PutBigEndian64(out, static_cast<uint64_t>(v) ^ (uint64_t{1} << 63));
}

int64_t DecodeInt64Key(std::string_view key, size_t& pos) {
  ++pos;  // tag
  return static_cast<int64_t>(GetBigEndian64(key, pos) ^ (uint64_t{1} << 63));
}

[[noreturn]] void ThrowKeyType(const Value& v, const LogicalType& t) {
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", t.ToString(), v.type().ToString());
}

constexpr int64_t kMicrosPerSecond = 1000000;

}  // namespace

void AppendKeyNull(std::string& out) {
  out.push_back(static_cast<char>(kKeyNull));
}

void AppendKeyRowId(std::string& out, int64_t packed_rowid) {
  PutBigEndian64(out, static_cast<uint64_t>(packed_rowid));
}

void AppendKeyValue(std::string& out, const Value& v, const LogicalType& t) {
  if (v.is_null()) {
    AppendKeyNull(out);
    return;
  }
  TypeId vt = v.type().id;
  switch (t.id) {
    case TypeId::kNumber:
      if (vt == TypeId::kNumber) return AppendDecimal(out, v.number());
      if (vt == TypeId::kDouble) return AppendDecimal(out, Decimal::FromDouble(v.dbl()));
      if (v.type().IsString()) {
        auto d = Decimal::Parse(v.str());
        if (!d) ThrowOra(1722, "invalid number");
        return AppendDecimal(out, *d);
      }
      break;
    case TypeId::kDouble:
      if (vt == TypeId::kDouble) return AppendDouble(out, v.dbl());
      if (vt == TypeId::kNumber) return AppendDouble(out, v.number().ToDouble());
      break;
    case TypeId::kVarchar:
    case TypeId::kChar:
      if (v.type().IsString()) return AppendString(out, v.str(), t.id == TypeId::kChar);
      break;
    case TypeId::kDate:
      if (vt == TypeId::kDate) return AppendInt64(out, v.date());
      if (vt == TypeId::kTimestamp) {
        // Floor to the second: the caller decides bound inclusiveness for fractions.
        int64_t us = v.timestamp();
        int64_t s = us / kMicrosPerSecond - (us % kMicrosPerSecond < 0 ? 1 : 0);
        return AppendInt64(out, s);
      }
      break;
    case TypeId::kTimestamp:
      if (vt == TypeId::kTimestamp) return AppendInt64(out, v.timestamp());
      if (vt == TypeId::kDate) return AppendInt64(out, v.date() * kMicrosPerSecond);
      break;
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      if (vt == t.id) return AppendInt64(out, v.interval());
      break;
    case TypeId::kBoolean:
      if (vt == TypeId::kBoolean) {
        out.push_back(static_cast<char>(kTagValue));
        out.push_back(v.boolean() ? '\1' : '\0');
        return;
      }
      break;
    case TypeId::kNull:
      break;
  }
  ThrowKeyType(v, t);
}

void AppendKeyFromVector(std::string& out, const Vector& v, size_t row, const LogicalType& t) {
  size_t r = v.kind() == Vector::Kind::kConstant ? 0 : row;
  if (v.IsNull(r)) {
    AppendKeyNull(out);
    return;
  }
  if (v.type().id != t.id) {
    AppendKeyValue(out, v.GetValue(r), t);
    return;
  }
  switch (t.id) {
    case TypeId::kNumber:
      AppendDecimal(out, v.Data<Decimal>()[r]);
      return;
    case TypeId::kDouble:
      AppendDouble(out, v.Data<double>()[r]);
      return;
    case TypeId::kVarchar:
    case TypeId::kChar:
      AppendString(out, v.Data<StringRef>()[r].view(), t.id == TypeId::kChar);
      return;
    case TypeId::kDate:
    case TypeId::kTimestamp:
      AppendInt64(out, v.Data<int64_t>()[r]);
      return;
    default:
      AppendKeyValue(out, v.GetValue(r), t);
  }
}

KeyInteger DecodeIntegerKey(std::string_view key, size_t pos, int64_t& out) {
  const auto* p = reinterpret_cast<const uint8_t*>(key.data());
  const size_t n = key.size();
  if (pos >= n) return KeyInteger::kOther;
  const uint8_t tag = p[pos];
  if (tag == kKeyNull) return KeyInteger::kNull;
  if (tag == kTagZero) {
    out = 0;
    return KeyInteger::kInteger;
  }
  if ((tag != kTagPositive && tag != kTagNegative) || pos + 3 > n) return KeyInteger::kOther;
  // A negative number's bytes after the tag are complemented (AppendDecimal).
  const uint8_t flip = tag == kTagNegative ? 0xff : 0;
  const int exp = (((p[pos + 1] ^ flip) << 8) | (p[pos + 2] ^ flip)) - 0x8000;
  if (exp < 1 || exp > 18) return KeyInteger::kOther;  // below 1 in magnitude, or 10^18 and up
  uint64_t head = 0;
  int digits = 0;
  uint8_t pair = 0;
  for (size_t i = pos + 3;; ++i) {
    if (i >= n) return KeyInteger::kOther;
    const uint8_t b = p[i] ^ flip;
    if (b == 0) break;
    if (b > 100 || digits >= 18) return KeyInteger::kOther;
    pair = static_cast<uint8_t>(b - 1);
    head = head * 100 + pair;
    digits += 2;
  }
  if (digits == 0) return KeyInteger::kOther;
  if (pair % 10 == 0) {  // the last pair's padding digit
    head /= 10;
    --digits;
  }
  if (digits > exp) return KeyInteger::kOther;  // digits after the decimal point
  head *= static_cast<uint64_t>(Decimal::Pow10Small(exp - digits));
  out = flip != 0 ? -static_cast<int64_t>(head) : static_cast<int64_t>(head);
  return KeyInteger::kInteger;
}

size_t DecodeKeyColumn(std::string_view key, size_t pos, const LogicalType& t, Vector& v,
                       size_t row) {
  if (pos >= key.size()) ThrowBadKey();
  if (static_cast<uint8_t>(key[pos]) == kKeyNull) {
    v.SetNull(row, true);
    return pos + 1;
  }
  switch (t.id) {
    case TypeId::kNumber:
      v.Data<Decimal>()[row] = DecodeDecimalKey(key, pos);
      break;
    case TypeId::kDouble:
      v.Data<double>()[row] = DecodeDoubleKey(key, pos);
      break;
    case TypeId::kVarchar:
    case TypeId::kChar: {
      std::string s = DecodeStringKey(key, pos, t);
      v.Data<StringRef>()[row] = v.heap().Add(s);
      break;
    }
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      v.Data<int64_t>()[row] = DecodeInt64Key(key, pos);
      break;
    case TypeId::kBoolean:
      if (pos + 2 > key.size()) ThrowBadKey();
      v.Data<uint8_t>()[row] = key[pos + 1] != 0;
      pos += 2;
      break;
    case TypeId::kNull:
      ThrowBadKey();
  }
  v.SetNull(row, false);
  return pos;
}

Value DecodeKeyValue(std::string_view key, size_t& pos, const LogicalType& t) {
  if (pos >= key.size()) ThrowBadKey();
  if (static_cast<uint8_t>(key[pos]) == kKeyNull) {
    ++pos;
    return Value::Null(t);
  }
  switch (t.id) {
    case TypeId::kNumber:
      return Value::Number(DecodeDecimalKey(key, pos), t);
    case TypeId::kDouble:
      return Value::Double(DecodeDoubleKey(key, pos));
    case TypeId::kVarchar:
    case TypeId::kChar:
      return Value::Varchar(DecodeStringKey(key, pos, t), t);
    case TypeId::kDate:
      return Value::Date(DecodeInt64Key(key, pos));
    case TypeId::kTimestamp:
      return Value::Timestamp(DecodeInt64Key(key, pos));
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return Value::Interval(DecodeInt64Key(key, pos), t);
    case TypeId::kBoolean: {
      if (pos + 2 > key.size()) ThrowBadKey();
      bool b = key[pos + 1] != 0;
      pos += 2;
      return Value::Boolean(b);
    }
    case TypeId::kNull:
      break;
  }
  ThrowBadKey();
}

}  // namespace pathdb::storage
