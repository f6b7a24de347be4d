/*
** The filter in front of a span's double-double times (xspan.c): the
** same time in doubles, with a rigorous bound on its error, taken where
** that bound is within 2^-44 of the time (or of 1, for a time in [0, 1]).
** That is well within the 1e-12 the casts promise, and ordinary lines
** need no more; the double-double time, ten times the cost, is worked
** out only for the rest (a line nearly along a side, nearly tangent to a
** disk). Decisions are not made here: a hit is already certain.
**
** Each quantity's error is bounded by 2^-50 (8 roundings of 2^-53) of
** the sizes of its terms, more than its few roundings take, and by what
** the inputs' own errors carry into it: an exact coordinate in parts
** (linear.h) is read as its rounded sum, off by its slop; a world point
** and a radius are one part, and exact. The 2^-1000 terms cover
** underflow. A quotient N / D, with N and D off by eN and eD, is off by
** (eN + |N / D| eD) / (|D| - eD), and its own rounding; the bound is
** grown by 2^-40 for the roundings of the bound itself. Overflow makes a
** bound infinite or NaN, and never certified. The time and its bound are
** the pure backend's to the bit (core/spanfilter.lua): each operation is
** written out.
*/
#include <math.h>

#include "xhull.h"

#define TINY 0x1p-1000

/* The rounded quotient n / d into *q, and whether it is certified: n and
** d off by en and ed at most, d beyond its error. The bound is checked
** multiplied out, with no division of its own. */
static int quotient(double n, double en, double d, double ed, double *q) {
  double size, scale, room;
  *q = n / d;
  size = fabs(*q);
  scale = size > 1 ? size : 1;
  room = (0x1p-44 * scale - 0x1p-52 * size) * (fabs(d) - ed);
  return *q - *q == 0 && fabs(d) > ed &&
         (en + size * ed) * (1 + 0x1p-40) <= room;
}

int imp_plain_crossing(const imp_xvec *a, const imp_xvec *b,
                       const imp_xvec *p, imp_vec2 d, double *t) {
  imp_plain_line s;
  imp_plain_side(a, b, p, d, &s);
  return quotient(-s.f, s.ef, s.g, s.eg, t);
}

int imp_plain_rounded_side(const imp_xvec *a, const imp_xvec *b,
                           const imp_lin *radius, const imp_xvec *p,
                           imp_vec2 d, imp_side_cross *out) {
  imp_plain_line s;
  double ee, eee, length, elength, reach, ereach, n, en;
  double rad = radius->approx, sr = imp_lin_slop(radius);
  imp_plain_side(a, b, p, d, &s);
  ee = s.ex * s.ex + s.ey * s.ey;
  eee = 0x1p-50 * ee + TINY + ((2 * fabs(s.ex) + s.sex) * s.sex +
                               (2 * fabs(s.ey) + s.sey) * s.sey);
  /* The side's length, its square root far from 0. */
  if (!(ee > 2 * eee)) return 0;
  length = sqrt(ee);
  elength = eee / length + 0x1p-52 * length;
  reach = rad * length;
  ereach = 0x1p-52 * reach + rad * elength + sr * (length + elength);
  n = s.f + reach;
  en = s.ef + ereach + 0x1p-52 * fabs(n);
  out->way = s.g > 0 ? 1 : -1;
  out->span = ee;
  if (!quotient(-n, en, s.g, s.eg, &out->time)) return 0;
  out->along = (s.qx * s.ex + s.qy * s.ey) +
               out->time * (d.x * s.ex + d.y * s.ey);
  return 1;
}

/* The roots (-b -+ s) / a of a line's times in the disk, each taken in
** the form that does not cancel, as xspan.c's disk() takes them: the
** product of the two is far / a, and den = |b| + s, the numerator of
** the one that is not far's partner, does not cancel. */
int imp_plain_disk(const imp_xvec *v, const imp_lin *radius,
                   const imp_xvec *p, imp_vec2 d, double *enter,
                   double *leave) {
  double r = radius->approx, qx, qy, a, b, c, far, reach, disc, s, den;
  double bx, by, cx, cy, qq, rr, ea, eb, ec, efar, edisc, es, eden;
  double sqx = imp_lin_slop(&p->x) + imp_lin_slop(&v->x);
  double sqy = imp_lin_slop(&p->y) + imp_lin_slop(&v->y);
  double sr = imp_lin_slop(radius), sqq, srr;
  int sure;
  qx = p->x.approx - v->x.approx;
  qy = p->y.approx - v->y.approx;
  a = d.x * d.x + d.y * d.y;
  bx = d.x * qx;
  by = d.y * qy;
  cx = d.x * qy;
  cy = d.y * qx;
  b = bx + by;
  c = cx - cy;
  qq = qx * qx + qy * qy;
  rr = r * r;
  far = qq - rr;
  reach = rr * a;
  disc = reach - c * c;
  sqq = (2 * fabs(qx) + sqx) * sqx + (2 * fabs(qy) + sqy) * sqy;
  srr = (2 * fabs(r) + sr) * sr;
  ea = 0x1p-50 * a + TINY;
  eb = 0x1p-50 * (fabs(bx) + fabs(by)) + TINY +
       (fabs(d.x) * sqx + fabs(d.y) * sqy);
  ec = 0x1p-50 * (fabs(cx) + fabs(cy)) + TINY +
       (fabs(d.x) * sqy + fabs(d.y) * sqx);
  efar = 0x1p-50 * (qq + rr) + TINY + (sqq + srr);
  edisc = 0x1p-50 * reach + (2 * fabs(c) + ec) * ec + 0x1p-51 * (c * c) +
          TINY + srr * a;
  /* Far from tangent: the square root's error is within edisc / s. */
  if (!(disc > 2 * edisc)) return 0;
  s = sqrt(disc);
  es = edisc / s + 0x1p-52 * s;
  /* The roots are far / den and den / a for b <= 0, and -den / a and
  ** -far / den for b > 0. */
  den = s + fabs(b);
  eden = es + eb + 0x1p-52 * den;
  if (b <= 0) {
    sure = quotient(far, efar, den, eden, enter);
    if (leave) sure |= quotient(den, eden, a, ea, leave) << 1;
  } else {
    sure = quotient(den, eden, a, ea, enter);
    *enter = -*enter;
    if (leave) {
      sure |= quotient(far, efar, den, eden, leave) << 1;
      *leave = -*leave;
    }
  }
  return sure;
}
