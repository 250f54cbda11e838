#!/usr/bin/env bash
# The C++ sources (*.cpp, *.h) git tracks or would (new files not yet added: they are formatted
# before their first commit, not after a CI run fails on them) against .clang-format, with the
# one clang-format that both `make format` and the format_check test use: $CLANG_FORMAT, or
# clang-format on the PATH (Debian's clang-format package, which scripts/deps.sh installs; another
# major version formats differently).
#   format.sh          rewrite the sources in place (make format)
#   format.sh --check  change nothing; list the files clang-format would change (the format_check test)
# Exit status: 0 formatted, 1 files to format (or clang-format failed), 2 usage.
set -euo pipefail

usage() {
  echo "usage: $0 [--check]" >&2
  exit 2
}
check=false
case $# in
  0) ;;
  1) [ "$1" = --check ] || usage; check=true ;;
  *) usage ;;
esac

cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format}
if ! command -v "$clang_format" >/dev/null; then
  echo "format: $clang_format not found (scripts/deps.sh installs Debian's clang-format)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.cpp' '*.h')

if ! $check; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi

# One run over all files (a run per file takes five times as long); its diagnostics name the files.
status=0
output=$("$clang_format" --dry-run --Werror "${files[@]}" 2>&1) || status=$?
mapfile -t offenders < <(grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): code should be clang-formatted' <<<"$output" |
  cut -d: -f1 | sort -u)
if ((${#offenders[@]})); then
  lines=$(grep -cE ': (warning|error): code should be clang-formatted' <<<"$output")
  printf '%s\n' "${offenders[@]}"
  echo "format: ${#offenders[@]} of ${#files[@]} files need formatting ($lines places; 'make format' fixes them;" \
    "$("$clang_format" --version))" >&2
  exit 1
fi
if ((status)); then
  # Failed with no file to blame: a broken .clang-format or an unreadable file.
  printf '%s\n' "$output" >&2
  exit 1
fi
echo "format: all ${#files[@]} files formatted ($("$clang_format" --version))"
