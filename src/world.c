/*
** World: rectangles in a C grid (core/grid.c) keyed by any Lua value, with
** bump.lua 3.1.7's API. This file holds the items and the World object;
** worldmove.c moves them and worldquery.c queries them. Grid queries fill
** buffers that the caller owns, so callbacks that change the World never
** see the grid mid-query.
*/
#include <math.h>
#include <string.h>

#include "shapes.h"
#include "world.h"

const char *const imp_keys[] = {
  "item", "other", "type", "overlaps", "ti", "move", "normal", "touch",
  "itemRect", "otherRect", "slide", "bounce", "cross", "x", "y", "w", "h",
  "ti1", "ti2", "x1", "y1", "x2", "y2", NULL
};

World *imp_checkworld(lua_State *L, const char *fname) {
  World *w = (World *)imp_checkobject(L, 1, T_WORLD, fname);
  if (w->g == NULL) imp_argerror(L, 1, fname, "World was freed");
  return w;
}

imp_grid *imp_worldgrid(lua_State *L, World *w, const char *fname) {
  if (w->g == NULL) imp_error(L, "%s: the World was freed during the call",
                              fname);
  return w->g;
}

int imp_worldslot(lua_State *L, int n) {
  imp_getslot(L, 1, n);
  if (!lua_istable(L, -1))
    imp_error(L, "World's internal table %d was replaced", n);
  return lua_gettop(L);
}

ptrdiff_t imp_worldid(lua_State *L, const World *w, int ids, int i) {
  double id = -1;
  lua_pushvalue(L, i);  /* nil and NaN are keys of nothing to rawget */
  if (imp_rawget(L, ids) == LUA_TNUMBER) id = lua_tonumber(L, -1);
  lua_pop(L, 1);
  if (!(id >= 0 && id < (double)w->g->nitems) ||
      (double)(size_t)id != id || !imp_grid_alive(w->g, (size_t)id))
    return -1;
  return (ptrdiff_t)id;
}

size_t imp_checkitem(lua_State *L, const World *w, int ids,
                     const char *fname) {
  ptrdiff_t id = imp_worldid(L, w, ids, 2);
  if (id < 0)
    imp_argerror(L, 2, fname, lua_pushfstring(L, "%s item is not in the World",
                                               imp_typename(L, 2)));
  return (size_t)id;
}

size_t imp_gridnear(imp_grid *g, const Near *q, size_t *ids, size_t cap) {
  if (q->segment)
    return imp_grid_query_segment(g, q->a, q->b, q->c, q->d, ids, cap);
  return imp_grid_query_rect(g, q->a, q->b, q->c, q->d, ids, cap);
}

size_t imp_worldnear(lua_State *L, imp_grid *g, const Near *q, size_t *local,
                     size_t cap, size_t **ids) {
  size_t n = imp_gridnear(g, q, local, cap);
  *ids = local;
  while (n > cap) {  /* a finalizer run by the allocation may add items */
    cap = n;
    *ids = (size_t *)lua_newuserdata(L, cap * sizeof **ids);
    n = imp_gridnear(g, q, *ids, cap);
  }
  return n;
}

static double checksize(lua_State *L, int i, const char *fname) {
  double v = imp_checknumber(L, i, fname);
  if (!(v > 0)) imp_argerror(L, i, fname, "positive size expected");
  return v;
}

void imp_checkrect(lua_State *L, int i, const char *fname, imp_rect *r) {
  r->x = imp_checknumber(L, i, fname);
  r->y = imp_checknumber(L, i + 1, fname);
  r->w = checksize(L, i + 2, fname);
  r->h = checksize(L, i + 3, fname);
}

/* Whether the value at i can be called: a function, or has __call. */
static int callable(lua_State *L, int i) {
  if (lua_type(L, i) == LUA_TFUNCTION) return 1;
  if (!luaL_getmetafield(L, i, "__call")) return 0;
  lua_pop(L, 1);
  return 1;
}

int imp_optfilter(lua_State *L, int i, const char *fname) {
  if (lua_isnoneornil(L, i)) return 0;
  if (!callable(L, i)) imp_typeerror(L, i, fname, "function or nil");
  return i;
}

/* The value at i is to be a table key: neither nil nor NaN. */
static void checkkey(lua_State *L, int i, const char *fname,
                     const char *what) {
  if (lua_isnil(L, i) || (lua_type(L, i) == LUA_TNUMBER &&
                          lua_tonumber(L, i) != lua_tonumber(L, i)))
    imp_argerror(L, i, fname, lua_pushfstring(L, "%s must not be nil or NaN",
                                               what));
}

