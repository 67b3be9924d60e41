// Conversion functions (TO_CHAR, TO_NUMBER, TO_DATE, TO_TIMESTAMP), date functions and
// DBMS_RANDOM.
#include "common/interval.h"
#include "executor/expr/function_table.h"

namespace pathdb::expr::fn {

namespace {

// The unit argument of NUMTODSINTERVAL / NUMTOYMINTERVAL: case and trailing blanks ignored.
std::string UnitName(const Value& v, const FnCtx& c) {
  std::string unit = Str(v, c);
  for (auto& ch : unit) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  while (!unit.empty() && unit.back() == ' ') unit.pop_back();
  return unit;
}

}  // namespace

void AddDateFunctions(FnMap& m) {
  // ---- conversions
  Add(m, "TO_CHAR", 1, 3, true, [](const Args& a, const FnCtx& c) -> Value {
    const TypeId t = a[0].type().id;
    if (t == TypeId::kDate || t == TypeId::kTimestamp) {
      std::string f = a.size() > 1 ? Str(a[1], c)
                      : t == TypeId::kDate ? c.ctx.nls_date_format
                                            : c.ctx.nls_timestamp_format;
      return S(datetime::Format(Micros(a[0], c), f));
    }
    if (a.size() > 1 && a[0].type().IsNumeric()) return S(NumberToChar(Num(a[0], c), Str(a[1], c)));
    if (t == TypeId::kDouble) return S(DoubleToText(a[0].dbl()));
    return S(Str(a[0], c));
  });
  Add(m, "TO_NUMBER", 1, 3, true, [](const Args& a, const FnCtx& c) {
    if (a[0].type().IsNumeric()) return Value::Number(Num(a[0], c));
    std::string s = Str(a[0], c);
    if (a.size() > 1) {
      std::string t;
      for (char ch : s)
        if (ch != ',' && ch != '$' && ch != ' ') t += ch;
      if (!t.empty() && t.back() == '-') {
        t.pop_back();
        t.insert(t.begin(), '-');
      }
      if (t.size() > 1 && t.front() == '<' && t.back() == '>') {
        t.pop_back();
        t[0] = '-';
      }
      s = t;
    }
    return Value::Number(ParseNumberOrThrow(s, c.ctx));
  });
  Add(m, "TO_DATE", 1, 3, true, [](const Args& a, const FnCtx& c) {
    if (a[0].type().id == TypeId::kDate) return a[0];
    std::string f = a.size() > 1 ? Str(a[1], c) : c.ctx.nls_date_format;
    return DateOf(datetime::Parse(Str(a[0], c), f, c.ctx.statement_time_us));
  });
  Add(m, "TO_TIMESTAMP", 1, 3, true, [](const Args& a, const FnCtx& c) {
    if (a.size() == 1) return CastValue(a[0], LogicalType::Timestamp(), c.ctx);
    return Value::Timestamp(datetime::Parse(Str(a[0], c), Str(a[1], c), c.ctx.statement_time_us));
  });
  // ---- dates and intervals
  Add(m, "EXTRACT", 2, 2, true, [](const Args& a, const FnCtx& c) -> Value {
    const std::string& field = a[0].str();
    const Value& x = a[1];
    if (x.type().IsInterval()) {
      int64_t v = x.interval();
      if (x.type().id == TypeId::kIntervalYM) {
        return Value::Integer(field == "YEAR" ? v / 12 : v % 12);  // signs follow the interval
      }
      const int64_t day = datetime::kMicrosPerDay;
      if (field == "DAY") return Value::Integer(v / day);
      if (field == "HOUR") return Value::Integer(v % day / 3600000000LL);
      if (field == "MINUTE") return Value::Integer(v % 3600000000LL / 60000000);
      return Value::Number(Decimal{v % 60000000, 6}.Normalized());
    }
    datetime::DateParts p = datetime::SplitMicros(Micros(x, c));
    if (field == "YEAR") return Value::Integer(p.year);
    if (field == "MONTH") return Value::Integer(p.month);
    if (field == "DAY") return Value::Integer(p.day);
    if (field == "HOUR") return Value::Integer(p.hour);
    if (field == "MINUTE") return Value::Integer(p.minute);
    return Value::Number(Decimal{p.second * 1000000LL + p.micros, 6}.Normalized());
  });
  // SUM/AVG of intervals run on their units (the binder's rewrite in BindAggregate).
  Add(m, "$INTERVAL_UNITS", 1, 1, true, [](const Args& a, const FnCtx&) {
    return Value::Integer(a[0].interval());
  });
  Add(m, "$UNITS_TO_YM", 1, 1, true, [](const Args& a, const FnCtx& c) -> Value {
    auto v = Num(a[0], c).Trunc(0).ToInt64();
    const LogicalType t = interval::ArithmeticType(TypeId::kIntervalYM);
    if (!v) ThrowOra(1873, "the leading precision of the interval is too small");
    return Value::Interval(interval::Fit(*v, t), t);
  });
  Add(m, "$UNITS_TO_DS", 1, 1, true, [](const Args& a, const FnCtx& c) -> Value {
    auto v = Num(a[0], c).Round(0).ToInt64();
    const LogicalType t = interval::ArithmeticType(TypeId::kIntervalDS);
    if (!v) ThrowOra(1873, "the leading precision of the interval is too small");
    return Value::Interval(interval::Fit(*v, t), t);
  });
  Add(m, "NUMTODSINTERVAL", 2, 2, true, [](const Args& a, const FnCtx& c) -> Value {
    const std::string unit = UnitName(a[1], c);
    int64_t per = unit == "DAY" ? datetime::kMicrosPerDay
                  : unit == "HOUR" ? 3600000000LL
                  : unit == "MINUTE" ? 60000000LL
                  : unit == "SECOND" ? 1000000LL
                                     : 0;
    if (per == 0) ThrowOra(1760, "illegal argument for function");
    auto v = (Num(a[0], c) * Decimal::FromInt(per)).Round(0).ToInt64();
    const LogicalType t = interval::ArithmeticType(TypeId::kIntervalDS);
    if (!v) ThrowOra(1873, "the leading precision of the interval is too small");
    return Value::Interval(interval::Fit(*v, t), t);
  });
  Add(m, "NUMTOYMINTERVAL", 2, 2, true, [](const Args& a, const FnCtx& c) -> Value {
    const std::string unit = UnitName(a[1], c);
    int64_t per = unit == "YEAR" ? 12 : unit == "MONTH" ? 1 : 0;
    if (per == 0) ThrowOra(1760, "illegal argument for function");
    // Oracle keeps whole months: NUMTOYMINTERVAL(1.5, 'YEAR') is +01-06, 1.99 months is +00-01.
    auto v = (Num(a[0], c) * Decimal::FromInt(per)).Trunc(0).ToInt64();
    const LogicalType t = interval::ArithmeticType(TypeId::kIntervalYM);
    if (!v) ThrowOra(1873, "the leading precision of the interval is too small");
    return Value::Interval(interval::Fit(*v, t), t);
  });
  Add(m, "ADD_MONTHS", 2, 2, true, [](const Args& a, const FnCtx& c) {
    return DateOf(datetime::AddMonths(Micros(a[0], c), Int(a[1], c)));
  });
  Add(m, "LAST_DAY", 1, 1, true, [](const Args& a, const FnCtx& c) {
    datetime::DateParts p = datetime::SplitMicros(Micros(a[0], c));
    p.day = datetime::DaysInMonth(p.year, p.month);
    return DateOf(datetime::JoinMicros(p));
  });
  Add(m, "MONTHS_BETWEEN", 2, 2, true, [](const Args& a, const FnCtx& c) {
    int64_t m1 = Micros(a[0], c), m2 = Micros(a[1], c);
    datetime::DateParts p = datetime::SplitMicros(m1), q = datetime::SplitMicros(m2);
    int64_t months = (p.year - q.year) * 12 + (p.month - q.month);
    bool last1 = p.day == datetime::DaysInMonth(p.year, p.month);
    bool last2 = q.day == datetime::DaysInMonth(q.year, q.month);
    if (p.day == q.day || (last1 && last2)) return Value::Number(Decimal::FromInt(months));
    // Oracle: the day-and-time difference counts in 31-day months.
    int64_t s1 = p.day * 86400LL + p.hour * 3600 + p.minute * 60 + p.second;
    int64_t s2 = q.day * 86400LL + q.hour * 3600 + q.minute * 60 + q.second;
    Decimal frac = Decimal::FromInt(s1 - s2) / Decimal::FromInt(31LL * 86400);
    return Value::Number(Decimal::FromInt(months) + frac);
  });
  Add(m, "NEXT_DAY", 2, 2, true, [](const Args& a, const FnCtx& c) {
    std::string day = Str(a[1], c);
    for (auto& ch : day) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    static constexpr std::string_view kNames[] = {"SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY",
                                                  "THURSDAY", "FRIDAY", "SATURDAY"};
    int target = -1;
    for (int i = 0; i < 7; ++i)
      if (day.size() >= 2 && kNames[i].substr(0, std::min(day.size(), kNames[i].size())) == day) target = i;
    if (target < 0) ThrowOra(1846, "not a valid day of the week");
    int64_t m = Micros(a[0], c);
    int64_t days = m / datetime::kMicrosPerDay - (m % datetime::kMicrosPerDay < 0);
    int dow = static_cast<int>(((days + 4) % 7 + 7) % 7);
    int delta = (target - dow + 7) % 7;
    return DateOf(m + (delta == 0 ? 7 : delta) * datetime::kMicrosPerDay);
  });
  Add(m, "SYSDATE", 0, 0, false, [](const Args&, const FnCtx& c) {
    return DateOf(c.ctx.statement_time_us);
  });
  Add(m, "CURRENT_DATE", 0, 0, false, [](const Args&, const FnCtx& c) {
    return DateOf(c.ctx.statement_time_us);
  });
  Add(m, "SYSTIMESTAMP", 0, 0, false, [](const Args&, const FnCtx& c) {
    return Value::Timestamp(c.ctx.statement_time_us);
  });
  Add(m, "CURRENT_TIMESTAMP", 0, 0, false, [](const Args&, const FnCtx& c) {
    return Value::Timestamp(c.ctx.statement_time_us);
  });
  // ---- DBMS_RANDOM (session generator; a statement-seeded one if the session has none)
  Add(m, "DBMS_RANDOM.VALUE", 0, 2, true, [](const Args& a, const FnCtx& c) {
    std::mt19937_64 fallback(static_cast<uint64_t>(c.ctx.statement_time_us));
    double u = std::uniform_real_distribution<double>(0.0, 1.0)(Rng(c.ctx, fallback));
    Decimal d = Decimal::FromDouble(u);
    if (a.size() == 2) {
      Decimal lo = Num(a[0], c), hi = Num(a[1], c);
      d = lo + (hi - lo) * d;
    } else if (a.size() == 1) {
      ThrowOra(6553, "PLS-306: wrong number or types of arguments in call to 'VALUE'");
    }
    return Value::Number(d);
  }, true);
  Add(m, "DBMS_RANDOM.NORMAL", 0, 0, false, [](const Args&, const FnCtx& c) {
    std::mt19937_64 fallback(static_cast<uint64_t>(c.ctx.statement_time_us));
    return Value::Number(Decimal::FromDouble(std::normal_distribution<double>(0, 1)(Rng(c.ctx, fallback))));
  }, true);
  Add(m, "DBMS_RANDOM.RANDOM", 0, 0, false, [](const Args&, const FnCtx& c) {
    std::mt19937_64 fallback(static_cast<uint64_t>(c.ctx.statement_time_us));
    return Value::Integer(std::uniform_int_distribution<int64_t>(INT32_MIN, INT32_MAX)(Rng(c.ctx, fallback)));
  }, true);
  Add(m, "DBMS_RANDOM.STRING", 2, 2, true, [](const Args& a, const FnCtx& c) {
    std::string opt = Str(a[0], c);
    char o = opt.empty() ? 'U' : static_cast<char>(std::toupper(static_cast<unsigned char>(opt[0])));
    std::string alphabet;
    if (o == 'L') alphabet = "abcdefghijklmnopqrstuvwxyz";
    else if (o == 'A') alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    else if (o == 'X') alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    else if (o == 'P') for (char ch = ' '; ch <= '~'; ++ch) alphabet += ch;
    else alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    int64_t n = std::clamp<int64_t>(Int(a[1], c), 0, 4000);
    std::mt19937_64 fallback(static_cast<uint64_t>(c.ctx.statement_time_us));
    auto& rng = Rng(c.ctx, fallback);
    std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1);
    std::string s;
    for (int64_t i = 0; i < n; ++i) s += alphabet[pick(rng)];
    return S(s);
  }, true);
}

}  // namespace pathdb::expr::fn
