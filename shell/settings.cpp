#include "shell/settings.h"

#include <algorithm>
#include <cctype>

namespace pathdb::shell {

std::string ToUpper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

void Defines::Set(const std::string& name, const std::string& value) {
  vars_[ToUpper(name)] = value;
}

std::optional<std::string> Defines::Get(const std::string& name) const {
  auto it = vars_.find(ToUpper(name));
  if (it == vars_.end()) return std::nullopt;
  return it->second;
}

bool Defines::Remove(const std::string& name) { return vars_.erase(ToUpper(name)) > 0; }

const ColumnFormat* Settings::FindColumn(const std::string& name) const {
  auto it = columns.find(ToUpper(name));
  return it == columns.end() ? nullptr : &it->second;
}

}  // namespace pathdb::shell
