/*
** Points of two overlapping shapes' common part (private to src/core), for
** the contact manifolds (manifold.c): whether a hull's closed shape holds
** a point, decided exactly, and points of both shapes guessed in doubles,
** which that exact test then confirms.
*/
#ifndef IMPACT_COMMONPART_H
#define IMPACT_COMMONPART_H

#include "impact.h"

/* Whether the closed shape of hull h holds p, exactly: in the bare hull
** (on the inner side of every edge), or within the radius of an edge or,
** for a point hull, of the point. */
int imp_hull_holds(const imp_hull *h, imp_vec2 p);

/* Where the line o + t d crosses both shapes, as doubles find it: the
** common part [*lo, *hi] of the two chords; 0 when it is empty (or not
** finite). */
int imp_common_chord(const imp_hull *ha, const imp_hull *hb, imp_vec2 o,
                     imp_vec2 d, double *lo, double *hi);

/* The point of the line p + t d in both shapes nearest p, kept off the
** ends of their common chord by 2^-20 of it so that the exact test
** confirms it without the wide integers; 0 when the test does not, or
** when the chord is too short for that (2^-24 of p's size). */
int imp_common_point(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                     imp_vec2 d, imp_vec2 *out);

/* The mean of the corners of the common part of convex polygons within
** the two shapes (the bare hull, a disc's square, a capsule's hexagon), as
** doubles find it: a point well inside both where that part has room; 0
** where there is no such part. */
int imp_common_middle(const imp_hull *ha, const imp_hull *hb,
                      imp_vec2 *out);

#endif
