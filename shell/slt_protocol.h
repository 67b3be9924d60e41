// --format=slt: the sqllogictest engine protocol (../shared/slt/PROTOCOL.md). Requests end
// with a ';;' line; each gets exactly one response (OK / COLUMNS n + rows + OK / ERROR msg),
// flushed at once. Values print by runtime type: NULL bare, integers plain, reals always with
// a '.' or an exponent, text double-quoted with \\ \t \n \r escapes.
#pragma once
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "shell/shell_engine.h"

namespace pathdb::shell {

std::string SltValue(const Value& v);
std::string SltReal(double d);

//! Splits SQL text on ';' outside strings, quoted identifiers, comments and the
//! BEGIN ... END body of a CREATE TRIGGER; drops empty and comment-only pieces.
std::vector<std::string> SplitSqlStatements(std::string_view text);

class SltSink : public ResultSink {
 public:
  void Begin(const std::vector<std::string>& names,
             const std::vector<LogicalType>& types) override;
  void Rows(const DataChunk& chunk) override;
  void End() override {}
  bool started() const { return started_; }
  //! The response lines so far ("COLUMNS n" and rows), without the final OK.
  const std::string& text() const { return text_; }
  void Clear() {
    text_.clear();
    started_ = false;
  }

 private:
  std::string text_;
  bool started_ = false;
};

//! Serves requests from `in` until EOF; always returns 0 (errors are responses).
int RunSltProtocol(std::istream& in, std::ostream& out, ShellEngine& engine);

}  // namespace pathdb::shell
