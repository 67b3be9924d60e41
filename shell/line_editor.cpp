#include "shell/line_editor.h"

#include <editline/readline.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace pathdb::shell {

EditLineSource::EditLineSource(std::atomic<bool>* interrupted) : interrupted_(interrupted) {
  const char* home = std::getenv("HOME");
  if (home != nullptr) history_path_ = std::string(home) + "/.pathdb_history";
  using_history();
  if (!history_path_.empty()) read_history(history_path_.c_str());
}

EditLineSource::~EditLineSource() {
  if (!history_path_.empty()) write_history(history_path_.c_str());
}

std::optional<std::string> EditLineSource::ReadLine(const std::string& prompt) {
  std::unique_ptr<char, decltype(&std::free)> line(readline(prompt.c_str()), &std::free);
  if (!line) {
    // Ctrl-C while editing: drop the line and give a new prompt, as SQL*Plus does.
    if (interrupted_ != nullptr && interrupted_->exchange(false)) {
      std::fputs("\n", stdout);
      return std::string();
    }
    std::fputs("\n", stdout);
    return std::nullopt;
  }
  std::string s(line.get());
  if (!s.empty()) add_history(s.c_str());
  if (interrupted_ != nullptr) interrupted_->store(false);
  return s;
}

}  // namespace pathdb::shell
