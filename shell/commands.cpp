// SQL*Plus commands: SET, COLUMN, DEFINE/UNDEFINE, SHOW, DESC, @/START, WHENEVER, EXIT/QUIT,
// EXEC, PROMPT, CLEAR, LOAD. Each prints exactly what SQL*Plus prints, SP2- messages included.
#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "shell/cli_options.h"
#include "shell/command_words.h"
#include "shell/sqlplus.h"
#include "shell/substitution.h"
#include "storage/storage.h"

namespace pathdb::shell {
namespace {

std::string Unquote(std::string s) {
  s = Trim(s);
  if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front()) {
    return s.substr(1, s.size() - 2);
  }
  return s;
}

std::string RTrim(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace

void Sqlplus::RunScript(std::string file, const std::vector<std::string>& args) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec) && std::filesystem::path(file).extension().empty()) {
    file += ".sql";
  }
  std::ifstream in(file);
  if (!in) return OsFailed(fmt::format("SP2-0310: unable to open file \"{}\"", file));
  if (depth_ >= 20) {
    return ReportSp2("SP2-0309: SQL*Plus command procedures may only be nested to a depth of 20.");
  }
  for (size_t i = 0; i < args.size(); ++i) settings_.defines.Set(std::to_string(i + 1), args[i]);
  StreamLineSource src(in);
  ++depth_;
  const std::string dir = std::filesystem::path(file).parent_path().string();
  Run(src, dir.empty() ? "." : dir);
  --depth_;
}

