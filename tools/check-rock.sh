#!/bin/sh
# The rockspecs, offline, into scratch trees: both pass luarocks lint; the
# versioned one builds and installs from the work tree (luarocks make), and
# the source rock that make dist packed from it builds and installs too.
# Each install must load, with the LuaLS definitions beside it.
#   tools/check-rock.sh   (after make dist)
spec=impact-0.2.0-1.rockspec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
  if ! "$@" >"$tmp/log" 2>&1; then cat "$tmp/log"; echo "rock: failed: $*"; exit 1; fi
}
loads() {
  LUA_CPATH="$1/lib/lua/5.4/?.so" \
  LUA_PATH="$1/share/lua/5.4/?.lua;$1/share/lua/5.4/?/init.lua" \
    lua5.4 -e 'local i = require "impact"
               assert(i.AABB(0, 0, 1, 1) and require("impact.bump").newWorld and require("impact.debug").world
                       and i._VERSION == "impact 0.2.0")' &&
  test -f "$1/share/lua/5.4/impact/native.lua" &&
  test -f "$1/lib/luarocks/rocks-5.4/impact/0.2.0-1/library/impact.lua" ||
    { echo "rock: the install in $1 does not load, or lacks files"; exit 1; }
}
run luarocks lint impact-scm-1.rockspec
run luarocks lint $spec
run luarocks --lua-version=5.4 --tree="$tmp/made" make $spec
loads "$tmp/made"
echo "rock: luarocks make: installed and loaded"
run luarocks --lua-version=5.4 --tree="$tmp/packed" build dist/impact-0.2.0-1.src.rock
loads "$tmp/packed"
echo "rock: dist/impact-0.2.0-1.src.rock (luarocks pack) builds, installs and loads"
