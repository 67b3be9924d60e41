#include "shell/exit_clause.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>

#include "shell/command_words.h"

namespace pathdb::shell {

const char* const kExitUsage =
    "Usage: { EXIT | QUIT } [ SUCCESS | FAILURE | WARNING | n |\n"
    "         <variable> | :<bindvariable> ] [ COMMIT | ROLLBACK ]";
const char* const kWheneverUsage =
    "Usage: WHENEVER { SQLERROR | OSERROR } { CONTINUE [ COMMIT | ROLLBACK | NONE ] |\n"
    "         EXIT [ SUCCESS | FAILURE | WARNING | n | <variable> | :<bindvariable> ]\n"
    "         [ COMMIT | ROLLBACK ] }";

namespace {

// A Unix exit status is the low byte: EXIT -1 gives 255, EXIT 942 gives 174.
int LowByte(long long n) {
  return static_cast<int>(((n % 256) + 256) % 256);
}

std::optional<long long> SignedInt(const std::string& w) {
  const char* b = w.data();
  const char* e = w.data() + w.size();
  if (b != e && *b == '+') ++b;
  long long n = 0;
  auto [p, ec] = std::from_chars(b, e, n);
  if (b == e || ec != std::errc() || p != e) return std::nullopt;
  return n;
}

bool IsName(const std::string& w) {
  if (w.empty() || !std::isalpha(static_cast<unsigned char>(w[0]))) return false;
  for (char c : w) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$' && c != '#' &&
        c != '.') {
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<ExitClause> ParseExitClause(const std::vector<std::string>& words, size_t first) {
  using S = ExitClause::Status;
  ExitClause c;
  size_t i = first;
  if (i < words.size()) {
    const std::string w = ToUpper(words[i]);
    if (w == "COMMIT" || w == "ROLLBACK") {
      // no status: the transaction word alone
    } else if (w == "SUCCESS") {
      c.status = S::kSuccess;
    } else if (w == "FAILURE") {
      c.status = S::kFailure;
    } else if (w == "WARNING") {
      c.status = S::kWarning;
    } else if (w == "SQL.SQLCODE") {
      c.status = S::kSqlcode;
    } else if (auto n = SignedInt(w)) {
      c.status = S::kNumber;
      c.number = LowByte(*n);
    } else if (w.size() > 1 && w[0] == ':' && IsName(w.substr(1))) {
      c.status = S::kBind;
      c.variable = w.substr(1);
    } else if (IsName(w)) {
      c.status = S::kVariable;
      c.variable = w;
    } else {
      return std::nullopt;
    }
    if (c.status != S::kDefault) ++i;
  }
  if (i < words.size()) {
    const std::string w = ToUpper(words[i++]);
    if (w == "COMMIT") {
      c.txn = TxnAction::kCommit;
    } else if (w == "ROLLBACK") {
      c.txn = TxnAction::kRollback;
    } else {
      return std::nullopt;
    }
  }
  if (i != words.size()) return std::nullopt;
  return c;
}

std::optional<ErrorHandler> ParseErrorHandler(const std::vector<std::string>& words, size_t first) {
  if (first >= words.size()) return std::nullopt;
  ErrorHandler h;
  if (Matches(words[first], "EXIT", 4)) {
    auto clause = ParseExitClause(words, first + 1);
    if (!clause) return std::nullopt;
    h.exit = true;
    h.clause = *clause;
    return h;
  }
  if (!Matches(words[first], "CONTINUE", 4)) return std::nullopt;
  if (first + 1 < words.size()) {
    if (first + 2 != words.size()) return std::nullopt;
    const std::string w = ToUpper(words[first + 1]);
    if (w == "COMMIT") {
      h.on_continue = TxnAction::kCommit;
    } else if (w == "ROLLBACK") {
      h.on_continue = TxnAction::kRollback;
    } else if (w != "NONE") {
      return std::nullopt;
    }
  }
  return h;
}

ExitStatus ResolveExitStatus(const ExitClause& clause, int default_code, int last_sqlcode,
                             const Defines& defines, const BindVariables& binds) {
  using S = ExitClause::Status;
  switch (clause.status) {
    case S::kDefault:
      return {default_code, ""};
    case S::kSuccess:
      return {0, ""};
    case S::kFailure:
      return {1, ""};
    case S::kWarning:
      return {2, ""};
    case S::kNumber:
      return {clause.number, ""};
    case S::kSqlcode:
      return {LowByte(last_sqlcode), ""};
    case S::kBind: {
      auto it = binds.find(clause.variable);
      if (it == binds.end()) {
        return {1, fmt::format("SP2-0552: Bind variable \"{}\" not declared.", clause.variable)};
      }
      if (it->second.value.is_null()) return {0, ""};
      if (auto n = SignedInt(Trim(it->second.value.ToString()))) return {LowByte(*n), ""};
      return {1, fmt::format("SP2-0584: EXIT variable \"{}\" was non-numeric", clause.variable)};
    }
    case S::kVariable: {
      const auto v = defines.Get(clause.variable);
      if (auto n = v ? SignedInt(Trim(*v)) : std::nullopt) return {LowByte(*n), ""};
      return {1, fmt::format("SP2-0584: EXIT variable \"{}\" was non-numeric", clause.variable)};
    }
  }
  return {default_code, ""};
}

}  // namespace pathdb::shell
