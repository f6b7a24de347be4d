/* The shape types' shared binding (shapes.c). */
#ifndef IMPACT_SHAPES_H
#define IMPACT_SHAPES_H

#include "object.h"

/* Any shape at i (AABB, OBB, Circle, Capsule, Polygon): its data and kind,
** or NULL; imp_checkshape raises "shape expected" instead. */
const void *imp_toshape(lua_State *L, int i, imp_shape *kind);
const void *imp_checkshape(lua_State *L, int i, const char *fname,
                           imp_shape *kind);

/* The methods of each shape type against any shape: all five types have
** imp_shape_methods_T; Circle, Capsule and Polygon also the casts that
** AABB and OBB have of their own (imp_round_methods_T). */
extern const luaL_Reg imp_shape_methods_aabb[], imp_shape_methods_obb[],
    imp_shape_methods_circle[], imp_shape_methods_capsule[],
    imp_shape_methods_polygon[];

/* The shape types' optional placement x, y[, angle] from index i. */
void imp_optplacement(lua_State *L, int i, const char *fname, imp_vec2 *pos,
                      double *angle);
/* A radius at i: a finite number, not negative. */
double imp_checkradius(lua_State *L, int i, const char *fname);
/* A sweep's optional turn at i (a number; else 0): the index after it. */
int imp_optturn(lua_State *L, int i, const char *fname, double *dangle);
/* A radius written to field radius of a shape of type t (value at 3). */
double imp_fieldradius(lua_State *L, int t);
/* New objects holding a copy, their cached cosine and sine as given. */
void imp_pushcircle(lua_State *L, const imp_circle *c);
void imp_pushcapsule(lua_State *L, const imp_capsule *c);
void imp_pushpolygon(lua_State *L, const imp_polygon *p);
/* imp_manifold into an out Manifold at index out, or a new one (manifold.c). */
void imp_pushmanifold(lua_State *L, int out, const imp_manifold *m);

#endif
