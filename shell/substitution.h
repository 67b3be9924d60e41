// SQL*Plus substitution variables: &v and &&v are replaced by DEFINE values before a line
// reaches the parser; an undefined &v asks the user (&&v also defines it). A '.' right after
// the name ends it and is dropped (&tab.x -> EMPx).
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "shell/settings.h"

namespace pathdb::shell {

//! Asked for the value of an undefined variable; nullopt (end of input) means empty.
using PromptFn = std::function<std::optional<std::string>(const std::string& name)>;

std::string Substitute(const std::string& text, Defines& defines, const PromptFn& prompt);

//! The "old   1: ..." / "new   1: ..." lines SQL*Plus prints (SET VERIFY ON) for each line
//! that substitution changed.
std::string VerifyLines(const std::string& old_text, const std::string& new_text);

//! "DEFINE V               = "x" (CHAR)" as DEFINE prints a variable.
std::string DefineLine(const std::string& name, const std::string& value);

}  // namespace pathdb::shell
