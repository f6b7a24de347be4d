/*
** The few places where Lua 5.1 (and LuaJIT), 5.2, 5.3 and 5.4 differ for
** this module. Everything else uses the API common to all of them.
*/
#ifndef IMPACT_COMPAT_H
#define IMPACT_COMPAT_H

#include <lua.h>
#include <lauxlib.h>

#if LUA_VERSION_NUM == 501
#define imp_rawlen(L, i) lua_objlen(L, (i))
#else
#define imp_rawlen(L, i) lua_rawlen(L, (i))
#endif

/* lua_rawget, returning the type of the value it pushed (5.3 on do). */
#if LUA_VERSION_NUM >= 503
#define imp_rawget(L, i) lua_rawget(L, (i))
#else
static inline int imp_rawget(lua_State *L, int i) {
  lua_rawget(L, i);
  return lua_type(L, -1);
}
#endif

/*
** Object slots: a few Lua values owned by a userdata (cached views, the
** owner of a view, a hit's collider). Lua 5.4 keeps them as user values;
** older versions keep them in a table set as the userdata's environment
** (5.1) or user value (5.2, 5.3).
*/
static inline void *imp_newslots(lua_State *L, size_t size, int nslots) {
#if LUA_VERSION_NUM >= 504
  return lua_newuserdatauv(L, size, nslots);
#else
  void *p = lua_newuserdata(L, size);
  if (nslots > 0) {
    lua_createtable(L, nslots, 0);
#if LUA_VERSION_NUM == 501
    lua_setfenv(L, -2);
#else
    lua_setuservalue(L, -2);
#endif
  }
  return p;
#endif
}

/* Pushes slot n (1-based) of the object at index i. */
static inline void imp_getslot(lua_State *L, int i, int n) {
#if LUA_VERSION_NUM >= 504
  lua_getiuservalue(L, i, n);
#else
#if LUA_VERSION_NUM == 501
  lua_getfenv(L, i);
#else
  lua_getuservalue(L, i);
  if (!lua_istable(L, -1)) {  /* a script's debug.setuservalue: no slots */
    lua_pop(L, 1);
    lua_pushnil(L);
    return;
  }
#endif
  lua_rawgeti(L, -1, n);
  lua_remove(L, -2);
#endif
}

/* Pops a value into slot n of the object at index i. */
static inline void imp_setslot(lua_State *L, int i, int n) {
  if (i < 0) i += lua_gettop(L) + 1;
#if LUA_VERSION_NUM >= 504
  lua_setiuservalue(L, i, n);
#else
#if LUA_VERSION_NUM == 501
  lua_getfenv(L, i);
#else
  lua_getuservalue(L, i);
  if (!lua_istable(L, -1)) {  /* slots that a script replaced: anew */
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setuservalue(L, i);
  }
#endif
  lua_insert(L, -2);
  lua_rawseti(L, -2, n);
  lua_pop(L, 1);
#endif
}

#endif
