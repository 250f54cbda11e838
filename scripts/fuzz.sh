#!/usr/bin/env bash
# The libFuzzer targets of fuzz/, built and run by `make fuzz` and by the fuzz_* tests of `make test`.
#   fuzz.sh build DIR                          configure DIR with clang (libFuzzer, ASan, UBSan) and build them
#   fuzz.sh run [--fresh] DIR NAME [OPTION...] run DIR/fuzz_NAME with libFuzzer's OPTIONs (-runs=N,
#       -max_total_time=S) on DIR/corpus-NAME, seeded from fuzz/corpus/NAME and fuzz/regressions/NAME-*;
#       --fresh starts that corpus over from the seeds (the tests' runs then do not depend on earlier ones).
# $FUZZ_CXX names the compiler (clang++), $JOBS the build's parallelism. A crashing input is kept in
# DIR/crashes-NAME/. Exit status: 0 built or ran clean, 1 failed or crashed, 2 usage.
set -euo pipefail

usage() {
  sed -n '2,8p' "$0" >&2
  exit 2
}
root=$(cd "$(dirname "$0")/.." && pwd)

build() {
  local dir=$1 launcher=()
  # The sanitized objects differ from the gcc build's; ccache keeps a rebuild of them cheap.
  if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKIRIN_FUZZ=ON \
    -DCMAKE_CXX_COMPILER="${FUZZ_CXX:-clang++}" "${launcher[@]}" >/dev/null
  cmake --build "$dir" -j "${JOBS:-$(nproc)}"
}

# Longest input per target; libFuzzer's default (4096) for the others. Moves and FENs are short,
# and shorter inputs give more executions per second.
max_len() {
  case $1 in
    position) echo 400 ;;
    move | xiangqi_move) echo 64 ;;
    record) echo 2000 ;;
    *) echo 4096 ;;
  esac
}

run() {
  local fresh=false
  if [ "${1:-}" = --fresh ]; then
    fresh=true
    shift
  fi
  (($# >= 2)) || usage
  local dir=$1 name=$2
  shift 2
  local binary=$dir/fuzz_$name corpus=$dir/corpus-$name crashes=$dir/crashes-$name
  if [ ! -x "$binary" ]; then
    echo "fuzz: no $binary (fuzz.sh build $dir first)" >&2
    return 1
  fi
  if $fresh; then rm -rf "$corpus"; fi
  mkdir -p "$corpus" "$crashes"
  local seeds=("$root/fuzz/corpus/$name"/* "$root/fuzz/regressions/$name"-*)
  for seed in "${seeds[@]}"; do
    if [ -f "$seed" ]; then cp "$seed" "$corpus/"; fi
  done
  local status=0
  "$binary" -max_len="$(max_len "$name")" -artifact_prefix="$crashes/" "$@" "$corpus" || status=$?
  if ((status)); then
    echo "fuzz: fuzz_$name failed (exit status $status); its input is in $crashes/" >&2
    return 1
  fi
}

(($# >= 1)) || usage
command=$1
shift
case $command in
  build) (($# == 1)) || usage; build "$1" ;;
  run) run "$@" ;;
  *) usage ;;
esac
