#!/usr/bin/env bash
# The floors hold (cmake/floors.cmake): a source on one floor reaches the headers of the floors
# below it and not those above. For each pair, a one-line probe is compiled (syntax only)
# against the floor's include view, as the build compiles that floor's sources.
# usage: floors_test.sh CXX FLOORS_DIR
set -euo pipefail
cxx=$1 floors=$2
probe=$(mktemp --suffix=.cpp)
trap 'rm -f "$probe"' EXIT
failed=0
# floor, a header it may include, a header of a floor above it
cases=(
  "core core/move.h rules/position.h"
  "rules core/zobrist.h notation/fen.h"
  "notation rules/position.h search/engine.h"
  "nnue rules/position.h search/eval.h"
  "game notation/fen.h search/engine.h"
  "search nnue/network.h protocol/protocols.h"
  "protocol search/engine.h server/env.h"
  "draw notation/fen.h search/engine.h"
  "match process/child_process.h server/env.h"
  "analysis search/engine.h server/env.h"
  "server search/engine.h cli/commands.h"
)
for c in "${cases[@]}"; do
  read -r floor below above <<<"$c"
  echo "#include \"$below\"" >"$probe"
  if ! "$cxx" -std=c++20 -fsyntax-only -I "$floors/$floor" "$probe" 2>/dev/null; then
    echo "FAIL $floor cannot include $below, a floor below it"
    failed=1
  fi
  echo "#include \"$above\"" >"$probe"
  if "$cxx" -std=c++20 -fsyntax-only -I "$floors/$floor" "$probe" 2>/dev/null; then
    echo "FAIL $floor can include $above, a floor above it"
    failed=1
  else
    echo "ok   $floor: $below in reach, $above not"
  fi
done
# Inside the server the store and the security primitives are the ground floor: they include
# none of the rooms above them (play, engine, api, http, problems), which all use them.
ground=("$floors/server/server/store" "$floors/server/server/security")
if grep -rnE '#include "server/(play|engine|api|http|problems)/' "${ground[@]}"; then
  echo "FAIL server/store or server/security includes a room above it (the lines above)"
  failed=1
else
  echo "ok   server: store and security include no room above them"
fi
exit $failed
