/* Capsule: the segment a-b of its own frame grown by a radius, placed at
** pos turned by angle. */
#include <string.h>

#include "shapes.h"

enum { SLOT_POS = 1, SLOT_FIELDS, NSLOTS = SLOT_FIELDS };

static imp_capsule *checkcapsule(lua_State *L, int i, const char *fname) {
  return (imp_capsule *)imp_checkobject(L, i, T_CAPSULE, fname);
}

/* Capsule(ax, ay, bx, by, radius[, x, y[, angle]]), the ends as Points or
** numbers, or Capsule() at 0. */
static int capsule_new(lua_State *L) {
  const char *fname = "Capsule";
  imp_capsule c;
  double angle = 0;
  memset(&c, 0, sizeof c);
  if (lua_gettop(L) > 0) {
    int i = imp_checkvec2(L, imp_checkvec2(L, 1, fname, &c.a), fname, &c.b);
    c.radius = imp_checkradius(L, i, fname);
    imp_optplacement(L, i + 1, fname, &c.pos, &angle);
  }
  imp_capsule_set_angle(&c, angle);
  imp_pushcapsule(L, &c);
  return 1;
}

void imp_pushcapsule(lua_State *L, const imp_capsule *c) {
  *(imp_capsule *)imp_newobject(L, T_CAPSULE, NSLOTS) = *c;
}

/* The world point of (x, y) of the capsule's frame (impact.h's formula). */
static imp_vec2 world(const imp_capsule *c, imp_vec2 v) {
  imp_vec2 w;
  w.x = c->pos.x + (c->c * v.x - c->s * v.y);
  w.y = c->pos.y + (c->s * v.x + c->c * v.y);
  return w;
}

/* capsule:ends() -> ax, ay, bx, by in the world. */
static int capsule_ends(lua_State *L) {
  const imp_capsule *c = checkcapsule(L, 1, "ends");
  imp_vec2 a = world(c, c->a), b = world(c, c->b);
  lua_pushnumber(L, a.x);
  lua_pushnumber(L, a.y);
  lua_pushnumber(L, b.x);
  lua_pushnumber(L, b.y);
  return 4;
}

static int capsule_index(lua_State *L) {
  imp_capsule *c;
  const char *k;
  if (imp_pushmethod(L, T_CAPSULE)) return 1;
  c = checkcapsule(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "pos") == 0)
    imp_pushview(L, 1, SLOT_POS, &c->pos, 0);
  else if (k != NULL && strcmp(k, "angle") == 0)
    lua_pushnumber(L, c->angle);
  else if (k != NULL && strcmp(k, "radius") == 0)
    lua_pushnumber(L, c->radius);
  else
    imp_pushuserfield(L, SLOT_FIELDS);
  return 1;
}

static int capsule_newindex(lua_State *L) {
  imp_capsule *c = checkcapsule(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_setuserfield(L, T_CAPSULE, SLOT_FIELDS);
  if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_CAPSULE, k, &c->pos, 0);
  else if (strcmp(k, "angle") == 0)
    imp_capsule_set_angle(c, imp_fieldnumber(L, T_CAPSULE, k));
  else if (strcmp(k, "radius") == 0)
    c->radius = imp_fieldradius(L, T_CAPSULE);
  else return imp_setuserfield(L, T_CAPSULE, SLOT_FIELDS);
  return 0;
}

static int capsule_tostring(lua_State *L) {
  const imp_capsule *c = checkcapsule(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "Capsule(a=");
  imp_addvec2(&b, c->a);
  luaL_addstring(&b, ", b=");
  imp_addvec2(&b, c->b);
  luaL_addstring(&b, ", radius=");
  imp_addnumber(&b, c->radius);
  luaL_addstring(&b, ", pos=");
  imp_addvec2(&b, c->pos);
  luaL_addstring(&b, ", angle=");
  imp_addnumber(&b, c->angle);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {{"ends", capsule_ends}, {NULL, NULL}};

static const luaL_Reg meta[] = {
  {"__index", capsule_index}, {"__newindex", capsule_newindex},
  {"__tostring", capsule_tostring}, {NULL, NULL}
};

static const luaL_Reg *const more[] = {imp_shape_methods_capsule, NULL};

const TypeInfo imp_capsule_type = {methods, meta, capsule_new, more,
                                   sizeof(imp_capsule)};