void Sqlplus::RunCommand(const std::string& line_in, LineSource& source,
                         const std::string& script_dir) {
  std::string line = Trim(line_in);
  // SQL*Plus commands need no terminator, but a trailing ';' is tolerated.
  while (!line.empty() && line.back() == ';') line = Trim(line.substr(0, line.size() - 1));
  std::vector<std::string> w = SplitWords(line);
  if (w.empty()) return;
  std::ostream& out = msg();

  if (line[0] == '@') {
    const bool relative = line.size() > 1 && line[1] == '@';
    std::vector<std::string> args = SplitWords(line.substr(relative ? 2 : 1));
    if (args.empty()) return ReportSp2("SP2-1506: START, @ or @@ command has no arguments");
    std::string file = args[0];
    args.erase(args.begin());
    w = {"START", file};
    w.insert(w.end(), args.begin(), args.end());
    if (relative && !std::filesystem::path(file).is_absolute()) {
      w[1] = (std::filesystem::path(script_dir) / file).string();
    }
  }
  const std::string& verb = w[0];

  if (Matches(verb, "START", 3)) {
    if (w.size() < 2) return ReportSp2("SP2-1506: START, @ or @@ command has no arguments");
    return RunScript(w[1], std::vector<std::string>(w.begin() + 2, w.end()));
  }
  if (Matches(verb, "SET", 3)) return RunSet(w);
  if (Matches(verb, "COLUMN", 3)) {
    if (w.size() < 2) return;
    const std::string col = ToUpper(w[1]);
    if (w.size() == 2) return;
    for (size_t i = 2; i < w.size(); ++i) {
      const std::string& o = w[i];
      if (Matches(o, "CLEAR", 3)) {
        settings_.columns.erase(col);
        return;
      }
      if (i + 1 >= w.size() && !Matches(o, "NOPRINT", 4) && !Matches(o, "PRINT", 3)) {
        return ReportSp2(fmt::format("SP2-0082: no {} option value", ToUpper(o)));
      }
      if (Matches(o, "FORMAT", 3)) {
        settings_.columns[col].format = w[++i];
      } else if (Matches(o, "HEADING", 3)) {
        settings_.columns[col].heading = w[++i];
      } else if (Matches(o, "NEW_VALUE", 5)) {
        settings_.columns[col].new_value = w[++i];
      } else if (Matches(o, "NOPRINT", 4) || Matches(o, "PRINT", 3)) {
        continue;
      } else if (Matches(o, "JUSTIFY", 3) || Matches(o, "OLD_VALUE", 5)) {
        ++i;
      } else {
        return ReportSp2(fmt::format("SP2-0158: unknown COLUMN option \"{}\"", o));
      }
    }
    return;
  }
  if (Matches(verb, "CLEAR", 2)) {
    if (w.size() > 1 && Matches(w[1], "COLUMNS", 3)) settings_.columns.clear();
    return;
  }
  if (Matches(verb, "DEFINE", 3)) {
    const std::string rest = Trim(line.substr(
        line.find_first_of(" \t") == std::string::npos ? line.size() : line.find_first_of(" \t")));
    if (rest.empty()) {
      for (const auto& [name, value] : settings_.defines.all())
        out << DefineLine(name, value) << '\n';
      return;
    }
    const size_t eq = rest.find('=');
    if (eq == std::string::npos) {
      const std::string name = Trim(rest);
      if (auto v = settings_.defines.Get(name)) {
        out << DefineLine(name, *v) << '\n';
      } else {
        ReportSp2(fmt::format("SP2-0135: symbol {} is UNDEFINED", name));
      }
      return;
    }
    settings_.defines.Set(Trim(rest.substr(0, eq)), Unquote(rest.substr(eq + 1)));
    return;
  }
  if (Matches(verb, "UNDEFINE", 5)) {
    for (size_t i = 1; i < w.size(); ++i) settings_.defines.Remove(w[i]);
    return;
  }
  if (Matches(verb, "PROMPT", 3)) {
    const size_t sp = line.find_first_of(" \t");
    out << (sp == std::string::npos ? "" : Trim(line.substr(sp))) << '\n';
    return;
  }
  if (Matches(verb, "VARIABLE", 3)) return RunVariable(line, w);
  if (Matches(verb, "PRINT", 3)) return RunPrint(w);
  if (Matches(verb, "EXECUTE", 4)) {
    const size_t sp = line.find_first_of(" \t");
    const std::string call = sp == std::string::npos ? "" : Trim(line.substr(sp));
    if (call.empty())
      return ReportSp2("SP2-0042: unknown command \"EXECUTE\" - rest of line ignored.");
    RunSql("BEGIN " + call + "; END;");
    return;
  }
  if (Matches(verb, "EXIT", 4) || Matches(verb, "QUIT", 4)) {
    const auto clause = ParseExitClause(w, 1);
    if (!clause) return ReportSp2(kExitUsage);
    return ExitWith(*clause, std::nullopt);
  }
  if (Matches(verb, "WHENEVER", 8)) {
    const bool sql = w.size() > 1 && Matches(w[1], "SQLERROR", 8);
    const bool os = w.size() > 1 && Matches(w[1], "OSERROR", 7);
    const auto handler = sql || os ? ParseErrorHandler(w, 2) : std::nullopt;
    if (!handler) return ReportSp2(kWheneverUsage);
    (sql ? on_sqlerror_ : on_oserror_) = *handler;
    return;
  }
  if (Matches(verb, "DESCRIBE", 4)) {
    if (w.size() < 2) return ReportSp2("SP2-0175: DESCRIBE needs an object name");
    std::optional<std::vector<DescribeColumn>> cols;
    try {
      cols = engine_.Describe(w[1]);
    } catch (const std::exception& e) {
      out << "ERROR:\n" << e.what() << "\n\n";
      any_failure_ = true;
      return;
    }
    if (!cols) {
      out << "ERROR:\nORA-04043: object " << w[1] << " does not exist\n\n";
      any_failure_ = true;
      return;
    }
    size_t name_w = 41;
    for (const auto& c : *cols) name_w = std::max(name_w, c.name.size());
    out << RTrim(fmt::format(" {:<{}} {:<8} {}", "Name", name_w, "Null?", "Type")) << '\n';
    out << fmt::format(" {} {} {}", std::string(name_w, '-'), std::string(8, '-'),
                       std::string(28, '-'))
        << '\n';
    for (const auto& c : *cols) {
      out << RTrim(fmt::format(" {:<{}} {:<8} {}", c.name, name_w, c.not_null ? "NOT NULL" : "",
                               c.type))
          << '\n';
    }
    out << '\n';
    return;
  }
  if (Matches(verb, "SHOW", 3)) {
    if (w.size() < 2) return ReportSp2("SP2-0735: unknown SHOW option beginning \"\"");
    const std::string opt = ToUpper(w[1]);
    if (Matches(opt, "PARAMETERS", 4)) {
      std::vector<ParameterRow> rows;
      try {
        rows = engine_.ShowParameters(w.size() > 2 ? w[2] : "");
      } catch (const std::exception& e) {
        out << e.what() << '\n';
        any_failure_ = true;
        return;
      }
      out << "\n"
          << fmt::format("{:<36} {:<11} {}", "NAME", "TYPE", "VALUE") << '\n'
          << std::string(36, '-') << ' ' << std::string(11, '-') << ' ' << std::string(30, '-')
          << '\n';
      for (const auto& r : rows) {
        out << RTrim(fmt::format("{:<36} {:<11} {}", r.name, r.type, r.value)) << '\n';
      }
      return;
    }
    if (opt == "SGA") {
      auto param_bytes = [&](const std::string& name) -> uint64_t {
        try {
          for (const auto& r : engine_.ShowParameters(name)) {
            if (r.name == name) return static_cast<uint64_t>(std::max<int64_t>(0, r.number));
          }
        } catch (const std::exception&) {
          // no such parameter: shown as 0
        }
        return 0;
      };
      const uint64_t buffers = param_bytes("db_cache_size");
      const uint64_t inmemory = param_bytes("inmemory_size");
      auto sga_line = [&](const char* label, uint64_t v) {
        // SQL*Plus prints the sizes in a 10-character NUMBER column: past 10 digits it
        // switches to scientific notation (1.7180E+10).
        std::string n = std::to_string(v);
        if (n.size() > 10) {
          const int exp = static_cast<int>(n.size()) - 1;
          std::string m = fmt::format("{:.4f}", static_cast<double>(v) / std::pow(10.0, exp));
          n = fmt::format("{}E+{:02d}", m, exp);
        }
        out << fmt::format("{:<24} {:>10} bytes\n", label, n);
      };
      out << '\n';
      // No fixed or variable (shared pool) areas exist yet: the cache, the redo log buffer
      // and the in-memory area are all the shared memory there is.
      sga_line("Total System Global Area", buffers + storage::kRedoBufferBytes + inmemory);
      sga_line("Fixed Size", 0);
      sga_line("Variable Size", 0);
      sga_line("Database Buffers", buffers);
      sga_line("Redo Buffers", storage::kRedoBufferBytes);
      if (inmemory > 0) sga_line("In-Memory Area", inmemory);
      return;
    }
    if (opt == "USER") {
      out << "USER is \"PATHDB\"\n";
      return;
    }
    if (Matches(opt, "ERRORS", 3)) {
      out << "No errors.\n";
      return;
    }
    if (Matches(opt, "LINESIZE", 3)) {
      out << "linesize " << settings_.linesize << '\n';
      return;
    }
    if (Matches(opt, "PAGESIZE", 5)) {
      out << "pagesize " << settings_.pagesize << '\n';
      return;
    }
    if (Matches(opt, "FEEDBACK", 4)) {
      if (settings_.feedback == 0) {
        out << "FEEDBACK OFF\n";
      } else {
        out << "FEEDBACK ON for " << settings_.feedback << " or more rows\n";
      }
      return;
    }
    auto show_flag = [&](const char* name, bool v) { out << name << (v ? " ON" : " OFF") << '\n'; };
    if (Matches(opt, "TIMING", 4)) return show_flag("timing", settings_.timing);
    if (Matches(opt, "TIMINGPRECISION", 9)) {
      out << "timingprecision " << settings_.timing_precision << '\n';
      return;
    }
    if (Matches(opt, "ECHO", 4)) return show_flag("echo", settings_.echo);
    if (Matches(opt, "VERIFY", 3)) return show_flag("verify", settings_.verify);
    const std::string shown = opt.size() > 10 ? opt.substr(0, 10) + "..." : opt;
    return ReportSp2(fmt::format("SP2-0735: unknown SHOW option beginning \"{}\"", shown));
  }
  if (Matches(verb, "LOAD", 4)) {
    size_t i = 1;
    if (i < w.size() && ToUpper(w[i]) == "TABLE") ++i;
    if (i + 1 >= w.size()) return ReportSp2("SP2-0042: LOAD needs a table and a file name");
    try {
      for (const auto& l : engine_.Load(w[i], w[i + 1], loadformat_)) out << l << '\n';
    } catch (const std::exception& e) {
      out << e.what() << '\n';
      any_failure_ = true;
    }
    return;
  }
  if (Matches(verb, "HOST", 2))
    return ReportSp2("SP2-0738: Restricted command \"HOST\" not available");
  if (Matches(verb, "SPOOL", 3)) return RunSpool(w);
  if (Matches(verb, "CONNECT", 4)) {
    out << "Connected.\n";
    return;
  }
  (void)source;
  // Recognised by SQL*Plus but without meaning here (TTITLE, BREAK, COMPUTE, ...).
  const std::string shown = line.size() > 10 ? line.substr(0, 10) + "..." : line;
  ReportSp2(
      fmt::format("SP2-0734: unknown command beginning \"{}\" - rest of line ignored.", shown));
}

}  // namespace pathdb::shell
