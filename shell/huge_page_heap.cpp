#include "shell/huge_page_heap.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace pathdb::shell {

namespace {

constexpr std::string_view kTunable = "glibc.malloc.hugetlb";

bool UnderSanitizer() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

// Plain read(2): this runs before the program's static initializers.
std::string ReadThpSetting() {
  const int fd = ::open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  char buf[256];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

}  // namespace

std::optional<std::string> HugePageTunables(const HugePageEnv& env) {
  const std::string_view current = env.tunables ? env.tunables : "";
  if (current.find(kTunable) != std::string_view::npos) return std::nullopt;
  if (env.opt_out && std::string_view(env.opt_out) == "0") return std::nullopt;
  if (env.ld_preload && std::strstr(env.ld_preload, "vgpreload")) return std::nullopt;
  // "always [madvise] never": the bracketed word is the mode. Under `never` the tunable buys
  // nothing; under `always` it still grows the heap in 2 MiB steps, so faults find whole pages.
  if (env.thp_enabled.find("[madvise]") == std::string::npos &&
      env.thp_enabled.find("[always]") == std::string::npos) {
    return std::nullopt;
  }
  // Ours first: glibc rewrites the variable's original bytes while it parses them, and what
  // /proc/PID/environ then shows of it is the first tunable (tests/e2e/huge_page_heap.sh).
  std::string value(kTunable);
  value += "=1";
  if (!current.empty()) {
    value += ':';
    value += current;
  }
  return value;
}

void RestartWithHugePageHeap(char** argv) {
  if (UnderSanitizer()) return;
  HugePageEnv env;
  const char* set = std::getenv("GLIBC_TUNABLES");
  const std::string before = set ? set : "";
  env.tunables = set ? before.c_str() : nullptr;
  env.opt_out = std::getenv("PATHDB_MALLOC_HUGEPAGES");
  env.ld_preload = std::getenv("LD_PRELOAD");
  env.thp_enabled = ReadThpSetting();
  const auto tunables = HugePageTunables(env);
  if (!tunables) return;
  if (::setenv("GLIBC_TUNABLES", tunables->c_str(), 1) != 0) return;
  ::execv("/proc/self/exe", argv);
  // The exec failed (no /proc, say): go on in this image, without the tunable in children.
  if (set) {
    ::setenv("GLIBC_TUNABLES", before.c_str(), 1);
  } else {
    ::unsetenv("GLIBC_TUNABLES");
  }
}

}  // namespace pathdb::shell
