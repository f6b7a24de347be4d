/*
** The overlap and distance tests on hulls already built (private to
** src/core). imp_shape_intersects and imp_shape_distance build both hulls
** and call these; a caller that tests one shape more than once (against
** many poses of another, or for a push-out and its checks) builds its
** hull once.
*/
#ifndef IMPACT_HULLS_H
#define IMPACT_HULLS_H

#include "impact.h"

/* imp_shape_intersects on the shapes' hulls. */
int imp_hulls_intersect(const imp_hull *ha, const imp_hull *hb);

/* imp_shape_distance on the shapes' hulls. */
double imp_hulls_distance(const imp_hull *ha, const imp_hull *hb,
                          imp_vec2 *pa, imp_vec2 *pb);

/* The world points whose hull a circle (its centre), a capsule (its two
** ends) or a polygon (its vertices, in its order) is, into out (room for
** IMP_MAX_VERTICES); how many. 0 for a rectangle, whose corners can take
** more than a double each. */
int imp_shape_points(imp_shape kind, const void *shape, imp_vec2 *out);

/* Whether the point c lies closer than r > 0 to the convex polygon of the
** n points v (either winding, as a hull or a polygon's world vertices
** are; 2 points are a segment), where doubles certify it: 1 or 0; else 2
** (pointhull.c). */
int imp_point_near_points(const imp_vec2 *v, int n, imp_vec2 c, double r);

/* imp_shape_intersects for a circle and a capsule or polygon, either way
** round, where doubles certify it without their hulls: 1 or 0; else 2. */
int imp_circle_near_shape(imp_shape akind, const void *a, imp_shape bkind,
                          const void *b);

/* Whether doubles find a circle clear of the other shape, before any
** hull is built: the usual way a test with a circle ends. */
static inline int imp_circle_surely_apart(imp_shape akind, const void *a,
                                          imp_shape bkind, const void *b) {
  return (akind == IMP_SHAPE_CIRCLE || bkind == IMP_SHAPE_CIRCLE) &&
         imp_circle_near_shape(akind, a, bkind, b) == 0;
}

#endif
