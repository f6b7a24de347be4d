/*
** The overlap and distance tests on hulls already built (private to
** src/core), and the filters in doubles in front of them.
** imp_shape_intersects and imp_shape_distance build both hulls and call
** these; a caller that tests one shape more than once (against many poses
** of another, or for a push-out and its checks) builds its hull once.
*/
#ifndef IMPACT_HULLS_H
#define IMPACT_HULLS_H

#include "impact.h"

/* imp_shape_intersects on the shapes' hulls. */
int imp_hulls_intersect(const imp_hull *ha, const imp_hull *hb);

/* imp_shape_distance on the shapes' hulls. */
double imp_hulls_distance(const imp_hull *ha, const imp_hull *hb,
                          imp_vec2 *pa, imp_vec2 *pb);

/* The world points whose hull the shape is, into out (room for
** IMP_MAX_VERTICES); how many: a circle's centre, a capsule's two ends, a
** polygon's vertices in its order, a turned OBB's corners, a box's
** corners (fewer where a half size is 0). 0 for a box whose corners
** round (a corner then takes two doubles). */
int imp_shape_points(imp_shape kind, const void *shape, imp_vec2 *out);
/* The radius that grows that hull: a circle's or a capsule's, else 0. */
double imp_shape_radius(imp_shape kind, const void *shape);

/* The box of the points v[0..n), n >= 1: the least x and y into *low, the
** greatest into *high (by plain comparisons, so that a NaN after the
** first point is passed over). */
void imp_points_box(const imp_vec2 *v, int n, imp_vec2 *low, imp_vec2 *high);
/* The widest gap between the boxes of the points v and of the points w
** along x or y, in doubles (its sign exact): negative where they overlap
** along both. */
double imp_points_gap(const imp_vec2 *v, int n, const imp_vec2 *w, int m);

/* The way every corner of the closed path p[0..n), n >= 3, turns (1
** counter-clockwise, -1 clockwise), when the products in doubles certify
** it (Shewchuk's static bound, made generous) and the path goes round
** once: then the path is its points' hull. Else 0 (hull.c). */
int imp_surely_convex(const imp_vec2 *p, int n);

/* imp_shape_intersects for two polygons' world points a and b, where
** doubles certify it without their hulls: 1 or 0; else 2
** (polygons.c). */
int imp_polygons_meet(const imp_vec2 *a, int n, const imp_vec2 *b, int m);

/* Whether the hulls of the points v (n >= 2, a segment or any polygon)
** and w (m = 1 or 2: a point or a segment) are closer than r - slack (1)
** or farther apart than r + slack (0), where doubles certify it; else 2
** (roundfilter.c). The slack stands for the rounding of points of w. */
int imp_points_near(const imp_vec2 *v, int n, const imp_vec2 *w, int m,
                    double r, double slack);

/* imp_shape_intersects where doubles certify it on the shapes' world
** points, before any hull is built: 1 or 0; else 2 (distance.c). */
int imp_shapes_filtered(imp_shape akind, const void *a, imp_shape bkind,
                        const void *b);

/* imp_shape_intersects by the filter, then by the hulls where it cannot
** say; when the shapes overlap, both hulls are built into ha and hb, for
** what follows (a push-out, a manifold). */
int imp_shapes_meet(imp_shape akind, const void *a, imp_shape bkind,
                    const void *b, imp_hull *ha, imp_hull *hb);

/* What doubles certify of a segment from p along d (not zero, all finite)
** against a shape, on its world points before any hull is built
** (castfilter.c): a miss; a hit whose line crosses the inside, from a
** start strictly outside or strictly inside; or nothing. For a polygon's
** hit, also the side through which the line enters, where they certify
** it: its ends, counter-clockwise. */
enum {
  IMP_CAST_MISS, IMP_CAST_FROM_OUTSIDE, IMP_CAST_FROM_INSIDE, IMP_CAST_UNSURE
};
typedef struct imp_cast_hint {
  int where, sided;
  imp_vec2 side[2];
} imp_cast_hint;
void imp_segment_filter(imp_shape kind, const void *shape, imp_vec2 p,
                        imp_vec2 d, imp_cast_hint *out);

/* A side's line against a segment's from p along d, in doubles: the cross
** product of the side with p's offset from it (from, positive on the
** side's left) and with d (along), each with a bound on its error. */
typedef struct imp_side_line {
  double from, along, from_error, along_error;
} imp_side_line;
/* Whether p + t d lies strictly inside the counter-clockwise convex path
** of the n sides, for a t in [0, 1] that doubles find (castfilter.c). */
int imp_passes_inside(const imp_side_line *s, int n);

#endif
