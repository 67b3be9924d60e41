#include "shell/login_script.h"

namespace pathdb::shell {

std::optional<std::filesystem::path> FindLoginScript(const std::filesystem::path& cwd,
                                                     std::string_view sqlpath) {
  auto candidate = [](const std::filesystem::path& dir) -> std::optional<std::filesystem::path> {
    std::error_code ec;  // an unreadable directory is as good as an absent file
    std::filesystem::path p = dir / "login.sql";
    if (std::filesystem::is_regular_file(p, ec)) return p;
    return std::nullopt;
  };
  if (auto p = candidate(cwd)) return p;
  while (!sqlpath.empty()) {
    const size_t colon = sqlpath.find(':');
    const std::string_view dir = sqlpath.substr(0, colon);
    if (!dir.empty()) {
      if (auto p = candidate(std::filesystem::path(dir))) return p;
    }
    if (colon == std::string_view::npos) break;
    sqlpath.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

}  // namespace pathdb::shell
