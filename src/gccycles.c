/* How many cycles the garbage collector has ended in this Lua state, for
** the World's cells (world.c): a userdata that nothing holds, whose
** finalizer counts a cycle and makes the next such userdata.
**
** When the state closes, every finalizer runs, the one that unloads this
** library among them, and LuaJIT runs again those of userdata made
** meanwhile: a sentinel made then must not call back into unloaded code.
** Newer objects are finalized first, so the ModuleState (made after the
** library was loaded, before any sentinel) is finalized after the last
** sentinel and before the unloading: its finalizer takes the sentinels'
** __gc away. */
#include "object.h"

static void arm(lua_State *L, int meta) {
  lua_newuserdata(L, 1);
  lua_pushvalue(L, meta);
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

/* (The debug library can reach this function and call it on anything.) */
static int count(lua_State *L) {
  ModuleState *s = (ModuleState *)lua_touserdata(L, lua_upvalueindex(1));
  if (s != NULL) s->gccycles++;
  if (lua_getmetatable(L, 1)) arm(L, lua_gettop(L));
  return 0;
}

static int disarm(lua_State *L) {
  lua_pushnil(L);
  lua_setfield(L, lua_upvalueindex(1), "__gc");
  return 0;
}

void imp_countgccycles(lua_State *L, int state) {
  int meta;
  lua_createtable(L, 0, 1);
  meta = lua_gettop(L);
  lua_pushvalue(L, state);
  lua_pushcclosure(L, count, 1);
  lua_setfield(L, meta, "__gc");
  lua_createtable(L, 0, 1);
  lua_pushvalue(L, meta);
  lua_pushcclosure(L, disarm, 1);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, state);
  arm(L, meta);
  lua_pop(L, 1);
}
