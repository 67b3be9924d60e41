#include "common/datetime.h"

#include <fmt/format.h>

#include <array>
#include <cctype>

#include "common/error.h"

namespace pathdb::datetime {

namespace {

constexpr std::array<std::string_view, 12> kMonths = {
    "JANUARY", "FEBRUARY", "MARCH",     "APRIL",   "MAY",      "JUNE",
    "JULY",    "AUGUST",   "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"};
constexpr std::array<std::string_view, 7> kDays = {"SUNDAY",   "MONDAY", "TUESDAY", "WEDNESDAY",
                                                   "THURSDAY", "FRIDAY", "SATURDAY"};

int64_t FloorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

enum class Elem {
  kYYYY,
  kYYY,
  kYY,
  kY,
  kRRRR,
  kRR,
  kMM,
  kMONTH,
  kMON,
  kDD,
  kDDD,
  kD,
  kDAY,
  kDY,
  kHH24,
  kHH12,
  kMI,
  kSS,
  kSSSSS,
  kFF,
  kAM,
  kAMDots,
  kQ,
  kX,
  kFM,
  kFX,
  kLiteral,
  kPunct,
};

struct Token {
  Elem elem;
  size_t len;  // characters of the format consumed
  int ff_digits = 6;
  enum Case { kUpper, kCapital, kLower } text_case = kUpper;
  std::string_view literal;
};

bool StartsWithCI(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

Token NextToken(std::string_view f) {
  struct Entry {
    std::string_view text;
    Elem elem;
  };
  // Longest elements first so that "MONTH" wins over "MON" and "HH24" over "HH".
  static constexpr Entry kEntries[] = {
      {"SSSSS", Elem::kSSSSS}, {"YYYY", Elem::kYYYY},   {"RRRR", Elem::kRRRR},
      {"MONTH", Elem::kMONTH}, {"HH24", Elem::kHH24},   {"HH12", Elem::kHH12},
      {"A.M.", Elem::kAMDots}, {"P.M.", Elem::kAMDots}, {"YYY", Elem::kYYY},
      {"MON", Elem::kMON},     {"DAY", Elem::kDAY},     {"DDD", Elem::kDDD},
      {"YY", Elem::kYY},       {"RR", Elem::kRR},       {"MM", Elem::kMM},
      {"DD", Elem::kDD},       {"DY", Elem::kDY},       {"HH", Elem::kHH12},
      {"MI", Elem::kMI},       {"SS", Elem::kSS},       {"FF", Elem::kFF},
      {"AM", Elem::kAM},       {"PM", Elem::kAM},       {"FM", Elem::kFM},
      {"FX", Elem::kFX},       {"Y", Elem::kY},         {"D", Elem::kD},
      {"Q", Elem::kQ},         {"X", Elem::kX},
  };
  char c0 = f[0];
  if (c0 == '"') {
    size_t end = f.find('"', 1);
    if (end == std::string_view::npos) ThrowOra(1821, "date format not recognized");
    return {Elem::kLiteral, end + 1, 6, Token::kUpper, f.substr(1, end - 1)};
  }
  if (!std::isalnum(static_cast<unsigned char>(c0))) {
    return {Elem::kPunct, 1, 6, Token::kUpper, f.substr(0, 1)};
  }
  for (const auto& e : kEntries) {
    if (!StartsWithCI(f, e.text)) continue;
    Token t{e.elem, e.text.size(), 6, Token::kUpper, {}};
    if (e.elem == Elem::kFF && f.size() > 2 && f[2] >= '1' && f[2] <= '9') {
      t.ff_digits = f[2] - '0';
      t.len = 3;
    }
    bool up0 = std::isupper(static_cast<unsigned char>(f[0]));
    bool up1 = f.size() > 1 && std::isupper(static_cast<unsigned char>(f[1]));
    t.text_case =
        up0 ? (up1 || e.text.size() == 1 ? Token::kUpper : Token::kCapital) : Token::kLower;
    return t;
  }
  ThrowOra(1821, "date format not recognized");
}

std::string ApplyCase(std::string_view upper, Token::Case c) {
  std::string s(upper);
  for (size_t i = 0; i < s.size(); ++i) {
    if (c == Token::kLower || (c == Token::kCapital && i > 0))
      s[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
  }
  return s;
}

std::string Num(int64_t v, int width, bool fm) {
  return fm ? fmt::format("{}", v) : fmt::format("{:0{}d}", v, width);
}

}  // namespace

int64_t DaysFromCivil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = FloorDiv(y, 400);
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

DateParts SplitMicros(int64_t micros) {
  DateParts p;
  int64_t days = FloorDiv(micros, kMicrosPerDay);
  int64_t rest = micros - days * kMicrosPerDay;
  int64_t z = days + 719468;
  int64_t era = FloorDiv(z, 146097);
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  p.day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  p.month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  p.year = yoe + era * 400 + (p.month <= 2);
  p.micros = rest % kMicrosPerSecond;
  int64_t secs = rest / kMicrosPerSecond;
  p.hour = static_cast<int>(secs / 3600);
  p.minute = static_cast<int>(secs / 60 % 60);
  p.second = static_cast<int>(secs % 60);
  return p;
}

int64_t JoinMicros(const DateParts& p) {
  int64_t days = DaysFromCivil(p.year, p.month, p.day);
  return (days * kSecondsPerDay + p.hour * 3600 + p.minute * 60 + p.second) * kMicrosPerSecond +
         p.micros;
}

int DaysInMonth(int64_t year, int month) {
  static constexpr int kLen[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kLen[month - 1];
}

int64_t AddMonths(int64_t micros, int64_t months) {
  // Beyond 20,000 years either way the year is out of range anyway, and the month count
  // below cannot overflow.
  if (months > 12 * 20000 || months < -12 * 20000) {
    ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
  }
  DateParts p = SplitMicros(micros);
  bool last = p.day == DaysInMonth(p.year, p.month);
  int64_t total = p.year * 12 + (p.month - 1) + months;
  p.year = FloorDiv(total, 12);
  p.month = static_cast<int>(total - p.year * 12) + 1;
  int dim = DaysInMonth(p.year, p.month);
  if (last || p.day > dim) p.day = dim;
  const int64_t out = JoinMicros(p);
  CheckYearRange(out);
  return out;
}

int64_t AddMonthsStrict(int64_t micros, int64_t months) {
  if (months > 12 * 20000 || months < -12 * 20000) {
    ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
  }
  DateParts p = SplitMicros(micros);
  int64_t total = p.year * 12 + (p.month - 1) + months;
  p.year = FloorDiv(total, 12);
  p.month = static_cast<int>(total - p.year * 12) + 1;
  if (p.year < -4712 || p.year > 9999) {
    ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
  }
  if (p.day > DaysInMonth(p.year, p.month)) ThrowOra(1839, "date not valid for month specified");
  return JoinMicros(p);
}

void CheckYearRange(int64_t micros) {
  static const int64_t kLow = DaysFromCivil(-4712, 1, 1) * kMicrosPerDay;
  static const int64_t kHigh = DaysFromCivil(10000, 1, 1) * kMicrosPerDay;
  if (micros < kLow || micros >= kHigh) {
    ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
  }
}

std::string Format(int64_t micros, std::string_view f) {
  DateParts p = SplitMicros(micros);
  std::string out;
  bool fm = false;
  int64_t days = FloorDiv(micros, kMicrosPerDay);
  int dow = static_cast<int>(((days + 4) % 7 + 7) % 7);  // 1970-01-01 was a Thursday
  while (!f.empty()) {
    Token t = NextToken(f);
    std::string_view src = f.substr(0, t.len);
    f.remove_prefix(t.len);
    int hour12 = p.hour % 12 == 0 ? 12 : p.hour % 12;
    switch (t.elem) {
      case Elem::kYYYY:
      case Elem::kRRRR:
        out += Num(p.year, 4, fm);
        break;
      case Elem::kYYY:
        out += Num(p.year % 1000, 3, fm);
        break;
      case Elem::kYY:
      case Elem::kRR:
        out += Num(p.year % 100, 2, fm);
        break;
      case Elem::kY:
        out += Num(p.year % 10, 1, fm);
        break;
      case Elem::kMM:
        out += Num(p.month, 2, fm);
        break;
      case Elem::kMONTH: {
        std::string m = ApplyCase(kMonths[p.month - 1], t.text_case);
        if (!fm) m.resize(9, ' ');
        out += m;
        break;
      }
      case Elem::kMON:
        out += ApplyCase(kMonths[p.month - 1].substr(0, 3), t.text_case);
        break;
      case Elem::kDD:
        out += Num(p.day, 2, fm);
        break;
      case Elem::kDDD:
        out += Num(days - DaysFromCivil(p.year, 1, 1) + 1, 3, fm);
        break;
      case Elem::kD:
        out += Num(dow + 1, 1, fm);
        break;
      case Elem::kDAY: {
        std::string d = ApplyCase(kDays[dow], t.text_case);
        if (!fm) d.resize(9, ' ');
        out += d;
        break;
      }
      case Elem::kDY:
        out += ApplyCase(kDays[dow].substr(0, 3), t.text_case);
        break;
      case Elem::kHH24:
        out += Num(p.hour, 2, fm);
        break;
      case Elem::kHH12:
        out += Num(hour12, 2, fm);
        break;
      case Elem::kMI:
        out += Num(p.minute, 2, fm);
        break;
      case Elem::kSS:
        out += Num(p.second, 2, fm);
        break;
      case Elem::kSSSSS:
        out += Num(p.hour * 3600 + p.minute * 60 + p.second, 5, fm);
        break;
      case Elem::kFF: {
        std::string frac = fmt::format("{:06d}", p.micros);
        frac.resize(static_cast<size_t>(t.ff_digits), '0');
        out += frac;
        break;
      }
      case Elem::kAM:
        out += ApplyCase(p.hour < 12 ? "AM" : "PM", t.text_case);
        break;
      case Elem::kAMDots:
        out += ApplyCase(p.hour < 12 ? "A.M." : "P.M.", t.text_case);
        break;
      case Elem::kQ:
        out += Num((p.month - 1) / 3 + 1, 1, true);
        break;
      case Elem::kX:
        out += '.';
        break;
      case Elem::kFM:
        fm = !fm;
        break;
      case Elem::kFX:
        break;
      case Elem::kLiteral:
        out += t.literal;
        break;
      case Elem::kPunct:
        out += src;
        break;
    }
  }
  return out;
}

int64_t Parse(std::string_view text, std::string_view f, int64_t now_micros) {
  DateParts now = SplitMicros(now_micros);
  DateParts p;
  p.year = now.year;
  p.month = now.month;
  p.day = 1;
  int hour12 = -1;
  bool pm = false, has_meridian = false;
  size_t pos = 0;
  auto skip_spaces = [&] {
    while (pos < text.size() && text[pos] == ' ') ++pos;
  };
  auto read_num = [&](int max_digits) -> int64_t {
    skip_spaces();
    size_t start = pos;
    int64_t v = 0;
    while (pos < text.size() && pos - start < static_cast<size_t>(max_digits) &&
           std::isdigit(static_cast<unsigned char>(text[pos])))
      v = v * 10 + (text[pos++] - '0');
    if (pos == start)
      ThrowOra(1858, "a non-numeric character was found where a numeric was expected");
    return v;
  };
  auto read_name = [&](auto names, size_t min_len, int error) -> int {
    skip_spaces();
    std::string_view rest = text.substr(pos);
    for (size_t i = 0; i < names.size(); ++i) {
      if (StartsWithCI(rest, names[i])) {
        pos += names[i].size();
        return static_cast<int>(i);
      }
    }
    for (size_t i = 0; i < names.size(); ++i) {
      if (StartsWithCI(rest, names[i].substr(0, min_len))) {
        pos += min_len;
        return static_cast<int>(i);
      }
    }
    if (error == 1843) ThrowOra(1843, "not a valid month");
    ThrowOra(1846, "not a valid day of the week");
  };
  auto two_digit_year = [&](int64_t v, size_t digits, bool rr) -> int64_t {
    if (digits > 2) return v;
    int64_t century = now.year / 100 * 100;
    if (!rr) return century + v;
    int64_t now_yy = now.year % 100;
    if (now_yy < 50) return v < 50 ? century + v : century - 100 + v;
    return v < 50 ? century + 100 + v : century + v;
  };
  while (!f.empty()) {
    Token t = NextToken(f);
    f.remove_prefix(t.len);
    switch (t.elem) {
      case Elem::kYYYY:
      case Elem::kRRRR:
      case Elem::kYYY:
      case Elem::kY: {
        size_t start = pos;
        int64_t v = read_num(t.elem == Elem::kY ? 1 : 4);
        p.year = t.elem == Elem::kRRRR ? two_digit_year(v, pos - start, true) : v;
        break;
      }
      case Elem::kYY:
      case Elem::kRR: {
        skip_spaces();
        size_t start = pos;
        int64_t v = read_num(4);
        p.year = two_digit_year(v, pos - start, t.elem == Elem::kRR);
        break;
      }
      case Elem::kMM:
        p.month = static_cast<int>(read_num(2));
        break;
      case Elem::kMON:
      case Elem::kMONTH:
        p.month = read_name(kMonths, 3, 1843) + 1;
        break;
      case Elem::kDD:
        p.day = static_cast<int>(read_num(2));
        break;
      case Elem::kDDD:
        read_num(3);
        break;
      case Elem::kD:
        read_num(1);
        break;
      case Elem::kDAY:
      case Elem::kDY:
        read_name(kDays, 3, 1846);
        break;
      case Elem::kHH24:
        p.hour = static_cast<int>(read_num(2));
        break;
      case Elem::kHH12:
        hour12 = static_cast<int>(read_num(2));
        break;
      case Elem::kMI:
        p.minute = static_cast<int>(read_num(2));
        break;
      case Elem::kSS:
        p.second = static_cast<int>(read_num(2));
        break;
      case Elem::kSSSSS: {
        int64_t s = read_num(5);
        p.hour = static_cast<int>(s / 3600);
        p.minute = static_cast<int>(s / 60 % 60);
        p.second = static_cast<int>(s % 60);
        break;
      }
      case Elem::kFF: {
        skip_spaces();
        size_t start = pos;
        int64_t v = read_num(9);
        size_t digits = pos - start;
        while (digits < 6) v *= 10, ++digits;
        while (digits > 6) v /= 10, --digits;
        p.micros = v;
        break;
      }
      case Elem::kAM:
      case Elem::kAMDots: {
        skip_spaces();
        std::string_view rest = text.substr(pos);
        has_meridian = true;
        if (StartsWithCI(rest, "A.M.") || StartsWithCI(rest, "P.M.")) {
          pm = StartsWithCI(rest, "P");
          pos += 4;
        } else if (StartsWithCI(rest, "AM") || StartsWithCI(rest, "PM")) {
          pm = StartsWithCI(rest, "P");
          pos += 2;
        } else {
          ThrowOra(1855, "AM/A.M. or PM/P.M. required");
        }
        break;
      }
      case Elem::kQ:
        read_num(1);
        break;
      case Elem::kX:
      case Elem::kPunct:
        if (pos < text.size() && !std::isalnum(static_cast<unsigned char>(text[pos]))) {
          ++pos;
        } else if (pos < text.size()) {
          ThrowOra(1861, "literal does not match format string");
        }
        break;
      case Elem::kLiteral:
        if (!StartsWithCI(text.substr(pos), [&] {
              std::string u(t.literal);
              for (auto& ch : u)
                ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
              return u;
            }()))
          ThrowOra(1861, "literal does not match format string");
        pos += t.literal.size();
        break;
      case Elem::kFM:
      case Elem::kFX:
        break;
    }
  }
  skip_spaces();
  if (pos < text.size())
    ThrowOra(1830, "date format picture ends before converting entire input string");
  if (hour12 >= 0) {
    if (hour12 < 1 || hour12 > 12) ThrowOra(1849, "hour must be between 1 and 12");
    p.hour = hour12 % 12 + (has_meridian && pm ? 12 : 0);
  }
  if (p.year == 0 || p.year < -4713 || p.year > 9999)
    ThrowOra(1841, "(full) year must be between -4713 and +9999, and not be 0");
  if (p.month < 1 || p.month > 12) ThrowOra(1843, "not a valid month");
  if (p.day < 1 || p.day > DaysInMonth(p.year, p.month))
    ThrowOra(1847, "day of month must be between 1 and last day of month");
  if (p.hour > 23) ThrowOra(1850, "hour must be between 0 and 23");
  if (p.minute > 59) ThrowOra(1851, "minutes must be between 0 and 59");
  if (p.second > 59) ThrowOra(1852, "seconds must be between 0 and 59");
  return JoinMicros(p);
}

}  // namespace pathdb::datetime
