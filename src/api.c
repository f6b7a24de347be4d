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
**
** It passes each userdata that has the metatable of the type it wants,
** which the debug library can give to any userdata, so each function finds
** the object's data through its header (object.h) and declines (-1, NaN, or
** what it says) where it is no such object: the fast path then calls the C
** function, which refuses it by name. The length of a block is not known
** here, so a userdata shorter than a header (a zero-length one) is read a
** few bytes past its end, into the allocator's bookkeeping that follows
** every block; no other library's userdata is ever written.
*/
#define DECLINED (-1)

static void *data(const void *block, int t) {
  const ObjectHeader *h = (const ObjectHeader *)block;
  return h->type == imp_types[t] ? (void *)(h + 1) : NULL;
}

/* The data of a rectangle of the kind the fast path says (an imp_shape). */
static const void *rect(const void *block, int kind) {
  return data(block, kind == IMP_SHAPE_AABB ? T_AABB : T_OBB);
}

static int intersect_point(const void *box, double x, double y, void *out) {
  const imp_aabb *b = (const imp_aabb *)data(box, T_AABB);
  Hit *o = (Hit *)data(out, T_HIT);
  if (b == NULL || o == NULL) return DECLINED;
  return imp_aabb_intersect_point(b, x, y, o->h);
}

/* Declined also for a padding that the C function refuses (see aabb.c). */
static int intersect_segment(const void *box, double px, double py,
                             double dx, double dy, double padx, double pady,
                             void *out) {
  const imp_aabb *b = (const imp_aabb *)data(box, T_AABB);
  Hit *o = (Hit *)data(out, T_HIT);
  if (b == NULL || o == NULL ||
      !(b->half.x + padx >= 0 && b->half.y + pady >= 0))
    return DECLINED;
  return imp_aabb_intersect_segment(b, px, py, dx, dy, padx, pady, o->h);
}

static int intersect_aabb(const void *box, const void *other, void *out) {
  const imp_aabb *b = (const imp_aabb *)data(box, T_AABB);
  const imp_aabb *c = (const imp_aabb *)data(other, T_AABB);
  Hit *o = (Hit *)data(out, T_HIT);
  if (b == NULL || c == NULL || o == NULL) return DECLINED;
  return imp_aabb_intersect_aabb(b, c, o->h);
}

static int sweep_aabb(const void *box, const void *moving, double dx,
                      double dy, void *out) {
  const imp_aabb *b = (const imp_aabb *)data(box, T_AABB);
  const imp_aabb *m = (const imp_aabb *)data(moving, T_AABB);
  imp_sweep *s = (imp_sweep *)data(out, T_SWEEP);
  if (b == NULL || m == NULL || s == NULL) return DECLINED;
  imp_aabb_sweep_aabb(b, m, dx, dy, s);
  s->angle = 0;  /* the straight sweeps leave the angle to their callers */
  return s->has_hit;
}

/* The kind of a clip (t0, t1 in t), as the core numbers them. */
static int clip_segment(const void *box, double px, double py, double dx,
                        double dy, double t[2]) {
  const imp_aabb *b = (const imp_aabb *)data(box, T_AABB);
  imp_clip c;
  if (b == NULL) return DECLINED;
  imp_aabb_clip_segment(b, px, py, dx, dy, &c);
  t[0] = c.t0;
  t[1] = c.t1;
  return c.kind;
}

/* Rectangles of either kind come with their imp_shape: 0 an AABB, 1 an
** OBB (the fast path knows which by the metatable). Both as OBBs in *a and
** *b, or 0 when either is no rectangle of its kind. */
static int as_obbs(const void *box, int bkind, const void *other, int okind,
                   imp_obb *a, imp_obb *b) {
  const void *p = rect(box, bkind), *q = rect(other, okind);
  if (p == NULL || q == NULL) return 0;
  imp_shape_obb((imp_shape)bkind, p, a);
  imp_shape_obb((imp_shape)okind, q, b);
  return 1;
}

