/*
** The filter in front of the exact overlap test when one shape is round
** and thin: a circle (a hull of one point) or a capsule (of two), against
** anything. In doubles it answers most such tests, which most tests with
** circles and capsules are, and leaves the rest, near touching, to the
** exact test (distance.c), which calls it on hulls, and on the shapes'
** world points before any hull is built.
*/
#include <math.h>

#include "hulls.h"

static double greater(double a, double b) { return a > b ? a : b; }
static double lesser(double a, double b) { return a < b ? a : b; }

/* The width plus the height of the box of the points of v and of w; NaN
** when a coordinate is not finite (the comparisons would drop a NaN, so
** zero times each coordinate is added too). */
static double span_of_both(const imp_vec2 *v, int n, const imp_vec2 *w,
                           int m) {
  double lx = w[0].x, hx = lx, ly = w[0].y, hy = ly, zero = 0;
  int i;
  for (i = 0; i < n + m; i++) {
    imp_vec2 p = i < n ? v[i] : w[i - n];
    lx = lesser(lx, p.x);
    hx = greater(hx, p.x);
    ly = lesser(ly, p.y);
    hy = greater(hy, p.y);
    zero += p.x * 0 + p.y * 0;
  }
  return (hx - lx) + (hy - ly) + zero;
}

/* The gap to w from the point of segment p-q nearest it: w - p - t (q - p)
** with t clamped to [0, 1]; its sum of squares into *square. */
static imp_vec2 gap_to(imp_vec2 p, imp_vec2 q, imp_vec2 w, double *square) {
  double ex = q.x - p.x, ey = q.y - p.y, wx = w.x - p.x, wy = w.y - p.y;
  double length2 = ex * ex + ey * ey, t = 0;
  imp_vec2 g;
  if (length2 > 0) t = (wx * ex + wy * ey) / length2;
  t = t > 0 ? lesser(t, 1) : 0;
  g.x = wx - ex * t;
  g.y = wy - ey * t;
  *square = g.x * g.x + g.y * g.y;
  return g;
}

/* Whether w lies strictly on one side of every side's line of the closed
** path v (n > 2), whichever side, by the products' static bound
** (imp_plain_orient's, kept in flags: random shapes make branches
** mispredict): then the path winds round w, which no point outside its
** hull sees it do. */
static int surely_inside(const imp_vec2 *v, int n, imp_vec2 w) {
  int i, left = 1, right = 1;
  for (i = 0; i < n; i++) {
    imp_vec2 p = v[i], q = v[i + 1 == n ? 0 : i + 1];
    double l = (q.x - p.x) * (w.y - p.y), r = (q.y - p.y) * (w.x - p.x);
    double bound = 0x1p-50 * (fabs(l) + fabs(r)) + 0x1p-1000;
    left &= l - r > bound;
    right &= r - l > bound;
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

/* Whether the point w is within near of the path v (n >= 1, closed): of
** a vertex, or of a side's line where w's foot falls between its ends,
** with no division, for a hit's usual answer. Rounding moves the distances
** and the feet by far less than near's margin (2^-40 of the scene): a
** foot an ulp past a side's end is as near to the side. */
static int point_near(const imp_vec2 *v, int n, imp_vec2 w, double near) {
  double near2 = near * near;
  int i, hit = 0;
  for (i = 0; i < n; i++) {
    imp_vec2 p = v[i], q = v[i + 1 == n ? 0 : i + 1];
    double ex = q.x - p.x, ey = q.y - p.y, fx = w.x - p.x, fy = w.y - p.y;
    double length2 = ex * ex + ey * ey, along = ex * fx + ey * fy;
    double across = ex * fy - ey * fx;
    hit |= (fx * fx + fy * fy < near2) |
           ((along >= 0) & (along <= length2) &
            (across * across < near2 * length2));
  }
  return hit;
}

/* Whether a point of w is within near of the path v, or, w a segment, a
** point of v within near of it: point_near both ways. */
static int paths_near(const imp_vec2 *v, int n, const imp_vec2 *w, int m,
                      double near) {
  int i, hit = 0;
  for (i = 0; i < m; i++) hit |= point_near(v, n, w[i], near);
  for (i = 0; m == 2 && i < n; i++) hit |= point_near(w, 2, v[i], near);
  return hit;
}

/* In doubles each pair's distance is off by a few roundings of the
** differences, which the scene's span bounds; 2^-40 of the span and the
** radii is far more. The hulls of v and w are then closer than r - slack
** when a point of w is strictly inside v's (w's points exact: slack 0),
** or the nearest pair is nearer than that by that much (pairs lie in the
** hulls). They are farther apart than r + slack when, along the nearest
** pair's gap g, every point of w lies beyond every point of v by that and
** a bound on those products' rounding more, 2^-48 of the span and the
** radii: the line across g between them then parts the hulls, and a
** push-out's margin (2^-46 of its scene) is certified at once. That holds
** for any points, so the world vertices of a polygon, which rounding may
** bend a hair concave, do as well as its hull. A scene past 2^500 in
** size, where the squares could overflow, or a coordinate not finite, is
** left to the exact test, and the bounds' last term keeps them from
** underflowing. */
int imp_points_near(const imp_vec2 *v, int n, const imp_vec2 *w, int m,
                    double r, double slack) {
  double span = span_of_both(v, n, w, m), least, near, apart;
  double most_v = -INFINITY, least_w = INFINITY;
  imp_vec2 c = w[0], g = c;  /* set by nearest_gap: every point is finite */
  int i;
  if (!(span + r + slack < 0x1p500)) return 2;
  apart = (r + slack) + 0x1p-48 * (span + r) + 0x1p-500;
  /* Boxes apart by more than r + slack: apart grown by 2^-40 for the
  ** roundings of the gap and of apart itself. The usual miss. */
  if (imp_points_gap(v, n, w, m) > apart * (1 + 0x1p-40)) return 0;
  for (i = 0; n > 2 && slack == 0 && i < m; i++)
    if (surely_inside(v, n, w[i])) return 1;
  near = (r - slack) - (0x1p-40 * (span + r) + 0x1p-500);
  if (near > 0 && paths_near(v, n, w, m, near)) return 1;
  least = nearest_gap(v, n, w, m, &g);
  if (near > 0 && least < near * near) return 1;
  if (!(least > apart * apart)) return 2;
  for (i = 0; i < n; i++)
    most_v = greater(most_v, (v[i].x - c.x) * g.x + (v[i].y - c.y) * g.y);
  for (i = 0; i < m; i++)
    least_w = lesser(least_w, (w[i].x - c.x) * g.x + (w[i].y - c.y) * g.y);
  return least_w - most_v > apart * sqrt(least) ? 0 : 2;
}
