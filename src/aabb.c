/* AABB: an axis-aligned box, and the tests of the intersect family. */
#include <string.h>

#include "shapes.h"

enum { SLOT_POS = 1, SLOT_HALF, SLOT_FIELDS, NSLOTS = SLOT_FIELDS };

static imp_aabb *checkaabb(lua_State *L, int i, const char *fname) {
  return (imp_aabb *)imp_checkobject(L, i, T_AABB, fname);
}

void imp_pushaabb(lua_State *L, imp_vec2 pos, imp_vec2 half) {
  imp_aabb *b = (imp_aabb *)imp_newobject(L, T_AABB, NSLOTS);
  b->pos = pos;
  b->half = half;
}

/* AABB(x, y, halfX, halfY), AABB(pos, half), any mix, or AABB() at 0. */
static int aabb_new(lua_State *L) {
  imp_vec2 pos = {0, 0}, half = {0, 0};
  if (lua_gettop(L) > 0)
    imp_checkextent(L, imp_checkvec2(L, 1, "AABB", &pos), "AABB", &half,
                    "negative half size");
  imp_pushaabb(L, pos, half);
  return 1;
}

/* AABB.fromRect(left, top, width, height), the way bump.lua gives boxes. */
static int aabb_fromrect(lua_State *L) {
  imp_vec2 corner, size, pos, half;
  imp_checkextent(L, imp_checkvec2(L, 1, "fromRect", &corner), "fromRect",
                  &size, "negative size");
  half.x = size.x * 0.5;
  half.y = size.y * 0.5;
  pos.x = corner.x + half.x;
  pos.y = corner.y + half.y;
  imp_pushaabb(L, pos, half);
  return 1;
}

static int aabb_intersectpoint(lua_State *L) {
  const char *fname = "intersectPoint";
  const imp_aabb *box = checkaabb(L, 1, fname);
  imp_vec2 p;
  imp_hit h;
  int out = imp_optout(L, imp_checkvec2(L, 2, fname, &p), T_HIT, fname);
  if (imp_aabb_intersect_point(box, p.x, p.y, &h)) imp_pushhit(L, out, 1, &h);
  else lua_pushnil(L);
  return 1;
}

/* A padding grows the box on its axis; a negative one shrinks it, as in
** intersect, but not past zero size. */
static double optpadding(lua_State *L, int i, const char *fname, double half) {
  double v = imp_checknumber(L, i, fname);
  if (!(half + v >= 0)) imp_argerror(L, i, fname, "padding shrinks the box past zero");
  return v;
}

static int aabb_intersectsegment(lua_State *L) {
  const char *fname = "intersectSegment";
  const imp_aabb *box = checkaabb(L, 1, fname);
  imp_vec2 pos, delta, pad = {0, 0};
  imp_hit h;
  int out, i = imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos), fname, &delta);
  if (lua_type(L, i) == LUA_TNUMBER) {
    pad.x = optpadding(L, i++, fname, box->half.x);
    if (lua_type(L, i) == LUA_TNUMBER)
      pad.y = optpadding(L, i++, fname, box->half.y);
  }
  out = imp_optout(L, i, T_HIT, fname);
  if (imp_aabb_intersect_segment(box, pos.x, pos.y, delta.x, delta.y,
                                 pad.x, pad.y, &h))
    imp_pushhit(L, out, 1, &h);
  else
    lua_pushnil(L);
  return 1;
}

static int aabb_intersectaabb(lua_State *L) {
  const char *fname = "intersectAABB";
  const imp_aabb *box = checkaabb(L, 1, fname);
  const imp_aabb *other = checkaabb(L, 2, fname);
  int out = imp_optout(L, 3, T_HIT, fname);
  imp_hit h;
  if (imp_aabb_intersect_aabb(box, other, &h)) imp_pushhit(L, out, 1, &h);
  else lua_pushnil(L);
  return 1;
}

