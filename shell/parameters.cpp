// The parameter table: names, types, defaults and allowed values, as SHOW PARAMETER lists them.
#include "shell/parameters.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "common/error.h"

namespace pathdb {

namespace {

struct ParamDef {
  const char* name;
  const char* type;
  const char* default_value;
  std::vector<std::string> allowed;
};

// Constant table; the Parameters object copies it into its own entries.
const std::vector<ParamDef>& Definitions() {
  static const std::vector<ParamDef> kDefs = {
      {"db_block_size", "integer", "8192", {}},
      {"db_cache_size", "big integer", "256M", {}},
      {"db_file_multiblock_read_count", "integer", "128", {}},
      {"_small_table_threshold", "integer", "655", {}},
      {"_very_large_object_threshold", "integer", "500", {}},
      {"_serial_direct_read", "string", "AUTO", {"AUTO", "ALWAYS", "NEVER", "TRUE", "FALSE"}},
      {"_db_aging_touch_time", "integer", "3", {}},
      {"db_block_checksum", "string", "TYPICAL", {"TYPICAL", "FALSE", "OFF", "FULL", "TRUE"}},
      {"inmemory_size", "big integer", "0", {}},
      {"inmemory_query", "string", "ENABLE", {"ENABLE", "DISABLE"}},
      {"optimizer_adaptive_plans", "boolean", "TRUE", {"TRUE", "FALSE"}},
      {"optimizer_adaptive_statistics", "boolean", "FALSE", {"TRUE", "FALSE"}},
      {"_optimizer_use_feedback", "boolean", "TRUE", {"TRUE", "FALSE"}},
      {"_bloom_filter_enabled", "boolean", "TRUE", {"TRUE", "FALSE"}},
      {"_bloom_minmax_enabled", "boolean", "TRUE", {"TRUE", "FALSE"}},
      {"_bloom_serial_filter", "string", "ON", {"ON", "OFF"}},
      {"statistics_level", "string", "TYPICAL", {"BASIC", "TYPICAL", "ALL"}},
      {"pga_aggregate_target", "big integer", "2G", {}},
      {"optimizer_mode",
       "string",
       "ALL_ROWS",
       {"ALL_ROWS", "FIRST_ROWS", "FIRST_ROWS_1", "FIRST_ROWS_10", "FIRST_ROWS_100",
        "FIRST_ROWS_1000"}},
      {"optimizer_dynamic_sampling", "integer", "2", {}},
      {"parallel_degree", "integer", "1", {}},
      {"nls_date_format", "string", "DD-MON-RR", {}},
      {"sql_dialect", "string", "ORACLE", {"ORACLE", "SQLITE"}},
  };
  return kDefs;
}

// V$PARAMETER.DESCRIPTION, Oracle's wording where the parameter is Oracle's.
const char* Description(std::string_view name) {
  static const std::map<std::string_view, const char*> kText = {
      {"db_block_size", "Size of database block in bytes"},
      {"db_cache_size", "Size of DEFAULT buffer pool for standard block size buffers"},
      {"db_file_multiblock_read_count", "db block to be read each IO"},
      {"_small_table_threshold", "lower threshold level of table size for direct reads"},
      {"_very_large_object_threshold", "upper threshold level of object size for direct reads"},
      {"_serial_direct_read", "enable direct read in serial"},
      {"_db_aging_touch_time", "touch time for buffer aging"},
      {"db_block_checksum", "store checksum in db blocks and check during reads"},
      {"pga_aggregate_target", "Target size for the aggregate PGA memory consumed by the instance"},
      {"inmemory_size", "size in bytes of in-memory area"},
      {"inmemory_query", "Specifies whether in-memory queries are allowed"},
      {"optimizer_adaptive_plans", "controls all types of adaptive plans"},
      {"optimizer_adaptive_statistics", "controls all types of adaptive statistics"},
      {"_optimizer_use_feedback", "optimizer use feedback"},
      {"_bloom_filter_enabled", "enables or disables bloom filter"},
      {"_bloom_minmax_enabled", "enable or disable bloom min max filtering"},
      {"_bloom_serial_filter", "enable serial bloom filter on exadata"},
      {"statistics_level", "statistics level"},
      {"optimizer_mode", "optimizer mode"},
      {"optimizer_dynamic_sampling", "optimizer dynamic sampling"},
      {"parallel_degree", "degree of parallelism set by ALTER SESSION FORCE PARALLEL QUERY"},
      {"nls_date_format", "NLS Oracle date format"},
      {"sql_dialect", "SQL dialect of the session (ORACLE or SQLITE)"},
  };
  auto it = kText.find(name);
  return it == kText.end() ? "" : it->second;
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "256M" -> 268435456; nullopt when not an integer with an optional K/M/G suffix.
std::optional<int64_t> ParseSize(const std::string& v, bool allow_suffix) {
  if (v.empty()) return std::nullopt;
  size_t i = 0;
  int64_t n = 0;
  while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
    if (n > (INT64_MAX - 9) / 10) return std::nullopt;
    n = n * 10 + (v[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  if (i == v.size()) return n;
  if (!allow_suffix || i + 1 != v.size()) return std::nullopt;
  switch (std::toupper(static_cast<unsigned char>(v[i]))) {
    case 'K':
      return n << 10;
    case 'M':
      return n << 20;
    case 'G':
      return n << 30;
    default:
      return std::nullopt;
  }
}

}  // namespace

Parameters::Parameters() {
  for (const auto& d : Definitions())
    entries_[d.name] =
        Entry{d.name, d.default_value, d.type, d.default_value, d.allowed, Description(d.name)};
}

void Parameters::Set(const std::string& raw_name, const std::string& raw_value) {
  std::string name = Lower(raw_name);
  auto it = entries_.find(name);
  if (it == entries_.end()) ThrowOra(2248, "invalid option for ALTER SESSION");
  Entry& e = it->second;
  if (name == "db_block_size")
    ThrowOra(2095, "specified initialization parameter cannot be modified");
  std::string value = raw_value;
  if (!e.allowed.empty()) {
    value = Upper(value);
    if (std::find(e.allowed.begin(), e.allowed.end(), value) == e.allowed.end()) {
      std::string list;
      for (const auto& a : e.allowed) {
        if (!list.empty()) list += ", ";
        list += a;
      }
      ThrowOra(96, "invalid value {} for parameter {}, must be from among {}", raw_value, name,
               list);
    }
    if (name == "_serial_direct_read" && value == "TRUE") value = "ALWAYS";
    if (name == "_serial_direct_read" && value == "FALSE") value = "NEVER";
  } else if (e.type == "integer" || e.type == "big integer") {
    if (!ParseSize(value, e.type == "big integer")) ThrowOra(2017, "integer value required");
    value = Upper(value);
  }
  e.value = value;
}

const std::string& Parameters::Get(const std::string& name) const {
  auto it = entries_.find(Lower(name));
  if (it == entries_.end()) ThrowOra(2248, "invalid option for ALTER SESSION");
  return it->second.value;
}

int64_t Parameters::GetInt(const std::string& name) const {
  const std::string& v = Get(name);
  auto n = ParseSize(v, true);
  if (n) return *n;
  std::string u = Upper(v);
  if (u == "TRUE") return 1;
  return 0;
}

bool Parameters::IsDefault(const std::string& name) const {
  auto it = entries_.find(Lower(name));
  if (it == entries_.end()) ThrowOra(2248, "invalid option for ALTER SESSION");
  return it->second.value == it->second.default_value;
}

std::vector<const Parameters::Entry*> Parameters::Matching(const std::string& pattern) const {
  std::string p = Lower(pattern);
  std::vector<const Entry*> out;
  for (const auto& [name, e] : entries_)
    if (name.find(p) != std::string::npos) out.push_back(&e);
  return out;
}

std::vector<const Parameters::Entry*> Parameters::All() const {
  return Matching("");
}

}  // namespace pathdb
