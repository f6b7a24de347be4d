/*
** What the LuaJIT fast path (lua/impact/ffi.lua) takes from the module: the
** core's functions, the sizes it checks its declarations against, and the
** tables it shares with the C functions. ffi.lua declares the same struct.
*/
#include <stddef.h>

#include "object.h"

/* The tests that fill a Hit take the Hit object, which may view a hit
** inside a Sweep: the fast path then passes userdata as they are, and
** casts nothing (which would allocate where the JIT does not compile). */
static int intersect_point(const imp_aabb *box, double x, double y, Hit *o) {
  return imp_aabb_intersect_point(box, x, y, o->h);
}

static int intersect_segment(const imp_aabb *box, double px, double py,
                             double dx, double dy, double padx, double pady,
                             Hit *o) {
  return imp_aabb_intersect_segment(box, px, py, dx, dy, padx, pady, o->h);
}

static int intersect_aabb(const imp_aabb *box, const imp_aabb *other, Hit *o) {
  return imp_aabb_intersect_aabb(box, other, o->h);
}

/* ffi.lua declares every object pointer here as void *, the same in the
** ABI, so that it can pass userdata (and its scratch Hit) directly. */
typedef struct imp_api {
  int (*aabb_intersect_point)(const imp_aabb *, double, double, Hit *);
  int (*aabb_intersect_segment)(const imp_aabb *, double, double, double,
                                double, double, double, Hit *);
  int (*aabb_intersect_aabb)(const imp_aabb *, const imp_aabb *, Hit *);
  void (*aabb_sweep_aabb)(const imp_aabb *, const imp_aabb *, double, double,
                          imp_sweep *);
  void (*sweep_clear)(imp_sweep *, const imp_aabb *, double, double);
  int (*aabb_sweep_nearer)(const imp_aabb *, const imp_aabb *, double, double,
                           imp_sweep *);
  imp_clip_kind (*aabb_clip_segment)(const imp_aabb *, double, double, double,
                                     double, imp_clip *);
} imp_api;

static const imp_api api = {
  intersect_point, intersect_segment, intersect_aabb, imp_aabb_sweep_aabb,
  imp_sweep_clear, imp_aabb_sweep_nearer, imp_aabb_clip_segment
};

static void setsize(lua_State *L, const char *name, size_t size) {
  lua_pushinteger(L, (lua_Integer)size);
  lua_setfield(L, -2, name);
}

void imp_pushapi(lua_State *L, int colliders, int standins) {
  lua_createtable(L, 0, 4);
  lua_pushlightuserdata(L, (void *)&api);
  lua_setfield(L, -2, "api");
  lua_pushvalue(L, colliders);
  lua_setfield(L, -2, "colliders");
  lua_pushvalue(L, standins);
  lua_setfield(L, -2, "standins");
  lua_createtable(L, 0, 9);
  setsize(L, "imp_api", sizeof(imp_api));
  setsize(L, "imp_aabb", sizeof(imp_aabb));
  setsize(L, "imp_hit", sizeof(imp_hit));
  setsize(L, "imp_sweep", sizeof(imp_sweep));
  setsize(L, "imp_clip", sizeof(imp_clip));
  setsize(L, "imp_point_object", sizeof(Point));
  setsize(L, "imp_hit_object", sizeof(Hit));
  setsize(L, "Point.nonnegative", offsetof(Point, nonnegative));
  setsize(L, "imp_sweep.has_hit", offsetof(imp_sweep, has_hit));
  lua_setfield(L, -2, "sizes");
}
