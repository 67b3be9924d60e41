// The pathdb command line (design/contract.md "Command line").
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace pathdb::shell {

enum class OutputFormat { kSqlplus, kCsv, kSlt };

struct CliOptions {
  std::string dbdir = "./pathdb-data";
  bool dbdir_given = false;
  std::string script;                    //!< @script.sql
  std::vector<std::string> script_args;  //!< words after @script.sql, its &1, &2, ...
  std::string command;                   //!< -c "SQL;"
  bool has_command = false;
  bool batch = false;
  bool demo = false;
  bool help = false;
  bool version = false;  //!< --version: print the release line and exit
  //! --resetlogs: open a database whose redo log lost committed transactions, accepting it
  bool resetlogs = false;
  bool nologin = false;  //!< --nologin: do not run login.sql at start
  OutputFormat format = OutputFormat::kSqlplus;
  uint64_t cache_size = 256ull << 20;
  bool cache_size_given = false;
  std::string cache_size_text;  //!< as given ("16M")
  std::string inmemory_size;    //!< as given ("1G"); empty when not given
  std::vector<std::pair<std::string, std::string>> params;  //!< --param name=value, in order
};

//! Parses argv; throws std::invalid_argument with a one-line message on bad usage.
CliOptions ParseCommandLine(const std::vector<std::string>& args);

//! "16M" -> 16777216; K/M/G suffixes (either case), plain bytes; throws std::invalid_argument.
uint64_t ParseByteSize(const std::string& text);

std::string UsageText();

}  // namespace pathdb::shell
