// login.sql: the user profile SQL*Plus runs when it starts.
#pragma once
#include <filesystem>
#include <optional>
#include <string_view>

namespace pathdb::shell {

//! The login.sql to run at start: `cwd`/login.sql if it is a regular file, else the first
//! DIR/login.sql for DIR in `sqlpath` (colon-separated, empty entries skipped, as $SQLPATH);
//! nullopt when there is none. Only the first one found runs, as in SQL*Plus.
std::optional<std::filesystem::path> FindLoginScript(const std::filesystem::path& cwd,
                                                     std::string_view sqlpath);

}  // namespace pathdb::shell
