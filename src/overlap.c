/* Static overlap of any rectangle, AABB or OBB, with any: the methods that
** both types have, so that each answers as the other does. */
#include "shapes.h"

static void checkrect(lua_State *L, int i, int t, const char *fname,
                      imp_obb *out) {
  imp_shape_obb(t == T_OBB ? IMP_SHAPE_OBB : IMP_SHAPE_AABB,
                imp_checkobject(L, i, t, fname), out);
}

/* box:intersectOBB(other) and OBB:intersectAABB(other) -> boolean: strict
** overlap, the same whichever of the two is self. */
int imp_intersectrect(lua_State *L, int tbox, int tother, const char *fname) {
  imp_obb box, other;
  checkrect(L, 1, tbox, fname, &box);
  checkrect(L, 2, tother, fname, &other);
  lua_pushboolean(L, imp_obb_intersect_obb(&box, &other));
  return 1;
}

/* box:overlap(other[, out]) -> Hit|nil, other any shape: the push-out for
** other; between rectangles, other:overlap(box) gives its exact
** negation. */
int imp_overlaprect(lua_State *L, int tbox) {
  const char *fname = "overlap";
  imp_shape kind, okind;
  const void *box, *other;
  imp_hit h;
  int out;
  imp_checkobject(L, 1, tbox, fname);
  box = imp_toshape(L, 1, &kind);
  other = imp_checkshape(L, 2, fname, &okind);
  out = imp_optout(L, 3, T_HIT, fname);
  if (imp_shape_overlap(kind, box, okind, other, &h))
    imp_pushhit(L, out, 1, &h);
  else lua_pushnil(L);
  return 1;
}
