// ShellEngine: what the shell front ends (SQL*Plus loop, csv, slt) need from the engine.
// An interface rather than Session itself so the front ends can be unit-tested against a
// fake engine; SessionEngine (session_engine.h) is the real one.
//
// Thread contract: as Session's (shell/engine/session.h): one thread, except Cancel().
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "shell/engine/session.h"

namespace pathdb {

//! One line of DESC output.
struct DescribeColumn {
  std::string name;
  bool not_null = false;
  std::string type;  //!< as DESC prints it: NUMBER(10,2), VARCHAR2(20), DATE
};

//! One line of SHOW PARAMETER output.
struct ParameterRow {
  std::string name;
  std::string type;
  std::string value;
  int64_t number = 0;  //!< the parsed value: bytes of a big integer, an integer, 0/1 ...
};

//! Discards results (statements run for their side effects).
class NullSink : public ResultSink {
 public:
  void Begin(const std::vector<std::string>&, const std::vector<LogicalType>&) override {}
  void Rows(const DataChunk&) override {}
  void End() override {}
};

class ShellEngine {
 public:
  virtual ~ShellEngine() = default;
  //! Runs one statement (no trailing ';'). Throws OraError.
  virtual StatementOutcome Execute(std::string_view sql, ResultSink& sink) = 0;
  //! Signal-safe: only an atomic store.
  virtual void Cancel() = 0;
  virtual void Commit() = 0;
  //! Throws OraError for an unknown name or a bad value.
  virtual void SetParameter(const std::string& name, const std::string& value) = 0;
  //! Parameters whose name contains `pattern` (all when empty), sorted by name.
  virtual std::vector<ParameterRow> ShowParameters(const std::string& pattern) = 0;
  //! Columns of a table or view (name as typed); nullopt when there is no such object.
  virtual std::optional<std::vector<DescribeColumn>> Describe(const std::string& name) = 0;
  //! SET AUTOTRACE: the plan of the query/DML the last Execute ran, as DBMS_XPLAN lines in
  //! `format`; empty when it ran none (DDL, errors).
  virtual std::vector<std::string> LastPlan(const std::string& format) {
    (void)format;
    return {};
  }
  //! SET AUTOTRACE TRACEONLY EXPLAIN: a query's plan, the query not run.
  virtual std::vector<std::string> ExplainOnly(std::string_view sql, const std::string& format) {
    (void)sql, (void)format;
    return {};
  }
  //! SET AUTOTRACE STATISTICS: what the last Execute added to the session statistics.
  virtual SessionStats LastStatementStats() { return {}; }
  //! VARIABLE name type: declares a bind variable (upper-case name), its value NULL.
  virtual void DeclareVariable(const std::string& name, const LogicalType& type) {
    (void)name, (void)type;
    throw OraError(3001, "unimplemented feature: VARIABLE");
  }
  //! The declared bind variables and their values.
  virtual BindVariables Variables() { return {}; }
  //! LOAD [TABLE] t file: returns the lines SQLcl prints (#INFO ...). Throws OraError.
  virtual std::vector<std::string> Load(const std::string& table, const std::string& file,
                                        const std::vector<std::string>& loadformat) {
    (void)table, (void)file, (void)loadformat;
    throw OraError(3001, "unimplemented feature: LOAD");
  }
};

}  // namespace pathdb
