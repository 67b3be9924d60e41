// TableFormatter: prints a result set the way SQL*Plus does: a blank line, upper-case
// headings with a dashed underline sized to each column, numbers right-aligned in NUMWIDTH
// columns, strings left-aligned and wrapped inside their column, headings repeated every
// page, rows wider than LINESIZE folded onto several lines.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "shell/engine/session.h"
#include "shell/settings.h"

namespace pathdb::shell {

class TableFormatter : public ResultSink {
 public:
  TableFormatter(std::ostream& out, Settings& settings) : out_(out), settings_(settings) {}

  void Begin(const std::vector<std::string>& names, const std::vector<LogicalType>& types) override;
  void Rows(const DataChunk& chunk) override;
  void End() override;
  //! Prints the rows received so far (the statement failed half-way through its result).
  void FlushPartial() { Flush(); }
  //! One row of Values (tests, and callers that have rows rather than chunks).
  void AddRow(const std::vector<Value>& row);

  bool started() const { return started_; }
  uint64_t row_count() const { return row_count_; }
  //! Text of a value as a cell shows it before padding (number masks applied).
  std::string CellText(const Value& v, size_t column) const;

 private:
  struct Column {
    std::string heading;
    size_t width = 0;
    bool numeric = false;
    bool sized_by_values = false;  //!< width not known from the type: measured on the rows
    std::string mask;              //!< number mask from COLUMN ... FORMAT
    std::string new_value;
  };
  void Flush();
  void FreezeWidths();
  void PrintHeadings();
  void PrintRow(const std::vector<std::string>& cells);

  std::ostream& out_;
  Settings& settings_;
  std::vector<Column> columns_;
  std::vector<std::vector<size_t>> groups_;  //!< columns per printed line (LINESIZE folding)
  std::vector<std::vector<std::string>> pending_;
  std::vector<std::string> last_new_values_;
  bool started_ = false;
  bool frozen_ = false;
  uint64_t row_count_ = 0;
  size_t rows_on_page_ = 0;
};

}  // namespace pathdb::shell
