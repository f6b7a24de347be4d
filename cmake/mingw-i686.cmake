# Cross-compiling for 32-bit Windows with Debian's mingw-w64:
#   cmake -S . -B build-win32 -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-i686.cmake \
#         -DIMPACT_LUA=luajit -DLUA_INCLUDE_DIR=/usr/include/luajit-2.1
set(IMPACT_MINGW_TRIPLET i686-w64-mingw32)
include(${CMAKE_CURRENT_LIST_DIR}/mingw.cmake)
