// --demo: the order-entry schema (WAREHOUSES, CUSTOMERS, ORDERS, ORDER_ITEMS), built once with
// pathdb's own SQL (INSERT ... SELECT ... CONNECT BY) in ./pathdb-demo or $PATHDB_DEMO_DIR.
// A marker file written after the final commit tells a finished demo from a half-built one.
#pragma once
#include <filesystem>
#include <ostream>

#include "shell/shell_engine.h"

namespace pathdb::shell {

std::filesystem::path DemoDirectory();
//! True when the demo in `dir` was completely built.
bool DemoComplete(const std::filesystem::path& dir);
//! Builds the demo schema through `engine` (dropping leftovers of a half-built one), with a
//! progress bar on `progress` when it is a terminal, else one summary line. Throws OraError.
void BuildDemo(ShellEngine& engine, const std::filesystem::path& dir, std::ostream& progress,
               bool tty);

}  // namespace pathdb::shell
