// The parameter table (names, kinds, defaults, allowed values and ranges, as SHOW PARAMETER
// lists them) and the one parser every value goes through when it is set.
#include "shell/engine/parameters.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>

#include "common/datetime.h"
#include "common/error.h"

namespace pathdb {

namespace {

using K = ParamKind;

struct ParamDef {
  const char* name;
  ParamKind kind;
  const char* default_value;
  std::vector<std::string> allowed;  //!< enumerations only
  int64_t min = 0, max = INT64_MAX;  //!< integers only
};

// Constant table; the Parameters object copies it into its own entries.
const std::vector<ParamDef>& Definitions() {
  static const std::vector<ParamDef> kDefs = {
      {"db_block_size", K::kInteger, "8192", {}},
      {"db_cache_size", K::kBigInteger, "256M", {}},
      {"db_file_multiblock_read_count", K::kInteger, "128", {}},
      {"_small_table_threshold", K::kInteger, "655", {}},
      {"_very_large_object_threshold", K::kInteger, "500", {}},
      {"_serial_direct_read", K::kEnum, "AUTO", {"AUTO", "ALWAYS", "NEVER", "TRUE", "FALSE"}},
      {"db_big_table_cache_percent_target", K::kInteger, "0", {}, 0, 90},
      {"_direct_read_decision_statistics_driven", K::kBoolean, "TRUE", {}},
      {"_kcfis_storageidx_disabled", K::kBoolean, "FALSE", {}},
      {"disk_asynch_io", K::kBoolean, "TRUE", {}},
      {"filesystemio_options", K::kEnum, "SETALL", {"NONE", "SETALL", "DIRECTIO", "ASYNCH"}},
      {"_db_aging_touch_time", K::kInteger, "3", {}},
      {"db_block_checksum", K::kEnum, "TYPICAL", {"TYPICAL", "FALSE", "OFF", "FULL", "TRUE"}},
      {"inmemory_size", K::kBigInteger, "0", {}},
      {"inmemory_query", K::kEnum, "ENABLE", {"ENABLE", "DISABLE"}},
      {"_inmemory_force_tables", K::kBoolean, "FALSE", {}},
      {"_inmemory_synchronous_population", K::kBoolean, "FALSE", {}},
      {"_inmemory_force_encoding", K::kEnum, "AUTO", {"AUTO", "PLAIN", "DICTIONARY", "FOR", "RLE"}},
      {"_inmemory_simd", K::kEnum, "AUTO", {"AUTO", "AVX2", "SCALAR"}},
      {"optimizer_adaptive_plans", K::kBoolean, "TRUE", {}},
      {"_optimizer_or_factoring", K::kBoolean, "TRUE", {}},
      {"optimizer_adaptive_reporting_only", K::kBoolean, "FALSE", {}},
      {"_optimizer_adaptive_plan_resolve_once", K::kBoolean, "FALSE", {}},
      {"optimizer_adaptive_statistics", K::kBoolean, "FALSE", {}},
      {"_optimizer_use_feedback", K::kBoolean, "TRUE", {}},
      {"_optim_peek_user_binds", K::kBoolean, "TRUE", {}},
      {"_optimizer_use_feedback_for_join", K::kBoolean, "TRUE", {}},
      {"_bloom_filter_enabled", K::kBoolean, "TRUE", {}},
      {"_bloom_minmax_enabled", K::kBoolean, "TRUE", {}},
      {"_bloom_serial_filter", K::kEnum, "ON", {"ON", "OFF"}},
      {"statistics_level", K::kEnum, "TYPICAL", {"BASIC", "TYPICAL", "ALL"}},
      {"pga_aggregate_target", K::kBigInteger, "2G", {}},
      {"optimizer_mode",
       K::kEnum,
       "ALL_ROWS",
       {"ALL_ROWS", "FIRST_ROWS", "FIRST_ROWS_1", "FIRST_ROWS_10", "FIRST_ROWS_100",
        "FIRST_ROWS_1000"}},
      {"optimizer_dynamic_sampling", K::kInteger, "2", {}},
      // The cost model's inputs (planner/cost_params.h), with Oracle's defaults and ranges.
      {"optimizer_index_cost_adj", K::kInteger, "100", {}, 1, 10000},
      {"optimizer_index_caching", K::kInteger, "0", {}, 0, 100},
      {"_db_file_optimizer_read_count", K::kInteger, "8", {}, 1, 65536},
      {"_table_scan_cost_plus_one", K::kBoolean, "TRUE", {}},
      {"parallel_degree", K::kInteger, "1", {}},
      {"nls_date_format", K::kString, "DD-MON-RR", {}},
      {"nls_timestamp_format", K::kString, "DD-MON-RR HH.MI.SSXFF AM", {}},
      {"sql_dialect", K::kEnum, "ORACLE", {"ORACLE", "SQLITE"}},
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
      {"db_big_table_cache_percent_target", "Big table cache target size in percentage"},
      {"_db_aging_touch_time", "touch time for buffer aging"},
      {"db_block_checksum", "store checksum in db blocks and check during reads"},
      {"pga_aggregate_target", "Target size for the aggregate PGA memory consumed by the instance"},
      {"inmemory_size", "size in bytes of in-memory area"},
      {"inmemory_query", "Specifies whether in-memory queries are allowed"},
      {"_inmemory_force_tables", "new tables are created INMEMORY (tests)"},
      {"_inmemory_synchronous_population",
       "a scan populates the in-memory copy before it reads instead of in the background"},
      {"_inmemory_force_encoding", "encoding of every in-memory column unit (tests)"},
      {"_inmemory_simd", "SIMD kernels of in-memory scans: AUTO (AVX2 when the CPU has it)"},
      {"optimizer_adaptive_plans", "controls all types of adaptive plans"},
      {"_optimizer_or_factoring",
       "factor common conjuncts out of OR branches and derive single-table ORs"},
      {"optimizer_adaptive_reporting_only", "use reporting-only mode for adaptive optimizations"},
      {"_optimizer_adaptive_plan_resolve_once",
       "reuse an adaptive plan's first decisions (Oracle's behaviour) instead of deciding at "
       "every execution"},
      {"optimizer_adaptive_statistics", "controls all types of adaptive statistics"},
      {"_optimizer_use_feedback", "optimizer use feedback"},
      {"_optim_peek_user_binds", "enable peeking of user binds"},
      {"_optimizer_use_feedback_for_join", "optimizer use feedback for join"},
      {"_bloom_filter_enabled", "enables or disables bloom filter"},
      {"_bloom_minmax_enabled", "enable or disable bloom min max filtering"},
      {"_bloom_serial_filter", "enable serial bloom filter on exadata"},
      {"_serial_direct_read", "enable direct read in serial"},
      {"_direct_read_decision_statistics_driven",
       "enable direct read decision based on optimizer statistics"},
      {"_kcfis_storageidx_disabled", "Don't use storage index optimization on the storage cell"},
      {"disk_asynch_io", "Use asynch I/O for random access devices"},
      {"filesystemio_options", "IO operations on filesystem files"},
      {"statistics_level", "statistics level"},
      {"optimizer_mode", "optimizer mode"},
      {"optimizer_dynamic_sampling", "optimizer dynamic sampling"},
      {"parallel_degree", "degree of parallelism set by ALTER SESSION FORCE PARALLEL QUERY"},
      {"nls_date_format", "NLS Oracle date format"},
      {"nls_timestamp_format", "time stamp format"},
      {"sql_dialect", "SQL dialect of the session (ORACLE or SQLITE)"},
      {"optimizer_index_cost_adj", "optimizer index cost adjustment"},
      {"optimizer_index_caching", "optimizer percent index caching"},
      {"_db_file_optimizer_read_count", "multiblock read count for regular clients"},
      {"_table_scan_cost_plus_one", "bump estimated full table scan and index ffs cost by one"},
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
  int shift = 0;
  switch (std::toupper(static_cast<unsigned char>(v[i]))) {
    case 'K':
      shift = 10;
      break;
    case 'M':
      shift = 20;
      break;
    case 'G':
      shift = 30;
      break;
    default:
      return std::nullopt;
  }
  if (n > (INT64_MAX >> shift)) return std::nullopt;
  return n << shift;
}

const std::vector<std::string>& Booleans() {
  static const std::vector<std::string> kBooleans = {"TRUE", "FALSE"};
  return kBooleans;
}

// Parses `raw` into `e` (value and number), or throws with `e` untouched.
void ParseInto(Parameters::Entry& e, const std::string& raw) {
  std::string value = raw;
  int64_t number = 0;
  switch (e.kind) {
    case K::kBoolean:
    case K::kEnum: {
      const auto& allowed = e.kind == K::kBoolean ? Booleans() : e.allowed;
      value = Upper(value);
      if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
        std::string list;
        for (const auto& a : allowed) {
          if (!list.empty()) list += ", ";
          list += a;
        }
        ThrowOra(96, "invalid value {} for parameter {}, must be from among {}", raw, e.name, list);
      }
      // Oracle's synonyms for the modes of serial direct reads.
      if (e.name == "_serial_direct_read" && value == "TRUE") value = "ALWAYS";
      if (e.name == "_serial_direct_read" && value == "FALSE") value = "NEVER";
      number = value == "TRUE" ? 1 : 0;
      break;
    }
    case K::kInteger:
    case K::kBigInteger: {
      auto n = ParseSize(value, e.kind == K::kBigInteger);
      if (!n) ThrowOra(2017, "integer value required");
      if (*n < e.min || *n > e.max)
        ThrowOra(68, "invalid value {} for parameter {}, must be between {} and {}", raw, e.name,
                 e.min, e.max);
      value = Upper(value);
      number = *n;
      break;
    }
    case K::kString:
      break;
  }
  e.value = std::move(value);
  e.number = number;
}

}  // namespace

const char* Parameters::Entry::type_name() const {
  switch (kind) {
    case K::kBoolean:
      return "boolean";
    case K::kInteger:
      return "integer";
    case K::kBigInteger:
      return "big integer";
    case K::kEnum:
    case K::kString:
      return "string";
  }
  return "string";
}

Parameters::Parameters() {
  for (const auto& d : Definitions()) {
    Entry e;
    e.name = d.name;
    e.kind = d.kind;
    e.default_value = d.default_value;
    e.allowed = d.allowed;
    e.min = d.min;
    e.max = d.max;
    e.description = Description(d.name);
    ParseInto(e, d.default_value);
    entries_[d.name] = std::move(e);
  }
}

namespace {
// Oracle's hidden parameter behind a documented one: setting either sets both (one entry).
std::string Canonical(const std::string& raw_name) {
  std::string name = Lower(raw_name);
  if (name == "_optimizer_adaptive_plans") return "optimizer_adaptive_plans";
  return name;
}
}  // namespace

void Parameters::Set(const std::string& raw_name, const std::string& raw_value) {
  auto it = entries_.find(Canonical(raw_name));
  if (it == entries_.end()) ThrowOra(2248, "invalid option for ALTER SESSION");
  if (it->first == "db_block_size")
    ThrowOra(2095, "specified initialization parameter cannot be modified");
  Entry e = it->second;
  ParseInto(e, raw_value);
  // A date format is refused when it is set, as Oracle does (ORA-01821), not at display.
  if (e.name == "nls_date_format" || e.name == "nls_timestamp_format") (void)datetime::Format(0, e.value);
  it->second = std::move(e);
}

const Parameters::Entry& Parameters::Find(const std::string& name) const {
  auto it = entries_.find(Canonical(name));
  if (it == entries_.end()) ThrowOra(2248, "invalid option for ALTER SESSION");
  return it->second;
}

bool Parameters::GetBool(const std::string& name) const {
  const Entry& e = Find(name);
  if (e.kind != K::kBoolean) throw std::logic_error("not a boolean parameter: " + e.name);
  return e.number != 0;
}

int64_t Parameters::GetInt(const std::string& name) const {
  const Entry& e = Find(name);
  if (e.kind != K::kInteger && e.kind != K::kBigInteger)
    throw std::logic_error("not an integer parameter: " + e.name);
  return e.number;
}

const std::string& Parameters::GetText(const std::string& name) const {
  const Entry& e = Find(name);
  if (e.kind != K::kEnum && e.kind != K::kString)
    throw std::logic_error("not a text parameter: " + e.name);
  return e.value;
}

const std::string& Parameters::Get(const std::string& name) const {
  return Find(name).value;
}

bool Parameters::IsDefault(const std::string& name) const {
  const Entry& e = Find(name);
  return e.value == e.default_value;
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
