#include "storage/scan_predicates.h"

#include <algorithm>

#include "storage/row_codec.h"

namespace pathdb::storage {

namespace {

bool Summarisable(TypeId t) {
  return t == TypeId::kNumber || t == TypeId::kVarchar || t == TypeId::kDate ||
         t == TypeId::kTimestamp;
}

//! Three-way compare of a stored field with a key of the same type.
int CompareField(TypeId type, std::string_view bytes, const ScalarKey& k) {
  switch (type) {
    case TypeId::kNumber: {
      auto c = DecodeDecimal(bytes) <=> k.num;
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case TypeId::kDate:
    case TypeId::kTimestamp: {
      int64_t v = ReadI64(bytes);
      return v < k.i64 ? -1 : (v > k.i64 ? 1 : 0);
    }
    default: {
      int c = bytes.compare(k.str);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
  }
}

bool Holds(CompareOp op, int c) {
  switch (op) {
    case CompareOp::kEq:
      return c == 0;
    case CompareOp::kNe:
      return c != 0;
    case CompareOp::kLt:
      return c < 0;
    case CompareOp::kLe:
      return c <= 0;
    case CompareOp::kGt:
      return c > 0;
    case CompareOp::kGe:
      return c >= 0;
  }
  return false;
}

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

void ScanPredicates::Add(const ScanPredicate& p, const LogicalType& column_type) {
  Compiled c{p.kind, p.op, p.column, column_type.id, {}, {}, {}};
  c.values = p.values;
  c.strs.reserve(p.values.size());
  for (const Value& v : p.values) {
    ScalarKey k;
    switch (column_type.id) {
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
        c.strs.push_back(v.str());
        break;
    }
    c.keys.push_back(k);
  }
  // The views point into c.strs, which no longer reallocates.
  for (size_t i = 0, s = 0; i < c.keys.size(); ++i) {
    if (column_type.id == TypeId::kVarchar) c.keys[i].str = c.strs[s++];
  }
  if (std::find(columns_.begin(), columns_.end(), p.column) == columns_.end()) {
    columns_.push_back(p.column);
  }
  preds_.push_back(std::move(c));
}

bool ScanPredicates::Test(const Compiled& c, const Field& f) {
  switch (c.kind) {
    case ScanPredicate::Kind::kIsNull:
      return f.is_null;
    case ScanPredicate::Kind::kIsNotNull:
      return !f.is_null;
    case ScanPredicate::Kind::kCompare:
      return !f.is_null && Holds(c.op, CompareField(c.type, f.bytes, c.keys[0]));
    case ScanPredicate::Kind::kInList:
      if (f.is_null) return false;
      for (const ScalarKey& k : c.keys) {
        if (CompareField(c.type, f.bytes, k) == 0) return true;
      }
      return false;
  }
  return true;
}

bool ScanPredicates::Matches(const std::vector<Field>& fields) const {
  for (const Compiled& c : preds_) {
    if (!Test(c, fields[c.column])) return false;
  }
  return true;
}

bool ScanPredicates::MayMatch(const StorageIndex& index, uint32_t region) const {
  for (const Compiled& c : preds_) {
    const ColumnRange* r = index.Find(region, c.column);
    if (r == nullptr || !r->known) continue;
    switch (c.kind) {
      case ScanPredicate::Kind::kIsNull:
        if (!r->has_null) return false;
        break;
      case ScanPredicate::Kind::kIsNotNull:
        if (!r->min) return false;
        break;
      case ScanPredicate::Kind::kCompare:
        if (!r->min || !RangeAllows(c.op, c.values[0], *r->min, *r->max)) return false;
        break;
      case ScanPredicate::Kind::kInList: {
        if (!r->min) return false;
        bool any = false;
        for (const Value& v : c.values) {
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
    if (!Summarisable(types[i].id)) continue;
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
    if (!a.seen) {
      a.seen = true;
      if (a.type == TypeId::kVarchar) {
        a.smin.assign(f.bytes);
        a.smax.assign(f.bytes);
      } else if (a.type == TypeId::kNumber) {
        a.min.num = a.max.num = DecodeDecimal(f.bytes);
      } else {
        a.min.i64 = a.max.i64 = ReadI64(f.bytes);
      }
      continue;
    }
    switch (a.type) {
      case TypeId::kNumber: {
        Decimal d = DecodeDecimal(f.bytes);
        if (d < a.min.num) a.min.num = d;
        if (d > a.max.num) a.max.num = d;
        break;
      }
      case TypeId::kVarchar:
        if (f.bytes < std::string_view(a.smin)) a.smin.assign(f.bytes);
        if (f.bytes > std::string_view(a.smax)) a.smax.assign(f.bytes);
        break;
      default: {
        int64_t v = ReadI64(f.bytes);
        a.min.i64 = std::min(a.min.i64, v);
        a.max.i64 = std::max(a.max.i64, v);
      }
    }
  }
}

void RegionSummary::Store(StorageIndex& index, uint32_t region) const {
  if (!active_ || index.changes() != changes_) return;
  std::vector<uint32_t> columns;
  std::vector<ColumnRange> ranges;
  for (const Acc& a : acc_) {
    ColumnRange r;
    r.known = true;
    r.has_null = a.has_null;
    if (a.seen) {
      switch (a.type) {
        case TypeId::kNumber:
          r.min = Value::Number(a.min.num);
          r.max = Value::Number(a.max.num);
          break;
        case TypeId::kVarchar:
          r.min = Value::Varchar(a.smin);
          r.max = Value::Varchar(a.smax);
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
  index.Store(region, columns, ranges);
}

}  // namespace pathdb::storage
