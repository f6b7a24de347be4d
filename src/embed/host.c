/*
** The host's objects: impact_pushT, impact_toT, impact_checkT.
**
** The binding's functions find the types' metatables among their upvalues
** (object.h), which a host's C function does not have. So when impact.core
** loads, a closure over the same upvalues is kept in the registry, and the
** host functions make objects by calling it. They know an object as the
** binding does, by its header.
*/
#include "../shapes.h"
#include "embed.h"
#include "impact_lua.h"

#define HOSTKEY "impact.host"

/* What to push, for the closure kept at HOSTKEY. */
typedef struct Push {
  int type;
  const void *value;
} Push;

static int push(lua_State *L) {
  const Push *p = (const Push *)lua_touserdata(L, 1);
  lua_pushnil(L);  /* at 2: the collider of a Hit, which a host's has not */
  switch (p->type) {
    case T_POINT: {
      const imp_vec2 *v = (const imp_vec2 *)p->value;
      imp_newpoint(L, v->x, v->y);
      break;
    }
    case T_AABB: {
      const imp_aabb *b = (const imp_aabb *)p->value;
      imp_pushaabb(L, b->pos, b->half);
      break;
    }
    case T_OBB: imp_pushobb(L, (const imp_obb *)p->value); break;
    case T_HIT: imp_pushhit(L, 0, 2, (const imp_hit *)p->value); break;
    case T_CIRCLE: imp_pushcircle(L, (const imp_circle *)p->value); break;
    case T_CAPSULE: imp_pushcapsule(L, (const imp_capsule *)p->value); break;
    case T_POLYGON: imp_pushpolygon(L, (const imp_polygon *)p->value); break;
    case T_MANIFOLD:
      imp_pushmanifold(L, 0, (const imp_manifold *)p->value);
      break;
    case T_SWEEP: {  /* all of it: the hit part of a miss too */
      const imp_sweep *sweep = (const imp_sweep *)p->value;
      imp_pushsweep(L, 0, 2, sweep);
      *(imp_sweep *)imp_objectat(L, -1) = *sweep;
      break;
    }
  }
  return 1;
}

int imp_opencore(lua_State *L) {
  int module, u;
  luaopen_impact_core(L);
  module = lua_gettop(L);
  lua_getfield(L, module, "type");  /* a closure over the shared upvalues */
  for (u = 1; u <= IMP_NUPVALUES; u++) lua_getupvalue(L, module + 1, u);
  lua_pushcclosure(L, push, IMP_NUPVALUES);
  lua_setfield(L, LUA_REGISTRYINDEX, HOSTKEY);
  lua_settop(L, module);
  return 1;
}

static void pushobject(lua_State *L, int t, const void *value) {
  Push p;
  p.type = t;
  p.value = value;
  lua_getfield(L, LUA_REGISTRYINDEX, HOSTKEY);
  if (lua_isnil(L, -1)) {  /* no script has loaded impact yet */
    lua_pop(L, 1);
    lua_pop(L, luaopen_impact(L));
    lua_getfield(L, LUA_REGISTRYINDEX, HOSTKEY);
  }
  lua_pushlightuserdata(L, &p);
  lua_call(L, 1, 1);
}

static int absindex(lua_State *L, int idx) {
  return idx < 0 && idx > LUA_REGISTRYINDEX ? lua_gettop(L) + idx + 1 : idx;
}

/* luaL_typeerror as Lua 5.4 words it, in every Lua: the host's function is
** the one named. */
static void *typeerror(lua_State *L, int idx, int t) {
  const char *got;
  idx = absindex(L, idx);
  if (luaL_getmetafield(L, idx, "__name") && lua_type(L, -1) == LUA_TSTRING)
    got = lua_tostring(L, -1);
  else
    got = luaL_typename(L, idx);
  luaL_argerror(L, idx, lua_pushfstring(L, "%s expected, got %s",
                                        imp_typenames[t], got));
  return NULL;
}

static void *checkobject(lua_State *L, int idx, int t) {
  void *object = imp_toobject(L, idx, t);
  return object != NULL ? object : typeerror(L, idx, t);
}

IMPACT_PUBLIC void impact_pushpoint(lua_State *L, imp_vec2 value) {
  pushobject(L, T_POINT, &value);
}
IMPACT_PUBLIC void impact_pushaabb(lua_State *L, imp_aabb value) {
  pushobject(L, T_AABB, &value);
}
/* The cosine and sine from the angle, whatever the host left in them: a
** zeroed imp_obb with only its fields set is a rectangle too. */
IMPACT_PUBLIC void impact_pushobb(lua_State *L, imp_obb value) {
  imp_obb_set_angle(&value, value.angle);
  pushobject(L, T_OBB, &value);
}
IMPACT_PUBLIC void impact_pushhit(lua_State *L, imp_hit value) {
  pushobject(L, T_HIT, &value);
}
IMPACT_PUBLIC void impact_pushsweep(lua_State *L, imp_sweep value) {
  pushobject(L, T_SWEEP, &value);
}

