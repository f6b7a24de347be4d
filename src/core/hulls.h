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

#endif
