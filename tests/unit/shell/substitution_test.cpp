#include "shell/substitution.h"

#include <gtest/gtest.h>

namespace pathdb::shell {
namespace {

TEST(Substitution, ReplacesDefinedVariables) {
  Defines d;
  d.Set("x", "5");
  d.Set("tab", "EMP");
  EXPECT_EQ(Substitute("select &x from &tab.x where a = '&x'", d, nullptr),
            "select 5 from EMPx where a = '5'");
  EXPECT_EQ(Substitute("a && b & c", d, nullptr), "a && b & c");
}

TEST(Substitution, PromptsForUndefinedAndDoubleAmpersandDefines) {
  Defines d;
  int asked = 0;
  PromptFn prompt = [&](const std::string& name) -> std::optional<std::string> {
    ++asked;
    return name == "v" ? "42" : "?";
  };
  EXPECT_EQ(Substitute("&v + &v", d, prompt), "42 + 42");
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(Substitute("&&v + &v", d, prompt), "42 + 42");
  EXPECT_EQ(asked, 3);
  EXPECT_EQ(d.Get("V").value_or(""), "42");
}

TEST(Substitution, VerifyLinesOnlyForChangedLines) {
  EXPECT_EQ(VerifyLines("select &x\nfrom dual", "select 5\nfrom dual"),
            "old   1: select &x\nnew   1: select 5\n");
  EXPECT_EQ(DefineLine("x", "5"), "DEFINE X               = \"5\" (CHAR)");
}

}  // namespace
}  // namespace pathdb::shell
