/*
** Segment clipping against the closed box (Liang–Barsky). The kind comes
** from which sides the segment crosses, so it always agrees with the
** interval: t0 == 0 exactly when the start is in the box, t1 == 1 exactly
** when the end is, and a segment that only touches the box has t0 == t1.
** Whether it meets the box at all is decided exactly: a segment that passes
** a corner by less than rounding can tell is outside, one through it is not.
*/
#include <float.h>
#include <math.h>

#include "impact.h"
#include "scalar.h"

/* How far the start x and the end x + p lie inside the side that keeps the
** points with x - c <= h: h - (x - c) and h - (x + p - c). The offsets come
** from error-free sums, so that a point on the side reads 0 even where
** c + h is no double, and the times stay accurate for short segments far
** from the centre of a box, or from the origin. */
static void slack(double h, double x, double c, double p,
                  double *q0, double *q1) {
  double ue, ve;
  double u = imp_two_sum(x, -c, &ue);  /* x - c == u + ue */
  double v = imp_two_sum(u, p, &ve);   /* x + p - c == v + ve + ue */
  *q0 = (h - u) - ue;
  *q1 = (h - v) - (ve + ue);
}

static imp_clip_kind outside(imp_clip *out) {
  out->kind = IMP_CLIP_OUTSIDE;
  out->t0 = 1;
  out->t1 = 0;
  return IMP_CLIP_OUTSIDE;
}

/*
** Whether the segment enters the box through side e (its start beyond it)
** after it leaves through side l (its end beyond it): then no point of it
** is in the box. With Q = h - x + c, the slack of a side at the start, they
** cross at Q_e / p_e (p_e < 0) and Q_l / p_l (p_l > 0), so the entry is
** later when Q_e p_l - Q_l p_e < 0. The rounded times at[e] and at[l]
** (within 2^-51 of the exact ones, or moved by the clamps) tell, unless
** they are too close: then the sign of that sum of six products does,
** exactly, while every input is in imp_in_exact_range.
*/
static int enters_after(const double h[4], const double x[4],
                        const double c[4], const double p[4],
                        const double at[4], int e, int l) {
  const double q[6] = {h[e], -x[e], c[e], h[l], -x[l], c[l]};
  const double f[6] = {p[l], p[l], p[l], -p[e], -p[e], -p[e]};
  double te = at[e], tl = at[l];
  int i;
  if (!(fabs(te - tl) <= 0x1p-48 * (te + tl) + 4 * DBL_MIN) ||
      !imp_in_exact_range(p[e]) || !imp_in_exact_range(p[l]))
    return !(te <= tl);
  for (i = 0; i < 6; i++)
    if (!imp_in_exact_range(q[i])) return !(te <= tl);
  return imp_sign_of_products(q, f, 6) < 0;
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
  double t0 = 0, t1 = 1, at[4];  /* at[i]: when it crosses side i */
  /* By axis, the side it enters through and the one it leaves through. */
  int enters[2] = {-1, -1}, leaves[2] = {-1, -1}, entered, left, i;
  for (i = 0; i < 4; i++) {
    double q0, q1;
    slack(h[i], x[i], c[i], p[i], &q0, &q1);
    if (q0 >= 0 && q1 >= 0) continue;  /* the whole segment keeps to it */
    /* Wholly beyond the side (parallel to it included), or a NaN. */
    if (!(q0 >= 0 || q1 >= 0)) return outside(out);
    /* Where it crosses the side, in [0, 1]; rounding must not carry it to
    ** the end that lies outside the side (t0 == 0 or t1 == 1 would say
    ** that endpoint is in the box). */
    if (q0 < 0) {  /* crosses inwards: the start is outside */
      at[i] = imp_clamp(q0 / p[i], DBL_MIN, 1);
      if (at[i] > t0) t0 = at[i];
      enters[i / 2] = i;
    } else {  /* crosses outwards: the end is outside */
      at[i] = imp_clamp(q0 / p[i], 0, 1 - DBL_EPSILON / 2);
      if (at[i] < t1) t1 = at[i];
      leaves[i / 2] = i;
    }
    if (at[i] != at[i]) return outside(out);  /* a NaN delta */
  }
  /* On one axis the entry comes first (the box is no narrower than 0, and
  ** rounding keeps that order); an entry on one axis and an exit on the
  ** other decide whether the segment meets the box. */
  for (i = 0; i < 2; i++)
    if (enters[i] >= 0 && leaves[1 - i] >= 0 &&
        enters_after(h, x, c, p, at, enters[i], leaves[1 - i]))
      return outside(out);
  /* It meets the box, but rounding may have put the entry a little after
  ** the exit: a touch, at one time, above 0 when it entered. */
  if (t0 > t1) {
    if (t1 > 0) t0 = t1;
    else t1 = t0;
  }
  entered = enters[0] >= 0 || enters[1] >= 0;
  left = leaves[0] >= 0 || leaves[1] >= 0;
  out->kind = entered ? (left ? IMP_CLIP_TRAVERSE : IMP_CLIP_ENTER)
                      : (left ? IMP_CLIP_EXIT : IMP_CLIP_INSIDE);
  out->t0 = t0;
  out->t1 = t1 + 0.0;  /* a -0 half size would make t1 -0 */
  return out->kind;
}
