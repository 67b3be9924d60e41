#include "tests/fuzz/runner.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <stop_token>
#include <thread>

#include "common/error.h"
#include "shell/engine/session.h"
#include "storage/storage.h"
#include "tests/fuzz/corpus.h"
#include "tests/fuzz/mutator.h"

namespace pathdb::fuzz {

namespace fs = std::filesystem;

namespace {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A fresh directory for the database, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "pathdb-fuzz.XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Reads every value (ToString exercises the formatting of extreme values) and cancels a
// statement that produces too many rows: a mutated join can be a huge cartesian product.
class CheckingSink : public ResultSink {
 public:
  explicit CheckingSink(Session& s) : session_(s) {}
  void Begin(const std::vector<std::string>&, const std::vector<LogicalType>&) override { rows_ = 0; }
  void Rows(const DataChunk& chunk) override {
    for (size_t i = 0; i < chunk.Count(); ++i) {
      for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
        bytes_ += chunk.column(c).GetValue(chunk.RowIndex(i)).ToString().size();
      }
    }
    rows_ += chunk.Count();
    if (rows_ > 20000) session_.Cancel();
  }
  void End() override {}

 private:
  Session& session_;
  uint64_t rows_ = 0;
  uint64_t bytes_ = 0;
};

// The fuzz schema: small tables holding the values at the edges of the number models, so
// that mutated predicates and expressions meet them. Oracle dialect.
struct TableSpec {
  const char* name;
  std::vector<const char*> create;
};
const TableSpec kSchema[] = {
    {"T1",
     {"create table t1 (a number, b number, c varchar2(20), d date, e binary_double)",
      "insert into t1 values (1, 2, 'x', date '2024-01-01', 1.5d)",
      "insert into t1 values (-7, 0, '', date '9999-12-31', 1e308d)",
      "insert into t1 values (9.99e125, 1e-130, 'abc', date '0001-01-01', -1e-300d)",
      "insert into t1 values (null, -9.99e125, '1e999', null, null)",
      "insert into t1 values (9223372036854775807, -9223372036854775808, 'zz', sysdate, 0d)",
      "insert into t1 select level, mod(level, 7), to_char(level), date '2024-01-01' + level, "
      "level / 3 from dual connect by level <= 40",
      "create index t1_a on t1 (a)"}},
    {"T2",
     {"create table t2 (a integer primary key, b varchar2(10), c number(5,2))",
      "insert into t2 select level, to_char(level), level / 7 from dual connect by level <= 50",
      "create index t2_b on t2 (b)"}},
    {"TAB0",
     {"create table tab0 (pk integer primary key, col0 integer, col1 binary_double, col2 "
      "varchar2(30), col3 integer, col4 binary_double, col5 varchar2(30))",
      "insert into tab0 select level, mod(level * 7, 97), level / 3, 'v' || level, level * level, "
      "-level / 7, 'w' from dual connect by level <= 30",
      "create index tab0_c0 on tab0 (col0)"}},
    {"TAB1", {"create table tab1 as select * from tab0"}},
};

class Fuzzer {
 public:
  Fuzzer(const Options& o, SharedState& shared, Session& session)
      : opt_(o), shared_(shared), session_(session), sink_(session) {
    if (!o.log.empty()) log_.open(o.log, std::ios::app);
  }

  // Runs one statement as `sqlite` dialect says; counts its outcome.
  void Run(const std::string& sql, bool sqlite) {
    SetDialect(sqlite);
    Exec(sql, true);
    if (sql.find("sql_dialect") != std::string::npos || sql.find("SQL_DIALECT") != std::string::npos)
      dialect_known_ = false;
  }

  // Replays a script as written (its own ALTER SESSION statements set the dialect).
  void Replay(const std::vector<Statement>& script) {
    dialect_known_ = false;
    for (const auto& s : script) {
      Exec(s.sql, true);
      ++replayed_;
    }
    dialect_known_ = false;
  }

