#include "storage/dictionary.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "common/error.h"
#include "storage/block.h"
#include "storage/private_files.h"
#include "storage/row_codec.h"

namespace pathdb::storage {

namespace {

constexpr uint32_t kDictMagic = 0x50444443;  // "CDDP"
constexpr uint32_t kDictVersion = 3;

[[noreturn]] void ThrowBadDictionary() {
  ThrowOra(600, "internal error code, arguments: [kqd-dictionary], [corrupt dictionary]");
}

class Writer {
 public:
  template <typename T>
  void Put(T v) {
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void Str(std::string_view s) {
    Put<uint32_t>(static_cast<uint32_t>(s.size()));
    out_.append(s);
  }
  std::string& out() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <typename T>
  T Get() {
    if (pos_ + sizeof(T) > in_.size()) ThrowBadDictionary();
    T v;
    std::memcpy(&v, in_.data() + pos_, sizeof v);
    pos_ += sizeof v;
    return v;
  }
  std::string Str() {
    auto n = Get<uint32_t>();
    if (n > in_.size() - pos_) ThrowBadDictionary();
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  //! A count that must be plausible for the remaining bytes (each item >= min_size bytes).
  uint32_t Count(size_t min_size) {
    auto n = Get<uint32_t>();
    if (size_t{n} * min_size > in_.size() - pos_) ThrowBadDictionary();
    return n;
  }

 private:
  std::string_view in_;
  size_t pos_ = 0;
};

void PutType(Writer& w, const LogicalType& t) {
  w.Put<uint8_t>(static_cast<uint8_t>(t.id));
  w.Put<int16_t>(t.precision);
  w.Put<int16_t>(t.scale);
  w.Put<uint32_t>(t.length);
}

LogicalType GetType(Reader& r) {
  LogicalType t;
  auto id = r.Get<uint8_t>();
  if (id > static_cast<uint8_t>(TypeId::kIntervalDS)) ThrowBadDictionary();
  t.id = static_cast<TypeId>(id);
  t.precision = r.Get<int16_t>();
  t.scale = r.Get<int16_t>();
  t.length = r.Get<uint32_t>();
  return t;
}

//! A value stored as a one-column row of its own type (NULL kept).
void PutValue(Writer& w, RowEncoder& enc, const Value& v) {
  PutType(w, v.type());
  enc.Begin();
  enc.AddValue(v, v.type());
  w.Str(enc.Finish());
}

Value GetValue(Reader& r) {
  LogicalType t = GetType(r);
  std::string row = r.Str();
  RowDecoder dec(row);
  bool is_null;
  std::string_view b;
  dec.Next(is_null, b);
  return is_null ? Value::Null(t) : DecodeValue(b, t);
}

void PutOptValue(Writer& w, RowEncoder& enc, const std::optional<Value>& v) {
  w.Put<uint8_t>(v.has_value());
  if (v) PutValue(w, enc, *v);
}

std::optional<Value> GetOptValue(Reader& r) {
  if (r.Get<uint8_t>() == 0) return std::nullopt;
  return GetValue(r);
}

void PutColumnStats(Writer& w, RowEncoder& enc, const ColumnStats& c) {
  w.Put<uint8_t>(c.present);
  w.Put(c.num_distinct);
  w.Put(c.num_nulls);
  PutOptValue(w, enc, c.low_value);
  PutOptValue(w, enc, c.high_value);
  w.Put(c.density);
  w.Put(c.avg_col_len);
  w.Put(c.sample_size);
  w.Put<uint8_t>(static_cast<uint8_t>(c.histogram));
  w.Put<uint32_t>(static_cast<uint32_t>(c.buckets.size()));
  for (const auto& b : c.buckets) {
    PutValue(w, enc, b.endpoint);
    w.Put(b.endpoint_number);
    w.Put(b.repeat_count);
  }
}

void PutTableStats(Writer& w, RowEncoder& enc, const TableStats& s) {
  w.Put<uint8_t>(s.present);
  w.Put(s.num_rows);
  w.Put(s.blocks);
  w.Put(s.avg_row_len);
  w.Put(s.sample_size);
  w.Put(s.last_analyzed);
  w.Put<uint32_t>(static_cast<uint32_t>(s.columns.size()));
  for (const auto& c : s.columns) PutColumnStats(w, enc, c);
}

// Version 3: the table's column groups and their statistics follow its statistics.
void PutColumnGroups(Writer& w, RowEncoder& enc, const TableInfo& t) {
  w.Put<uint32_t>(static_cast<uint32_t>(t.column_groups.size()));
  for (const auto& g : t.column_groups) {
    w.Str(g.name);
    w.Put<uint32_t>(static_cast<uint32_t>(g.columns.size()));
    for (uint32_t c : g.columns) w.Put(c);
  }
  w.Put<uint32_t>(static_cast<uint32_t>(t.stats.column_groups.size()));
  for (const auto& [name, cs] : t.stats.column_groups) {
    w.Str(name);
    PutColumnStats(w, enc, cs);
  }
}

ColumnStats GetColumnStats(Reader& r) {
  ColumnStats c;
  c.present = r.Get<uint8_t>() != 0;
  c.num_distinct = r.Get<uint64_t>();
  c.num_nulls = r.Get<uint64_t>();
  c.low_value = GetOptValue(r);
  c.high_value = GetOptValue(r);
  c.density = r.Get<double>();
  c.avg_col_len = r.Get<uint32_t>();
  c.sample_size = r.Get<uint64_t>();
  auto h = r.Get<uint8_t>();
  if (h > static_cast<uint8_t>(HistogramType::kHeightBalanced)) ThrowBadDictionary();
  c.histogram = static_cast<HistogramType>(h);
  uint32_t nb = r.Count(16);
  for (uint32_t j = 0; j < nb; ++j) {
    HistogramBucket b;
    b.endpoint = GetValue(r);
    b.endpoint_number = r.Get<uint64_t>();
    b.repeat_count = r.Get<uint64_t>();
    c.buckets.push_back(std::move(b));
  }
  return c;
}

TableStats GetTableStats(Reader& r) {
  TableStats s;
  s.present = r.Get<uint8_t>() != 0;
  s.num_rows = r.Get<uint64_t>();
  s.blocks = r.Get<uint64_t>();
  s.avg_row_len = r.Get<uint32_t>();
  s.sample_size = r.Get<uint64_t>();
  s.last_analyzed = r.Get<int64_t>();
  uint32_t ncols = r.Count(8);
  for (uint32_t i = 0; i < ncols; ++i) s.columns.push_back(GetColumnStats(r));
  return s;
}

void GetColumnGroups(Reader& r, TableInfo& t) {
  const uint32_t ngroups = r.Count(8);
  for (uint32_t i = 0; i < ngroups; ++i) {
    ColumnGroup g;
    g.name = r.Str();
    const uint32_t ncols = r.Count(4);
    for (uint32_t j = 0; j < ncols; ++j) {
      const uint32_t c = r.Get<uint32_t>();
      if (c >= t.columns.size()) ThrowBadDictionary();
      g.columns.push_back(c);
    }
    t.column_groups.push_back(std::move(g));
  }
  const uint32_t nstats = r.Count(8);
  for (uint32_t i = 0; i < nstats; ++i) {
    std::string name = r.Str();
    t.stats.column_groups[std::move(name)] = GetColumnStats(r);
  }
}

}  // namespace

std::string SerializeDictionary(const DictionaryImage& img) {
  Writer w;
  w.Put(kDictMagic);
  w.Put(kDictVersion);
  w.Put(img.next_object_id);
  w.Put(img.scn);
  w.Put(img.file_end);
  w.Put<uint32_t>(static_cast<uint32_t>(img.free_extents.size()));
  for (const auto& e : img.free_extents) {
    w.Put(e.start);
    w.Put(e.count);
  }
  w.Put<uint32_t>(static_cast<uint32_t>(img.tables.size()));
  RowEncoder enc;
  for (const auto& t : img.tables) {
    w.Put(t.info.object_id);
    w.Str(t.info.name);
    w.Put(t.info.pctfree);
    // One byte: INMEMORY (bit 0), PRIORITY (bits 1-3), MEMCOMPRESS (bits 4-6); older
    // dictionaries wrote 0 or 1 here.
    w.Put<uint8_t>(static_cast<uint8_t>((t.info.inmemory ? 1 : 0) |
                                        (static_cast<unsigned>(t.info.inmemory_priority) << 1) |
                                        (static_cast<unsigned>(t.info.inmemory_compression) << 4)));
    w.Put(t.header_block);
    w.Put<uint32_t>(static_cast<uint32_t>(t.info.columns.size()));
    for (const auto& c : t.info.columns) {
      w.Str(c.name);
      PutType(w, c.type);
      w.Put<uint8_t>(static_cast<uint8_t>((c.not_null ? 1 : 0) | (c.no_inmemory ? 2 : 0)));
      w.Put<uint8_t>(c.default_value.has_value());
      if (c.default_value) {
        // The default is stored as a one-column row of its own type.
        PutType(w, c.default_value->type());
        enc.Begin();
        enc.AddValue(*c.default_value, c.default_value->type());
        w.Str(enc.Finish());
      }
    }
    PutTableStats(w, enc, t.info.stats);
    PutColumnGroups(w, enc, t.info);
  }
  w.Put<uint32_t>(static_cast<uint32_t>(img.views.size()));
  for (const auto& v : img.views) {
    w.Str(v.name);
    w.Put<uint32_t>(static_cast<uint32_t>(v.columns.size()));
    for (const auto& c : v.columns) w.Str(c);
    w.Str(v.query_text);
  }
  w.Put<uint32_t>(static_cast<uint32_t>(img.indexes.size()));
  for (const auto& x : img.indexes) {
    const IndexInfo& i = x.info;
    w.Put(i.object_id);
    w.Str(i.name);
    w.Put(i.table_object_id);
    w.Str(i.table_name);
    w.Put<uint32_t>(static_cast<uint32_t>(i.columns.size()));
    for (uint32_t c : i.columns) w.Put(c);
    w.Put<uint8_t>(i.unique);
    w.Str(i.constraint_name);
    w.Put<uint8_t>(i.primary_key);
    w.Put(x.header_block);
    w.Put(x.root_block);
    w.Put(x.height);
    const IndexStats& st = i.stats;
    w.Put<uint8_t>(st.present);
    w.Put(st.blevel);
    w.Put(st.leaf_blocks);
    w.Put(st.distinct_keys);
    w.Put(st.clustering_factor);
    w.Put(st.num_rows);
    w.Put(st.last_analyzed);
  }
  return std::move(w.out());
}

DictionaryImage ParseDictionary(std::string_view bytes) {
  Reader r(bytes);
  if (r.Get<uint32_t>() != kDictMagic) ThrowBadDictionary();
  // Version 1 (before indexes and statistics) and 2 (before column groups) are still readable.
  auto version = r.Get<uint32_t>();
  if (version < 1 || version > kDictVersion) ThrowBadDictionary();
  bool v2 = version >= 2;
  DictionaryImage img;
  img.next_object_id = r.Get<uint32_t>();
  img.scn = r.Get<uint64_t>();
  img.file_end = r.Get<uint32_t>();
  uint32_t nfree = r.Count(8);
  for (uint32_t i = 0; i < nfree; ++i) {
    Extent e;
    e.start = r.Get<uint32_t>();
    e.count = r.Get<uint32_t>();
    if (e.start == 0 || uint64_t{e.start} + e.count > img.file_end) ThrowBadDictionary();
    img.free_extents.push_back(e);
  }
  uint32_t ntables = r.Count(16);
  for (uint32_t i = 0; i < ntables; ++i) {
    TableEntry t;
    t.info.object_id = r.Get<uint32_t>();
    t.info.name = r.Str();
    t.info.pctfree = r.Get<uint32_t>();
    {
      const auto im = r.Get<uint8_t>();
      t.info.inmemory = (im & 1) != 0;
      const unsigned priority = (im >> 1) & 7u, compression = (im >> 4) & 7u;
      if (priority > static_cast<unsigned>(InMemoryPriority::kCritical) ||
          compression > static_cast<unsigned>(InMemoryCompression::kCapacityHigh) || (im & 0x80)) {
        ThrowBadDictionary();
      }
      t.info.inmemory_priority = static_cast<InMemoryPriority>(priority);
      t.info.inmemory_compression = static_cast<InMemoryCompression>(compression);
    }
    t.header_block = r.Get<uint32_t>();
    if (t.header_block == 0 || t.header_block >= img.file_end || t.info.pctfree > 99) {
      ThrowBadDictionary();
    }
    uint32_t ncols = r.Count(6);
    for (uint32_t j = 0; j < ncols; ++j) {
      ColumnInfo c;
      c.name = r.Str();
      c.type = GetType(r);
      {
        const auto flags = r.Get<uint8_t>();
        c.not_null = (flags & 1) != 0;
        c.no_inmemory = (flags & 2) != 0;
      }
      if (r.Get<uint8_t>() != 0) {
        LogicalType dt = GetType(r);
        std::string row = r.Str();
        RowDecoder dec(row);
        bool is_null;
        std::string_view b;
        dec.Next(is_null, b);
        c.default_value = is_null ? Value::Null(dt) : DecodeValue(b, dt);
      }
      t.info.columns.push_back(std::move(c));
    }
    if (v2) t.info.stats = GetTableStats(r);
    if (version >= 3) GetColumnGroups(r, t.info);
    img.tables.push_back(std::move(t));
  }
  uint32_t nviews = r.Count(12);
  for (uint32_t i = 0; i < nviews; ++i) {
    ViewInfo v;
    v.name = r.Str();
    uint32_t ncols = r.Count(4);
    for (uint32_t j = 0; j < ncols; ++j) v.columns.push_back(r.Str());
    v.query_text = r.Str();
    img.views.push_back(std::move(v));
  }
  uint32_t nindexes = v2 ? r.Count(24) : 0;
  for (uint32_t k = 0; k < nindexes; ++k) {
    IndexEntry x;
    IndexInfo& i = x.info;
    i.object_id = r.Get<uint32_t>();
    i.name = r.Str();
    i.table_object_id = r.Get<uint32_t>();
    i.table_name = r.Str();
    uint32_t ncols = r.Count(4);
    for (uint32_t j = 0; j < ncols; ++j) i.columns.push_back(r.Get<uint32_t>());
    i.unique = r.Get<uint8_t>() != 0;
    i.constraint_name = r.Str();
    i.primary_key = r.Get<uint8_t>() != 0;
    x.header_block = r.Get<uint32_t>();
    x.root_block = r.Get<uint32_t>();
    x.height = r.Get<uint32_t>();
    if (x.header_block == 0 || x.header_block >= img.file_end || x.root_block >= img.file_end) {
      ThrowBadDictionary();
    }
    IndexStats& st = i.stats;
    st.present = r.Get<uint8_t>() != 0;
    st.blevel = r.Get<uint32_t>();
    st.leaf_blocks = r.Get<uint64_t>();
    st.distinct_keys = r.Get<uint64_t>();
    st.clustering_factor = r.Get<uint64_t>();
    st.num_rows = r.Get<uint64_t>();
    st.last_analyzed = r.Get<int64_t>();
    img.indexes.push_back(std::move(x));
  }
  return img;
}

// ---- control file

namespace {

constexpr char kControlMagic[8] = {'P', 'A', 'T', 'H', 'D', 'B', 'C', 'F'};
constexpr size_t kControlSize = 8 + sizeof(ControlData) + 4;
//! Control files written before the redo log existed lack log_generation (read as 0).
constexpr size_t kControlSizeV1 = kControlSize - sizeof(uint64_t);

[[noreturn]] void ThrowBadControl() {
  ThrowOra(227, "corrupt block detected in control file: (block 1, # blocks 1)");
}

void SyncPath(const std::filesystem::path& p, int flags) {
  int fd = ::open(p.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void WriteControlFile(const std::filesystem::path& dir, const ControlData& c) {
  std::string buf(kControlMagic, 8);
  buf.append(reinterpret_cast<const char*>(&c), sizeof c);
  uint32_t crc = Crc32c(buf.data(), buf.size());
  buf.append(reinterpret_cast<const char*>(&crc), 4);
  auto tmp = dir / "control01.ctl.tmp";
  {
    int fd = OpenPrivate(tmp, O_WRONLY | O_CREAT | O_TRUNC);
    if (fd < 0)
      ThrowOra(221, "error on write to control file ({}: {})", tmp.string(), std::strerror(errno));
    bool ok =
        ::write(fd, buf.data(), buf.size()) == static_cast<ssize_t>(buf.size()) && ::fsync(fd) == 0;
    int err = errno;
    ::close(fd);
    if (!ok)
      ThrowOra(221, "error on write to control file ({}: {})", tmp.string(), std::strerror(err));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, dir / "control01.ctl", ec);
  if (ec) ThrowOra(221, "error on write to control file");
  SyncPath(dir, O_RDONLY | O_DIRECTORY);
}

std::optional<ControlData> ReadControlFile(const std::filesystem::path& dir) {
  auto path = dir / "control01.ctl";
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  std::ifstream f(path, std::ios::binary);
  std::string buf((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  size_t n = buf.size();
  if ((n != kControlSize && n != kControlSizeV1) ||
      std::memcmp(buf.data(), kControlMagic, 8) != 0) {
    ThrowBadControl();
  }
  uint32_t crc;
  std::memcpy(&crc, buf.data() + n - 4, 4);
  if (crc != Crc32c(buf.data(), n - 4)) ThrowBadControl();
  ControlData c{};
  std::memcpy(&c, buf.data() + 8, n - 12);
  return c;
}

}  // namespace pathdb::storage
