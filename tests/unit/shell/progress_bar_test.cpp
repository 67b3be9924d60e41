// The CREATE INDEX progress bar: drawn while work is under way, erased at the end, nothing
// for work that only reports its end.
#include "shell/progress_bar.h"

#include <gtest/gtest.h>

#include <sstream>

namespace pathdb::shell {
namespace {

TEST(ProgressBar, DrawsThenErases) {
  std::ostringstream out;
  auto bar = TerminalProgressBar(out, "CREATE INDEX");
  bar(50, 200);
  EXPECT_EQ(out.str(), "\rCREATE INDEX [##########                              ]  25%");
  out.str("");
  bar(200, 200);
  // The line is blanked and the cursor back at its start for the feedback line.
  const std::string s = out.str();
  ASSERT_GE(s.size(), 2u);
  EXPECT_EQ(s.front(), '\r');
  EXPECT_EQ(s.back(), '\r');
  EXPECT_EQ(s.find_first_not_of(" \r"), std::string::npos);
}

TEST(ProgressBar, SmallWorkDrawsNothing) {
  std::ostringstream out;
  auto bar = TerminalProgressBar(out, "CREATE INDEX");
  bar(10, 10);
  bar(0, 0);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace pathdb::shell
