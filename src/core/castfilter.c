/*
** The filter in front of a segment's cast (cast.c). On the shape's world
** points and radius, before any hull is built, doubles certify most
** segments: a miss where the segment lies apart from the shape, and a hit
** where its start is strictly outside or strictly inside and a point of
** it is strictly inside. Such a hit's line crosses the inside, so that
** the cast makes none of its exact decisions and only works out where
** the line enters (xspan.c): the same bits. Near touching, it decides.
*/
#include <math.h>

#include "hulls.h"

/* Whether p + t d lies strictly inside the closed path v (n > 2), on one
** side of every side's line, for a t in [0, 1] that doubles find: the
** middle of the times inside every side's line by Cyrus-Beck in doubles.
** Each side's value at that t (exact) is checked against a bound on its
** rounding: 4 roundings of the cross product of the side with the start
** and 3 of the one with d, and 2 of their sum at t, are within 6 roundings
** of their products' magnitudes, which 2^-50 of them exceeds; the last
** term covers underflow. The path then winds round the point, which lies
** strictly inside its hull, whichever way the path turns. */
static int passes_inside(const imp_vec2 *v, int n, imp_vec2 p, imp_vec2 d) {
  double from[IMP_MAX_VERTICES], along[IMP_MAX_VERTICES];
  double bound[IMP_MAX_VERTICES], area = 0, lo = 0, hi = 1, way, t;
  int i;
  for (i = 0; i < n; i++) {
    imp_vec2 a = v[i], b = v[i + 1 == n ? 0 : i + 1];
    double ex = b.x - a.x, ey = b.y - a.y;
    double l = ex * (p.y - a.y), r = ey * (p.x - a.x);
    double dl = ex * d.y, dr = ey * d.x;
    from[i] = l - r;
    along[i] = dl - dr;
    bound[i] = 0x1p-50 * ((fabs(l) + fabs(r)) + (fabs(dl) + fabs(dr))) +
               0x1p-1000;
    area += a.x * b.y - a.y * b.x;
  }
  way = area < 0 ? -1 : 1;  /* the inside is on the left of a side */
  for (i = 0; i < n; i++) {
    double f = way * from[i], g = way * along[i];
    if (g > 0) lo = -f / g > lo ? -f / g : lo;
    else if (g < 0) hi = -f / g < hi ? -f / g : hi;
    else if (!(f > 0)) return 0;
  }
  if (!(lo < hi)) return 0;
  t = 0.5 * (lo + hi);
  for (i = 0; i < n; i++)
    if (!(way * (from[i] + t * along[i]) > bound[i])) return 0;
  return 1;
}

/* Whether the box of the segment from p to its end e and the box of the
** points v grown by r are apart by more than the roundings of the gap and
** of e: the usual miss, and a cheap one. */
static int boxes_apart(const imp_vec2 *v, int n, double r, imp_vec2 p,
                       imp_vec2 e) {
  double lo_x = p.x < e.x ? p.x : e.x, hi_x = p.x < e.x ? e.x : p.x;
  double lo_y = p.y < e.y ? p.y : e.y, hi_y = p.y < e.y ? e.y : p.y;
  double min_x = v[0].x, max_x = min_x, min_y = v[0].y, max_y = min_y;
  double slack;
  int i;
  for (i = 1; i < n; i++) {
    min_x = v[i].x < min_x ? v[i].x : min_x;
    max_x = v[i].x > max_x ? v[i].x : max_x;
    min_y = v[i].y < min_y ? v[i].y : min_y;
    max_y = v[i].y > max_y ? v[i].y : max_y;
  }
  slack = 0x1p-50 * (fabs(lo_x) + fabs(hi_x) + fabs(lo_y) + fabs(hi_y) +
                     fabs(min_x) + fabs(max_x) + fabs(min_y) + fabs(max_y) +
                     r) +
          0x1p-1000;
  return lo_x - (max_x + r) > slack || (min_x - r) - hi_x > slack ||
         lo_y - (max_y + r) > slack || (min_y - r) - hi_y > slack;
}

/* Whether v is 0 or between 2^-96 and 2^96 in size, where the cast's
** decisions are exact: beyond, it takes rounded signs, which the filter
** must leave it to take, as the pure backend takes them. */
static int exact_input(double v) {
  double size = fabs(v);
  return v == 0 || (size >= 0x1p-96 && size <= 0x1p96);
}

static int all_exact(const imp_vec2 *v, int n, imp_vec2 p, imp_vec2 d,
                     double r) {
  int i, exact = exact_input(p.x) & exact_input(p.y) & exact_input(d.x) &
                 exact_input(d.y) & exact_input(r);
  for (i = 0; i < n; i++) exact &= exact_input(v[i].x) & exact_input(v[i].y);
  return exact;
}

/* The segment's end p + d is rounded, so that the distance tests take it
** with a slack for that rounding, 2^-53 of each coordinate, with 2^-50
** of the end and the radius leaving room for the sums' own. A polygon's
** crossing is found by its sides, exactly at a point of the segment; a
** round shape's by the distance to its points. */
int imp_segment_filtered(imp_shape kind, const void *shape, imp_vec2 p,
                         imp_vec2 d) {
  imp_vec2 v[IMP_MAX_VERTICES], ends[2];
  double r = imp_shape_radius(kind, shape), slack;
  int n = imp_shape_points(kind, shape, v), near;
  if (n < 1 || !(r >= 0) || !all_exact(v, n, p, d, r))
    return IMP_CAST_UNSURE;
  if (n == 1) v[n++] = v[0];  /* a circle's centre, as a side of no length */
  ends[0] = p;
  ends[1].x = p.x + d.x;
  ends[1].y = p.y + d.y;
  if (boxes_apart(v, n, r, p, ends[1])) return IMP_CAST_MISS;
  near = imp_points_near(v, n, &p, 1, r, 0);
  if (near != 0)
    return near == 1 ? IMP_CAST_FROM_INSIDE : IMP_CAST_UNSURE;
  if (n > 2 && passes_inside(v, n, p, d)) return IMP_CAST_FROM_OUTSIDE;
  slack = 0x1p-50 * ((fabs(ends[1].x) + fabs(ends[1].y)) + r) + 0x1p-1000;
  near = imp_points_near(v, n, ends, 2, r, slack);
  return near == 0 ? IMP_CAST_MISS
                   : (near == 1 ? IMP_CAST_FROM_OUTSIDE : IMP_CAST_UNSURE);
}
