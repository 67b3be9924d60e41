// Word-level helpers shared by the SQL*Plus command implementations (commands.cpp,
// set_command.cpp, exit_clause.cpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace pathdb::shell {

//! Words of a command line; 'quoted' and "quoted" words keep their spaces, quotes removed
//! (a doubled quote inside stands for one).
std::vector<std::string> SplitWords(const std::string& text);
//! SQL*Plus abbreviations: `word` (any case) is a prefix of `name` at least `min_len` long.
bool Matches(const std::string& word, const char* name, size_t min_len);
//! ON / OFF in any case; nullopt for anything else.
std::optional<bool> OnOff(const std::string& word);
//! A non-negative decimal of at most 9 digits; nullopt otherwise.
std::optional<int> ToInt(const std::string& word);

}  // namespace pathdb::shell
