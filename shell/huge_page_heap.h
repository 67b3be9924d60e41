// Backing malloc's heap with transparent huge pages (THP) by restarting the process image once
// with glibc's `glibc.malloc.hugetlb=1` tunable.
//
// Why: every operator allocates its hash tables, sort runs and batch vectors from the heap, and
// each fresh 4 KiB page costs a page fault. On the virtual machines we run on a fault costs about
// 9 us, so a TPC-H query touching 350 MB of fresh memory spent 0.4 s of 2 s in faults (q09 at SF
// 1: 44,000 faults), and starting the shell 25 of its 45 ms. With 2 MiB pages the same memory
// takes about 1,000 faults. glibc reads its tunables only when a process starts, and in
// `madvise` mode (the usual distribution default) the kernel gives huge pages only to memory
// madvise()d for them, which is what the tunable makes malloc do; hence the restart. The buffer
// cache asks for huge pages on its own mapping either way (storage/buffer_cache.cpp).
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace pathdb::shell {

//! The environment the decision is made from.
struct HugePageEnv {
  const char* tunables = nullptr;    //!< GLIBC_TUNABLES, or null
  const char* opt_out = nullptr;     //!< PATHDB_MALLOC_HUGEPAGES ("0" turns the restart off)
  const char* ld_preload = nullptr;  //!< LD_PRELOAD (valgrind's preload: never restart)
  std::string thp_enabled;           //!< /sys/kernel/mm/transparent_hugepage/enabled, or ""
};

//! The GLIBC_TUNABLES value to restart with, or nullopt when the process should go on as it is:
//! the tunable is already there (this is the restarted process, or the user chose a value),
//! PATHDB_MALLOC_HUGEPAGES=0, THP is `never` or unknown on this kernel, or the process runs under
//! valgrind (an exec would leave the tool). Other tunables already set are kept.
std::optional<std::string> HugePageTunables(const HugePageEnv& env);

//! Reads the environment and, when HugePageTunables asks for it, sets GLIBC_TUNABLES and
//! re-executes /proc/self/exe with the same arguments: same pid, same open descriptors (a
//! script on stdin is read by the new image from its start). Returns only when no restart is
//! wanted or the exec failed (the process then goes on with 4 KiB pages). Sanitizer builds never
//! restart (their allocator ignores the tunable).
//! REQUIRES: called before any thread starts or any input is read (shell/main.cpp calls it
//! from a constructor that runs before the program's static initializers); uses nothing that
//! needs them.
void RestartWithHugePageHeap(char** argv);

}  // namespace pathdb::shell
