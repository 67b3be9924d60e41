#include "common/interval.h"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <vector>

#include "common/datetime.h"
#include "common/error.h"

namespace pathdb::interval {

namespace {

constexpr int64_t kMicrosPerMinute = 60 * datetime::kMicrosPerSecond;
constexpr int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
constexpr std::array<int64_t, 10> kPow10 = {1,      10,      100,      1000,      10000,
                                            100000, 1000000, 10000000, 100000000, 1000000000};

[[noreturn]] void Invalid() { ThrowOra(1867, "the interval is invalid"); }
[[noreturn]] void TooNarrow() { ThrowOra(1873, "the leading precision of the interval is too small"); }

int LeadingPrecision(const Qualifier& q) { return q.leading_precision < 0 ? 2 : q.leading_precision; }

int64_t Digits(int64_t v) {
  int64_t n = 1;
  for (v = v < 0 ? -v : v; v >= 10; v /= 10) ++n;
  return n;
}

// Reads an unsigned decimal field; returns false when there is no digit or it overflows.
bool ReadNumber(std::string_view s, size_t& i, int64_t& out, size_t& ndigits) {
  size_t start = i;
  out = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0) {
    if (out > (INT64_MAX - 9) / 10) return false;
    out = out * 10 + (s[i] - '0');
    ++i;
  }
  ndigits = i - start;
  return ndigits > 0;
}

}  // namespace

bool IsYearMonth(Field f) { return f == Field::kYear || f == Field::kMonth; }

std::string_view FieldName(Field f) {
  switch (f) {
    case Field::kYear: return "YEAR";
    case Field::kMonth: return "MONTH";
    case Field::kDay: return "DAY";
    case Field::kHour: return "HOUR";
    case Field::kMinute: return "MINUTE";
    case Field::kSecond: return "SECOND";
  }
  return "";
}

LogicalType TypeOf(const Qualifier& q) {
  if (IsYearMonth(q.leading)) return LogicalType::IntervalYM(q.leading == Field::kYear ? LeadingPrecision(q) : 2);
  int fs = q.fractional_precision >= 0 ? q.fractional_precision : (q.trailing == Field::kSecond ? 6 : 0);
  return LogicalType::IntervalDS(q.leading == Field::kDay ? LeadingPrecision(q) : 2, fs);
}

int64_t Parse(std::string_view text, const Qualifier& q) {
  // Blanks around the text are allowed, as in Oracle; a sign may lead.
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  // The fields from leading to trailing, each preceded by its separator.
  std::vector<Field> fields;
  for (int f = static_cast<int>(q.leading); f <= static_cast<int>(q.trailing); ++f) {
    fields.push_back(static_cast<Field>(f));
  }
  if (fields.empty()) Invalid();
  size_t i = 0;
  std::array<int64_t, 6> value{};
  int64_t fraction_micros = 0;
  for (size_t k = 0; k < fields.size(); ++k) {
    Field f = fields[k];
    if (k > 0) {
      char sep = f == Field::kMonth ? '-' : (f == Field::kHour ? ' ' : ':');
      if (i >= text.size() || text[i] != sep) Invalid();
      ++i;
    }
    int64_t v = 0;
    size_t nd = 0;
    if (!ReadNumber(text, i, v, nd)) {
      if (k == 0 && f != Field::kSecond) Invalid();
      // "SECOND" may be written as ".5"; any other field needs digits.
      if (!(f == Field::kSecond && i < text.size() && text[i] == '.')) Invalid();
    }
    if (k == 0) {
      if (nd > static_cast<size_t>(LeadingPrecision(q))) TooNarrow();
    } else {
      int64_t limit = f == Field::kMonth ? 11 : (f == Field::kHour ? 23 : 59);
      if (nd > 2 || v > limit) {
        if (f == Field::kMonth) ThrowOra(1843, "not a valid month");
        if (f == Field::kHour) ThrowOra(1850, "hour must be between 0 and 23");
        if (f == Field::kMinute) ThrowOra(1851, "minutes must be between 0 and 59");
        ThrowOra(1852, "seconds must be between 0 and 59");
      }
    }
    value[static_cast<size_t>(f)] = v;
    if (f == Field::kSecond && i < text.size() && text[i] == '.') {
      ++i;
      size_t start = i;
      int64_t micros = 0;
      size_t digits = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) {
        if (digits < 7) micros = micros * 10 + (text[i] - '0');  // one guard digit for rounding
        ++digits;
        ++i;
      }
      if (i == start && nd == 0) Invalid();
      if (digits < 7) micros *= kPow10[7 - std::min<size_t>(digits, 7)];
      fraction_micros = (micros + 5) / 10;
    }
  }
  if (i != text.size()) Invalid();
  int64_t result = 0;
  bool overflow = false;
  auto add = [&](int64_t v, int64_t unit) {
    int64_t t = 0;
    overflow |= __builtin_mul_overflow(v, unit, &t) || __builtin_add_overflow(result, t, &result);
  };
  if (IsYearMonth(q.leading)) {
    add(value[0], 12);
    add(value[1], 1);
  } else {
    add(value[2], datetime::kMicrosPerDay);
    add(value[3], kMicrosPerHour);
    add(value[4], kMicrosPerMinute);
    add(value[5], datetime::kMicrosPerSecond);
    add(fraction_micros, 1);
  }
  if (overflow) TooNarrow();
  result = negative ? -result : result;
  LogicalType t = TypeOf(q);
  // The leading field was checked as written; a non-DAY leading field may still carry into
  // days (INTERVAL '30' HOUR is +01 06:00:00), which the type's day precision must hold.
  if (!IsYearMonth(q.leading) && q.leading != Field::kDay) {
    int64_t days = (result < 0 ? -result : result) / datetime::kMicrosPerDay;
    t.precision = static_cast<int16_t>(std::max<int64_t>(2, Digits(days)));
  }
  return Fit(result, t);
}

