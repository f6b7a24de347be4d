#!/bin/sh
# The rockspec builds and installs offline into a scratch tree, and loads.
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
if ! luarocks --lua-version=5.4 --tree="$tree" make >"$tree/log" 2>&1; then
  cat "$tree/log"
  echo "luarocks make failed"
  exit 1
fi
LUA_CPATH="$tree/lib/lua/5.4/?.so" \
LUA_PATH="$tree/share/lua/5.4/?.lua;$tree/share/lua/5.4/?/init.lua" \
  lua5.4 -e 'assert(require("impact").AABB(0, 0, 1, 1) and require("impact.bump").newWorld and require("impact.debug").world)' &&
  test -f "$tree/share/lua/5.4/impact/ffi.lua" &&
  echo "luarocks make: installed and loaded"
