/*
** A point against a convex polygon, in doubles: the filter in front of
** the exact overlap test when one shape is a circle (a hull of one
** point), which most circles' tests are. It answers only what doubles
** certify, and the exact test (distance.c) the rest. A circle against a
** capsule or a polygon is answered on their world points, before any hull
** is built.
*/
#include <math.h>

#include "hulls.h"

static double greater(double a, double b) { return a > b ? a : b; }
static double lesser(double a, double b) { return a < b ? a : b; }

/* The width plus the height of the box of the points and c. */
static double span_with(const imp_vec2 *v, int n, imp_vec2 c) {
  double lx = c.x, hx = c.x, ly = c.y, hy = c.y;
  int i;
  for (i = 0; i < n; i++) {
    lx = lesser(lx, v[i].x);
    hx = greater(hx, v[i].x);
    ly = lesser(ly, v[i].y);
    hy = greater(hy, v[i].y);
  }
  return (hx - lx) + (hy - ly);
}

/* Each side p-q gives c's side of its line, certain when the products'
** static bound says so (as imp_plain_orient), and the gap g to c from the
** side's point p + t (q - p) nearest c, t clamped to [0, 1]. In doubles
** each of those distances is off by a few roundings of the differences,
** which the scene's span bounds; 2^-40 of the span and the radii is far
** more. The points' hull is then closer than r to c when c is strictly on
** one side of every line, whichever (the path winds round c, which no
** point outside the hull sees it do), or when the nearest side is nearer
** than r by that much (the sides lie in the hull). It is no closer when
** every point lies beyond the line across the nearest gap g, r back from
** c and a bound on those products' rounding more, 2^-48 of the span and
** the radii: then so does the hull, and a push-out's margin (2^-46 of its
** scene) is certified at once. That holds for any points, so the world
** vertices of a polygon, which rounding may bend a hair concave, do as
** well as its hull. A scene past 2^500 in size, where the squares could
** overflow, or NaN, is left to the exact test, and the bounds' last term
** keeps them from underflowing. */
int imp_point_near_points(const imp_vec2 *v, int n, imp_vec2 c, double r) {
  double span = span_with(v, n, c), least = INFINITY, near, apart, reach;
  int i, left = n > 2, right = n > 2;
  imp_vec2 g = c;
  if (!(span + r < 0x1p500)) return 2;
  for (i = 0; i < n; i++) {
    imp_vec2 p = v[i], q = v[i + 1 == n ? 0 : i + 1];
    double ex = q.x - p.x, ey = q.y - p.y, wx = c.x - p.x, wy = c.y - p.y;
    double l = ex * wy, rr = ey * wx, cross = l - rr;
    double bound = 0x1p-50 * (fabs(l) + fabs(rr)) + 0x1p-1000;
    double t = (wx * ex + wy * ey) / (ex * ex + ey * ey), gx, gy, d;
    left &= cross > bound;
    right &= -cross > bound;
    t = t > 0 ? lesser(t, 1) : 0;
    gx = wx - ex * t;
    gy = wy - ey * t;
    d = gx * gx + gy * gy;
    if (d < least) {
      least = d;
      g.x = gx;
      g.y = gy;
    }
  }
  near = r - (0x1p-40 * (span + r) + 0x1p-500);
  if (left || right || (near > 0 && least < near * near)) return 1;
  apart = r + 0x1p-48 * (span + r) + 0x1p-500;
  if (!(least > apart * apart)) return 2;
  reach = -apart * sqrt(least);
  for (i = 0; i < n; i++)
    if (!((v[i].x - c.x) * g.x + (v[i].y - c.y) * g.y < reach)) return 2;
  return 0;
}

static int radius_of(imp_shape kind, const void *shape, double *r) {
  if (kind == IMP_SHAPE_CIRCLE) *r = ((const imp_circle *)shape)->radius;
  else if (kind == IMP_SHAPE_CAPSULE) *r = ((const imp_capsule *)shape)->radius;
  else if (kind == IMP_SHAPE_POLYGON) *r = 0;
  else return 0;
  return 1;
}

int imp_circle_near_shape(imp_shape akind, const void *a, imp_shape bkind,
                          const void *b) {
  imp_vec2 v[IMP_MAX_VERTICES];
  const imp_circle *c;
  double ra, rb;
  int n;
  if (akind == IMP_SHAPE_CIRCLE) {
    c = (const imp_circle *)a;
    n = imp_shape_points(bkind, b, v);
  } else {
    c = (const imp_circle *)b;
    n = imp_shape_points(akind, a, v);
  }
  /* Negative radii overlap nothing; two of 0 ask for strict insides. */
  if (n < 2 || !radius_of(akind, a, &ra) || !radius_of(bkind, b, &rb) ||
      !(ra >= 0 && rb >= 0 && ra + rb > 0))
    return 2;
  return imp_point_near_points(v, n, c->pos, ra + rb);
}
