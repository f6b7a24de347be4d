/*
** bump.lua's introspection fields, world.rows, world.rects and
** world.responses, as snapshots made on each read: debugging tools such as
** bump_debug.lua read them. Writing to them changes nothing in the World.
*/
#include <string.h>

#include "world.h"

/* rows[cy][cx] = {x = cx, y = cy, items = {[item] = true}, itemCount = n},
** cells numbered from 1 as bump numbers them. Items too large for cells
** are in none. */
static void pushrows(lua_State *L, const World *w) {
  const imp_grid *g = w->g;
  int items = imp_worldslot(L, W_ITEMS), rows;
  size_t i, k;
  lua_newtable(L);
  rows = lua_gettop(L);
  for (i = 0; i < g->ncells; i++) {
    const imp_grid_cell *c = &g->cells[i];
    if (c->n == 0) continue;
    lua_pushnumber(L, (double)c->cy + 1);
    lua_pushvalue(L, -1);
    lua_rawget(L, rows);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, -2);
      lua_pushvalue(L, -2);
      lua_rawset(L, rows);
    }
    lua_pushnumber(L, (double)c->cx + 1);
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, (double)c->cx + 1);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, (double)c->cy + 1);
    lua_setfield(L, -2, "y");
    lua_pushinteger(L, (lua_Integer)c->n);
    lua_setfield(L, -2, "itemCount");
    lua_createtable(L, 0, (int)c->n);
    for (k = 0; k < c->n; k++) {
      lua_rawgeti(L, items, (lua_Integer)c->ids[k] + 1);
      lua_pushboolean(L, 1);
      lua_rawset(L, -3);
    }
    lua_setfield(L, -2, "items");
    lua_rawset(L, -3);
    lua_pop(L, 2);
  }
}

/* rects[item] = {x = , y = , w = , h = } */
static void pushrects(lua_State *L, const World *w) {
  const imp_grid *g = w->g;
  int items = imp_worldslot(L, W_ITEMS);
  size_t id;
  lua_createtable(L, 0, (int)g->count);
  for (id = 0; id < g->nitems; id++) {
    imp_rect r;
    if (!imp_grid_alive(g, id)) continue;
    r = imp_grid_rect(g, id);
    lua_rawgeti(L, items, (lua_Integer)id + 1);
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, r.x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, r.y);
    lua_setfield(L, -2, "y");
    lua_pushnumber(L, r.w);
    lua_setfield(L, -2, "w");
    lua_pushnumber(L, r.h);
    lua_setfield(L, -2, "h");
    lua_rawset(L, -3);
  }
}

/* responses[name] = response: bump's four, then those added. */
static void pushresponses(lua_State *L) {
  int custom = imp_worldslot(L, W_RESPONSES);
  const luaL_Reg *r;
  lua_newtable(L);
  lua_pushlightuserdata(L, (void *)&imp_responses_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  for (r = imp_response_functions; r->name != NULL; r++) {
    lua_getfield(L, -1, r->name);
    lua_setfield(L, -3, r->name);
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  while (lua_next(L, custom)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
}

int imp_worldview(lua_State *L, const World *w, const char *k) {
  if (strcmp(k, "rows") == 0) pushrows(L, w);
  else if (strcmp(k, "rects") == 0) pushrects(L, w);
  else if (strcmp(k, "responses") == 0) pushresponses(L);
  else return 0;
  return 1;
}
