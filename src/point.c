/* Point: a 2D vector, standalone or a live view into another object. */
#include <math.h>

#include "object.h"

static Point *checkpoint(lua_State *L, int i, const char *fname) {
  return (Point *)imp_checkobject(L, i, T_POINT, fname);
}

static double optcoordinate(lua_State *L, int i) {
  return lua_isnoneornil(L, i) ? 0 : imp_checknumber(L, i, "Point");
}

static int point_new(lua_State *L) {
  imp_newpoint(L, optcoordinate(L, 1), optcoordinate(L, 2));
  return 1;
}

static int point_clone(lua_State *L) {
  const Point *p = checkpoint(L, 1, "clone");
  imp_newpoint(L, p->v->x, p->v->y);
  return 1;
}

static int point_set(lua_State *L) {
  Point *p = checkpoint(L, 1, "set");
  imp_vec2 v;
  if (p->nonnegative)  /* a view of a half size */
    imp_checkextent(L, 2, "set", &v, "negative half size");
  else
    imp_checkvec2(L, 2, "set", &v);
  *p->v = v;
  lua_settop(L, 1);
  return 1;
}

static int point_unpack(lua_State *L) {
  const Point *p = checkpoint(L, 1, "unpack");
  lua_pushnumber(L, p->v->x);
  lua_pushnumber(L, p->v->y);
  return 2;
}

static int point_length(lua_State *L) {
  const Point *p = checkpoint(L, 1, "length");
  lua_pushnumber(L, imp_vec2_length(*p->v));
  return 1;
}

static int point_dot(lua_State *L) {
  const Point *p = checkpoint(L, 1, "dot");
  imp_vec2 o;
  imp_checkvec2(L, 2, "dot", &o);
  lua_pushnumber(L, p->v->x * o.x + p->v->y * o.y);
  return 1;
}

static int point_cross(lua_State *L) {
  const Point *p = checkpoint(L, 1, "cross");
  imp_vec2 o;
  imp_checkvec2(L, 2, "cross", &o);
  lua_pushnumber(L, p->v->x * o.y - p->v->y * o.x);
  return 1;
}

static int point_normalize(lua_State *L) {
  Point *p = checkpoint(L, 1, "normalize");
  /* No sign changes: a half-size view stays non-negative. */
  lua_pushnumber(L, imp_vec2_normalize(p->v));
  return 1;
}

static int point_index(lua_State *L) {
  const Point *p;
  const char *k;
  if (imp_pushmethod(L, T_POINT)) return 1;
  p = checkpoint(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && (k[0] == 'x' || k[0] == 'y') && k[1] == '\0')
    lua_pushnumber(L, k[0] == 'x' ? p->v->x : p->v->y);
  else
    lua_pushnil(L);
  return 1;
}

static int point_newindex(lua_State *L) {
  Point *p = checkpoint(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  imp_vec2 v = *p->v;
  if (k == NULL || (k[0] != 'x' && k[0] != 'y') || k[1] != '\0')
    return imp_nofield(L, T_POINT);
  if (k[0] == 'x') v.x = imp_fieldnumber(L, T_POINT, k);
  else v.y = imp_fieldnumber(L, T_POINT, k);
  if (p->nonnegative && !(v.x >= 0 && v.y >= 0))
    return imp_fielderror(L, T_POINT, k, "negative half size");
  *p->v = v;
  return 0;
}

/* Arithmetic: both operands Points, or a Point and a number (* and /). */
static imp_vec2 operand(lua_State *L, int i, const char *fname) {
  return *checkpoint(L, i, fname)->v;
}

static int point_add(lua_State *L) {
  imp_vec2 a = operand(L, 1, "__add"), b = operand(L, 2, "__add");
  imp_newpoint(L, a.x + b.x, a.y + b.y);
  return 1;
}

static int point_sub(lua_State *L) {
  imp_vec2 a = operand(L, 1, "__sub"), b = operand(L, 2, "__sub");
  imp_newpoint(L, a.x - b.x, a.y - b.y);
  return 1;
}

static int point_unm(lua_State *L) {
  imp_vec2 a = operand(L, 1, "__unm");
  imp_newpoint(L, -a.x, -a.y);
  return 1;
}

static int point_mul(lua_State *L) {
  int pi = lua_type(L, 1) == LUA_TNUMBER ? 2 : 1;  /* number * Point too */
  imp_vec2 a = operand(L, pi, "__mul");
  double k = imp_checknumber(L, 3 - pi, "__mul");
  imp_newpoint(L, a.x * k, a.y * k);
  return 1;
}

static int point_div(lua_State *L) {
  imp_vec2 a = operand(L, 1, "__div");
  double k = imp_checknumber(L, 2, "__div");
  imp_newpoint(L, a.x / k, a.y / k);
  return 1;
}

static int point_eq(lua_State *L) {
  const Point *a = (const Point *)imp_toobject(L, 1, T_POINT);
  const Point *b = (const Point *)imp_toobject(L, 2, T_POINT);
  lua_pushboolean(L, a != NULL && b != NULL && a->v->x == b->v->x &&
                     a->v->y == b->v->y);
  return 1;
}

static int point_tostring(lua_State *L) {
  const Point *p = checkpoint(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "Point");
  imp_addvec2(&b, *p->v);
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {
  {"clone", point_clone}, {"set", point_set}, {"unpack", point_unpack},
  {"length", point_length}, {"dot", point_dot}, {"cross", point_cross},
  {"normalize", point_normalize}, {NULL, NULL}
};

static const luaL_Reg meta[] = {
  {"__index", point_index}, {"__newindex", point_newindex},
  {"__add", point_add}, {"__sub", point_sub}, {"__unm", point_unm},
  {"__mul", point_mul}, {"__div", point_div}, {"__eq", point_eq},
  {"__tostring", point_tostring}, {NULL, NULL}
};

const TypeInfo imp_point_type = {methods, meta, point_new, NULL,
                                  sizeof(Point)};
