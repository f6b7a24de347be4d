/*
** What the LuaJIT fast path (lua/impact/ffi.lua) takes from the module: a
** struct of functions (ffi.lua declares the same, and checks its size), and
** the tables it shares with the C functions.
*/
#include <math.h>

#include "object.h"

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
static void copy_hit(Hit *to, const Hit *from) { *to->h = *from->h; }
static double sweep_time(const imp_sweep *s) { return s->time; }
static int sweep_has_hit(const imp_sweep *s) { return s->has_hit; }

typedef struct imp_api {
  int (*aabb_intersect_point)(const imp_aabb *, double, double, Hit *);
  int (*aabb_intersect_segment)(const imp_aabb *, double, double, double,
                                double, double, double, Hit *);
  int (*aabb_intersect_aabb)(const imp_aabb *, const imp_aabb *, Hit *);
  int (*aabb_sweep_aabb)(const imp_aabb *, const imp_aabb *, double, double,
                         imp_sweep *);
  void (*sweep_clear)(imp_sweep *, const imp_aabb *, double, double);
  int (*aabb_sweep_nearer)(const imp_aabb *, const imp_aabb *, double, double,
                           imp_sweep *);
  int (*aabb_clip_segment)(const imp_aabb *, double, double, double, double,
                           double[2]);
  double (*point_x)(const Point *);
  double (*point_y)(const Point *);
  int (*point_store)(Point *, int, double);
  double (*hit_time)(const Hit *);
  void (*copy_hit)(Hit *, const Hit *);
  double (*sweep_time)(const imp_sweep *);
  int (*sweep_has_hit)(const imp_sweep *);
} imp_api;

static const imp_api api = {
  intersect_point, intersect_segment, intersect_aabb, sweep_aabb,
  imp_sweep_clear, imp_aabb_sweep_nearer, clip_segment, point_x, point_y,
  point_store, hit_time, copy_hit, sweep_time, sweep_has_hit
};

void imp_pushapi(lua_State *L, int colliders, int standins) {
  lua_createtable(L, 0, 4);
  lua_pushlightuserdata(L, (void *)&api);
  lua_setfield(L, -2, "api");
  lua_pushinteger(L, (lua_Integer)sizeof api);
  lua_setfield(L, -2, "size");
  lua_pushvalue(L, colliders);
  lua_setfield(L, -2, "colliders");
  lua_pushvalue(L, standins);
  lua_setfield(L, -2, "standins");
}
