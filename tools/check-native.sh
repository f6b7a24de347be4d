#!/bin/sh
# impact/native.lua outside LÖVE: a copy of dist/impact on package.path
# alone (package.cpath empty) loads its native module under LuaJIT and
# Lua 5.1, whose C API the LuaJIT builds use, and under Lua 5.4 fails with a
# message naming the platform and what it tried.
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
if (cd "$tmp" && lua5.4 -e "$paths" -e "$use") >"$tmp/log" 2>&1 ||
   ! grep -q "no native module for linux-x64 (Lua 5.4)" "$tmp/log" ||
   ! grep -q "no prebuilt binary for Lua 5.4" "$tmp/log"; then
  cat "$tmp/log"; echo "native: Lua 5.4 did not refuse the LuaJIT build clearly"; exit 1
fi
echo "native: LuaJIT and Lua 5.1 load it; Lua 5.4 refuses it, naming the platform"
