#!/bin/sh
# The host example (examples/host) built against installed trees, as a game
# would build it: for every Lua (5.1 to 5.4, LuaJIT), as C and as C++,
# through pkg-config and through CMake's find_package; then for Lua 5.4
# under AddressSanitizer with leak detection. Every build must play game.lua.
# Last, love-android's route (examples/love-android): impact.so built in
# its lua-modules layout, loaded by require with the JIT on and off.
#   tools/check-host.sh   (after make build-5.1 ... build-luajit build-asan)
root=$(pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0

# run LABEL COMMAND...: runs the host, prints one line, or its log on failure.
run() {
  label=$1
  shift
  if "$@" "$root/examples/host/game.lua" >"$log" 2>&1; then
    scenes=$(grep 'tests through' "$log" | paste -sd '|' - | sed 's/|/; /g')
    echo "host ($label): ok: $scenes"
  else
    cat "$log"
    echo "host ($label): FAILED"
    status=1
    return 1
  fi
}

install_tree() {
  rm -rf "$root/build-$1/prefix"
  cmake --install "$root/build-$1" --prefix "$root/build-$1/prefix" >/dev/null
}

for build in 5.1 5.2 5.3 5.4 luajit; do
  install_tree $build
  prefix=$root/build-$build/prefix
  lua=$([ $build = luajit ] && echo luajit || echo lua$build)
  flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs impact $lua)
  cc -std=c99 -Wall -Wextra -pedantic -o "$prefix/host" examples/host/host.c $flags &&
    run "$build, C, pkg-config" "$prefix/host" || status=1
  c++ -Wall -Wextra -x c++ -o "$prefix/host_cxx" examples/host/host.c $flags &&
    run "$build, C++, pkg-config" "$prefix/host_cxx" || status=1
  cmake -S examples/host -B "$prefix/cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null &&
    cmake --build "$prefix/cmake" -- --no-print-directory >/dev/null &&
    run "$build, C, find_package" "$prefix/cmake/host" &&
    run "$build, C++, find_package" "$prefix/cmake/host_cxx" || status=1
done

install_tree asan
prefix=$root/build-asan/prefix
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g"
flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs impact lua5.4)
export ASAN_OPTIONS=detect_leaks=1
cc $sanitize -o "$prefix/host" examples/host/host.c $flags &&
  run "5.4, C, ASan with leak detection" "$prefix/host" || status=1
c++ $sanitize -x c++ -o "$prefix/host_cxx" examples/host/host.c $flags &&
  run "5.4, C++, ASan with leak detection" "$prefix/host_cxx" || status=1

modules=$root/build-luajit/love-android
rm -rf "$modules"
mkdir -p "$modules/impact/impact"
cp examples/love-android/CMakeLists.txt "$modules/impact/"
cp -r src lua cmake "$modules/impact/impact/"
if cmake -S spec/embed -B "$modules/build" -DLUA_MODULES="$modules" >/dev/null &&
   cmake --build "$modules/build" -- --no-print-directory >/dev/null; then
  for jit in -jon -joff; do
    luajit $jit spec/embed/require.lua "$modules/build/impact" || status=1
  done
else
  echo "love-android: impact.so did not build"
  status=1
fi
exit $status
