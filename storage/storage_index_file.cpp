#include "storage/storage_index_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "storage/private_files.h"
#include "storage/block.h"
#include "storage/row_codec.h"

namespace pathdb::storage {

namespace {

constexpr char kMagic[8] = {'P', 'D', 'B', 'S', 'I', 'D', 'X', '1'};
constexpr uint32_t kVersion = 1;
constexpr const char* kFileName = "storage_index.dat";

enum class Tag : uint8_t { kNone, kNumber, kVarchar, kDate, kTimestamp };

template <class T>
void Put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

void PutValue(std::string& out, const std::optional<Value>& v) {
  if (!v || v->is_null()) {
    Put(out, Tag::kNone);
    return;
  }
  switch (v->type().id) {
    case TypeId::kNumber: {
      unsigned char buf[17];
      size_t n = EncodeDecimal(v->number(), buf);
      Put(out, Tag::kNumber);
      Put(out, static_cast<uint8_t>(n));
      out.append(reinterpret_cast<const char*>(buf), n);
      return;
    }
    case TypeId::kVarchar:
      Put(out, Tag::kVarchar);
      Put(out, static_cast<uint32_t>(v->str().size()));
      out.append(v->str());
      return;
    case TypeId::kDate:
      Put(out, Tag::kDate);
      Put(out, v->date());
      return;
    case TypeId::kTimestamp:
      Put(out, Tag::kTimestamp);
      Put(out, v->timestamp());
      return;
    default:
      Put(out, Tag::kNone);  // a type the scan does not summarise: read back as "unknown"
      return;
  }
}

//! Reads from a byte string; every read checks the length, so a damaged file is refused.
class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}
  template <class T>
  bool Get(T& v) {
    if (s_.size() - pos_ < sizeof v) return false;
    std::memcpy(&v, s_.data() + pos_, sizeof v);
    pos_ += sizeof v;
    return true;
  }
  bool Bytes(size_t n, std::string_view& out) {
    if (s_.size() - pos_ < n) return false;
    out = s_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  //! False for a malformed value; `known` false for a value that was not stored.
  bool GetValue(std::optional<Value>& v, bool& known) {
    Tag tag;
    if (!Get(tag)) return false;
    known = true;
    switch (tag) {
      case Tag::kNone:
        v.reset();
        known = false;
        return true;
      case Tag::kNumber: {
        uint8_t n;
        std::string_view b;
        if (!Get(n) || n == 0 || n > 17 || !Bytes(n, b)) return false;
        v = Value::Number(DecodeDecimal(b));
        return true;
      }
      case Tag::kVarchar: {
        uint32_t n;
        std::string_view b;
        if (!Get(n) || !Bytes(n, b)) return false;
        v = Value::Varchar(std::string(b));
        return true;
      }
      case Tag::kDate:
      case Tag::kTimestamp: {
        int64_t x;
        if (!Get(x)) return false;
        v = tag == Tag::kDate ? Value::Date(x) : Value::Timestamp(x);
        return true;
      }
    }
    return false;
  }
  bool done() const { return pos_ == s_.size(); }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

void SaveStorageIndexes(const std::filesystem::path& dir, uint64_t generation,
                        const std::map<uint32_t, Segment>& segments) {
  std::string out(kMagic, sizeof kMagic);
  Put(out, kVersion);
  Put(out, generation);
  uint32_t count = 0;
  for (const auto& [id, seg] : segments) count += seg.storage_index.RegionCount() > 0 ? 1 : 0;
  Put(out, count);
  for (const auto& [id, seg] : segments) {
    const auto& regions = seg.storage_index.regions();
    if (regions.empty()) continue;
    Put(out, seg.object_id);
    Put(out, seg.header_block);
    Put(out, seg.data_blocks);
    Put(out, static_cast<uint32_t>(regions.size()));
    for (const auto& [region, columns] : regions) {
      Put(out, region);
      Put(out, static_cast<uint32_t>(columns.size()));
      for (const auto& [column, range] : columns) {
        Put(out, column);
        Put(out, static_cast<uint8_t>(range.has_null));
        PutValue(out, range.min);
        PutValue(out, range.max);
      }
    }
  }
  Put(out, Crc32c(out.data(), out.size()));
  // Never a half-written file under the real name: write aside, sync, rename.
  const auto tmp = dir / (std::string(kFileName) + ".tmp");
  int fd = OpenPrivate(tmp, O_WRONLY | O_CREAT | O_TRUNC);
  if (fd < 0) return;  // the index is an optimisation: without the file it is rebuilt
  size_t done = 0;
  bool ok = true;
  while (done < out.size()) {
    ssize_t n = ::write(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    done += static_cast<size_t>(n);
  }
  ok = ok && ::fsync(fd) == 0;
  ::close(fd);
  std::error_code ec;
  if (ok) {
    std::filesystem::rename(tmp, dir / kFileName, ec);
  } else {
    std::filesystem::remove(tmp, ec);
  }
}

size_t LoadStorageIndexes(const std::filesystem::path& dir, uint64_t generation,
                          std::map<uint32_t, Segment>& segments) {
  std::ifstream in(dir / kFileName, std::ios::binary);
  if (!in) return 0;
  // One read (an istreambuf_iterator copies the file a character at a time: a third of the
  // shell's start-up with TPC-H's summaries loaded).
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size <= 0) return 0;
  in.seekg(0);
  std::string bytes(static_cast<size_t>(size), '\0');
  if (!in.read(bytes.data(), size)) return 0;
  if (bytes.size() < sizeof kMagic + 4 + 8 + 4 + 4) return 0;
  uint32_t crc;
  std::memcpy(&crc, bytes.data() + bytes.size() - 4, 4);
  if (Crc32c(bytes.data(), bytes.size() - 4) != crc) return 0;
  if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) return 0;
  Reader r(std::string_view(bytes).substr(sizeof kMagic, bytes.size() - sizeof kMagic - 4));
  uint32_t version, count;
  uint64_t gen;
  if (!r.Get(version) || version != kVersion || !r.Get(gen) || gen != generation || !r.Get(count)) {
    return 0;
  }
  // Parsed whole before anything is stored, so a malformed file leaves every index empty.
  struct Loaded {
    uint32_t object_id, header_block, data_blocks;
    std::map<uint32_t, std::vector<std::pair<uint32_t, ColumnRange>>> regions;
  };
  std::vector<Loaded> loaded;
  for (uint32_t s = 0; s < count; ++s) {
    Loaded l;
    uint32_t nregions;
    if (!r.Get(l.object_id) || !r.Get(l.header_block) || !r.Get(l.data_blocks) ||
        !r.Get(nregions)) {
      return 0;
    }
    for (uint32_t i = 0; i < nregions; ++i) {
      uint32_t region, ncols;
      if (!r.Get(region) || !r.Get(ncols)) return 0;
      auto& cols = l.regions[region];
      for (uint32_t c = 0; c < ncols; ++c) {
        uint32_t column;
        uint8_t has_null;
        ColumnRange range;
        bool min_known, max_known;
        if (!r.Get(column) || !r.Get(has_null) || !r.GetValue(range.min, min_known) ||
            !r.GetValue(range.max, max_known) || min_known != max_known) {
          return 0;
        }
        range.has_null = has_null != 0;
        cols.emplace_back(column, std::move(range));
      }
    }
    loaded.push_back(std::move(l));
  }
  if (!r.done()) return 0;
  size_t regions = 0;
  for (Loaded& l : loaded) {
    auto it = segments.find(l.object_id);
    if (it == segments.end()) continue;
    Segment& seg = it->second;
    if (seg.header_block != l.header_block || seg.data_blocks < l.data_blocks) continue;
    // Grown since: the region of the old HWM may hold blocks the log never saw.
    const uint32_t keep_below =
        seg.data_blocks == l.data_blocks ? UINT32_MAX : l.data_blocks / kRegionBlocks;
    for (auto& [region, cols] : l.regions) {
      if (region >= keep_below || uint64_t{region} * kRegionBlocks >= seg.data_blocks) {
        continue;
      }
      std::vector<uint32_t> columns;
      std::vector<ColumnRange> ranges;
      for (auto& [c, range] : cols) {
        columns.push_back(c);
        ranges.push_back(std::move(range));
      }
      seg.storage_index.Store(region, columns, ranges);
      ++regions;
    }
  }
  return regions;
}

}  // namespace pathdb::storage
