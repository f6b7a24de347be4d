/* Polygon: a strictly convex polygon of 3 to 16 vertices in its own frame,
** placed at pos turned by angle. */
#include <string.h>

#include "shapes.h"

enum { SLOT_POS = 1, SLOT_FIELDS, NSLOTS = SLOT_FIELDS };

static imp_polygon *checkpolygon(lua_State *L, int i, const char *fname) {
  return (imp_polygon *)imp_checkobject(L, i, T_POLYGON, fname);
}

/* The flat array {x1, y1, ...} at 1 into v (room for most pairs, or a
** buffer on the stack when v is NULL); returns the number of pairs. */
static int readpairs(lua_State *L, const char *fname, int least, int most,
                     imp_vec2 **v) {
  int len, count, k;
  double *xy;
  if (!lua_istable(L, 1)) imp_typeerror(L, 1, fname, "table");
  len = (int)imp_rawlen(L, 1);
  count = len / 2;
  if (count < least)
    imp_argerror(L, 1, fname, lua_pushfstring(L,
                 "at least %d vertices expected, got %d", least, count));
  if (count > most)
    imp_argerror(L, 1, fname, lua_pushfstring(L,
                 "at most %d vertices expected, got %d", most, count));
  if (len % 2 != 0)
    imp_argerror(L, 1, fname, lua_pushfstring(L,
                 "vertices as x, y pairs expected, got %d numbers", len));
  if (*v == NULL) *v = (imp_vec2 *)lua_newuserdata(L, sizeof **v * count);
  xy = (double *)*v;
  for (k = 1; k <= len; k++) {
    double x;
    lua_rawgeti(L, 1, k);
    if (lua_type(L, -1) != LUA_TNUMBER)
      imp_argerror(L, 1, fname, lua_pushfstring(L,
                   "number expected at index %d, got %s", k,
                   imp_typename(L, -1)));
    x = lua_tonumber(L, -1);
    if (!isfinite(x))
      imp_argerror(L, 1, fname, lua_pushfstring(L,
                   "finite number expected at index %d, got %s", k,
                   x != x ? "nan" : x > 0 ? "inf" : "-inf"));
    lua_pop(L, 1);
    xy[k - 1] = x;
  }
  return count;
}

static void pushpolygon(lua_State *L, imp_polygon *p, int placement,
                        const char *fname) {
  double angle;
  imp_optplacement(L, placement, fname, &p->pos, &angle);
  imp_polygon_set_angle(p, angle);
  imp_pushpolygon(L, p);
}

void imp_pushpolygon(lua_State *L, const imp_polygon *p) {
  *(imp_polygon *)imp_newobject(L, T_POLYGON, NSLOTS) = *p;
}

/* Polygon(vertices[, x, y[, angle]]). */
static int polygon_new(lua_State *L) {
  const char *fname = "Polygon";
  imp_polygon p;
  imp_vec2 *v = p.v;
  int where;
  memset(&p, 0, sizeof p);
  p.count = readpairs(L, fname, 3, IMP_MAX_VERTICES, &v);
  switch (imp_polygon_check_at(p.v, p.count, &where)) {
  case IMP_POLYGON_REPEATED:
    return imp_argerror(L, 1, fname, lua_pushfstring(L, "repeated vertex %d",
                                                     where));
  case IMP_POLYGON_COLLINEAR:
    return imp_argerror(L, 1, fname, lua_pushfstring(L,
                        "vertices %d, %d and %d on a line",
                        (where + p.count - 2) % p.count + 1, where,
                        where % p.count + 1));
  case IMP_POLYGON_REFLEX:
    return imp_argerror(L, 1, fname, lua_pushfstring(L,
                        "reflex corner at vertex %d", where));
  default:
    break;
  }
  pushpolygon(L, &p, 2, fname);
  return 1;
}

