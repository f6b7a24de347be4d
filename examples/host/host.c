/*
** A host that links impact in, as a game engine with Lua scripting does:
** it opens Lua, preloads impact, empties the search paths, plays game.lua,
** and shares objects with it through impact_lua.h. The same file builds as
** C and as C++.
**   host game.lua
** Prints what it saw and exits 0, or says which check failed and exits 1.
** It plays with every standard library open (under LuaJIT twice, with the
** JIT on and off), then once more as a sandboxing host, without io, os and
** debug. First it runs a World of shapes through the core alone, as a C
** game without Lua does (coreworld, README.md).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
#include <lua.hpp>
#else
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#endif

#include "impact_lua.h"

#define CHECK(L, cond) \
  ((cond) ? (void)0 : (void)luaL_error(L, "%s:%d: %s", __FILE__, __LINE__, #cond))

static imp_hit hitread;  /* what the script last handed to host_read */

/* host_read(hit): the host's own function, taking an impact object. */
static int host_read(lua_State *L) {
  hitread = *impact_checkhit(L, 1);
  return 0;
}

/* Calls the script's global function name with nargs arguments from the
** stack; leaves nresults. */
static void call(lua_State *L, const char *name, int nargs, int nresults) {
  lua_getglobal(L, name);
  lua_insert(L, -nargs - 1);
  lua_call(L, nargs, nresults);
}

static int endswith(const char *s, const char *end) {
  size_t n = strlen(s), m = strlen(end);
  return n >= m && strcmp(s + n - m, end) == 0;
}

static int vec2is(imp_vec2 v, double x, double y) { return v.x == x && v.y == y; }

/* The host's wall in the script, the script's box moved by the host, and
** the Hit read back. Returns the box. */
static imp_aabb *collide(lua_State *L) {
  imp_aabb *wall, *player;
  imp_vec2 *pos;
  lua_getglobal(L, "wall");
  wall = impact_checkaabb(L, -1);
  CHECK(L, vec2is(wall->pos, 10, 0) && vec2is(wall->half, 2, 2));
  lua_getglobal(L, "player");
  player = impact_checkaabb(L, -1);
  CHECK(L, vec2is(player->pos, 0, 0) && vec2is(player->half, 1, 1));
  lua_pop(L, 2);  /* the globals keep both alive */

  player->pos.x = 7.5;  /* into the wall, by 0.5 */
  call(L, "collide", 0, 0);
  CHECK(L, vec2is(hitread.pos, 8, 0) && vec2is(hitread.delta, -0.5, 0));
  CHECK(L, vec2is(hitread.normal, -1, 0) && hitread.time == 0);
  printf("  hit: pos (%g, %g), delta (%g, %g), normal (%g, %g), time %g\n",
         hitread.pos.x, hitread.pos.y, hitread.delta.x, hitread.delta.y,
         hitread.normal.x, hitread.normal.y, hitread.time);

  /* player.pos is a view: its pointer is the box's own pos. */
  luaL_loadstring(L, "return player.pos");
  lua_call(L, 0, 1);
  pos = impact_topoint(L, -1);
  lua_pop(L, 1);
  CHECK(L, pos == &player->pos);
  pos->x = 0;
  return player;
}

/* The script moves the box in a bump World; the host sees where it ended. */
static void walk(lua_State *L, const imp_aabb *player) {
  lua_pushnumber(L, 20);
  call(L, "walk", 1, 2);
  CHECK(L, lua_tointeger(L, -2) == 1 && lua_toboolean(L, -1));
  lua_pop(L, 2);
  CHECK(L, vec2is(player->pos, 7, 0));  /* stopped against the wall */
  printf("  walk: stopped at (%g, %g)\n", player->pos.x, player->pos.y);
}

/* host_read given the value on top of the stack (popped), by the script. */
static void misuse(lua_State *L, const char *got) {
  char expected[80];
  snprintf(expected, sizeof expected,
           ": bad argument #1 to 'host_read' (Hit expected, got %s)", got);
  call(L, "misuse", 1, 1);
  CHECK(L, endswith(lua_tostring(L, -1), expected));
  printf("  misuse: %s\n", lua_tostring(L, -1));
  lua_pop(L, 1);
}

