#!/usr/bin/env bash
# Installs every build/test dependency from Debian with apt-get.
# Idempotent and quiet: when everything is present it prints nothing and touches nothing.
set -euo pipefail
PKGS=(antlr4 libantlr4-runtime-dev uuid-dev libboost-dev libfmt-dev libgtest-dev libgmock-dev
      libbenchmark-dev liburing-dev libedit-dev pkg-config default-jre-headless ninja-build
      cmake g++ make python3 sqlite3)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
