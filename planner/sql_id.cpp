#include "planner/sql_id.h"

#include <array>
#include <boost/uuid/detail/md5.hpp>
#include <cstring>

namespace pathdb::planner {

namespace {

//! The 16-byte MD5 digest of text + NUL, in byte order.
std::array<uint8_t, 16> Digest(std::string_view text) {
  boost::uuids::detail::md5 md5;
  md5.process_bytes(text.data(), text.size());
  md5.process_byte(0);
  boost::uuids::detail::md5::digest_type words;
  md5.get_digest(words);
  // Boost returns the digest as four 32-bit words whose most significant byte is the first
  // digest byte.
  std::array<uint8_t, 16> bytes{};
  for (size_t i = 0; i < 4; ++i) {
    for (size_t b = 0; b < 4; ++b) {
      bytes[i * 4 + b] = static_cast<uint8_t>(words[i] >> (24 - 8 * b));
    }
  }
  return bytes;
}

uint32_t LittleEndian32(const uint8_t* p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) | (uint32_t{p[3]} << 24);
}

//! FNV-1a, enough for a display hash (not a security boundary).
void Mix(uint32_t& h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 16777619u;
  }
  h ^= 0xff;
  h *= 16777619u;
}

std::string NormalisedName(const std::string& name) {
  if (name.starts_with(":BF")) return ":BF";
  if (name.starts_with(":TQ")) return ":TQ";
  if (name.starts_with("VW_")) return "VW_";
  if (name.starts_with("SYS_TEMP_")) return "SYS_TEMP_";
  return name;
}

}  // namespace

std::string SqlId(std::string_view text) {
  auto d = Digest(text);
  uint64_t n = (uint64_t{LittleEndian32(&d[8])} << 32) | LittleEndian32(&d[12]);
  static constexpr char kAlphabet[] = "0123456789abcdfghjkmnpqrstuvwxyz";
  std::string id(13, '0');
  for (size_t i = 13; i-- > 0;) {
    id[i] = kAlphabet[n % 32];
    n /= 32;
  }
  return id;
}

uint32_t SqlHashValue(std::string_view text) {
  auto d = Digest(text);
  return LittleEndian32(&d[12]);
}

uint32_t PlanHashValue(const std::vector<xplan::PlanLine>& lines) {
  uint32_t h = 2166136261u;
  std::vector<int> parent_at_depth;
  for (const auto& l : lines) {
    parent_at_depth.resize(static_cast<size_t>(l.depth) + 1);
    parent_at_depth[static_cast<size_t>(l.depth)] = l.id;
    int parent = l.depth == 0 ? -1 : parent_at_depth[static_cast<size_t>(l.depth) - 1];
    Mix(h, std::to_string(l.id));
    Mix(h, std::to_string(parent));
    Mix(h, l.operation);
    Mix(h, NormalisedName(l.name));
  }
  return h;
}

}  // namespace pathdb::planner
