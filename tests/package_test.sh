#!/bin/sh
# The Debian package of this build (cmake/package.cmake), checked as an installer would see it:
# its file list and control data, then unpacked into a temporary root and run from outside the
# source tree with no KIRIN_NETS: the nets, the web UI and the puzzles must come from the package.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR [PACKAGE.deb]  (without a package, cpack makes one)
set -eu
build=$(realpath "$1")
src=$(realpath "$2")
deb=""
[ $# -lt 3 ] || deb=$(realpath "$3")
tmp=$(mktemp -d /tmp/kirin-package-test.XXXXXX)
server=""
cleanup() {
  [ -z "$server" ] || kill "$server" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
cd "$tmp"

if [ -z "$deb" ]; then
  cpack --config "$build/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 || {
    cat "$tmp/cpack.log" >&2
    exit 1
  }
  deb=$(ls "$tmp"/pkg/kirin_*_amd64.deb)
fi
echo "package: $deb ($(du -k "$deb" | cut -f1) KB)"

# The file list, as dpkg -c prints it: the paths only (a symlink's target after ->).
dpkg-deb -c "$deb" | awk '{ $1 = $2 = $3 = $4 = $5 = ""; sub(/^ +/, ""); print }' >"$tmp/contents"
expect() {
  grep -qx -- "$1" "$tmp/contents" || fail "the package has no $1"
}
for path in ./usr/games/kirin ./usr/share/man/man6/kirin.6.gz \
  ./usr/share/kirin/nets/chushogi.nnue ./usr/share/kirin/nets/chuseireigi.nnue ./usr/share/kirin/nets/xiangqi.nnue \
  ./usr/share/kirin/nets/chushogi.winrate ./usr/share/kirin/nets/chuseireigi.winrate ./usr/share/kirin/nets/xiangqi.winrate \
  ./usr/share/kirin/openings/chushogi.txt ./usr/share/kirin/openings/xiangqi.txt \
  ./usr/share/kirin/puzzles/chushogi.txt ./usr/share/kirin/puzzles/chuseireigi.txt ./usr/share/kirin/puzzles/xiangqi.txt \
  ./usr/share/games/plugins/xboard/kirin.eng ./usr/share/games/plugins/uci/kirin.eng \
  ./usr/lib/systemd/system/kirin.service ./etc/default/kirin \
  ./usr/share/doc/kirin/copyright ./usr/share/doc/kirin/changelog.gz ./usr/share/doc/kirin/deploy.md \
  ./usr/share/doc/kirin/examples/nginx/kirin.conf ./usr/share/doc/kirin/lishogi-bot/README.md \
  ./usr/share/doc/kirin/lishogi-bot/config.yml ./usr/share/doc/kirin/lishogi-bot/lishogi-bot.service; do
  expect "$path"
done
for protocol in usi uci xboard; do
  # A file of its own, not a link: a bridge that resolves the path (realpath) keeps its name.
  expect "./usr/games/kirin-$protocol"
  expect "./usr/share/man/man6/kirin-$protocol.6.gz -> kirin.6.gz"
done
# The web UI goes in when this build made it, the WebAssembly engine too.
if [ -f "$src/web/dist/index.html" ]; then
  expect ./usr/share/kirin/web/index.html
  if [ -d "$build/wasm/kirin-wasm" ]; then
    expect ./usr/share/kirin/web/kirin-wasm/kirin.wasm
    expect ./usr/share/kirin/web/kirin-wasm/kirin.wasm.gz
  fi
fi
# Nothing of the build machine: no source or build path, nothing outside the package's own places.
grep -v -e '^\./usr/games/' -e '^\./usr/share/kirin/' -e '^\./usr/share/games/plugins/' -e '^\./usr/share/man/man6/' \
  -e '^\./usr/share/doc/kirin/' -e '^\./usr/lib/systemd/system/' -e '^\./etc/default/' \
  -e '^\./usr/share/lintian/overrides/kirin$' -e '/$' "$tmp/contents" |
  sed 's/^/FAIL: unexpected path in the package: /' >"$tmp/strays"
[ ! -s "$tmp/strays" ] || fail "$(cat "$tmp/strays")"

# Control data: dependencies from dpkg-shlibdeps, the conffile, the version of the program inside.
dpkg-deb -f "$deb" Package Version Architecture Section Depends >"$tmp/control"
grep -q '^Depends:.*libc6 (>= ' "$tmp/control" || fail "Depends is not dpkg-shlibdeps' ($(grep Depends "$tmp/control"))"
grep -q '^Section: games$' "$tmp/control" || fail "Section is not games"
dpkg-deb --ctrl-tarfile "$deb" | tar -xOf - ./conffiles | grep -qx /etc/default/kirin || fail "/etc/default/kirin is not a conffile"
version=$(sed -n 's/^Version: //p' "$tmp/control")

dpkg-deb -x "$deb" "$tmp/root"
kirin="$tmp/root/usr/games/kirin"
nets="$tmp/root/usr/share/kirin/nets"
unset KIRIN_NETS

"$kirin" --version >"$tmp/version" || fail "kirin --version failed"
head -1 "$tmp/version" | grep -qx "kirin $version" || fail "kirin --version says $(head -1 "$tmp/version"), the package $version"
for game in chushogi chuseireigi xiangqi; do
  grep -qx "net $game $nets/$game.nnue" "$tmp/version" || fail "kirin --version: $game's net is not the package's: $(cat "$tmp/version")"
  "$kirin" bench --depth 2 --game "$game" >"$tmp/bench" 2>&1 || fail "kirin bench --game $game failed: $(cat "$tmp/bench")"
  grep -q "^$game  *eval nnue $nets/$game.nnue " "$tmp/bench" || fail "kirin bench --game $game does not use the package's net: $(cat "$tmp/bench")"
done

# The engine registrations name a program of the package, which answers its protocol.
for eng in xboard uci; do
  file="$tmp/root/usr/share/games/plugins/$eng/kirin.eng"
  [ "$(sed -n 1p "$file")" = "plugin spec 0.0" ] || fail "$eng/kirin.eng does not start with 'plugin spec 0.0'"
  set -- $(sed -n 2p "$file")
  [ -x "$tmp/root/usr/games/$1" ] || fail "$eng/kirin.eng runs $1, which is not in /usr/games of the package"
  [ "$2" = "$eng" ] || fail "$eng/kirin.eng does not start the $eng protocol: $*"
  # The command as the GUI runs it, its program resolved as a link-following launcher would.
  program=$(realpath "$tmp/root/usr/games/$1")
  shift
  if [ "$eng" = xboard ]; then
    printf 'xboard\nprotover 2\nquit\n' | "$program" "$@" >"$tmp/xboard" 2>&1
    grep -q 'feature .*variants="[^"]*chu' "$tmp/xboard" || fail "xboard/kirin.eng: no Chu Shogi in its features: $(cat "$tmp/xboard")"
  else
    printf 'uci\nquit\n' | "$program" "$@" >"$tmp/uci" 2>&1
    grep -qx uciok "$tmp/uci" || fail "uci/kirin.eng: no uciok: $(cat "$tmp/uci")"
  fi
done
# Lishogi-Bot's engine as its create_engine starts it: engine.dir and engine.name of the shipped
# config.yml joined, resolved with realpath, run with no arguments (the package root for /).
config="$tmp/root/usr/share/doc/kirin/lishogi-bot/config.yml"
setting() { sed -n "s/^  $1: *\"\([^\"]*\)\".*/\1/p" "$config"; }
bot_engine=$(realpath "$tmp/root$(setting dir)/$(setting name)")
[ "$(basename "$bot_engine")" = kirin-usi ] || fail "lishogi-bot/config.yml resolves to $bot_engine, not kirin-usi"
printf 'usi\nquit\n' | "$bot_engine" >"$tmp/usi" 2>&1
grep -qx usiok "$tmp/usi" || fail "Lishogi-Bot's engine ($bot_engine, no arguments): no usiok: $(head -3 "$tmp/usi")"
for protocol in usi uci xboard; do
  [ "$(basename "$(realpath "$tmp/root/usr/games/kirin-$protocol")")" = "kirin-$protocol" ] ||
    fail "/usr/games/kirin-$protocol resolves to another name"
done

# The manual is the program's help: every command has its part.
zcat "$tmp/root/usr/share/man/man6/kirin.6.gz" >"$tmp/man"
for cmd in serve usi uci xboard bench; do
  grep -q "^\.SS \"kirin $cmd\"" "$tmp/man" || fail "kirin.6 has no part for kirin $cmd"
done
! grep -q -e "$src" -e "$build" "$tmp/man" || fail "kirin.6 names the build machine's paths"

# kirin serve from the package serves the package's web UI and puzzles.
"$kirin" serve --port 0 --db "$tmp/k.db" --engine-threads 1 >"$tmp/serve.out" 2>"$tmp/serve.log" &
server=$!
for _ in $(seq 50); do grep -q 'serving on' "$tmp/serve.out" && break; sleep 0.1; done
grep -q "puzzles from $tmp/root/usr/share/kirin/puzzles:" "$tmp/serve.log" || fail "kirin serve: puzzles not from the package: $(cat "$tmp/serve.log")"
if grep -qx ./usr/share/kirin/web/index.html "$tmp/contents"; then
  grep -q "web UI from $tmp/root/usr/share/kirin/web\$" "$tmp/serve.log" || fail "kirin serve: web UI not from the package: $(cat "$tmp/serve.log")"
  port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
  curl -sf "http://127.0.0.1:$port/" | grep -q '<html' || fail "kirin serve: / is not the web UI"
fi
kill "$server"
wait "$server" 2>/dev/null || true
server=""

# A net taken away: a package build (no source tree compiled in) plays without it and says so on
# stderr once; a build-tree package falls back to the source tree's net, after the package's.
rm "$nets/xiangqi.nnue"
"$kirin" bench --depth 2 --game xiangqi >"$tmp/bench.out" 2>"$tmp/bench.err" || fail "kirin bench without a net failed"
if "$kirin" --version | grep -qx "net xiangqi none"; then
  [ "$(grep -c 'no net for xiangqi' "$tmp/bench.err")" = 1 ] || fail "no single warning of the missing net: $(cat "$tmp/bench.err")"
  grep -q "^xiangqi  *eval classical" "$tmp/bench.out" || fail "kirin bench without a net: $(cat "$tmp/bench.out")"
  # A GUI hears it too, once: as info string over UCI (kirin-uci, the link, as GUIs start it).
  printf 'uci\nposition startpos\ngo depth 1\nposition startpos moves h2e2\ngo depth 1\nquit\n' |
    "$(dirname "$kirin")/kirin-uci" >"$tmp/uci.out" 2>/dev/null || fail "kirin-uci without a net failed"
  [ "$(grep -c '^info string no net for xiangqi' "$tmp/uci.out")" = 1 ] || fail "no single info string of the missing net: $(grep -v '^option' "$tmp/uci.out")"
else
  grep -q "^xiangqi  *eval nnue $src/data/nets/xiangqi.nnue " "$tmp/bench.out" ||
    fail "without the package's net, the build's own is not next: $(cat "$tmp/bench.out")"
fi

if [ "$failures" -gt 0 ]; then
  echo "package_test: $failures failures" >&2
  exit 1
fi
echo "package_test: $(grep -c . "$tmp/contents") paths checked in $(basename "$deb"), ok"
