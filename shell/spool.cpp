// SPOOL file [CRE[ATE] | REP[LACE] | APP[END]] | OFF | OUT, and the TeeBuf under it.
#include "shell/spool.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "shell/command_words.h"
#include "shell/sqlplus.h"

namespace pathdb::shell {

TeeBuf::int_type TeeBuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  if (copy_) copy_->sputc(traits_type::to_char_type(c));
  return primary_->sputc(traits_type::to_char_type(c));
}

std::streamsize TeeBuf::xsputn(const char* s, std::streamsize n) {
  if (copy_) copy_->sputn(s, n);
  return primary_->sputn(s, n);
}

int TeeBuf::sync() {
  if (copy_) copy_->pubsync();
  return primary_->pubsync();
}

void Sqlplus::StopSpool() {
  out_buf_.set_copy(nullptr);
  err_buf_.set_copy(nullptr);
  spool_.reset();
  spool_name_.clear();
}

void Sqlplus::RunSpool(const std::vector<std::string>& w) {
  if (w.size() < 2) {
    msg() << (spool_ ? "currently spooling to " + spool_name_ : "not spooling currently") << '\n';
    return;
  }
  const std::string arg = ToUpper(w[1]);
  if (arg == "OFF" || arg == "OUT") {  // OUT would also print the file: no printers here
    if (!spool_) msg() << "not spooling currently\n";
    StopSpool();
    return;
  }
  bool create = false, append = false;
  if (w.size() == 3 && Matches(w[2], "CREATE", 3)) {
    create = true;
  } else if (w.size() == 3 && Matches(w[2], "APPEND", 3)) {
    append = true;
  } else if (w.size() > 3 || (w.size() == 3 && !Matches(w[2], "REPLACE", 3))) {
    return ReportSp2("SP2-0768: Illegal SPOOL command");
  }
  std::string file = w[1];
  if (std::filesystem::path(file).extension().empty()) file += ".lst";
  std::error_code ec;
  if (create && std::filesystem::exists(file, ec)) {
    return ReportSp2(fmt::format(
        "SP2-0771: File \"{}\" already exists.\nUse another name or \"SPOOL filename[.ext] "
        "REPLACE\"",
        file));
  }
  StopSpool();
  auto f = std::make_unique<std::ofstream>(file, append ? std::ios::app : std::ios::trunc);
  if (!*f) return OsFailed(fmt::format("SP2-0606: Cannot create SPOOL file \"{}\"", file));
  spool_ = std::move(f);
  spool_name_ = file;
  out_buf_.set_copy(spool_->rdbuf());
  err_buf_.set_copy(spool_->rdbuf());
}

}  // namespace pathdb::shell
