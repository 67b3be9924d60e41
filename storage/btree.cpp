// B+tree: key encoding, node layout and tree operations (see btree.h for the formats).
#include "storage/btree.h"

#include <array>
#include <cmath>
#include <limits>

#include "common/error.h"

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
  int128 coef = 0;
  int ndigits = 0;
  int trailing_pad = 0;
  for (;;) {
    if (pos >= key.size()) ThrowBadKey();
    uint8_t b = byte(pos++);
    if (b == 0) break;
    if (b > 100 || ndigits >= Decimal::kMaxDigits) ThrowBadKey();  // int128 holds 38 digits
    int pair = b - 1;
    coef = coef * 100 + pair;
    ndigits += 2;
    trailing_pad = pair % 10 == 0 ? 1 : 0;
  }
  if (trailing_pad) {
    coef /= 10;
    --ndigits;
  }
  Decimal d;
  int power = exp - ndigits;  // value = coef * 10^power
  if (power >= 0) {
    if (exp > Decimal::kMaxDigits) ThrowBadKey();
    for (int i = 0; i < power; ++i) coef *= 10;
    d.scale = 0;
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

// ---- Node

void Node::ThrowDamaged() const {
  ThrowCorruptBlock(ReadHeader(b_).block_no);
}

bool Node::HeaderValid() const {
  // TUNING: far above any real height (an 8 KiB node has at least 4 children).
  constexpr uint16_t kMaxLevel = 32;
  size_t n = count(), heap = Get16(kHeapOff);
  BlockType type = ReadHeader(b_).type;
  return level() <= kMaxLevel && (type == BlockType::kIndexLeaf) == (level() == 0) &&
         kSlotsOff + 2 * n <= heap && heap <= kBlockSize && Get16(kFragOff) <= kBlockSize;
}

void Node::Format(std::byte* b, uint32_t object_id, uint32_t block_no, uint16_t level) {
  FormatBlock(b, level == 0 ? BlockType::kIndexLeaf : BlockType::kIndexBranch, object_id, block_no);
  Node n(b);
  n.Put16(kLevelOff, level);
  n.Put16(kCountOff, 0);
  n.Put16(kHeapOff, static_cast<uint16_t>(kBlockSize));
  n.Put16(kFragOff, 0);
  n.Put32(kPrevOff, 0);
  n.Put32(kNextOff, 0);
}

size_t Node::UsedBytes() const {
  return 2 * size_t{count()} + (kBlockSize - Get16(kHeapOff)) - Get16(kFragOff);
}

bool Node::Insert(size_t pos, std::string_view key, int64_t payload) {
  size_t n = count();
  size_t esize = EntrySize(key.size(), is_leaf());
  size_t need = esize + 2;
  size_t heap = Get16(kHeapOff);
  size_t contiguous = heap - (kSlotsOff + 2 * n);
  if (contiguous < need) {
    if (contiguous + Get16(kFragOff) < need) return false;
    Compact();
    heap = Get16(kHeapOff);
  }
  heap -= esize;
  Put16(heap, static_cast<uint16_t>(key.size()));
  std::memcpy(b_ + heap + 2, key.data(), key.size());
  if (is_leaf()) {
    std::memcpy(b_ + heap + 2 + key.size(), &payload, 8);
  } else {
    Put32(heap + 2 + key.size(), static_cast<uint32_t>(payload));
  }
  std::byte* slots = b_ + kSlotsOff;
  std::memmove(slots + 2 * (pos + 1), slots + 2 * pos, 2 * (n - pos));
  Put16(kSlotsOff + 2 * pos, static_cast<uint16_t>(heap));
  Put16(kHeapOff, static_cast<uint16_t>(heap));
  Put16(kCountOff, static_cast<uint16_t>(n + 1));
  return true;
}

void Node::Erase(size_t pos) {
  size_t n = count();
  size_t off = Slot(pos);
  size_t esize = EntrySize(Get16(off), is_leaf());
  if (off == Get16(kHeapOff)) {
    Put16(kHeapOff, static_cast<uint16_t>(off + esize));
  } else {
    Put16(kFragOff, static_cast<uint16_t>(Get16(kFragOff) + esize));
  }
  std::byte* slots = b_ + kSlotsOff;
  std::memmove(slots + 2 * pos, slots + 2 * (pos + 1), 2 * (n - pos - 1));
  Put16(kCountOff, static_cast<uint16_t>(n - 1));
  if (n == 1) {
    Put16(kHeapOff, static_cast<uint16_t>(kBlockSize));
    Put16(kFragOff, 0);
  }
}

void Node::Compact() {
  std::array<std::byte, kBlockSize> copy;
  std::memcpy(copy.data(), b_, kBlockSize);
  Node old(copy.data());
  size_t heap = kBlockSize;
  size_t psize = PayloadSize();
  for (size_t i = 0; i < old.count(); ++i) {
    size_t off = old.Slot(i);
    size_t esize = 2 + old.Get16(off) + psize;
    if (heap < kSlotsOff + 2 * old.count() + esize) ThrowDamaged();  // overlapping entries
    heap -= esize;
    std::memcpy(b_ + heap, copy.data() + off, esize);
    Put16(kSlotsOff + 2 * i, static_cast<uint16_t>(heap));
  }
  Put16(kHeapOff, static_cast<uint16_t>(heap));
  Put16(kFragOff, 0);
}

// ---- BTree

uint32_t BTree::CreateRoot(BufferCache& cache, DataFile& file, SpaceMap& space, Segment& seg,
                           uint64_t& scn, SessionStats& st) {
  auto pin = ExtendSegment(seg, space, file, cache, ++scn, st);
  Node::Format(pin.data(), seg.object_id, pin.block_no(), 0);
  pin.MarkDirty(++scn);
  return pin.block_no();
}

void BTree::CheckNode(const BufferCache::Pin& pin) const {
  BlockHeader h = ReadHeader(pin.data());
  if ((h.type != BlockType::kIndexLeaf && h.type != BlockType::kIndexBranch) ||
      h.object_id != seg_.object_id || !Node(pin.data()).HeaderValid()) {
    ThrowCorruptBlock(pin.block_no());
  }
}

void BTree::CheckChild(const BufferCache::Pin& pin, uint16_t parent_level) const {
  CheckNode(pin);
  if (Node(pin.data()).level() + 1u != parent_level) ThrowCorruptBlock(pin.block_no());
}

void BTree::CheckLeaf(const BufferCache::Pin& pin) const {
  CheckChild(pin, 1);
}

uint32_t BTree::Height(SessionStats& st, AccessMode mode) {
  auto pin = cache_.Get(root_, mode, st);
  CheckNode(pin);
  height_ = Node(pin.data()).level() + 1u;
  return height_;
}

BufferCache::Pin BTree::EdgeLeaf(bool rightmost, AccessMode mode, SessionStats& st) {
  auto pin = cache_.Get(root_, mode, st);
  for (;;) {
    CheckNode(pin);
    Node n(pin.data());
    if (n.is_leaf()) return pin;
    uint16_t level = n.level();
    pin = cache_.Get(n.Child(rightmost ? n.count() : 0), mode, st);
    CheckChild(pin, level);
  }
}

BufferCache::Pin BTree::DescendForKey(std::string_view key, std::vector<PathStep>& path,
                                      SessionStats& st) {
  auto pin = cache_.Get(root_, AccessMode::kCurrent, st);
  for (;;) {
    CheckNode(pin);
    Node n(pin.data());
    if (n.is_leaf()) return pin;
    // Child j holds the keys in [sep j-1, sep j): j = number of separators <= key.
    size_t j = n.FirstWhere([&](std::string_view s) { return CompareKeys(s, key) > 0; });
    path.push_back({pin.block_no(), j});
    uint16_t level = n.level();
    pin = cache_.Get(n.Child(j), AccessMode::kCurrent, st);
    CheckChild(pin, level);
  }
}

bool BTree::Insert(std::string_view key, int64_t payload, bool unique, SessionStats& st) {
  if (key.size() > kMaxIndexKey) {
    ThrowOra(1450, "maximum key length ({}) exceeded", kMaxIndexKey);
  }
  std::vector<PathStep> path;
  auto pin = DescendForKey(key, path, st);
  Node n(pin.data());
  size_t pos = n.FirstWhere([&](std::string_view e) { return CompareKeys(e, key) >= 0; });
  if (pos < n.count() && n.Key(pos) == key) {
    // Non-unique keys carry the ROWID, so equality there means this very entry.
    return n.Payload(pos) == payload || !unique;
  }
  InsertAt(std::move(pin), path, pos, key, payload, st);
  return true;
}

bool BTree::Remove(std::string_view key, int64_t payload, bool unique, SessionStats& st) {
  std::vector<PathStep> path;
  auto pin = DescendForKey(key, path, st);
  Node n(pin.data());
  size_t pos = n.FirstWhere([&](std::string_view e) { return CompareKeys(e, key) >= 0; });
  if (pos >= n.count() || n.Key(pos) != key) return false;
  // A unique key may belong to another row (undo of an insert that failed on it): keep it.
  if (unique && n.Payload(pos) != payload) return false;
  n.Erase(pos);
  pin.MarkDirty(NextScn());
  return true;
}

BufferCache::Pin BTree::NewNode(uint16_t level, SessionStats& st) {
  auto pin = ExtendSegment(seg_, space_, file_, cache_, NextScn(), st);
  Node::Format(pin.data(), seg_.object_id, pin.block_no(), level);
  return pin;
}

void BTree::Fill(Node n, const std::vector<IndexEntryBytes>& entries, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i) {
    if (!n.Insert(n.count(), entries[i].key, entries[i].payload)) {
      ThrowOra(600, "internal error code, arguments: [index-split], [node overflow]");
    }
  }
}

