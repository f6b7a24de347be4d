/* OBB: a rotated rectangle, and its tests. */
#include <string.h>

#include "shapes.h"

enum { SLOT_POS = 1, SLOT_HALF, SLOT_FIELDS, NSLOTS = SLOT_FIELDS };

static imp_obb *checkobb(lua_State *L, int i, const char *fname) {
  return (imp_obb *)imp_checkobject(L, i, T_OBB, fname);
}

void imp_pushobb(lua_State *L, const imp_obb *box) {
  *(imp_obb *)imp_newobject(L, T_OBB, NSLOTS) = *box;
}

/* OBB(x, y, halfX, halfY[, angle]), OBB(pos, half[, angle]), any mix, or
** OBB() at 0. */
static int obb_new(lua_State *L) {
  imp_obb box;
  imp_vec2 pos = {0, 0}, half = {0, 0};
  double angle = 0;
  if (lua_gettop(L) > 0) {
    int i = imp_checkextent(L, imp_checkvec2(L, 1, "OBB", &pos), "OBB", &half,
                            "negative half size");
    if (!lua_isnoneornil(L, i)) angle = imp_checknumber(L, i, "OBB");
  }
  box.pos = pos;
  box.half = half;
  imp_obb_set_angle(&box, angle);
  imp_pushobb(L, &box);
  return 1;
}

static int obb_intersectobb(lua_State *L) {
  return imp_intersectrect(L, T_OBB, T_OBB, "intersectOBB");
}

static int obb_intersectaabb(lua_State *L) {
  return imp_intersectrect(L, T_OBB, T_AABB, "intersectAABB");
}

static int obb_overlap(lua_State *L) {
  return imp_overlaprect(L, T_OBB);
}

static int obb_intersectpoint(lua_State *L) {
  const char *fname = "intersectPoint";
  const imp_obb *box = checkobb(L, 1, fname);
  imp_vec2 p;
  imp_hit h;
  int out = imp_optout(L, imp_checkvec2(L, 2, fname, &p), T_HIT, fname);
  if (imp_obb_intersect_point(box, p.x, p.y, &h)) imp_pushhit(L, out, 1, &h);
  else lua_pushnil(L);
  return 1;
}

static int obb_intersectsegment(lua_State *L) {
  const char *fname = "intersectSegment";
  const imp_obb *box = checkobb(L, 1, fname);
  imp_vec2 pos, delta;
  imp_hit h;
  int out = imp_optout(L, imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos),
                                        fname, &delta), T_HIT, fname);
  if (imp_obb_intersect_segment(box, pos.x, pos.y, delta.x, delta.y, &h))
    imp_pushhit(L, out, 1, &h);
  else
    lua_pushnil(L);
  return 1;
}

static int obb_clipsegment(lua_State *L) {
  const char *fname = "clipSegment";
  const imp_obb *box = checkobb(L, 1, fname);
  imp_vec2 pos, delta;
  imp_clip c;
  imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos), fname, &delta);
  imp_obb_clip_segment(box, pos.x, pos.y, delta.x, delta.y, &c);
  return imp_pushclip(L, &c);
}

/* obb:bounds([outAABB]) -> AABB: the smallest box holding the rectangle. */
static int obb_bounds(lua_State *L) {
  const char *fname = "bounds";
  const imp_obb *box = checkobb(L, 1, fname);
  imp_aabb b;
  int out = imp_optout(L, 2, T_AABB, fname);
  imp_obb_bounds(box, &b);
  if (out) {
    *(imp_aabb *)imp_objectat(L, out) = b;
    lua_pushvalue(L, out);
  } else {
    imp_pushaabb(L, b.pos, b.half);
  }
  return 1;
}

/* obb:corners() -> x1, y1, ..., x4, y4, in the order of imp_obb_corners. */
static int obb_corners(lua_State *L) {
  const imp_obb *box = checkobb(L, 1, "corners");
  imp_vec2 c[4];
  int i;
  imp_obb_corners(box, c);
  for (i = 0; i < 4; i++) {
    lua_pushnumber(L, c[i].x);
    lua_pushnumber(L, c[i].y);
  }
  return 8;
}

static int obb_sweepobb(lua_State *L) {
  return imp_sweeprect(L, T_OBB, T_OBB, "sweepOBB");
}

static int obb_sweepaabb(lua_State *L) {
  return imp_sweeprect(L, T_OBB, T_AABB, "sweepAABB");
}

static int obb_sweepinto(lua_State *L) {
  return imp_sweepinto(L, T_OBB);
}

static int obb_index(lua_State *L) {
  imp_obb *box;
  const char *k;
  if (imp_pushmethod(L, T_OBB)) return 1;
  box = checkobb(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "pos") == 0)
    imp_pushview(L, 1, SLOT_POS, &box->pos, 0);
  else if (k != NULL && strcmp(k, "half") == 0)
    imp_pushview(L, 1, SLOT_HALF, &box->half, 1);
  else if (k != NULL && strcmp(k, "angle") == 0)
    lua_pushnumber(L, box->angle);
  else
    imp_pushuserfield(L, SLOT_FIELDS);
  return 1;
}

static int obb_newindex(lua_State *L) {
  imp_obb *box = checkobb(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_setuserfield(L, T_OBB, SLOT_FIELDS);
  if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_OBB, k, &box->pos, 0);
  else if (strcmp(k, "half") == 0) imp_fieldvec2(L, T_OBB, k, &box->half, 1);
  else if (strcmp(k, "angle") == 0)
    imp_obb_set_angle(box, imp_fieldnumber(L, T_OBB, k));
  else return imp_setuserfield(L, T_OBB, SLOT_FIELDS);
  return 0;
}

static int obb_tostring(lua_State *L) {
  const imp_obb *box = checkobb(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "OBB(pos=");
  imp_addvec2(&b, box->pos);
  luaL_addstring(&b, ", half=");
  imp_addvec2(&b, box->half);
  luaL_addstring(&b, ", angle=");
  imp_addnumber(&b, box->angle);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {
  {"intersectOBB", obb_intersectobb},
  {"intersectAABB", obb_intersectaabb},
  {"intersectPoint", obb_intersectpoint},
  {"intersectSegment", obb_intersectsegment},
  {"clipSegment", obb_clipsegment},
  {"overlap", obb_overlap},
  {"bounds", obb_bounds},
  {"corners", obb_corners},
  {"sweepOBB", obb_sweepobb},
  {"sweepAABB", obb_sweepaabb},
  {"sweepInto", obb_sweepinto},
  {NULL, NULL}
};

static const luaL_Reg meta[] = {
  {"__index", obb_index}, {"__newindex", obb_newindex},
  {"__tostring", obb_tostring}, {NULL, NULL}
};

static const luaL_Reg *const more[] = {imp_shape_methods_obb, NULL};

const TypeInfo imp_obb_type = {methods, meta, obb_new, more,
                                sizeof(imp_obb)};
