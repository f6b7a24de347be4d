#!/bin/sh
# The real web run: packs the headless spec game (spec/love) with impact's
# Lua files, so that it runs on the pure-Lua backend, into a love.js page
# (LÖVE 11.4, compatibility mode: no threads), serves it on a loopback port
# and plays it in headless Chromium, which must report every check passed.
# A deliberately wrong expectation (--break, baked into a second build)
# must fail it.
#   spec/web/run.sh [BUILD_DIR]
set -e
out=${1:-build-web}
lovejs=spec/web/node_modules/love.js/index.js

pack() {  # pack GAME_DIR SITE_DIR [--break]
  rm -rf "$1" "$2"
  mkdir -p "$1/impact"
  cp spec/love/main.lua spec/love/conf.lua "$1/"
  cp -R lua/impact/. "$1/impact/"
  if [ "$3" = --break ]; then
    # love.js passes no arguments: the option goes in as the default
    sed -i 's/local o = options(args or arg or {})/local o = options({ "--break" })/' "$1/main.lua"
  fi
  node "$lovejs" --compatibility --title impact-spec "$1" "$2" >/dev/null
}

echo "== web (love.js 11.4 in headless Chromium, pure-Lua backend)"
pack "$out/game" "$out/site"
node spec/web/run.js "$out/site"
pack "$out/broken-game" "$out/broken-site" --break
if node spec/web/run.js "$out/broken-site" >/dev/null 2>&1; then
  echo "web: a failing check did not fail the run"
  exit 1
fi
