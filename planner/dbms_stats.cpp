#include "planner/dbms_stats.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "common/error.h"
#include "planner/system_views.h"

namespace pathdb::planner {

std::string UpperCase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

namespace {

// ---- value hashing for NUM_DISTINCT: equal values (1 and 1.0 included) hash alike
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Typed reads of one vector cell: the gather loops run over every row, so no Value is built
// unless a new low/high value or a histogram value needs one. Equal values hash alike
// (Decimal::Hash ignores the scale: 1 and 1.0).
uint64_t CellHash(const Vector& v, TypeId id, uint32_t row) {
  switch (id) {
    case TypeId::kNumber:
      return Mix(v.Data<Decimal>()[row].Hash());
    case TypeId::kDouble: {
      double d = v.Data<double>()[row];
      if (d == 0) d = 0;  // -0.0 equals 0.0
      return Mix(std::bit_cast<uint64_t>(d) ^ 0x5bd1e995ull);
    }
    case TypeId::kVarchar:
    case TypeId::kChar:
      return Mix(std::hash<std::string_view>{}(v.Data<StringRef>()[row].view()));
    case TypeId::kDate:
      return Mix(static_cast<uint64_t>(v.Data<int64_t>()[row]) * 31 + 7);
    case TypeId::kTimestamp:
      return Mix(static_cast<uint64_t>(v.Data<int64_t>()[row]) * 37 + 11);
    default:
      return 0;
  }
}

// Bytes of Oracle's NUMBER encoding (what VSIZE returns): the exponent byte, one byte per
// base-100 digit pair, and the terminator byte of a negative number with fewer than 20 pairs.
size_t NumberSize(Decimal d) {
  if (d.coef == 0) return 1;
  const bool neg = d.coef < 0;
  int128 c = neg ? -d.coef : d.coef;
  int64_t scale = d.scale;
  while (c % 10 == 0) {
    c /= 10;
    --scale;
  }
  int64_t n = 0;
  for (int128 t = c; t > 0; t /= 10) ++n;
  const int64_t ip = n - scale;
  const int64_t pad = ((ip % 2) + 2) % 2;
  const int64_t pairs = (pad + n + 1) / 2;
  return static_cast<size_t>(1 + pairs + (neg && pairs < 20 ? 1 : 0));
}

size_t CellSize(const Vector& v, TypeId id, uint32_t row) {
  switch (id) {
    case TypeId::kNumber:
      return NumberSize(v.Data<Decimal>()[row]);
    case TypeId::kDouble:
      return 8;
    case TypeId::kVarchar:
    case TypeId::kChar:
      return v.Data<StringRef>()[row].size;
    case TypeId::kDate:
      return 7;
    case TypeId::kTimestamp:
      return v.Data<int64_t>()[row] % 1000000 != 0 ? 11 : 7;
    default:
      return 0;
  }
}

// Running low and high value of a column, kept in the column's physical type.
struct Bounds {
  bool any = false;
  Decimal dlo, dhi;
  double flo = 0, fhi = 0;
  int64_t ilo = 0, ihi = 0;
  std::string slo, shi;

  void Add(const Vector& v, TypeId id, uint32_t row) {
    switch (id) {
      case TypeId::kNumber: {
        const Decimal& d = v.Data<Decimal>()[row];
        if (!any || d < dlo) dlo = d;
        if (!any || d > dhi) dhi = d;
        break;
      }
      case TypeId::kDouble: {
        const double d = v.Data<double>()[row];
        if (!any || d < flo) flo = d;
        if (!any || d > fhi) fhi = d;
        break;
      }
      case TypeId::kVarchar:
      case TypeId::kChar: {
        const std::string_view s = v.Data<StringRef>()[row].view();
        if (!any || s < slo) slo.assign(s);
        if (!any || s > shi) shi.assign(s);
        break;
      }
      case TypeId::kDate:
      case TypeId::kTimestamp: {
        const int64_t i = v.Data<int64_t>()[row];
        if (!any || i < ilo) ilo = i;
        if (!any || i > ihi) ihi = i;
        break;
      }
      default:
        return;
    }
    any = true;
  }

