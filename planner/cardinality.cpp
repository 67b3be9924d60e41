#include "planner/cardinality.h"

#include <algorithm>
#include <cmath>

namespace pathdb::planner::card {

namespace {

using storage::HistogramBucket;
using storage::HistogramType;

bool HasHistogram(const ColumnView& c) {
  return c.usable() && c.stats->histogram != HistogramType::kNone && !c.stats->buckets.empty();
}

//! Rows the histogram describes (its last cumulative endpoint number).
double HistogramRows(const storage::ColumnStats& s) {
  return static_cast<double>(s.buckets.back().endpoint_number);
}

//! Rows in bucket i that equal its endpoint: all of them for frequency-type histograms,
//! the repeat count for hybrid ones.
double EndpointRows(const storage::ColumnStats& s, size_t i) {
  double prev = i == 0 ? 0 : static_cast<double>(s.buckets[i - 1].endpoint_number);
  double in_bucket = static_cast<double>(s.buckets[i].endpoint_number) - prev;
  if (s.histogram == HistogramType::kHybrid) {
    return std::min(in_bucket, static_cast<double>(s.buckets[i].repeat_count));
  }
  return in_bucket;
}

//! Histogram rows strictly below x (or up to and including x), interpolating inside a hybrid
//! bucket between the previous endpoint and this one.
double RowsBelow(const storage::ColumnStats& s, double x, bool inclusive) {
  double prev_end = 0, prev_val = 0;
  for (size_t i = 0; i < s.buckets.size(); ++i) {
    double e = ToScale(s.buckets[i].endpoint);
    double cum = static_cast<double>(s.buckets[i].endpoint_number);
    double at_endpoint = EndpointRows(s, i);
    double between = cum - prev_end - at_endpoint;  // rows strictly inside (prev, e)
    if (x < e) {
      if (between <= 0 || i == 0 || e <= prev_val) return prev_end;
      return prev_end + between * std::clamp((x - prev_val) / (e - prev_val), 0.0, 1.0);
    }
    if (x == e) return inclusive ? cum : cum - at_endpoint;
    prev_end = cum;
    prev_val = e;
  }
  return prev_end;
}

//! Selectivity (of the non-NULL rows) of a value absent from a frequency-type histogram, or
//! of a non-popular value of a hybrid one.
double UnlistedFraction(const ColumnView& c) {
  const auto& s = *c.stats;
  double total = HistogramRows(s);
  if (s.histogram == HistogramType::kFrequency) {
    double least = total;
    for (size_t i = 0; i < s.buckets.size(); ++i) least = std::min(least, EndpointRows(s, i));
    return least / 2 / total;  // half the least frequent value
  }
  // Top-frequency and hybrid: what the listed/popular values leave, spread evenly
  // over the remaining distinct values (Oracle's NewDensity).
  double bucket_size = total / static_cast<double>(s.buckets.size());
  double popular_rows = 0, popular_values = 0;
  for (size_t i = 0; i < s.buckets.size(); ++i) {
    double r = EndpointRows(s, i);
    if (s.histogram != HistogramType::kHybrid || r >= bucket_size) {
      popular_rows += r;
      popular_values += 1;
    }
  }
  double rest_values = std::max(1.0, c.Ndv() - popular_values);
  return std::max(0.0, total - popular_rows) / total / rest_values;
}

}  // namespace

double ColumnView::NonNullFraction() const {
  if (!usable()) return 1.0;
  return std::clamp((num_rows - static_cast<double>(stats->num_nulls)) / num_rows, 0.0, 1.0);
}

double ColumnView::Ndv() const {
  return usable() ? std::max(1.0, static_cast<double>(stats->num_distinct)) : 1.0;
}

double ToScale(const Value& v) {
  if (v.is_null()) return 0;
  switch (v.type().id) {
    case TypeId::kVarchar:
    case TypeId::kChar: {
      // Oracle compares strings on their leading bytes; 7 bytes fit a double exactly.
      double x = 0, scale = 1;
      const std::string& s = v.str();
      for (size_t i = 0; i < 7; ++i) {
        scale /= 256;
        if (i < s.size()) x += static_cast<unsigned char>(s[i]) * scale;
      }
      return x;
    }
    case TypeId::kDate:
      return static_cast<double>(v.date());
    case TypeId::kTimestamp:
      return static_cast<double>(v.timestamp()) / 1e6;
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return static_cast<double>(v.interval());
    case TypeId::kDouble:
      return v.dbl();
    case TypeId::kBoolean:
      return v.boolean() ? 1 : 0;
    default:
      return v.number().ToDouble();
  }
}

double EqualitySel(const ColumnView& c, const Value& v) {
  if (!c.usable()) return kDefaultEquality;
  if (v.is_null()) return 0;
  double nn = c.NonNullFraction();
  if (HasHistogram(c)) {
    const auto& s = *c.stats;
    double x = ToScale(v);
    for (size_t i = 0; i < s.buckets.size(); ++i) {
      if (ToScale(s.buckets[i].endpoint) != x) continue;
      double r = EndpointRows(s, i);
      double total = HistogramRows(s);
      bool popular = s.histogram != HistogramType::kHybrid ||
                     r >= total / static_cast<double>(s.buckets.size());
      return nn * (popular ? r / total : std::max(r / total, UnlistedFraction(c)));
    }
    return nn * UnlistedFraction(c);
  }
  double sel = nn / c.Ndv();
  if (!c.stats->low_value || !c.stats->high_value) return sel;
  double lo = ToScale(*c.stats->low_value), hi = ToScale(*c.stats->high_value);
  double x = ToScale(v);
  if (x >= lo && x <= hi) return sel;
  // Outside the known range the estimate decays linearly, reaching 0 one range width away.
  double width = hi - lo;
  if (width <= 0) return 0;
  double dist = x < lo ? lo - x : x - hi;
  return sel * std::max(0.0, 1.0 - dist / width);
}

double EqualityBindSel(const ColumnView& c) {
  if (!c.usable()) return kDefaultEquality;
  if (HasHistogram(c)) return c.NonNullFraction() * UnlistedFraction(c);
  return c.NonNullFraction() / c.Ndv();
}

double NotEqualSel(const ColumnView& c, const Value& v) {
  if (!c.usable()) return 1.0 - kDefaultEquality;
  if (v.is_null()) return 0;
  return std::max(0.0, c.NonNullFraction() - EqualitySel(c, v));
}

double InListSel(const ColumnView& c, const std::vector<Value>& values) {
  double sel = 0;
  for (const auto& v : values) sel += EqualitySel(c, v);
  return std::min(sel, c.usable() ? c.NonNullFraction() : 1.0);
}

double RangeSel(const ColumnView& c, const Range& r) {
  if (!c.usable()) return r.low && r.high ? kDefaultBetweenBinds * 4 : kDefaultRange;
  const auto& s = *c.stats;
  double nn = c.NonNullFraction();
  if ((r.low && r.low->is_null()) || (r.high && r.high->is_null())) return 0;
  if (HasHistogram(c)) {
    double total = HistogramRows(s);
    double below_high = r.high ? RowsBelow(s, ToScale(*r.high), r.high_inclusive) : total;
    double below_low = r.low ? RowsBelow(s, ToScale(*r.low), !r.low_inclusive) : 0;
    return nn * std::clamp((below_high - below_low) / total, 0.0, 1.0);
  }
  if (!s.low_value || !s.high_value) return 0;
  double lo = ToScale(*s.low_value), hi = ToScale(*s.high_value);
  double a = r.low ? ToScale(*r.low) : lo;
  double b = r.high ? ToScale(*r.high) : hi;
  if (b < a || b < lo || a > hi) return 0;
  double ndv = c.Ndv();
  if (hi <= lo) return nn;  // one distinct value, inside the range
  double sel = (std::min(b, hi) - std::max(a, lo)) / (hi - lo);
  // A closed end that falls inside the column's range adds one value's worth.
  if (r.low && r.low_inclusive && a >= lo && a <= hi) sel += 1.0 / ndv;
  if (r.high && r.high_inclusive && b >= lo && b <= hi) sel += 1.0 / ndv;
  return nn * std::clamp(sel, 0.0, 1.0);
}

double LikeSel(const ColumnView& c, std::string_view pattern, char escape) {
  std::string prefix;
  bool wildcard = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char ch = pattern[i];
    if (escape != '\0' && ch == escape && i + 1 < pattern.size()) {
      prefix += pattern[++i];
      continue;
    }
    if (ch == '%' || ch == '_') {
      wildcard = true;
      break;
    }
    prefix += ch;
  }
  if (!wildcard) return EqualitySel(c, Value::Varchar(prefix));
  if (prefix.empty() || !c.usable()) return kDefaultRange;
  // 'abc%' is the range 'abc' <= col < 'abd'.
  std::string upper = prefix;
  while (!upper.empty() && static_cast<unsigned char>(upper.back()) == 0xFF) upper.pop_back();
  if (upper.empty()) return kDefaultRange;
  upper.back() = static_cast<char>(static_cast<unsigned char>(upper.back()) + 1);
  Range r;
  r.low = Value::Varchar(prefix);
  r.high = Value::Varchar(upper);
  r.high_inclusive = false;
  return RangeSel(c, r);
}

double IsNullSel(const ColumnView& c) {
  if (!c.usable()) return kDefaultEquality;
  return static_cast<double>(c.stats->num_nulls) / c.num_rows;
}

double IsNotNullSel(const ColumnView& c) {
  return c.usable() ? c.NonNullFraction() : 0.95;
}

double JoinSel(const ColumnView& left, const ColumnView& right) {
  if (!left.usable() && !right.usable()) return kDefaultEquality;
  double ndv = std::max(left.usable() ? left.Ndv() : 1.0, right.usable() ? right.Ndv() : 1.0);
  return left.NonNullFraction() * right.NonNullFraction() / ndv;
}

double Rows(double input_rows, double sel) {
  if (input_rows <= 0) return 0;
  return std::max(1.0, input_rows * sel);
}

}  // namespace pathdb::planner::card
