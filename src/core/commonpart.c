/*
** Points of two overlapping shapes' common part (commonpart.h): exact
** containment on the hulls, and guesses in doubles that it confirms.
*/
#include <math.h>

#include "circles.h"
#include "commonpart.h"
#include "predicates.h"
#include "vec2.h"

/* Whether p lies on the inner side of the hull's edge from vertex i, or
** on it, exactly. The cross product in doubles decides where it clears
** the bound on its error: the products' rounding (Shewchuk's bound, made
** generous), and the vertices' parts below their doubles, at most spread
** in size; else the exact predicate does. */
static int inner_side(const imp_hull *h, int i, double spread, imp_vec2 p) {
  int j = (i + 1) % h->count;
  imp_vec2 a = h->v[i], b = h->v[j];
  double ex = b.x - a.x, ey = b.y - a.y, fx = p.x - a.x, fy = p.y - a.y,
         l = ex * fy, r = ey * fx, cross = l - r,
         bound = 0x1p-50 * (fabs(l) + fabs(r)) +
                 1.01 * spread * (fabs(ex) + fabs(ey) +
                                  2 * (fabs(fx) + fabs(fy))) +
                 4 * spread * spread + 0x1p-1000;
  if (cross > bound) return 1;
  if (-cross > bound) return 0;
  return imp_orient(imp_hull_point(h, i), imp_hull_point(h, j),
                    imp_xpoint_of(p)) >= 0;
}

int imp_hull_holds(const imp_hull *h, imp_vec2 p) {
  imp_xpoint x = imp_xpoint_of(p);
  double spread = 0;
  int i, inside = h->count > 2;
  if (h->count == 1 && !h->rounded) {  /* a disc: its sign in doubles */
    int sign = imp_disc_sign(h->v[0], p, h->radius, 0);
    if (sign != 2) return sign < 0;
  }
  for (i = 0; h->rounded && i < h->count && inside; i++) {  /* else 0 */
    double x = fabs(h->lo[i].x), y = fabs(h->lo[i].y);
    spread = x > spread ? x : spread;
    spread = y > spread ? y : spread;
  }
  for (i = 0; i < h->count && inside; i++)
    inside = inner_side(h, i, spread, p);
  if (inside || (h->count > 2 && h->radius == 0)) return inside;
  for (i = 0; i < (h->count == 2 ? 1 : h->count); i++)
    if (imp_segment_distance_sign(x, imp_hull_point(h, i),
                                  imp_hull_point(h, (i + 1) % h->count),
                                  h->radius, 0) <= 0)
      return 1;
  return 0;
}

/* Narrows [*lo, *hi] to the t where c0 + t c1 >= 0. */
static void cut(double c0, double c1, double *lo, double *hi) {
  double t = -c0 / c1;
  if (c1 > 0) {
    if (t > *lo) *lo = t;
  } else if (c1 < 0) {
    if (t < *hi) *hi = t;
  } else if (!(c0 >= 0)) {
    *hi = -HUGE_VAL;  /* parallel and outside, or a NaN */
  }
}

/* Widens [*lo, *hi] to hold [t0, t1] when that is not empty. */
static void join(double t0, double t1, double *lo, double *hi) {
  if (!(t0 <= t1)) return;
  if (t0 < *lo) *lo = t0;
  if (t1 > *hi) *hi = t1;
}

/* The t where o + t d lies in the hull's piece: the bare polygon (count of
** 3 or more), within r of the point v, or of the edge v-w. */
static void in_polygon(const imp_hull *h, imp_vec2 o, imp_vec2 d,
                       double *lo, double *hi) {
  int i;
  for (i = 0; i < h->count; i++) {
    imp_vec2 v = h->v[i], e = h->v[(i + 1) % h->count];
    e = vec2(e.x - v.x, e.y - v.y);
    cut(e.x * (o.y - v.y) - e.y * (o.x - v.x), e.x * d.y - e.y * d.x, lo,
        hi);
  }
}

static void near_point(imp_vec2 v, double r, imp_vec2 o, imp_vec2 d,
                       double *lo, double *hi) {
  imp_vec2 w = vec2(o.x - v.x, o.y - v.y);
  double a = dot(d, d), b = dot(w, d), c = dot(w, w) - r * r;
  double root = sqrt(b * b - a * c);
  if (a > 0) join((-b - root) / a, (-b + root) / a, lo, hi);
}

static void near_edge(imp_vec2 v, imp_vec2 e, double r, imp_vec2 o,
                      imp_vec2 d, double *lo, double *hi) {
  imp_vec2 w = vec2(o.x - v.x, o.y - v.y);
  double along = dot(e, w), across = e.x * w.y - e.y * w.x,
         da = dot(e, d), dc = e.x * d.y - e.y * d.x,
         width = r * sqrt(dot(e, e)), t0 = -HUGE_VAL, t1 = HUGE_VAL;
  cut(along, da, &t0, &t1);
  cut(dot(e, e) - along, -da, &t0, &t1);
  cut(width + across, dc, &t0, &t1);
  cut(width - across, -dc, &t0, &t1);
  join(t0, t1, lo, hi);
}

