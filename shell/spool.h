// SPOOL's plumbing: a stream buffer that copies everything the shell prints into a file too.
#pragma once
#include <streambuf>

namespace pathdb::shell {

//! Writes through to `primary` and, while one is set, to `copy` as well. It buffers nothing
//! itself, so what reaches `primary` is exactly what reached it before SPOOL existed.
class TeeBuf : public std::streambuf {
 public:
  explicit TeeBuf(std::streambuf* primary) : primary_(primary) {}
  //! nullptr stops copying. The caller keeps `copy` alive while it is set.
  void set_copy(std::streambuf* copy) { copy_ = copy; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  std::streambuf* primary_;
  std::streambuf* copy_ = nullptr;
};

}  // namespace pathdb::shell