/* One object of each type from the host, as scripts see them; the views
** of a pushed Sweep point into it. */
static void share(lua_State *L) {
  imp_vec2 point = {1, 2};
  imp_aabb aabb = {{1, 2}, {3, 4}};
  imp_obb obb = {{1, 2}, {3, 4}, 0, 0, 0};  /* the push caches cos and sin */
  imp_hit hit = {{1, 2}, {3, 4}, {0, -1}, 0.5};
  imp_sweep sweep;
  int top = lua_gettop(L);
  memset(&sweep, 0, sizeof sweep);  /* padding too, for memcmp */
  sweep.hit = hit;
  sweep.pos.x = 5;
  sweep.pos.y = 6;
  sweep.time = 0.5;
  sweep.has_hit = 1;
  impact_pushpoint(L, point);
  impact_pushaabb(L, aabb);
  impact_pushobb(L, obb);
  impact_pushhit(L, hit);
  impact_pushsweep(L, sweep);
  imp_obb_set_angle(&obb, obb.angle);
  CHECK(L, memcmp(impact_topoint(L, top + 1), &point, sizeof point) == 0);
  CHECK(L, memcmp(impact_toaabb(L, top + 2), &aabb, sizeof aabb) == 0);
  CHECK(L, memcmp(impact_toobb(L, top + 3), &obb, sizeof obb) == 0);
  CHECK(L, memcmp(impact_tohit(L, top + 4), &hit, sizeof hit) == 0);
  CHECK(L, memcmp(impact_tosweep(L, -1), &sweep, sizeof sweep) == 0);
  CHECK(L, impact_topoint(L, top + 2) == NULL && impact_toaabb(L, top + 3) == NULL);
  CHECK(L, impact_tohit(L, -1) == NULL && impact_tosweep(L, top + 4) == NULL);
  CHECK(L, impact_toobb(L, top + 1) == NULL && impact_toaabb(L, top + 6) == NULL);
  impact_toobb(L, top + 3)->pos.x = -1;  /* scripts see the host's writes */

  luaL_loadstring(L, "local sweep = ... return sweep.hit");
  lua_pushvalue(L, -2);
  lua_call(L, 1, 1);
  CHECK(L, impact_checkhit(L, -1) == &impact_tosweep(L, -2)->hit);
  lua_pop(L, 1);

  call(L, "show", 5, 1);
  CHECK(L, strcmp(lua_tostring(L, -1),
                  "Point(1, 2)\n"
                  "AABB(pos=(1, 2), half=(3, 4))\n"
                  "OBB(pos=(-1, 2), half=(3, 4), angle=0)\n"
                  "Hit(pos=(1, 2), delta=(3, 4), normal=(0, -1), time=0.5)\n"
                  "Sweep(pos=(5, 6), time=0.5, hit=Hit(pos=(1, 2), delta=(3, 4), "
                  "normal=(0, -1), time=0.5))") == 0);
  lua_pop(L, 1);

  sweep.has_hit = 0;  /* a miss: its hit part is copied all the same */
  impact_pushsweep(L, sweep);
  CHECK(L, memcmp(impact_checksweep(L, -1), &sweep, sizeof sweep) == 0);
  lua_pop(L, 1);
}

