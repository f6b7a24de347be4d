# Writes OUTPUT, the C table of the Lua files (src/embed/embed.h) that the
# library compiles in (impact-library.cmake):
#   cmake -D ROOT=<lua dir> -D FILES=<paths under ROOT> -D OUTPUT=<file.c>
#         -P embed-lua.cmake
# A file impact/a/b.lua is the module impact.a.b, and impact/a/init.lua the
# module impact.a, as require finds them on a ?.lua;?/init.lua path.
set(arrays "")
set(entries "")
set(n 0)
foreach(file IN LISTS FILES)
  string(REGEX REPLACE "\\.lua$" "" module "${file}")
  string(REGEX REPLACE "/init$" "" module "${module}")
  string(REPLACE "/" "." module "${module}")
  file(READ "${ROOT}/${file}" bytes HEX)
  # Bytes, not a string literal: C99 compilers need not take literals
  # longer than 4095 characters. A final 0 keeps an empty file's array legal.
  string(REGEX REPLACE "(..)" "0x\\1," bytes "${bytes}")
  string(REPLACE "0x0a," "0x0a,\n  " bytes "${bytes}")  # a C line per Lua line
  string(APPEND arrays "static const unsigned char file${n}[] = {\n  ${bytes}0\n};\n")
  string(APPEND entries "  {\"${module}\", \"@${file}\", file${n}, sizeof file${n} - 1},\n")
  math(EXPR n "${n} + 1")
endforeach()
file(WRITE "${OUTPUT}" "/* Generated from lua/ by cmake/embed-lua.cmake. */
#include \"embed.h\"

${arrays}
const imp_luafile imp_luafiles[] = {
${entries}  {NULL, NULL, NULL, 0}
};
")
