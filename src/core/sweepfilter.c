/*
** The filter in front of a sweep's cast (shapesweep.c): whether the cast
** from the origin along d surely starts outside the Minkowski difference
** and has a point strictly inside it, decided in doubles on the
** difference's vertices, each read as the rounded sum of its parts and
** off by its slop (linear.h). Such a cast's line crosses the inside, so
** that the exact cast makes none of its decisions there and its span is
** the crossing's (xcast.c): the same bits, as for a segment's filter
** (castfilter.c). The side lines are the span filter's (spanfilter.c).
*/
#include <math.h>

#include "hulls.h"
#include "xhull.h"

#define TINY 0x1p-1000

/* Side i of the hull against the line from the origin along d
** (hulls.h), and its length, or more. */
static void side_line_of(const imp_xhull *h, int i, const imp_xvec *origin,
                         imp_vec2 d, imp_side_line *s, double *length) {
  imp_plain_line p;
  imp_plain_side(&h->v[i], &h->v[imp_xhull_next(h, i)], origin, d, &p);
  s->from = p.f;
  s->along = p.g;
  s->from_error = p.ef;
  s->along_error = p.eg;
  *length = sqrt(p.ex * p.ex + p.ey * p.ey) * (1 + 0x1p-50) + (p.sex + p.sey);
}

/* Whether the origin lies beyond a side's line by more than the radius
** (at most r): then it is outside the hull grown by it. */
static int outside(const imp_side_line *s, const double *length, int n,
                   double r) {
  int i;
  for (i = 0; i < n; i++)
    if (-s[i].from > s[i].from_error + r * length[i] * (1 + 0x1p-50))
      return 1;
  return 0;
}

/* Whether the point of the cast nearest vertex k lies strictly within r
** (at least rl) of it: its squared distance, with the bound on its error
** (the point's rounding and the vertex's slop), below rl^2. */
static int near_vertex(const imp_xhull *h, int k, imp_vec2 d, double rl) {
  const imp_xvec *v = &h->v[k];
  double vx = v->x.approx, vy = v->y.approx, dd = d.x * d.x + d.y * d.y;
  double t = (vx * d.x + vy * d.y) / dd, wx, wy, ex, ey, far;
  t = t > 0 ? (t < 1 ? t : 1) : 0;  /* a NaN is 0 */
  wx = t * d.x - vx;
  wy = t * d.y - vy;
  ex = 0x1p-51 * (fabs(t * d.x) + fabs(vx)) + imp_lin_slop(&v->x) + TINY;
  ey = 0x1p-51 * (fabs(t * d.y) + fabs(vy)) + imp_lin_slop(&v->y) + TINY;
  far = (fabs(wx) + ex) * (fabs(wx) + ex) + (fabs(wy) + ey) * (fabs(wy) + ey);
  return far * (1 + 0x1p-50) < rl * rl * (1 - 0x1p-50);
}

int imp_sweep_through(const imp_xhull *h, imp_vec2 d) {
  imp_side_line s[IMP_XHULL_VERTICES];
  imp_xvec origin = imp_xvec_of(0, 0);
  double length[IMP_XHULL_VERTICES];
  double r = h->radius.approx, sr = imp_lin_slop(&h->radius);
  double rh = r + sr, rl = r - sr;  /* the radius lies between */
  int i, n = h->count;
  if (n < 3 || !(rh < 0x1p500) || !(d.x * d.x + d.y * d.y > 0)) return 0;
  for (i = 0; i < n; i++) side_line_of(h, i, &origin, d, &s[i], &length[i]);
  if (!outside(s, length, n, rh)) return 0;
  if (imp_passes_inside(s, n)) return 1;
  for (i = 0; rl > 0 && i < n; i++)
    if (near_vertex(h, i, d, rl)) return 1;
  return 0;
}