void BTree::InsertAt(BufferCache::Pin pin, std::vector<PathStep>& path, size_t pos,
                     std::string_view key, int64_t payload, SessionStats& st) {
  Node n(pin.data());
  if (n.Insert(pos, key, payload)) {
    pin.MarkDirty(NextScn());
    return;
  }
  // Split. Gather the node's entries with the new one in place.
  const uint16_t level = n.level();
  const bool leaf = level == 0;
  const size_t old_count = n.count();
  std::vector<IndexEntryBytes> entries;
  entries.reserve(old_count + 1);
  for (size_t i = 0; i < old_count; ++i) {
    if (i == pos) entries.push_back({std::string(key), payload});
    entries.push_back({std::string(n.Key(i)), n.Payload(i)});
  }
  if (pos == old_count) entries.push_back({std::string(key), payload});
  // Left part [0, m). A leaf keeps [m, size) on the right and m's key goes up; a branch moves
  // entry m up (its child becomes the right node's leftmost child).
  size_t m;
  if (pos == old_count) {
    // Appending at the end (ascending keys, e.g. sequence values): keep the node full and
    // start the right one with the new entry, as Oracle's 90/10 split does.
    m = entries.size() - 1;
  } else {
    size_t total = 0;
    for (const auto& e : entries) total += Node::EntrySize(e.key.size(), leaf) + 2;
    size_t acc = 0;
    m = 0;
    while (m < entries.size() && acc < total / 2) {
      acc += Node::EntrySize(entries[m].key.size(), leaf) + 2;
      ++m;
    }
    m = std::clamp<size_t>(m, 1, entries.size() - 1);
  }
  std::string sep = entries[m].key;
  size_t right_from = leaf ? m : m + 1;
  const uint32_t obj = seg_.object_id;

  if (pin.block_no() == root_) {
    // The root stays where it is: its halves move to two new nodes below it.
    auto left_pin = NewNode(level, st);
    auto right_pin = NewNode(level, st);
    Node l(left_pin.data()), r(right_pin.data());
    if (leaf) {
      l.set_next(right_pin.block_no());
      r.set_prev(left_pin.block_no());
    } else {
      l.set_child0(n.child0());
      r.set_child0(static_cast<uint32_t>(entries[m].payload));
    }
    Fill(l, entries, 0, m);
    Fill(r, entries, right_from, entries.size());
    Node::Format(pin.data(), obj, root_, static_cast<uint16_t>(level + 1));
    Node root(pin.data());
    root.set_child0(left_pin.block_no());
    if (!root.Insert(0, sep, right_pin.block_no())) {
      ThrowOra(600, "internal error code, arguments: [index-split], [root overflow]");
    }
    left_pin.MarkDirty(NextScn());
    right_pin.MarkDirty(NextScn());
    pin.MarkDirty(NextScn());
    height_ = level + 2u;
    return;
  }

  auto right_pin = NewNode(level, st);
  Node r(right_pin.data());
  const uint32_t old_prev = n.prev();  // child0 for a branch
  const uint32_t old_next = n.next();
  Node::Format(pin.data(), obj, pin.block_no(), level);
  n.set_prev(old_prev);
  if (leaf) {
    n.set_next(right_pin.block_no());
    r.set_prev(pin.block_no());
    r.set_next(old_next);
    if (old_next != 0) {
      auto next_pin = cache_.Get(old_next, AccessMode::kCurrent, st);
      CheckLeaf(next_pin);
      Node(next_pin.data()).set_prev(right_pin.block_no());
      next_pin.MarkDirty(NextScn());
    }
  } else {
    r.set_child0(static_cast<uint32_t>(entries[m].payload));
  }
  Fill(n, entries, 0, m);
  Fill(r, entries, right_from, entries.size());
  pin.MarkDirty(NextScn());
  right_pin.MarkDirty(NextScn());
  uint32_t right_block = right_pin.block_no();
  pin.Release();
  right_pin.Release();
  PathStep parent = path.back();
  path.pop_back();
  auto parent_pin = cache_.Get(parent.block, AccessMode::kCurrent, st);
  CheckNode(parent_pin);
  // Separator j sits between child j and child j+1: the new node becomes child j+1.
  InsertAt(std::move(parent_pin), path, parent.child_index, sep, right_block, st);
}

