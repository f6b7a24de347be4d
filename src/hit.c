/* Hit and Sweep: the results of the tests, reusable as out objects. */
#include <string.h>

#include "object.h"
#include "shapes.h"

/* A Hit's collider is in a slot of its own, but under the 5.1 API, where
** LuaJIT's fast path (ffi.lua) sets it from Lua, in a weak-keyed table
** that the two share: hashing the Hit there costs a 5.4 test about 8%. */
enum { HIT_POS = IMP_OWNER_SLOTS + 1, HIT_DELTA, HIT_NORMAL, HIT_COLLIDER };
#if LUA_VERSION_NUM == 501
#define HIT_NSLOTS HIT_NORMAL
#else
#define HIT_NSLOTS HIT_COLLIDER
#endif
enum { SWEEP_HIT = 1, SWEEP_POS, SWEEP_NSLOTS = SWEEP_POS };

static Hit *newhit(lua_State *L) {
  Hit *h = (Hit *)imp_newobject(L, T_HIT, HIT_NSLOTS);
  memset(&h->own, 0, sizeof h->own);
  h->h = &h->own;
  return h;
}

static imp_sweep *newsweep(lua_State *L) {
  imp_sweep *s = (imp_sweep *)imp_newobject(L, T_SWEEP, SWEEP_NSLOTS);
  memset(s, 0, sizeof *s);
  s->time = 1;
  return s;
}

/* Sets the collider of the Hit at index hit to the value at index
** collider. */
static void setcollider(lua_State *L, int hit, int collider) {
#if LUA_VERSION_NUM == 501
  lua_pushvalue(L, hit);
  lua_pushvalue(L, collider);
  lua_rawset(L, IMP_COLLIDERS);
#else
  lua_pushvalue(L, collider);
  imp_setslot(L, hit, HIT_COLLIDER);
#endif
}

static void pushcollider(lua_State *L, int hit) {
#if LUA_VERSION_NUM == 501
  lua_pushvalue(L, hit);
  lua_rawget(L, IMP_COLLIDERS);
#else
  imp_getslot(L, hit, HIT_COLLIDER);
#endif
}

/* The Hit object that views the hit inside the Sweep at i (cached). */
static void pushhitview(lua_State *L, int i, imp_sweep *s) {
  Hit *h;
  imp_getslot(L, i, SWEEP_HIT);
  h = (Hit *)imp_toobject(L, -1, T_HIT);
  if (h != NULL && h->h == &s->hit) return;  /* not what a script put there */
  lua_pop(L, 1);
  h = (Hit *)imp_newobject(L, T_HIT, HIT_NSLOTS);
  h->h = &s->hit;
  imp_setowner(L, -1, i);
  lua_pushvalue(L, -1);
  imp_setslot(L, i, SWEEP_HIT);
}

void imp_pushhit(lua_State *L, int out, int collider, const imp_hit *h) {
  Hit *o;
  if (out == 0) o = newhit(L);
  else {
    lua_pushvalue(L, out);
    o = (Hit *)imp_objectat(L, out);
  }
  *o->h = *h;
  setcollider(L, lua_gettop(L), collider);
}

void imp_pushsweep(lua_State *L, int out, int collider, const imp_sweep *s) {
  imp_sweep *o;
  if (out == 0) o = newsweep(L);
  else {
    lua_pushvalue(L, out);
    o = (imp_sweep *)imp_objectat(L, out);
  }
  o->pos = s->pos;
  o->time = s->time;
  o->angle = s->angle;
  o->has_hit = s->has_hit;
  if (s->has_hit) {  /* a miss leaves the hit part as it was */
    o->hit = s->hit;
    pushhitview(L, lua_gettop(L), o);
    setcollider(L, lua_gettop(L), collider);
    lua_pop(L, 1);
  }
}

/* Hit */

static Hit *checkhit(lua_State *L, int i, const char *fname) {
  return (Hit *)imp_checkobject(L, i, T_HIT, fname);
}

static int hit_new(lua_State *L) {
  newhit(L);
  return 1;
}

/* Whether the key at 2 is "time": a loop over results reads it most, so
** the Hit and the Sweep look for it before their methods (as the pure
** backend does). */
static int istime(lua_State *L) {
  size_t len;
  const char *k;
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  k = lua_tolstring(L, 2, &len);
  return len == 4 && memcmp(k, "time", 4) == 0;  /* not "time\0..." */
}

static int hit_index(lua_State *L) {
  Hit *h = (Hit *)imp_toobject(L, 1, T_HIT);
  const char *k;
  if (h != NULL && istime(L)) {
    lua_pushnumber(L, h->h->time);
    return 1;
  }
  if (imp_pushmethod(L, T_HIT)) return 1;
  if (h == NULL) h = checkhit(L, 1, "__index");  /* raises */
  k = imp_fieldname(L, 2);
  if (k == NULL) lua_pushnil(L);
  else if (strcmp(k, "pos") == 0) imp_pushview(L, 1, HIT_POS, &h->h->pos, 0);
  else if (strcmp(k, "normal") == 0)
    imp_pushview(L, 1, HIT_NORMAL, &h->h->normal, 0);
  else if (strcmp(k, "delta") == 0)
    imp_pushview(L, 1, HIT_DELTA, &h->h->delta, 0);
  else if (strcmp(k, "collider") == 0) pushcollider(L, 1);
  else lua_pushnil(L);
  return 1;
}

