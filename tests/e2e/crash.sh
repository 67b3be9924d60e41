#!/usr/bin/env bash
# Crash recovery: 50 rounds with different seeds of DML + COMMIT streamed into pathdb, killed
# with SIGKILL at a random moment, reopened and checked against what was committed.
set -u
exec python3 "$(dirname "$0")/crash_driver.py" "$(realpath "$1")" "${CRASH_ROUNDS:-50}" 1
