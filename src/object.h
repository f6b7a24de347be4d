/*
** What the Lua types share: the type registry, object slots and live views,
** and argument checking with errors in Lua's own style.
*/
#ifndef IMPACT_OBJECT_H
#define IMPACT_OBJECT_H

#include <math.h>

#include "compat.h"
#include "core/impact.h"

/* The Lua types, numbered from 1. */
enum { T_POINT = 1, T_AABB, T_HIT, T_SWEEP, T_OBB, T_WORLD, T_CIRCLE,
       T_CAPSULE, T_POLYGON, T_MANIFOLD, T_COUNT = T_MANIFOLD };

/*
** Every function of the module is a closure over the same upvalues: the
** metatable of each type, its method table (impact.<Type>), then two
** weak-keyed tables that the LuaJIT fast path (lua/impact/ffi.lua) shares:
** the collider of each Hit (used under the 5.1 API only: see hit.c), and
** the set of the fast path's Lua functions, which stand in for the C
** functions they call (see imp_argerror); a third weak-keyed table, the
** owner of each view (imp_setowner); the strings that the World uses as
** keys (imp_keys), so that setting a field costs no string lookup, and the
** function that fills its collision tables (world.h); last, a userdata with
** the ModuleState below.
*/
enum { UP_COLLIDERS = 2 * T_COUNT + 1, UP_STANDINS, UP_OWNERS, UP_KEYS,
       UP_STATE, IMP_NUPVALUES = UP_STATE };
#define IMP_META(t) lua_upvalueindex(t)
#define IMP_METHODS(t) lua_upvalueindex(T_COUNT + (t))
#define IMP_COLLIDERS lua_upvalueindex(UP_COLLIDERS)
#define IMP_STANDINS lua_upvalueindex(UP_STANDINS)
#define IMP_OWNERS lua_upvalueindex(UP_OWNERS)
#define IMP_KEYS lua_upvalueindex(UP_KEYS)

/* What one load of the module in a Lua state knows of all its objects. */
typedef struct ModuleState {
  int worldfields;  /* a script has set a field of its own on some World */
  size_t gccycles;  /* cycles the garbage collector has ended (gccycles.c) */
} ModuleState;
#define IMP_STATE(L) ((ModuleState *)lua_touserdata(L, lua_upvalueindex(UP_STATE)))

/* A Point owns its coordinates, or views another object's (v points into
** the owner, which imp_setowner keeps alive). A view of a box's half size
** accepts only non-negative values. */
typedef struct Point {
  imp_vec2 *v;
  imp_vec2 own;
  int nonnegative;
} Point;

/* A Hit owns its data, or views the hit inside a Sweep. */
typedef struct Hit {
  imp_hit *h;
  imp_hit own;
} Hit;

/* AABB userdata hold an imp_aabb, OBB userdata an imp_obb, Sweep userdata
** an imp_sweep. */

extern const char *const imp_typenames[T_COUNT + 1];

/* Registration of one type (module.c calls these while it builds). */
typedef struct TypeInfo {
  const luaL_Reg *methods;  /* goes into impact.<Type> */
  const luaL_Reg *meta;     /* metamethods */
  lua_CFunction construct;  /* impact.<Type>(...), arguments from 1 */
  const luaL_Reg *const *more;  /* further method lists, NULL-terminated */
  size_t size;              /* of an object's data */
} TypeInfo;
extern const TypeInfo imp_point_type, imp_aabb_type, imp_hit_type,
    imp_sweep_type, imp_obb_type, imp_world_type, imp_circle_type,
    imp_capsule_type, imp_polygon_type, imp_manifold_type;
extern const TypeInfo *const imp_types[T_COUNT + 1];  /* by T_* */
extern const luaL_Reg imp_segpoint_functions[];  /* impact.sweepSegmentPoint */

/*
** An object's userdata starts with this header, which names its type, and
** its data follows. Objects are known by it, not by their metatables: the
** debug library can give an impact metatable to any userdata, whose memory
** is then no object's. A userdata is a t when its block is exactly a
** header and a t's data long and the header names t.
*/
typedef union ObjectHeader {
  const TypeInfo *type;
  double align;  /* the data's alignment */
} ObjectHeader;

