#include "shell/csv_load.h"

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "common/datetime.h"
#include "common/error.h"
#include "executor/column_error.h"
#include "executor/expression.h"
#include "shell/session.h"

namespace pathdb {

std::vector<std::string> SplitCsvRecord(const std::string& line, char delimiter, char enclosure,
                                        std::vector<bool>* enclosed) {
  std::vector<std::string> fields(1);
  if (enclosed) enclosed->assign(1, false);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == enclosure) {
        if (i + 1 < line.size() && line[i + 1] == enclosure) {
          fields.back() += c;
          ++i;
        } else {
          quoted = false;
        }
      } else {
        fields.back() += c;
      }
    } else if (enclosure != 0 && c == enclosure && fields.back().empty()) {
      quoted = true;
      if (enclosed) enclosed->back() = true;
    } else if (c == delimiter) {
      fields.emplace_back();
      if (enclosed) enclosed->push_back(false);
    } else if (c != '\r' || i + 1 != line.size()) {
      fields.back() += c;
    }
  }
  return fields;
}

namespace {

// Data files carry ISO dates (YYYY-MM-DD[ HH:MI:SS[.ffffff]]) whatever NLS_DATE_FORMAT says,
// so LOAD reads that form directly and falls back to the session's format otherwise.
std::optional<int64_t> ParseIsoMicros(const std::string& s) {
  unsigned y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0;
  int n = 0;
  if (std::sscanf(s.c_str(), "%4u-%2u-%2u%n", &y, &mo, &d, &n) != 3 || n != 10) return {};
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return {};
  int64_t micros = 0;
  if (s.size() > 10) {
    int n2 = 0;
    if (std::sscanf(s.c_str() + 10, "%*[ T]%2u:%2u:%2u%n", &h, &mi, &se, &n2) != 3) return {};
    if (h > 23 || mi > 59 || se > 59) return {};
    size_t pos = 10 + static_cast<size_t>(n2);
    if (pos < s.size() && s[pos] == '.') {
      int64_t scale = 100000;
      for (++pos; pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])); ++pos) {
        micros += (s[pos] - '0') * scale;
        scale /= 10;
      }
    }
    if (pos != s.size()) return {};
  }
  int64_t secs = datetime::DaysFromCivil(y, static_cast<int>(mo), static_cast<int>(d)) * 86400 +
                 h * 3600 + mi * 60 + se;
  return secs * 1000000 + micros;
}

Value FieldToValue(const std::string& text, const LogicalType& type, const EvalContext& ctx) {
  if (type.id == TypeId::kDate || type.id == TypeId::kTimestamp) {
    if (auto us = ParseIsoMicros(text)) {
      return type.id == TypeId::kDate ? Value::Date(*us / 1000000) : Value::Timestamp(*us);
    }
  }
  return CastValue(Value::Varchar(text), type, ctx);
}

}  // namespace

LoadResult LoadCsv(Session& session, const std::string& table_name, const std::string& file,
                   const LoadFormat& format,
                   const std::function<void(uint64_t, uint64_t)>& progress) {
  auto& db = session.database();
  const storage::TableInfo* table = db.FindTable(table_name);
  if (!table) ThrowOra(942, "table or view does not exist");
  std::ifstream in(file, std::ios::binary);
  if (!in) ThrowOra(29913, "error in executing ODCIEXTTABLEOPEN callout: cannot open {}", file);
  in.seekg(0, std::ios::end);
  const auto total = static_cast<uint64_t>(in.tellg());
  in.seekg(0);

  EvalContext ctx;
  ctx.nls_date_format = session.parameters().Get("nls_date_format");
  const size_t ncols = table->columns.size();
  std::vector<LogicalType> types;
  for (const auto& c : table->columns) types.push_back(c.type);
  DataChunk chunk(types);
  LoadResult result;
  const size_t savepoint = session.transaction().Savepoint();

  auto flush = [&] {
    if (chunk.size() == 0) return;
    db.Insert(*table, chunk, session.transaction(), session.stats());
    chunk.Reset();
  };
  auto reject = [&](uint64_t line_no, const std::string& why) {
    ++result.rows_in_error;
    if (result.errors.size() < 100)
      result.errors.push_back(fmt::format("line {}: {}", line_no, why));
    if (format.max_errors && result.rows_in_error > *format.max_errors) {
      db.Rollback(session.transaction(), savepoint, session.stats());
      ThrowOra(20000, "LOAD stopped: more than {} rows in error (last: line {}: {})",
               *format.max_errors, line_no, why);
    }
  };

  std::string line;
  uint64_t line_no = 0;
  std::vector<Value> row(ncols);
  auto last_report = std::chrono::steady_clock::now();
  while (std::getline(in, line)) {
    ++line_no;
    if (line_no == 1 && format.column_names) continue;
    if (line.empty() || line == "\r") continue;
    auto fields = SplitCsvRecord(line, format.delimiter, format.enclosure);
    if (fields.size() != ncols) {
      reject(line_no, fmt::format("expected {} fields, found {}", ncols, fields.size()));
      continue;
    }
    try {
      for (size_t c = 0; c < ncols; ++c) {
        const bool is_null = fields[c] == format.null_text;
        if (is_null && table->columns[c].not_null) {
          ThrowOra(1400, "cannot insert NULL into (\"PATHDB\".\"{}\".\"{}\")", table->name,
                   table->columns[c].name);
        }
        try {
          row[c] = is_null ? Value::Null(types[c]) : FieldToValue(fields[c], types[c], ctx);
        } catch (const OraError& e) {
          RethrowNamingColumn(e, QualifiedColumnName(table->name, table->columns[c].name));
        }
      }
    } catch (const OraError& e) {
      reject(line_no, e.what());
      continue;
    }
    const size_t r = chunk.size();
    for (size_t c = 0; c < ncols; ++c) chunk.column(c).SetValue(r, row[c]);
    chunk.SetSize(r + 1);
    ++result.rows_processed;
    if (chunk.size() == kVectorSize) {
      flush();
      auto now = std::chrono::steady_clock::now();
      if (progress && now - last_report > std::chrono::milliseconds(200)) {
        progress(static_cast<uint64_t>(in.tellg()), total);
        last_report = now;
      }
    }
  }
  flush();
  if (progress) progress(total, total);
  return result;
}

}  // namespace pathdb
