// Helpers for operator tests: a ValuesSource leaf, expression builders, a scratch database
// and a runner that returns rows as readable strings.
#pragma once
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "executor/operator.h"

namespace pathdb::test {

//! Leaf operator producing fixed rows in batches of `batch` rows. Counts its Next calls in
//! *next_calls when given (owned by the test).
class ValuesSource : public PhysicalOperator {
 public:
  ValuesSource(std::vector<LogicalType> types, std::vector<std::vector<Value>> rows,
               size_t batch = kVectorSize, int* next_calls = nullptr)
      : PhysicalOperator("VALUES", std::move(types)),
        rows_(std::move(rows)),
        batch_(batch),
        next_calls_(next_calls) {}

  std::unique_ptr<OperatorState> OpenImpl(ExecContext&) const override {
    return std::make_unique<State>();
  }
  bool NextImpl(ExecContext& ctx, OperatorState& state, DataChunk& out) const override {
    ctx.CheckCancel();
    if (next_calls_) ++*next_calls_;
    auto& st = static_cast<State&>(state);
    if (st.pos >= rows_.size()) return false;
    out.Reset();
    size_t n = std::min(batch_, rows_.size() - st.pos);
    for (size_t i = 0; i < n; i++)
      for (size_t c = 0; c < types_.size(); c++) out.column(c).SetValue(i, rows_[st.pos + i][c]);
    out.SetSize(n);
    st.pos += n;
    return true;
  }

 private:
  struct State : OperatorState {
    size_t pos = 0;
  };
  std::vector<std::vector<Value>> rows_;
  size_t batch_;
  int* next_calls_;
};

inline Value I(int64_t v) { return Value::Integer(v); }
inline Value D(double v) { return Value::Double(v); }
inline Value S(std::string s) { return Value::Varchar(std::move(s)); }
inline Value N() { return Value(); }

inline BoundExprPtr Col(size_t i, LogicalType t = LogicalType::Integer()) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kColumn, t);
  e->column_index = i;
  return e;
}
inline BoundExprPtr Const(Value v) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kConstant, v.type());
  e->constant = std::move(v);
  return e;
}
inline BoundExprPtr Cmp(std::string op, BoundExprPtr a, BoundExprPtr b) {
  auto e = std::make_unique<BoundExpr>(BoundKind::kCompare, LogicalType::Boolean());
  e->name = std::move(op);
  e->children.push_back(std::move(a));
  e->children.push_back(std::move(b));
  return e;
}

inline std::string Cell(const Value& v) { return v.is_null() ? "NULL" : v.ToString(); }

//! Rows as "a|b|c" strings.
inline std::vector<std::string> ToStrings(const std::vector<std::vector<Value>>& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) {
    std::string s;
    for (size_t c = 0; c < r.size(); c++) {
      if (c) s += '|';
      s += Cell(r[c]);
    }
    out.push_back(s);
  }
  return out;
}

//! A scratch database in a fresh temp directory with a session's statement context.
struct TestDb {
  std::filesystem::path dir;
  std::unique_ptr<storage::Database> db;
  storage::Transaction txn;
  SessionStats stats;
  std::unique_ptr<ExecContext> ctx;

  TestDb() {
    std::random_device rd;
    dir = std::filesystem::temp_directory_path() / fmt::format("pathdb_ops_{}_{}", rd(), rd());
    storage::DatabaseOptions options;
    options.cache_size_bytes = 8u << 20;
    db = storage::Database::Open(dir, options);
    ctx = std::make_unique<ExecContext>(ExecContext{*db, txn, stats, EvalContext{}, nullptr});
  }
  ~TestDb() {
    ctx.reset();
    db.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }

  std::vector<std::string> Run(const PhysicalOperator& root) {
    std::vector<std::vector<Value>> rows;
    RunPlan(root, *ctx, [&](const DataChunk& c) {
      EXPECT_GT(c.Count(), 0u);
      for (auto& r : c.ToRows()) rows.push_back(std::move(r));
    });
    return ToStrings(rows);
  }
  size_t CountRows(const PhysicalOperator& root) {
    size_t n = 0;
    RunPlan(root, *ctx, [&](const DataChunk& c) { n += c.Count(); });
    return n;
  }
};

inline std::unique_ptr<ValuesSource> Values(std::vector<LogicalType> types,
                                            std::vector<std::vector<Value>> rows,
                                            size_t batch = kVectorSize, int* calls = nullptr) {
  return std::make_unique<ValuesSource>(std::move(types), std::move(rows), batch, calls);
}

}  // namespace pathdb::test
