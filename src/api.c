/*
** What the LuaJIT fast path (lua/impact/ffi.lua) takes from the module: a
** struct of functions (ffi.lua declares the same, and checks its size), and
** the tables it shares with the C functions.
*/
#include <math.h>

#include "world.h"

/*
** The fast path passes userdata as they are (declared void * there: the
** same in the ABI) and reads them only through these functions, so that it
** never casts a pointer or indexes a struct: either allocates a cdata where
** the JIT does not compile (after an inner loop, or with the JIT off).
*/
static int intersect_point(const imp_aabb *box, double x, double y, Hit *o) {
  return imp_aabb_intersect_point(box, x, y, o->h);
}

/* -1 for a padding that the C function refuses (see aabb.c). */
static int intersect_segment(const imp_aabb *box, double px, double py,
                             double dx, double dy, double padx, double pady,
                             Hit *o) {
  if (!(box->half.x + padx >= 0 && box->half.y + pady >= 0)) return -1;
  return imp_aabb_intersect_segment(box, px, py, dx, dy, padx, pady, o->h);
}

static int intersect_aabb(const imp_aabb *box, const imp_aabb *other, Hit *o) {
  return imp_aabb_intersect_aabb(box, other, o->h);
}

static int sweep_aabb(const imp_aabb *box, const imp_aabb *moving, double dx,
                      double dy, imp_sweep *s) {
  imp_aabb_sweep_aabb(box, moving, dx, dy, s);
  return s->has_hit;
}

static int clip_segment(const imp_aabb *box, double px, double py, double dx,
                        double dy, double t[2]) {
  imp_clip c;
  imp_aabb_clip_segment(box, px, py, dx, dy, &c);
  t[0] = c.t0;
  t[1] = c.t1;
  return c.kind;
}

/* Rectangles of either kind come with their imp_shape: 0 an AABB, 1 an
** OBB (the fast path knows which by the metatable). */
static int intersect_rect(const void *box, int bkind, const void *other,
                          int okind) {
  imp_obb a, b;
  imp_shape_obb((imp_shape)bkind, box, &a);
  imp_shape_obb((imp_shape)okind, other, &b);
  return imp_obb_intersect_obb(&a, &b);
}

static int overlap_rect(const void *box, int bkind, const void *other,
                        int okind, Hit *o) {
  imp_obb a, b;
  imp_shape_obb((imp_shape)bkind, box, &a);
  imp_shape_obb((imp_shape)okind, other, &b);
  return imp_obb_overlap(&a, &b, o->h);
}

static int sweep_rect(const void *box, int bkind, const void *moving,
                      int mkind, double dx, double dy, imp_sweep *s) {
  imp_obb a, b;
  imp_shape_obb((imp_shape)bkind, box, &a);
  imp_shape_obb((imp_shape)mkind, moving, &b);
  imp_obb_sweep_obb(&a, &b, dx, dy, s);
  return s->has_hit;
}

/* moving:sweepInto(colliders, ...) in one call, for a rectangle of either
** kind: the colliders' pointers and kinds, which the fast path puts in
** arrays as it checks the list. AABBs only, swept by an AABB, go through
** the core's loop for them; any other list, a collider at a time, as the C
** function goes. The index of the collider that stops the rectangle, from
** 0, or -1. */
static int sweep_into_rects(const void *moving, int mkind,
                            const void *const *colliders,
                            const unsigned char *kinds, int n, int aabbs,
                            double dx, double dy, imp_sweep *s) {
  int i, found = -1;
  if (aabbs && mkind == IMP_SHAPE_AABB)
    return (int)imp_aabb_sweep_into((const imp_aabb *)moving,
                                    (const imp_aabb *const *)colliders, n,
                                    dx, dy, s);
  imp_sweep_clear_shape(s, (imp_shape)mkind, moving, dx, dy);
  for (i = 0; i < n; i++)
    if (imp_sweep_nearer((imp_shape)kinds[i], colliders[i], (imp_shape)mkind,
                         moving, dx, dy, s))
      found = i;
  return found;
}

