#include "storage/storage_index_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "storage/block.h"
#include "storage/private_files.h"
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
  //! False for a malformed value; `known` false for a value that was not stored. With
  //! `build` false the value is checked and stepped over, not built.
  bool GetValue(std::optional<Value>& v, bool& known, bool build) {
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
        if (build) v = Value::Number(DecodeDecimal(b));
        return true;
      }
      case Tag::kVarchar: {
        uint32_t n;
        std::string_view b;
        if (!Get(n) || !Bytes(n, b)) return false;
        if (build) v = Value::Varchar(std::string(b));
        return true;
      }
      case Tag::kDate:
      case Tag::kTimestamp: {
        int64_t x;
        if (!Get(x)) return false;
        if (build) v = tag == Tag::kDate ? Value::Date(x) : Value::Timestamp(x);
        return true;
      }
    }
    return false;
  }
  bool done() const { return pos_ == s_.size(); }
  size_t pos() const { return pos_; }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

//! Which saved regions of a segment are still right (see the header): below `keep_below`
//! and holding blocks below the segment's HWM.
struct RegionFilter {
  uint32_t keep_below = 0;
  uint32_t data_blocks = 0;
  bool Takes(uint32_t region) const {
    return region < keep_below && uint64_t{region} * kRegionBlocks < data_blocks;
  }
};

//! Reads `nregions` regions of one segment. Into `index` when given (the regions `filter`
//! takes); otherwise only checks the bytes. Counts the regions taken in `taken`. False for
//! malformed bytes.
bool ReadRegions(Reader& r, uint32_t nregions, const RegionFilter& filter, StorageIndex* index,
                 size_t& taken) {
  taken = 0;
  for (uint32_t i = 0; i < nregions; ++i) {
    uint32_t region, ncols;
    if (!r.Get(region) || !r.Get(ncols)) return false;
    const bool take = filter.Takes(region);
    taken += take ? 1 : 0;
    for (uint32_t c = 0; c < ncols; ++c) {
      uint32_t column;
      uint8_t has_null;
      ColumnRange range;
      bool min_known, max_known;
      const bool build = take && index != nullptr;
      if (!r.Get(column) || !r.Get(has_null) || !r.GetValue(range.min, min_known, build) ||
          !r.GetValue(range.max, max_known, build) || min_known != max_known) {
        return false;
      }
      range.has_null = has_null != 0;
      if (build) index->Restore(region, column, std::move(range));
    }
  }
  return true;
}

}  // namespace

void SaveStorageIndexes(const std::filesystem::path& dir, uint64_t generation,
                        const std::map<uint32_t, Segment>& segments) {
  std::string out(kMagic, sizeof kMagic);
  Put(out, kVersion);
  Put(out, generation);
  uint32_t count = 0;
  std::string body;
  for (const auto& [id, seg] : segments) {
    if (seg.storage_index.RegionCount() == 0) continue;
    // Grouped by region, in (region, column) order.
    std::vector<std::pair<uint32_t, std::vector<std::pair<uint32_t, const ColumnRange*>>>> regions;
    seg.storage_index.ForEach([&](uint32_t region, uint32_t column, const ColumnRange& range) {
      if (regions.empty() || regions.back().first != region) regions.push_back({region, {}});
      regions.back().second.emplace_back(column, &range);
    });
    if (regions.empty()) continue;
    ++count;
    Put(body, seg.object_id);
    Put(body, seg.header_block);
    Put(body, seg.data_blocks);
    Put(body, static_cast<uint32_t>(regions.size()));
    for (const auto& [region, columns] : regions) {
      Put(body, region);
      Put(body, static_cast<uint32_t>(columns.size()));
      for (const auto& [column, range] : columns) {
        Put(body, column);
        Put(body, static_cast<uint8_t>(range->has_null));
        PutValue(body, range->min);
        PutValue(body, range->max);
      }
    }
  }
  Put(out, count);
  out += body;
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
  // Checked whole before anything is stored, so a malformed file leaves every index empty;
  // each segment's summaries are decoded only when its index is first used.
  struct Pending {
    Segment* seg;
    size_t offset;
    uint32_t nregions;
    RegionFilter filter;
    size_t taken;
  };
  std::vector<Pending> pending;
  for (uint32_t s = 0; s < count; ++s) {
    uint32_t object_id, header_block, data_blocks, nregions;
    if (!r.Get(object_id) || !r.Get(header_block) || !r.Get(data_blocks) || !r.Get(nregions)) {
      return 0;
    }
    Pending p{nullptr, sizeof kMagic + r.pos(), nregions, {}, 0};
    auto it = segments.find(object_id);
    if (it != segments.end() && it->second.header_block == header_block &&
        it->second.data_blocks >= data_blocks) {
      p.seg = &it->second;
      // Grown since: the region of the old HWM may hold blocks the log never saw.
      p.filter.keep_below =
          it->second.data_blocks == data_blocks ? UINT32_MAX : data_blocks / kRegionBlocks;
      p.filter.data_blocks = it->second.data_blocks;
    }
    if (!ReadRegions(r, nregions, p.filter, nullptr, p.taken)) return 0;
    if (p.seg != nullptr && p.taken > 0) pending.push_back(p);
  }
  if (!r.done()) return 0;
  auto file = std::make_shared<const std::string>(std::move(bytes));
  size_t regions = 0;
  for (const Pending& p : pending) {
    regions += p.taken;
    p.seg->storage_index.SetPending(p.taken, [file, p](StorageIndex& index) {
      Reader rest(std::string_view(*file).substr(p.offset));
      size_t taken;
      ReadRegions(rest, p.nregions, p.filter, &index, taken);  // checked at open
    });
  }
  return regions;
}

}  // namespace pathdb::storage