int imp_optouttable(lua_State *L, int i, const char *fname) {
  int t = lua_type(L, i);  /* once: every move and query comes here */
  if (t == LUA_TNONE || t == LUA_TNIL) return 0;
  if (t != LUA_TTABLE) imp_typeerror(L, i, fname, "table or nil");
  return i;
}

void imp_trimout(lua_State *L, int out, int n) {
  int i = (int)imp_rawlen(L, out);
  for (; i > n; i--) {
    lua_pushnil(L);
    lua_rawseti(L, out, i);
  }
}

/* Forgets the item <-> id pair of the item at i: both keys exist, so
** setting them to nil needs no memory. */
static void forget(lua_State *L, int item, size_t id) {
  imp_worldslot(L, W_IDS);
  lua_pushvalue(L, item);
  lua_pushnil(L);
  lua_rawset(L, -3);
  imp_worldslot(L, W_ITEMS);
  lua_pushnil(L);
  lua_rawseti(L, -2, (lua_Integer)id + 1);
  lua_pop(L, 2);
}

/* As in bump.lua, whose cells are weak tables, a cell that empties counts
** until the garbage collector ends a cycle: called before any step that
** may empty cells, this forgets those emptied before the last cycle. */
static void settle(World *w) {
  if (*w->gccycles != w->gcseen) {
    imp_grid_compact(w->g);
    w->gcseen = *w->gccycles;
  }
}

int imp_worldupdate(World *w, size_t id, const imp_rect *r) {
  settle(w);
  if (!imp_grid_update(w->g, id, r)) return 0;
  w->changes++;
  return 1;
}

void imp_worldput(lua_State *L, World *w, size_t id, const imp_rect *r) {
  if (!imp_worldupdate(w, id, r)) luaL_error(L, "not enough memory");
}

int imp_worldreshape(World *w, size_t id, const imp_item_shape *it) {
  settle(w);
  if (!imp_grid_update_shape(w->g, id, it->kind, &it->shape)) return 0;
  w->changes++;
  return 1;
}

/* Shape item id as it, its pos moved to (x, y). */
static int place(World *w, size_t id, const imp_item_shape *it, imp_vec2 to) {
  imp_item_shape moved;
  imp_vec2 pos = imp_shape_pos(it->kind, &it->shape);
  if (to.x != pos.x) pos.x = to.x;  /* as bump's update: -0 is 0 */
  if (to.y != pos.y) pos.y = to.y;
  moved.kind = it->kind;
  imp_shape_moved(it->kind, &it->shape, pos, &moved.shape);
  return imp_worldreshape(w, id, &moved);
}

int imp_worldgoto(World *w, size_t id, imp_vec2 to) {
  imp_item_shape it;
  imp_rect r;
  if (imp_grid_shape(w->g, id, &it)) return place(w, id, &it, to);
  r = imp_grid_rect(w->g, id);
  if (to.x != r.x) r.x = to.x;
  if (to.y != r.y) r.y = to.y;
  return imp_worldupdate(w, id, &r);
}

void imp_worldmoveto(lua_State *L, World *w, size_t id, imp_vec2 to) {
  if (!imp_worldgoto(w, id, to)) luaL_error(L, "not enough memory");
}

void imp_worldarrive(lua_State *L, World *w, const char *fname, int ids,
                     size_t id, unsigned long changes, imp_vec2 goal) {
  ptrdiff_t now;
  imp_worldgrid(L, w, fname);
  now = w->changes == changes ? (ptrdiff_t)id : imp_worldid(L, w, ids, 2);
  if (now >= 0) imp_worldmoveto(L, w, (size_t)now, goal);
}

static int world_new(lua_State *L) {
  double size = lua_isnoneornil(L, 1) ? 64 : checksize(L, 1, "World");
  World *w = (World *)imp_newobject(L, T_WORLD, W_NSLOTS);
  void *ud;  /* the grid takes its memory from the host, as Lua does */
  lua_Alloc alloc = lua_getallocf(L, &ud);
  int n;
  memset(w, 0, sizeof *w);
  for (n = W_IDS; n <= W_NSLOTS; n++) {
    lua_newtable(L);
    imp_setslot(L, -2, n);
  }
  w->gccycles = &IMP_STATE(L)->gccycles;
  w->gcseen = *w->gccycles;
  w->g = imp_grid_new_alloc(size, alloc, ud);
  if (w->g == NULL) return luaL_error(L, "not enough memory");
  return 1;
}

