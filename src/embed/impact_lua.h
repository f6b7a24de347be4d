/*
** impact for a host that links Lua in: the whole module (the core, the
** binding and the Lua files of lua/impact/, compiled into libimpact.a), and
** what the host needs to share its own objects with scripts.
**
** libimpact.a is built for one Lua (5.1 to 5.4 or LuaJIT, chosen when it is
** built); the host links that Lua itself.
*/
#ifndef IMPACT_LUA_H
#define IMPACT_LUA_H

#ifdef __cplusplus
extern "C" {
#endif

/* Inside the guards, so that a C++ host which includes this header first
** gets Lua's C functions with C linkage as well (as <lua.hpp> gives them). */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "impact.h"

/* Pushes the public module: what require "impact" returns. Calls
** impact_preload first; needs the package library. */
int luaopen_impact(lua_State *L);

/* Puts a loader for every impact module (impact, impact.core, impact.bump
** and the rest) into package.preload, so that require finds them with empty
** package.path and package.cpath. Needs the package library. */
void impact_preload(lua_State *L);

/*
** The host's objects. impact_pushT pushes a new object holding a copy of
** the value (loading impact first if no script has yet); a Hit pushed so
** has no collider. impact_toT returns a pointer to the C struct of the
** object at idx, or NULL when the value there is not one; impact_checkT is
** the same but raises Lua's usual error, "bad argument #1 to 'f' (Hit
** expected, got table)". A pointer stays valid while the object is
** reachable, and writes through it are what scripts see: a Point that views
** a field of a box (box.pos) points into the box, and the Hit of a Sweep
** into the Sweep. An OBB caches the cosine and sine of its angle:
** impact_pushobb works them out from the angle, and a write through a
** pointer changes the angle with imp_obb_set_angle; a Capsule and a
** Polygon likewise (imp_capsule_set_angle, imp_polygon_set_angle). The
** values are not checked, but for a Polygon's vertices: half sizes and
** radii stay non-negative and coordinates finite. impact_pushpolygon
** returns 0 and pushes nothing when the vertices are not a strictly convex
** polygon of 3 to IMP_MAX_VERTICES vertices (imp_polygon_check_vertices),
** 1 when it pushed the Polygon; a write through the pointer keeps them so.
*/
void impact_pushpoint(lua_State *L, imp_vec2 value);
void impact_pushaabb(lua_State *L, imp_aabb value);
void impact_pushobb(lua_State *L, imp_obb value);
void impact_pushhit(lua_State *L, imp_hit value);
void impact_pushsweep(lua_State *L, imp_sweep value);
void impact_pushcircle(lua_State *L, imp_circle value);
void impact_pushcapsule(lua_State *L, imp_capsule value);
int impact_pushpolygon(lua_State *L, imp_polygon value);
void impact_pushmanifold(lua_State *L, imp_manifold value);

imp_vec2 *impact_topoint(lua_State *L, int idx);
imp_aabb *impact_toaabb(lua_State *L, int idx);
imp_obb *impact_toobb(lua_State *L, int idx);
imp_hit *impact_tohit(lua_State *L, int idx);
imp_sweep *impact_tosweep(lua_State *L, int idx);
imp_circle *impact_tocircle(lua_State *L, int idx);
imp_capsule *impact_tocapsule(lua_State *L, int idx);
imp_polygon *impact_topolygon(lua_State *L, int idx);
imp_manifold *impact_tomanifold(lua_State *L, int idx);

imp_vec2 *impact_checkpoint(lua_State *L, int idx);
imp_aabb *impact_checkaabb(lua_State *L, int idx);
imp_obb *impact_checkobb(lua_State *L, int idx);
imp_hit *impact_checkhit(lua_State *L, int idx);
imp_sweep *impact_checksweep(lua_State *L, int idx);
imp_circle *impact_checkcircle(lua_State *L, int idx);
imp_capsule *impact_checkcapsule(lua_State *L, int idx);
imp_polygon *impact_checkpolygon(lua_State *L, int idx);
imp_manifold *impact_checkmanifold(lua_State *L, int idx);

#ifdef __cplusplus
}
#endif

#endif
