#include "shell/csv_load.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string_view>

#include "common/datetime.h"
#include "common/error.h"
#include "executor/column_error.h"
#include "executor/expression.h"
#include "shell/engine/session.h"
#include "shell/progress_bar.h"

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

// TUNING: bytes read per read(2); records never span more than the buffer can hold, so it
// grows when one does.
constexpr size_t kReadBytes = 8 << 20;
// TUNING: SQLcl lists every rejected row; more than this many lines only repeat the point.
constexpr size_t kMaxErrorLines = 100;

//! The data file, read in big blocks; records are parsed in place (enclosed fields are
//! unescaped into the buffer itself: that only ever shortens them).
class Reader {
 public:
  explicit Reader(const std::string& path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      ThrowOra(29913, "error in executing ODCIEXTTABLEOPEN callout: cannot open {}", path);
    }
    struct stat st {};
    if (::fstat(fd_, &st) == 0) total_ = static_cast<uint64_t>(st.st_size);
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
    buf_.resize(kReadBytes);
  }
  ~Reader() {
    if (fd_ >= 0) ::close(fd_);
  }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  uint64_t total() const { return total_; }
  uint64_t consumed() const { return file_pos_ - static_cast<uint64_t>(end_ - pos_); }

  //! Next record's fields (views into the buffer, valid until the next call); false at the
  //! end. `lines` receives how many physical lines the record spans.
  bool Next(char delim, char encl, std::vector<std::string_view>& fields, size_t& lines) {
    for (;;) {
      if (pos_ < end_ || eof_) {
        if (pos_ >= end_) return false;
        size_t used = 0;
        if (Parse(delim, encl, fields, lines, used)) {
          pos_ += used;
          return true;
        }
      }
      if (eof_) {
        // Parse always succeeds at end of file.
        return false;
      }
      Fill();
    }
  }

 private:
  //! Parses one record at pos_; false when the buffer ends inside it (and more may come).
  //! The buffer is changed (enclosed fields unescaped in place) only once the whole record is
  //! known to be there, so an incomplete record parses again unharmed after Fill().
  bool Parse(char delim, char encl, std::vector<std::string_view>& fields, size_t& lines,
             size_t& used) {
    char* p = buf_.data() + pos_;
    char* const end = buf_.data() + end_;
    raw_.clear();
    lines = 1;
    for (;;) {
      char* start = p;
      const bool quoted = encl != 0 && p < end && *p == encl;
      if (quoted) {
        ++p;
        for (;;) {
          if (p == end) {
            if (!eof_) return false;
            break;  // unterminated enclosure at end of file: take what is there
          }
          if (*p == encl) {
            if (p + 1 == end && !eof_) return false;
            if (p + 1 < end && p[1] == encl) {
              p += 2;
              continue;
            }
            ++p;
            break;
          }
          if (*p == '\n') ++lines;
          ++p;
        }
      }
      // Unenclosed field, or what follows the closing enclosure (kept, as SQLcl does).
      while (p < end && *p != delim && *p != '\n') ++p;
      raw_.push_back({start, p, quoted});
      if (p == end) {
        if (!eof_) return false;
        break;
      }
      if (*p == '\n') {
        ++p;
        break;
      }
      ++p;  // delimiter
    }
    fields.clear();
    for (const RawField& f : raw_) {
      if (!f.quoted) {
        fields.emplace_back(f.begin, static_cast<size_t>(f.end - f.begin));
        continue;
      }
      char* out = f.begin;
      bool inside = true;
      for (char* q = f.begin + 1; q < f.end;) {
        if (inside && *q == encl) {
          if (q + 1 < f.end && q[1] == encl) {
            *out++ = encl;
            q += 2;
          } else {
            inside = false;
            ++q;
          }
        } else {
          *out++ = *q++;
        }
      }
      fields.emplace_back(f.begin, static_cast<size_t>(out - f.begin));
    }
    // CRLF files: the carriage return belongs to no field.
    std::string_view& last = fields.back();
    if (!last.empty() && last.back() == '\r') last.remove_suffix(1);
    used = static_cast<size_t>(p - (buf_.data() + pos_));
    return true;
  }

  void Fill() {
    // Keep the unparsed tail, then read behind it (the buffer doubles for huge records).
    const size_t tail = end_ - pos_;
    if (tail > 0 && pos_ > 0) std::memmove(buf_.data(), buf_.data() + pos_, tail);
    pos_ = 0;
    end_ = tail;
    if (buf_.size() - end_ < kReadBytes / 2) buf_.resize(buf_.size() * 2);
    while (end_ < buf_.size()) {
      ssize_t n = ::read(fd_, buf_.data() + end_, buf_.size() - end_);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) ThrowOra(29913, "error in executing ODCIEXTTABLEOPEN callout: read failed");
      if (n == 0) {
        eof_ = true;
        break;
      }
      end_ += static_cast<size_t>(n);
      file_pos_ += static_cast<uint64_t>(n);
      if (end_ >= kReadBytes / 2) break;
    }
  }

  int fd_ = -1;
  uint64_t total_ = 0;
  uint64_t file_pos_ = 0;  //!< bytes read from the file so far
  struct RawField {
    char* begin;
    char* end;
    bool quoted;
  };
  std::vector<RawField> raw_;  //!< the record being parsed: spans before unescaping
  std::vector<char> buf_;
  size_t pos_ = 0, end_ = 0;
  bool eof_ = false;
};

