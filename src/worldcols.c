/*
** bump's collision tables: {item, other, type, overlaps, ti, move, normal,
** touch, itemRect, otherRect[, slide | bounce]}. A small Lua function,
** compiled when the module loads, fills them: the VM sets fields with
** constant keys several times faster than the C API can (one call with
** the values instead of some seventy API calls). It reuses the tables it
** is given, down to their {x, y} parts; tables that out tables give back
** wait in the World's pool (P_COLS), so that moves into an out
** table allocate nothing once warm.
*/
#include "world.h"

/* How many collision tables a World's pool keeps. */
#define POOLMAX 256

int imp_poolslot(World *w, int p, int put) {
  if (put) return w->npool[p] < POOLMAX ? ++w->npool[p] : 0;
  return w->npool[p] > 0 ? w->npool[p]-- : 0;
}

static const char fill_source[] =
  "local spare = {}  -- slide and bounce tables of collisions without one\n"
  "local function part(c, k) local t = {} c[k] = t return t end\n"
  "return function(c, item, other, kind, overlaps, ti, mx, my, nx, ny,\n"
  "                tx, ty, ix, iy, iw, ih, ox, oy, ow, oh, extra, ex, ey)\n"
  "  if not c then\n"
  "    c = { item = item, other = other, type = kind, overlaps = overlaps,\n"
  "          ti = ti, move = { x = mx, y = my }, normal = { x = nx, y = ny },\n"
  "          touch = { x = tx, y = ty },\n"
  "          itemRect = { x = ix, y = iy, w = iw, h = ih },\n"
  "          otherRect = { x = ox, y = oy, w = ow, h = oh } }\n"
  "    if extra then c[extra] = { x = ex, y = ey } end\n"
  "    return c\n"
  "  end\n"
  "  c.item, c.other, c.type, c.overlaps, c.ti = item, other, kind, overlaps, ti\n"
  "  local v = c.move or part(c, 'move')\n"
  "  v.x, v.y = mx, my\n"
  "  v = c.normal or part(c, 'normal')\n"
  "  v.x, v.y = nx, ny\n"
  "  v = c.touch or part(c, 'touch')\n"
  "  v.x, v.y = tx, ty\n"
  "  v = c.itemRect or part(c, 'itemRect')\n"
  "  v.x, v.y, v.w, v.h = ix, iy, iw, ih\n"
  "  v = c.otherRect or part(c, 'otherRect')\n"
  "  v.x, v.y, v.w, v.h = ox, oy, ow, oh\n"
  "  v = c.slide or c.bounce\n"
  "  if v then\n"
  "    c.slide, c.bounce = nil, nil\n"
  "    if not extra and #spare < 256 then spare[#spare + 1] = v end\n"
  "  end\n"
  "  if extra then\n"
  "    if not v then v = spare[#spare] or {} spare[#spare] = nil end\n"
  "    v.x, v.y = ex, ey\n"
  "    c[extra] = v\n"
  "  end\n"
  "  return c\n"
  "end\n";

void imp_loadfill(lua_State *L) {
  if (luaL_loadbuffer(L, fill_source, sizeof fill_source - 1, "=impact.fill"))
    lua_error(L);
  lua_call(L, 0, 1);
}

void imp_setnumber(lua_State *L, int t, int k, double v) {
  imp_pushkey(L, k);
  lua_pushnumber(L, v);
  lua_rawset(L, t);
}

void imp_setxy(lua_State *L, int t, int k, imp_vec2 v) {
  imp_pushkey(L, k);
  lua_rawget(L, t);
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    imp_pushkey(L, k);
    lua_pushvalue(L, -2);
    lua_rawset(L, t);
  }
  imp_setnumber(L, lua_gettop(L), K_X, v.x);
  imp_setnumber(L, lua_gettop(L), K_Y, v.y);
  lua_pop(L, 1);
}

