// LOAD [TABLE] t file — SQLcl's bulk load of a delimited file into an existing table, through
// the direct path: rows are converted straight into column vectors and packed into new blocks
// above the high-water mark (Database::BeginDirectPathInsert), never through the buffer cache.
// The rows become part of the session's transaction when the whole file has been read.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pathdb {
class Session;

//! SET LOADFORMAT settings.
struct LoadFormat {
  char delimiter = ',';
  bool column_names = true;            //!< first line holds column names (skipped)
  char enclosure = '"';                //!< 0 = none
  std::string null_text;               //!< a field equal to this is NULL ('' by default)
  std::optional<uint64_t> max_errors;  //!< SET LOADFORMAT ERRORS n: stop after n bad rows
};

struct LoadResult {
  uint64_t rows_processed = 0;
  uint64_t rows_in_error = 0;
  std::vector<std::string> errors;  //!< "line 17: ORA-01722: invalid number" (first 100)
};

//! Loads `file` into `table` (upper-case name). Throws OraError when the table is missing or
//! the file unreadable; bad rows are reported in the result and never abort the load unless
//! max_errors is exceeded (then nothing is loaded). `progress(bytes_done, bytes_total)` is
//! called now and then; when empty, a bar is drawn on stderr when it is a terminal.
LoadResult LoadCsv(Session& session, const std::string& table, const std::string& file,
                   const LoadFormat& format,
                   const std::function<void(uint64_t, uint64_t)>& progress = {});

//! Splits one CSV record (RFC 4180 enclosures, doubled enclosure inside) into fields.
std::vector<std::string> SplitCsvRecord(const std::string& line, char delimiter, char enclosure,
                                        std::vector<bool>* enclosed = nullptr);

}  // namespace pathdb
