// SessionEngine: the real ShellEngine, over a Session (and its Database for DESC).
#pragma once
#include "shell/shell_engine.h"

namespace pathdb::shell {

class SessionEngine : public ShellEngine {
 public:
  explicit SessionEngine(Session& session) : session_(session) {}
  StatementOutcome Execute(std::string_view sql, ResultSink& sink) override;
  void DeclareVariable(const std::string& name, const LogicalType& type) override {
    session_.DeclareBind(name, type);
  }
  BindVariables Variables() override { return session_.binds(); }
  void Cancel() override { session_.Cancel(); }
  void Commit() override { session_.Commit(); }
  void SetParameter(const std::string& name, const std::string& value) override;
  std::vector<ParameterRow> ShowParameters(const std::string& pattern) override;
  std::optional<std::vector<DescribeColumn>> Describe(const std::string& name) override;
  std::vector<std::string> LastPlan(const std::string& format) override {
    return session_.LastPlan(format);
  }
  std::vector<std::string> ExplainOnly(std::string_view sql, const std::string& format) override {
    return session_.ExplainOnly(sql, format);
  }
  SessionStats LastStatementStats() override { return session_.LastStatementStats(); }
  std::vector<std::string> Load(const std::string& table, const std::string& file,
                                const std::vector<std::string>& loadformat) override;

 private:
  Session& session_;
};

}  // namespace pathdb::shell