/* Polygon.hull(points[, x, y[, angle]]): the polygon of the points'
** convex hull. */
static int polygon_hull(lua_State *L) {
  const char *fname = "hull";
  imp_polygon p;
  imp_vec2 *points = NULL, *hull;
  int top = lua_gettop(L), n;
  n = readpairs(L, fname, 1, 0x3fffffff, &points);
  hull = (imp_vec2 *)lua_newuserdata(L, sizeof *hull * n);
  memset(&p, 0, sizeof p);
  p.count = imp_convex_hull(points, n, hull);
  if (p.count < 3) return imp_argerror(L, 1, fname, "points on a line");
  if (p.count > IMP_MAX_VERTICES)
    return imp_argerror(L, 1, fname, lua_pushfstring(L,
                        "at most %d hull vertices expected, got %d",
                        IMP_MAX_VERTICES, p.count));
  memcpy(p.v, hull, sizeof *hull * p.count);
  lua_settop(L, top);  /* the buffers go: the placement may follow */
  pushpolygon(L, &p, 2, fname);
  return 1;
}

static imp_vec2 world(const imp_polygon *p, imp_vec2 v) {
  imp_vec2 w;
  w.x = p->pos.x + (p->c * v.x - p->s * v.y);
  w.y = p->pos.y + (p->s * v.x + p->c * v.y);
  return w;
}

/* poly:vertex(i) -> x, y in the world, i from 1 in the order given. */
static int polygon_vertex(lua_State *L) {
  const imp_polygon *p = checkpolygon(L, 1, "vertex");
  double i = imp_checknumber(L, 2, "vertex");
  imp_vec2 w;
  if (!(i >= 1 && i <= p->count && i == (double)(int)i))
    return imp_argerror(L, 2, "vertex", "vertex index out of range");
  w = world(p, p->v[(int)i - 1]);
  lua_pushnumber(L, w.x);
  lua_pushnumber(L, w.y);
  return 2;
}

/* poly:vertices([out]) -> {x1, y1, ...} in the world (out filled when
** given: its first 2 count entries). */
static int polygon_vertices(lua_State *L) {
  const imp_polygon *p = checkpolygon(L, 1, "vertices");
  int i;
  if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 1);
    lua_createtable(L, 2 * p->count, 0);
  } else if (!lua_istable(L, 2)) {
    return imp_typeerror(L, 2, "vertices", "table");
  }
  lua_settop(L, 2);
  for (i = 0; i < p->count; i++) {
    imp_vec2 w = world(p, p->v[i]);
    lua_pushnumber(L, w.x);
    lua_rawseti(L, 2, 2 * i + 1);
    lua_pushnumber(L, w.y);
    lua_rawseti(L, 2, 2 * i + 2);
  }
  return 1;
}

static int polygon_index(lua_State *L) {
  imp_polygon *p;
  const char *k;
  if (imp_pushmethod(L, T_POLYGON)) return 1;
  p = checkpolygon(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "pos") == 0)
    imp_pushview(L, 1, SLOT_POS, &p->pos, 0);
  else if (k != NULL && strcmp(k, "angle") == 0)
    lua_pushnumber(L, p->angle);
  else if (k != NULL && strcmp(k, "count") == 0)
    lua_pushinteger(L, p->count);
  else
    imp_pushuserfield(L, SLOT_FIELDS);
  return 1;
}

static int polygon_newindex(lua_State *L) {
  imp_polygon *p = checkpolygon(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_setuserfield(L, T_POLYGON, SLOT_FIELDS);
  if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_POLYGON, k, &p->pos, 0);
  else if (strcmp(k, "angle") == 0)
    imp_polygon_set_angle(p, imp_fieldnumber(L, T_POLYGON, k));
  else if (strcmp(k, "count") == 0)
    return imp_fielderror(L, T_POLYGON, k, "read-only field");
  else return imp_setuserfield(L, T_POLYGON, SLOT_FIELDS);
  return 0;
}

static int polygon_tostring(lua_State *L) {
  const imp_polygon *p = checkpolygon(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_pushfstring(L, "Polygon(count=%d, pos=", p->count);
  luaL_addvalue(&b);
  imp_addvec2(&b, p->pos);
  luaL_addstring(&b, ", angle=");
  imp_addnumber(&b, p->angle);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {
  {"hull", polygon_hull}, {"vertex", polygon_vertex},
  {"vertices", polygon_vertices}, {NULL, NULL}
};

static const luaL_Reg meta[] = {
  {"__index", polygon_index}, {"__newindex", polygon_newindex},
  {"__tostring", polygon_tostring}, {NULL, NULL}
};

static const luaL_Reg *const more[] = {imp_shape_methods_polygon, NULL};

const TypeInfo imp_polygon_type = {methods, meta, polygon_new, more,
                                   sizeof(imp_polygon)};