//! Parses [+-]digits[.digits] (at most 36 digits) exactly; nullopt for anything else, which
//! then takes the general conversion path (exponents, blanks, ...).
std::optional<Decimal> ParsePlainDecimal(std::string_view s) {
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
  int128 coef = 0;
  int digits = 0, scale = 0;
  bool point = false, any = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      if (++digits > 36) return std::nullopt;
      coef = coef * 10 + (c - '0');
      if (point) ++scale;
      any = true;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      return std::nullopt;
    }
  }
  if (!any) return std::nullopt;
  if (coef == 0) return Decimal{};  // as Decimal::Parse: zero has no scale
  return Decimal{neg ? -coef : coef, scale};
}

int Digits(const char* p, int n) {
  int v = 0;
  for (int i = 0; i < n; ++i) {
    if (p[i] < '0' || p[i] > '9') return -1;
    v = v * 10 + (p[i] - '0');
  }
  return v;
}

// Data files carry ISO dates (YYYY-MM-DD[ HH:MI:SS[.ffffff]]) whatever NLS_DATE_FORMAT says,
// so LOAD reads that form directly and falls back to the session's format otherwise.
std::optional<int64_t> ParseIsoMicros(std::string_view s) {
  if (s.size() < 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  const int y = Digits(s.data(), 4), mo = Digits(s.data() + 5, 2), d = Digits(s.data() + 8, 2);
  if (y < 0 || d < 0 || mo < 0) return std::nullopt;
  // ISO-shaped but impossible: the errors TO_DATE(x, 'YYYY-MM-DD') raises.
  if (mo < 1 || mo > 12) ThrowOra(1843, "not a valid month");
  if (d < 1 || d > datetime::DaysInMonth(y, mo)) {
    ThrowOra(1839, "date not valid for month specified");
  }
  int h = 0, mi = 0, se = 0;
  int64_t micros = 0;
  if (s.size() > 10) {
    if (s.size() < 19 || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' || s[16] != ':') {
      return std::nullopt;
    }
    h = Digits(s.data() + 11, 2);
    mi = Digits(s.data() + 14, 2);
    se = Digits(s.data() + 17, 2);
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return std::nullopt;
    size_t pos = 19;
    if (pos < s.size() && s[pos] == '.') {
      int64_t scale = 100000;
      for (++pos; pos < s.size() && s[pos] >= '0' && s[pos] <= '9'; ++pos) {
        micros += (s[pos] - '0') * scale;
        scale /= 10;
      }
    }
    if (pos != s.size()) return std::nullopt;
  }
  int64_t secs = datetime::DaysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
  return secs * 1000000 + micros;
}

[[noreturn]] void ThrowTooLong(const storage::TableInfo& t, const storage::ColumnInfo& c,
                               size_t size) {
  ThrowOra(12899, "value too large for column {} (actual: {}, maximum: {})",
           QualifiedColumnName(t.name, c.name), size, c.type.length);
}

//! Converts one field into row `r` of `v` (column `c` of `t`); throws the row's ORA error.
void ConvertField(std::string_view f, bool is_null, Vector& v, size_t r,
                  const storage::TableInfo& t, const storage::ColumnInfo& c,
                  const EvalContext& ctx) {
  const LogicalType& type = c.type;
  if (is_null) {
    if (c.not_null) {
      ThrowOra(1400, "cannot insert NULL into (\"PATHDB\".\"{}\".\"{}\")", t.name, c.name);
    }
    v.SetNull(r, true);
    return;
  }
  switch (type.id) {
    case TypeId::kNumber:
      if (auto d = ParsePlainDecimal(f)) {
        v.Data<Decimal>()[r] = d->FitTo(type.precision, type.scale);
        v.SetNull(r, false);
        return;
      }
      break;
    case TypeId::kVarchar:
      if (type.length > 0 && f.size() > type.length) ThrowTooLong(t, c, f.size());
      v.Data<StringRef>()[r] = v.heap().Add(f);
      v.SetNull(r, false);
      return;
    case TypeId::kDate:
    case TypeId::kTimestamp:
      if (auto us = ParseIsoMicros(f)) {
        v.Data<int64_t>()[r] = type.id == TypeId::kDate ? *us / 1000000 : *us;
        v.SetNull(r, false);
        return;
      }
      break;
    default:
      break;
  }
  // Everything else (exponents, CHAR padding, other date formats, BINARY_DOUBLE ...) goes
  // through the general cast, whose errors are the ones an INSERT would raise.
  try {
    Value val = CastValue(Value::Varchar(std::string(f)), type, ctx);
    if (val.is_null() && c.not_null) {
      ThrowOra(1400, "cannot insert NULL into (\"PATHDB\".\"{}\".\"{}\")", t.name, c.name);
    }
    v.SetValue(r, val);
  } catch (const OraError& e) {
    RethrowNamingColumn(e, QualifiedColumnName(t.name, c.name));
  }
}

}  // namespace

