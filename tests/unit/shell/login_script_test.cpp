#include "shell/login_script.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace pathdb::shell {
namespace {

namespace fs = std::filesystem;

class LoginScriptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("pathdb-login-" + std::to_string(::getpid()));
    for (const char* d : {"cwd", "a", "b"}) fs::create_directories(root_ / d);
  }
  void TearDown() override { fs::remove_all(root_); }
  void Touch(const std::string& dir) { std::ofstream(root_ / dir / "login.sql") << "rem\n"; }
  std::string Path(const std::string& dirs) const {  // "a:b" -> "<root>/a:<root>/b"
    std::string out;
    size_t start = 0;
    while (start <= dirs.size()) {
      const size_t colon = std::min(dirs.find(':', start), dirs.size());
      const std::string d = dirs.substr(start, colon - start);
      if (!out.empty() || start > 0) out += ':';
      if (!d.empty()) out += (root_ / d).string();
      start = colon + 1;
    }
    return out;
  }
  fs::path root_;
};

TEST_F(LoginScriptTest, CurrentDirectoryFirst) {
  Touch("cwd");
  Touch("a");
  EXPECT_EQ(FindLoginScript(root_ / "cwd", Path("a")), root_ / "cwd" / "login.sql");
}

TEST_F(LoginScriptTest, ThenTheFirstSqlpathDirectoryThatHasOne) {
  Touch("b");
  EXPECT_EQ(FindLoginScript(root_ / "cwd", Path("a:b")), root_ / "b" / "login.sql");
  EXPECT_EQ(FindLoginScript(root_ / "cwd", "::" + Path("a:b") + ":"), root_ / "b" / "login.sql");
  Touch("a");
  EXPECT_EQ(FindLoginScript(root_ / "cwd", Path("a:b")), root_ / "a" / "login.sql");
}

TEST_F(LoginScriptTest, NoneAnywhere) {
  EXPECT_EQ(FindLoginScript(root_ / "cwd", Path("a:b")), std::nullopt);
  EXPECT_EQ(FindLoginScript(root_ / "cwd", ""), std::nullopt);
  EXPECT_EQ(FindLoginScript(root_ / "missing", root_.string() + "/missing"), std::nullopt);
  fs::create_directories(root_ / "cwd" / "login.sql");  // a directory is not a script
  EXPECT_EQ(FindLoginScript(root_ / "cwd", ""), std::nullopt);
}

}  // namespace
}  // namespace pathdb::shell
