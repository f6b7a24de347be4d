/* Sweeps of any rectangle, AABB or OBB, against any, shared by both types. */
#include "shapes.h"

static imp_shape rectof(int t) {
  return t == T_OBB ? IMP_SHAPE_OBB : IMP_SHAPE_AABB;
}

/* box:sweepAABB(moving, delta[, out]) and box:sweepOBB(...), whichever
** types box and moving are (AABB:sweepAABB keeps its own, faster binding). */
int imp_sweeprect(lua_State *L, int tbox, int tmoving, const char *fname) {
  imp_obb box, moving;
  imp_vec2 delta;
  imp_sweep s;
  int out;
  imp_shape_obb(rectof(tbox), imp_checkobject(L, 1, tbox, fname), &box);
  imp_shape_obb(rectof(tmoving), imp_checkobject(L, 2, tmoving, fname),
                &moving);
  out = imp_optout(L, imp_checkvec2(L, 3, fname, &delta), T_SWEEP, fname);
  imp_obb_sweep_obb(&box, &moving, delta.x, delta.y, &s);
  s.angle = moving.angle;
  imp_pushsweep(L, out, 1, &s);
  return 1;
}

/* moving:sweepInto(colliders, delta[, dangle][, out]): the nearest stop
** among a Lua array of shapes, turning by dangle; ties go to the first
** listed, and the moving shape is skipped if it is listed. */
int imp_sweepinto(lua_State *L, int tmoving) {
  const char *fname = "sweepInto";
  imp_shape mkind;
  const void *moving;
  imp_checkobject(L, 1, tmoving, fname);
  moving = imp_toshape(L, 1, &mkind);
  imp_vec2 delta;
  imp_sweep s;
  double dangle;
  int out, k, n, found = 0;
  if (!lua_istable(L, 2)) imp_typeerror(L, 2, fname, "table");
  out = imp_optout(L, imp_optturn(L, imp_checkvec2(L, 3, fname, &delta),
                                  fname, &dangle), T_SWEEP, fname);
  n = (int)imp_rawlen(L, 2);
  imp_turn_sweep_clear(&s, mkind, moving, delta.x, delta.y, dangle);
  for (k = 1; k <= n; k++) {
    imp_shape ckind;
    const void *c;
    lua_rawgeti(L, 2, k);
    c = imp_toshape(L, -1, &ckind);
    if (c == NULL)
      imp_argerror(L, 2, fname, lua_pushfstring(L,
                   "shape expected at index %d, got %s", k,
                   imp_typename(L, -1)));
    if (imp_turn_sweep_nearer(ckind, c, mkind, moving, delta.x, delta.y,
                              dangle, &s))
      found = k;
    lua_pop(L, 1);
  }
  if (found) lua_rawgeti(L, 2, found);
  imp_pushsweep(L, out, lua_gettop(L), &s);
  return 1;
}
