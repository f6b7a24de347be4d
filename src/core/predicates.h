/*
** Exact predicates of the shape tests (private to src/core), on points
** given exactly as v + lo: a hull's vertices (imp_hull), or plain doubles
** with lo 0. Each is evaluated in doubles with a rigorous bound on its
** error first, and only when the bound cannot certify the sign, exactly
** in wide integers (wide.h). The exact evaluation needs every v and radius
** in imp_exact_input and every lo 0 or a multiple of 2^-148 below 2^96 (the
** error of a sum of two such doubles, as imp_two_sum leaves it); beyond,
** the sign is that of the rounded value (0 for a NaN).
*/
#ifndef IMPACT_PREDICATES_H
#define IMPACT_PREDICATES_H

#include <math.h>

#include "impact.h"

/* The point v + lo, exactly; v is that sum rounded (imp_two_sum's form),
** so two points are equal exactly when both parts are. */
typedef struct imp_xpoint { imp_vec2 v, lo; } imp_xpoint;

static inline imp_xpoint imp_xpoint_of(imp_vec2 v) {
  imp_xpoint p;
  p.v = v;
  p.lo.x = 0;
  p.lo.y = 0;
  return p;
}

static inline imp_xpoint imp_hull_point(const imp_hull *h, int i) {
  imp_xpoint p;
  p.v = h->v[i];
  p.lo = h->lo[i];
  return p;
}

static inline int imp_xpoint_equal(imp_xpoint a, imp_xpoint b) {
  return a.v.x == b.v.x && a.v.y == b.v.y && a.lo.x == b.lo.x &&
         a.lo.y == b.lo.y;
}

/* The sign (-1, 0 or 1) of the cross product (b - a) x (d - c). */
int imp_cross_sign(imp_xpoint a, imp_xpoint b, imp_xpoint c, imp_xpoint d);

/* The sign of the dot product (b - a) . (d - c). */
int imp_dot_sign(imp_xpoint a, imp_xpoint b, imp_xpoint c, imp_xpoint d);

/* The sign of (q - p) x (r - p), for q - p = (ex, ey), when the products
** in doubles certify it (the static bound imp_cross_sign tries first),
** else 2: for points of plain doubles (lo 0) in a loop, without the exact
** predicate's call. */
static inline int imp_plain_orient(double ex, double ey, imp_vec2 p,
                                   imp_vec2 r) {
  double left = ex * (r.y - p.y), right = ey * (r.x - p.x);
  double bound = 0x1p-50 * (fabs(left) + fabs(right)) + 0x1p-1000;
  return left - right > bound ? 1 : (right - left > bound ? -1 : 2);
}

/* The sign of (b - a) x (c - a): 1 when a, b, c turn counter-clockwise
** (c left of a -> b for y up), -1 clockwise, 0 on a line. */
static inline int imp_orient(imp_xpoint a, imp_xpoint b, imp_xpoint c) {
  return imp_cross_sign(a, b, a, c);
}

/* The sign of dist(p, s)^2 - (ra + rb)^2, where s is the closed segment
** a-b (the point a when a == b) and ra, rb >= 0: -1 when p is closer than
** ra + rb, 0 at that distance exactly, 1 farther. The radii are summed
** exactly, never rounded. */
int imp_segment_distance_sign(imp_xpoint p, imp_xpoint a, imp_xpoint b,
                              double ra, double rb);

/* The same of dist(p, line a-b)^2 - (ra + rb)^2, for a != b. */
int imp_line_distance_sign(imp_xpoint p, imp_xpoint a, imp_xpoint b,
                           double ra, double rb);

#endif
