# The front door. CMake does the building (one build directory per Lua);
# tools/deps.sh installs what is missing on Debian, or says what to install.

LUAS      := 5.1 5.2 5.3 5.4 luajit
# busted profiles from .busted: every Lua, LuaJIT with the JIT off, the
# sanitizer build, and the same against the pure-Lua backend (-pure).
PROFILES  := lua5.4 lua5.3 lua5.2 lua5.1 luajit luajit-joff lua5.4-asan \
             lua5.4-pure lua5.3-pure lua5.2-pure lua5.1-pure luajit-pure \
             luajit-joff-pure

.PHONY: all demo test rock valgrind properties memory love web bench fuzz clean \
        build-asan \
        $(addprefix build-,$(LUAS))

all: build-5.4

$(addprefix build-,$(LUAS)): build-%:
	@cmake -S . -B build-$* -DIMPACT_LUA=$* >/dev/null
	@cmake --build build-$* -- --no-print-directory

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
	@for v in $(LUAS) asan; do $(MAKE) --no-print-directory build-$$v || exit 1; done
	@$(MAKE) --no-print-directory rock valgrind properties memory love web
	@spec/run.sh $(PROFILES)

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

# The headless LÖVE game on the pure-Lua backend in a browser: packed with
# love.js (compatibility mode), played in headless Chromium (spec/web).
web:
	@tools/deps.sh web
	@spec/web/run.sh build-web

bench:
	@tools/deps.sh bench
	@$(MAKE) --no-print-directory build-5.4 build-luajit
	@cmake --build build-5.4 --target impact_bench -- --no-print-directory >/dev/null
	@bench/run.sh

# The API fuzzer under the sanitizers, longer than in the specs:
#   make fuzz CALLS=5000000 SEED=42
CALLS ?= 1000000
fuzz: build-asan
	LD_PRELOAD="$$(gcc -print-file-name=libasan.so):$$(gcc -print-file-name=libubsan.so)" \
	  LUA_CPATH="build-asan/?.so" lua5.4 bench/fuzz/run.lua $(CALLS) $(SEED)

clean:
	rm -rf $(addprefix build-,$(LUAS) asan web) demo.svg
