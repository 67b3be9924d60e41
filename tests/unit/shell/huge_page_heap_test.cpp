#include "shell/huge_page_heap.h"

#include <gtest/gtest.h>

namespace pathdb::shell {
namespace {

HugePageEnv Madvise() {
  HugePageEnv e;
  e.thp_enabled = "always [madvise] never\n";
  return e;
}

TEST(HugePageHeap, RestartsWithTheTunableWhenTheKernelGivesHugePagesOnRequest) {
  EXPECT_EQ(HugePageTunables(Madvise()), "glibc.malloc.hugetlb=1");
  HugePageEnv always = Madvise();
  always.thp_enabled = "[always] madvise never\n";
  EXPECT_EQ(HugePageTunables(always), "glibc.malloc.hugetlb=1");
}

TEST(HugePageHeap, KeepsTunablesTheUserSet) {
  HugePageEnv e = Madvise();
  e.tunables = "glibc.malloc.arena_max=2";
  EXPECT_EQ(HugePageTunables(e), "glibc.malloc.hugetlb=1:glibc.malloc.arena_max=2");
}

TEST(HugePageHeap, NeverRestartsTwiceNorAgainstTheUsersChoice) {
  HugePageEnv e = Madvise();
  e.tunables = "glibc.malloc.hugetlb=1";  // the restarted image
  EXPECT_EQ(HugePageTunables(e), std::nullopt);
  e.tunables = "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=0";  // the user's value
  EXPECT_EQ(HugePageTunables(e), std::nullopt);
}

TEST(HugePageHeap, StaysWhenTurnedOffUnsupportedOrUnderValgrind) {
  HugePageEnv e = Madvise();
  e.opt_out = "0";
  EXPECT_EQ(HugePageTunables(e), std::nullopt);
  e.opt_out = "1";
  EXPECT_NE(HugePageTunables(e), std::nullopt);

  e = Madvise();
  e.thp_enabled = "always madvise [never]\n";
  EXPECT_EQ(HugePageTunables(e), std::nullopt);
  e.thp_enabled = "";  // no THP in this kernel (or no /sys)
  EXPECT_EQ(HugePageTunables(e), std::nullopt);

  e = Madvise();
  e.ld_preload = "/usr/libexec/valgrind/vgpreload_core-amd64-linux.so";
  EXPECT_EQ(HugePageTunables(e), std::nullopt);
  e.ld_preload = "/usr/lib/libfoo.so";
  EXPECT_NE(HugePageTunables(e), std::nullopt);
}

}  // namespace
}  // namespace pathdb::shell
