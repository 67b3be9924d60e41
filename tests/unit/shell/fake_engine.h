// A ShellEngine that answers from canned results, so the shell front ends can be tested
// without the real engine.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "common/error.h"
#include "shell/settings.h"
#include "shell/shell_engine.h"

namespace pathdb::shell::testing {

struct CannedResult {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> rows;
};

inline void SendRows(ResultSink& sink, const CannedResult& r, bool end = true) {
  sink.Begin(r.names, r.types);
  DataChunk chunk(r.types);
  for (size_t i = 0; i < r.rows.size(); ++i) {
    for (size_t c = 0; c < r.types.size(); ++c) {
      chunk.column(c).SetValue(i % kVectorSize, r.rows[i][c]);
    }
    chunk.SetSize(i % kVectorSize + 1);
    if (chunk.size() == kVectorSize) {
      sink.Rows(chunk);
      chunk.Reset();
      chunk.SetSize(0);
    }
  }
  if (chunk.size() > 0) sink.Rows(chunk);
  if (end) sink.End();
}

class FakeEngine : public ShellEngine {
 public:
  std::vector<std::string> executed;
  std::map<std::string, CannedResult> queries;  //!< by exact SQL text
  std::map<std::string, OraError> errors;       //!< by exact SQL text
  std::map<std::string, CannedResult> fail_after;  //!< rows sent, then errors[sql] thrown
  std::map<std::string, std::string> params{{"db_block_size", "8192"}};
  int commits = 0;

  StatementOutcome Execute(std::string_view sql_view, ResultSink& sink) override {
    const std::string sql(sql_view);
    executed.push_back(sql);
    if (auto it = fail_after.find(sql); it != fail_after.end()) SendRows(sink, it->second, false);
    if (auto it = errors.find(sql); it != errors.end()) throw it->second;
    StatementOutcome out;
    if (auto it = queries.find(sql); it != queries.end()) {
      SendRows(sink, it->second);
      out.is_query = true;
      out.row_count = it->second.rows.size();
      return out;
    }
    out.message = ToUpper(sql).rfind("CREATE", 0) == 0 ? "Table created." : "Statement processed.";
    return out;
  }
  void Cancel() override {}
  void Commit() override { ++commits; }
  void SetParameter(const std::string& name, const std::string& value) override {
    if (!params.count(name)) throw OraError(2248, "invalid option for ALTER SESSION");
    params[name] = value;
  }
  std::vector<ParameterRow> ShowParameters(const std::string& pattern) override {
    std::vector<ParameterRow> rows;
    for (const auto& [n, v] : params) {
      if (n.find(pattern) != std::string::npos) rows.push_back({n, "integer", v});
    }
    return rows;
  }
  std::optional<std::vector<DescribeColumn>> Describe(const std::string& name) override {
    if (name != "t" && name != "T") return std::nullopt;
    return std::vector<DescribeColumn>{{"ID", true, "NUMBER(10)"}, {"NAME", false, "VARCHAR2(20)"}};
  }
};

inline Value Num(const char* text) {
  return Value::Number(*Decimal::Parse(text), LogicalType::Number());
}

}  // namespace pathdb::shell::testing
