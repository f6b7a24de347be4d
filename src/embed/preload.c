/* require without files: every impact module in package.preload. */
#include <lauxlib.h>

#include "embed.h"
#include "impact_lua.h"

/* The loader of one embedded file (its upvalue): runs the chunk with the
** arguments that require gave the loader, as a file's loader would. */
static int loadfile(lua_State *L) {
  const imp_luafile *f =
      (const imp_luafile *)lua_touserdata(L, lua_upvalueindex(1));
  if (luaL_loadbuffer(L, (const char *)f->code, f->size, f->chunkname) != 0)
    return lua_error(L);
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

/* package.preload, from the package library's own entry in the table of
** loaded modules (a sandbox may hide the global). */
static void pushpreload(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  if (lua_istable(L, -1)) lua_getfield(L, -1, "package");
  if (lua_istable(L, -1)) lua_getfield(L, -1, "preload");
  if (!lua_istable(L, -1))
    luaL_error(L, "impact: open the package library before impact_preload");
  lua_replace(L, -3);
  lua_pop(L, 1);
}

IMPACT_PUBLIC void impact_preload(lua_State *L) {
  const imp_luafile *f;
  pushpreload(L);
  for (f = imp_luafiles; f->module != NULL; f++) {
    lua_pushlightuserdata(L, (void *)f);
    lua_pushcclosure(L, loadfile, 1);
    lua_setfield(L, -2, f->module);
  }
  lua_pushcfunction(L, imp_opencore);
  lua_setfield(L, -2, "impact.core");
  lua_pop(L, 1);
}

/* Runs the embedded init.lua unless impact is loaded. Not through require:
** require may be what called this, with impact not yet loaded. */
IMPACT_PUBLIC int luaopen_impact(lua_State *L) {
  impact_preload(L);
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_getfield(L, -1, "impact");
  if (!lua_istable(L, -1)) {  /* nil, or Lua 5.1's mark of a require under way */
    lua_pop(L, 1);
    pushpreload(L);
    lua_getfield(L, -1, "impact");
    lua_replace(L, -2);
    lua_pushliteral(L, "impact");
    lua_call(L, 1, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "impact");
  }
  lua_replace(L, -2);
  return 1;
}
