/* Manifold: where two shapes overlap, for an impulse solver (the out type
** of shape:manifold). */
#include <string.h>

#include "shapes.h"

enum { SLOT_NORMAL = 1, NSLOTS = SLOT_NORMAL };

static imp_manifold *checkmanifold(lua_State *L, int i, const char *fname) {
  return (imp_manifold *)imp_checkobject(L, i, T_MANIFOLD, fname);
}

static imp_manifold *newmanifold(lua_State *L) {
  imp_manifold *m = (imp_manifold *)imp_newobject(L, T_MANIFOLD, NSLOTS);
  memset(m, 0, sizeof *m);
  return m;
}

/* A second point is written only when there is one, as the pure backend
** leaves it. */
void imp_pushmanifold(lua_State *L, int out, const imp_manifold *m) {
  imp_manifold *o;
  if (out == 0) o = newmanifold(L);
  else {
    o = (imp_manifold *)imp_objectat(L, out);
    lua_pushvalue(L, out);
  }
  o->normal = m->normal;
  o->count = m->count;
  o->point[0] = m->point[0];
  o->depth[0] = m->depth[0];
  if (m->count == 2) {
    o->point[1] = m->point[1];
    o->depth[1] = m->depth[1];
  }
}

static int manifold_new(lua_State *L) {
  newmanifold(L);
  return 1;
}

/* manifold:point(i) -> x, y, depth. */
static int manifold_point(lua_State *L) {
  const imp_manifold *m = checkmanifold(L, 1, "point");
  double i = imp_checknumber(L, 2, "point");
  if (!(i >= 1 && i <= m->count && i == (double)(int)i))
    return imp_argerror(L, 2, "point", "index out of range");
  lua_pushnumber(L, m->point[(int)i - 1].x);
  lua_pushnumber(L, m->point[(int)i - 1].y);
  lua_pushnumber(L, m->depth[(int)i - 1]);
  return 3;
}

static int manifold_index(lua_State *L) {
  imp_manifold *m;
  const char *k;
  if (imp_pushmethod(L, T_MANIFOLD)) return 1;
  m = checkmanifold(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "normal") == 0)
    imp_pushview(L, 1, SLOT_NORMAL, &m->normal, 0);
  else if (k != NULL && strcmp(k, "count") == 0)
    lua_pushinteger(L, m->count);
  else
    lua_pushnil(L);
  return 1;
}

static int manifold_newindex(lua_State *L) {
  imp_manifold *m = checkmanifold(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "normal") == 0)
    imp_fieldvec2(L, T_MANIFOLD, k, &m->normal, 0);
  else
    return imp_nofield(L, T_MANIFOLD);
  return 0;
}

static int manifold_tostring(lua_State *L) {
  const imp_manifold *m = checkmanifold(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_pushfstring(L, "Manifold(count=%d, normal=", m->count);
  luaL_addvalue(&b);
  imp_addvec2(&b, m->normal);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {{"point", manifold_point}, {NULL, NULL}};

static const luaL_Reg meta[] = {
  {"__index", manifold_index}, {"__newindex", manifold_newindex},
  {"__tostring", manifold_tostring}, {NULL, NULL}
};

const TypeInfo imp_manifold_type = {methods, meta, manifold_new, NULL,
                                    sizeof(imp_manifold)};
