# The front door. CMake does the building (one build directory per Lua);
# tools/deps.sh installs what is missing on Debian, or says what to install.

LUAS      := 5.1 5.2 5.3 5.4 luajit
# busted profiles from .busted: every Lua, LuaJIT with the JIT off, the
# sanitizer build, and the same against the pure-Lua backend (-pure).
PROFILES  := lua5.4 lua5.3 lua5.2 lua5.1 luajit luajit-joff lua5.4-asan \
             lua5.4-pure lua5.3-pure lua5.2-pure lua5.1-pure luajit-pure \
             luajit-joff-pure

.PHONY: all demo test checks rock valgrind properties memory love host web playground shots \
        tour bench fuzz clean build-asan $(addprefix build-,$(LUAS)) dist build-win64 build-win32

all: build-5.4

# Recipes that run make through cmake --build start with + to share make's
# job slots (make -j2 ship).
$(addprefix build-,$(LUAS)): build-%:
	@cmake -S . -B build-$* -DIMPACT_LUA=$* >/dev/null
	+@cmake --build build-$* -- --no-print-directory

# Windows modules for LuaJIT (LÖVE's lua51.dll), cross-compiled with
# mingw-w64 (cmake/mingw-*.cmake); build-win64 also builds the property checks.
LUAJIT_INCLUDE = $(shell pkg-config --variable=includedir luajit)
build-win64: TRIPLET = x86_64
build-win32: TRIPLET = i686
build-win64 build-win32:
	@cmake -S . -B $@ -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-$(TRIPLET).cmake \
	  -DIMPACT_LUA=luajit -DLUA_INCLUDE_DIR=$(LUAJIT_INCLUDE) -DIMPACT_EMBED=OFF \
	  --no-warn-unused-cli >/dev/null
	+@cmake --build $@ -- --no-print-directory
	+@if [ $@ = build-win64 ]; then \
	  cmake --build $@ --target impact_properties -- --no-print-directory; fi

# Lua 5.4 module with AddressSanitizer and UndefinedBehaviorSanitizer.
build-asan:
	@cmake -S . -B build-asan -DIMPACT_LUA=5.4 -DIMPACT_SANITIZE=ON \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build build-asan -- --no-print-directory

demo:
	@tools/deps.sh demo
	@$(MAKE) --no-print-directory build-5.4
	LUA_CPATH="build-5.4/?.so" LUA_PATH="lua/?.lua;lua/?/init.lua" lua5.4 examples/demo.lua

test:
	@tools/deps.sh test
	@tools/deps.sh web
	@$(MAKE) --no-print-directory -j2 $(addprefix build-,$(LUAS) asan win64 win32)
	@for b in build-5.4 build-asan; do \
	  cmake --build $$b --target impact_properties impact_failalloc -- --no-print-directory \
	    >/dev/null || exit 1; done
	@$(MAKE) --no-print-directory dist
	@$(MAKE) --no-print-directory -k -j2 --output-sync=target checks; \
	  CHECKS_FAILED=$$? spec/run.sh $(PROFILES)

# Everything make test checks besides the busted runs, independent of each
# other (run two at a time), once the builds and dist/ are made.
checks: rock valgrind properties memory love tour host web love-dist native dlls wine defs lint

# dist/impact/ (the folder a game copies), the release tarball and its
# source rock. The checks of what ships (rock, love-dist, native, dlls)
# read dist/.
dist:
	@tools/deps.sh dist
	@$(MAKE) --no-print-directory build-luajit build-win64 build-win32
	@tools/dist.sh build-luajit/impact/core.so build-win64/impact/core.dll \
	  build-win32/impact/core.dll

# What a release ships, checked: the LÖVE game from a copy of dist/impact,
# the same copy under plain Lua, the Windows DLLs, the core under wine
# against Linux, the LuaLS definitions against the module, luacheck.
.PHONY: love-dist native dlls wine defs lint

love-dist:
	@tools/check-love.sh dist/impact

native:
	@tools/check-native.sh dist/impact

dlls:
	@tools/check-dlls.sh dist/impact

wine: build-5.4 build-win64
	@echo "== wine build-win64/impact_properties.exe against build-5.4/impact_properties"
	+@cmake --build build-5.4 --target impact_properties -- --no-print-directory >/dev/null
	@tools/check-wine.sh build-5.4/impact_properties build-win64/impact_properties.exe \
	  $(CURDIR)/build-win64/wine

defs: build-luajit
	@echo "== defs library/impact.lua"
	@LUA_CPATH="build-luajit/?.so" LUA_PATH="lua/?.lua;lua/?/init.lua" \
	  luajit tools/check-defs.lua library/impact.lua

lint:
	@echo "== luacheck"
	@luacheck --no-color -q lua spec bench examples library tools/check-defs.lua

