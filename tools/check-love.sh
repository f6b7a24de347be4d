#!/bin/sh
# The headless LÖVE game (spec/love) with a copy of dist/impact dropped into
# a fresh game folder, and no search path set: run as a folder game, as a
# .love file with a copy of the folder beside it, as a fused executable (the
# love binary with the .love appended) with the folder beside it, and as a
# .love alone, which must run on the pure-Lua backend and name the platform
# and the paths it tried in impact.nativeError.
#   tools/check-love.sh dist/impact
dist=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/game" "$tmp/release" "$tmp/fused" "$tmp/alone"
cp spec/love/main.lua spec/love/conf.lua "$tmp/game/"
cp -R "$dist" "$tmp/game/impact"
(cd "$tmp/game" && zip -qr ../release/game.love .)
cp -R "$dist" "$tmp/release/impact"
cp "$tmp/release/game.love" "$tmp/alone/"
cat "$(readlink -f "$(command -v love)")" "$tmp/release/game.love" >"$tmp/fused/game"
chmod +x "$tmp/fused/game"
cp -R "$dist" "$tmp/fused/impact"

echo "== love: a folder game with dist/impact in it"
love "$tmp/game" --shipped || exit 1
echo "== love: a .love with dist/impact beside it"
love "$tmp/release/game.love" --shipped || exit 1
echo "== love: a fused executable with dist/impact beside it"
"$tmp/fused/game" --shipped || exit 1
echo "== love: a .love alone (the pure-Lua backend)"
if ! love "$tmp/alone/game.love" --alone >"$tmp/log" 2>&1; then
  cat "$tmp/log"; echo "love: a .love with no native module beside it did not run on the pure backend"; exit 1
fi
if ! grep -q "no native module for linux-x64" "$tmp/log" ||
   ! grep -q "$tmp/alone/impact/native/linux-x64/core.so" "$tmp/log"; then
  cat "$tmp/log"; echo "love: the error does not name the platform and the paths tried"; exit 1
fi
echo "love: the .love alone runs on the pure backend, naming the platform and the paths tried"
