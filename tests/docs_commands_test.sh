#!/usr/bin/env bash
# The commands the guides show still work: every ```sh block of README.md and docs/*.md says on its
# first line whether it is checked, and this runs each checked one, so that a renamed option or a
# moved file cannot leave a guide that fails for its reader.
#   ```sh
#   # checked
#   build/kirin perft --game xiangqi --depth 4
#   ```
# A block that needs root, a server, PostgreSQL, a network or minutes starts with
# `# not checked: REASON` instead; a ```sh block with neither line fails the test.
# Each guide's checked blocks run in order, in one temporary folder that looks like the source
# tree's root: build/kirin (and `kirin` on the PATH) is the program under test, and data, tests,
# scripts and docs are links to the source tree, so a block may read them and write beside them;
# a later block of the same guide may use what an earlier one wrote. Each block runs under
# `bash -e -o pipefail` with a minute at most; a failure names the guide, the line and the command.
# usage: docs_commands_test.sh KIRIN [SOURCE_DIR]
set -uo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 KIRIN [SOURCE_DIR]" >&2
  exit 2
fi
kirin=$(realpath "$1")
src=$(realpath "${2:-$(dirname "$0")/..}")
[ -x "$kirin" ] || { echo "docs_commands_test: $kirin is not an executable" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$kirin" "$work/bin/kirin"

# One line per ```sh block: its fence's line number, its mark (checked, not, none) and the file
# holding its body (the first line, the mark, replaced by the trap that names a failing line).
extract() { # GUIDE OUTDIR
  awk -v out="$2" '
    !inside && /^```sh[[:space:]]*$/ { inside = 1; fence = NR; first = 1; n++; file = out "/" n ".sh"; next }
    inside && /^```[[:space:]]*$/ { inside = 0; close(file); print fence, mark, file; next }
    inside && first {
      first = 0
      if ($0 ~ /^# checked[[:space:]]*$/) mark = "checked"
      else if ($0 ~ /^# not checked: [^[:space:]]/) mark = "not"
      else mark = "none"
      print "trap '\''echo \"line $((LINENO + FENCE)): $BASH_COMMAND\" >&2'\'' ERR" > file
      next
    }
    inside { print > file }
  ' "$1"
}

failed=0 checked=0 unchecked=0
for guide in "$src/README.md" "$src"/docs/*.md; do
  name=${guide#"$src/"}
  blocks="$work/blocks/$name"
  mkdir -p "$blocks"
  run="$work/run/$name"
  mkdir -p "$run/build"
  ln -s "$kirin" "$run/build/kirin"
  for dir in data tests scripts docs; do ln -s "$src/$dir" "$run/$dir"; done
  while read -r fence mark file; do
    case $mark in
      none)
        echo "FAIL $name:$fence: a \`\`\`sh block says neither '# checked' nor '# not checked: REASON'"
        failed=1
        continue
        ;;
      not)
        unchecked=$((unchecked + 1))
        continue
        ;;
    esac
    checked=$((checked + 1))
    if ! (cd "$run" && FENCE=$fence PATH="$work/bin:$PATH" timeout 60 bash -e -o pipefail "$file") \
      >"$work/out" 2>&1; then
      where=$(grep -o '^line [0-9]*: .*' "$work/out" | tail -1)
      if [ -n "$where" ]; then
        echo "FAIL $name:${where#line }"
      else
        echo "FAIL $name:$fence: the block failed (or ran past its minute)"
      fi
      sed 's/^/    /' "$work/out" | tail -15
      failed=1
    fi
  done < <(extract "$guide" "$blocks")
done
echo "docs_commands_test: $checked blocks run, $unchecked marked not checked"
if [ "$checked" -eq 0 ]; then
  echo "FAIL no checked block found: the guides or this script's reading of them changed"
  failed=1
fi
exit $failed