  // Creates the schema's missing tables and rebuilds those that grew large.
  void ResetSchema() {
    SetDialect(false);
    for (const auto& t : kSchema) {
      bool fine = false;
      try {
        CountOnly sink;
        session_.Execute(fmt::format("select count(*) from {}", t.name), sink);
        fine = sink.count <= 5000;
      } catch (const std::exception&) {
      }
      if (fine) continue;
      Exec(fmt::format("drop table {}", t.name), false);
      for (const char* s : t.create) Exec(s, false);
    }
    Exec("commit", false);
  }

  void Summary(double seconds) const {
    std::string codes;
    std::vector<std::pair<uint64_t, int>> by_count;
    for (const auto& [code, n] : errors_) by_count.emplace_back(n, code);
    std::sort(by_count.rbegin(), by_count.rend());
    for (const auto& [n, code] : by_count) codes += fmt::format(" ORA-{:05d}:{}", code, n);
    fmt::print("sql_fuzz seed {}: {} statements ({} replayed, {} mutated) in {:.1f}s; {} ok; "
               "internal errors {}; errors by code:{}\n",
               opt_.seed, statements_, replayed_, mutated_, seconds, ok_, internal_, codes);
    std::fflush(stdout);
  }

  uint64_t internal() const { return internal_; }
  void CountMutated() { ++mutated_; }

 private:
  struct CountOnly : ResultSink {
    void Begin(const std::vector<std::string>&, const std::vector<LogicalType>&) override {}
    void Rows(const DataChunk& chunk) override {
      if (chunk.Count() > 0) count = chunk.column(0).GetValue(chunk.RowIndex(0)).number().ToInt64().value_or(0);
    }
    void End() override {}
    int64_t count = 0;
  };

  void SetDialect(bool sqlite) {
    if (dialect_known_ && sqlite == sqlite_) return;
    Exec(fmt::format("alter session set sql_dialect = {}", sqlite ? "SQLITE" : "ORACLE"), false);
    sqlite_ = sqlite;
    dialect_known_ = true;
  }

  void Internal(const std::string& sql, const std::string& what) {
    ++internal_;
    if (internal_ <= 20 || opt_.verbose) {
      fmt::print("INTERNAL ERROR at statement #{} ({} dialect): {}\n  statement: {}\n", statements_,
                 sqlite_ ? "SQLITE" : "ORACLE", what, sql.size() > 2000 ? sql.substr(0, 2000) + " ..." : sql);
      std::fflush(stdout);
    }
  }

  void Exec(const std::string& sql, bool count) {
    const uint32_t n = static_cast<uint32_t>(std::min(sql.size(), SharedState::kTextBytes));
    std::memcpy(shared_.text, sql.data(), n);
    shared_.length.store(n);
    shared_.sqlite.store(sqlite_ ? 1 : 0);
    shared_.seq.fetch_add(1);
    shared_.started_ms.store(NowMs());
    if (log_.is_open()) log_ << (sqlite_ ? "-- SQLITE\n" : "-- ORACLE\n") << sql << "\n;\n" << std::flush;
    if (count) ++statements_;
    try {
      StatementOutcome o = session_.Execute(sql, sink_);
      if (count) ++ok_;
    } catch (const OraError& e) {
      if (count) ++errors_[e.code()];
      if (e.code() == 600) Internal(sql, e.what());
    } catch (const std::exception& e) {
      Internal(sql, fmt::format("non-ORA exception (the shell prints ORA-00600): {}", e.what()));
    } catch (...) {
      Internal(sql, "unknown exception");
    }
    shared_.started_ms.store(0);
  }