/* The t where o + t d lies in the closed shape of hull h, [*lo, *hi], as
** doubles find them: a guess that the exact test then confirms. */
static void chord(const imp_hull *h, imp_vec2 o, imp_vec2 d, double *lo,
                  double *hi) {
  int i, edges = h->count < 3 ? h->count - 1 : h->count;
  double t0 = -HUGE_VAL, t1 = HUGE_VAL;
  if (h->count > 2) in_polygon(h, o, d, &t0, &t1);
  *lo = t0;
  *hi = t1;
  if (h->radius == 0 && h->count > 2) return;
  *lo = HUGE_VAL;
  *hi = -HUGE_VAL;
  if (h->count > 2) join(t0, t1, lo, hi);
  for (i = 0; i < h->count; i++) {
    imp_vec2 v = h->v[i], w = h->v[(i + 1) % h->count];
    near_point(v, h->radius, o, d, lo, hi);
    if (i < edges)
      near_edge(v, vec2(w.x - v.x, w.y - v.y), h->radius, o, d, lo, hi);
  }
}

int imp_common_chord(const imp_hull *ha, const imp_hull *hb, imp_vec2 o,
                     imp_vec2 d, double *lo, double *hi) {
  double la, ua, lb, ub;
  chord(ha, o, d, &la, &ua);
  chord(hb, o, d, &lb, &ub);
  *lo = la > lb ? la : lb;
  *hi = ua < ub ? ua : ub;
  return *hi - *lo > 0 && *hi - *lo < HUGE_VAL;
}

int imp_common_point(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                     imp_vec2 d, imp_vec2 *out) {
  double lo, hi, hair, t;
  if (!imp_common_chord(ha, hb, p, d, &lo, &hi) ||
      (hi - lo) * (fabs(d.x) + fabs(d.y)) < 0x1p-24 * (fabs(p.x) + fabs(p.y)))
    return 0;
  hair = (hi - lo) * 0x1p-20;
  lo += hair;
  hi -= hair;
  t = 0 < lo ? lo : (0 > hi ? hi : 0);
  *out = vec2(p.x + d.x * t, p.y + d.y * t);
  return imp_hull_holds(ha, *out) && imp_hull_holds(hb, *out);
}

/* The part of the convex polygon in (n vertices) on the inner side of the
** edge a-b of a counter-clockwise hull, into out: n + 1 vertices at most,
** 2 n where rounding bends the polygon. */
static int clip_polygon(const imp_vec2 *in, int n, imp_vec2 a, imp_vec2 b,
                        imp_vec2 *out) {
  imp_vec2 e = vec2(b.x - a.x, b.y - a.y);
  int i, k = 0;
  for (i = 0; i < n; i++) {
    imp_vec2 p = in[i], q = in[(i + 1) % n];
    double sp = e.x * (p.y - a.y) - e.y * (p.x - a.x),
           sq = e.x * (q.y - a.y) - e.y * (q.x - a.x);
    if (sp >= 0) out[k++] = p;
    if ((sp >= 0) != (sq >= 0)) {
      double f = sp / (sp - sq);
      out[k++] = vec2(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f);
    }
  }
  return k;
}

/* A convex polygon in the shape of hull h, counter-clockwise, into out:
** the bare hull, or for a disc the square within it, for a capsule the
** hexagon of its segment's sides and ends; its count, 0 for no area. */
static int inner_polygon(const imp_hull *h, imp_vec2 *out) {
  imp_vec2 c = h->v[0], e, u, l;
  double r = h->radius, length;
  int i;
  if (h->count > 2) {
    for (i = 0; i < h->count; i++) out[i] = h->v[i];
    return h->count;
  }
  if (!(r > 0)) return 0;
  if (h->count == 1) {
    out[0] = vec2(c.x + r, c.y);
    out[1] = vec2(c.x, c.y + r);
    out[2] = vec2(c.x - r, c.y);
    out[3] = vec2(c.x, c.y - r);
    return 4;
  }
  e = vec2(h->v[1].x - c.x, h->v[1].y - c.y);
  length = sqrt(dot(e, e));
  u = vec2(e.x / length * r, e.y / length * r);
  l = vec2(-u.y, u.x);
  out[0] = vec2(c.x - l.x, c.y - l.y);
  out[1] = vec2(h->v[1].x - l.x, h->v[1].y - l.y);
  out[2] = vec2(h->v[1].x + u.x, h->v[1].y + u.y);
  out[3] = vec2(h->v[1].x + l.x, h->v[1].y + l.y);
  out[4] = vec2(c.x + l.x, c.y + l.y);
  out[5] = vec2(c.x - u.x, c.y - u.y);
  return 6;
}

int imp_common_middle(const imp_hull *ha, const imp_hull *hb,
                      imp_vec2 *out) {
  imp_vec2 buffer[2][4 * IMP_MAX_VERTICES], edges[IMP_MAX_VERTICES];
  double x = 0, y = 0;
  int i, n = inner_polygon(ha, buffer[0]), m = inner_polygon(hb, edges),
         from = 0;
  if (n == 0 || m == 0) return 0;
  /* Two convex polygons share no more corners than they have together. */
  for (i = 0; i < m && n > 0 && n <= 2 * IMP_MAX_VERTICES;
       i++, from = !from)
    n = clip_polygon(buffer[from], n, edges[i], edges[(i + 1) % m],
                     buffer[!from]);
  if (n < 3 || n > 2 * IMP_MAX_VERTICES) return 0;
  for (i = 0; i < n; i++) {
    x += buffer[from][i].x;
    y += buffer[from][i].y;
  }
  *out = vec2(x / n, y / n);
  return 1;
}
