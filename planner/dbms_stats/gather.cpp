// DBMS_STATS gathering: one full scan of the table computing NUM_ROWS, BLOCKS, AVG_ROW_LEN
// and, per column METHOD_OPT names, exact NUM_DISTINCT (hashes radix-sorted), NUM_NULLS,
// LOW/HIGH_VALUE, AVG_COL_LEN and the values a histogram is built from.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "common/error.h"
#include "planner/dbms_stats/dbms_stats.h"
#include "planner/views/oracle_encoding.h"

namespace pathdb::planner {

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
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
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
    case TypeId::kIntervalYM:
      return 5;
    case TypeId::kIntervalDS:
      return 11;
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
      case TypeId::kTimestamp:
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS: {
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
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS:
        return Value::Interval(high ? ihi : ilo, t);
      default:
        return std::nullopt;
    }
  }
};

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
  // Column groups to gather: every group for FOR ALL COLUMNS, else those METHOD_OPT names.
  struct GroupAcc {
    const storage::ColumnGroup* group = nullptr;
    std::vector<uint64_t> hashes;  // combined hash per row with a non-NULL group column
    uint64_t nulls = 0;
  };
  std::vector<GroupAcc> groups;
  for (const storage::ColumnGroup& g : table.column_groups) {
    bool named = method.all_groups;
    for (const auto& cols : method.groups) named = named || table.FindColumnGroup(cols) == &g;
    if (named) groups.push_back(GroupAcc{&g, {}, 0});
  }
  std::vector<uint32_t> ids(ncol);
  std::iota(ids.begin(), ids.end(), 0u);
  std::vector<LogicalType> types;
  for (const auto& c : table.columns) types.push_back(c.type);

  // Pass 1: every column (AVG_ROW_LEN needs them all), hashes only for the wanted ones.
  for (size_t c = 0; c < ncol; ++c) {
    if (wanted[c]) acc[c].hashes.reserve(table.row_count);  // no regrowth copies
  }
  for (GroupAcc& g : groups) g.hashes.reserve(table.row_count);
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
      // A group's value is the combination of its columns' values, as Oracle's
      // SYS_OP_COMBINED_HASH: NULL is one more value of a column, a row with every group
      // column NULL counts as a NULL of the group.
      for (GroupAcc& g : groups) {
        for (size_t r = 0; r < n; ++r) {
          const uint32_t row = chunk.RowIndex(r);
          uint64_t h = 0x51ed27eull;
          bool all_null = true;
          for (uint32_t c : g.group->columns) {
            const Vector& vec = chunk.column(c);
            uint64_t ch = 0x2545f4914f6cdd1dull;  // NULL
            if (!vec.IsNull(row)) {
              ch = CellHash(vec, types[c].id, vec.kind() == Vector::Kind::kConstant ? 0 : row);
              all_null = false;
            }
            h = Mix(h ^ ch);
          }
          if (all_null) {
            ++g.nulls;
          } else {
            g.hashes.push_back(h);
          }
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

  std::vector<uint64_t> radix_scratch;
  for (GroupAcc& g : groups) {
    storage::ColumnStats cs;
    cs.present = true;
    RadixSort(g.hashes, radix_scratch);
    const uint64_t ndv =
        static_cast<uint64_t>(std::unique(g.hashes.begin(), g.hashes.end()) - g.hashes.begin());
    cs.num_distinct = ndv;
    cs.num_nulls = g.nulls;
    cs.sample_size = rows - g.nulls;
    cs.density = ndv ? 1.0 / static_cast<double>(ndv) : 0;
    cs.avg_col_len = 12;  // Oracle's group column holds a NUMBER hash of about 12 bytes
    ts.column_groups[g.group->name] = std::move(cs);
    std::vector<uint64_t>().swap(g.hashes);
  }

  // Per wanted column: NDV and value counts (by hash); histogram sizes decided here.
  std::vector<uint32_t> hist_size(ncol, 0);
  std::vector<std::unordered_map<uint64_t, uint64_t>> counts(ncol);
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