  const Options& opt_;
  SharedState& shared_;
  Session& session_;
  CheckingSink sink_;
  std::ofstream log_;
  bool sqlite_ = false;
  bool dialect_known_ = false;
  uint64_t statements_ = 0, replayed_ = 0, mutated_ = 0, ok_ = 0, internal_ = 0;
  std::map<int, uint64_t> errors_;
};

// Statements of a --log file: each ends at a line holding only ';'; "-- DIALECT" lines are
// the log's comments (the dialect changes are logged statements themselves).
std::vector<Statement> ReadLog(const fs::path& file) {
  std::ifstream in(file);
  std::vector<Statement> out;
  std::string line, sql;
  while (std::getline(in, line)) {
    if (line == ";") {
      if (!sql.empty()) out.push_back({sql, false});
      sql.clear();
    } else if (sql.empty() && (line == "-- ORACLE" || line == "-- SQLITE")) {
      continue;
    } else {
      if (!sql.empty()) sql += '\n';
      sql += line;
    }
  }
  return out;
}

// Cancels a statement that runs past the limit: slow is not a bug, but it would eat the
// budget. A statement that ignores the cancel is the parent's to catch (a hang).
void Watchdog(std::stop_token stop, SharedState& shared, Session& session, int64_t limit_ms) {
  uint64_t cancelled = 0;
  while (!stop.stop_requested()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const int64_t started = shared.started_ms.load();
    const uint64_t seq = shared.seq.load();
    if (started != 0 && seq != cancelled && NowMs() - started > limit_ms) {
      session.Cancel();
      cancelled = seq;
    }
  }
}

}  // namespace

int RunFuzz(const Options& o, SharedState& shared) {
  const int64_t t0 = NowMs();
  Corpus corpus = LoadCorpus(o.source_dir, o.slt_dir, o.seed, o.slt_files);
  Vocabulary vocab;
  vocab.keywords = GrammarKeywords(o.source_dir / "grammar" / "SqlLexer.g4");
  vocab.identifiers = {"t1", "t2", "tab0", "tab1", "a", "b", "c", "d", "e", "pk", "col0",
                       "col1", "col2", "col3", "col4", "col5", "dual", "rownum", "level",
                       "t1.a", "x.a", "v$mystat", "user_tables", "no_such_thing"};
  if (vocab.keywords.empty()) vocab.keywords = {"SELECT", "FROM", "WHERE"};
  std::vector<Statement> crashers = ReadScript(o.source_dir / "tests" / "fuzz" / "crashers.sql");

  TempDir dir;
  storage::DatabaseOptions dbopt;
  dbopt.cache_size_bytes = 16 << 20;
  std::unique_ptr<storage::Database> db = storage::Database::Open(dir.path() / "db", dbopt);
  Session session(*db);
  Fuzzer fuzz(o, shared, session);
  std::jthread watchdog(Watchdog, std::ref(shared), std::ref(session), o.cancel_after_ms);

  fuzz.ResetSchema();
  if (!o.replay.empty()) {
    fuzz.Replay(ReadLog(o.replay));
    watchdog.request_stop();
    fuzz.Summary(static_cast<double>(NowMs() - t0) / 1000.0);
    return fuzz.internal() == 0 ? 0 : 1;
  }
  fuzz.Replay(crashers);
  if (!o.replay_only) {
    fuzz.ResetSchema();
    for (const auto& s : corpus.setup) fuzz.Run(s.sql, s.sqlite);
    Mutator mutator(vocab, o.seed);
    auto& rng = mutator.rng();
    auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
    const int64_t deadline = NowMs() + static_cast<int64_t>(o.seconds * 1000);
    for (uint64_t i = 0; !corpus.seeds.empty() && NowMs() < deadline; ++i) {
      if (i % 400 == 399) fuzz.ResetSchema();
      const Statement& s = corpus.seeds[pick(corpus.seeds.size())];
      const Statement& donor = corpus.seeds[pick(corpus.seeds.size())];
      // Now and then the other dialect: each reads literals and arithmetic differently.
      const bool sqlite = pick(10) == 0 ? !s.sqlite : s.sqlite;
      if (pick(10) == 0) {
        fuzz.Run(s.sql, sqlite);
      } else {
        fuzz.CountMutated();
        fuzz.Run(mutator.Mutate(s.sql, donor.sql), sqlite);
      }
    }
  }
  watchdog.request_stop();
  fuzz.Summary(static_cast<double>(NowMs() - t0) / 1000.0);
  return fuzz.internal() == 0 ? 0 : 1;
}

}  // namespace pathdb::fuzz
