// Private to parser/: reads the body of a /*+ ... */ comment into structured hints.
#pragma once
#include <string_view>
#include <vector>

#include "parser/ast.h"

namespace pathdb::parser_internal {

//! `body` is the comment text without the leading "/*+" and trailing "*/". Never throws:
//! an unreadable hint comes back with malformed = true.
std::vector<ast::Hint> ParseHints(std::string_view body);

}  // namespace pathdb::parser_internal
