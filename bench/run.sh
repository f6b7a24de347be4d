#!/bin/sh
# make bench: the Lua-level table (impact against the plain-Lua baselines,
# each row one run side by side) under Lua 5.4, LuaJIT and LuaJIT -joff,
# and LuaJIT with the JIT turned off after loading, and for the pure-Lua
# backend under Lua 5.4 and LuaJIT; then the shapes against plain Lua and
# HC; then the world benchmarks (time, cost as the level grows, memory per
# item) under Lua 5.4 and LuaJIT, then a World of shapes against slick and
# HC under both, its queries against them and against love.physics, then
# the core micro-benchmarks and the shape kernels against Box2D.
# BENCH_CALLS sets the calls per case.
set -e
cat <<'HEAD'
Per call: ns and bytes of garbage; impact with out objects and numbers,
plain Lua returning Hit tables, plain Lua returning multiple values. The
ratios are how many times faster impact is. sweepInto rows: ns per collider.

| case             | Lua          | impact ns | B/call | tables ns | B/call | multi ns | B/call | vs tables | vs multi |
|------------------|--------------|---------:|------:|---------:|------:|--------:|------:|------:|------:|
HEAD
# Each case of a benchmark script in a fresh process, so that no case
# inherits another's JIT state.
# A case that fails stops the bench, unless crashed names why it may: then
# that is said and the bench goes on.
crashed=
run() {  # script, label, module build, interpreter...
  script=$1 label=$2 build=$3
  shift 3
  cases=$(LUA_CPATH="$build/?.so" "$@" "$script" "$label")
  for c in $(seq "$cases"); do
    LUA_CPATH="$build/?.so" "$@" "$script" "$label" "$c" || {
      [ -n "$crashed" ] || exit 1
      echo "(case $c ended: $crashed)"
    }
  done
}
run bench/calls.lua "Lua 5.4" build-5.4 lua5.4
run bench/calls.lua "LuaJIT" build-luajit luajit
run bench/calls.lua "LuaJIT -joff" build-luajit luajit -joff
# The pure-Lua backend: no native module on the C path, so that impact
# falls back to it.
run bench/calls.lua "Lua 5.4 pure" no-native lua5.4
run bench/calls.lua "LuaJIT pure" no-native luajit
cat <<'HEAD'

The JIT turned off after impact has loaded (bench/jitoff.lua): ns per
call with the fast path interpreted (as before jit.off() switched the
methods) and with the C functions that jit.off() puts back; the ratio is
how many times faster the switch makes a call.

| case             | Lua          | fast path, interpreted | after jit.off() | ratio |
|------------------|--------------|---------:|---------:|------:|
HEAD
run bench/jitoff.lua "LuaJIT" build-luajit luajit
cat <<'HEAD'

The shapes (bench/shapes.lua): ns and bytes of garbage per call of impact
(out objects), of plainshapes.lua's plain-Lua tests and, when HC_DIR names a
checkout of HC (vrld/HC), of HC's shape:collidesWith(other) on the same
pairs; the ratios are how many times faster impact is, and "agrees" how
often the other answers as impact does. BENCH_CALLS / 10 calls per case.

| case                | Lua          | impact ns | B/call | plain ns | B/call | HC ns | B/call | vs plain | vs HC | plain agrees | HC agrees |
|---------------------|--------------|---------:|------:|--------:|------:|------:|------:|------:|------:|------:|------:|
HEAD
run bench/shapes.lua "Lua 5.4" build-5.4 lua5.4
run bench/shapes.lua "LuaJIT" build-luajit luajit
# HC under the older PUC Luas as well (make bench builds them with HC_DIR).
if [ -n "$HC_DIR" ]; then
  for v in 5.1 5.2 5.3; do
    if [ -f "build-$v/impact/core.so" ]; then
      run bench/shapes.lua "Lua $v" "build-$v" "lua$v"
    fi
  done
fi
cat <<'HEAD'

