/* Objects: type checks, creation, slots and live views, field plumbing. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "object.h"

const char *const imp_typenames[T_COUNT + 1] = {
  NULL, "Point", "AABB", "Hit", "Sweep", "OBB", "World", "Circle", "Capsule",
  "Polygon", "Manifold"
};

const TypeInfo *const imp_types[T_COUNT + 1] = {
  NULL, &imp_point_type, &imp_aabb_type, &imp_hit_type, &imp_sweep_type,
  &imp_obb_type, &imp_world_type, &imp_circle_type, &imp_capsule_type,
  &imp_polygon_type, &imp_manifold_type
};

/* Whether the block at h, len bytes long, is an object of type t (a light
** userdata has len 0 here). The length is checked first: a shorter block
** has no header to read. */
static int holds(const ObjectHeader *h, size_t len, int t) {
  return len == sizeof *h + imp_types[t]->size && h->type == imp_types[t];
}

int imp_typeof(lua_State *L, int i) {
  const ObjectHeader *h = (const ObjectHeader *)lua_touserdata(L, i);
  size_t len = h != NULL ? imp_rawlen(L, i) : 0;
  int t;
  for (t = 1; t <= T_COUNT; t++)
    if (holds(h, len, t)) return t;
  return 0;
}

void *imp_toobject(lua_State *L, int i, int t) {
  ObjectHeader *h = (ObjectHeader *)lua_touserdata(L, i);
  if (h == NULL || !holds(h, imp_rawlen(L, i), t)) return NULL;
  return h + 1;
}

void *imp_checkobject(lua_State *L, int i, int t, const char *fname) {
  void *p = imp_toobject(L, i, t);
  if (p == NULL) imp_typeerror(L, i, fname, imp_typenames[t]);
  return p;
}

const void *imp_torect(lua_State *L, int i, imp_shape *kind) {
  const void *p = imp_toobject(L, i, T_AABB);
  *kind = IMP_SHAPE_AABB;
  if (p == NULL) {
    p = imp_toobject(L, i, T_OBB);
    *kind = IMP_SHAPE_OBB;
  }
  return p;
}

void *imp_newobject(lua_State *L, int t, int nslots) {
  ObjectHeader *h = (ObjectHeader *)imp_newslots(
      L, sizeof *h + imp_types[t]->size, nslots);
  h->type = imp_types[t];
  lua_pushvalue(L, IMP_META(t));
  lua_setmetatable(L, -2);
  return h + 1;
}

Point *imp_newpoint(lua_State *L, double x, double y) {
  Point *p = (Point *)imp_newobject(L, T_POINT, 0);
  p->v = &p->own;
  p->own.x = x;
  p->own.y = y;
  p->nonnegative = 0;
  return p;
}

void imp_pushview(lua_State *L, int i, int n, imp_vec2 *v, int nonnegative) {
  Point *p;
  imp_getslot(L, i, n);
  p = (Point *)imp_toobject(L, -1, T_POINT);
  if (p != NULL && p->v == v) return;  /* not what a script put there */
  lua_pop(L, 1);
  p = (Point *)imp_newobject(L, T_POINT, IMP_OWNER_SLOTS);
  p->v = v;
  p->nonnegative = nonnegative;
  imp_setowner(L, -1, i);
  lua_pushvalue(L, -1);
  imp_setslot(L, i, n);   /* the owner caches its view */
}

void imp_setowner(lua_State *L, int view, int owner) {
  if (owner < 0) owner += lua_gettop(L) + 1;
  lua_pushvalue(L, owner);
#if LUA_VERSION_NUM == 501
  imp_setslot(L, view < 0 ? view - 1 : view, 1);
#else
  if (view < 0) view--;
  lua_pushvalue(L, view);
  lua_insert(L, -2);
  lua_rawset(L, IMP_OWNERS);
#endif
}

static const char *const clipkinds[] = {
  "outside", "inside", "enter", "exit", "traverse"
};

