#include "shell/progress_bar.h"

#include <fmt/format.h>

#include <memory>

namespace pathdb::shell {

storage::ProgressFn TerminalProgressBar(std::ostream& out, std::string label) {
  constexpr uint64_t kWidth = 40;
  auto shown = std::make_shared<bool>(false);  // a bar is on the line, to erase at the end
  return [&out, label = std::move(label), shown](uint64_t done, uint64_t total) {
    if (total == 0 || done >= total) {
      if (*shown) out << '\r' << std::string(label.size() + kWidth + 10, ' ') << '\r' << std::flush;
      *shown = false;
      return;
    }
    const uint64_t filled = done * kWidth / total;
    out << fmt::format("\r{} [{}{}] {:3d}%", label, std::string(filled, '#'),
                       std::string(kWidth - filled, ' '), done * 100 / total)
        << std::flush;
    *shown = true;
  };
}

}  // namespace pathdb::shell
