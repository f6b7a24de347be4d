/* impact.sweepSegmentPoint: when and where a moving segment meets a moving
** point, or first touches a moving disc of the optional radius after the
** six points. */
#include "object.h"
#include "shapes.h"

static int sweep_segment_point(lua_State *L) {
  const char *fname = "sweepSegmentPoint";
  imp_vec2 p[6];
  double t[2], s[2];
  int i, n, arg = 1;
  for (i = 0; i < 6; i++) arg = imp_checkvec2(L, arg, fname, &p[i]);
  if (!lua_isnoneornil(L, arg)) {
    double radius = imp_checkradius(L, arg, fname);
    if (radius > 0) {
      if (!imp_sweep_thick_segment_point(p[0], p[1], p[2], p[3], p[4], p[5],
                                         radius, t, s)) {
        lua_pushnil(L);
        return 1;
      }
      lua_pushnumber(L, t[0]);
      lua_pushnumber(L, s[0]);
      return 2;
    }
  }
  n = imp_sweep_segment_point(p[0], p[1], p[2], p[3], p[4], p[5], t, s);
  if (n == 0) {
    lua_pushnil(L);
    return 1;
  }
  for (i = 0; i < n; i++) {
    lua_pushnumber(L, t[i]);
    lua_pushnumber(L, s[i]);
  }
  return 2 * n;
}

const luaL_Reg imp_segpoint_functions[] = {
  {"sweepSegmentPoint", sweep_segment_point},
  {NULL, NULL}
};