static int hit_newindex(lua_State *L) {
  Hit *h = checkhit(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_nofield(L, T_HIT);
  if (strcmp(k, "time") == 0) h->h->time = imp_fieldnumber(L, T_HIT, k);
  else if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_HIT, k, &h->h->pos, 0);
  else if (strcmp(k, "normal") == 0)
    imp_fieldvec2(L, T_HIT, k, &h->h->normal, 0);
  else if (strcmp(k, "delta") == 0)
    imp_fieldvec2(L, T_HIT, k, &h->h->delta, 0);
  else if (strcmp(k, "collider") == 0) {
    imp_shape kind;
    if (!lua_isnil(L, 3) && imp_toshape(L, 3, &kind) == NULL)
      return imp_fielderror(L, T_HIT, k, lua_pushfstring(L,
                            "shape or nil expected, got %s",
                            imp_typename(L, 3)));
    setcollider(L, 1, 3);
  } else
    return imp_nofield(L, T_HIT);
  return 0;
}

static void addhit(luaL_Buffer *b, const imp_hit *h) {
  luaL_addstring(b, "Hit(pos=");
  imp_addvec2(b, h->pos);
  luaL_addstring(b, ", delta=");
  imp_addvec2(b, h->delta);
  luaL_addstring(b, ", normal=");
  imp_addvec2(b, h->normal);
  luaL_addstring(b, ", time=");
  imp_addnumber(b, h->time);
  luaL_addchar(b, ')');
}

static int hit_tostring(lua_State *L) {
  const Hit *h = checkhit(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  addhit(&b, h->h);
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg hit_methods[] = {{NULL, NULL}};

static const luaL_Reg hit_meta[] = {
  {"__index", hit_index}, {"__newindex", hit_newindex},
  {"__tostring", hit_tostring}, {NULL, NULL}
};

const TypeInfo imp_hit_type = {hit_methods, hit_meta, hit_new, NULL,
                                sizeof(Hit)};

/* Sweep */

static imp_sweep *checksweep(lua_State *L, int i, const char *fname) {
  return (imp_sweep *)imp_checkobject(L, i, T_SWEEP, fname);
}

static int sweep_new(lua_State *L) {
  newsweep(L);
  return 1;
}

static int sweep_index(lua_State *L) {
  imp_sweep *s = (imp_sweep *)imp_toobject(L, 1, T_SWEEP);
  const char *k;
  if (s != NULL && istime(L)) {
    lua_pushnumber(L, s->time);
    return 1;
  }
  if (imp_pushmethod(L, T_SWEEP)) return 1;
  if (s == NULL) s = checksweep(L, 1, "__index");  /* raises */
  k = imp_fieldname(L, 2);
  if (k == NULL) lua_pushnil(L);
  else if (strcmp(k, "pos") == 0) imp_pushview(L, 1, SWEEP_POS, &s->pos, 0);
  else if (strcmp(k, "angle") == 0) lua_pushnumber(L, s->angle);
  else if (strcmp(k, "hit") == 0) {
    if (s->has_hit) pushhitview(L, 1, s);
    else lua_pushnil(L);
  } else
    lua_pushnil(L);
  return 1;
}

static int sweep_newindex(lua_State *L) {
  imp_sweep *s = checksweep(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_nofield(L, T_SWEEP);
  if (strcmp(k, "time") == 0) s->time = imp_fieldnumber(L, T_SWEEP, k);
  else if (strcmp(k, "angle") == 0) s->angle = imp_fieldnumber(L, T_SWEEP, k);
  else if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_SWEEP, k, &s->pos, 0);
  else if (strcmp(k, "hit") == 0) {
    const Hit *h = (const Hit *)imp_toobject(L, 3, T_HIT);
    if (h == NULL && !lua_isnil(L, 3))
      return imp_fielderror(L, T_SWEEP, k, lua_pushfstring(L,
                            "Hit or nil expected, got %s", imp_typename(L, 3)));
    s->has_hit = h != NULL;
    if (h != NULL && h->h != &s->hit) {
      s->hit = *h->h;
      pushcollider(L, 3);
      pushhitview(L, 1, s);
      setcollider(L, lua_gettop(L), lua_gettop(L) - 1);
    }
  } else
    return imp_nofield(L, T_SWEEP);
  return 0;
}

static int sweep_tostring(lua_State *L) {
  const imp_sweep *s = checksweep(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "Sweep(pos=");
  imp_addvec2(&b, s->pos);
  luaL_addstring(&b, ", time=");
  imp_addnumber(&b, s->time);
  luaL_addstring(&b, ", hit=");
  if (s->has_hit) addhit(&b, &s->hit);
  else luaL_addstring(&b, "nil");
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg sweep_methods[] = {{NULL, NULL}};

static const luaL_Reg sweep_meta[] = {
  {"__index", sweep_index}, {"__newindex", sweep_newindex},
  {"__tostring", sweep_tostring}, {NULL, NULL}
};

const TypeInfo imp_sweep_type = {sweep_methods, sweep_meta, sweep_new,
                                  NULL, sizeof(imp_sweep)};
