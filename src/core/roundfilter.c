/*
** The filter in front of the exact overlap test when one shape is round
** and thin: a circle (a hull of one point) or a capsule (of two), against
** anything. In doubles it answers most such tests, which most tests with
** circles and capsules are, and leaves the rest, near touching, to the
** exact test (distance.c). A circle or capsule against a capsule or a
** polygon is answered on their world points, before any hull is built.
*/
#include <math.h>

#include "hulls.h"
#include "predicates.h"

static double greater(double a, double b) { return a > b ? a : b; }
static double lesser(double a, double b) { return a < b ? a : b; }

/* The width plus the height of the box of the points of v and of w. */
static double span_of_both(const imp_vec2 *v, int n, const imp_vec2 *w,
                           int m) {
  double lx = w[0].x, hx = lx, ly = w[0].y, hy = ly;
  int i;
  for (i = 0; i < n + m; i++) {
    imp_vec2 p = i < n ? v[i] : w[i - n];
    lx = lesser(lx, p.x);
    hx = greater(hx, p.x);
    ly = lesser(ly, p.y);
    hy = greater(hy, p.y);
  }
  return (hx - lx) + (hy - ly);
}

/* The gap to w from the point of segment p-q nearest it: w - p - t (q - p)
** with t clamped to [0, 1]; its sum of squares into *square. */
static imp_vec2 gap_to(imp_vec2 p, imp_vec2 q, imp_vec2 w, double *square) {
  double ex = q.x - p.x, ey = q.y - p.y, wx = w.x - p.x, wy = w.y - p.y;
  double t = (wx * ex + wy * ey) / (ex * ex + ey * ey);
  imp_vec2 g;
  t = t > 0 ? lesser(t, 1) : 0;
  g.x = wx - ex * t;
  g.y = wy - ey * t;
  *square = g.x * g.x + g.y * g.y;
  return g;
}

/* Whether w lies strictly on one side of every side's line of the closed
** path v (n > 2), whichever side, by the products' static bound
** (imp_plain_orient): then the path winds round w, which no point outside
** its hull sees it do. */
static int surely_inside(const imp_vec2 *v, int n, imp_vec2 w) {
  int i, left = 1, right = 1;
  for (i = 0; i < n; i++) {
    imp_vec2 p = v[i], q = v[i + 1 == n ? 0 : i + 1];
    int o = imp_plain_orient(q.x - p.x, q.y - p.y, p, w);
    left &= o == 1;
    right &= o == -1;
  }
  return left | right;
}

/* The nearest pair of the two paths found in doubles: each point of w
** against each side of v, and each point of v against w's segment; the
** gap from v's point to w's, its sum of squares returned. */
static double nearest_gap(const imp_vec2 *v, int n, const imp_vec2 *w, int m,
                          imp_vec2 *gap) {
  double least = INFINITY, square;
  imp_vec2 g;
  int i, j;
  for (j = 0; j < m; j++)
    for (i = 0; i < n; i++) {
      g = gap_to(v[i], v[i + 1 == n ? 0 : i + 1], w[j], &square);
      if (square < least) {
        least = square;
        *gap = g;
      }
    }
  for (i = 0; m == 2 && i < n; i++) {
    g = gap_to(w[0], w[1], v[i], &square);
    if (square < least) {
      least = square;
      gap->x = -g.x;
      gap->y = -g.y;
    }
  }
  return least;
}

/* In doubles each pair's distance is off by a few roundings of the
** differences, which the scene's span bounds; 2^-40 of the span and the
** radii is far more. The hulls of v and w are then closer than r when a
** point of w is strictly inside v's, or the nearest pair is nearer than r
** by that much (pairs lie in the hulls). They are no closer when, along
** the nearest pair's gap g, every point of w lies beyond every point of v
** by r and a bound on those products' rounding more, 2^-48 of the span
** and the radii: the line across g between them then parts the hulls,
** and a push-out's margin (2^-46 of its scene) is certified at once. That
** holds for any points, so the world vertices of a polygon, which
** rounding may bend a hair concave, do as well as its hull. A scene past
** 2^500 in size, where the squares could overflow, or NaN, is left to the
** exact test, and the bounds' last term keeps them from underflowing. */
int imp_points_near(const imp_vec2 *v, int n, const imp_vec2 *w, int m,
                    double r) {
  double span = span_of_both(v, n, w, m), least, near, apart;
  double most_v = -INFINITY, least_w = INFINITY;
  imp_vec2 g, c = w[0];
  int i;
  if (!(span + r < 0x1p500)) return 2;
  for (i = 0; n > 2 && i < m; i++)
    if (surely_inside(v, n, w[i])) return 1;
  least = nearest_gap(v, n, w, m, &g);
  near = r - (0x1p-40 * (span + r) + 0x1p-500);
  if (near > 0 && least < near * near) return 1;
  apart = r + 0x1p-48 * (span + r) + 0x1p-500;
  if (!(least > apart * apart)) return 2;
  for (i = 0; i < n; i++)
    most_v = greater(most_v, (v[i].x - c.x) * g.x + (v[i].y - c.y) * g.y);
  for (i = 0; i < m; i++)
    least_w = lesser(least_w, (w[i].x - c.x) * g.x + (w[i].y - c.y) * g.y);
  return least_w - most_v > apart * sqrt(least) ? 0 : 2;
}

/* A circle's, a capsule's or a polygon's world points and radius into
** points and *r; how many points, 0 for a rectangle. */
static int round_points(imp_shape kind, const void *shape, imp_vec2 *points,
                        double *r) {
  *r = kind == IMP_SHAPE_CIRCLE    ? ((const imp_circle *)shape)->radius
       : kind == IMP_SHAPE_CAPSULE ? ((const imp_capsule *)shape)->radius
                                   : 0;
  return imp_shape_points(kind, shape, points);
}

int imp_round_near_shape(imp_shape akind, const void *a, imp_shape bkind,
                         const void *b) {
  imp_vec2 pa[IMP_MAX_VERTICES], pb[IMP_MAX_VERTICES];
  double ra, rb;
  int na = round_points(akind, a, pa, &ra), nb = round_points(bkind, b, pb, &rb);
  /* Negative radii overlap nothing; two of 0 ask for strict insides. */
  if (na < 1 || nb < 1 || (na > 2 && nb > 2) || (na < 2 && nb < 2) ||
      !(ra >= 0 && rb >= 0 && ra + rb > 0))
    return 2;
  return na < nb ? imp_points_near(pb, nb, pa, na, ra + rb)
                 : imp_points_near(pa, na, pb, nb, ra + rb);
}
