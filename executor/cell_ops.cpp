#include "executor/cell_ops.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <string_view>

#include "common/error.h"

namespace pathdb {
namespace {

constexpr uint64_t kNullHash = 0x5bd1e9955bd1e995ULL;

uint64_t Mix(uint64_t x) {
  return MixHash(x);
}

double AsDouble(const Vector& v, size_t p) {
  return v.type().id == TypeId::kDouble ? v.Data<double>()[p] : v.Data<Decimal>()[p].ToDouble();
}

int64_t AsMicros(const Vector& v, size_t p) {
  int64_t x = v.Data<int64_t>()[p];
  return v.type().id == TypeId::kDate ? x * 1000000 : x;
}

template <typename T>
int Cmp3(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// Fixed-size copies compile to a few moves; a width known only at run time was a memcpy call
// per cell (15 % of an index nested-loops join that emits 10,000 rows).
template <size_t W>
void GatherFixed(const Vector& src, const uint32_t* sel, size_t n, Vector& dst, size_t dst_offset) {
  const auto* sd = src.Data<std::byte>();
  auto* dd = dst.Data<std::byte>() + dst_offset * W;
  const uint8_t* sv = src.Validity();
  uint8_t* dv = dst.Validity() + dst_offset;
  for (size_t i = 0; i < n; i++) {
    const size_t r = sel ? sel[i] : i;
    std::memcpy(dd + i * W, sd + r * W, W);
    dv[i] = sv[r];
  }
}

template <size_t W>
void RepeatFixed(Vector& dst, size_t dst_offset, size_t n) {
  auto* dd = dst.Data<std::byte>() + dst_offset * W;
  uint8_t* dv = dst.Validity() + dst_offset;
  for (size_t i = 1; i < n; i++) std::memcpy(dd + i * W, dd, W);
  std::memset(dv + 1, dv[0], n - 1);
}

}  // namespace

void CopyCell(const Vector& src, size_t row, Vector& dst, size_t dst_row) {
  size_t p = PhysRow(src, row);
  if (src.IsNull(p)) {
    dst.SetNull(dst_row, true);
    return;
  }
  dst.SetNull(dst_row, false);
  TypeId s = src.type().id, d = dst.type().id;
  switch (d) {
    case TypeId::kNull:
      dst.SetNull(dst_row, true);
      return;
    case TypeId::kBoolean:
      dst.Data<uint8_t>()[dst_row] = src.Data<uint8_t>()[p];
      return;
    case TypeId::kNumber:
      dst.Data<Decimal>()[dst_row] = s == TypeId::kDouble
                                         ? Decimal::FromDouble(src.Data<double>()[p])
                                         : src.Data<Decimal>()[p];
      return;
    case TypeId::kDouble:
      dst.Data<double>()[dst_row] = AsDouble(src, p);
      return;
    case TypeId::kVarchar:
    case TypeId::kChar:
      dst.Data<StringRef>()[dst_row] = dst.heap().Add(src.Data<StringRef>()[p].view());
      return;
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      dst.Data<int64_t>()[dst_row] = src.Data<int64_t>()[p];
      return;
  }
}

void CopyCells(const Vector& src, const uint32_t* sel, size_t n, Vector& dst, size_t dst_offset) {
  // Fixed-width same-type columns copy in a tight loop; the rest go cell by cell.
  TypeId t = dst.type().id;
  bool constant = src.kind() == Vector::Kind::kConstant;
  if (!constant && src.type().id == t &&
      (t == TypeId::kNumber || t == TypeId::kDouble || t == TypeId::kDate ||
       t == TypeId::kTimestamp || t == TypeId::kBoolean || t == TypeId::kIntervalYM ||
       t == TypeId::kIntervalDS)) {
    switch (PhysicalWidth(t)) {
      case 1:
        return GatherFixed<1>(src, sel, n, dst, dst_offset);
      case 8:
        return GatherFixed<8>(src, sel, n, dst, dst_offset);
      case sizeof(Decimal):
        return GatherFixed<sizeof(Decimal)>(src, sel, n, dst, dst_offset);
      default:
        break;
    }
  }
  for (size_t i = 0; i < n; i++) CopyCell(src, sel ? sel[i] : i, dst, dst_offset + i);
}

void FillCells(const Vector& src, size_t row, size_t n, Vector& dst, size_t dst_offset) {
  if (n == 0) return;
  CopyCell(src, row, dst, dst_offset);
  // The rest repeat the first copy's bytes: its StringRef points into dst's own heap.
  switch (PhysicalWidth(dst.type().id)) {
    case 1:
      return RepeatFixed<1>(dst, dst_offset, n);
    case 8:
      return RepeatFixed<8>(dst, dst_offset, n);
    case sizeof(StringRef):
      return RepeatFixed<sizeof(StringRef)>(dst, dst_offset, n);
    case sizeof(Decimal):
      return RepeatFixed<sizeof(Decimal)>(dst, dst_offset, n);
    default:
      ThrowOra(600, "internal error code, arguments: [fill cells of width {}]",
               PhysicalWidth(dst.type().id));
  }
}

TypeId CompareTypeOf(TypeId a, TypeId b) {
  bool an = a == TypeId::kNumber || a == TypeId::kDouble;
  bool bn = b == TypeId::kNumber || b == TypeId::kDouble;
  if (an && bn)
    return (a == TypeId::kDouble || b == TypeId::kDouble) ? TypeId::kDouble : TypeId::kNumber;
  bool ad = a == TypeId::kDate || a == TypeId::kTimestamp;
  bool bd = b == TypeId::kDate || b == TypeId::kTimestamp;
  if (ad && bd) return a == b ? a : TypeId::kTimestamp;
  if (a == TypeId::kChar && b == TypeId::kChar) return TypeId::kChar;
  if ((a == TypeId::kVarchar || a == TypeId::kChar) &&
      (b == TypeId::kVarchar || b == TypeId::kChar))
    return TypeId::kVarchar;
  return a == TypeId::kNull ? b : a;
}

int CompareCells(const Vector& a, size_t ra, const Vector& b, size_t rb) {
  size_t pa = PhysRow(a, ra), pb = PhysRow(b, rb);
  TypeId ta = a.type().id, tb = b.type().id;
  if (ta == tb) {
    switch (ta) {
      case TypeId::kNull:
        return 0;
      case TypeId::kBoolean:
        return Cmp3(a.Data<uint8_t>()[pa], b.Data<uint8_t>()[pb]);
      case TypeId::kNumber: {
        auto c = a.Data<Decimal>()[pa] <=> b.Data<Decimal>()[pb];
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
      }
      case TypeId::kDouble:
        return Cmp3(a.Data<double>()[pa], b.Data<double>()[pb]);
      case TypeId::kVarchar:
      case TypeId::kChar: {
        int c = a.Data<StringRef>()[pa].view().compare(b.Data<StringRef>()[pb].view());
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
      }
      case TypeId::kDate:
      case TypeId::kTimestamp:
      case TypeId::kIntervalYM:
      case TypeId::kIntervalDS:
        return Cmp3(a.Data<int64_t>()[pa], b.Data<int64_t>()[pb]);
    }
  }
  switch (CompareTypeOf(ta, tb)) {
    case TypeId::kDouble:
      return Cmp3(AsDouble(a, pa), AsDouble(b, pb));
    case TypeId::kTimestamp:
      return Cmp3(AsMicros(a, pa), AsMicros(b, pb));
    case TypeId::kVarchar: {
      int c = a.Data<StringRef>()[pa].view().compare(b.Data<StringRef>()[pb].view());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    default:
      break;
  }
  ThrowOra(932, "inconsistent datatypes: expected {} got {}", a.type().ToString(),
           b.type().ToString());
}

uint64_t HashCell(const Vector& v, size_t row, TypeId compare_as) {
  size_t p = PhysRow(v, row);
  if (v.IsNull(p)) return kNullHash;
  TypeId t = v.type().id;
  switch (compare_as) {
    case TypeId::kDouble: {
      double d = AsDouble(v, p);
      if (d == 0) d = 0;  // -0.0 equals 0.0
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return Mix(bits);
    }
    case TypeId::kNumber:
      if (t == TypeId::kDouble) return Decimal::FromDouble(v.Data<double>()[p]).Hash();
      return v.Data<Decimal>()[p].Hash();
    case TypeId::kTimestamp:
      return Mix(static_cast<uint64_t>(AsMicros(v, p)));
    case TypeId::kDate:
    case TypeId::kIntervalYM:
    case TypeId::kIntervalDS:
      return Mix(static_cast<uint64_t>(v.Data<int64_t>()[p]));
    case TypeId::kVarchar:
    case TypeId::kChar:
      return HashString(v.Data<StringRef>()[p].view());
    case TypeId::kBoolean:
      return Mix(v.Data<uint8_t>()[p]);
    case TypeId::kNull:
      return kNullHash;
  }
  return kNullHash;
}

void HashColumn(const Vector& v, const DataChunk& rows, TypeId compare_as, uint64_t* hashes,
                uint8_t* has_null) {
  const size_t n = rows.Count();
  const TypeId t = v.type().id;
  if (v.kind() == Vector::Kind::kFlat) {
    const uint8_t* valid = v.Validity();
    // Both loops give exactly HashCell's value for their type pairs.
    auto loop = [&](auto cell_hash) {
      for (size_t i = 0; i < n; ++i) {
        const uint32_t r = rows.RowIndex(i);
        uint64_t h = kNullHash;
        if (valid[r]) {
          h = cell_hash(r);
        } else {
          has_null[i] = 1;
        }
        hashes[i] = CombineHash(hashes[i], h);
      }
    };
    if (compare_as == TypeId::kNumber && t == TypeId::kNumber) {
      const Decimal* d = v.Data<Decimal>();
      loop([d](uint32_t r) { return d[r].Hash(); });
      return;
    }
    if (compare_as == t &&
        (t == TypeId::kDate || t == TypeId::kIntervalYM || t == TypeId::kIntervalDS)) {
      const int64_t* x = v.Data<int64_t>();
      loop([x](uint32_t r) { return Mix(static_cast<uint64_t>(x[r])); });
      return;
    }
    if ((compare_as == TypeId::kVarchar || compare_as == TypeId::kChar) &&
        (t == TypeId::kVarchar || t == TypeId::kChar)) {
      const StringRef* x = v.Data<StringRef>();
      loop([x](uint32_t r) { return HashString(x[r].view()); });
      return;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const uint32_t r = rows.RowIndex(i);
    if (v.IsNull(r)) has_null[i] = 1;
    hashes[i] = CombineHash(hashes[i], HashCell(v, r, compare_as));
  }
}

int32_t FirstValidScale(const Vector& v, const uint32_t* rows, size_t n) {
  if (v.kind() == Vector::Kind::kConstant) return v.Validity()[0] ? v.Data<Decimal>()[0].scale : 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t r = rows ? rows[i] : static_cast<uint32_t>(i);
    if (v.Validity()[r]) return v.Data<Decimal>()[r].scale;
  }
  return 0;
}

}  // namespace pathdb