The world (bench/world.lua): ns and bytes of garbage per move or query;
impact.bump with new collision tables each move (as bump's API has it)
and with an out table (the allocation-free path), against the plain-Lua
grid world; the pure-Lua backend's World with an out table; and, when
BUMP_LUA names a bump.lua file, bump.lua. The ratios are how many times
faster impact is (bump.lua: than impact with out, and than the pure World
with out). WORLD_MOVES and WORLD_QUERIES set the operations per case.

| case             | Lua          | impact ns | B/op | out ns | B/op | plain ns | B/op | vs plain | out vs plain | pure out ns | B/op | bump.lua ns | B/op | out vs bump.lua | pure out vs bump.lua |
|------------------|--------------|---------:|------:|------:|------:|---------:|------:|-------:|-------:|---------:|------:|---------:|------:|-------:|-------:|
HEAD
run bench/world.lua "Lua 5.4" build-5.4 lua5.4
run bench/world.lua "LuaJIT" build-luajit luajit
run bench/world.lua "Lua 5.4 pure" no-native lua5.4
run bench/world.lua "LuaJIT pure" no-native luajit
cat <<'HEAD'

Cost per move as the level grows (bench/worldscale.lua): N static tiles
at the same density, one mover roaming the whole map, moves into an out
table; ns per move and the ratio to N = 1000.

| Lua          | static items | ns/move | vs 1000 |
|--------------|----------:|--------:|-------:|
HEAD
run bench/worldscale.lua "Lua 5.4" build-5.4 lua5.4
run bench/worldscale.lua "LuaJIT" build-luajit luajit
cat <<'HEAD'

Memory of a World of 10^6 items (bench/worldmemory.lua): bytes per item
that the process's resident memory (Lua heap included) and the Lua heap
grew by, for 16x16 rectangles, circles and convex 8-gons; the items and
their shapes are made before.

| Lua          | kind       | items | resident B/item | of which Lua heap |
|--------------|------------|----------:|--------:|--------:|
HEAD
run bench/worldmemory.lua "Lua 5.4" build-5.4 lua5.4
run bench/worldmemory.lua "LuaJIT" build-luajit luajit
cat <<'HEAD'

A World of shapes (bench/worldshapes.lua): N round movers sliding under
gravity and random pushes through a level of tiles, ramps, rocks and thin
plates, the same scene for impact, its pure-Lua backend, slick (when
SLICK_DIR names a checkout of slick) and HC (when HC_DIR names one);
ms per frame of the moves and how many times impact's time that is; then,
checked with impact's exact intersects on the final poses, the movers that
ended a frame overlapping the level (all frames summed), those of them
deeper than 1% of their size, and the passes through a thin plate.
WORLDSHAPES_FRAMES (300) sets the frames.

| movers | Lua          | library     | ms/frame | x impact | overlapping | deeper | tunnelled |
|-------:|--------------|-------------|---------:|-------:|-------:|-------:|-------:|
HEAD
run bench/worldshapes.lua "Lua 5.4" build-5.4 lua5.4
# Under LuaJIT slick's moves now and then crash LuaJIT 2.1.0-beta3's
# compiler (docs/speed.md): the rows printed before the crash stay.
crashed="LuaJIT's compiler crashes on slick's code now and then, see docs/speed.md"
run bench/worldshapes.lua "LuaJIT" build-luajit luajit
crashed=
cat <<'HEAD'

The World of shapes' queries (bench/worldqueries.lua), on the scene above
for 1000 movers: ns and bytes of garbage per query of impact and its
pure-Lua backend, and ns per query of slick (SLICK_DIR) and HC (HC_DIR),
on the same 4096 random queries; "x" columns are how many times impact's
(or the pure backend's) time the other takes, "same" how often its answer
holds the same items as impact's. slick answers queryShape by world:test
with an item of the shape, HC by hc:collisions. WORLDQUERIES_CALLS (10000)
sets the queries per timing.

| query | Lua | impact ns | B/q | found/q | pure ns | B/q | pure same | slick ns | x impact | x pure | slick same | HC ns | x impact | x pure | HC same |
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
HEAD
run bench/worldqueries.lua "Lua 5.4" build-5.4 lua5.4
run bench/worldqueries.lua "LuaJIT" build-luajit luajit
echo
# love.physics in LÖVE's LuaJIT, headless (bench/love), where LÖVE is found.
if command -v love >/dev/null 2>&1; then
  echo "love.physics (Box2D in LÖVE) against impact's World (bench/love):"
  love bench/love --build build-luajit
else
  echo "LÖVE not found: no comparison with love.physics."
fi
echo
build-5.4/impact_bench
echo
# The shape kernels against Box2D, where the build found it (bench/box2d.cpp).
if [ -x build-5.4/impact_box2d_bench ]; then
  build-5.4/impact_box2d_bench
else
  echo "Box2D 2.4 or a C++ compiler not found: no comparison with Box2D."
fi