/* The shapes from the host: a circle resting 0.5 deep on a polygon, and a
** capsule; the script's manifold of the two comes back as the host's. */
static void shapes(lua_State *L) {
  imp_circle circle = {{0, 1.5}, 1};
  imp_capsule capsule = {{0, 0}, 0, 0, 0, {-1, 0}, {1, 0}, 0.5};
  imp_polygon box, bent;
  imp_manifold *m;
  int top = lua_gettop(L);
  static const imp_vec2 corners[] = {{-2, -1}, {2, -1}, {2, 1}, {-2, 1}};
  memset(&box, 0, sizeof box);  /* padding too, for memcmp */
  box.count = 4;
  memcpy(box.v, corners, sizeof corners);
  bent = box;
  bent.v[2].x = 0;  /* (2, -1), (0, -0.5), (-2, 1): a reflex corner */
  bent.v[2].y = -0.5;
  CHECK(L, impact_pushpolygon(L, bent) == 0 && lua_gettop(L) == top);
  impact_pushcircle(L, circle);
  impact_pushcapsule(L, capsule);
  CHECK(L, impact_pushpolygon(L, box) == 1);
  imp_capsule_set_angle(&capsule, capsule.angle);
  imp_polygon_set_angle(&box, box.angle);
  CHECK(L, memcmp(impact_tocircle(L, top + 1), &circle, sizeof circle) == 0);
  CHECK(L, memcmp(impact_tocapsule(L, top + 2), &capsule, sizeof capsule) == 0);
  CHECK(L, memcmp(impact_topolygon(L, top + 3), &box, sizeof box) == 0);
  CHECK(L, impact_tocircle(L, top + 2) == NULL && impact_topolygon(L, top + 1) == NULL);

  /* The circle's bottom is at 0.5, the box's top at 1: one point midway,
  ** at (0, 0.75), 0.5 deep, the normal up from the box. */
  lua_getglobal(L, "rest");
  lua_pushvalue(L, top + 3);
  lua_pushvalue(L, top + 1);
  lua_call(L, 2, 1);
  m = impact_checkmanifold(L, -1);
  CHECK(L, m->count == 1 && vec2is(m->normal, 0, 1));
  CHECK(L, vec2is(m->point[0], 0, 0.75) && m->depth[0] == 0.5);
  impact_pushmanifold(L, *m);
  CHECK(L, memcmp(impact_tomanifold(L, -1), m, sizeof *m) == 0);

  lua_settop(L, top + 3);
  call(L, "show", 3, 1);
  CHECK(L, strcmp(lua_tostring(L, -1),
                  "Circle(pos=(0, 1.5), radius=1)\n"
                  "Capsule(a=(-1, 0), b=(1, 0), radius=0.5, pos=(0, 0), angle=0)\n"
                  "Polygon(count=4, pos=(0, 0), angle=0)") == 0);
  printf("  shapes: %s\n", "a circle resting on the host's polygon, 0.5 deep");
  lua_settop(L, top);
}

/* Lua's memory, from the host: so a memory checker built into the host
** (AddressSanitizer) sees every object, impact's included. */
static void *allocate(void *ud, void *block, size_t size, size_t newsize) {
  (void)ud;
  (void)size;
  if (newsize == 0) {
    free(block);
    return NULL;
  }
  return realloc(block, newsize);
}

