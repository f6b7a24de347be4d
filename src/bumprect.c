/*
** bump.rect: bump.lua's rectangle functions, for impact.bump. They are the
** World's own rules (core/rect.c), taking numbers as bump's do.
*/
#include "world.h"

static void checkrect(lua_State *L, int i, imp_rect *r) {
  r->x = luaL_checknumber(L, i);
  r->y = luaL_checknumber(L, i + 1);
  r->w = luaL_checknumber(L, i + 2);
  r->h = luaL_checknumber(L, i + 3);
}

static int getnearestcorner(lua_State *L) {
  imp_rect r;
  imp_vec2 c;
  checkrect(L, 1, &r);
  c = imp_rect_nearest_corner(&r, luaL_checknumber(L, 5),
                              luaL_checknumber(L, 6));
  lua_pushnumber(L, c.x);
  lua_pushnumber(L, c.y);
  return 2;
}

/* (x, y, w, h, x1, y1, x2, y2[, ti1 = 0, ti2 = 1]) -> ti1, ti2, nx1, ny1,
** nx2, ny2, or nil */
static int getsegmentintersectionindices(lua_State *L) {
  imp_rect r;
  imp_rect_span s;
  checkrect(L, 1, &r);
  if (!imp_rect_segment(&r, luaL_checknumber(L, 5), luaL_checknumber(L, 6),
                        luaL_checknumber(L, 7), luaL_checknumber(L, 8),
                        luaL_optnumber(L, 9, 0), luaL_optnumber(L, 10, 1), &s)) {
    lua_pushnil(L);  /* one nil, as bump's */
    return 1;
  }
  lua_pushnumber(L, s.ti1);
  lua_pushnumber(L, s.ti2);
  lua_pushinteger(L, (lua_Integer)s.n1.x);
  lua_pushinteger(L, (lua_Integer)s.n1.y);
  lua_pushinteger(L, (lua_Integer)s.n2.x);
  lua_pushinteger(L, (lua_Integer)s.n2.y);
  return 6;
}

/* The Minkowski difference of rectangle 2 minus rectangle 1. */
static int getdiff(lua_State *L) {
  imp_rect a, b, d;
  checkrect(L, 1, &a);
  checkrect(L, 5, &b);
  d = imp_rect_diff(&a, &b);
  lua_pushnumber(L, d.x);
  lua_pushnumber(L, d.y);
  lua_pushnumber(L, d.w);
  lua_pushnumber(L, d.h);
  return 4;
}

static int containspoint(lua_State *L) {
  imp_rect r;
  checkrect(L, 1, &r);
  lua_pushboolean(L, imp_rect_contains_point(&r, luaL_checknumber(L, 5),
                                             luaL_checknumber(L, 6)));
  return 1;
}

static int isintersecting(lua_State *L) {
  imp_rect a, b;
  checkrect(L, 1, &a);
  checkrect(L, 5, &b);
  lua_pushboolean(L, imp_rect_intersects(&a, &b));
  return 1;
}

static int getsquaredistance(lua_State *L) {
  imp_rect a, b;
  checkrect(L, 1, &a);
  checkrect(L, 5, &b);
  lua_pushnumber(L, imp_rect_square_distance(&a, &b));
  return 1;
}

/* (x1, y1, w1, h1, x2, y2, w2, h2[, goalX, goalY]) -> a collision table
** without item, other and type, or nil */
static int detectcollision(lua_State *L) {
  imp_rect a, b;
  imp_rect_collision c;
  ColFill f;
  checkrect(L, 1, &a);
  checkrect(L, 5, &b);
  if (!imp_rect_detect(&a, &b, luaL_optnumber(L, 9, a.x),
                       luaL_optnumber(L, 10, a.y), &c))
    return 0;
  f.item = &a;
  f.other = &b;
  f.c = &c;
  f.itemslot = f.otherslot = f.typeslot = f.extra = 0;
  imp_pushcollision(L, NULL, 0, 0, &f);
  return 1;
}

const luaL_Reg imp_rect_functions[] = {
  {"getNearestCorner", getnearestcorner},
  {"getSegmentIntersectionIndices", getsegmentintersectionindices},
  {"getDiff", getdiff},
  {"containsPoint", containspoint},
  {"isIntersecting", isintersecting},
  {"getSquareDistance", getsquaredistance},
  {"detectCollision", detectcollision},
  {NULL, NULL}
};
