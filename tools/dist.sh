#!/bin/sh
# make dist: dist/impact/, the folder a game copies (the Lua files, LICENSE,
# the LuaLS definitions and the LuaJIT builds for each platform), and
# dist/impact-VERSION.tar.gz, the source release that the versioned
# rockspec builds from; then that rockspec pointing at the local tarball,
# and the source rock that luarocks packs from it, offline.
#   tools/dist.sh LINUX_X64_SO WINDOWS_X64_DLL WINDOWS_X86_DLL
set -e
cd "$(dirname "$0")/.."
version=$(sed -n 's/.*text = "impact \([^"]*\)".*/\1/p' lua/impact/version.lua)
[ -n "$version" ] || { echo "dist: no version in lua/impact/version.lua"; exit 1; }

rm -rf dist/impact dist/impact-*
mkdir -p dist/impact/library
cp -R lua/impact/. dist/impact/
cp LICENSE dist/impact/
cp library/impact.lua dist/impact/library/
for pair in "linux-x64 $1" "windows-x64 $2" "windows-x86 $3"; do
  set -- $pair
  mkdir -p "dist/impact/native/$1"
  cp "$2" "dist/impact/native/$1/"
done

# The tracked files as they are in the work tree, in a reproducible tarball.
name=impact-$version
git ls-files -z | tar --null -T - --transform "s,^,$name/," --sort=name \
  --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - | gzip -n >"dist/$name.tar.gz"
rockspec=impact-$version-1.rockspec
sed "s|^  url = .*|  url = \"file://$PWD/dist/$name.tar.gz\",|" "$rockspec" >"dist/$rockspec"
(cd dist && luarocks pack "$rockspec" >/dev/null)
echo "dist: dist/impact/, dist/$name.tar.gz, dist/impact-$version-1.src.rock"