static int aabb_sweepaabb(lua_State *L) {
  const char *fname = "sweepAABB";
  const imp_aabb *box = checkaabb(L, 1, fname);
  const imp_aabb *moving = checkaabb(L, 2, fname);
  imp_vec2 delta;
  imp_sweep s;
  int out = imp_optout(L, imp_checkvec2(L, 3, fname, &delta), T_SWEEP, fname);
  imp_aabb_sweep_aabb(box, moving, delta.x, delta.y, &s);
  s.angle = 0;
  imp_pushsweep(L, out, 1, &s);
  return 1;
}

static int aabb_intersectobb(lua_State *L) {
  return imp_intersectrect(L, T_AABB, T_OBB, "intersectOBB");
}

static int aabb_overlap(lua_State *L) {
  return imp_overlaprect(L, T_AABB);
}

static int aabb_sweepobb(lua_State *L) {
  return imp_sweeprect(L, T_AABB, T_OBB, "sweepOBB");
}

static int aabb_sweepinto(lua_State *L) {
  return imp_sweepinto(L, T_AABB);
}

/* box:clipSegment(pos, delta) -> kind, t0, t1 (nil, nil when outside).
** impact.clipSegment(box, pos, delta) is this same function. */
static int aabb_clipsegment(lua_State *L) {
  const char *fname = "clipSegment";
  const imp_aabb *box = checkaabb(L, 1, fname);
  imp_vec2 pos, delta;
  imp_clip c;
  imp_checkvec2(L, imp_checkvec2(L, 2, fname, &pos), fname, &delta);
  imp_aabb_clip_segment(box, pos.x, pos.y, delta.x, delta.y, &c);
  return imp_pushclip(L, &c);
}

static int aabb_index(lua_State *L) {
  imp_aabb *box;
  const char *k;
  if (imp_pushmethod(L, T_AABB)) return 1;
  box = checkaabb(L, 1, "__index");
  k = imp_fieldname(L, 2);
  if (k != NULL && strcmp(k, "pos") == 0)
    imp_pushview(L, 1, SLOT_POS, &box->pos, 0);
  else if (k != NULL && strcmp(k, "half") == 0)
    imp_pushview(L, 1, SLOT_HALF, &box->half, 1);
  else
    imp_pushuserfield(L, SLOT_FIELDS);
  return 1;
}

static int aabb_newindex(lua_State *L) {
  imp_aabb *box = checkaabb(L, 1, "__newindex");
  const char *k = imp_fieldname(L, 2);
  if (k == NULL) return imp_setuserfield(L, T_AABB, SLOT_FIELDS);
  if (strcmp(k, "pos") == 0) imp_fieldvec2(L, T_AABB, k, &box->pos, 0);
  else if (strcmp(k, "half") == 0) imp_fieldvec2(L, T_AABB, k, &box->half, 1);
  else return imp_setuserfield(L, T_AABB, SLOT_FIELDS);
  return 0;
}

static int aabb_tostring(lua_State *L) {
  const imp_aabb *box = checkaabb(L, 1, "__tostring");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "AABB(pos=");
  imp_addvec2(&b, box->pos);
  luaL_addstring(&b, ", half=");
  imp_addvec2(&b, box->half);
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg methods[] = {
  {"fromRect", aabb_fromrect},
  {"intersectPoint", aabb_intersectpoint},
  {"intersectSegment", aabb_intersectsegment},
  {"intersectAABB", aabb_intersectaabb},
  {"intersectOBB", aabb_intersectobb},
  {"overlap", aabb_overlap},
  {"sweepAABB", aabb_sweepaabb},
  {"sweepOBB", aabb_sweepobb},
  {"sweepInto", aabb_sweepinto},
  {"clipSegment", aabb_clipsegment},
  {NULL, NULL}
};

static const luaL_Reg meta[] = {
  {"__index", aabb_index}, {"__newindex", aabb_newindex},
  {"__tostring", aabb_tostring}, {NULL, NULL}
};

static const luaL_Reg *const more[] = {imp_shape_methods_aabb, NULL};

const TypeInfo imp_aabb_type = {methods, meta, aabb_new, more,
                                 sizeof(imp_aabb)};
