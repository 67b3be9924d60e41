#include "shell/command_words.h"

#include <cctype>

#include "shell/settings.h"

namespace pathdb::shell {

std::vector<std::string> SplitWords(const std::string& text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    std::string w;
    if (text[i] == '\'' || text[i] == '"') {
      const char q = text[i++];
      while (i < text.size()) {
        if (text[i] == q) {
          if (i + 1 < text.size() && text[i + 1] == q) {
            w += q;
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        w += text[i++];
      }
    } else {
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) w += text[i++];
    }
    words.push_back(w);
  }
  return words;
}

bool Matches(const std::string& word, const char* name, size_t min_len) {
  const std::string u = ToUpper(word);
  const std::string n = name;
  return u.size() >= min_len && u.size() <= n.size() && n.compare(0, u.size(), u) == 0;
}

std::optional<bool> OnOff(const std::string& w) {
  const std::string u = ToUpper(w);
  if (u == "ON") return true;
  if (u == "OFF") return false;
  return std::nullopt;
}

std::optional<int> ToInt(const std::string& w) {
  if (w.empty() || w.size() > 9) return std::nullopt;
  for (char c : w) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  return std::stoi(w);
}

}  // namespace pathdb::shell