/* Field f of the table in field k of the table at t, a finite number. */
static double numfield(lua_State *L, int t, int k, int f, const char *fname) {
  double v = 0;
  int ok = 0;
  imp_pushkey(L, k);
  lua_gettable(L, t);
  if (lua_type(L, -1) == LUA_TTABLE) {
    imp_pushkey(L, f);
    lua_gettable(L, -2);
    v = lua_tonumber(L, -1);
    ok = lua_type(L, -1) == LUA_TNUMBER && v - v == 0;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  if (!ok)
    imp_error(L, "%s: a collision needs finite numbers in touch, move and "
              "normal (%s.%s)", fname, imp_keys[k - 1], imp_keys[f - 1]);
  return v;
}

void imp_readcollision(lua_State *L, int t, imp_rect_collision *c,
                       const char *fname) {
  c->touch.x = numfield(L, t, K_TOUCH, K_X, fname);
  c->touch.y = numfield(L, t, K_TOUCH, K_Y, fname);
  c->move.x = numfield(L, t, K_MOVE, K_X, fname);
  c->move.y = numfield(L, t, K_MOVE, K_Y, fname);
  c->normal.x = numfield(L, t, K_NORMAL, K_X, fname);
  c->normal.y = numfield(L, t, K_NORMAL, K_Y, fname);
}

static void pushslot(lua_State *L, int i) {
  if (i) lua_pushvalue(L, i);
  else lua_pushnil(L);
}

static void pushrect(lua_State *L, const imp_rect *r) {
  lua_pushnumber(L, r->x);
  lua_pushnumber(L, r->y);
  lua_pushnumber(L, r->w);
  lua_pushnumber(L, r->h);
}

int imp_poolget(lua_State *L, World *w, int p) {
  int k = imp_poolslot(w, p, 0);
  if (k == 0) return 0;
  imp_worldslot(L, W_POOLS + p);
  lua_rawgeti(L, -1, k);
  lua_pushnil(L);
  lua_rawseti(L, -3, k);
  lua_remove(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE) return 1;
  lua_pop(L, 1);  /* the debug library put something else there */
  return 0;
}

void imp_poolput(lua_State *L, World *w, int p) {
  int k = lua_type(L, -1) == LUA_TTABLE ? imp_poolslot(w, p, 1) : 0;
  if (k == 0) {
    lua_pop(L, 1);
    return;
  }
  imp_worldslot(L, W_POOLS + p);
  lua_insert(L, -2);
  lua_rawseti(L, -2, k);
  lua_pop(L, 1);
}

/* Pushes the table that entry k of out reuses: the entry itself, else one
** from the pool; nil when there is neither (or no out). */
static void pushreused(lua_State *L, World *w, int out, int k) {
  if (out) {
    lua_rawgeti(L, out, k);
    if (lua_type(L, -1) == LUA_TTABLE) return;
    lua_pop(L, 1);
    if (imp_poolget(L, w, P_COLS)) return;
  }
  lua_pushnil(L);
}

/* A normal's coordinate: bump's are the integers -1, 0 and 1; a shape's
** slanted side's are fractions. */
static void pushnormal(lua_State *L, double v) {
  if (v == (double)(lua_Integer)v) lua_pushinteger(L, (lua_Integer)v);
  else lua_pushnumber(L, v);
}

/* Calls the fill function with the table to reuse (or nil) on top. */
static int fill(lua_State *L, const ColFill *f, int protect) {
  const imp_rect_collision *c = f->c;
  imp_pushkey(L, K_FILL);
  lua_insert(L, -2);
  pushslot(L, f->itemslot);
  pushslot(L, f->otherslot);
  pushslot(L, f->typeslot);
  lua_pushboolean(L, c->overlaps);
  lua_pushnumber(L, c->ti);
  lua_pushnumber(L, c->move.x);
  lua_pushnumber(L, c->move.y);
  pushnormal(L, c->normal.x);
  pushnormal(L, c->normal.y);
  lua_pushnumber(L, c->touch.x);
  lua_pushnumber(L, c->touch.y);
  pushrect(L, f->item);
  pushrect(L, f->other);
  if (f->extra) {
    imp_pushkey(L, f->extra);
    lua_pushnumber(L, f->extrav.x);
    lua_pushnumber(L, f->extrav.y);
  } else {
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushnil(L);
  }
  if (!protect) {
    lua_call(L, 23, 1);
    return 1;
  }
  return lua_pcall(L, 23, 1, 0) == 0;
}

/* A table reused from an out table may hold anything a script put there:
** when filling it fails, a new table takes its place. */
void imp_pushcollision(lua_State *L, World *w, int out, int k,
                       const ColFill *f) {
  luaL_checkstack(L, 26, "too many collisions");
  pushreused(L, w, out, k);
  if (lua_isnil(L, -1)) {
    fill(L, f, 0);
    return;
  }
  if (fill(L, f, 1)) return;
  lua_pop(L, 1);
  lua_pushnil(L);
  fill(L, f, 0);
}

void imp_trimpool(lua_State *L, World *w, int out, int n, int p) {
  int i = (int)imp_rawlen(L, out);
  for (; i > n; i--) {
    lua_rawgeti(L, out, i);
    imp_poolput(L, w, p);
    lua_pushnil(L);
    lua_rawseti(L, out, i);
  }
}