rock:
	@tools/check-rock.sh

# Every function of the module under valgrind memcheck (Lua 5.4 build): any
# memory error or definite leak fails.
valgrind: build-5.4
	@echo "== valgrind lua5.4 spec/valgrind/exercise.lua"
	@LUA_CPATH="build-5.4/?.so" LUA_PATH="lua/?.lua;lua/?/init.lua" \
	  valgrind --tool=memcheck --error-exitcode=1 --leak-check=full \
	  --errors-for-leak-kinds=definite -q lua5.4 spec/valgrind/exercise.lua

# Property checks on the core (spec/core/properties.c) through ctest, in the
# release build and under the sanitizers.
properties: build-5.4 build-asan
	@for b in build-5.4 build-asan; do \
	  echo "== ctest ($$b)"; \
	  cmake --build $$b --target impact_properties -- --no-print-directory >/dev/null && \
	  (cd $$b && ctest --output-on-failure) || exit 1; \
	done

# A Lua 5.4 host with a failing allocator (spec/memory/failalloc.c) sweeps
# the failure point over a World workload, checking the World and leaks
# after each, in the release build and under the sanitizers.
memory: build-5.4 build-asan
	@for b in build-5.4 build-asan; do \
	  echo "== failalloc ($$b)"; \
	  cmake --build $$b --target impact_failalloc -- --no-print-directory >/dev/null && \
	  ASAN_OPTIONS=detect_leaks=1 $$b/impact_failalloc "$$b/?.so" \
	    "lua/?.lua;lua/?/init.lua" spec/memory/workload.lua || exit 1; \
	done

# A headless LÖVE game (spec/love) loads the LuaJIT build and plays a scene;
# it must pass, and must fail when given a wrong expectation (--break).
love: build-luajit
	@echo "== love spec/love"
	@love spec/love --build build-luajit
	@if love spec/love --build build-luajit --break >/dev/null 2>&1; then \
	  echo "love: a failing check did not fail the run"; exit 1; fi

# The playground (examples/playground), with the module from the build tree.
playground: build-luajit
	@tools/deps.sh playground
	love examples/playground --build build-luajit

# The playground's scripted tour under a virtual X server: every scene
# played and checked, its screenshots written to docs/shots/ (committed).
TOUR = xvfb-run -a -s "-screen 0 800x600x24" love examples/playground --build build-luajit --tour
shots: build-luajit
	@tools/deps.sh shots
	@mkdir -p docs/shots
	$(TOUR) docs/shots

# The tour as make test runs it: screenshots into a temporary directory,
# only failures and the summary printed; a deliberately wrong expectation
# (--break) must fail it.
tour: build-luajit
	@echo "== love examples/playground --tour"
	@dir=$$(mktemp -d); \
	$(TOUR) "$$dir" >"$$dir/log" 2>&1; code=$$?; \
	grep -v '^  ok ' "$$dir/log" | grep -v '^  shot '; \
	$(TOUR) "$$dir" --break >/dev/null 2>&1 && { echo "tour: a failing check did not fail the run"; code=1; }; \
	rm -rf "$$dir"; exit $$code

# The host example (examples/host) linked against the installed tree of
# every Lua's build, as C and C++, through pkg-config and CMake, and under
# AddressSanitizer with leak detection; and love-android's impact.so.
host: $(addprefix build-,$(LUAS)) build-asan
	@tools/check-host.sh

# The headless LÖVE game on the pure-Lua backend in a browser: packed with
# love.js (compatibility mode), played in headless Chromium (spec/web).
web:
	@tools/deps.sh web
	@spec/web/run.sh build-web

bench:
	@tools/deps.sh bench
	@$(MAKE) --no-print-directory build-5.4 build-luajit $(if $(HC_DIR),build-5.1 build-5.2 build-5.3)
	@cmake --build build-5.4 --target impact_bench -- --no-print-directory >/dev/null
	@cmake --build build-5.4 --target impact_box2d_bench -- --no-print-directory >/dev/null
	@bench/run.sh
	@lua5.4 bench/arcs.lua header
	@LUA_CPATH="build-5.4/?.so" lua5.4 bench/arcs.lua "Lua 5.4" all
	@LUA_CPATH="build-luajit/?.so" luajit bench/arcs.lua LuaJIT all

# The API fuzzer under the sanitizers, longer than in the specs:
#   make fuzz CALLS=5000000 SEED=42
CALLS ?= 1000000
fuzz: build-asan
	LD_PRELOAD="$$(gcc -print-file-name=libasan.so):$$(gcc -print-file-name=libubsan.so)" \
	  LUA_CPATH="build-asan/?.so" lua5.4 bench/fuzz/run.lua $(CALLS) $(SEED)

clean:
	rm -rf $(addprefix build-,$(LUAS) asan win64 win32 web) dist demo.svg