int64_t RoundSeconds(int64_t micros, int second_precision) {
  if (second_precision < 0 || second_precision >= 6) return micros;
  int64_t unit = kPow10[6 - second_precision];
  int64_t r = micros % unit;
  int64_t base = micros - r;
  if (r >= 0 ? r * 2 >= unit : -r * 2 >= unit) base += r >= 0 ? unit : -unit;
  return base;
}

int64_t Fit(int64_t value, const LogicalType& t) {
  int p = t.precision < 0 ? 2 : t.precision;
  if (t.id == TypeId::kIntervalYM) {
    int64_t years = (value < 0 ? -value : value) / 12;
    if (p < 9 && years >= kPow10[p]) TooNarrow();
    return value;
  }
  value = RoundSeconds(value, t.scale < 0 ? 6 : t.scale);
  int64_t days = (value < 0 ? -(value / datetime::kMicrosPerDay) : value / datetime::kMicrosPerDay);
  if (p < 9 && days >= kPow10[p]) TooNarrow();
  return value;
}

std::string FormatYM(int64_t months, int year_precision) {
  uint64_t m = months < 0 ? 0 - static_cast<uint64_t>(months) : static_cast<uint64_t>(months);
  return fmt::format("{}{:0{}d}-{:02d}", months < 0 ? '-' : '+', m / 12,
                     year_precision < 0 ? 2 : year_precision, m % 12);
}

std::string FormatDS(int64_t micros, int day_precision, int second_precision) {
  uint64_t u = micros < 0 ? 0 - static_cast<uint64_t>(micros) : static_cast<uint64_t>(micros);
  uint64_t per_day = static_cast<uint64_t>(datetime::kMicrosPerDay);
  uint64_t days = u / per_day;
  uint64_t rest = u % per_day;
  uint64_t secs = rest / 1000000;
  uint64_t frac = rest % 1000000;
  std::string s = fmt::format("{}{:0{}d} {:02d}:{:02d}:{:02d}", micros < 0 ? '-' : '+', days,
                              day_precision < 0 ? 2 : day_precision, secs / 3600, secs / 60 % 60,
                              secs % 60);
  int fs = second_precision < 0 ? 6 : second_precision;
  if (fs > 0) {
    std::string digits = fmt::format("{:06d}", frac);
    if (fs <= 6) {
      digits.resize(static_cast<size_t>(fs));
    } else {
      digits.append(static_cast<size_t>(fs - 6), '0');
    }
    s += '.';
    s += digits;
  }
  return s;
}

std::string Format(int64_t value, const LogicalType& t) {
  if (t.id == TypeId::kIntervalYM) return FormatYM(value, t.precision);
  return FormatDS(value, t.precision, t.scale);
}

}  // namespace pathdb::interval
