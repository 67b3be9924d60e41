// Extended statistics: column groups created by DBMS_STATS.CREATE_EXTENDED_STATS (or by a
// METHOD_OPT 'FOR COLUMNS (a, b)'), their system-generated names and their text as
// USER_STAT_EXTENSIONS shows it.
#include <algorithm>

#include "common/error.h"
#include "planner/dbms_stats/dbms_stats.h"

namespace pathdb::planner {

namespace {

// Oracle's limit on the columns of one group.
constexpr size_t kMaxGroupColumns = 32;

[[noreturn]] void InvalidExtension(const std::string& why) {
  ThrowOra(20001, "Error when processing extension - {}", why);
}

std::string Trim(std::string s) {
  const auto space = [](unsigned char c) { return std::isspace(c) != 0; };
  while (!s.empty() && space(static_cast<unsigned char>(s.back()))) s.pop_back();
  size_t i = 0;
  while (i < s.size() && space(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

bool IsIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' || c == '#';
}

// FNV-1a over the bytes, 64 bits, from a given seed.
uint64_t Fnv(std::string_view s, uint64_t seed) {
  uint64_t h = seed;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace

std::vector<uint32_t> ParseExtension(const std::string& text, const storage::TableInfo& table) {
  std::string s = Trim(text);
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    InvalidExtension("a column group is written (column, column ...)");
  s = s.substr(1, s.size() - 2);
  std::vector<uint32_t> columns;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    std::string item = Trim(s.substr(start, comma - start));
    std::string name;
    if (item.size() >= 2 && item.front() == '"' && item.back() == '"' &&
        item.find('"', 1) == item.size() - 1) {
      name = item.substr(1, item.size() - 2);  // quoted: the name as written
    } else {
      if (item.empty() || !std::all_of(item.begin(), item.end(), IsIdentifierChar))
        InvalidExtension(item.empty()
                             ? "missing column name"
                             : "only column groups are supported, not expressions (" + item + ")");
      name = UpperCase(item);
    }
    const auto c = table.ColumnIndex(name);
    if (!c) InvalidExtension("\"" + name + "\": invalid identifier");
    if (std::find(columns.begin(), columns.end(), *c) != columns.end())
      InvalidExtension("column \"" + name + "\" appears twice in the column group");
    columns.push_back(static_cast<uint32_t>(*c));
    start = comma + 1;
  }
  if (columns.size() < 2 || columns.size() > kMaxGroupColumns)
    InvalidExtension("a column group has 2 to 32 columns");
  return columns;
}

std::string ExtensionText(const storage::TableInfo& table, const std::vector<uint32_t>& columns) {
  std::string out = "(";
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i) out += ',';
    out += '"' + table.columns[columns[i]].name + '"';
  }
  return out + ")";
}

std::string ExtensionName(const storage::TableInfo& table, std::vector<uint32_t> columns) {
  // Like Oracle's SYS_STU... names, a hash of the group's columns (in any order), so that
  // SHOW_EXTENDED_STATS_NAME names a group before it exists and (a, b) and (b, a) are one.
  std::vector<std::string> names;
  for (uint32_t c : columns) names.push_back(table.columns[c].name);
  std::sort(names.begin(), names.end());
  std::string key;
  for (const auto& n : names) key += n + '\x1f';
  unsigned __int128 h = (static_cast<unsigned __int128>(Fnv(key, 0xcbf29ce484222325ull)) << 64) |
                        Fnv(key, 0x84222325cbf29ce4ull);
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::string name = "SYS_STU";
  for (int i = 0; i < 23; ++i) {  // 30 characters in all, as Oracle's
    name += kDigits[static_cast<size_t>(h % 36)];
    h /= 36;
  }
  return name;
}

std::string CreateExtendedStats(storage::Database& db, const storage::TableInfo& table,
                                const std::vector<uint32_t>& columns, bool create) {
  if (const storage::ColumnGroup* g = table.FindColumnGroup(columns)) {
    if (!create) return g->name;
    ThrowOra(20007, "extension {} already exists", ExtensionText(table, g->columns));
  }
  std::string name = ExtensionName(table, columns);
  if (create) db.AddColumnGroup(table, storage::ColumnGroup{name, columns});
  return name;
}

}  // namespace pathdb::planner
