// Session: parse -> plan -> execute for one statement, with statement-level atomicity (a failed
// statement undoes exactly its own changes) and the SQL*Plus feedback messages.
#include "shell/session.h"

#include <chrono>
#include <map>

#include "common/error.h"
#include "executor/operator.h"
#include "parser/parser.h"
#include "planner/planner.h"
#include "shell/cli_options.h"
#include "shell/session_statements.h"

namespace pathdb {

struct Session::Impl {
  std::map<std::string, size_t> savepoints;  //!< name -> undo position
};

Session::Session(storage::Database& db) : db_(db), impl_(std::make_unique<Impl>()) {
  const auto& opt = db.options();
  uint64_t cache = opt.cache_size_bytes;
  params_.Set("db_cache_size", (cache % (1u << 20)) == 0 ? std::to_string(cache >> 20) + "M"
                                                         : std::to_string(cache));
  // Oracle's default: 2% of the cache, in blocks.
  params_.Set("_small_table_threshold",
              std::to_string(std::max<uint64_t>(1, cache / storage::kBlockSize / 50)));
  params_.Set("db_file_multiblock_read_count", std::to_string(opt.multiblock_read_count));
  if (!opt.verify_checksums) params_.Set("db_block_checksum", "FALSE");
}

Session::~Session() = default;

void Session::Commit() {
  db_.Commit(txn_, stats_);
  stats_.Add(Stat::kUserCommits);
  impl_->savepoints.clear();
}

StatementOutcome Session::Execute(std::string_view sql, ResultSink& sink) {
  cancel_.store(false);
  stats_.Add(Stat::kParseCountTotal);
  stats_.Add(Stat::kParseCountHard);  // no cursor cache yet: every parse is hard
  ast::StatementPtr stmt = ParseStatement(sql);
  stats_.Add(Stat::kExecuteCount);

  EvalContext eval;
  eval.dialect = params_.Get("sql_dialect") == "SQLITE" ? Dialect::kSqlite : Dialect::kOracle;
  eval.nls_date_format = params_.Get("nls_date_format");
  eval.statement_time_us = std::chrono::duration_cast<std::chrono::microseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  eval.random = &random_;
  ExecContext ctx{db_, txn_, stats_, std::move(eval), &cancel_};
  ctx.eval.exec = &ctx;
  // One serial work area may take 5% of the PGA target (Oracle's _smm_max_size rule).
  try {
    ctx.work_area_bytes = std::max<uint64_t>(
        64 << 10, shell::ParseByteSize(params_.Get("pga_aggregate_target")) / 20);
  } catch (const std::invalid_argument&) {
    // A malformed value keeps the default work area rather than failing every statement.
  }

  StatementRunner runner{*this, ctx, impl_->savepoints, sql};
  const size_t savepoint = txn_.Savepoint();
  try {
    return runner.Run(*stmt, sink);
  } catch (...) {
    if (txn_.Savepoint() > savepoint) db_.Rollback(txn_, savepoint, stats_);
    throw;
  }
}

}  // namespace pathdb
