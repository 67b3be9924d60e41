#include "shell/cli_options.h"

#include <cctype>
#include <stdexcept>

namespace pathdb::shell {

uint64_t ParseByteSize(const std::string& text) {
  size_t i = 0;
  uint64_t value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (value > (UINT64_MAX - 9) / 10) throw std::invalid_argument("size too large: " + text);
    value = value * 10 + static_cast<uint64_t>(text[i++] - '0');
  }
  if (i == 0) throw std::invalid_argument("invalid size: '" + text + "'");
  uint64_t mult = 1;
  if (i < text.size()) {
    switch (std::toupper(static_cast<unsigned char>(text[i]))) {
      case 'K': mult = 1ull << 10; break;
      case 'M': mult = 1ull << 20; break;
      case 'G': mult = 1ull << 30; break;
      default: throw std::invalid_argument("invalid size: '" + text + "'");
    }
    ++i;
    if (i < text.size() && std::toupper(static_cast<unsigned char>(text[i])) == 'B') ++i;
    if (i != text.size()) throw std::invalid_argument("invalid size: '" + text + "'");
  }
  if (value > UINT64_MAX / mult) throw std::invalid_argument("size too large: " + text);
  return value * mult;
}

namespace {

// "--name=value" or "--name value": returns the value and advances i past what it used.
std::string OptionValue(const std::vector<std::string>& args, size_t& i, const std::string& name) {
  const std::string& a = args[i];
  if (a.size() > name.size() && a[name.size()] == '=') return a.substr(name.size() + 1);
  if (i + 1 >= args.size()) throw std::invalid_argument("option " + name + " needs a value");
  return args[++i];
}

bool IsOption(const std::string& a, const std::string& name) {
  return a == name || (a.rfind(name + "=", 0) == 0);
}

}  // namespace

CliOptions ParseCommandLine(const std::vector<std::string>& args) {
  CliOptions o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--batch" || a == "-b" || a == "-s") {
      o.batch = true;
    } else if (a == "--resetlogs") {
      o.resetlogs = true;
    } else if (a == "--demo") {
      o.demo = true;
    } else if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--version" || a == "-V") {
      o.version = true;
    } else if (a == "--nologin") {
      o.nologin = true;
    } else if (a == "-c") {
      if (i + 1 >= args.size()) throw std::invalid_argument("option -c needs a SQL text");
      o.command = args[++i];
      o.has_command = true;
    } else if (IsOption(a, "--format")) {
      const std::string v = OptionValue(args, i, "--format");
      if (v == "csv") {
        o.format = OutputFormat::kCsv;
      } else if (v == "slt") {
        o.format = OutputFormat::kSlt;
      } else if (v == "text" || v == "sqlplus") {
        o.format = OutputFormat::kSqlplus;
      } else {
        throw std::invalid_argument("unknown --format '" + v + "' (csv, slt or text)");
      }
    } else if (IsOption(a, "--cache-size")) {
      o.cache_size_text = OptionValue(args, i, "--cache-size");
      o.cache_size = ParseByteSize(o.cache_size_text);
      o.cache_size_given = true;
    } else if (IsOption(a, "--inmemory-size")) {
      o.inmemory_size = OptionValue(args, i, "--inmemory-size");
      ParseByteSize(o.inmemory_size);
    } else if (IsOption(a, "--param")) {
      const std::string v = OptionValue(args, i, "--param");
      const size_t eq = v.find('=');
      if (eq == std::string::npos || eq == 0) {
        throw std::invalid_argument("--param needs name=value, got '" + v + "'");
      }
      o.params.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (!a.empty() && a[0] == '@') {
      if (!o.script.empty()) throw std::invalid_argument("only one @script may be given");
      o.script = a.substr(1);
      if (o.script.empty()) throw std::invalid_argument("@ needs a file name");
    } else if (!o.script.empty() && o.dbdir_given && a.rfind("--", 0) != 0) {
      // As with `sqlplus login @script a b`: words after the script are its arguments. A word
      // after @script when no DBDIR came yet is still the DBDIR (`pathdb @x.sql DBDIR`).
      o.script_args.push_back(a);
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      throw std::invalid_argument("unknown option '" + a + "'");
    } else {
      if (o.dbdir_given) throw std::invalid_argument("more than one database directory given");
      o.dbdir = a;
      o.dbdir_given = true;
    }
  }
  if (o.format == OutputFormat::kSlt) o.batch = true;
  return o;
}

std::string UsageText() {
  return "usage: pathdb [options] [DBDIR] [@script.sql [arg ...]]\n"
         "  DBDIR                 database directory (default ./pathdb-data; created if missing)\n"
         "  @script.sql           run a script, then exit\n"
         "  -c \"SQL;\"             run one command, then exit\n"
         "  --batch               no banner or prompts (read statements from stdin)\n"
         "  --format=csv|slt      CSV results (RFC 4180) or the sqllogictest line protocol\n"
         "  --demo                create (once) and open the order-entry demo database\n"
         "  --cache-size=256M     buffer cache size (K/M/G)\n"
         "  --inmemory-size=1G    in-memory column store size\n"
         "  --param name=value    set any session parameter\n"
         "  --resetlogs           open even though the redo log lost committed transactions\n"
         "                        (replays what is readable, reports how many were lost)\n"
         "  --nologin             do not run login.sql (./login.sql, else the first in $SQLPATH)\n";
}

}  // namespace pathdb::shell
