#include "shell/session_engine.h"

#include <fmt/format.h>

#include <algorithm>

#include "shell/csv_load.h"
#include "shell/settings.h"

namespace pathdb::shell {
namespace {

std::string ToLower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

//! Captures a query's column names and types (DESC of a view).
class TypeSink : public ResultSink {
 public:
  void Begin(const std::vector<std::string>& names,
             const std::vector<LogicalType>& types) override {
    names_ = names;
    types_ = types;
  }
  void Rows(const DataChunk&) override {}
  void End() override {}
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
};

}  // namespace

StatementOutcome SessionEngine::Execute(std::string_view sql, ResultSink& sink) {
  return session_.Execute(sql, sink);
}

void SessionEngine::SetParameter(const std::string& name, const std::string& value) {
  session_.parameters().Set(ToLower(name), value);
}

std::vector<ParameterRow> SessionEngine::ShowParameters(const std::string& pattern) {
  std::vector<ParameterRow> rows;
  for (const auto* e : session_.parameters().Matching(ToLower(pattern))) {
    rows.push_back({e->name, e->type_name(), e->value, e->number});
  }
  return rows;
}

std::optional<std::vector<DescribeColumn>> SessionEngine::Describe(const std::string& name_in) {
  std::string name = name_in;
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
    name = name.substr(1, name.size() - 2);
  } else {
    name = ToUpper(name);
  }
  std::vector<DescribeColumn> cols;
  if (const auto* t = session_.database().FindTable(name)) {
    for (const auto& c : t->columns) cols.push_back({c.name, c.not_null, c.type.ToString()});
    return cols;
  }
  if (session_.database().FindView(name) == nullptr) return std::nullopt;
  TypeSink sink;
  session_.ExecuteInternal(fmt::format("SELECT * FROM \"{}\" WHERE 1 = 0", name), sink);
  for (size_t i = 0; i < sink.names_.size(); ++i) {
    cols.push_back({sink.names_[i], false, sink.types_[i].ToString()});
  }
  return cols;
}

std::vector<std::string> SessionEngine::Load(const std::string& table, const std::string& file,
                                             const std::vector<std::string>& words) {
  LoadFormat format;
  // SET LOADFORMAT words, one command's words between ';' markers: option value pairs.
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    const std::string opt = ToUpper(words[i]);
    const std::string& v = words[i + 1];
    if (v == ";") continue;
    if (opt == "DELIMITER") {
      format.delimiter = v.empty() ? ',' : v[0];
    } else if (opt == "COLUMN_NAMES") {
      format.column_names = ToUpper(v) != "OFF";
    } else if (opt == "ENCLOSURES") {
      format.enclosure = v.empty() ? '\0' : v[0];
    } else if (opt == "NULL") {
      format.null_text = v;
    } else if (opt == "ERRORS") {
      format.max_errors = std::stoull(v);
    } else {
      continue;
    }
    ++i;
  }
  std::string upper = table;
  if (upper.size() >= 2 && upper.front() == '"' && upper.back() == '"') {
    upper = upper.substr(1, upper.size() - 2);
  } else {
    upper = ToUpper(upper);
  }
  LoadResult r = LoadCsv(session_, upper, file, format);
  std::vector<std::string> lines;
  for (const auto& e : r.errors) lines.push_back("#ERROR " + e);
  lines.push_back(fmt::format("#INFO Number of rows processed: {}", r.rows_processed));
  lines.push_back(fmt::format("#INFO Number of rows in error: {}", r.rows_in_error));
  return lines;
}

}  // namespace pathdb::shell