static int intersect_rect(const void *box, int bkind, const void *other,
                          int okind) {
  imp_obb a, b;
  if (!as_obbs(box, bkind, other, okind, &a, &b)) return DECLINED;
  return imp_obb_intersect_obb(&a, &b);
}

/* Two OBBs without copies. */
static int obb_intersect_obb(const void *box, const void *other) {
  const imp_obb *b = (const imp_obb *)data(box, T_OBB);
  const imp_obb *c = (const imp_obb *)data(other, T_OBB);
  if (b == NULL || c == NULL) return DECLINED;
  return imp_obb_intersect_obb(b, c);
}

static int sweep_rect(const void *box, int bkind, const void *moving,
                      int mkind, double dx, double dy, void *out) {
  imp_sweep *s = (imp_sweep *)data(out, T_SWEEP);
  imp_obb a, b;
  if (s == NULL || !as_obbs(box, bkind, moving, mkind, &a, &b))
    return DECLINED;
  imp_obb_sweep_obb(&a, &b, dx, dy, s);
  s->angle = b.angle;
  return s->has_hit;
}

/* moving:sweepInto(colliders, ...) in one call, for a rectangle of either
** kind: the colliders' userdata and kinds, which the fast path puts in
** arrays as it checks the list; each userdata becomes its data here, in
** place. AABBs only, swept by an AABB, go through the core's loop for them;
** any other list, a collider at a time, as the C function goes. The index
** of the collider that stops the rectangle, from 0, or -1; -2 declined. */
static int sweep_into_rects(const void *moving, int mkind,
                            const void **colliders,
                            const unsigned char *kinds, int n, int aabbs,
                            double dx, double dy, void *out) {
  const void *m = rect(moving, mkind);
  imp_sweep *s = (imp_sweep *)data(out, T_SWEEP);
  int i, found = -1;
  if (m == NULL || s == NULL) return -2;
  for (i = 0; i < n; i++)
    if ((colliders[i] = rect(colliders[i], kinds[i])) == NULL) return -2;
  if (aabbs && mkind == IMP_SHAPE_AABB) {
    found = (int)imp_aabb_sweep_into((const imp_aabb *)m,
                                     (const imp_aabb *const *)colliders, n,
                                     dx, dy, s);
  } else {
    imp_sweep_clear_shape(s, (imp_shape)mkind, m, dx, dy);
    for (i = 0; i < n; i++)
      if (imp_sweep_nearer((imp_shape)kinds[i], colliders[i],
                           (imp_shape)mkind, m, dx, dy, s))
        found = i;
  }
  s->angle = imp_shape_angle((imp_shape)mkind, m);
  return found;
}

static int obb_intersect_point(const void *box, double x, double y,
                               void *out) {
  const imp_obb *b = (const imp_obb *)data(box, T_OBB);
  Hit *o = (Hit *)data(out, T_HIT);
  if (b == NULL || o == NULL) return DECLINED;
  return imp_obb_intersect_point(b, x, y, o->h);
}

static int obb_intersect_segment(const void *box, double px, double py,
                                 double dx, double dy, void *out) {
  const imp_obb *b = (const imp_obb *)data(box, T_OBB);
  Hit *o = (Hit *)data(out, T_HIT);
  if (b == NULL || o == NULL) return DECLINED;
  return imp_obb_intersect_segment(b, px, py, dx, dy, o->h);
}

static int obb_clip_segment(const void *box, double px, double py,
                            double dx, double dy, double t[2]) {
  const imp_obb *b = (const imp_obb *)data(box, T_OBB);
  imp_clip c;
  if (b == NULL) return DECLINED;
  imp_obb_clip_segment(b, px, py, dx, dy, &c);
  t[0] = c.t0;
  t[1] = c.t1;
  return c.kind;
}

/* Field reads: NaN declines, which no angle, time or Hit's time is (a
** Point's coordinate may be: the C function then reads it again). */
static double obb_angle(const void *box) {
  const imp_obb *b = (const imp_obb *)data(box, T_OBB);
  return b != NULL ? b->angle : NAN;
}

