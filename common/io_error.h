// The Oracle-style error a failed file write raises: ORA-01114 for the block, then the file
// and the operating-system cause on the lines after it, the way Oracle stacks ORA-01110 and
// ORA-27072 under it. Storage (data files) and the executor (temporary files) share it so a
// full disk or a file-size limit (`ulimit -f`, EFBIG once SIGXFSZ is ignored) reads the same
// wherever it happens.
#pragma once
#include <cstdint>
#include <string_view>

namespace pathdb {

//! Throws OraError 1114: "IO error writing block to file <file_no> (block # <block>)", then
//! "ORA-01110: data file <file_no>: '<path>'" (only when `path` is not empty), then
//! "ORA-27072: File I/O error" and the errno line ("Linux-x86_64 Error: 27: File too large").
//! `err` is the errno of the failed call. Callable from any thread.
[[noreturn]] void ThrowWriteError(int file_no, uint64_t block, std::string_view path, int err);

//! The same stack under ORA-01237 "cannot extend datafile <file_no>", for a file that could
//! not grow (ftruncate / fallocate failed).
[[noreturn]] void ThrowExtendError(int file_no, std::string_view path, int err);

}  // namespace pathdb