/* A script can call __gc itself (the metatables carry no __metatable:
** ffi.lua and scripts tell the types apart by them): the grid is freed
** once, a call in progress notices it after its next callback
** (imp_worldgrid), and every later call is a clean error. */
static int world_gc(lua_State *L) {
  World *w = (World *)imp_toobject(L, 1, T_WORLD);
  if (w == NULL) return 0;
  imp_grid_free(w->g);
  w->g = NULL;
  return 0;
}

/* Records the pair item (at 3) <-> id (at 4) in the tables W_IDS (at 1)
** and W_ITEMS (at 2); called protected, since the tables may grow. */
static int record(lua_State *L) {
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_rawset(L, 1);
  lua_pushvalue(L, 3);
  lua_rawseti(L, 2, lua_tointeger(L, 4) + 1);
  return 0;
}

/* Pushes record. The registry keeps it (at record_key's address), made
** once: under LuaJIT every lua_pushcfunction makes a new function object,
** and a million adds left a million of them to the collector. */
static const char record_key = 0;

static void pushrecord(lua_State *L) {
  lua_pushlightuserdata(L, (void *)&record_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushcfunction(L, record);
    lua_pushlightuserdata(L, (void *)&record_key);
    lua_pushvalue(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
  }
}

/* Removes t[k] (k at the top, popped) when it is there: setting a key
** that exists to nil never allocates. */
static void unrecord(lua_State *L, int t) {
  lua_pushvalue(L, -1);
  lua_rawget(L, t);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 2);
    return;
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_rawset(L, t);
}

/* All or nothing when memory runs out: the grid takes the item first, and
** lets it go again if the tables cannot record it. A shape item is kept
** as a copy of the shape, in the grid by its bounds. */
static int world_add(lua_State *L) {
  World *w = imp_checkworld(L, "add");
  int ids, items;
  imp_rect r;
  imp_shape kind;
  const void *shape;
  size_t id;
  lua_settop(L, 6);
  ids = imp_worldslot(L, W_IDS);
  items = imp_worldslot(L, W_ITEMS);
  if (imp_worldid(L, w, ids, 2) >= 0)
    imp_argerror(L, 2, "add", lua_pushfstring(L, "%s item added twice",
                                               imp_typename(L, 2)));
  checkkey(L, 2, "add", "item");
  shape = imp_toshape(L, 3, &kind);
  if (shape != NULL) imp_shape_rect(kind, shape, &r);
  else imp_checkrect(L, 3, "add", &r);
  pushrecord(L);
  lua_pushvalue(L, ids);
  lua_pushvalue(L, items);
  lua_pushvalue(L, 2);
  if (!(shape != NULL ? imp_grid_add_shape(w->g, kind, shape, &id)
                      : imp_grid_add(w->g, &r, &id)))
    return luaL_error(L, "not enough memory");
  lua_pushinteger(L, (lua_Integer)id);
  if (lua_pcall(L, 4, 0, 0) != 0) {
    lua_pushvalue(L, 2);
    unrecord(L, ids);
    lua_pushinteger(L, (lua_Integer)id + 1);
    unrecord(L, items);
    imp_grid_remove(w->g, id);
    return lua_error(L);
  }
  w->changes++;
  lua_pushvalue(L, 2);
  return 1;
}

/* A shape item turned to angle: an AABB does not turn, and a circle's turn
** changes nothing. */
static void turnitem(lua_State *L, imp_item_shape *it, double angle) {
  if (it->kind == IMP_SHAPE_AABB && angle != 0)
    imp_argerror(L, 5, "update", "an AABB item does not turn");
  imp_shape_set_angle(it->kind, &it->shape, angle);
}