/*
** A World of shapes from C alone, as a game without Lua has it (README.md):
** the core's grid holds every item, a bump rectangle or a copy of a shape,
** and imp_grid_slide is world:move when every collision slides; the host
** then moves the item.
** y grows down. A ball of radius 8 falls onto a floor of two 32-wide tiles,
** a rectangle (0..32) and a square polygon (32..64), then rolls 8 a frame
** over the seam at x = 32, pressed down by 1 a frame.
*/
#define EXPECT(cond)                                      \
  do {                                                    \
    if (!(cond)) {                                        \
      printf("core World: %d: %s\n", __LINE__, #cond);    \
      return 0;                                           \
    }                                                     \
  } while (0)

static int close_to(double a, double b) {
  return a - b < 1e-12 && b - a < 1e-12;
}

/* Puts the shape item id at pos. */
static int place(imp_grid *g, size_t id, imp_shape kind, void *shape,
                 imp_vec2 pos) {
  imp_any_shape moved;
  imp_shape_moved(kind, shape, pos, &moved);
  return imp_grid_update_shape(g, id, kind, &moved);
}

static int rolling(imp_grid *g) {
  static const imp_vec2 corners[] = {{-16, -16}, {16, -16}, {16, 16},
                                     {-16, 16}};
  imp_rect left = {0, 100, 32, 32};
  imp_polygon right;
  imp_circle ball = {{16, 50}, 8};
  imp_grid_collision cols[4];
  imp_vec2 goal;
  size_t floor, tile, id;
  int frame, n, k;
  memset(&right, 0, sizeof right);
  right.pos.x = 48;
  right.pos.y = 116;
  right.count = 4;
  memcpy(right.v, corners, sizeof corners);
  imp_polygon_set_angle(&right, 0);
  EXPECT(imp_grid_add(g, &left, &floor) &&
         imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &right, &tile) &&
         imp_grid_add_shape(g, IMP_SHAPE_CIRCLE, &ball, &id));

  /* The fall: the ball's bottom (58) meets the floor (100) at t = 42 / 50,
  ** the sweep stops IMP_EPSILON of time short, 5e-7 above; sliding along
  ** the floor it stays there. itemRect is the ball's bounds. */
  goal.x = 16;
  goal.y = 100;
  n = imp_grid_slide(g, id, &goal, cols, 4);
  EXPECT(n == 1 && cols[0].id == floor && !cols[0].c.overlaps);
  EXPECT(close_to(cols[0].c.ti, 0.84 - IMP_EPSILON));
  EXPECT(vec2is(cols[0].c.normal, 0, -1));
  EXPECT(goal.x == 16 && close_to(goal.y, 92 - 50 * IMP_EPSILON));
  EXPECT(vec2is(cols[0].slide, goal.x, goal.y));
  EXPECT(cols[0].item.x == 8 && cols[0].item.y == 42);
  EXPECT(place(g, id, IMP_SHAPE_CIRCLE, &ball, goal));

  /* Rolling: the first frame closes the gap at t = 5e-7 and stops 1e-8
  ** above; from then on each frame starts IMP_EPSILON of time from the
  ** floor and slides the whole 8 along it. The third crosses the seam: the
  ** rectangle's corner, then the polygon's top, never a snag. */
  for (frame = 1; frame <= 5; frame++) {
    imp_item_shape now;
    imp_any_shape at;
    EXPECT(imp_grid_shape(g, id, &now));
    goal.x = 16 + 8 * frame;
    goal.y = now.shape.circle.pos.y + 1;
    n = imp_grid_slide(g, id, &goal, cols, 4);
    EXPECT(n == (frame == 3 ? 2 : 1));
    EXPECT(frame != 1 || close_to(cols[0].c.ti, 5e-7 - IMP_EPSILON));
    for (k = 0; k < n; k++)
      EXPECT(cols[k].c.normal.y < -0.99999999 && cols[k].c.ti < 0.2);
    EXPECT(cols[n - 1].id == (frame < 3 ? floor : tile));
    EXPECT(goal.x - (16 + 8 * frame) < 1e-7 && goal.x >= 16 + 8 * frame);
    EXPECT(goal.y >= 92 - IMP_EPSILON && goal.y <= 92);
    EXPECT(place(g, id, IMP_SHAPE_CIRCLE, &ball, goal));
    imp_shape_moved(IMP_SHAPE_CIRCLE, &ball, goal, &at);
    EXPECT(!imp_shape_intersects(IMP_SHAPE_CIRCLE, &at, IMP_SHAPE_POLYGON,
                                 &right) &&
           !imp_shape_meets_rect(IMP_SHAPE_CIRCLE, &at, &left));
  }
  return 1;
}

/* The core World's run, its memory the host's; returns whether it passed. */
static int coreworld(void) {
  imp_grid *g = imp_grid_new_alloc(64, allocate, NULL);
  int ok;
  if (g == NULL) return 0;
  ok = rolling(g);
  imp_grid_free(g);
  if (ok)
    printf("core World: a ball fell onto tiles and rolled over a seam\n");
  return ok;
}