void imp_pinclipkinds(lua_State *L) {
  int k;
  lua_createtable(L, 5, 0);
  for (k = 0; k < 5; k++) {
    lua_pushstring(L, clipkinds[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, "impact.clipkinds");
}

int imp_pushclip(lua_State *L, const imp_clip *c) {
  lua_pushstring(L, clipkinds[c->kind]);
  if (c->kind == IMP_CLIP_OUTSIDE) {
    lua_pushnil(L);
    lua_pushnil(L);
  } else {
    lua_pushnumber(L, c->t0);
    lua_pushnumber(L, c->t1);
  }
  return 3;
}

void imp_addnumber(luaL_Buffer *b, double v) {
  char s[32];
  snprintf(s, sizeof s, "%.14g", v);
  luaL_addstring(b, s);
}

void imp_addvec2(luaL_Buffer *b, imp_vec2 v) {
  luaL_addchar(b, '(');
  imp_addnumber(b, v.x);
  luaL_addstring(b, ", ");
  imp_addnumber(b, v.y);
  luaL_addchar(b, ')');
}

int imp_pushmethod(lua_State *L, int t) {
  lua_pushvalue(L, 2);
  if (imp_rawget(L, IMP_METHODS(t)) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  return 0;
}

const char *imp_fieldname(lua_State *L, int i) {
  size_t len;
  const char *k;
  if (lua_type(L, i) != LUA_TSTRING) return NULL;
  k = lua_tolstring(L, i, &len);
  return strlen(k) == len ? k : NULL;  /* "x\0junk" names no field */
}

double imp_fieldnumber(lua_State *L, int t, const char *field) {
  double v;
  if (lua_type(L, 3) != LUA_TNUMBER)
    imp_fielderror(L, t, field, lua_pushfstring(L, "number expected, got %s",
                                                imp_typename(L, 3)));
  v = lua_tonumber(L, 3);
  if (!isfinite(v)) imp_fielderror(L, t, field, "finite number expected");
  return v;
}

void imp_fieldvec2(lua_State *L, int t, const char *field, imp_vec2 *v,
                   int nonnegative) {
  Point *p = (Point *)imp_toobject(L, 3, T_POINT);
  if (p == NULL)
    imp_fielderror(L, t, field, lua_pushfstring(L, "Point expected, got %s",
                                                imp_typename(L, 3)));
  if (!isfinite(p->v->x) || !isfinite(p->v->y))
    imp_fielderror(L, t, field, "finite coordinates expected");
  if (nonnegative && !(p->v->x >= 0 && p->v->y >= 0))
    imp_fielderror(L, t, field, "non-negative coordinates expected");
  *v = *p->v;
}

int imp_fielderror(lua_State *L, int t, const char *field, const char *msg) {
  return imp_error(L, "bad value for field '%s' of %s (%s)", field,
                    imp_typenames[t], msg);
}

int imp_nofield(lua_State *L, int t) {
  if (lua_type(L, 2) == LUA_TSTRING)
    return imp_error(L, "%s has no field '%s'", imp_typenames[t],
                     lua_tostring(L, 2));
  return imp_error(L, "%s has no field of type %s", imp_typenames[t],
                   imp_typename(L, 2));
}

/* Fields a script sets on a shape live in a table in slot n, made when the
** first one is set: an object that never gets one has none. */
void imp_pushuserfield(lua_State *L, int n) {
  imp_getslot(L, 1, n);
  if (lua_istable(L, -1)) {
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    lua_remove(L, -2);
  } else {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
}

int imp_setuserfield(lua_State *L, int t, int n) {
  if (lua_isnil(L, 2)) return imp_nofield(L, t);
  if (lua_type(L, 2) == LUA_TNUMBER && lua_tonumber(L, 2) != lua_tonumber(L, 2))
    return imp_error(L, "%s has no field nan (a NaN key)", imp_typenames[t]);
  /* methods are read first: keep them */
  if (lua_type(L, 2) == LUA_TSTRING && imp_pushmethod(L, t))
    return imp_error(L, "%s has no field '%s' to set: it is a method",
                     imp_typenames[t], lua_tostring(L, 2));
  imp_getslot(L, 1, n);
  if (!lua_istable(L, -1)) {
    if (lua_isnil(L, 3)) return 0;  /* clearing a field never set */
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    imp_setslot(L, 1, n);
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, -3);
  return 0;
}