/* Objects. */
int imp_typeof(lua_State *L, int i);  /* T_* of the value, 0 if none */
void *imp_toobject(lua_State *L, int i, int t);  /* NULL if not a t */
void *imp_checkobject(lua_State *L, int i, int t, const char *fname);
/* An AABB or OBB at i, its kind in *kind; NULL when it is neither. */
const void *imp_torect(lua_State *L, int i, imp_shape *kind);
void *imp_newobject(lua_State *L, int t, int nslots);  /* its data */
/* The data of the object at i, which the caller has found to be one. */
static inline void *imp_objectat(lua_State *L, int i) {
  return (ObjectHeader *)lua_touserdata(L, i) + 1;
}
Point *imp_newpoint(lua_State *L, double x, double y);
void imp_pushaabb(lua_State *L, imp_vec2 pos, imp_vec2 half);  /* aabb.c */
void imp_pushobb(lua_State *L, const imp_obb *box);  /* obb.c */
/* Pushes the cached Point view of *v kept in slot n of the object at i. */
void imp_pushview(lua_State *L, int i, int n, imp_vec2 *v, int nonnegative);
/* Makes the view at index view keep the object at index owner alive.
** From Lua 5.2 on, the link sits in a weak-keyed table that scripts cannot
** reach (an ephemeron: an owner and its views are collected together), so
** that no debug.setuservalue can free an owner under a living view. Lua 5.1
** has no ephemerons: there a hidden link would keep forever an owner whose
** fields reach its own view, so the link is slot 1 of the view, which
** debug.setfenv can replace (README, "What is not supported"). */
#if LUA_VERSION_NUM == 501
#define IMP_OWNER_SLOTS 1
#else
#define IMP_OWNER_SLOTS 0
#endif
void imp_setowner(lua_State *L, int view, int owner);
/* A clip result as clipSegment returns it: kind, t0, t1 (nil, nil when
** outside). The kind strings stay referenced from the registry (pinned at
** load), so pushing them never allocates. */
int imp_pushclip(lua_State *L, const imp_clip *c);
void imp_pinclipkinds(lua_State *L);
/* Starts counting the garbage collector's cycles into the ModuleState at
** index state (at load). */
void imp_countgccycles(lua_State *L, int state);
/* tostring helpers: "(x, y)" and numbers as Lua prints them. */
void imp_addnumber(luaL_Buffer *b, double v);
void imp_addvec2(luaL_Buffer *b, imp_vec2 v);
/* __index, first step: pushes impact.<Type>[key] and returns 1 when it is
** not nil, else pushes nothing and returns 0. Finding a method needs no
** check of self, which keeps method calls cheap. */
int imp_pushmethod(lua_State *L, int t);
/* The field name at i, or NULL when the key is not a string. */
const char *imp_fieldname(lua_State *L, int i);
/* Field writes (__newindex, the value at 3): a finite number, or a Point
** copied into *v. */
double imp_fieldnumber(lua_State *L, int t, const char *field);
void imp_fieldvec2(lua_State *L, int t, const char *field, imp_vec2 *v,
                   int nonnegative);
int imp_fielderror(lua_State *L, int t, const char *field, const char *msg);
int imp_nofield(lua_State *L, int t);
/* A script's own fields on a shape of type t (self at 1, key at 2), kept
** in slot n: pushes the value (nil when unset), or sets it from index 3.
** Any key but nil, NaN and the name of a method. */
void imp_pushuserfield(lua_State *L, int n);
int imp_setuserfield(lua_State *L, int t, int n);

/* luaL_error, but located at the script's call also when the fast path
** (lua/impact/ffi.lua) called the C function in the script's place. */
int imp_error(lua_State *L, const char *fmt, ...);

/* Arguments. fname is the function's name as Lua code calls it. */
const char *imp_typename(lua_State *L, int i);  /* for "got ..." */
int imp_argerror(lua_State *L, int narg, const char *fname, const char *msg);
int imp_typeerror(lua_State *L, int narg, const char *fname,
                  const char *expected);
/* A finite number at index i. The common case is taken inline, here and
** in imp_checkvec2: under PUC Lua the calls cost sweepSegmentPoint's
** twelve numbers a tenth of its time. */
double imp_checknumber_general(lua_State *L, int i, const char *fname);
static inline double imp_checknumber(lua_State *L, int i, const char *fname) {
  if (lua_type(L, i) == LUA_TNUMBER) {
    double v = lua_tonumber(L, i);
    if (isfinite(v)) return v;
  }
  return imp_checknumber_general(L, i, fname);
}
/* A Point or two numbers from index i into *v; returns the next index. */
int imp_checkvec2_general(lua_State *L, int i, const char *fname,
                          imp_vec2 *v);
static inline int imp_checkvec2(lua_State *L, int i, const char *fname,
                                imp_vec2 *v) {
  if (lua_type(L, i) == LUA_TNUMBER && lua_type(L, i + 1) == LUA_TNUMBER) {
    v->x = lua_tonumber(L, i);
    v->y = lua_tonumber(L, i + 1);
    if (isfinite(v->x) && isfinite(v->y)) return i + 2;
  }
  return imp_checkvec2_general(L, i, fname, v);
}
/* Like imp_checkvec2 for a size: a negative component is an error. */
int imp_checkextent(lua_State *L, int i, const char *fname, imp_vec2 *v,
                    const char *negative);
/* An optional trailing out object of type t at i: its index, or 0 when
** absent or nil. Anything else there is an error. */
int imp_optout(lua_State *L, int i, int t, const char *fname);

/* The module's _ffi table for lua/impact/ffi.lua (api.c), from the shared
** upvalues on the stack from index base (see module.c). */
void imp_pushapi(lua_State *L, int base);

/* Results (hit.c). out is the index of the caller's object or 0 for a new
** one; collider the index of the object that was hit. */
void imp_pushhit(lua_State *L, int out, int collider, const imp_hit *h);
void imp_pushsweep(lua_State *L, int out, int collider, const imp_sweep *s);

/* Sweeps of any rectangle against any (sweep.c), self at 1: the method
** sweep<Moving>(moving, delta[, out]) of a static tbox, and
** sweepInto(colliders, delta[, out]) of a moving tmoving. */
int imp_sweeprect(lua_State *L, int tbox, int tmoving, const char *fname);
int imp_sweepinto(lua_State *L, int tmoving);

/* Static overlap of any rectangle with any (overlap.c), self at 1 of type
** tbox: intersect<Other>(other) -> boolean, and overlap(other[, out]). */
int imp_intersectrect(lua_State *L, int tbox, int tother, const char *fname);
int imp_overlaprect(lua_State *L, int tbox);

#endif
