# Cross-compiling for 64-bit Windows with Debian's mingw-w64:
#   cmake -S . -B build-win64 -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-x86_64.cmake \
#         -DIMPACT_LUA=luajit -DLUA_INCLUDE_DIR=/usr/include/luajit-2.1
set(IMPACT_MINGW_TRIPLET x86_64-w64-mingw32)
include(${CMAKE_CURRENT_LIST_DIR}/mingw.cmake)
