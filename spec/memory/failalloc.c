/*
** A Lua 5.4 host whose allocator fails: the World must come out of every
** memory error as it went in, or with the operation done, and leak nothing.
**
**   impact_failalloc CPATH LPATH WORKLOAD
**
** WORKLOAD (spec/memory/workload.lua) returns three functions: setup()
** builds a World (memory unlimited), run() works on it, check() verifies
** it against the workload's own record. For n = 1, 2, ... every allocation
** from the nth one of run() on fails, until run() completes without
** failing. After each run, check() runs with memory unlimited, and closing
** the state must give back every byte.
*/
#include <stdio.h>
#include <stdlib.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

typedef struct Budget {
  size_t inuse;     /* bytes allocated and not freed */
  long countdown;   /* allocations until they fail; < 0: never */
  int failed;       /* whether one failed */
} Budget;

static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  Budget *b = (Budget *)ud;
  size_t old = ptr != NULL ? osize : 0;  /* osize is a type tag for NULL */
  void *p;
  if (nsize == 0) {
    free(ptr);
    b->inuse -= old;
    return NULL;
  }
  if (nsize > old && b->countdown >= 0 && b->countdown-- == 0) {
    b->countdown = 0;  /* and so do all after it, until disarmed */
    b->failed = 1;
    return NULL;
  }
  p = realloc(ptr, nsize);
  if (p == NULL) return NULL;
  b->inuse = b->inuse - old + nsize;
  return p;
}

/* Calls the workload's function name (a global set by main); returns the
** error message, or NULL. */
static const char *call(lua_State *L, const char *name) {
  lua_getglobal(L, name);
  if (lua_pcall(L, 0, 0, 0) == LUA_OK) return NULL;
  return lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error object)";
}

static lua_State *openstate(Budget *b, const char *cpath, const char *lpath,
                       const char *workload) {
  lua_State *L = lua_newstate(budget_alloc, b);
  if (L == NULL) return NULL;
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_pushstring(L, cpath);
  lua_setfield(L, -2, "cpath");
  lua_pushstring(L, lpath);
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
  if (luaL_dofile(L, workload) != LUA_OK) {
    fprintf(stderr, "failalloc: %s\n", lua_tostring(L, -1));
    lua_close(L);
    return NULL;
  }
  lua_setglobal(L, "check");
  lua_setglobal(L, "run");
  lua_setglobal(L, "setup");
  return L;
}

int main(int argc, char **argv) {
  long n;
  int errors = 0;
  if (argc != 4) {
    fprintf(stderr, "usage: %s CPATH LPATH WORKLOAD\n", argv[0]);
    return 2;
  }
  for (n = 0;; n++) {
    Budget b = {0, -1, 0};
    lua_State *L = openstate(&b, argv[1], argv[2], argv[3]);
    const char *err;
    if (L == NULL) return 1;
    if ((err = call(L, "setup")) != NULL) {
      fprintf(stderr, "failalloc: setup: %s\n", err);
      return 1;
    }
    b.countdown = n;
    err = call(L, "run");
    b.countdown = -1;
    if (err != NULL && !b.failed) {
      fprintf(stderr, "failalloc: failure point %ld: %s\n", n, err);
      errors++;
    }
    if ((err = call(L, "check")) != NULL) {
      fprintf(stderr, "failalloc: failure point %ld: check: %s\n", n, err);
      errors++;
    }
    lua_close(L);
    if (b.inuse != 0) {
      fprintf(stderr, "failalloc: failure point %ld: %lu bytes leaked\n", n,
              (unsigned long)b.inuse);
      errors++;
    }
    if (!b.failed || errors > 10) break;
  }
  printf("failalloc: %ld failure points swept, %d errors\n", n, errors);
  return errors != 0;
}
