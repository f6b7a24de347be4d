#!/bin/sh
# Installs the Debian packages that a make target needs, when run as root;
# otherwise prints the exact command to run and fails.
# The web run also needs node and npm (any install of them will do) and the
# npm packages of spec/web/package.json, installed from its lockfile.
#   tools/deps.sh demo|test|bench|dist|web|playground|shots
set -e

case "$1" in
  demo)  need="gcc make cmake pkg-config lua5.4 liblua5.4-dev" ;;
  dist)  need="gcc make cmake pkg-config luajit libluajit-5.1-dev mingw-w64 luarocks" ;;
  bench) need="gcc g++ make cmake pkg-config lua5.4 liblua5.4-dev luajit libluajit-5.1-dev
               libbox2d-dev" ;;
  test)  need="gcc g++ make cmake pkg-config lua5.1 liblua5.1-0-dev lua5.2 liblua5.2-dev
               lua5.3 liblua5.3-dev lua5.4 liblua5.4-dev luajit libluajit-5.1-dev
               luarocks lua-busted valgrind love xvfb xauth zip lua-check
               mingw-w64 wine wine64" ;;
  web)   need="chromium"
         command -v node >/dev/null 2>&1 || need="$need nodejs"
         command -v npm >/dev/null 2>&1 || need="$need npm" ;;
  playground) need="gcc make cmake pkg-config luajit libluajit-5.1-dev love" ;;
  shots) need="gcc make cmake pkg-config luajit libluajit-5.1-dev love xvfb xauth" ;;
  *) echo "usage: tools/deps.sh demo|test|bench|dist|web|playground|shots" >&2; exit 2 ;;
esac

# npm packages: into spec/web/node_modules, as the lockfile pins them.
npmdeps() {
  [ "$1" = web ] || return 0
  [ -d spec/web/node_modules/love.js ] && [ -d spec/web/node_modules/puppeteer-core ] && return 0
  echo "deps: npm ci in spec/web"
  log=$(cd spec/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund 2>&1) ||
    { echo "$log" >&2; exit 1; }
}

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "deps: not a Debian system; make sure these (or their equivalents) are installed: $(echo $need)" >&2
  npmdeps "$1"
  exit 0
fi

missing=""
for p in $need; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
if [ -z "$missing" ]; then npmdeps "$1"; exit 0; fi

if [ "$(id -u)" = 0 ]; then
  echo "deps: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
  npmdeps "$1"
else
  echo "deps: missing packages; install them with:" >&2
  echo "  sudo apt-get install -y$missing" >&2
  exit 1
fi
