# Cross-compiling for 32-bit Windows with Debian's mingw-w64:
#   cmake -S . -B build-win32 -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-i686.cmake \
#         -DIMPACT_LUA=luajit -DLUA_INCLUDE_DIR=/usr/include/luajit-2.1
set(IMPACT_MINGW_TRIPLET i686-w64-mingw32)
include(${CMAKE_CURRENT_LIST_DIR}/mingw.cmake)
# The core's exact arithmetic (error-free sums and products, the
# branch-free kernels) needs every double operation rounded once, to
# double: SSE2, not the x87 unit's 80-bit registers. LuaJIT needs SSE2 on
# x86 anyway.
set(CMAKE_C_FLAGS_INIT "-msse2 -mfpmath=sse")
