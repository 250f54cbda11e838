#!/usr/bin/env bash
# Compares Kirin under rules=lishogi with lishogi's rules library (shogiops) on N positions from
# random games (default 100000; the ctest run compares 5000). Needs build/kirin_tests and
# tests/differential/node_modules (scripts/deps.sh). Prints the count compared and the coverage.
set -euo pipefail
cd "$(dirname "$0")/.."
positions="${1:-100000}"
case "$positions" in
  '' | *[!0-9]*) echo "usage: scripts/lishogi_differential.sh [POSITIONS]" >&2; exit 2 ;;
esac
KIRIN_LISHOGI_POSITIONS="$positions" nice -n 19 build/kirin_tests \
  --gtest_filter=ChuShogiDifferential.LishogiRulesMatchShogiopsExactly
