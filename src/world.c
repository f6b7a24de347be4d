/*
** World: rectangles in a C grid (core/grid.c) keyed by any Lua value. The
** userdata's slot 1 maps item -> id and slot 2 maps id + 1 -> item. Queries
** copy their results into a new Lua table before any Lua code runs, so
** callbacks that change the world never see the grid mid-query.
*/
#include <math.h>
#include <string.h>

#include "object.h"

typedef struct World {
  imp_grid *g;
} World;

static World *checkworld(lua_State *L, const char *fname) {
  World *w = (World *)imp_checkobject(L, 1, T_WORLD, fname);
  if (w->g == NULL) imp_argerror(L, 1, fname, "World was freed");
  return w;
}

/* The id of the item at i, or -1 when it is not in the world. */
static ptrdiff_t idof(lua_State *L, int i) {
  ptrdiff_t id = -1;
  if (lua_isnil(L, i)) return -1;
  imp_getslot(L, 1, 1);
  lua_pushvalue(L, i);
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TNUMBER) id = (ptrdiff_t)lua_tointeger(L, -1);
  lua_pop(L, 2);
  return id;
}

static size_t checkitem(lua_State *L, const char *fname) {
  ptrdiff_t id = idof(L, 2);
  if (id < 0)
    imp_argerror(L, 2, fname, lua_pushfstring(L, "%s item is not in the World",
                                               imp_typename(L, 2)));
  return (size_t)id;
}

static double checksize(lua_State *L, int i, const char *fname) {
  double v = imp_checknumber(L, i, fname);
  if (!(v > 0)) imp_argerror(L, i, fname, "positive size expected");
  return v;
}

static void pushitem(lua_State *L, int items, size_t id) {
  lua_rawgeti(L, items, (lua_Integer)id + 1);
}

/* Records the item <-> id pair, or forgets it when clear is set. */
static void setid(lua_State *L, int item, size_t id, int clear) {
  imp_getslot(L, 1, 1);
  lua_pushvalue(L, item);
  if (clear) lua_pushnil(L);
  else lua_pushinteger(L, (lua_Integer)id);
  lua_rawset(L, -3);
  imp_getslot(L, 1, 2);
  if (clear) lua_pushnil(L);
  else lua_pushvalue(L, item);
  lua_rawseti(L, -2, (lua_Integer)id + 1);
  lua_pop(L, 2);
}

static int world_new(lua_State *L) {
  double size = lua_isnoneornil(L, 1) ? 64 : checksize(L, 1, "World");
  World *w = (World *)imp_newobject(L, T_WORLD, sizeof(World), 2);
  w->g = NULL;
  lua_newtable(L);
  imp_setslot(L, -2, 1);
  lua_newtable(L);
  imp_setslot(L, -2, 2);
  w->g = imp_grid_new(size);
  if (w->g == NULL) return luaL_error(L, "not enough memory");
  return 1;
}

static int world_gc(lua_State *L) {
  World *w = (World *)imp_toobject(L, 1, T_WORLD);
  if (w == NULL) return 0;
  imp_grid_free(w->g);
  w->g = NULL;
  return 0;
}

/* Adds the item at 2 (found < 0), or moves it to its id found and resizes
** it when w and h are given. */
static void place(lua_State *L, World *w, const char *fname, ptrdiff_t found) {
  size_t id = (size_t)found;
  double x = imp_checknumber(L, 3, fname), y = imp_checknumber(L, 4, fname);
  double wd, ht;
  if (found < 0) {
    if (lua_isnil(L, 2) || (lua_type(L, 2) == LUA_TNUMBER &&
                            lua_tonumber(L, 2) != lua_tonumber(L, 2)))
      imp_argerror(L, 2, fname, "item must not be nil or NaN");
    wd = checksize(L, 5, fname);
    ht = checksize(L, 6, fname);
    if (!imp_grid_add(w->g, x, y, wd, ht, &id))
      luaL_error(L, "not enough memory");
    setid(L, 2, id, 0);
    return;
  }
  wd = lua_isnoneornil(L, 5) ? w->g->items[id].w : checksize(L, 5, fname);
  ht = lua_isnoneornil(L, 6) ? w->g->items[id].h : checksize(L, 6, fname);
  if (!imp_grid_update(w->g, id, x, y, wd, ht)) {
    if (!imp_grid_alive(w->g, id)) setid(L, 2, id, 1);
    luaL_error(L, "not enough memory");
  }
}

static int world_add(lua_State *L) {
  World *w = checkworld(L, "add");
  if (idof(L, 2) >= 0)
    imp_argerror(L, 2, "add", lua_pushfstring(L, "%s item added twice",
                                               imp_typename(L, 2)));
  place(L, w, "add", -1);
  lua_settop(L, 2);
  return 1;
}

/* world:put(item, x, y[, w, h]): adds the item, or moves it (and resizes
** it when w and h are given). bump's update, which must find the item, is
** this after a check (lua/impact/bump.lua). */
static int world_put(lua_State *L) {
  World *w = checkworld(L, "put");
  place(L, w, "put", idof(L, 2));
  return 0;
}

static int world_remove(lua_State *L) {
  World *w = checkworld(L, "remove");
  size_t id = checkitem(L, "remove");
  if (!imp_grid_remove(w->g, id)) return luaL_error(L, "not enough memory");
  setid(L, 2, id, 1);
  return 0;
}

static int world_getrect(lua_State *L) {
  World *w = checkworld(L, "getRect");
  const imp_grid_item *it = &w->g->items[checkitem(L, "getRect")];
  lua_pushnumber(L, it->x);
  lua_pushnumber(L, it->y);
  lua_pushnumber(L, it->w);
  lua_pushnumber(L, it->h);
  return 4;
}

