#include "storage/scan_predicates.h"

#include <algorithm>
#include <limits>

namespace pathdb::storage {

namespace {

//! Can `x op v` hold for some x in [min, max]?
bool RangeAllows(CompareOp op, const Value& v, const Value& min, const Value& max) {
  int lo = min.Compare(v), hi = max.Compare(v);  // sign of min - v, max - v
  switch (op) {
    case CompareOp::kEq:
      return lo <= 0 && hi >= 0;
    case CompareOp::kNe:
      return !(lo == 0 && hi == 0);
    case CompareOp::kLt:
      return lo < 0;
    case CompareOp::kLe:
      return lo <= 0;
    case CompareOp::kGt:
      return hi > 0;
    case CompareOp::kGe:
      return hi >= 0;
  }
  return true;
}

}  // namespace

int ScanPredicates::CompareField(TypeId type, std::string_view bytes, const ScalarKey& k) {
  switch (type) {
    case TypeId::kNumber:
      return ThreeWay(DecodeDecimal(bytes) <=> k.num);
    case TypeId::kDate:
    case TypeId::kTimestamp: {
      int64_t v = ReadI64(bytes);
      return (v > k.i64) - (v < k.i64);
    }
    default: {
      int c = bytes.compare(k.str);
      return (c > 0) - (c < 0);
    }
  }
}

ScalarKey ScanPredicates::KeyOf(const Value& v, TypeId type) {
  ScalarKey k;
  switch (type) {
    case TypeId::kNumber:
      k.num = v.number();
      break;
    case TypeId::kDate:
      k.i64 = v.date();
      break;
    case TypeId::kTimestamp:
      k.i64 = v.timestamp();
      break;
    default:
      k.str = v.str();
      break;
  }
  return k;
}

namespace {

constexpr int128 kPow10_19 = 10'000'000'000'000'000'000ULL;
constexpr int128 kTen38 = kPow10_19 * kPow10_19;  // no stored coefficient reaches it

//! floor(x * 10^s) (ceil when `up`), saturated to [-10^38, 10^38].
int128 ScaledBound(const Decimal& x, int32_t s, bool up) {
  const int32_t e = s - x.scale;
  int128 v = x.coef;
  if (e >= 0) {
    for (int32_t i = 0; i < e && v != 0; ++i) {
      if (v >= kTen38 / 10 || v <= -kTen38 / 10) return v > 0 ? kTen38 : -kTen38;
      v *= 10;
    }
    return std::clamp(v, -kTen38, kTen38);
  }
  // Divide by 10^-e, rounding towards -inf (floor) or +inf (ceil).
  bool inexact = false;
  for (int32_t i = 0; i < -e && v != 0; ++i) {
    inexact = inexact || v % 10 != 0;
    v /= 10;  // truncates towards zero
  }
  if (inexact) {
    if (up && x.coef > 0) ++v;
    if (!up && x.coef < 0) --v;
  }
  return v;
}

}  // namespace

void ScanPredicates::SetScaledRange(Compiled& c) {
  if (c.type != TypeId::kNumber) return;
  for (size_t s = 0; s < kScaledScales; ++s) {
    const auto sc = static_cast<int32_t>(s);
    // coef >= X  <=>  coef >= ceil(X);   coef > X  <=>  coef >= floor(X) + 1
    c.num_lo[s] = !c.has_lo   ? -kTen38
                  : c.lo_incl ? ScaledBound(c.lo.num, sc, true)
                              : ScaledBound(c.lo.num, sc, false) + 1;
    // coef <= X  <=>  coef <= floor(X);  coef < X  <=>  coef <= ceil(X) - 1
    c.num_hi[s] = !c.has_hi   ? kTen38
                  : c.hi_incl ? ScaledBound(c.hi.num, sc, false)
                              : ScaledBound(c.hi.num, sc, true) - 1;
    constexpr int128 kMin = std::numeric_limits<int64_t>::min();
    constexpr int128 kMax = std::numeric_limits<int64_t>::max();
    if (c.num_lo[s] > kMax || c.num_hi[s] < kMin) {
      c.num_lo64[s] = std::numeric_limits<int64_t>::max();
      c.num_hi64[s] = std::numeric_limits<int64_t>::min();
    } else {
      c.num_lo64[s] = static_cast<int64_t>(std::max(c.num_lo[s], kMin));
      c.num_hi64[s] = static_cast<int64_t>(std::min(c.num_hi[s], kMax));
    }
  }
}

void ScanPredicates::SetIntRange(Compiled& c) {
  if (c.type != TypeId::kDate && c.type != TypeId::kTimestamp) return;
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  c.int_lo = kMin;
  c.int_hi = kMax;
  bool empty = false;  // x > INT64_MAX or x < INT64_MIN: no value passes
  if (c.has_lo) {
    if (c.lo_incl) {
      c.int_lo = c.lo.i64;
    } else if (c.lo.i64 == kMax) {
      empty = true;
    } else {
      c.int_lo = c.lo.i64 + 1;
    }
  }
  if (c.has_hi) {
    if (c.hi_incl) {
      c.int_hi = c.hi.i64;
    } else if (c.hi.i64 == kMin) {
      empty = true;
    } else {
      c.int_hi = c.hi.i64 - 1;
    }
  }
  if (empty) {
    c.int_lo = kMax;
    c.int_hi = kMin;
  }
  c.int_range = true;
}

void ScanPredicates::Add(const ScanPredicate& p, const LogicalType& column_type) {
  preds_.push_back(p);
  if (std::find(columns_.begin(), columns_.end(), p.column) == columns_.end()) {
    columns_.push_back(p.column);
  }
  const TypeId type = column_type.id;
  Compiled c;
  c.column = p.column;
  c.type = type;
  switch (p.kind) {
    case ScanPredicate::Kind::kIsNull:
      c.op = Op::kIsNull;
      break;
    case ScanPredicate::Kind::kIsNotNull:
      c.op = Op::kIsNotNull;
      break;
    case ScanPredicate::Kind::kInList:
      c.op = Op::kIn;
      for (const Value& v : p.values) c.keys.push_back(KeyOf(v, type));
      break;
    case ScanPredicate::Kind::kCompare: {
      if (p.op == CompareOp::kEq || p.op == CompareOp::kNe) {
        c.op = p.op == CompareOp::kEq ? Op::kEq : Op::kNe;
        c.keys.push_back(KeyOf(p.values[0], type));
        break;
      }
      const bool lower = p.op == CompareOp::kGt || p.op == CompareOp::kGe;
      const bool incl = p.op == CompareOp::kGe || p.op == CompareOp::kLe;
      // The other end of the same column's range, if one is open: one decode per row.
      auto it = std::find_if(tests_.begin(), tests_.end(), [&](const Compiled& t) {
        return t.op == Op::kRange && t.column == p.column && (lower ? !t.has_lo : !t.has_hi);
      });
      Compiled& r = it != tests_.end() ? *it : c;
      (lower ? r.has_lo : r.has_hi) = true;
      (lower ? r.lo_incl : r.hi_incl) = incl;
      (lower ? r.lo : r.hi) = KeyOf(p.values[0], type);
      SetIntRange(r);
      SetScaledRange(r);
      if (it != tests_.end()) return;
      c.op = Op::kRange;
      break;
    }
  }
  // Cheapest test first, as PostgreSQL orders a scan's quals by cost: the rows a NUMBER
  // range (one 8-byte load) drops never reach a string comparison behind it. The tests are
  // ANDed and raise no errors, so their order changes no answer; the plan's text keeps the
  // statement's order.
  const int cost = TestCost(c);
  auto at = std::upper_bound(tests_.begin(), tests_.end(), cost,
                             [](int k, const Compiled& t) { return k < TestCost(t); });
  tests_.insert(at, std::move(c));
}

int ScanPredicates::TestCost(const Compiled& c) {
  if (c.op == Op::kIsNull || c.op == Op::kIsNotNull) return 0;  // the field's length byte
  const bool text = c.type == TypeId::kVarchar || c.type == TypeId::kChar;
  if (c.op == Op::kRange && !text && (c.type == TypeId::kNumber || c.int_range)) return 1;
  if (!text && c.op != Op::kIn) return 2;  // a decoded scalar compared with one key
  return 3;                                // bytes compared, or a list searched
}

bool ScanPredicates::Test(const Compiled& c, const Field& f) {
  switch (c.op) {
    case Op::kIsNull:
      return f.is_null;
    case Op::kIsNotNull:
      return !f.is_null;
    case Op::kRange: {
      if (f.is_null) return false;
      if (c.type == TypeId::kNumber) return NumberInRange(c, DecodeDecimal(f.bytes));
      if (c.has_lo) {
        int x = CompareField(c.type, f.bytes, c.lo);
        if (x < 0 || (x == 0 && !c.lo_incl)) return false;
      }
      if (c.has_hi) {
        int x = CompareField(c.type, f.bytes, c.hi);
        if (x > 0 || (x == 0 && !c.hi_incl)) return false;
      }
      return true;
    }
    case Op::kEq:
      return !f.is_null && CompareField(c.type, f.bytes, c.keys[0]) == 0;
    case Op::kNe:
      return !f.is_null && CompareField(c.type, f.bytes, c.keys[0]) != 0;
    case Op::kIn:
      if (f.is_null) return false;
      for (const ScalarKey& k : c.keys) {
        if (CompareField(c.type, f.bytes, k) == 0) return true;
      }
      return false;
  }
  return true;
}

bool ScanPredicates::MayMatch(const StorageIndex& index, uint32_t region) const {
  for (const ScanPredicate& p : preds_) {
    const ColumnRange* r = index.Find(region, p.column);
    if (r == nullptr) continue;
    switch (p.kind) {
      case ScanPredicate::Kind::kIsNull:
        if (!r->has_null) return false;
        break;
      case ScanPredicate::Kind::kIsNotNull:
        if (!r->min) return false;
        break;
      case ScanPredicate::Kind::kCompare:
        if (!r->min || !RangeAllows(p.op, p.values[0], *r->min, *r->max)) return false;
        break;
      case ScanPredicate::Kind::kInList: {
        if (!r->min) return false;
        bool any = false;
        for (const Value& v : p.values) {
          any = any || RangeAllows(CompareOp::kEq, v, *r->min, *r->max);
        }
        if (!any) return false;
        break;
      }
    }
  }
  return true;
}

void RegionSummary::Begin(const std::vector<uint32_t>& columns,
                          const std::vector<LogicalType>& types, uint64_t changes) {
  acc_.clear();
  for (size_t i = 0; i < columns.size(); ++i) {
    // The types the scan compares itself are the ones it can summarise.
    if (!ScanCanEvaluate(types[i], types[i])) continue;
    Acc a;
    a.column = columns[i];
    a.type = types[i].id;
    acc_.push_back(std::move(a));
  }
  changes_ = changes;
  active_ = !acc_.empty();
}

void RegionSummary::Add(const std::vector<Field>& fields) {
  for (Acc& a : acc_) {
    const Field& f = fields[a.column];
    if (f.is_null) {
      a.has_null = true;
      continue;
    }
    switch (a.type) {
      case TypeId::kNumber: {
        Decimal d = DecodeDecimal(f.bytes);
        if (!a.seen) {
          a.min.num = a.max.num = d;
        } else if (d < a.min.num) {
          a.min.num = d;
        } else if (d > a.max.num) {
          a.max.num = d;
        }
        break;
      }
      case TypeId::kVarchar:
        if (!a.seen) {
          a.min.str.assign(f.bytes);
          a.max.str.assign(f.bytes);
        } else if (f.bytes < std::string_view(a.min.str)) {
          a.min.str.assign(f.bytes);
        } else if (f.bytes > std::string_view(a.max.str)) {
          a.max.str.assign(f.bytes);
        }
        break;
      default: {
        int64_t v = ReadI64(f.bytes);
        if (!a.seen) a.min.i64 = a.max.i64 = v;
        a.min.i64 = std::min(a.min.i64, v);
        a.max.i64 = std::max(a.max.i64, v);
      }
    }
    a.seen = true;
  }
}

void RegionSummary::Store(StorageIndex& index, uint32_t region) const {
  if (!active_ || index.changes() != changes_) return;
  std::vector<uint32_t> columns;
  std::vector<ColumnRange> ranges;
  for (const Acc& a : acc_) {
    ColumnRange r;
    r.has_null = a.has_null;
    if (a.seen) {
      switch (a.type) {
        case TypeId::kNumber:
          r.min = Value::Number(a.min.num);
          r.max = Value::Number(a.max.num);
          break;
        case TypeId::kVarchar:
          r.min = Value::Varchar(a.min.str);
          r.max = Value::Varchar(a.max.str);
          break;
        case TypeId::kDate:
          r.min = Value::Date(a.min.i64);
          r.max = Value::Date(a.max.i64);
          break;
        default:
          r.min = Value::Timestamp(a.min.i64);
          r.max = Value::Timestamp(a.max.i64);
      }
    }
    columns.push_back(a.column);
    ranges.push_back(std::move(r));
  }
  index.Store(region, columns, std::move(ranges));
}

std::vector<ScanPredicate> PublishedRanges(const RuntimeFilterRef& r, const TableInfo& table) {
  std::vector<ScanPredicate> out;
  const RuntimeFilter& f = *r.filter;
  for (size_t k = 0; k < r.columns.size(); ++k) {
    const uint32_t col = r.columns[k];
    const LogicalType& type = table.columns[col].type;
    auto add = [&](CompareOp op, const std::optional<Value>& v) {
      if (v && !v->is_null() && ScanCanEvaluate(type, v->type())) {
        out.push_back({ScanPredicate::Kind::kCompare, col, op, {*v}});
      }
    };
    add(CompareOp::kGe, f.min(k));
    add(CompareOp::kLe, f.max(k));
  }
  return out;
}

uint64_t ApplyRuntimeMembership(const std::vector<RuntimeFilterRef>& filters,
                                const std::vector<bool>& published,
                                const std::vector<std::vector<size_t>>& outputs, DataChunk& out) {
  uint64_t dropped = 0;
  std::vector<const Vector*> keys;
  for (size_t i = 0; i < filters.size(); ++i) {
    if (!published[i] || outputs[i].empty() || out.Count() == 0) continue;
    keys.clear();
    for (size_t c : outputs[i]) keys.push_back(&out.column(c));
    const size_t before = out.Count();
    filters[i].filter->ApplyMembership(keys, out);
    dropped += before - out.Count();
  }
  return dropped;
}

}  // namespace pathdb::storage
