// The SQL*Plus state that shapes output: SET options, COLUMN formats and DEFINE variables.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace pathdb::shell {

//! COLUMN c FORMAT ... / HEADING ... / NEW_VALUE ...
struct ColumnFormat {
  std::string format;     //!< "A20", "999,999", or empty
  std::string heading;    //!< replaces the column name when not empty
  std::string new_value;  //!< DEFINE variable set from the last row's value
};

//! DEFINE variables by upper-case name.
class Defines {
 public:
  void Set(const std::string& name, const std::string& value);
  std::optional<std::string> Get(const std::string& name) const;
  bool Remove(const std::string& name);
  const std::map<std::string, std::string>& all() const { return vars_; }

 private:
  std::map<std::string, std::string> vars_;
};

struct Settings {
  int linesize = 80;
  int pagesize = 14;
  int feedback = 6;  //!< 0 = OFF; "n rows selected." only when n >= feedback
  int numwidth = 10;
  bool timing = false;
  //! SET TIMINGPRECISION (pathdb): digits of Elapsed's seconds fraction; 2 is SQL*Plus's
  //! centiseconds, up to 6 for timing sub-10 ms statements (benchmarks read it).
  int timing_precision = 2;
  bool echo = false;
  bool verify = true;
  bool define = true;  //!< SET DEFINE OFF disables &substitution
  bool heading = true;
  std::string null_text;  //!< SET NULL text
  //! SET AUTOTRACE: after each query/DML show its plan and/or statistics; TRACEONLY hides rows.
  struct Autotrace {
    bool on = false, rows = true, explain = true, statistics = true;
  } autotrace;
  std::map<std::string, ColumnFormat> columns;  //!< by upper-case column name
  Defines defines;

  const ColumnFormat* FindColumn(const std::string& name) const;
};

std::string ToUpper(std::string s);
std::string Trim(std::string_view s);

}  // namespace pathdb::shell