  std::optional<Value> Get(const LogicalType& t, bool high) const {
    if (!any) return std::nullopt;
    switch (t.id) {
      case TypeId::kNumber:
        return Value::Number(high ? dhi : dlo, t);
      case TypeId::kDouble:
        return Value::Double(high ? fhi : flo);
      case TypeId::kVarchar:
      case TypeId::kChar:
        return Value::Varchar(high ? shi : slo, t);
      case TypeId::kDate:
        return Value::Date(high ? ihi : ilo);
      case TypeId::kTimestamp:
        return Value::Timestamp(high ? ihi : ilo);
      default:
        return std::nullopt;
    }
  }
};

// ---- METHOD_OPT

[[noreturn]] void BadForClause(const std::string& text) {
  ThrowOra(20000, "Cannot parse for clause: {}", text);
}

std::vector<std::string> Tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {  // quoted column name keeps its case
      flush();
      size_t end = text.find('"', i + 1);
      if (end == std::string::npos) BadForClause(text);
      std::string quoted(1, '"');
      quoted.append(text, i + 1, end - i - 1);
      out.push_back(std::move(quoted));
      i = end;
    } else if (c == ',') {
      flush();
      out.emplace_back(",");
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      cur.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    }
  }
  flush();
  return out;
}

}  // namespace

MethodOpt ParseMethodOpt(const std::string& text, const storage::TableInfo& table,
                         const std::vector<const storage::IndexInfo*>& indexes) {
  const std::vector<std::string> tok = Tokens(text);
  size_t i = 0;
  auto peek = [&](const char* w) { return i < tok.size() && tok[i] == w; };
  auto expect = [&](const char* w) {
    if (!peek(w)) BadForClause(text);
    ++i;
  };
  auto size_clause = [&]() -> std::optional<HistogramSize> {
    if (!peek("SIZE")) return std::nullopt;
    ++i;
    if (i >= tok.size()) BadForClause(text);
    const std::string& w = tok[i++];
    HistogramSize hs;
    if (w == "AUTO" || w == "SKEWONLY") {
      hs.kind = HistogramSize::kAuto;
    } else if (w == "REPEAT") {
      hs.kind = HistogramSize::kRepeat;
    } else {
      if (w.empty() ||
          !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
          w.size() > 5)
        BadForClause(text);
      const uint32_t n = static_cast<uint32_t>(std::stoul(w));
      if (n < 1 || n > 2048) BadForClause(text);
      hs.kind = n == 1 ? HistogramSize::kNone : HistogramSize::kBuckets;
      hs.buckets = n;
    }
    return hs;
  };
  auto column_of = [&](const std::string& name) -> size_t {
    std::string n = !name.empty() && name[0] == '"' ? name.substr(1) : name;
    if (auto c = table.ColumnIndex(n)) return *c;
    ThrowOra(20001, "Invalid or inconsistent input values");
  };
  MethodOpt m;
  if (tok.empty()) BadForClause(text);
  while (i < tok.size()) {
    expect("FOR");
    if (peek("ALL")) {
      ++i;
      bool indexed = false, hidden = false;
      if (peek("INDEXED")) {
        indexed = true;
        ++i;
      } else if (peek("HIDDEN")) {
        hidden = true;
        ++i;
      }
      expect("COLUMNS");
      HistogramSize hs = size_clause().value_or(HistogramSize{});
      if (hidden) continue;  // no hidden columns here
      for (size_t c = 0; c < table.columns.size(); ++c) {
        bool take = !indexed;
        for (const auto* ix : indexes)
          for (uint32_t k : ix->columns) take = take || k == c;
        if (take) m.columns[c] = hs;
      }
      continue;
    }
    expect("COLUMNS");
    std::optional<HistogramSize> list_size = size_clause();
    std::vector<std::pair<size_t, std::optional<HistogramSize>>> items;
    while (true) {
      if (i >= tok.size() || tok[i] == "," || tok[i] == "FOR" || tok[i] == "SIZE")
        BadForClause(text);
      const size_t c = column_of(tok[i++]);
      items.emplace_back(c, size_clause());
      // Columns are separated by commas or blanks; a FOR starts the next clause.
      if (peek(",")) {
        ++i;
        continue;
      }
      if (i >= tok.size() || peek("FOR")) break;
    }
    // 'for columns a, b size 10': a trailing SIZE with no other per-column size covers the list.
    size_t own = 0;
    for (auto& it : items) own += it.second.has_value();
    if (!list_size && own == 1 && items.size() > 1 && items.back().second)
      list_size = items.back().second;
    for (auto& [c, hs] : items) m.columns[c] = hs.value_or(list_size.value_or(HistogramSize{}));
  }
  return m;
}