/* The whole scene in one state (a Lua function, so errors are caught). */
static int scene(lua_State *L) {
  const char *script = luaL_checkstring(L, 1);
  const char *libraries = lua_toboolean(L, 3) ? ", without io, os and debug" : "";
  imp_aabb wall = {{10, 0}, {2, 2}};
  if (lua_toboolean(L, 2)) {  /* before impact loads: it picks its path then */
    lua_getglobal(L, "jit");
    lua_getfield(L, -1, "off");
    lua_call(L, 0, 0);
    lua_pop(L, 1);
  }
  impact_preload(L);
  lua_getglobal(L, "package");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "path");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_pop(L, 1);
  lua_register(L, "host_read", host_read);
  impact_pushaabb(L, wall);  /* before any script has loaded impact */
  lua_setglobal(L, "wall");

  if (luaL_loadfile(L, script) != 0) lua_error(L);
  lua_call(L, 0, 0);
  luaL_loadstring(L, "return (jit and jit.version or _VERSION)"
                     " .. (jit and (jit.status() and ', JIT on' or ', JIT off') or '')");
  lua_call(L, 0, 1);
  call(L, "path", 0, 1);
  printf("%s%s: tests through the %s\n", lua_tostring(L, -2), libraries,
         lua_tostring(L, -1));
  lua_pop(L, 2);
  walk(L, collide(L));
  lua_newtable(L);
  misuse(L, "table");
  lua_getglobal(L, "wall");
  misuse(L, "AABB");
  share(L);
  shapes(L);
  return 0;
}


/* The libraries a host opens when scripts must not reach the files, the
** system or the debug library: the rest of Lua's, and LuaJIT's own. */
static void opensandbox(lua_State *L) {
  static const luaL_Reg libs[] = {
      {"_G", luaopen_base},
      {LUA_LOADLIBNAME, luaopen_package},
      {LUA_STRLIBNAME, luaopen_string},
      {LUA_TABLIBNAME, luaopen_table},
      {LUA_MATHLIBNAME, luaopen_math},
#ifdef LUA_JITLIBNAME
      {LUA_BITLIBNAME, luaopen_bit},
      {LUA_JITLIBNAME, luaopen_jit},
#endif
      {NULL, NULL}};
  const luaL_Reg *lib;
  for (lib = libs; lib->func != NULL; lib++) {
#if LUA_VERSION_NUM >= 502
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
#else
    lua_pushcfunction(L, lib->func);
    lua_pushstring(L, lib->name);
    lua_call(L, 1, 0);
#endif
  }
#ifdef LUA_FFILIBNAME
  /* LuaJIT's own way: a preload, for require "ffi" */
  lua_getglobal(L, LUA_LOADLIBNAME);
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_ffi);
  lua_setfield(L, -2, LUA_FFILIBNAME);
  lua_pop(L, 2);
#endif
}

/* Plays the scene in a fresh state; returns whether it passed. */
static int play(const char *script, int jitoff, int sandbox, int *hasjit) {
  lua_State *L = lua_newstate(allocate, NULL);
  int ok;
  if (L == NULL) L = luaL_newstate();  /* 64-bit LuaJIT allocates its own */
  if (sandbox)
    opensandbox(L);
  else
    luaL_openlibs(L);
  lua_getglobal(L, "jit");
  *hasjit = lua_istable(L, -1);
  lua_pop(L, 1);
  lua_pushcfunction(L, scene);
  lua_pushstring(L, script);
  lua_pushboolean(L, jitoff);
  lua_pushboolean(L, sandbox);
  ok = lua_pcall(L, 3, 0, 0) == 0;
  fflush(stdout);
  if (!ok) fprintf(stderr, "host: %s\n", lua_tostring(L, -1));
  lua_close(L);
  return ok;
}

int main(int argc, char **argv) {
  int hasjit, ok;
  if (argc != 2) {
    fprintf(stderr, "usage: host game.lua\n");
    return 2;
  }
  ok = coreworld() && play(argv[1], 0, 0, &hasjit);
  if (ok && hasjit) ok = play(argv[1], 1, 0, &hasjit);
  if (ok) ok = play(argv[1], 0, 1, &hasjit);
  printf("host: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
