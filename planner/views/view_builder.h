// What the view catalogue's parts share (internal to planner/views/): value and column
// helpers, and the two halves of the catalogue, the dictionary views (dictionary_views.cpp)
// and the dynamic performance views (dynamic_views.cpp).
#pragma once
#include <fmt/format.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "planner/views/system_views.h"

namespace pathdb::planner::views {

using Row = std::vector<Value>;
using Rows = std::vector<Row>;

inline constexpr const char* kOwner = "PATHDB";

inline LogicalType Str(uint32_t n) {
  return LogicalType::Varchar(n);
}
inline LogicalType Num() {
  return LogicalType::Number();
}

inline Value V(std::string s) {
  if (s.empty()) return Value::Null(LogicalType::Varchar());  // '' is NULL
  return Value::Varchar(std::move(s));
}
inline Value N(uint64_t n) {
  return Value::Integer(static_cast<int64_t>(n));
}
inline Value NullNum() {
  return Value::Null(Num());
}
inline Value NullStr() {
  return Value::Null(LogicalType::Varchar());
}
inline Value NullDate() {
  return Value::Null(LogicalType::Date());
}

// A double statistic (DENSITY) as NUMBER: 15 significant digits, as Oracle would show it, and
// without the binary noise a straight conversion would print (0.01 not .0100000000000000002).
inline Value DoubleNum(double d) {
  auto dec = Decimal::Parse(fmt::format("{:.15g}", d));
  return dec ? Value::Number(dec->Normalized()) : NullNum();
}

struct ColumnDef {
  const char* name;
  LogicalType type;
};

using RowsFn = std::function<Rows(ExecContext&, const SystemViewSources&)>;

inline SystemView MakeView(const char* name, std::vector<ColumnDef> cols, RowsFn fn) {
  SystemView v;
  v.table.name = name;
  for (auto& c : cols) v.table.columns.push_back({c.name, c.type, false, std::nullopt});
  v.rows = std::move(fn);
  return v;
}

inline std::vector<ColumnDef> Concat(std::vector<ColumnDef> a, const std::vector<ColumnDef>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

//! USER_INDEXES ... USER_VIEWS, in name order: rows from the dictionary (storage::Database).
std::vector<SystemView> DictionaryViews();
//! V$MYSTAT ... V$STATNAME, in name order: rows from the session (statistics, parameters,
//! cursor cache) through SystemViewSources.
std::vector<SystemView> DynamicViews();

}  // namespace pathdb::planner::views
