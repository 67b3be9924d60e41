// SET with one or several options (SET LINESIZE 200 PAGESIZE 0 FEEDBACK OFF), as SQL*Plus
// takes them: each option consumes its own values; at the first bad option or value the SP2-
// message is printed and the rest of the command is ignored, the options before it applied.
#include <fmt/format.h>

#include "shell/command_words.h"
#include "shell/sqlplus.h"

namespace pathdb::shell {
namespace {

// Options SQL*Plus knows that change nothing here; each takes one value.
constexpr const char* kIgnored[] = {"TRIMSPOOL",
                                    "TRIMS",
                                    "TRIMOUT",
                                    "TRIM",
                                    "TAB",
                                    "TERMOUT",
                                    "TERM",
                                    "WRAP",
                                    "WRA",
                                    "SQLBLANKLINES",
                                    "SQLBL",
                                    "ARRAYSIZE",
                                    "ARRAY",
                                    "LONG",
                                    "COLSEP",
                                    "NEWPAGE",
                                    "NEWP",
                                    "UNDERLINE",
                                    "UND",
                                    "SQLPROMPT",
                                    "SQLP",
                                    "TIME",
                                    "TI",
                                    "FLUSH",
                                    "SHOWMODE",
                                    "APPINFO",
                                    "EMBEDDED",
                                    "LONGCHUNKSIZE",
                                    "STATEMENTCACHE",
                                    "SCAN",
                                    "CONCAT",
                                    "ESCAPE",
                                    "AUTOCOMMIT",
                                    "AUTO",
                                    "PAUSE",
                                    "RECSEP",
                                    "EXITCOMMIT",
                                    "SQLTERMINATOR",
                                    "SQLT"};

}  // namespace

void Sqlplus::RunSet(const std::vector<std::string>& w) {
  if (w.size() < 2) return ReportSp2("SP2-0265: set must be followed by an option");
  size_t i = 1;
  while (i < w.size() && SetOption(w, i)) {
  }
}

bool Sqlplus::SetOption(const std::vector<std::string>& w, size_t& i) {
  const std::string opt = w[i++];
  auto value = [&]() { return i < w.size() ? w[i++] : std::string(); };
  auto fail = [&](const std::string& text) {
    ReportSp2(text);
    return false;
  };
  auto on_off = [&](bool& target) {
    const auto v = OnOff(value());
    if (!v) return fail(fmt::format("SP2-0265: {} must be set ON or OFF", ToUpper(opt)));
    target = *v;
    return true;
  };
  auto integer = [&](int& target, const std::string& text, int lo, int hi, const char* name) {
    const auto v = ToInt(text);
    if (!v) return fail(fmt::format("SP2-0268: {} option not a valid number", name));
    if (*v < lo || *v > hi) {
      return fail(
          fmt::format("SP2-0267: {} option {} out of range ({} through {})", name, *v, lo, hi));
    }
    target = *v;
    return true;
  };

  if (Matches(opt, "TIMING", 4)) return on_off(settings_.timing);
  if (Matches(opt, "TIMINGPRECISION", 9))
    return integer(settings_.timing_precision, value(), 2, 6, "timingprecision");
  if (Matches(opt, "ECHO", 4)) return on_off(settings_.echo);
  if (Matches(opt, "VERIFY", 3)) return on_off(settings_.verify);
  if (Matches(opt, "HEADING", 3)) return on_off(settings_.heading);
  if (Matches(opt, "DEFINE", 3)) {  // ON, OFF, or a prefix character (not supported: kept '&')
    if (auto v = OnOff(value())) settings_.define = *v;
    return true;
  }
  if (Matches(opt, "LINESIZE", 3))
    return integer(settings_.linesize, value(), 1, 32767, "linesize");
  if (Matches(opt, "PAGESIZE", 5))
    return integer(settings_.pagesize, value(), 0, 50000, "pagesize");
  if (Matches(opt, "NUMWIDTH", 3)) return integer(settings_.numwidth, value(), 2, 50, "numwidth");
  if (Matches(opt, "FEEDBACK", 4)) {
    const std::string v = value();
    if (auto b = OnOff(v)) {
      settings_.feedback = *b ? 1 : 0;
      return true;
    }
    return integer(settings_.feedback, v, 0, 50000, "feedback");
  }
  if (Matches(opt, "NULL", 3)) {
    settings_.null_text = value();
    return true;
  }
  if (Matches(opt, "AUTOTRACE", 5)) {
    // SET AUTOT[RACE] {OFF | ON | TRACE[ONLY]} [EXP[LAIN]] [STAT[ISTICS]]
    const std::string mode = value();
    Settings::Autotrace a;
    if (Matches(mode, "ON", 2) || Matches(mode, "TRACEONLY", 5)) {
      a.on = true;
      a.rows = Matches(mode, "ON", 2);
      bool explain = false, statistics = false;
      for (; i < w.size(); ++i) {
        if (Matches(w[i], "EXPLAIN", 3)) {
          explain = true;
        } else if (Matches(w[i], "STATISTICS", 4)) {
          statistics = true;
        } else {
          break;  // the next option of this SET
        }
      }
      if (explain || statistics) {
        a.explain = explain;
        a.statistics = statistics;
      }
    } else if (!Matches(mode, "OFF", 3)) {
      return fail("Usage: SET AUTOT[RACE] {OFF | ON | TRACE[ONLY]} [EXP[LAIN]] [STAT[ISTICS]]");
    }
    settings_.autotrace = a;
    return true;
  }
  if (Matches(opt, "LOADFORMAT", 5)) {  // SQLcl: the rest of the line is LOADFORMAT's
    loadformat_.insert(loadformat_.end(), w.begin() + static_cast<std::ptrdiff_t>(i), w.end());
    loadformat_.push_back(";");
    i = w.size();
    return true;
  }
  if (Matches(opt, "SERVEROUTPUT", 9)) {
    // SET SERVEROUT[PUT] {ON | OFF} [SIZE {n | UNLIMITED}] [FOR[MAT] {WRAPPED | ...}]
    value();
    while (i + 1 < w.size() && (Matches(w[i], "SIZE", 4) || Matches(w[i], "FORMAT", 3))) i += 2;
    return true;
  }
  if (Matches(opt, "MARKUP", 4)) {  // HTML options to the end of the line
    i = w.size();
    return true;
  }
  for (const char* x : kIgnored) {
    if (ToUpper(opt) == x) {
      value();
      return true;
    }
  }
  return fail(fmt::format("SP2-0158: unknown SET option \"{}\"", opt));
}

}  // namespace pathdb::shell