IMPACT_PUBLIC void impact_pushcircle(lua_State *L, imp_circle value) {
  pushobject(L, T_CIRCLE, &value);
}
/* Capsules and polygons as OBBs: the cosine and sine from the angle. */
IMPACT_PUBLIC void impact_pushcapsule(lua_State *L, imp_capsule value) {
  imp_capsule_set_angle(&value, value.angle);
  pushobject(L, T_CAPSULE, &value);
}
/* A polygon the binding would refuse (not 3 to IMP_MAX_VERTICES vertices,
** strictly convex) is not pushed: the core relies on it. */
IMPACT_PUBLIC int impact_pushpolygon(lua_State *L, imp_polygon value) {
  if (imp_polygon_check_vertices(value.v, value.count) != IMP_POLYGON_OK)
    return 0;
  imp_polygon_set_angle(&value, value.angle);
  pushobject(L, T_POLYGON, &value);
  return 1;
}
IMPACT_PUBLIC void impact_pushmanifold(lua_State *L, imp_manifold value) {
  pushobject(L, T_MANIFOLD, &value);
}

/* A Point and a Hit may view another object's data: theirs is at ->v, ->h. */
static imp_vec2 *pointvalue(Point *p) { return p != NULL ? p->v : NULL; }
static imp_hit *hitvalue(Hit *h) { return h != NULL ? h->h : NULL; }

IMPACT_PUBLIC imp_vec2 *impact_topoint(lua_State *L, int idx) {
  return pointvalue((Point *)imp_toobject(L, idx, T_POINT));
}
IMPACT_PUBLIC imp_aabb *impact_toaabb(lua_State *L, int idx) {
  return (imp_aabb *)imp_toobject(L, idx, T_AABB);
}
IMPACT_PUBLIC imp_obb *impact_toobb(lua_State *L, int idx) {
  return (imp_obb *)imp_toobject(L, idx, T_OBB);
}
IMPACT_PUBLIC imp_hit *impact_tohit(lua_State *L, int idx) {
  return hitvalue((Hit *)imp_toobject(L, idx, T_HIT));
}
IMPACT_PUBLIC imp_sweep *impact_tosweep(lua_State *L, int idx) {
  return (imp_sweep *)imp_toobject(L, idx, T_SWEEP);
}

IMPACT_PUBLIC imp_circle *impact_tocircle(lua_State *L, int idx) {
  return (imp_circle *)imp_toobject(L, idx, T_CIRCLE);
}
IMPACT_PUBLIC imp_capsule *impact_tocapsule(lua_State *L, int idx) {
  return (imp_capsule *)imp_toobject(L, idx, T_CAPSULE);
}
IMPACT_PUBLIC imp_polygon *impact_topolygon(lua_State *L, int idx) {
  return (imp_polygon *)imp_toobject(L, idx, T_POLYGON);
}
IMPACT_PUBLIC imp_manifold *impact_tomanifold(lua_State *L, int idx) {
  return (imp_manifold *)imp_toobject(L, idx, T_MANIFOLD);
}

IMPACT_PUBLIC imp_vec2 *impact_checkpoint(lua_State *L, int idx) {
  return pointvalue((Point *)checkobject(L, idx, T_POINT));
}
IMPACT_PUBLIC imp_aabb *impact_checkaabb(lua_State *L, int idx) {
  return (imp_aabb *)checkobject(L, idx, T_AABB);
}
IMPACT_PUBLIC imp_obb *impact_checkobb(lua_State *L, int idx) {
  return (imp_obb *)checkobject(L, idx, T_OBB);
}
IMPACT_PUBLIC imp_hit *impact_checkhit(lua_State *L, int idx) {
  return hitvalue((Hit *)checkobject(L, idx, T_HIT));
}
IMPACT_PUBLIC imp_sweep *impact_checksweep(lua_State *L, int idx) {
  return (imp_sweep *)checkobject(L, idx, T_SWEEP);
}
IMPACT_PUBLIC imp_circle *impact_checkcircle(lua_State *L, int idx) {
  return (imp_circle *)checkobject(L, idx, T_CIRCLE);
}
IMPACT_PUBLIC imp_capsule *impact_checkcapsule(lua_State *L, int idx) {
  return (imp_capsule *)checkobject(L, idx, T_CAPSULE);
}
IMPACT_PUBLIC imp_polygon *impact_checkpolygon(lua_State *L, int idx) {
  return (imp_polygon *)checkobject(L, idx, T_POLYGON);
}
IMPACT_PUBLIC imp_manifold *impact_checkmanifold(lua_State *L, int idx) {
  return (imp_manifold *)checkobject(L, idx, T_MANIFOLD);
}
