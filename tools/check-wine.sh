#!/bin/sh
# The core on Windows: the property checks built with mingw-w64 run under
# wine, and every check's digest of results must be the Linux build's, bit
# for bit. One exception, reported: a check whose OBB angles got different
# cosines or sines from the two C libraries ("angles" differ) may differ
# downstream of them.
#   tools/check-wine.sh LINUX_EXE WINDOWS_EXE WINEPREFIX
linux=$1 windows=$2 prefix=$3
rounds=20000 seed=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$linux" $rounds $seed >"$out/linux" || { cat "$out/linux"; echo "wine: the Linux run failed"; exit 1; }
mkdir -p "$prefix"
env -u DISPLAY WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
  wine "$windows" $rounds $seed 2>"$out/err" | tr -d '\r' >"$out/windows"
status=$?
if [ $status -ne 0 ] || ! grep -q digest "$out/windows"; then
  cat "$out/windows" "$out/err"
  echo "wine: the Windows run failed"
  exit 1
fi
# Compare line by line, the run time aside.
grep digest "$out/linux" >"$out/l"
grep digest "$out/windows" >"$out/w"
awk -v lines="$(wc -l <"$out/l")" '
  function field(line, name,   m) {
    return match(line, name " [0-9a-f]+") ? substr(line, RSTART, RLENGTH) : ""
  }
  NR == FNR { linux[FNR] = $0; next }
  {
    n++
    if ($0 == linux[FNR]) { same++; next }
    a = field(linux[FNR], "angles"); b = field($0, "angles")
    l = linux[FNR]; w = $0
    sub(/ digest [0-9a-f]+, angles [0-9a-f]+$/, "", l)
    sub(/ digest [0-9a-f]+, angles [0-9a-f]+$/, "", w)
    if (a != "" && a != b && l == w) {
      sub(/  +[0-9]+ checks.*/, "", w)
      print "wine: differs where the C libraries gave different cos/sin: " w
      next
    }
    print "wine: Linux:   " linux[FNR]; print "wine: Windows: " $0; bad++
  }
  END {
    if (n != lines) { print "wine: the runs have different checks"; bad++ }
    printf "wine: %d of %d checks bit-identical on Windows (x86_64) and Linux\n", same, n
    exit bad > 0
  }' "$out/l" "$out/w"
