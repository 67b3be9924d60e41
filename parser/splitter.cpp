// SplitStatements: cuts a script into statements with a small tokenizer, SQL*Plus style.
// ';' ends SQL; a PL/SQL unit (BEGIN/DECLARE/CREATE TRIGGER|PROCEDURE|FUNCTION|PACKAGE ...)
// ends at ';' after its final END or at '/' alone on a line; a SQL*Plus command is one line;
// '/' alone with nothing pending re-runs the previous statement.
#include <cctype>

#include "parser/internal/transformer.h"
#include "parser/parser.h"

namespace pathdb {

namespace {

bool IsWordStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#';
}

std::string_view TrimView(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// SQL*Plus sends a line to the SQL buffer only when its first word starts a SQL statement;
// anything else is a (possibly unknown) command of its own line.
bool StartsSql(std::string_view line) {
  if (line.empty()) return true;
  if (line[0] == '(' || line[0] == '-' || line[0] == '/') return true;  // query, comments
  size_t n = 0;
  while (n < line.size() && IsWordChar(line[n])) ++n;
  std::string w = parser_internal::Upper(std::string(line.substr(0, n)));
  static constexpr std::string_view kVerbs[] = {
      "SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "DROP", "ALTER",
      "TRUNCATE", "COMMIT", "ROLLBACK", "SAVEPOINT", "EXPLAIN", "BEGIN", "DECLARE", "GRANT",
      "REVOKE", "REPLACE", "REINDEX", "VALUES", "LOCK", "CALL", "COMMENT", "ANALYZE", "RENAME",
      "PURGE", "FLASHBACK", "SET"};
  for (std::string_view v : kVerbs) {
    if (w == v) return true;
  }
  return false;
}

class Splitter {
 public:
  explicit Splitter(std::string_view s) : s_(s) {}

  std::vector<ScriptStatement> Run() {
    bool line_start = true;
    while (i_ < s_.size()) {
      if (line_start) {
        line_start = false;
        if (HandleLine()) {
          line_start = true;
          continue;
        }
      }
      char c = s_[i_];
      if (c == '\n') {
        ++line_;
        ++i_;
        line_start = true;
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i_;
        continue;
      }
      if (c == '-' && Next() == '-') {  // comment to end of line
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
        continue;
      }
      if (c == '/' && Next() == '*') {
        size_t end = s_.find("*/", i_ + 2);
        Advance(end == std::string_view::npos ? s_.size() : end + 2);
        continue;
      }
      Begin();
      if (c == '\'' || ((c == 'q' || c == 'Q') && Next() == '\'' && !PrevIsWord())) {
        SkipString();
      } else if ((c == 'n' || c == 'N') && Next() == '\'' && !PrevIsWord()) {
        ++i_;
        SkipString();
      } else if (c == '"') {
        size_t end = s_.find('"', i_ + 1);
        Advance(end == std::string_view::npos ? s_.size() : end + 1);
      } else if (IsWordStart(c)) {
        Word();
      } else if (c == ';') {
        Semicolon();
      } else {
        ++i_;
      }
    }
    if (start_ != std::string_view::npos) Emit(s_.size());
    return std::move(out_);
  }

 private:
  char Next() const { return i_ + 1 < s_.size() ? s_[i_ + 1] : '\0'; }
  bool PrevIsWord() const { return i_ > 0 && IsWordChar(s_[i_ - 1]); }
  void Advance(size_t to) {
    for (; i_ < to; ++i_) {
      if (s_[i_] == '\n') ++line_;
    }
  }
  void Begin() {
    if (start_ != std::string_view::npos) return;
    start_ = i_;
    first_line_ = line_;
    words_.clear();
    depth_ = 0;
    block_closed_ = false;
    skip_slash_ = false;
  }

  void SkipString() {
    if (s_[i_] == 'q' || s_[i_] == 'Q') {
      if (i_ + 2 >= s_.size()) return Advance(s_.size());
      char open = s_[i_ + 2];
      char close = open == '[' ? ']' : open == '{' ? '}' : open == '(' ? ')' : open == '<' ? '>' : open;
      size_t k = i_ + 3;
      while (k + 1 < s_.size() && !(s_[k] == close && s_[k + 1] == '\'')) ++k;
      return Advance(std::min(s_.size(), k + 2));
    }
    size_t k = i_ + 1;
    while (k < s_.size()) {
      if (s_[k] == '\'') {
        if (k + 1 < s_.size() && s_[k + 1] == '\'') {
          k += 2;
          continue;
        }
        break;
      }
      ++k;
    }
    Advance(std::min(s_.size(), k + 1));
  }

  std::string PeekWord(size_t from) const {
    while (from < s_.size() && std::isspace(static_cast<unsigned char>(s_[from]))) ++from;
    size_t b = from;
    while (from < s_.size() && IsWordChar(s_[from])) ++from;
    return parser_internal::Upper(std::string(s_.substr(b, from - b)));
  }

  void Word() {
    size_t b = i_;
    while (i_ < s_.size() && IsWordChar(s_[i_])) ++i_;
    std::string w = parser_internal::Upper(std::string(s_.substr(b, i_ - b)));
    if (words_.size() < 6) words_.push_back(w);
    if (w == "BEGIN" || w == "CASE") {
      ++depth_;
    } else if (w == "END") {
      std::string next = PeekWord(i_);
      if (next == "IF" || next == "LOOP" || next == "CASE") {
        // END IF / END LOOP close nothing we counted; END CASE closes a CASE
        while (i_ < s_.size() && !IsWordChar(s_[i_])) Advance(i_ + 1);
        while (i_ < s_.size() && IsWordChar(s_[i_])) ++i_;
        if (next != "CASE") return;
      }
      if (depth_ > 0) --depth_;
      block_closed_ = depth_ == 0;
    }
  }

  bool IsPlsql() const {
    if (words_.empty()) return false;
    if (words_[0] == "BEGIN" || words_[0] == "DECLARE") return true;
    if (words_[0] != "CREATE") return false;
    size_t k = 1;
    if (k + 1 < words_.size() && words_[k] == "OR" && words_[k + 1] == "REPLACE") k += 2;
    if (k < words_.size() && (words_[k] == "TEMP" || words_[k] == "TEMPORARY")) ++k;
    if (k >= words_.size()) return false;
    const std::string& kind = words_[k];
    return kind == "TRIGGER" || kind == "PROCEDURE" || kind == "FUNCTION" || kind == "PACKAGE" ||
           kind == "TYPE";
  }

  void Semicolon() {
    if (!IsPlsql()) {
      Emit(i_);
      ++i_;
      return;
    }
    ++i_;
    if (block_closed_ && depth_ == 0) {
      Emit(i_);  // PL/SQL keeps its final "END;"
      skip_slash_ = true;
    }
  }

  // Line-level rules, checked at the start of each line outside strings and comments.
  // Returns true when the whole line was consumed.
  bool HandleLine() {
    size_t eol = s_.find('\n', i_);
    if (eol == std::string_view::npos) eol = s_.size();
    std::string_view line = TrimView(s_.substr(i_, eol - i_));
    if (line.empty()) return false;
    if (line == "/") {
      if (start_ != std::string_view::npos) {
        Emit(i_);
      } else if (!skip_slash_ && !out_.empty()) {
        out_.push_back({last_sql_, line_});
      }
      skip_slash_ = false;
      ConsumeLine(eol);
      return true;
    }
    skip_slash_ = false;
    if (start_ == std::string_view::npos && (IsShellCommand(line) || !StartsSql(line))) {
      out_.push_back({std::string(line), line_});
      ConsumeLine(eol);
      return true;
    }
    return false;
  }

  void ConsumeLine(size_t eol) {
    i_ = eol;
    if (i_ < s_.size()) {
      ++i_;
      ++line_;
    }
  }

  void Emit(size_t end) {
    if (start_ == std::string_view::npos) return;
    std::string text(TrimView(s_.substr(start_, end - start_)));
    start_ = std::string_view::npos;
    if (text.empty()) return;
    last_sql_ = text;
    out_.push_back({std::move(text), first_line_});
  }

  std::string_view s_;
  size_t i_ = 0;
  size_t line_ = 1;
  size_t start_ = std::string_view::npos;
  size_t first_line_ = 1;
  std::vector<std::string> words_;
  int depth_ = 0;
  bool block_closed_ = false;
  bool skip_slash_ = false;
  std::string last_sql_;
  std::vector<ScriptStatement> out_;
};

}  // namespace

std::vector<ScriptStatement> SplitStatements(std::string_view script) {
  return Splitter(script).Run();
}

}  // namespace pathdb
