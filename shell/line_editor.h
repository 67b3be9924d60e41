// Interactive input through libedit: line editing and history in ~/.pathdb_history.
#pragma once
#include <atomic>
#include <string>

#include "shell/sqlplus.h"

namespace pathdb::shell {

class EditLineSource : public LineSource {
 public:
  //! `interrupted` is set by the SIGINT handler; Ctrl-C at the prompt gives a fresh prompt.
  explicit EditLineSource(std::atomic<bool>* interrupted);
  ~EditLineSource() override;
  EditLineSource(const EditLineSource&) = delete;
  EditLineSource& operator=(const EditLineSource&) = delete;
  std::optional<std::string> ReadLine(const std::string& prompt) override;
  bool interactive() const override { return true; }

 private:
  std::string history_path_;
  std::atomic<bool>* interrupted_;
};

}  // namespace pathdb::shell
