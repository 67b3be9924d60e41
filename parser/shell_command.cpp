// SQL*Plus command lines: recognising them (with SQL*Plus's abbreviations) and cutting them
// into a verb and words.
#include <array>
#include <cctype>

#include "common/error.h"
#include "parser/internal/transformer.h"
#include "parser/parser.h"

namespace pathdb {

namespace {

struct Verb {
  std::string_view name;  // canonical
  size_t min_len;         // shortest accepted abbreviation
};

constexpr std::array<Verb, 17> kVerbs{{
    {"SET", 3}, {"COLUMN", 3}, {"DEFINE", 3}, {"UNDEFINE", 5}, {"DESCRIBE", 4},
    {"SHOW", 3}, {"START", 3}, {"WHENEVER", 8}, {"EXIT", 4}, {"QUIT", 4},
    {"EXECUTE", 4}, {"LOAD", 4}, {"PROMPT", 3}, {"CLEAR", 2}, {"SPOOL", 3},
    {"HOST", 2}, {"REMARK", 3},
}};

std::string_view Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// The canonical verb for the first word of `line`, "" when it is not a SQL*Plus command.
std::string_view VerbOf(std::string_view line, size_t* verb_len) {
  line = Trim(line);
  if (line.empty()) return "";
  if (line[0] == '@') {
    *verb_len = line.size() > 1 && line[1] == '@' ? 2 : 1;
    return "START";
  }
  size_t n = 0;
  while (n < line.size() && std::isalpha(static_cast<unsigned char>(line[n]))) ++n;
  // "EXEC" must be a whole word: "EXECUTE_X" or "SET_X" is SQL, not a command.
  if (n < line.size() && !std::isspace(static_cast<unsigned char>(line[n])) && line[n] != ';') {
    return "";
  }
  std::string word = parser_internal::Upper(std::string(line.substr(0, n)));
  for (const Verb& v : kVerbs) {
    if (word.size() >= v.min_len && word.size() <= v.name.size() &&
        v.name.substr(0, word.size()) == word) {
      *verb_len = n;
      return v.name;
    }
  }
  return "";
}

}  // namespace

bool IsShellCommand(std::string_view line) {
  size_t len = 0;
  return !VerbOf(line, &len).empty();
}

ShellCommand ParseShellCommand(std::string_view line) {
  std::string_view trimmed = Trim(line);
  size_t verb_len = 0;
  std::string_view verb = VerbOf(trimmed, &verb_len);
  if (verb.empty()) {
    size_t n = trimmed.find_first_of(" \t");
    throw OraError(900, fmt::format("SP2-0734: unknown command beginning \"{}\" - rest of line "
                                    "ignored.", trimmed.substr(0, n)));
  }
  ShellCommand cmd;
  cmd.verb = std::string(verb);
  std::string_view rest = Trim(trimmed.substr(verb_len));
  bool free_text = verb == "PROMPT" || verb == "REMARK" || verb == "HOST";
  if (!free_text && !rest.empty() && rest.back() == ';') rest = Trim(rest.substr(0, rest.size() - 1));
  cmd.rest = std::string(rest);
  if (free_text) {
    if (!rest.empty()) cmd.words.push_back(cmd.rest);
    return cmd;
  }
  // Words: blank-separated, '...' and "..." keep their blanks (quotes removed); DEFINE also
  // splits at '=' so that "DEFINE v=x" and "DEFINE v = x" read alike.
  std::string cur;
  bool in_word = false;
  for (size_t i = 0; i < rest.size(); ++i) {
    char c = rest[i];
    if (c == '\'' || c == '"') {
      size_t end = rest.find(c, i + 1);
      if (end == std::string_view::npos) end = rest.size();
      cur.append(rest.substr(i + 1, end - i - 1));
      in_word = true;
      i = end;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c)) || (c == '=' && verb == "DEFINE")) {
      if (in_word) cmd.words.push_back(cur);
      cur.clear();
      in_word = false;
      if (c == '=') cmd.words.emplace_back("=");
      continue;
    }
    cur.push_back(c);
    in_word = true;
  }
  if (in_word) cmd.words.push_back(cur);
  if ((verb == "DESCRIBE" || verb == "START") && cmd.words.empty()) {
    throw OraError(900, verb == "START" ? "SP2-1506: START, @ or @@ command has no arguments"
                                        : "SP2-0738: DESCRIBE requires an object name");
  }
  return cmd;
}

}  // namespace pathdb
