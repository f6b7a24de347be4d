/* Argument checking, with errors worded the way Lua's own library words them. */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "object.h"

/* The type of an object that another copy of the native module made
** (another binary, or another build of it), known by its metatable. One of
** this copy's own metatables on a userdata that is no object of it is the
** debug library's doing: that is just a userdata. */
static int foreigntype(lua_State *L, int i) {
  int t = 0, u;
  if (lua_type(L, i) != LUA_TUSERDATA || !lua_getmetatable(L, i)) return 0;
  for (u = 1; u <= T_COUNT; u++)
    if (lua_rawequal(L, -1, IMP_META(u))) {
      lua_pop(L, 1);
      return 0;
    }
  lua_getfield(L, -1, "__impact");
  lua_getfield(L, -2, "__name");
  if (lua_toboolean(L, -2) && lua_type(L, -1) == LUA_TSTRING)
    for (u = 1; u <= T_COUNT && !t; u++)
      if (strcmp(lua_tostring(L, -1), imp_typenames[u]) == 0) t = u;
  lua_pop(L, 3);
  return t;
}

const char *imp_typename(lua_State *L, int i) {
  int t = imp_typeof(L, i);
  if (t) return imp_typenames[t];
  if (lua_type(L, i) == LUA_TNONE) return "no value";
  t = foreigntype(L, i);
  if (t)
    return lua_pushfstring(L, "%s from another load of impact",
                           imp_typenames[t]);
  return luaL_typename(L, i);
}

/* The stack level of the call the script made: 0, this C function, or 1
** when one of the fast path's Lua functions called it in its place. */
static int calllevel(lua_State *L) {
  lua_Debug ar;
  int standin;
  if (!lua_getstack(L, 1, &ar)) return 0;
  lua_getinfo(L, "f", &ar);
  lua_rawget(L, IMP_STANDINS);
  standin = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return standin;
}

int imp_error(lua_State *L, const char *fmt, ...) {
  va_list ap;
  luaL_where(L, calllevel(L) + 1);
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_concat(L, 2);
  return lua_error(L);
}

/* luaL_argerror, but naming the function as the module knows it, so the
** message is the same however the script reached the function. */
int imp_argerror(lua_State *L, int narg, const char *fname, const char *msg) {
  lua_Debug ar;
  if (lua_getstack(L, calllevel(L), &ar)) {
    lua_getinfo(L, "n", &ar);
    if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
      narg--;  /* self does not count */
      if (narg == 0)
        return imp_error(L, "calling '%s' on bad self (%s)", fname, msg);
    }
  }
  return imp_error(L, "bad argument #%d to '%s' (%s)", narg, fname, msg);
}

int imp_typeerror(lua_State *L, int narg, const char *fname,
                  const char *expected) {
  return imp_argerror(L, narg, fname, lua_pushfstring(L, "%s expected, got %s",
                      expected, imp_typename(L, narg)));
}

double imp_checknumber_general(lua_State *L, int i, const char *fname) {
  double v;
  if (lua_type(L, i) != LUA_TNUMBER) imp_typeerror(L, i, fname, "number");
  v = lua_tonumber(L, i);
  if (!isfinite(v))
    imp_argerror(L, i, fname, v != v ? "finite number expected, got nan"
                              : v > 0 ? "finite number expected, got inf"
                                      : "finite number expected, got -inf");
  return v;
}

int imp_checkvec2_general(lua_State *L, int i, const char *fname,
                          imp_vec2 *v) {
  const Point *p;
  if (lua_type(L, i) == LUA_TNUMBER) {
    v->x = lua_tonumber(L, i);
    if (!isfinite(v->x)) imp_checknumber(L, i, fname);  /* says why */
    v->y = imp_checknumber(L, i + 1, fname);
    return i + 2;
  }
  p = (const Point *)imp_toobject(L, i, T_POINT);
  if (p == NULL) imp_typeerror(L, i, fname, "Point or number");
  if (!isfinite(p->v->x) || !isfinite(p->v->y))
    imp_argerror(L, i, fname, "Point with finite coordinates expected");
  *v = *p->v;
  return i + 1;
}

int imp_checkextent(lua_State *L, int i, const char *fname, imp_vec2 *v,
                    const char *negative) {
  int next = imp_checkvec2(L, i, fname, v);
  if (!(v->x >= 0)) imp_argerror(L, i, fname, negative);
  if (!(v->y >= 0)) imp_argerror(L, next - 1, fname, negative);
  return next;
}

int imp_optout(lua_State *L, int i, int t, const char *fname) {
  if (lua_isnoneornil(L, i)) return 0;
  if (imp_toobject(L, i, t) == NULL) imp_typeerror(L, i, fname, imp_typenames[t]);
  return i;
}
