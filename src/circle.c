/* Circle: a centre and a radius (0 is a point). */
#include <string.h>

#include "shapes.h"

enum { SLOT_POS = 1, SLOT_FIELDS, NSLOTS = SLOT_FIELDS };

static imp_circle *checkcircle(lua_State *L, int i, const char *fname) {
  return (imp_circle *)imp_checkobject(L, i, T_CIRCLE, fname);
}

/* Circle(x, y, radius), Circle(pos, radius), or Circle() at 0. */
static int circle_new(lua_State *L) {
  imp_circle c = {{0, 0}, 0};
  if (lua_gettop(L) > 0)
    c.radius = imp_checkradius(L, imp_checkvec2(L, 1, "Circle", &c.pos),
                               "Circle");
  imp_pushcircle(L, &c);
  return 1;
}

void imp_pushcircle(lua_State *L, const imp_circle *c) {
  *(imp_circle *)imp_newobject(L, T_CIRCLE, NSLOTS) = *c;
}

static int circle_index(lua_State *L) {
  imp_circle *c;
  const char *k;
  if (imp_pushmethod(L, T_CIRCLE)) return 1;
  c = checkcircle(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "pos") == 0)
    imp_pushview(L, 1, SLOT_POS, &c->pos, 0);
  else if (k != NULL && strcmp(k, "radius") == 0)
    lua_pushnumber(L, c->radius);
  else
    imp_pushuserfield(L, SLOT_FIELDS);
  return 1;
}

static int circle_newindex(lua_State *L) {
  imp_circle *c = checkcircle(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_setuserfield(L, T_CIRCLE, SLOT_FIELDS);
  if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_CIRCLE, k, &c->pos, 0);
  else if (strcmp(k, "radius") == 0)
    c->radius = imp_fieldradius(L, T_CIRCLE);
  else return imp_setuserfield(L, T_CIRCLE, SLOT_FIELDS);
  return 0;
}

static int circle_tostring(lua_State *L) {
  const imp_circle *c = checkcircle(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "Circle(pos=");
  imp_addvec2(&b, c->pos);
  luaL_addstring(&b, ", radius=");
  imp_addnumber(&b, c->radius);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {{NULL, NULL}};

static const luaL_Reg meta[] = {
  {"__index", circle_index}, {"__newindex", circle_newindex},
  {"__tostring", circle_tostring}, {NULL, NULL}
};

static const luaL_Reg *const more[] = {imp_shape_methods_circle, NULL};

const TypeInfo imp_circle_type = {methods, meta, circle_new, more,
                                  sizeof(imp_circle)};