/* Sets the angle unless the C __newindex would refuse it; returns whether
** it did. */
static int obb_store_angle(void *box, double angle) {
  imp_obb *b = (imp_obb *)data(box, T_OBB);
  if (b == NULL || !isfinite(angle)) return 0;
  imp_obb_set_angle(b, angle);
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

static double point_x(const void *point) {
  const Point *p = (const Point *)data(point, T_POINT);
  return p != NULL ? p->v->x : NAN;
}

static double point_y(const void *point) {
  const Point *p = (const Point *)data(point, T_POINT);
  return p != NULL ? p->v->y : NAN;
}

/* Stores v into coordinate axis (0 for x) unless the C __newindex would
** refuse it; returns whether it did. */
static int point_store(void *point, int axis, double v) {
  Point *p = (Point *)data(point, T_POINT);
  if (p == NULL || !isfinite(v) || (p->nonnegative && !(v >= 0))) return 0;
  if (axis == 0) p->v->x = v;
  else p->v->y = v;
  return 1;
}

static double hit_time(const void *hit) {
  const Hit *h = (const Hit *)data(hit, T_HIT);
  return h != NULL ? h->h->time : NAN;
}

static double sweep_time(const void *sweep) {
  const imp_sweep *s = (const imp_sweep *)data(sweep, T_SWEEP);
  return s != NULL ? s->time : NAN;
}

static int sweep_has_hit(const void *sweep) {
  const imp_sweep *s = (const imp_sweep *)data(sweep, T_SWEEP);
  return s != NULL ? s->has_hit : DECLINED;
}

/* A World's own fields come before its methods (world.c), so the fast
** path's __index looks a method up itself only where there are none. */
static int world_hasfields(const void *world) {
  const World *w = (const World *)data(world, T_WORLD);
  return w != NULL ? w->hasfields : DECLINED;
}

/* The World's functions for the fast path (worldmove.c, worldquery.c),
** declining anything that is not a World as they decline what they do not
** resolve alone. */
static int world_slide(void *world, double id, double goalx, double goaly,
                       int most, double *r) {
  World *w = (World *)data(world, T_WORLD);
  return w != NULL ? imp_world_slide(w, id, goalx, goaly, most, r) : DECLINED;
}

static int world_project(void *world, double id, double x, double y,
                         double width, double height, double goalx,
                         double goaly, int most, double *r) {
  World *w = (World *)data(world, T_WORLD);
  if (w == NULL) return DECLINED;
  return imp_world_project(w, id, x, y, width, height, goalx, goaly, most, r);
}

/* 0, as a World that changed meanwhile: worldarrive then checks it. */
static int world_moveto(void *world, double id, double x, double y,
                        double changes) {
  World *w = (World *)data(world, T_WORLD);
  return w != NULL ? imp_world_moveto(w, id, x, y, changes) : 0;
}

static int world_query(void *world, int kind, double a, double b, double c,
                       double d, double *r) {
  World *w = (World *)data(world, T_WORLD);
  return w != NULL ? imp_world_query(w, kind, a, b, c, d, r) : DECLINED;
}

/* The fast path fills collision and info tables from the World's pools
** (P_COLS, P_INFOS) and gives them the ones out tables no longer hold, as
** the C functions do. */
static int world_poolslot(void *world, int p, int put) {
  World *w = (World *)data(world, T_WORLD);
  if (w == NULL || !(p == P_COLS || p == P_INFOS)) return 0;
  return imp_poolslot(w, p, put);
}

/* Any shape of the kind the fast path says (an imp_shape), for the tests
** of every shape against every other (src/shapes.c's methods). */
static const void *shape(const void *block, int kind) {
  static const int types[] = {T_AABB, T_OBB, T_CIRCLE, T_CAPSULE, T_POLYGON};
  return kind >= 0 && kind < 5 ? data(block, types[kind]) : NULL;
}

static int shape_intersects(const void *a, int akind, const void *b,
                            int bkind) {
  const void *p = shape(a, akind), *q = shape(b, bkind);
  if (p == NULL || q == NULL) return DECLINED;
  return imp_shape_intersects((imp_shape)akind, p, (imp_shape)bkind, q);
}

static int shape_overlap(const void *a, int akind, const void *b, int bkind,
                         void *out) {
  const void *p = shape(a, akind), *q = shape(b, bkind);
  Hit *o = (Hit *)data(out, T_HIT);
  if (p == NULL || q == NULL || o == NULL) return DECLINED;
  return imp_shape_overlap((imp_shape)akind, p, (imp_shape)bkind, q, o->h);
}

/* The distance, and in r the closest pair; NaN, which no distance is,
** when declined. */
static double shape_distance(const void *a, int akind, const void *b,
                             int bkind, double r[4]) {
  const void *p = shape(a, akind), *q = shape(b, bkind);
  imp_vec2 pa, pb;
  double d;
  if (p == NULL || q == NULL) return NAN;
  d = imp_shape_distance((imp_shape)akind, p, (imp_shape)bkind, q, &pa, &pb);
  if (d != 0) {
    r[0] = pa.x, r[1] = pa.y;
    r[2] = pb.x, r[3] = pb.y;
  }
  return d;
}

static int shape_intersect_point(const void *a, int kind, double x, double y,
                                 void *out) {
  const void *p = shape(a, kind);
  Hit *o = (Hit *)data(out, T_HIT);
  if (p == NULL || o == NULL) return DECLINED;
  return imp_shape_intersect_point((imp_shape)kind, p, x, y, o->h);
}

static int shape_intersect_segment(const void *a, int kind, double px,
                                   double py, double dx, double dy,
                                   void *out) {
  const void *p = shape(a, kind);
  Hit *o = (Hit *)data(out, T_HIT);
  if (p == NULL || o == NULL) return DECLINED;
  return imp_shape_intersect_segment((imp_shape)kind, p, px, py, dx, dy,
                                     o->h);
}

/* Into the Sweep as the C function puts it (hit.c): a miss leaves its hit
** part as it was. */
static int shape_sweep(const void *a, int akind, const void *moving,
                       int mkind, double dx, double dy, void *out) {
  const void *p = shape(a, akind), *m = shape(moving, mkind);
  imp_sweep *o = (imp_sweep *)data(out, T_SWEEP), s;
  if (p == NULL || m == NULL || o == NULL) return DECLINED;
  imp_shape_sweep((imp_shape)akind, p, (imp_shape)mkind, m, dx, dy, &s);
  o->pos = s.pos;
  o->time = s.time;
  o->angle = imp_shape_angle((imp_shape)mkind, m);
  o->has_hit = s.has_hit;
  if (s.has_hit) o->hit = s.hit;
  return s.has_hit;
}

/* Into the Manifold as the C function puts it (manifold.c): a second
** point only when there is one; a miss leaves it as it was. */
static int shape_manifold(const void *a, int akind, const void *b, int bkind,
                          void *out) {
  const void *p = shape(a, akind), *q = shape(b, bkind);
  imp_manifold *o = (imp_manifold *)data(out, T_MANIFOLD), m;
  if (p == NULL || q == NULL || o == NULL) return DECLINED;
  if (!imp_shape_manifold((imp_shape)akind, p, (imp_shape)bkind, q, &m))
    return 0;
  o->normal = m.normal;
  o->count = m.count;
  o->point[0] = m.point[0];
  o->depth[0] = m.depth[0];
  if (m.count == 2) {
    o->point[1] = m.point[1];
    o->depth[1] = m.depth[1];
  }
  return 1;
}

/* As clip_segment, for any shape. */
static int shape_clip_segment(const void *a, int kind, double px, double py,
                              double dx, double dy, double t[2]) {
  const void *p = shape(a, kind);
  imp_clip c;
  if (p == NULL) return DECLINED;
  imp_shape_clip_segment((imp_shape)kind, p, px, py, dx, dy, &c);
  t[0] = c.t0;
  t[1] = c.t1;
  return c.kind;
}

static double manifold_count(const void *manifold) {
  const imp_manifold *m = (const imp_manifold *)data(manifold, T_MANIFOLD);
  return m != NULL ? m->count : NAN;
}

/* Point i (from 1) into r as x, y, depth; declined also for an index the
** C function refuses. */
static int manifold_point(const void *manifold, double i, double r[3]) {
  const imp_manifold *m = (const imp_manifold *)data(manifold, T_MANIFOLD);
  if (m == NULL || !(i >= 1 && i <= m->count && i == (double)(int)i))
    return DECLINED;
  r[0] = m->point[(int)i - 1].x;
  r[1] = m->point[(int)i - 1].y;
  r[2] = m->depth[(int)i - 1];
  return 1;
}

typedef struct imp_api {
  int (*aabb_intersect_point)(const void *, double, double, void *);
  int (*aabb_intersect_segment)(const void *, double, double, double, double,
                                double, double, void *);
  int (*aabb_intersect_aabb)(const void *, const void *, void *);
  int (*aabb_sweep_aabb)(const void *, const void *, double, double, void *);
  int (*aabb_clip_segment)(const void *, double, double, double, double,
                           double[2]);
  double (*point_x)(const void *);
  double (*point_y)(const void *);
  int (*point_store)(void *, int, double);
  double (*hit_time)(const void *);
  double (*sweep_time)(const void *);
  int (*sweep_has_hit)(const void *);
  int (*intersect_rect)(const void *, int, const void *, int);
  int (*obb_intersect_obb)(const void *, const void *);
  int (*sweep_rect)(const void *, int, const void *, int, double, double,
                    void *);
  int (*sweep_into_rects)(const void *, int, const void **,
                          const unsigned char *, int, int, double, double,
                          void *);
  int (*obb_intersect_point)(const void *, double, double, void *);
  int (*obb_intersect_segment)(const void *, double, double, double, double,
                               void *);
  int (*obb_clip_segment)(const void *, double, double, double, double,
                          double[2]);
  double (*obb_angle)(const void *);
  int (*obb_store_angle)(void *, double);
  int (*sweep_segment_point)(double, double, double, double, double, double,
                             double, double, double, double, double, double,
                             double[4]);
  int (*world_hasfields)(const void *);
  int (*world_slide)(void *, double, double, double, int, double *);
  int (*world_project)(void *, double, double, double, double, double,
                       double, double, int, double *);
  int (*world_moveto)(void *, double, double, double, double);
  int (*world_query)(void *, int, double, double, double, double, double *);
  int (*world_poolslot)(void *, int, int);
  int (*shape_intersects)(const void *, int, const void *, int);
  int (*shape_overlap)(const void *, int, const void *, int, void *);
  double (*shape_distance)(const void *, int, const void *, int, double[4]);
  int (*shape_intersect_point)(const void *, int, double, double, void *);
  int (*shape_intersect_segment)(const void *, int, double, double, double,
                                 double, void *);
  int (*shape_sweep)(const void *, int, const void *, int, double, double,
                     void *);
  int (*shape_manifold)(const void *, int, const void *, int, void *);
  int (*shape_clip_segment)(const void *, int, double, double, double, double,
                            double[2]);
  double (*manifold_count)(const void *);
  int (*manifold_point)(const void *, double, double[3]);
} imp_api;

static const imp_api api = {
  intersect_point, intersect_segment, intersect_aabb, sweep_aabb, clip_segment,
  point_x, point_y, point_store, hit_time, sweep_time, sweep_has_hit,
  intersect_rect, obb_intersect_obb, sweep_rect,
  sweep_into_rects, obb_intersect_point,
  obb_intersect_segment, obb_clip_segment, obb_angle, obb_store_angle,
  sweep_segment_point, world_hasfields, world_slide, world_project,
  world_moveto, world_query, world_poolslot, shape_intersects, shape_overlap,
  shape_distance, shape_intersect_point, shape_intersect_segment, shape_sweep,
  shape_manifold, shape_clip_segment, manifold_count, manifold_point
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
