#include "shell/substitution.h"

#include <fmt/format.h>

#include <cctype>
#include <sstream>
#include <vector>

namespace pathdb::shell {
namespace {

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#';
}

std::vector<std::string> SplitLines(const std::string& s) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(s);
  while (std::getline(in, line)) lines.push_back(line);
  if (!s.empty() && s.back() == '\n') lines.emplace_back();
  return lines;
}

}  // namespace

std::string Substitute(const std::string& text, Defines& defines, const PromptFn& prompt) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (text[i] != '&') {
      out += text[i++];
      continue;
    }
    size_t j = i + 1;
    const bool twice = j < text.size() && text[j] == '&';
    if (twice) ++j;
    size_t name_end = j;
    while (name_end < text.size() && IsNameChar(text[name_end])) ++name_end;
    if (name_end == j) {  // a lone '&' is text
      out += text.substr(i, j - i);
      i = j;
      continue;
    }
    const std::string name = text.substr(j, name_end - j);
    std::optional<std::string> value = defines.Get(name);
    if (!value) {
      value = prompt ? prompt(name) : std::nullopt;
      if (!value) value = std::string();
      if (twice) defines.Set(name, *value);
    }
    out += *value;
    i = name_end;
    if (i < text.size() && text[i] == '.') ++i;
  }
  return out;
}

std::string VerifyLines(const std::string& old_text, const std::string& new_text) {
  const auto olds = SplitLines(old_text);
  const auto news = SplitLines(new_text);
  std::string out;
  for (size_t i = 0; i < olds.size() && i < news.size(); ++i) {
    if (olds[i] == news[i]) continue;
    out += fmt::format("old{:4d}: {}\nnew{:4d}: {}\n", i + 1, olds[i], i + 1, news[i]);
  }
  return out;
}

std::string DefineLine(const std::string& name, const std::string& value) {
  return fmt::format("DEFINE {:<15} = \"{}\" (CHAR)", ToUpper(name), value);
}

}  // namespace pathdb::shell
