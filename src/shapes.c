/* What every shape type has (AABB, OBB, Circle, Capsule, Polygon): tests
** against any other shape, and the casts that the new types share. Each
** type's methods check self as that type, as its own methods do. */
#include "shapes.h"

static imp_shape kindof(int t) {
  switch (t) {
  case T_AABB: return IMP_SHAPE_AABB;
  case T_OBB: return IMP_SHAPE_OBB;
  case T_CIRCLE: return IMP_SHAPE_CIRCLE;
  case T_CAPSULE: return IMP_SHAPE_CAPSULE;
  default: return IMP_SHAPE_POLYGON;
  }
}

const void *imp_toshape(lua_State *L, int i, imp_shape *kind) {
  int t = imp_typeof(L, i);
  *kind = IMP_SHAPE_AABB;  /* set on every path: callers may raise after */
  if (t != T_AABB && t != T_OBB && t != T_CIRCLE && t != T_CAPSULE &&
      t != T_POLYGON)
    return NULL;
  *kind = kindof(t);
  return imp_objectat(L, i);
}

const void *imp_checkshape(lua_State *L, int i, const char *fname,
                           imp_shape *kind) {
  const void *p = imp_toshape(L, i, kind);
  if (p == NULL) imp_typeerror(L, i, fname, "shape");
  return p;
}

void imp_optplacement(lua_State *L, int i, const char *fname, imp_vec2 *pos,
                      double *angle) {
  pos->x = pos->y = 0;
  *angle = 0;
  if (lua_isnoneornil(L, i)) return;
  i = imp_checkvec2(L, i, fname, pos);
  if (!lua_isnoneornil(L, i)) *angle = imp_checknumber(L, i, fname);
}

double imp_checkradius(lua_State *L, int i, const char *fname) {
  double r = imp_checknumber(L, i, fname);
  if (!(r >= 0)) imp_argerror(L, i, fname, "negative radius");
  return r;
}

/* Self at 1, of type t. */
static const void *checkself(lua_State *L, int t, const char *fname,
                             imp_shape *kind) {
  *kind = kindof(t);
  return imp_checkobject(L, 1, t, fname);
}

/* S:intersects(other) -> boolean. */
static int intersects(lua_State *L, int t) {
  imp_shape ak, bk;
  const void *a = checkself(L, t, "intersects", &ak);
  const void *b = imp_checkshape(L, 2, "intersects", &bk);
  lua_pushboolean(L, imp_shape_intersects(ak, a, bk, b));
  return 1;
}

/* S:distance(other) -> d[, ax, ay, bx, by]: 0 alone when they touch. */
static int distance(lua_State *L, int t) {
  imp_shape ak, bk;
  const void *a = checkself(L, t, "distance", &ak);
  const void *b = imp_checkshape(L, 2, "distance", &bk);
  imp_vec2 pa, pb;
  double d = imp_shape_distance(ak, a, bk, b, &pa, &pb);
  lua_pushnumber(L, d);
  if (d == 0) return 1;
  lua_pushnumber(L, pa.x);
  lua_pushnumber(L, pa.y);
  lua_pushnumber(L, pb.x);
  lua_pushnumber(L, pb.y);
  return 5;
}

/* S:manifold(other[, out]) -> Manifold|nil. */
static int manifold(lua_State *L, int t) {
  imp_shape ak, bk;
  const void *a = checkself(L, t, "manifold", &ak);
  const void *b = imp_checkshape(L, 2, "manifold", &bk);
  int out = imp_optout(L, 3, T_MANIFOLD, "manifold");
  imp_manifold m;
  if (imp_shape_manifold(ak, a, bk, b, &m)) imp_pushmanifold(L, out, &m);
  else lua_pushnil(L);
  return 1;
}

int imp_optturn(lua_State *L, int i, const char *fname, double *dangle) {
  *dangle = 0;
  if (lua_type(L, i) != LUA_TNUMBER) return i;
  *dangle = imp_checknumber(L, i, fname);
  return i + 1;
}

/* S:sweep(moving, delta[, dangle][, out]) -> Sweep: moving translates by
** delta and turns by dangle about its pos. */
static int sweep(lua_State *L, int t) {
  const char *fname = "sweep";
  imp_shape ak, mk;
  const void *a = checkself(L, t, fname, &ak);
  const void *moving = imp_checkshape(L, 2, fname, &mk);
  imp_vec2 delta;
  imp_sweep s;
  double dangle;
  int out = imp_optout(L, imp_optturn(L, imp_checkvec2(L, 3, fname, &delta),
                                      fname, &dangle), T_SWEEP, fname);
  imp_shape_turn_sweep(ak, a, mk, moving, delta.x, delta.y, dangle, &s);
  imp_pushsweep(L, out, 1, &s);
  return 1;
}

/* S:overlap(other[, out]) -> Hit|nil: the push-out for other. */
static int overlap(lua_State *L, int t) {
  imp_shape ak, bk;
  const void *a = checkself(L, t, "overlap", &ak);
  const void *b = imp_checkshape(L, 2, "overlap", &bk);
  int out = imp_optout(L, 3, T_HIT, "overlap");
  imp_hit h;
  if (imp_shape_overlap(ak, a, bk, b, &h)) imp_pushhit(L, out, 1, &h);
  else lua_pushnil(L);
  return 1;
}

