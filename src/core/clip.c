/*
** Segment clipping against the closed box (Liang–Barsky). The kind comes
** from which sides the segment crosses, so it always agrees with the
** interval: t0 == 0 exactly when the start is in the box, t1 == 1 exactly
** when the end is, and a segment that only touches the box has t0 == t1.
*/
#include <float.h>

#include "impact.h"
#include "scalar.h"

/* Knuth's two-sum: s + e == a + b exactly (for finite a and b). */
static void two_sum(double a, double b, double *s, double *e) {
  double bb;
  *s = a + b;
  bb = *s - a;
  *e = (a - (*s - bb)) + (b - bb);
}

/* How far the start x and the end x + p lie inside the side that keeps the
** points with x - c <= h: h - (x - c) and h - (x + p - c). The offsets come
** from error-free sums, so that a point on the side reads 0 even where
** c + h is no double, and the times stay accurate for short segments far
** from the centre of a box, or from the origin. */
static void slack(double h, double x, double c, double p,
                  double *q0, double *q1) {
  double u, ue, v, ve;
  two_sum(x, -c, &u, &ue);  /* x - c == u + ue */
  two_sum(u, p, &v, &ve);   /* x + p - c == v + ve + ue */
  *q0 = (h - u) - ue;
  *q1 = (h - v) - (ve + ue);
}

static imp_clip_kind outside(imp_clip *out) {
  out->kind = IMP_CLIP_OUTSIDE;
  out->t0 = 1;
  out->t1 = 0;
  return IMP_CLIP_OUTSIDE;
}

imp_clip_kind imp_aabb_clip_segment(const imp_aabb *box, double px, double py,
                                    double dx, double dy, imp_clip *out) {
  /* Side i keeps the points with p_i t <= q_i: the low and high x sides,
  ** then y. Each table holds the side's outward sign times the coordinate,
  ** which turns every side into a high side. */
  const double p[4] = {-dx, dx, -dy, dy};
  const double x[4] = {-px, px, -py, py};
  const double c[4] = {-box->pos.x, box->pos.x, -box->pos.y, box->pos.y};
  const double h[4] = {box->half.x, box->half.x, box->half.y, box->half.y};
  double t0 = 0, t1 = 1;
  int entered = 0, left = 0, i;
  for (i = 0; i < 4; i++) {
    double q0, q1, t;
    slack(h[i], x[i], c[i], p[i], &q0, &q1);
    if (q0 >= 0 && q1 >= 0) continue;  /* the whole segment keeps to it */
    /* Wholly beyond the side (parallel to it included), or a NaN. */
    if (!(q0 >= 0 || q1 >= 0)) return outside(out);
    /* Where it crosses the side, in [0, 1]; rounding must not carry it to
    ** the end that lies outside the side (t0 == 0 or t1 == 1 would say
    ** that endpoint is in the box). */
    if (q0 < 0) {  /* crosses inwards: the start is outside */
      t = imp_clamp(q0 / p[i], DBL_MIN, 1);
      if (!(t <= t1)) return outside(out);
      if (t > t0) t0 = t;
      entered = 1;
    } else {  /* crosses outwards: the end is outside (or a NaN delta) */
      t = imp_clamp(q0 / p[i], 0, 1 - DBL_EPSILON / 2);
      if (!(t >= t0)) return outside(out);
      if (t < t1) t1 = t;
      left = 1;
    }
  }
  out->kind = entered ? (left ? IMP_CLIP_TRAVERSE : IMP_CLIP_ENTER)
                      : (left ? IMP_CLIP_EXIT : IMP_CLIP_INSIDE);
  out->t0 = t0;
  out->t1 = t1 + 0.0;  /* a -0 half size would make t1 -0 */
  return out->kind;
}