static int world_hasitem(lua_State *L) {
  checkworld(L, "hasItem");
  lua_pushboolean(L, idof(L, 2) >= 0);
  return 1;
}

static int world_countitems(lua_State *L) {
  World *w = checkworld(L, "countItems");
  lua_pushinteger(L, (lua_Integer)w->g->count);
  return 1;
}

static int world_compact(lua_State *L) {
  imp_grid_compact(checkworld(L, "compact")->g);
  return 0;
}

/* The cells used since the last compact, empty or not. */
static int world_countcells(lua_State *L) {
  World *w = checkworld(L, "countCells");
  lua_pushinteger(L, (lua_Integer)w->g->ncells);
  return 1;
}

/* Pushes a new array of the items with the given ids, and its length. */
static int pushids(lua_State *L, const size_t *ids, size_t n) {
  size_t i;
  int t;
  imp_getslot(L, 1, 2);
  t = lua_gettop(L);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    pushitem(L, t, ids[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  lua_pushinteger(L, (lua_Integer)n);
  return 2;
}

static int world_getitems(lua_State *L) {
  World *w = checkworld(L, "getItems");
  size_t id, n = 0;
  int t;
  imp_getslot(L, 1, 2);
  t = lua_gettop(L);
  lua_createtable(L, (int)w->g->count, 0);
  for (id = 0; id < w->g->nitems; id++)
    if (w->g->items[id].alive) {
      pushitem(L, t, id);
      lua_rawseti(L, -2, (lua_Integer)++n);
    }
  lua_pushinteger(L, (lua_Integer)n);
  return 2;
}

/* bump.lua numbers cells from 1: cell 1 starts at 0. */
static int world_toworld(lua_State *L) {
  World *w = checkworld(L, "toWorld");
  double cx = imp_checknumber(L, 2, "toWorld");
  double cy = imp_checknumber(L, 3, "toWorld");
  lua_pushnumber(L, (cx - 1) * w->g->cell);
  lua_pushnumber(L, (cy - 1) * w->g->cell);
  return 2;
}

static void pushcell(lua_State *L, double c) {
  if (c >= -9007199254740992.0 && c <= 9007199254740992.0)
    lua_pushinteger(L, (lua_Integer)c);
  else
    lua_pushnumber(L, c);
}

static int world_tocell(lua_State *L) {
  World *w = checkworld(L, "toCell");
  double x = imp_checknumber(L, 2, "toCell");
  double y = imp_checknumber(L, 3, "toCell");
  pushcell(L, floor(x / w->g->cell) + 1);
  pushcell(L, floor(y / w->g->cell) + 1);
  return 2;
}

/* world:near(x, y, w, h) -> items, n: a superset of the items that touch
** the rectangle (w, h >= 0), in a new table. */
static int world_near(lua_State *L) {
  const char *fname = "near";
  World *w = checkworld(L, fname);
  double x = imp_checknumber(L, 2, fname), y = imp_checknumber(L, 3, fname);
  double wd = imp_checknumber(L, 4, fname), ht = imp_checknumber(L, 5, fname);
  if (!(wd >= 0 && ht >= 0)) imp_argerror(L, 4, fname, "negative size");
  if (!imp_grid_query_rect(w->g, x, y, wd, ht))
    return luaL_error(L, "not enough memory");
  return pushids(L, w->g->found, w->g->nfound);
}

/* world:nearSegment(x1, y1, x2, y2) -> items, n: a superset of the items
** that the segment touches, in a new table. */
static int world_nearsegment(lua_State *L) {
  const char *fname = "nearSegment";
  World *w = checkworld(L, fname);
  double x1 = imp_checknumber(L, 2, fname), y1 = imp_checknumber(L, 3, fname);
  double x2 = imp_checknumber(L, 4, fname), y2 = imp_checknumber(L, 5, fname);
  if (!imp_grid_query_segment(w->g, x1, y1, x2, y2))
    return luaL_error(L, "not enough memory");
  return pushids(L, w->g->found, w->g->nfound);
}

static int world_index(lua_State *L) {
  const char *k;
  World *w;
  if (imp_pushmethod(L, T_WORLD)) return 1;
  w = checkworld(L, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "cellSize") == 0) lua_pushnumber(L, w->g->cell);
  else lua_pushnil(L);
  return 1;
}

/* The cell size is fixed at creation: the grid is laid out by it. */
static int world_newindex(lua_State *L) {
  const char *k;
  checkworld(L, "__newindex");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "cellSize") == 0)
    return imp_fielderror(L, T_WORLD, k, "read-only");
  return imp_nofield(L, T_WORLD);
}

static int world_tostring(lua_State *L) {
  World *w = checkworld(L, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "World(cellSize=");
  imp_addnumber(&b, w->g->cell);
  luaL_addstring(&b, ", items=");
  imp_addnumber(&b, (double)w->g->count);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {
  {"add", world_add}, {"remove", world_remove}, {"put", world_put},
  {"getRect", world_getrect}, {"hasItem", world_hasitem},
  {"countItems", world_countitems}, {"countCells", world_countcells},
  {"compact", world_compact},
  {"getItems", world_getitems}, {"toWorld", world_toworld},
  {"toCell", world_tocell}, {"near", world_near},
  {"nearSegment", world_nearsegment}, {NULL, NULL}
};

static const luaL_Reg meta[] = {
  {"__index", world_index}, {"__newindex", world_newindex},
  {"__gc", world_gc},
  {"__tostring", world_tostring}, {NULL, NULL}
};

const TypeInfo imp_world_type = {methods, meta, world_new};
