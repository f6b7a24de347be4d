/*
** Two circles: the overlap test, the push-out and the manifold of the
** general shape tests (distance.c, pushout.c, manifold.c), bit for bit,
** without building hulls. Their nearest points are the centres, so the
** penetration is the line between them (or y, when they coincide), and
** every exact decision is the sign of |b - a|^2 - (ra + rb)^2: plain
** doubles certify it, and the general test decides what they cannot
** (touching within rounding, a NaN, an overflow). Where a manifold's
** point is not certainly in both discs, or the centres are all but on
** each other, the general tests answer.
*/
#include <math.h>

#include "circles.h"
#include "hulls.h"
#include "penetration.h"
#include "vec2.h"

/* The sign of |q - p|^2 - (rp + rq)^2 where doubles certify it, else 2:
** the value the exact predicate computes first (predicates.c), bit for
** bit, against a bound above its running error bound, which stays below
** 5 roundings of d2 + r2. What this certifies, that certifies too, even
** out of its exact range, where it then answers by the same sign. An
** overflow certifies nothing; the last term covers underflow. */
int imp_disc_sign(imp_vec2 p, imp_vec2 q, double rp, double rq) {
  double dx = q.x - p.x, dy = q.y - p.y, r = rp + rq;
  double d2 = dx * dx + dy * dy, r2 = r * r, diff = d2 - r2;
  double bound = 0x1p-48 * (d2 + r2) + 0x1p-1000;
  return diff > bound ? 1 : (-diff > bound ? -1 : 2);
}

int imp_circles_intersect(const imp_circle *a, const imp_circle *b) {
  imp_hull ha, hb;
  int sign = imp_disc_sign(a->pos, b->pos, a->radius, b->radius);
  if (sign != 2)  /* both finite: the radii too, or the sign is not sure */
    return sign < 0 && a->radius >= 0 && b->radius >= 0;
  imp_shape_hull(IMP_SHAPE_CIRCLE, a, &ha);
  imp_shape_hull(IMP_SHAPE_CIRCLE, b, &hb);
  return imp_hulls_intersect(&ha, &hb);
}

/* The penetration (penetration.h) of two overlapping circles: the line
** from a's centre to b's, as the bare hulls' distance gives it (from a's
** point at, + 0, the gap negated from a - b, + 0; the unit gap that it
** adds times the bare radius 0 changes neither), or y where the centres
** coincide. Centres apart by about 2^-990 or less, that distance decides
** by its rounding error bound and rounded signs (and apart by 2^1000 or
** more, where it overflows, by rounded signs): 0 leaves them to it. */
static int penetration(const imp_circle *a, const imp_circle *b,
                       imp_vec2 *pa, imp_vec2 *pb, imp_vec2 *normal,
                       double *depth) {
  imp_vec2 ca = a->pos, cb = b->pos, n = vec2(0, 1);
  *pa = ca;
  *pb = cb;
  if (ca.x != cb.x || ca.y != cb.y) {
    imp_vec2 gap = vec2(-((ca.x - cb.x) + 0.0), -((ca.y - cb.y) + 0.0));
    double most = fabs(gap.x) > fabs(gap.y) ? fabs(gap.x) : fabs(gap.y);
    if (!(most > 0x1p-990 && most < 0x1p1000)) return 0;
    *pa = vec2(ca.x + 0.0, ca.y + 0.0);
    *pb = vec2(pa->x + gap.x, pa->y + gap.y);
    n = vec2(pb->x - pa->x, pb->y - pa->y);
    normalize(&n);
  }
  *normal = n;
  *depth = dot(n, ca) + dot(vec2(-n.x, -n.y), cb) + (a->radius + b->radius);
  return 1;
}

/* Whether b of the pair, moved to pos, overlaps a no more. */
static int disc_clear(const void *test, imp_vec2 pos) {
  const imp_circle *const *pair = (const imp_circle *const *)test;
  imp_circle moved = *pair[1];
  moved.pos = pos;
  return !imp_circles_intersect(pair[0], &moved);
}

int imp_circles_overlap(const imp_circle *a, const imp_circle *b,
                        imp_hit *out) {
  const imp_circle *pair[2];
  imp_vec2 pa, pb, n;
  double depth;
  if (!imp_circles_intersect(a, b)) return 0;
  if (!penetration(a, b, &pa, &pb, &n, &depth)) return -1;
  pair[0] = a;
  pair[1] = b;
  out->normal = vec2(n.x + 0.0, n.y + 0.0);  /* no -0 */
  out->pos = vec2(pa.x + n.x * a->radius, pa.y + n.y * a->radius);
  out->time = 0;
  imp_push_clear(b->pos, depth, a->radius + b->radius, disc_clear, pair,
                 out);
  return 1;
}

/* Whether p lies in the closed disc c, where doubles certify it. */
static int surely_in(imp_vec2 p, const imp_circle *c) {
  return imp_disc_sign(p, c->pos, c->radius, 0) < 0;
}

/* Whether the manifold's point surely lies in both discs with no test of
** its own, as it does far from their edges: it lies |ra - depth / 2| from
** a's centre and |rb - depth / 2| from b's along the line of centres,
** give or take the rounding of that line, its normal, the depth and the
** point (a few dozen ulps of the coordinates and radii at most), which
** 2^-40 of their sizes bounds many times over. A NaN or an overflow is
** not sure. */
static int midway_in_both(const imp_circle *a, const imp_circle *b,
                          double depth) {
  double slack = 0x1p-40 * ((fabs(a->pos.x) + fabs(a->pos.y)) +
                            (fabs(b->pos.x) + fabs(b->pos.y)) +
                            (a->radius + b->radius));
  double least = a->radius < b->radius ? a->radius : b->radius;
  return depth / 2 > slack && depth / 2 < 2 * least - slack;
}

int imp_circles_manifold(const imp_circle *a, const imp_circle *b,
                         imp_manifold *out) {
  imp_vec2 pa, pb, n, point;
  double depth;
  if (!imp_circles_intersect(a, b)) return 0;
  if (!penetration(a, b, &pa, &pb, &n, &depth)) return -1;
  point = vec2(pb.x + n.x * (depth / 2 - b->radius),
               pb.y + n.y * (depth / 2 - b->radius));
  if (!midway_in_both(a, b, depth) &&
      !(surely_in(point, a) && surely_in(point, b)))
    return -1;
  out->normal = vec2(n.x + 0.0, n.y + 0.0);
  out->count = 1;
  out->point[0] = point;
  out->depth[0] = depth > 0 ? depth : 0;
  return 1;
}