bool IsSkewed(uint64_t max_count, uint64_t min_count, uint64_t non_null_rows,
              uint64_t num_distinct) {
  if (num_distinct < 2 || num_distinct >= non_null_rows) return false;
  // Compared in integers: count vs average = non_null_rows / num_distinct.
  return max_count * num_distinct >= 2 * non_null_rows ||
         2 * min_count * num_distinct <= non_null_rows;
}

void BuildHistogram(const std::vector<ValueCount>& values, uint32_t buckets, bool auto_sample,
                    storage::ColumnStats& out) {
  using storage::HistogramBucket;
  using storage::HistogramType;
  const uint64_t ndv = values.size();
  uint64_t rows = 0;
  for (const auto& v : values) rows += v.count;
  out.buckets.clear();
  out.histogram = HistogramType::kNone;
  out.density = ndv ? 1.0 / static_cast<double>(ndv) : 0;
  if (buckets <= 1 || ndv == 0) return;

  if (ndv <= buckets) {
    // Frequency: one endpoint per value, ENDPOINT_NUMBER the running row count.
    uint64_t cum = 0;
    for (const auto& v : values) {
      cum += v.count;
      out.buckets.push_back({v.value, cum, 0});
    }
    out.histogram = HistogramType::kFrequency;
    out.density = 0.5 / static_cast<double>(rows);
    return;
  }

  if (auto_sample) {
    // Top-frequency when the N most frequent values cover at least (1 - 1/N) of the rows.
    std::vector<size_t> order(ndv);
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return values[a].count > values[b].count; });
    uint64_t top = 0;
    for (size_t k = 0; k < buckets; ++k) top += values[order[k]].count;
    const double threshold = (1.0 - 1.0 / buckets) * static_cast<double>(rows);
    if (static_cast<double>(top) >= threshold) {
      // Oracle keeps the low and high values in a top-frequency histogram, in place of the
      // least frequent of the top values.
      std::vector<size_t> chosen{0, static_cast<size_t>(ndv - 1)};
      for (size_t k = 0; k < ndv && chosen.size() < buckets; ++k)
        if (order[k] != 0 && order[k] != ndv - 1) chosen.push_back(order[k]);
      std::sort(chosen.begin(), chosen.end());
      uint64_t cum = 0;
      for (size_t k : chosen) {
        cum += values[k].count;
        out.buckets.push_back({values[k].value, cum, 0});
      }
      out.histogram = HistogramType::kTopFrequency;
      const uint64_t rest_ndv = ndv - chosen.size();
      out.density = rest_ndv ? static_cast<double>(rows - cum) / static_cast<double>(rows) /
                                   static_cast<double>(rest_ndv)
                             : 0.5 / static_cast<double>(rows);
      return;
    }
    // Hybrid: buckets of about rows/N rows that never split a value; each endpoint also
    // records how many rows equal it (ENDPOINT_REPEAT_COUNT). The low value is an endpoint of
    // its own, the high value always the last one.
    const double size = static_cast<double>(rows) / buckets;
    uint64_t cum = 0, last_end = 0;
    for (size_t k = 0; k < ndv; ++k) {
      cum += values[k].count;
      const bool first = k == 0, last = k + 1 == ndv;
      const bool room = out.buckets.size() + 1 < buckets;
      if (first || last || (room && static_cast<double>(cum - last_end) >= size)) {
        out.buckets.push_back({values[k].value, cum, values[k].count});
        last_end = cum;
      }
    }
    uint64_t popular_rows = 0, popular = 0;
    for (const auto& b : out.buckets) {
      if (static_cast<double>(b.repeat_count) >= size) {
        popular_rows += b.repeat_count;
        ++popular;
      }
    }
    out.histogram = HistogramType::kHybrid;
    out.density = ndv > popular ? static_cast<double>(rows - popular_rows) /
                                      static_cast<double>(rows) / static_cast<double>(ndv - popular)
                                : 0.5 / static_cast<double>(rows);
    return;
  }

  // Height-balanced (an explicit ESTIMATE_PERCENT): endpoint k is the value at row
  // ceil(k * rows / N) in sorted order, endpoint 0 the low value; runs of equal endpoints keep
  // only the highest number, so a popular value shows as a jump in ENDPOINT_NUMBER.
  std::vector<std::pair<uint64_t, size_t>> raw;  // endpoint number, value index
  size_t vi = 0;
  uint64_t cum = values[0].count;
  for (uint32_t k = 0; k <= buckets; ++k) {
    const uint64_t pos = k == 0 ? 1 : (k * rows + buckets - 1) / buckets;
    while (cum < pos && vi + 1 < ndv) cum += values[++vi].count;
    raw.emplace_back(k, vi);
  }
  std::vector<uint32_t> endpoints_per_value(ndv, 0);
  for (size_t k = 1; k < raw.size(); ++k) ++endpoints_per_value[raw[k].second];
  for (size_t k = 0; k < raw.size(); ++k) {
    if (k + 1 < raw.size() && raw[k + 1].second == raw[k].second) continue;
    out.buckets.push_back({values[raw[k].second].value, raw[k].first, 0});
  }
  // Density over the non-popular values (popular: at least two endpoints), as Oracle's
  // sum(count^2) / (rows * sum(count)).
  double sq = 0, lin = 0;
  for (size_t k = 0; k < ndv; ++k) {
    if (endpoints_per_value[k] >= 2) continue;
    const double c = static_cast<double>(values[k].count);
    sq += c * c;
    lin += c;
  }
  out.histogram = HistogramType::kHeightBalanced;
  out.density = lin > 0 ? sq / (static_cast<double>(rows) * lin) : 0.5 / static_cast<double>(rows);
}

