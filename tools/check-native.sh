#!/bin/sh
# impact/native.lua outside LÖVE: a copy of dist/impact on package.path
# alone (package.cpath empty) loads its native module under LuaJIT and
# Lua 5.1, whose C API the LuaJIT builds use, and under Lua 5.4 falls back
# to the pure-Lua backend, keeping a message that names the platform and
# what it tried.
#   tools/check-native.sh dist/impact
dist=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lib"
cp -R "$dist" "$tmp/lib/impact"
paths='package.path = "lib/?.lua;lib/?/init.lua"; package.cpath = ""'
use='local impact = require "impact"
     assert(impact.AABB(0, 0, 1, 1):intersectSegment(-5, 0, 10, 0).time == 0.4)
     assert(package.loaded["impact.core"] and impact._VERSION == "impact 0.2.0")'
echo "== native: dist/impact on package.path only"
for lua in luajit lua5.1; do
  (cd "$tmp" && $lua -e "$paths" -e "$use") || { echo "native: $lua did not load it"; exit 1; }
done
fallback='local impact = require "impact"
          assert(impact.backend == "lua" and not package.loaded["impact.core"])
          assert(impact.AABB(0, 0, 1, 1):intersectSegment(-5, 0, 10, 0).time == 0.4)
          print(impact.nativeError)'
if ! (cd "$tmp" && lua5.4 -e "$paths" -e "$fallback") >"$tmp/log" 2>&1 ||
   ! grep -q "no native module for linux-x64 (Lua 5.4)" "$tmp/log" ||
   ! grep -q "no prebuilt binary for Lua 5.4" "$tmp/log"; then
  cat "$tmp/log"; echo "native: Lua 5.4 did not fall back to the pure backend with a clear reason"; exit 1
fi
echo "native: LuaJIT and Lua 5.1 load it; Lua 5.4 falls back to the pure backend, naming the platform"