/* S:bounds([outAABB]) -> AABB. */
static int bounds(lua_State *L, int t) {
  imp_shape k;
  const void *s = checkself(L, t, "bounds", &k);
  int out = imp_optout(L, 2, T_AABB, "bounds");
  imp_aabb b;
  imp_shape_bounds(k, s, &b);
  if (out) {
    *(imp_aabb *)imp_objectat(L, out) = b;
    lua_pushvalue(L, out);
  } else {
    imp_pushaabb(L, b.pos, b.half);
  }
  return 1;
}

static int intersectpoint(lua_State *L, int t) {
  const char *fname = "intersectPoint";
  imp_shape k;
  const void *s = checkself(L, t, fname, &k);
  imp_vec2 p;
  imp_hit h;
  int out = imp_optout(L, imp_checkvec2(L, 2, fname, &p), T_HIT, fname);
  if (imp_shape_intersect_point(k, s, p.x, p.y, &h)) imp_pushhit(L, out, 1, &h);
  else lua_pushnil(L);
  return 1;
}

static int intersectsegment(lua_State *L, int t) {
  const char *fname = "intersectSegment";
  imp_shape k;
  const void *s = checkself(L, t, fname, &k);
  imp_vec2 pos, delta;
  imp_hit h;
  int out = imp_optout(L, imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos),
                                        fname, &delta), T_HIT, fname);
  if (imp_shape_intersect_segment(k, s, pos.x, pos.y, delta.x, delta.y, &h))
    imp_pushhit(L, out, 1, &h);
  else
    lua_pushnil(L);
  return 1;
}

static int intersectarc(lua_State *L, int t) {
  const char *fname = "intersectArc";
  imp_shape k;
  const void *s = checkself(L, t, fname, &k);
  imp_vec2 pos, velocity, gravity;
  imp_hit h;
  double radius = 0;
  int i = imp_checkvec2(L, imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos),
                                         fname, &velocity), fname, &gravity);
  if (lua_type(L, i) == LUA_TNUMBER) radius = imp_checkradius(L, i++, fname);
  i = imp_optout(L, i, T_HIT, fname);
  if (imp_shape_intersect_arc(k, s, pos.x, pos.y, velocity.x, velocity.y,
                              gravity.x, gravity.y, radius, &h))
    imp_pushhit(L, i, 1, &h);
  else
    lua_pushnil(L);
  return 1;
}

static int clipsegment(lua_State *L, int t) {
  const char *fname = "clipSegment";
  imp_shape k;
  const void *s = checkself(L, t, fname, &k);
  imp_vec2 pos, delta;
  imp_clip c;
  imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos), fname, &delta);
  imp_shape_clip_segment(k, s, pos.x, pos.y, delta.x, delta.y, &c);
  return imp_pushclip(L, &c);
}

static int sweepinto(lua_State *L, int t) { return imp_sweepinto(L, t); }

/* Each type's methods: the functions above with self's type bound. */
#define BIND(f, T, t) static int f##_##t(lua_State *L) { return f(L, T); }
#define BIND_SHAPE(T, t) BIND(intersects, T, t) BIND(distance, T, t) \
  BIND(manifold, T, t) BIND(sweep, T, t) BIND(intersectarc, T, t)
#define BIND_ROUND(T, t) BIND_SHAPE(T, t) BIND(bounds, T, t) \
  BIND(overlap, T, t) \
  BIND(intersectpoint, T, t) BIND(intersectsegment, T, t) \
  BIND(clipsegment, T, t) BIND(sweepinto, T, t)
#define SHAPE_ENTRIES(t) {"intersects", intersects_##t}, \
  {"distance", distance_##t}, {"manifold", manifold_##t}, \
  {"sweep", sweep_##t}, {"intersectArc", intersectarc_##t}
#define ROUND_ENTRIES(t) SHAPE_ENTRIES(t), {"bounds", bounds_##t}, \
  {"overlap", overlap_##t}, {"intersectPoint", intersectpoint_##t}, \
  {"intersectSegment", intersectsegment_##t}, \
  {"clipSegment", clipsegment_##t}, {"sweepInto", sweepinto_##t}

BIND_SHAPE(T_AABB, aabb)
BIND(bounds, T_AABB, aabb)
BIND_SHAPE(T_OBB, obb)
BIND_ROUND(T_CIRCLE, circle)
BIND_ROUND(T_CAPSULE, capsule)
BIND_ROUND(T_POLYGON, polygon)

/* OBB keeps its own bounds (imp_obb_bounds); AABB has none of its own. */
const luaL_Reg imp_shape_methods_aabb[] = {
  SHAPE_ENTRIES(aabb), {"bounds", bounds_aabb}, {NULL, NULL}
};
const luaL_Reg imp_shape_methods_obb[] = {SHAPE_ENTRIES(obb), {NULL, NULL}};
const luaL_Reg imp_shape_methods_circle[] = {ROUND_ENTRIES(circle),
                                             {NULL, NULL}};
const luaL_Reg imp_shape_methods_capsule[] = {ROUND_ENTRIES(capsule),
                                              {NULL, NULL}};
const luaL_Reg imp_shape_methods_polygon[] = {ROUND_ENTRIES(polygon),
                                              {NULL, NULL}};

double imp_fieldradius(lua_State *L, int t) {
  double r = imp_fieldnumber(L, t, "radius");
  if (!(r >= 0)) imp_fielderror(L, t, "radius", "negative radius");
  return r;
}
