// SQL*Plus bind variables: VARIABLE declares one in the session (SQL then reads it as :name,
// an anonymous block or EXEC assigns it with :name := value), PRINT shows values as a query
// result would. The values live in the session (Session::binds), so a cursor that reads them
// is shared by every value, as Oracle's is.
#include <fmt/format.h>

#include <cctype>
#include <regex>

#include "shell/command_words.h"
#include "shell/csv_output.h"
#include "shell/result_formatter.h"
#include "shell/settings.h"
#include "shell/sqlplus.h"

namespace pathdb::shell {
namespace {

constexpr const char* kVariableUsage =
    "Usage: VAR[IABLE] [ <variable> [ NUMBER | CHAR | CHAR (n [CHAR|BYTE]) |\n"
    "                    VARCHAR2 (n [CHAR|BYTE]) | NCHAR | NCHAR (n) |\n"
    "                    NVARCHAR2 (n) | BINARY_FLOAT | BINARY_DOUBLE ] ]";

//! "NUMBER", "VARCHAR2(20 CHAR)", "char" ...; nullopt for a type VARIABLE does not take here.
std::optional<LogicalType> ParseBindType(const std::string& text) {
  // std::regex: a one-line grammar read once per VARIABLE command, not on any hot path.
  static const std::regex kType(
      R"(^\s*(NUMBER|BINARY_FLOAT|BINARY_DOUBLE|N?CHAR|N?VARCHAR2)\s*(\(\s*(\d{1,6})\s*(CHAR|BYTE)?\s*\))?\s*$)",
      std::regex::icase);
  std::smatch m;
  if (!std::regex_match(text, m, kType)) return std::nullopt;
  const std::string base = ToUpper(m[1].str());
  const bool sized = m[3].matched;
  const unsigned long n = sized ? std::stoul(m[3].str()) : 1;  // SQL*Plus: CHAR's default 1
  if (base == "NUMBER") {
    if (sized) return std::nullopt;
    return LogicalType::Number();
  }
  if (base == "BINARY_FLOAT" || base == "BINARY_DOUBLE") {
    if (sized) return std::nullopt;
    return LogicalType::Double();
  }
  if (n == 0 || n > 32767) return std::nullopt;
  const auto len = static_cast<uint32_t>(n);
  return base.find("VARCHAR2") != std::string::npos ? LogicalType::Varchar(len)
                                                    : LogicalType::Char(len);
}

}  // namespace

void Sqlplus::RunVariable(const std::string& line, const std::vector<std::string>& w) {
  auto show = [&](const std::string& name, const BindVariable& b) {
    out_ << fmt::format("variable   {}\ndatatype   {}\n", name, b.type.ToString());
  };
  if (w.size() == 1) {
    const BindVariables all = engine_.Variables();
    bool first = true;
    for (const auto& [name, b] : all) {
      if (!first) out_ << '\n';
      first = false;
      show(name, b);
    }
    return;
  }
  const std::string name = ToUpper(w[1]);
  static const std::regex kName(R"(^[A-Z][A-Z0-9_$#]*$)");
  if (!std::regex_match(name, kName)) {
    return ReportSp2(fmt::format("SP2-0553: Illegal variable name \"{}\".", w[1]));
  }
  if (w.size() == 2) {
    const BindVariables all = engine_.Variables();
    auto it = all.find(name);
    if (it == all.end()) {
      return ReportSp2(fmt::format("SP2-0552: Bind variable \"{}\" not declared.", name));
    }
    return show(name, it->second);
  }
  // The type is the rest of the line after the name; VARIABLE x NUMBER = 5 also assigns.
  const size_t after_name = line.find(w[1], line.find_first_of(" \t")) + w[1].size();
  std::string rest = line.substr(after_name);
  std::string value;
  if (const size_t eq = rest.find('='); eq != std::string::npos) {
    value = Trim(rest.substr(eq + 1));
    rest = rest.substr(0, eq);
  }
  const auto type = ParseBindType(rest);
  if (!type) return ReportSp2(kVariableUsage);
  engine_.DeclareVariable(name, *type);
  if (value.empty()) return;
  // SQL*Plus 12.2's VARIABLE name type = value: assigned without a message of its own.
  const std::string sql = fmt::format("BEGIN :{} := {}; END;", name, value);
  NullSink discard;
  try {
    engine_.Execute(sql, discard);
  } catch (const OraError& e) {
    ReportError(e, sql, false);
    SqlFailed(e.code());
  }
}

void Sqlplus::RunPrint(const std::vector<std::string>& w) {
  const BindVariables all = engine_.Variables();
  std::vector<std::string> names;
  for (size_t i = 1; i < w.size(); ++i) {
    std::string n = ToUpper(w[i]);
    if (!n.empty() && n[0] == ':') n.erase(0, 1);
    names.push_back(n);
  }
  if (w.size() == 1) {
    for (const auto& [name, b] : all) names.push_back(name);
  }
  for (const std::string& name : names) {
    auto it = all.find(name);
    if (it == all.end()) {
      ReportSp2(fmt::format("SP2-0552: Bind variable \"{}\" not declared.", name));
      continue;
    }
    DataChunk chunk({it->second.type}, 1);
    chunk.column(0).SetValue(0, it->second.value);
    chunk.SetSize(1);
    if (format_ == OutputFormat::kCsv) {
      CsvSink csv(out_);
      csv.Begin({name}, {it->second.type});
      csv.Rows(chunk);
      csv.End();
    } else {
      TableFormatter table(out_, settings_);
      table.Begin({name}, {it->second.type});
      table.Rows(chunk);
      table.End();
    }
  }
}

}  // namespace pathdb::shell
