// OraError: every user-visible failure travels as one of these, carrying the ORA code so the
// shell can print "ORA-00942: table or view does not exist" exactly as Oracle users expect.
#pragma once
#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace pathdb {

class OraError : public std::runtime_error {
 public:
  //! code is the ORA number (942 for ORA-00942); message is the text after "ORA-nnnnn: ".
  OraError(int code, std::string message)
      : std::runtime_error(fmt::format("ORA-{:05d}: {}", code, message)),
        code_(code),
        message_(std::move(message)) {}
  int code() const { return code_; }
  const std::string& message() const { return message_; }

  //! For syntax errors: 1-based line and 0-based column of the offending token (0 = unknown).
  size_t line = 0;
  size_t column = 0;

 private:
  int code_;
  std::string message_;
};

template <typename... Args>
[[noreturn]] inline void ThrowOra(int code, fmt::format_string<Args...> f, Args&&... args) {
  throw OraError(code, fmt::format(f, std::forward<Args>(args)...));
}

//! A feature whose meaning belongs to a later issue: a clear ORA-03001 naming it.
[[noreturn]] inline void ThrowUnimplemented(const std::string& feature) {
  throw OraError(3001, "unimplemented feature: " + feature);
}

}  // namespace pathdb