/* world:update(item, x, y[, w, h]): moves the item, and resizes it when w
** and h are given; update(item, x, y[, angle]) moves a shape item's pos to
** (x, y) and turns it to angle. */
static int world_update(lua_State *L) {
  World *w = imp_checkworld(L, "update");
  lua_settop(L, 6);
  size_t id = imp_checkitem(L, w, imp_worldslot(L, W_IDS), "update");
  imp_rect r = imp_grid_rect(w->g, id);
  double x = imp_checknumber(L, 3, "update");
  double y = imp_checknumber(L, 4, "update");
  imp_item_shape it;
  if (imp_grid_shape(w->g, id, &it)) {
    imp_vec2 to;
    to.x = x;
    to.y = y;
    if (!lua_isnoneornil(L, 5))
      turnitem(L, &it, imp_checknumber(L, 5, "update"));
    if (!place(w, id, &it, to)) return luaL_error(L, "not enough memory");
    return 0;
  }
  /* as in bump, a value equal to the old one (-0 to 0) changes nothing */
  if (x != r.x) r.x = x;
  if (y != r.y) r.y = y;
  if (!lua_isnoneornil(L, 5)) {
    double v = checksize(L, 5, "update");
    if (v != r.w) r.w = v;
  }
  if (!lua_isnoneornil(L, 6)) {
    double v = checksize(L, 6, "update");
    if (v != r.h) r.h = v;
  }
  imp_worldput(L, w, id, &r);
  return 0;
}

void imp_pushitemshape(lua_State *L, const imp_item_shape *it) {
  switch (it->kind) {
  case IMP_SHAPE_AABB:
    imp_pushaabb(L, it->shape.aabb.pos, it->shape.aabb.half);
    break;
  case IMP_SHAPE_OBB: imp_pushobb(L, &it->shape.obb); break;
  case IMP_SHAPE_CIRCLE: imp_pushcircle(L, &it->shape.circle); break;
  case IMP_SHAPE_CAPSULE: imp_pushcapsule(L, &it->shape.capsule); break;
  default: imp_pushpolygon(L, &it->shape.polygon); break;
  }
}

/* world:getShape(item[, out]) -> a copy of a shape item's shape (into out,
** a shape of its type, when given), or nil for a rectangle item. */
static int world_getshape(lua_State *L) {
  static const int types[] = {T_AABB, T_OBB, T_CIRCLE, T_CAPSULE, T_POLYGON};
  World *w = imp_checkworld(L, "getShape");
  lua_settop(L, 3);
  size_t id = imp_checkitem(L, w, imp_worldslot(L, W_IDS), "getShape");
  imp_item_shape it;
  if (!imp_grid_shape(w->g, id, &it)) {
    lua_pushnil(L);
    return 1;
  }
  if (!lua_isnil(L, 3)) {
    memcpy(imp_checkobject(L, 3, types[it.kind], "getShape"), &it.shape,
           imp_shape_size(it.kind));
    lua_settop(L, 3);
    return 1;
  }
  imp_pushitemshape(L, &it);
  return 1;
}

static int world_remove(lua_State *L) {
  World *w = imp_checkworld(L, "remove");
  lua_settop(L, 2);
  size_t id = imp_checkitem(L, w, imp_worldslot(L, W_IDS), "remove");
  settle(w);
  imp_grid_remove(w->g, id);  /* needs no memory, nor does forgetting */
  forget(L, 2, id);
  w->removals++;
  w->changes++;
  return 0;
}

static int world_getrect(lua_State *L) {
  World *w = imp_checkworld(L, "getRect");
  lua_settop(L, 2);
  imp_rect r = imp_grid_rect(
      w->g, imp_checkitem(L, w, imp_worldslot(L, W_IDS), "getRect"));
  lua_pushnumber(L, r.x);
  lua_pushnumber(L, r.y);
  lua_pushnumber(L, r.w);
  lua_pushnumber(L, r.h);
  return 4;
}

static int world_hasitem(lua_State *L) {
  World *w = imp_checkworld(L, "hasItem");
  lua_settop(L, 2);
  lua_pushboolean(L, imp_worldid(L, w, imp_worldslot(L, W_IDS), 2) >= 0);
  return 1;
}

static int world_countitems(lua_State *L) {
  World *w = imp_checkworld(L, "countItems");
  lua_pushinteger(L, (lua_Integer)w->g->count);
  return 1;
}

/* Cells emptied count until the garbage collector ends a cycle (see
** settle). Items too large for the grid occupy no cells. */
static int world_countcells(lua_State *L) {
  World *w = imp_checkworld(L, "countCells");
  settle(w);
  lua_pushinteger(L, (lua_Integer)w->g->ncells);
  return 1;
}

