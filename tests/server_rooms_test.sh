#!/usr/bin/env bash
# The server floor's rooms (DESIGN.md, "Web server"): inside src/server a file includes only its
# own room's headers and those of the rooms below it, lowest first:
#   http < store < base < views < security < rating < engine < play < tournaments < analysis < problems < env < api
# where base is the top-level replies.h, refusals.h, game_watchers.h and heartbeat.h (what every concern
# answers with and tells through), views the JSON shapes several concerns share, and env the rest
# of src/server's own files (Env, the workers, the request keys: the concerns put together, which
# api/ turns into HTTP). cmake/floors.cmake keeps the floors apart by include views; the rooms
# share one view, so this reads their includes instead.
# The includes listed in KNOWN would run up a room (none now: the store keeps the ratings' tables
# and the token hash, and rating/ gives the store its hook). A new one fails the test, and so
# does a KNOWN line that no longer occurs, so that the list only shrinks.
# usage: server_rooms_test.sh SOURCE_DIR
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 SOURCE_DIR" >&2
  exit 2
fi
cd "$1/src/server" || exit 2

ROOMS=(http store base views security rating engine play tournaments analysis problems env api)
KNOWN=(
)

room_of() {
  case "$1" in
    replies.h | replies.cpp | refusals.h | refusals.cpp | game_watchers.h | heartbeat.h) echo base ;;
    */*) echo "${1%%/*}" ;;
    *) echo env ;;
  esac
}
rank_of() {
  local i
  for i in "${!ROOMS[@]}"; do
    [ "${ROOMS[$i]}" = "$1" ] && echo "$i" && return
  done
  echo "unknown room '$1'" >&2
  exit 1
}

failed=0
seen=()
while IFS= read -r file; do
  from=$(room_of "$file")
  while IFS= read -r header; do
    to=$(room_of "$header")
    [ "$(rank_of "$to")" -le "$(rank_of "$from")" ] && continue
    line="$file -> $header"
    seen+=("$line")
    known=0
    for k in "${KNOWN[@]}"; do [ "$k" = "$line" ] && known=1; done
    if [ $known = 0 ]; then
      echo "server_rooms: $line runs up from room $from to room $to" >&2
      failed=1
    fi
  done < <(sed -n 's|^#include "server/\([^"]*\)".*|\1|p' "$file")
done < <(find . -name '*.h' -o -name '*.cpp' | sed 's|^\./||' | sort)

for k in "${KNOWN[@]}"; do
  found=0
  for s in "${seen[@]}"; do [ "$s" = "$k" ] && found=1; done
  if [ $found = 0 ]; then
    echo "server_rooms: '$k' no longer runs up a room: take it out of KNOWN" >&2
    failed=1
  fi
done
[ $failed = 0 ] && echo "server_rooms: every include inside src/server stays in its room or goes down (${#KNOWN[@]} known exceptions)"
exit $failed