static int obb_intersect_point(const imp_obb *box, double x, double y,
                               Hit *o) {
  return imp_obb_intersect_point(box, x, y, o->h);
}

static int obb_intersect_segment(const imp_obb *box, double px, double py,
                                 double dx, double dy, Hit *o) {
  return imp_obb_intersect_segment(box, px, py, dx, dy, o->h);
}

static int obb_clip_segment(const imp_obb *box, double px, double py,
                            double dx, double dy, double t[2]) {
  imp_clip c;
  imp_obb_clip_segment(box, px, py, dx, dy, &c);
  t[0] = c.t0;
  t[1] = c.t1;
  return c.kind;
}

static double obb_angle(const imp_obb *box) { return box->angle; }

/* Sets the angle unless the C __newindex would refuse it; returns whether
** it did. */
static int obb_store_angle(imp_obb *box, double angle) {
  if (!isfinite(angle)) return 0;
  imp_obb_set_angle(box, angle);
  return 1;
}

/* The six points as twelve numbers; r gets t1, s1, t2, s2. */
static int sweep_segment_point(double a0x, double a0y, double a1x,
                               double a1y, double b0x, double b0y,
                               double b1x, double b1y, double c0x,
                               double c0y, double c1x, double c1y,
                               double r[4]) {
  imp_vec2 a0, a1, b0, b1, c0, c1;
  double t[2], s[2];
  int i, n;
  a0.x = a0x, a0.y = a0y, a1.x = a1x, a1.y = a1y;
  b0.x = b0x, b0.y = b0y, b1.x = b1x, b1.y = b1y;
  c0.x = c0x, c0.y = c0y, c1.x = c1x, c1.y = c1y;
  n = imp_sweep_segment_point(a0, a1, b0, b1, c0, c1, t, s);
  for (i = 0; i < n; i++) {
    r[2 * i] = t[i];
    r[2 * i + 1] = s[i];
  }
  return n;
}

static double point_x(const Point *p) { return p->v->x; }
static double point_y(const Point *p) { return p->v->y; }

/* Stores v into coordinate axis (0 for x) unless the C __newindex would
** refuse it; returns whether it did. */
static int point_store(Point *p, int axis, double v) {
  if (!isfinite(v) || (p->nonnegative && !(v >= 0))) return 0;
  if (axis == 0) p->v->x = v;
  else p->v->y = v;
  return 1;
}

static double hit_time(const Hit *h) { return h->h->time; }
static double sweep_time(const imp_sweep *s) { return s->time; }
static int sweep_has_hit(const imp_sweep *s) { return s->has_hit; }

/* A World's own fields come before its methods (world.c), so the fast
** path's __index looks a method up itself only where there are none. */
static int world_hasfields(const World *w) { return w->hasfields; }

/* The fast path fills collision and info tables from the World's pools
** (P_COLS, P_INFOS) and gives them the ones out tables no longer hold, as
** the C functions do. */
static int world_poolslot(World *w, int p, int put) {
  return p == P_COLS || p == P_INFOS ? imp_poolslot(w, p, put) : 0;
}