LoadResult LoadCsv(Session& session, const std::string& table_name, const std::string& file,
                   const LoadFormat& format,
                   const std::function<void(uint64_t, uint64_t)>& progress_in) {
  auto& db = session.database();
  const storage::TableInfo* table = db.FindTable(table_name);
  if (!table) ThrowOra(942, "table or view does not exist");
  Reader in(file);
  const uint64_t total = in.total();
  std::function<void(uint64_t, uint64_t)> progress = progress_in;
  if (!progress && ::isatty(STDERR_FILENO)) {
    progress = shell::TerminalProgressBar(std::cerr, "LOAD " + table_name);
  }
  if (!progress) progress = [](uint64_t, uint64_t) {};

  EvalContext ctx;
  ctx.nls_date_format = session.parameters().GetText("nls_date_format");
  const size_t ncols = table->columns.size();
  std::vector<LogicalType> types;
  for (const auto& c : table->columns) types.push_back(c.type);
  DataChunk chunk(types);
  LoadResult result;

  // Rows reach the table only when the whole file has been read (Finish); a load stopped by
  // ERRORS, a failing Append or Ctrl-C drops `load` with the HWM unmoved: nothing loaded.
  auto load = db.BeginDirectPathInsert(*table, session.transaction(), session.stats());
  auto reject = [&](uint64_t line_no, std::string_view why) {
    ++result.rows_in_error;
    if (result.errors.size() < kMaxErrorLines) {
      result.errors.push_back(fmt::format("line {}: {}", line_no, why));
    }
    if (format.max_errors && result.rows_in_error > *format.max_errors) {
      ThrowOra(20000, "LOAD stopped: more than {} rows in error (last: line {}: {})",
               *format.max_errors, line_no, why);
    }
  };

  std::vector<std::string_view> fields;
  fields.reserve(ncols + 1);
  size_t lines = 0;
  uint64_t line_no = 0;
  size_t r = 0;  // next row of `chunk`
  bool header = format.column_names;
  auto last_report = std::chrono::steady_clock::now();
  while (in.Next(format.delimiter, format.enclosure, fields, lines)) {
    const uint64_t record_line = line_no + 1;
    line_no += lines;
    if (header) {
      header = false;
      continue;
    }
    if (fields.size() == 1 && fields[0].empty()) continue;  // blank line
    if (fields.size() != ncols) {
      reject(record_line, fmt::format("expected {} fields, found {}", ncols, fields.size()));
      continue;
    }
    try {
      for (size_t c = 0; c < ncols; ++c) {
        const std::string_view f = fields[c];
        const bool is_null = f.empty() || f == format.null_text;
        ConvertField(f, is_null, chunk.column(c), r, *table, table->columns[c], ctx);
      }
    } catch (const OraError& e) {
      // Columns of this row already converted are overwritten by the next row.
      reject(record_line, e.what());
      continue;
    }
    ++result.rows_processed;
    if (++r == kVectorSize) {
      chunk.SetSize(r);
      load->Append(chunk, session.stats());
      chunk.Reset();
      r = 0;
      auto now = std::chrono::steady_clock::now();
      if (now - last_report > std::chrono::milliseconds(200)) {
        progress(in.consumed(), total);
        last_report = now;
      }
    }
  }
  if (r > 0) {
    chunk.SetSize(r);
    load->Append(chunk, session.stats());
  }
  load->Finish(session.stats());
  progress(total, total);
  return result;
}

}  // namespace pathdb
