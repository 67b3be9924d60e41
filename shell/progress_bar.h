// A progress bar on a terminal for long statements (CREATE INDEX), drawn through the
// storage::ProgressFn a Session hands to the storage layer.
#pragma once
#include <ostream>
#include <string>

#include "storage/storage.h"

namespace pathdb::shell {

//! Draws `label [#####     ]  42%` on `out` (a terminal) while work is under way and erases
//! it when done == total, so the statement's feedback line follows on a clean line. Work that
//! reports only its end (small tables) draws nothing. `out` must outlive the function.
storage::ProgressFn TerminalProgressBar(std::ostream& out, std::string label);

}  // namespace pathdb::shell
