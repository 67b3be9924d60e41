// DBMS_XPLAN's text layout (design/oracle-reference.md section 1, contract.md "Plan display"):
// a finished plan, described line by line, rendered as the rows of PLAN_TABLE_OUTPUT. This
// file only formats; it never plans and never looks at operators, so EXPLAIN PLAN,
// DISPLAY_CURSOR and AUTOTRACE all share one renderer over the same description.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pathdb::planner::xplan {

//! One predicate of a plan line: kind is "access", "filter", "storage" or "inmemory"; text is
//! already in Oracle's rendering ("O"."ID"=42).
struct PredicateText {
  std::string kind;
  std::string text;
};

//! Run-time statistics of one plan line (cumulative over its starts).
struct LineRuntime {
  uint64_t starts = 0;
  uint64_t a_rows = 0;
  double a_time_seconds = 0;
  uint64_t buffers = 0;
  uint64_t reads = 0;
  uint64_t writes = 0;
  //! Work-area lines only: estimated optimal / one-pass size, memory used, passes.
  std::optional<uint64_t> omem, one_mem, used_mem;
  int passes = 0;
  std::optional<uint64_t> used_tmp;
  uint64_t bytes_skipped = 0;  //!< Skipped: bytes a storage index kept a scan from reading
};

//! The Note of a plan holding an adaptive join; with +ADAPTIVE the renderer adds
//! " (rows marked '-' are inactive)".
inline constexpr const char* kAdaptivePlanNote = "this is an adaptive plan";

struct PlanLine {
  int id = 0;
  int depth = 0;               //!< 0 for the statement line
  std::string operation;       //!< "TABLE ACCESS FULL", "INDEX RANGE SCAN DESCENDING" ...
  std::string name;            //!< object, index, :BF0000 ...
  std::optional<double> rows;  //!< E-Rows per start
  std::optional<double> bytes;
  std::optional<double> cost;
  int cpu_percent = 0;
  std::string time;       //!< "HH:MM:SS" or empty
  bool inactive = false;  //!< adaptive plan line not taken
  std::vector<PredicateText> predicates;
  std::optional<LineRuntime> runtime;
  std::string query_block;   //!< "SEL$1" (ALIAS section)
  std::string object_alias;  //!< "C@SEL$1" (ALIAS section), empty for non-object lines
  std::string projection;    //!< PROJECTION section text
};

//! What a format string asks for: one level plus +/- modifiers.
struct Format {
  bool rows = true, bytes = true, cost = true, predicate = true, note = true;
  bool alias = false, projection = false, outline = false, hint_report = false;
  bool peeked_binds = false;  //!< +PEEKED_BINDS (and ADVANCED)
  bool iostats = false, memstats = false, last = false, adaptive = false;
  bool basic = false;  //!< BASIC level: Id, Operation, Name only
  //! False when a word is no DBMS_XPLAN format keyword: DBMS_XPLAN then returns one line,
  //! InvalidText's. Oracle keywords pathdb has nothing to show for (PARALLEL, PARTITION,
  //! REMOTE, REPORT ...) are valid and change nothing.
  bool valid = true;
  //! Parses "TYPICAL", "BASIC +PREDICATE", "ALLSTATS LAST", "ALL -PROJECTION" ...
  static Format Parse(std::string_view text);
  //! Oracle's line for an invalid format: "Error: format 'X' not valid for
  //! DBMS_XPLAN.DISPLAY_CURSOR()" (`function` "DISPLAY_CURSOR").
  static std::string InvalidText(std::string_view text, std::string_view function);
};

struct PlanDocument {
  //! DISPLAY_CURSOR: the SQL_ID header and text; empty for EXPLAIN PLAN's DISPLAY.
  std::string sql_id;
  int child_number = 0;
  std::string sql_text;
  bool from_cursor = false;
  bool runtime_collected = false;  //!< statistics_level=ALL or GATHER_PLAN_STATISTICS
  uint32_t plan_hash_value = 0;
  std::vector<PlanLine> lines;             //!< in id order
  std::vector<std::string> outline_hints;  //!< for +OUTLINE, without indentation
  //! +PEEKED_BINDS: "1 - :LO (NUMBER): 20000", one per bind the estimates used.
  std::vector<std::string> peeked_binds;
  std::vector<std::string> hint_report;    //!< preformatted lines of the hint report body
  //! Per hint_report line: the plan line id its "  id -  SEL$1 ..." heading names, else -1
  //! (the final plan of an adaptive plan is renumbered, and the headings with it).
  std::vector<int> hint_report_ids;
  std::vector<std::string> notes;          //!< "this is an adaptive plan" ... (without "- ")
  //! Notes shown with +ADAPTIVE only: inflection points and collector decisions.
  std::vector<std::string> adaptive_notes;
};

//! Renders the document as DBMS_XPLAN prints it, one string per output line.
std::vector<std::string> Render(const PlanDocument& doc, const Format& format);

//! Oracle's number cell: raw below 100000, else divided by 1000 (or 1024 for bytes) with
//! K/M/G/T/P/E until below 10000; right-aligned in width-1 with the unit letter last.
std::string ScaledCell(double value, size_t width, bool bytes);

}  // namespace pathdb::planner::xplan
