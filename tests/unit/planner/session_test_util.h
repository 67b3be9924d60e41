// End-to-end helpers: a Session over a fresh temp-dir Database, and a sink that keeps rows as
// text ("1|abc|" with NULL as empty) so tests read like the results they check.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "shell/engine/session.h"
#include "storage/storage.h"

namespace pathdb::testing {

class CollectSink : public ResultSink {
 public:
  void Begin(const std::vector<std::string>& names,
             const std::vector<LogicalType>& types) override {
    this->names = names;
    this->types = types;
    rows.clear();
  }
  void Rows(const DataChunk& chunk) override {
    for (size_t i = 0; i < chunk.Count(); ++i) {
      std::string line;
      for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
        if (c) line += '|';
        Value v = chunk.column(c).GetValue(chunk.RowIndex(i));
        if (!v.is_null()) line += v.ToString();
      }
      rows.push_back(line);
    }
  }
  void End() override {}

  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::string> rows;
};

class SessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // A parameterised test's name holds a '/' ("Name/0"): one directory level, not two, or
    // TearDown would leave the parent behind.
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::replace(name.begin(), name.end(), '/', '_');
    dir_ = std::filesystem::temp_directory_path() /
           ("pathdb_planner_" + std::to_string(::getpid()) + "_" + name);
    std::filesystem::remove_all(dir_);
    Open();
  }
  //! Closes the session and the database and opens them again: a restart. References into
  //! the old Database (TableInfo, statistics) are dangling afterwards.
  void Reopen() {
    session_.reset();
    db_.reset();
    Open();
  }
  void Open() {
    storage::DatabaseOptions opt;
    opt.cache_size_bytes = 8 << 20;
    db_ = storage::Database::Open(dir_, opt);
    session_ = std::make_unique<Session>(*db_);
  }
  void TearDown() override {
    session_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }

  //! Runs a statement; returns its feedback message (queries: "N rows").
  std::string Exec(const std::string& sql) {
    StatementOutcome o = session_->Execute(sql, sink_);
    return o.is_query ? std::to_string(o.row_count) + " rows" : o.message;
  }
  //! Runs a query and returns its rows.
  std::vector<std::string> Rows(const std::string& sql) {
    session_->Execute(sql, sink_);
    return sink_.rows;
  }
  //! This session's value of statistic `name` (V$MYSTAT), 0 when there is none.
  uint64_t Stat(const std::string& name) {
    auto r = Rows(
        "select m.value from v$statname s, v$mystat m where m.statistic# = s.statistic# and "
        "s.name = '" +
        name + "'");
    return r.empty() ? 0 : std::stoull(r[0]);
  }
  //! The last statement's plan as DBMS_XPLAN.DISPLAY_CURSOR shows it with ALLSTATS LAST
  //! (A-Rows and the Note lines need statistics_level = all), one line per row.
  std::string LastPlan() {
    std::string text;
    for (const auto& r : Rows("select * from table(dbms_xplan.display_cursor(format => "
                              "'ALLSTATS LAST'))"))
      text += r + "\n";
    return text;
  }
  //! The ORA code a statement fails with (0 when it succeeds).
  int ErrorCode(const std::string& sql) {
    try {
      session_->Execute(sql, sink_);
    } catch (const OraError& e) {
      return e.code();
    }
    return 0;
  }

  std::filesystem::path dir_;
  std::unique_ptr<storage::Database> db_;
  std::unique_ptr<Session> session_;
  CollectSink sink_;
};

using Strings = std::vector<std::string>;

}  // namespace pathdb::testing
