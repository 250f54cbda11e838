#!/bin/sh
# kirin.6.gz from the executable's own help: help2man reads `kirin --help` and `--version`, and
# each command's `kirin CMD --help` becomes a part of COMMANDS, so the manual cannot say other
# than the program does. Usage: manpage.sh KIRIN_EXECUTABLE OUTPUT.6.gz
set -eu
kirin=$1
out=$2
here=$(dirname "$0")
include=$(mktemp)
trap 'rm -f "$include" "$out.tmp"' EXIT

# roff text from plain text: backslashes escaped, a leading . or ' made literal.
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

# The commands under "Subcommands:" in a help text.
commands() { awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'; }

# One part per command, then one per command of its own (kirin bench perft).
describe() {
  for cmd in $("$kirin" "$@" --help | commands); do
    printf '.SS "kirin %s"\n.nf\n' "$* $cmd" | sed 's/"kirin  /"kirin /'
    "$kirin" "$@" "$cmd" --help | roff
    printf '.fi\n'
    [ $# -gt 0 ] || describe "$cmd"
  done
}

cat "$here/kirin.6.include" > "$include"
echo "[COMMANDS]" >> "$include"
describe >> "$include"

# The first line of --version only: the rest names this machine's nets.
version=$("$kirin" --version | sed -n '1s/^kirin //p')
help2man --section=6 --no-info --no-discard-stderr --version-string="$version" \
  --name="engine and web platform for Chu Shogi, Chu Seireigi and Xiangqi" \
  --include="$include" --output="$out.tmp" "$kirin"
# What help2man calls the program, whatever the path it was run from.
sed -i -e "s|$kirin|kirin|g" "$out.tmp"
gzip -9n < "$out.tmp" > "$out"
