#!/bin/sh
# make bench: the Lua-level table (impact against the plain-Lua baselines,
# each row one run side by side) under Lua 5.4, LuaJIT and LuaJIT -joff,
# then the core micro-benchmarks. BENCH_CALLS sets the calls per case.
set -e
cat <<'HEAD'
Per call: ns and bytes of garbage; impact with out objects and numbers,
plain Lua returning Hit tables, plain Lua returning multiple values. The
ratios are how many times faster impact is. sweepInto rows: ns per collider.

| case             | Lua          | impact ns | B/call | tables ns | B/call | multi ns | B/call | vs tables | vs multi |
|------------------|--------------|---------:|------:|---------:|------:|--------:|------:|------:|------:|
HEAD
LUA_CPATH="build-5.4/?.so" lua5.4 bench/calls.lua "Lua 5.4"
LUA_CPATH="build-luajit/?.so" luajit bench/calls.lua "LuaJIT"
LUA_CPATH="build-luajit/?.so" luajit -joff bench/calls.lua "LuaJIT -joff"
echo
build-5.4/impact_bench
