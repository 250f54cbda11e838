#!/usr/bin/env bash
# Installs everything Kirin needs on a fresh Debian machine. Idempotent: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

debs=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev libgmock-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libcpp-httplib-dev libsqlite3-dev
  libboost-dev liblemon-dev libspdlog-dev libssl-dev libpq-dev postgresql libsodium-dev
  nginx-light curl openssl
  clang libclang-rt-14-dev clang-format
  fairy-stockfish fairymax hachu
  python3-numpy python3-torch
  nodejs
  chromium fonts-ipafont-gothic
  libcairo2-dev fonts-noto-cjk poppler-utils libxml2-utils
  emscripten node-acorn  # Kirin in WebAssembly; the build runs emcc with NODE_PATH=/usr/share/nodejs for acorn
  help2man dpkg-dev file  # make deb: the manual page from --help, dpkg-shlibdeps for the dependencies
)

missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# The machine's Node.js may come with its own npm; Debian's npm package would conflict with it.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm packages for the differential tests (lishogi's rules library) live in their own folder.
if [ -f tests/differential/package.json ] && [ ! -d tests/differential/node_modules/shogiops ]; then
  echo "deps: installing npm packages in tests/differential" >&2
  (cd tests/differential && npm install --no-audit --no-fund --silent)
fi
# The web UI's packages (Vite, shogiground, chessgroundx, snabbdom, playwright-core, dependency-cruiser) live in web/.
if [ -f web/package.json ] && { [ ! -f web/node_modules/.package-lock.json ] || [ web/package.json -nt web/node_modules/.package-lock.json ]; }; then
  echo "deps: installing npm packages in web" >&2
  (cd web && npm install --no-audit --no-fund --silent)
fi
exit 0
