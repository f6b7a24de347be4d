/*
** bump's collision tables: {item, other, type, overlaps, ti, move, normal,
** touch, itemRect, otherRect[, slide | bounce]}. Tables already in place
** are reused, and the World keeps the tables that out tables give back in
** pools (its slots W_COLPOOL and W_VECPOOL), so that moves into an out
** table allocate nothing once warm. Keys come pinned from IMP_KEYS; fields
** are set raw, as on plain tables.
*/
#include "world.h"

/* How many tables a pool keeps. */
#define POOLMAX 256

void imp_setnumber(lua_State *L, int t, int k, double v) {
  imp_pushkey(L, k);
  lua_pushnumber(L, v);
  lua_rawset(L, t);
}

/* Pushes the table at key k of the table at t, made (with room for n
** fields) and stored there when missing. */
static int subtable(lua_State *L, int t, int k, int n) {
  imp_pushkey(L, k);
  lua_rawget(L, t);
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, n);
    imp_pushkey(L, k);
    lua_pushvalue(L, -2);
    lua_rawset(L, t);
  }
  return lua_gettop(L);
}

void imp_setxy(lua_State *L, int t, int k, imp_vec2 v) {
  int s = subtable(L, t, k, 2);
  imp_setnumber(L, s, K_X, v.x);
  imp_setnumber(L, s, K_Y, v.y);
  lua_pop(L, 1);
}

static void setrect(lua_State *L, int t, int k, const imp_rect *r) {
  int s = subtable(L, t, k, 4);
  imp_setnumber(L, s, K_X, r->x);
  imp_setnumber(L, s, K_Y, r->y);
  imp_setnumber(L, s, K_W, r->w);
  imp_setnumber(L, s, K_H, r->h);
  lua_pop(L, 1);
}

/* bump's normals are the integers -1, 0 and 1. */
static void setnormal(lua_State *L, int t, imp_vec2 n) {
  int s = subtable(L, t, K_NORMAL, 2);
  imp_pushkey(L, K_X);
  lua_pushinteger(L, (lua_Integer)n.x);
  lua_rawset(L, s);
  imp_pushkey(L, K_Y);
  lua_pushinteger(L, (lua_Integer)n.y);
  lua_rawset(L, s);
  lua_pop(L, 1);
}

void imp_setcollision(lua_State *L, int t, const imp_rect *item,
                      const imp_rect *other, const imp_rect_collision *c) {
  imp_pushkey(L, K_OVERLAPS);
  lua_pushboolean(L, c->overlaps);
  lua_rawset(L, t);
  imp_setnumber(L, t, K_TI, c->ti);
  imp_setxy(L, t, K_MOVE, c->move);
  setnormal(L, t, c->normal);
  imp_setxy(L, t, K_TOUCH, c->touch);
  setrect(L, t, K_ITEMRECT, item);
  setrect(L, t, K_OTHERRECT, other);
}

/* Field f of the table in field k of the table at t, as a number. */
static double numfield(lua_State *L, int t, int k, int f) {
  double v;
  imp_pushkey(L, k);
  lua_gettable(L, t);
  imp_pushkey(L, f);
  lua_gettable(L, -2);
  v = lua_tonumber(L, -1);
  lua_pop(L, 2);
  return v;
}

void imp_readcollision(lua_State *L, int t, imp_rect_collision *c) {
  c->touch.x = numfield(L, t, K_TOUCH, K_X);
  c->touch.y = numfield(L, t, K_TOUCH, K_Y);
  c->move.x = numfield(L, t, K_MOVE, K_X);
  c->move.y = numfield(L, t, K_MOVE, K_Y);
  c->normal.x = numfield(L, t, K_NORMAL, K_X);
  c->normal.y = numfield(L, t, K_NORMAL, K_Y);
}

/* Pushes a table from the pool in slot n (holding *count) or a new one. */
static void take(lua_State *L, int n, int *count, int nfields) {
  while (*count > 0) {
    imp_getslot(L, 1, n);
    lua_rawgeti(L, -1, *count);
    lua_pushnil(L);
    lua_rawseti(L, -3, (*count)--);
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TTABLE) return;
    lua_pop(L, 1);
  }
  lua_createtable(L, 0, nfields);
}

/* Pops a table into the pool in slot n, when it has room. */
static void give(lua_State *L, int n, int *count) {
  if (*count >= POOLMAX || lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  imp_getslot(L, 1, n);
  lua_insert(L, -2);
  lua_rawseti(L, -2, ++*count);
  lua_pop(L, 1);
}

void imp_pushcoltable(lua_State *L, World *w, int reuse) {
  if (reuse) take(L, W_COLPOOL, &w->ncols, 12);
  else lua_createtable(L, 0, 12);
}

/* Moves field k of the table at t to the {x, y} pool. */
static void clearextra(lua_State *L, World *w, int t, int k) {
  imp_pushkey(L, k);
  lua_rawget(L, t);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  give(L, W_VECPOOL, &w->nvecs);
  imp_pushkey(L, k);
  lua_pushnil(L);
  lua_rawset(L, t);
}

void imp_clearextras(lua_State *L, World *w, int t) {
  clearextra(L, w, t, K_SLIDE);
  clearextra(L, w, t, K_BOUNCE);
}

void imp_setextra(lua_State *L, World *w, int t, int k, imp_vec2 v) {
  imp_pushkey(L, k);
  lua_rawget(L, t);
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    take(L, W_VECPOOL, &w->nvecs, 2);
    imp_pushkey(L, k);
    lua_pushvalue(L, -2);
    lua_rawset(L, t);
  }
  imp_setnumber(L, lua_gettop(L), K_X, v.x);
  imp_setnumber(L, lua_gettop(L), K_Y, v.y);
  lua_pop(L, 1);
}

void imp_recycle(lua_State *L, World *w, int out) {
  int i = (int)imp_rawlen(L, out);
  for (; i > 0; i--) {
    lua_rawgeti(L, out, i);
    give(L, W_COLPOOL, &w->ncols);
    lua_pushnil(L);
    lua_rawseti(L, out, i);
  }
}