namespace {

//! Sorts 64-bit hashes with an LSD radix sort (four 16-bit digits) using `scratch`.
//! Written here rather than std::sort because the hash sort behind exact NDV was a quarter of
//! gathering 10M rows (introsort's compares and branches), and the radix passes are
//! sequential memory traffic with no comparisons.
void RadixSort(std::vector<uint64_t>& v, std::vector<uint64_t>& scratch) {
  if (v.size() < 4096) {
    std::sort(v.begin(), v.end());
    return;
  }
  scratch.resize(v.size());
  std::vector<size_t> count(1 << 16);
  for (int shift = 0; shift < 64; shift += 16) {
    std::fill(count.begin(), count.end(), 0);
    for (uint64_t x : v) ++count[(x >> shift) & 0xffff];
    size_t sum = 0;
    for (auto& c : count) {
      size_t t = c;
      c = sum;
      sum += t;
    }
    for (uint64_t x : v) scratch[count[(x >> shift) & 0xffff]++] = x;
    v.swap(scratch);
  }
}

}  // namespace

storage::TableStats GatherTableStats(storage::Database& db, const storage::TableInfo& table,
                                     const GatherOptions& options, SessionStats& stats) {
  const size_t ncol = table.columns.size();
  const MethodOpt method = ParseMethodOpt(options.method_opt, table, db.IndexesOf(table));
  std::vector<bool> wanted(ncol, false);
  for (const auto& [c, hs] : method.columns) wanted[c] = true;

  struct Acc {
    std::vector<uint64_t> hashes;  // one per non-NULL value; sorted later for NDV
    uint64_t nulls = 0;
    uint64_t bytes = 0;  // internal sizes + 1 length byte per non-NULL value
    Bounds bounds;
  };
  std::vector<Acc> acc(ncol);
  std::vector<uint32_t> ids(ncol);
  std::iota(ids.begin(), ids.end(), 0u);
  std::vector<LogicalType> types;
  for (const auto& c : table.columns) types.push_back(c.type);

  // Pass 1: every column (AVG_ROW_LEN needs them all), hashes only for the wanted ones.
  for (size_t c = 0; c < ncol; ++c) {
    if (wanted[c]) acc[c].hashes.reserve(table.row_count);  // no regrowth copies
  }
  uint64_t rows = 0;
  {
    auto scan = db.BeginScan(table, ids, stats);
    DataChunk chunk(types);
    while (true) {
      chunk.Reset();
      if (!db.ScanNext(*scan, chunk, nullptr, stats)) break;
      const size_t n = chunk.Count();
      rows += n;
      for (size_t c = 0; c < ncol; ++c) {
        Acc& a = acc[c];
        const Vector& vec = chunk.column(c);
        const TypeId id = types[c].id;
        if (vec.kind() == Vector::Kind::kConstant) {
          // Rare (storage fills flat vectors); take the slow, general path.
          const Value v = vec.GetValue(0);
          if (v.is_null()) {
            a.nulls += n;
            continue;
          }
          a.bytes += n * (OracleInternalSize(v) + 1);
          if (!wanted[c]) continue;
          Vector one(types[c], 1);
          one.SetValue(0, v);
          for (size_t r = 0; r < n; ++r) a.hashes.push_back(CellHash(one, id, 0));
          a.bounds.Add(one, id, 0);
          continue;
        }
        const uint8_t* valid = vec.Validity();
        for (size_t r = 0; r < n; ++r) {
          const uint32_t row = chunk.RowIndex(r);
          if (!valid[row]) {
            ++a.nulls;
            continue;
          }
          a.bytes += CellSize(vec, id, row) + 1;
          if (!wanted[c]) continue;
          a.hashes.push_back(CellHash(vec, id, row));
          a.bounds.Add(vec, id, row);
        }
      }
    }
  }

  storage::TableStats ts = table.stats;
  ts.columns.resize(ncol);
  ts.present = true;
  ts.num_rows = rows;
  ts.blocks = table.hwm_blocks;
  ts.sample_size = rows;
  ts.last_analyzed = options.now;
  uint64_t row_len = 0;
  for (size_t c = 0; c < ncol; ++c) {
    const uint64_t nonnull = rows - acc[c].nulls;
    if (nonnull) row_len += (acc[c].bytes + nonnull - 1) / nonnull;
  }
  ts.avg_row_len = static_cast<uint32_t>(row_len);

  // Per wanted column: NDV and value counts (by hash); histogram sizes decided here.
  std::vector<uint32_t> hist_size(ncol, 0);
  std::vector<std::unordered_map<uint64_t, uint64_t>> counts(ncol);
  std::vector<uint64_t> radix_scratch;
  for (const auto& [c, hs] : method.columns) {
    Acc& a = acc[c];
    storage::ColumnStats prev = ts.columns[c];
    storage::ColumnStats cs;
    cs.present = true;
    const uint64_t nonnull = a.hashes.size();
    RadixSort(a.hashes, radix_scratch);
    uint64_t ndv = 0, max_count = 0, min_count = UINT64_MAX;
    for (size_t i = 0; i < a.hashes.size();) {
      size_t j = i;
      while (j < a.hashes.size() && a.hashes[j] == a.hashes[i]) ++j;
      ++ndv;
      max_count = std::max<uint64_t>(max_count, j - i);
      min_count = std::min<uint64_t>(min_count, j - i);
      i = j;
    }
    cs.num_distinct = ndv;
    cs.num_nulls = a.nulls;
    cs.low_value = a.bounds.Get(types[c], false);
    cs.high_value = a.bounds.Get(types[c], true);
    cs.avg_col_len = nonnull ? static_cast<uint32_t>((a.bytes + nonnull - 1) / nonnull) : 0;
    cs.sample_size = nonnull;
    cs.density = ndv ? 1.0 / static_cast<double>(ndv) : 0;
    uint32_t n = 0;
    switch (hs.kind) {
      case HistogramSize::kNone:
        break;
      case HistogramSize::kBuckets:
        n = hs.buckets;
        break;
      case HistogramSize::kAuto:
        // Oracle's AUTO also wants the column to appear in predicates (COL_USAGE$), which we
        // do not record yet. As a stand-in, a skewed column gets a histogram when it has few
        // values (NDV <= 254) or a popular one -- a value holding at least one bucket's worth
        // (1/254) of the rows, which only a histogram can describe. Near-unique columns never
        // qualify, so their histogram (a pass over every distinct value) is never built.
        n = IsSkewed(max_count, min_count, nonnull, ndv) &&
                    (ndv <= 254 || max_count * 254 >= nonnull)
                ? 254
                : 0;
        break;
      case HistogramSize::kRepeat:
        if (prev.present && prev.histogram != storage::HistogramType::kNone)
          n = prev.histogram == storage::HistogramType::kHeightBalanced && !prev.buckets.empty()
                  ? static_cast<uint32_t>(prev.buckets.back().endpoint_number)
                  : static_cast<uint32_t>(prev.buckets.size());
        break;
    }
    if (n >= 2 && nonnull > 0) {
      hist_size[c] = n;
      auto& m = counts[c];
      m.reserve(ndv);
      for (uint64_t h : a.hashes) ++m[h];
    }
    std::vector<uint64_t>().swap(a.hashes);
    ts.columns[c] = std::move(cs);
  }

  // Pass 2: the values behind the hashes of the columns that get a histogram.
  std::vector<uint32_t> hist_ids;
  for (size_t c = 0; c < ncol; ++c)
    if (hist_size[c]) hist_ids.push_back(static_cast<uint32_t>(c));
  if (!hist_ids.empty()) {
    std::vector<std::unordered_map<uint64_t, Value>> seen(hist_ids.size());
    std::vector<LogicalType> htypes;
    for (uint32_t c : hist_ids) htypes.push_back(table.columns[c].type);
    auto scan = db.BeginScan(table, hist_ids, stats);
    DataChunk chunk(htypes);
    while (true) {
      chunk.Reset();
      if (!db.ScanNext(*scan, chunk, nullptr, stats)) break;
      for (size_t k = 0; k < hist_ids.size(); ++k) {
        auto& s = seen[k];
        if (s.size() == counts[hist_ids[k]].size()) continue;  // every value found already
        const Vector& vec = chunk.column(k);
        const TypeId id = htypes[k].id;
        for (size_t r = 0; r < chunk.Count(); ++r) {
          const uint32_t row = chunk.RowIndex(r);
          if (vec.IsNull(row)) continue;
          const uint32_t at = vec.kind() == Vector::Kind::kConstant ? 0 : row;
          const uint64_t h = CellHash(vec, id, at);
          if (!s.count(h)) s.emplace(h, vec.GetValue(row));
        }
      }
    }
    for (size_t k = 0; k < hist_ids.size(); ++k) {
      const uint32_t c = hist_ids[k];
      std::vector<ValueCount> vals;
      vals.reserve(seen[k].size());
      for (auto& [h, v] : seen[k]) vals.push_back({std::move(v), counts[c][h]});
      std::sort(vals.begin(), vals.end(), [](const ValueCount& a, const ValueCount& b) {
        return a.value.Compare(b.value) < 0;
      });
      BuildHistogram(vals, hist_size[c], options.auto_sample, ts.columns[c]);
    }
  }
  return ts;
}

}  // namespace pathdb::planner