void BTree::BulkBuild(size_t count, const std::function<BulkEntry(size_t)>& at, SessionStats& st) {
  // TUNING: Oracle builds index blocks with PCTFREE 10.
  constexpr size_t kFill = Node::kUsable * 9 / 10;
  const uint32_t obj = seg_.object_id;
  size_t total = 0;
  for (size_t i = 0; i < count && total <= Node::kUsable; ++i) {
    total += Node::EntrySize(at(i).key.size(), true) + 2;
  }
  auto root_pin = cache_.Get(root_, AccessMode::kCurrent, st);
  CheckNode(root_pin);
  if (total <= Node::kUsable) {
    Node::Format(root_pin.data(), obj, root_, 0);
    Node root(root_pin.data());
    for (size_t i = 0; i < count; ++i) {
      BulkEntry e = at(i);
      if (!root.Insert(root.count(), e.key, e.payload)) {
        ThrowOra(600, "internal error code, arguments: [index-build], [root overflow]");
      }
    }
    root_pin.MarkDirty(NextScn());
    height_ = 1;
    return;
  }
  root_pin.Release();
  // Leaves, left to right, chained both ways. `upper` collects (first key, block) per node.
  std::vector<IndexEntryBytes> upper;
  auto cur = NewNode(0, st);
  upper.push_back({std::string(at(0).key), cur.block_no()});
  size_t used = 0;
  for (size_t i = 0; i < count; ++i) {
    BulkEntry e = at(i);
    size_t sz = Node::EntrySize(e.key.size(), true) + 2;
    if (used + sz > kFill && used > 0) {
      auto next = NewNode(0, st);
      Node(cur.data()).set_next(next.block_no());
      Node(next.data()).set_prev(cur.block_no());
      cur.MarkDirty(NextScn());
      cur = std::move(next);
      upper.push_back({std::string(e.key), cur.block_no()});
      used = 0;
    }
    if (!Node(cur.data()).Insert(Node(cur.data()).count(), e.key, e.payload)) {
      ThrowOra(600, "internal error code, arguments: [index-build], [leaf overflow]");
    }
    used += sz;
  }
  cur.MarkDirty(NextScn());
  cur.Release();
  // Branch levels: each node's first child goes to child0, the rest become separators.
  uint16_t level = 0;
  while (upper.size() > 1) {
    ++level;
    std::vector<IndexEntryBytes> next_level;
    BufferCache::Pin node;
    size_t node_used = 0;
    for (const auto& e : upper) {
      size_t sz = Node::EntrySize(e.key.size(), false) + 2;
      if (!node || node_used + sz > kFill) {
        if (node) node.MarkDirty(NextScn());
        node = NewNode(level, st);
        Node(node.data()).set_child0(static_cast<uint32_t>(e.payload));
        next_level.push_back({e.key, node.block_no()});
        node_used = 0;
        continue;
      }
      Node n(node.data());
      if (!n.Insert(n.count(), e.key, e.payload)) {
        ThrowOra(600, "internal error code, arguments: [index-build], [branch overflow]");
      }
      node_used += sz;
    }
    node.MarkDirty(NextScn());
    upper = std::move(next_level);
  }
  // The root block keeps its number: the top node's contents move into it.
  auto top = static_cast<uint32_t>(upper[0].payload);
  auto top_pin = cache_.Get(top, AccessMode::kCurrent, st);
  root_pin = cache_.Get(root_, AccessMode::kCurrent, st);
  Node::Format(root_pin.data(), obj, root_, level);
  std::memcpy(root_pin.data() + Node::kLevelOff, top_pin.data() + Node::kLevelOff,
              kBlockSize - Node::kLevelOff);
  root_pin.MarkDirty(NextScn());
  FormatBlock(top_pin.data(), BlockType::kFree, obj, top);
  top_pin.MarkDirty(NextScn());
  height_ = level + 1u;
}

}  // namespace pathdb::storage