static int world_getitems(lua_State *L) {
  World *w = imp_checkworld(L, "getItems");
  int items = imp_worldslot(L, W_ITEMS);
  size_t id, n = 0;
  lua_createtable(L, (int)w->g->count, 0);
  for (id = 0; id < w->g->nitems; id++)
    if (imp_grid_alive(w->g, id)) {
      lua_rawgeti(L, items, (lua_Integer)id + 1);
      lua_rawseti(L, -2, (lua_Integer)++n);
    }
  lua_pushinteger(L, (lua_Integer)n);
  return 2;
}

/* bump.lua numbers cells from 1: cell 1 starts at 0. */
static int world_toworld(lua_State *L) {
  World *w = imp_checkworld(L, "toWorld");
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
  World *w = imp_checkworld(L, "toCell");
  double x = imp_checknumber(L, 2, "toCell");
  double y = imp_checknumber(L, 3, "toCell");
  pushcell(L, floor(x / w->g->cell) + 1);
  pushcell(L, floor(y / w->g->cell) + 1);
  return 2;
}

/* world:addResponse(name, response): response(world, col, x, y, w, h,
** goalX, goalY, filter) -> goalX, goalY, cols, len, as in bump.lua. */
static int world_addresponse(lua_State *L) {
  World *w = imp_checkworld(L, "addResponse");
  lua_settop(L, 3);
  checkkey(L, 2, "addResponse", "response name");
  if (!callable(L, 3)) imp_typeerror(L, 3, "addResponse", "function");
  imp_worldslot(L, W_RESPONSES);
  lua_insert(L, 2);
  lua_rawset(L, 2);
  w->hasresponses = 1;
  return 0;
}

/* Fields that scripts set come first, as on bump's world tables (so that
** spies and per-world data work); then the methods, then cellSize. Until
** some World has a field of its own, self needs no look (the check cost a
** free move about 5% under Lua 5.4). */
static int world_index(lua_State *L) {
  World *w;
  const char *k;
  if (IMP_STATE(L)->worldfields) {
    w = (World *)imp_toobject(L, 1, T_WORLD);
    if (w != NULL && w->hasfields) {
      imp_worldslot(L, W_FIELDS);
      lua_pushvalue(L, 2);
      lua_rawget(L, -2);
      if (!lua_isnil(L, -1)) return 1;
      lua_pop(L, 2);
    }
  }
  if (imp_pushmethod(L, T_WORLD)) return 1;
  w = imp_checkworld(L, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "cellSize") == 0) lua_pushnumber(L, w->g->cell);
  else if (k == NULL || !imp_worldview(L, w, k)) lua_pushnil(L);
  return 1;
}

/* The cell size is fixed at creation: the grid is laid out by it. bump's
** introspection fields are views of the World, read-only too. */
static int world_newindex(lua_State *L) {
  static const char *const readonly[] = {"cellSize", "rows", "rects",
                                         "responses", NULL};
  World *w = imp_checkworld(L, "__newindex");
  const char *k;
  int i;
  lua_settop(L, 3);
  k = imp_fieldname(L, 2);
  for (i = 0; k != NULL && readonly[i] != NULL; i++)
    if (strcmp(k, readonly[i]) == 0)
      return imp_fielderror(L, T_WORLD, k, "read-only");
  checkkey(L, 2, "__newindex", "field name");
  imp_worldslot(L, W_FIELDS);
  lua_insert(L, 2);
  lua_rawset(L, 2);
  w->hasfields = 1;
  IMP_STATE(L)->worldfields = 1;
  return 0;
}

static int world_tostring(lua_State *L) {
  World *w = imp_checkworld(L, "__tostring");
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
  {"add", world_add}, {"remove", world_remove}, {"update", world_update},
  {"getRect", world_getrect}, {"getShape", world_getshape},
  {"hasItem", world_hasitem},
  {"countItems", world_countitems}, {"countCells", world_countcells},
  {"getItems", world_getitems}, {"toWorld", world_toworld},
  {"toCell", world_tocell}, {"addResponse", world_addresponse},
  {NULL, NULL}
};

static const luaL_Reg meta[] = {
  {"__index", world_index}, {"__newindex", world_newindex},
  {"__gc", world_gc},
  {"__tostring", world_tostring}, {NULL, NULL}
};

static const luaL_Reg *const more_methods[] = {
  imp_world_move_methods, imp_world_query_methods, imp_world_push_methods,
  imp_world_rotate_methods, NULL
};

const TypeInfo imp_world_type = {methods, meta, world_new,
                                  more_methods, sizeof(World)};
