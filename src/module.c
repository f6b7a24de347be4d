/* luaopen_impact_core: builds the types and the module table. */
#include <string.h>

#include "world.h"

/* The shared upvalues (see object.h) sit on the stack from index base. */
static void setfuncs(lua_State *L, int table, const luaL_Reg *l, int base) {
  for (; l->name != NULL; l++) {
    int u;
    for (u = 0; u < IMP_NUPVALUES; u++) lua_pushvalue(L, base + u);
    lua_pushcclosure(L, l->func, IMP_NUPVALUES);
    lua_setfield(L, table, l->name);
  }
}

/* impact.<Type>(...) calls the method table: drop it, then construct. */
static int construct(lua_State *L) {
  int t = (int)lua_tointeger(L, lua_upvalueindex(IMP_NUPVALUES + 1));
  if (lua_gettop(L) > 0) lua_remove(L, 1);
  return imp_types[t]->construct(L);
}

static int impact_type(lua_State *L) {
  int t = imp_typeof(L, 1);
  if (t) lua_pushstring(L, imp_typenames[t]);
  else lua_pushnil(L);
  return 1;
}

static const luaL_Reg functions[] = {{"type", impact_type}, {NULL, NULL}};

#if defined(_WIN32)
#define IMPACT_EXPORT __declspec(dllexport)
#else
#define IMPACT_EXPORT __attribute__((visibility("default")))
#endif

/* Where this binary keeps its module in the registry: its address. */
static const char built = 0;
const char imp_responses_key = 0;

/* A require after package.loaded was cleared (a hot reload) gives back the
** module this binary built in this Lua state, so that the objects made
** before keep their types and the module's setup is not repeated. */
IMPACT_EXPORT int luaopen_impact_core(lua_State *L) {
  const int base = 1, module = base + IMP_NUPVALUES;
  int t, u;
  lua_settop(L, 0);
  lua_pushlightuserdata(L, (void *)&built);
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_istable(L, -1)) return 1;
  lua_pop(L, 1);
  luaL_checkstack(L, 2 * IMP_NUPVALUES + 8, NULL);  /* setfuncs' copies */
  for (t = 1; t < UP_STATE; t++) lua_newtable(L);
  memset(lua_newuserdata(L, sizeof(ModuleState)), 0, sizeof(ModuleState));
  for (u = UP_COLLIDERS; u <= UP_OWNERS; u++) {  /* weak-keyed */
    lua_createtable(L, 0, 1);
    lua_pushstring(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, base + u - 1);
  }
  for (u = 0; imp_keys[u] != NULL; u++) {
    lua_pushstring(L, imp_keys[u]);
    lua_rawseti(L, base + UP_KEYS - 1, u + 1);
  }
  imp_loadfill(L);
  lua_rawseti(L, base + UP_KEYS - 1, K_FILL);
  lua_newtable(L);  /* at index module */
  for (t = 1; t <= T_COUNT; t++) {
    int meta = base + t - 1, methods = base + T_COUNT + t - 1;
    lua_pushstring(L, imp_typenames[t]);
    lua_setfield(L, meta, "__name");
    lua_pushboolean(L, 1);  /* tells another load's objects apart */
    lua_setfield(L, meta, "__impact");
    setfuncs(L, meta, imp_types[t]->meta, base);
    setfuncs(L, methods, imp_types[t]->methods, base);
    if (imp_types[t]->more != NULL) {
      const luaL_Reg *const *l;
      for (l = imp_types[t]->more; *l != NULL; l++)
        setfuncs(L, methods, *l, base);
    }
    lua_createtable(L, 0, 1);  /* the method table's own metatable */
    for (u = 0; u < IMP_NUPVALUES; u++) lua_pushvalue(L, base + u);
    lua_pushinteger(L, t);
    lua_pushcclosure(L, construct, IMP_NUPVALUES + 1);
    lua_setfield(L, -2, "__call");
    lua_setmetatable(L, methods);
    lua_pushvalue(L, methods);
    lua_setfield(L, module, imp_typenames[t]);
  }
  setfuncs(L, module, functions, base);
  setfuncs(L, module, imp_segpoint_functions, base);
  /* impact.clipSegment(box, pos, delta) is the AABB method itself. */
  lua_getfield(L, base + T_COUNT + T_AABB - 1, "clipSegment");
  lua_setfield(L, module, "clipSegment");
  lua_pushnumber(L, IMP_EPSILON);
  lua_setfield(L, module, "EPSILON");
  /* The parts of bump.lua's API that are not the World: impact/init.lua
  ** hands them to impact.bump. */
  lua_createtable(L, 0, 2);
  lua_newtable(L);
  setfuncs(L, lua_gettop(L), imp_rect_functions, base);
  lua_setfield(L, -2, "rect");
  lua_newtable(L);
  setfuncs(L, lua_gettop(L), imp_response_functions, base);
  /* For world.responses (worldview.c), keyed by this binary: a copy of
  ** the module loaded beside it has responses of its own. */
  lua_pushlightuserdata(L, (void *)&imp_responses_key);
  lua_pushvalue(L, -2);
  lua_rawset(L, LUA_REGISTRYINDEX);
  lua_setfield(L, -2, "responses");
  lua_setfield(L, module, "_bump");
  imp_pinclipkinds(L);
  imp_countgccycles(L, base + UP_STATE - 1);
  imp_pushapi(L, base);
  lua_setfield(L, module, "_ffi");
  lua_pushlightuserdata(L, (void *)&built);
  lua_pushvalue(L, module);
  lua_rawset(L, LUA_REGISTRYINDEX);
  return 1;
}
