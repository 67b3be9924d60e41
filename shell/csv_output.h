// --format=csv: RFC 4180 output (header line, one line per row, NULL as an empty field,
// fields quoted only when they hold a comma, a quote or a line break).
#pragma once
#include <ostream>
#include <string>
#include <string_view>

#include "shell/engine/session.h"

namespace pathdb::shell {

std::string CsvQuote(std::string_view field);
//! A value as its CSV field (before quoting); NULL is the empty string.
std::string CsvText(const Value& v, const DisplayFormats& formats = {});

class CsvSink : public ResultSink {
 public:
  explicit CsvSink(std::ostream& out) : out_(out) {}
  void Begin(const std::vector<std::string>& names, const std::vector<LogicalType>& types) override;
  void Rows(const DataChunk& chunk) override;
  void End() override { out_.flush(); }
  bool started() const { return started_; }

 private:
  std::ostream& out_;
  bool started_ = false;
};

}  // namespace pathdb::shell
