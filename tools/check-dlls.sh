#!/bin/sh
# The Windows modules in dist/impact, read with mingw-w64's objdump: the PE
# format of each architecture, luaopen_impact_core exported, and nothing
# imported but lua51.dll and Windows' own DLLs (no libgcc_s, libwinpthread
# or Visual C++ runtime to ship beside them); the x86 one computes in SSE2.
#   tools/check-dlls.sh dist/impact
dist=$1 status=0
# Windows' system DLLs, and the C runtimes that come with every Windows.
system='^(kernel32|user32|advapi32|msvcrt|ucrtbase|api-ms-win-crt-[a-z0-9-]+)\.dll$'
for pair in "windows-x64 x86_64 pei-x86-64" "windows-x86 i686 pei-i386"; do
  set -- $pair
  dll=$dist/native/$1/core.dll
  echo "== objdump $dll"
  dump=$($2-w64-mingw32-objdump -p "$dll") || { status=1; continue; }
  format=$(printf '%s\n' "$dump" | sed -n 's/.*file format \(.*\)/\1/p')
  imports=$(printf '%s\n' "$dump" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr '\n' ' ')
  echo "dlls: $1: $format, imports: $imports"
  [ "$format" = "$3" ] || { echo "dlls: $1: format $format, expected $3"; status=1; }
  printf '%s\n' "$dump" | grep -Eq '^[[:space:]]*\[ *[0-9]+\] luaopen_impact_core$' ||
    { echo "dlls: $1: luaopen_impact_core is not exported"; status=1; }
  printf '%s\n' "$imports" | tr ' ' '\n' | grep -qx lua51.dll ||
    { echo "dlls: $1: does not import lua51.dll"; status=1; }
  for name in $imports; do
    lower=$(printf '%s' "$name" | tr 'A-Z' 'a-z')
    [ "$lower" = lua51.dll ] || printf '%s\n' "$lower" | grep -Eq "$system" ||
      { echo "dlls: $1: imports $name"; status=1; }
  done
done
# x86: the core's doubles in SSE2 (cmake/mingw-i686.cmake), not in the x87
# unit, whose wider registers would round twice. The few x87 operations
# left come from the C runtime linked in.
code=$(i686-w64-mingw32-objdump -d "$dist/native/windows-x86/core.dll")
sse=$(printf '%s\n' "$code" | grep -cE '\s(add|sub|mul|div|sqrt)sd\s')
x87=$(printf '%s\n' "$code" | grep -cE '\sf(add|sub|subr|mul|div|divr)[lsp]?\s')
echo "dlls: windows-x86: $sse SSE2 double operations, $x87 x87 ones"
[ "$sse" -gt $((10 * x87)) ] || { echo "dlls: windows-x86 computes in the x87 unit"; status=1; }
[ $status -eq 0 ] && echo "dlls: both export luaopen_impact_core and need only lua51.dll and system DLLs"
exit $status
