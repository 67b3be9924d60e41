#include "common/io_error.h"

#include <fmt/format.h>

#include <cstring>

#include "common/error.h"

namespace pathdb {
namespace {

// What Oracle prints under the first error: the file, then the OS layer's own error stack.
std::string Detail(int file_no, std::string_view path, int err) {
  std::string s;
  if (!path.empty()) s += fmt::format("\nORA-01110: data file {}: '{}'", file_no, path);
  s += fmt::format("\nORA-27072: File I/O error\nLinux-x86_64 Error: {}: {}", err,
                   std::strerror(err));
  return s;
}

}  // namespace

void ThrowWriteError(int file_no, uint64_t block, std::string_view path, int err) {
  ThrowOra(1114, "IO error writing block to file {} (block # {}){}", file_no, block,
           Detail(file_no, path, err));
}

void ThrowExtendError(int file_no, std::string_view path, int err) {
  ThrowOra(1237, "cannot extend datafile {}{}", file_no, Detail(file_no, path, err));
}

}  // namespace pathdb