typedef struct imp_api {
  int (*aabb_intersect_point)(const imp_aabb *, double, double, Hit *);
  int (*aabb_intersect_segment)(const imp_aabb *, double, double, double,
                                double, double, double, Hit *);
  int (*aabb_intersect_aabb)(const imp_aabb *, const imp_aabb *, Hit *);
  int (*aabb_sweep_aabb)(const imp_aabb *, const imp_aabb *, double, double,
                         imp_sweep *);
  int (*aabb_clip_segment)(const imp_aabb *, double, double, double, double,
                           double[2]);
  double (*point_x)(const Point *);
  double (*point_y)(const Point *);
  int (*point_store)(Point *, int, double);
  double (*hit_time)(const Hit *);
  double (*sweep_time)(const imp_sweep *);
  int (*sweep_has_hit)(const imp_sweep *);
  int (*intersect_rect)(const void *, int, const void *, int);
  int (*obb_intersect_obb)(const imp_obb *, const imp_obb *);  /* the core's */
  int (*overlap_rect)(const void *, int, const void *, int, Hit *);
  int (*sweep_rect)(const void *, int, const void *, int, double, double,
                    imp_sweep *);
  int (*sweep_into_rects)(const void *, int, const void *const *,
                          const unsigned char *, int, int, double, double,
                          imp_sweep *);
  int (*obb_intersect_point)(const imp_obb *, double, double, Hit *);
  int (*obb_intersect_segment)(const imp_obb *, double, double, double,
                               double, Hit *);
  int (*obb_clip_segment)(const imp_obb *, double, double, double, double,
                          double[2]);
  double (*obb_angle)(const imp_obb *);
  int (*obb_store_angle)(imp_obb *, double);
  int (*sweep_segment_point)(double, double, double, double, double, double,
                             double, double, double, double, double, double,
                             double[4]);
  int (*world_hasfields)(const World *);
  int (*world_slide)(World *, double, double, double, int, double *);
  int (*world_project)(World *, double, double, double, double, double,
                       double, double, int, double *);
  int (*world_moveto)(World *, double, double, double, double);
  int (*world_query)(World *, int, double, double, double, double, double *);
  int (*world_poolslot)(World *, int, int);
} imp_api;

static const imp_api api = {
  intersect_point, intersect_segment, intersect_aabb, sweep_aabb, clip_segment,
  point_x, point_y, point_store, hit_time, sweep_time, sweep_has_hit,
  intersect_rect, imp_obb_intersect_obb, overlap_rect, sweep_rect,
  sweep_into_rects, obb_intersect_point,
  obb_intersect_segment, obb_clip_segment, obb_angle, obb_store_angle,
  sweep_segment_point, world_hasfields, imp_world_slide, imp_world_project,
  imp_world_moveto, imp_world_query, world_poolslot
};

/* The World's id and item tables (W_IDS, W_ITEMS) and its pools of
** collision and info tables for the fast path, which has checked that the
** argument is a World; nothing when a script replaced them (the debug
** library can). */
static int world_tables(lua_State *L) {
  static const int slots[] = {W_IDS, W_ITEMS, W_POOLS + P_COLS,
                              W_POOLS + P_INFOS};
  int i;
  luaL_checktype(L, 1, LUA_TUSERDATA);
  for (i = 0; i < 4; i++) {
    imp_getslot(L, 1, slots[i]);
    if (!lua_istable(L, -1)) return 0;
  }
  return 4;
}

/* The numbers the fast path needs to read the buffers and the pools. */
static const struct {
  const char *name;
  lua_Integer value;
} constants[] = {
  {"size", (lua_Integer)sizeof api},
  {"slides", IMP_SLIDES}, {"slidevalues", IMP_SLIDE_VALUES},
  {"queryfound", IMP_QUERY_FOUND}, {"querycoords", IMP_QUERY_COORDS},
  {"queryvalues", IMP_QUERY_VALUES},
  {"colpool", P_COLS}, {"infopool", P_INFOS}
};

void imp_pushapi(lua_State *L, int base) {
  const int colliders = base + UP_COLLIDERS - 1;
  const int standins = base + UP_STANDINS - 1, keys = base + UP_KEYS - 1;
  int u;
  lua_createtable(L, 0, 16);
  lua_pushlightuserdata(L, (void *)&api);
  lua_setfield(L, -2, "api");
  lua_pushvalue(L, colliders);
  lua_setfield(L, -2, "colliders");
  lua_pushvalue(L, standins);
  lua_setfield(L, -2, "standins");
  lua_rawgeti(L, keys, K_FILL);
  lua_setfield(L, -2, "fill");
  lua_pushcfunction(L, world_tables);
  lua_setfield(L, -2, "worldtables");
  for (u = 0; u < IMP_NUPVALUES; u++) lua_pushvalue(L, base + u);
  lua_pushcclosure(L, imp_world_arrive, IMP_NUPVALUES);  /* it may err */
  lua_setfield(L, -2, "worldarrive");
  for (u = 0; u < (int)(sizeof constants / sizeof *constants); u++) {
    lua_pushinteger(L, constants[u].value);
    lua_setfield(L, -2, constants[u].name);
  }
}
