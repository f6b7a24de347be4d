/*
** Where a line enters and leaves a hull grown by its radius, in
** double-double arithmetic from the exact vertices (the decisions are
** xplace.c's): near contacts ask for it, as a time is a ratio whose terms
** cancel when the line starts close to a side, and a tangent's is the
** root of a discriminant that cancels as well.
**
** Radius 0: the entry is the latest crossing of an edge's line inwards,
** chosen exactly (imp_xhull_later; through a corner exactly, the side that
** follows the corner counter-clockwise), the exit the earliest outwards.
** A positive radius rounds the corners: the shape is the union of a disk
** at each vertex and of each edge's side moved out by the radius (with
** the hull), so the entry is the earliest into a disk or through a moved
** side within its edge's extent, and the exit the latest. The normal is
** continuous along such a boundary, so which of two pieces that meet is
** taken at a tie makes no difference beyond rounding.
*/
#include <float.h>
#include <math.h>

#include "dd.h"
#include "xhull.h"

static dd lin_dd(const imp_lin *a) {
  dd s = dd_of(0);
  int i;
  for (i = 0; i < a->n; i++) s = dd_add(s, dd_of(a->part[i]));
  return s;
}

/* a - b, each part added in turn: as lin_dd of imp_lin_sub(a, b), without
** building that difference. */
static dd lin_dd_diff(const imp_lin *a, const imp_lin *b) {
  dd s = lin_dd(a);
  int i;
  for (i = 0; i < b->n; i++) s = dd_add(s, dd_of(-b->part[i]));
  return s;
}

static ddvec xvec_dd_diff(const imp_xvec *a, const imp_xvec *b) {
  ddvec v;
  v.x = lin_dd_diff(&a->x, &b->x);
  v.y = lin_dd_diff(&a->y, &b->y);
  return v;
}

/* Vertex i + 1 and vertex i: edge i's ends. */
static const imp_xvec *head(const imp_xhull *h, int i) {
  return &h->v[imp_xhull_next(h, i)];
}

static ddvec vec_dd(imp_vec2 a) {
  ddvec v;
  v.x = dd_of(a.x);
  v.y = dd_of(a.y);
  return v;
}

static dd cross(ddvec a, ddvec b) {
  return dd_sub(dd_mul(a.x, b.y), dd_mul(a.y, b.x));
}

static dd dot(ddvec a, ddvec b) {
  return dd_add(dd_mul(a.x, b.x), dd_mul(a.y, b.y));
}

static dd neg(dd a) { return dd_scale(a, -1); }

static imp_vec2 unit(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  imp_vec2_normalize(&v);
  v.x += 0.0;  /* no -0 */
  v.y += 0.0;
  return v;
}

/* The unit outward normal of the side from a to b (its right, for y up),
** and of edge i. */
static imp_vec2 side_normal(const imp_xvec *a, const imp_xvec *b) {
  return unit(b->y.approx - a->y.approx, -(b->x.approx - a->x.approx));
}

static imp_vec2 outward(const imp_xhull *h, int i) {
  return side_normal(&h->v[i], head(h, i));
}

/* The time at which the line passes vertex k, across from it. */
static double passing(const imp_xhull *h, int k, const imp_xvec *p,
                      imp_vec2 d) {
  ddvec dv = vec_dd(d);
  return dd_div(dot(xvec_dd_diff(&h->v[k], p), dv), dot(dv, dv)).hi;
}

/* The unit normal across d, on the side of the line away from vertex k. */
static imp_vec2 across(const imp_xhull *h, int k, const imp_xvec *p,
                       imp_vec2 d) {
  imp_xvec dv = imp_xvec_of(d.x, d.y);
  return imp_cross_sign_diff(&dv, NULL, &h->v[k], p) > 0 ? unit(d.y, -d.x)
                                                        : unit(-d.y, d.x);
}

/* The span of the vertices that the line passes as vertex k does (those
** on a flat side along it), or all of them. */
static void passing_span(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                         int k, int all, imp_xspan *out) {
  imp_xvec dv = imp_xvec_of(d.x, d.y);
  int i;
  out->enter = INFINITY;
  out->leave = -INFINITY;
  out->edge = k;  /* kept when no time is finite (an overflowed d) */
  for (i = 0; i < h->count; i++) {
    double t;
    if (!all && imp_cross_sign_diff(&dv, NULL, &h->v[i], &h->v[k]) != 0)
      continue;
    t = passing(h, i, p, d);
    if (t < out->enter) {
      out->enter = t;
      out->edge = i;
    }
    if (t > out->leave) out->leave = t;
  }
  out->along = 0;
}

/* Where, from 0 at a to 1 at b, the side is nearest to the point at time
** t on the line. */
static double along_side(const imp_xvec *a, const imp_xvec *b,
                         const imp_xvec *p, imp_vec2 d, double t) {
  double x = (p->x.approx - a->x.approx) + d.x * t;
  double y = (p->y.approx - a->y.approx) + d.y * t;
  double ex = b->x.approx - a->x.approx, ey = b->y.approx - a->y.approx;
  double u = (x * ex + y * ey) / (ex * ex + ey * ey);
  return u > 0 ? (u < 1 ? u : 1) : 0;  /* a NaN is 0 */
}

/* The time at which the line crosses the line of the side from a to b:
** -N / D. */
static double crossing(const imp_xvec *a, const imp_xvec *b,
                       const imp_xvec *p, imp_vec2 d) {
  ddvec ev;
  double t;
  if (imp_plain_crossing(a, b, p, d, &t)) return t;
  ev = xvec_dd_diff(b, a);
  return dd_div(neg(cross(ev, xvec_dd_diff(p, a))), cross(ev, vec_dd(d))).hi;
}

void imp_side_entry(const imp_xvec *a, const imp_xvec *b, const imp_xvec *p,
                    imp_vec2 d, imp_xspan *out) {
  out->enter = crossing(a, b, p, d);
  out->along = along_side(a, b, p, d, out->enter);
  out->normal = side_normal(a, b);
}

/* Radius 0, a polygon: Cyrus-Beck, its entry chosen exactly. */
static void polygon_span(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                         int leaving, imp_xspan *out) {
  imp_xvec dv = imp_xvec_of(d.x, d.y);
  int i, best = -1;
  out->leave = INFINITY;
  for (i = 0; i < h->count; i++) {
    int facing = imp_cross_sign_diff(head(h, i), &h->v[i], &dv, NULL);
    if (facing > 0) {
      int later = best < 0 ? 1 : imp_xhull_later(h, p, &dv, best, i);
      if (later > 0 || (later == 0 && i == imp_xhull_next(h, best)))
        best = i;
    } else if (facing < 0 && leaving) {
      double t = crossing(&h->v[i], head(h, i), p, d);
      if (t < out->leave) out->leave = t;
    }
  }
  if (best < 0) {  /* only where rounded decisions disagree */
    passing_span(h, p, d, 0, 1, out);
    out->normal = unit(-d.x, -d.y);
    return;
  }
  imp_side_entry(&h->v[best], head(h, best), p, d, out);
  out->edge = best;
}

/* Whether the line passes vertex k farther than the radius by far more
** than rounding, so that disk() finds it missed: its distance from the
** line times |d|, less a bound on that product's error in doubles (the
** vertex and p as their rounded sums), beyond the radius times |d|, both
** rounded up; and far from overflow and underflow, where the double-double
** arithmetic holds its precision. */
static int surely_missed(const imp_xhull *h, int k, const imp_xvec *p,
                         imp_vec2 d) {
  const imp_xvec *v = &h->v[k];
  double qx = p->x.approx - v->x.approx, qy = p->y.approx - v->y.approx;
  double across = fabs(d.x * qy - d.y * qx);
  double error = 0x1p-48 * (fabs(d.x) * (fabs(qy) + p->y.mag + v->y.mag) +
                            fabs(d.y) * (fabs(qx) + p->x.mag + v->x.mag));
  double reach = h->radius.mag * sqrt(d.x * d.x + d.y * d.y);
  return across - error > reach * (1 + 0x1p-40) && reach > 0x1p-300 &&
         across < 0x1p300;
}

/* The times at which the line enters and leaves (unless leave is NULL)
** the disk of radius r about vertex k, or 0 when it misses it (by more
** than rounding). */
static int disk(const imp_xhull *h, int k, const imp_xvec *p, imp_vec2 d,
                dd r2, double *enter, double *leave) {
  ddvec q, dv;
  dd a, b, c, far, reach, off, disc, s = dd_of(0), den;
  double plain[2];
  int sure;
  if (surely_missed(h, k, p, d)) return 0;
  sure = imp_plain_disk(&h->v[k], &h->radius, p, d, &plain[0],
                        leave ? &plain[1] : NULL);
  if ((sure & 1) && (!leave || (sure & 2))) {
    *enter = plain[0];
    if (leave) *leave = plain[1];
    return 1;
  }
  q = xvec_dd_diff(p, &h->v[k]);
  dv = vec_dd(d);
  a = dot(dv, dv);
  b = dot(dv, q);
  c = cross(dv, q);
  far = dd_sub(dot(q, q), r2);
  reach = dd_mul(r2, a);
  off = dd_mul(c, c);
  disc = dd_sub(reach, off);
  if (disc.hi < -0x1p-90 * (reach.hi + off.hi)) return 0;
  if (disc.hi > 0) s = dd_sqrt(disc);
  /* The roots (-b -+ s) / a, the one that would cancel as far / (its
  ** partner's numerator), their product being far / a. */
  if (b.hi <= 0) {
    den = dd_sub(s, b);
    *enter = den.hi > 0 ? dd_div(far, den).hi : dd_div(neg(b), a).hi;
    if (leave) *leave = dd_div(den, a).hi;
  } else {
    den = neg(dd_add(b, s));
    *enter = dd_div(den, a).hi;
    if (leave) *leave = dd_div(far, den).hi;
  }
  if (sure & 1) *enter = plain[0];
  if (leave && (sure & 2)) *leave = plain[1];
  return 1;
}

/* The line enters the disk about v, vertex k, at time in. */
static void disk_entry(const imp_xvec *v, int k, const imp_xvec *p,
                       imp_vec2 d, double in, imp_xspan *out) {
  out->enter = in;
  out->edge = k;
  out->along = 0;
  out->normal = unit((p->x.approx - v->x.approx) + d.x * in,
                     (p->y.approx - v->y.approx) + d.y * in);
}

int imp_disk_entry(const imp_xvec *c, const imp_lin *radius,
                   const imp_xvec *p, imp_vec2 d, imp_xspan *out) {
  double in;
  if (!imp_plain_disk(c, radius, p, d, &in, NULL)) return 0;
  disk_entry(c, 0, p, d, in, out);
  out->leave = -INFINITY;
  return 1;
}

/* Whether the line passes edge i's side, moved out by the radius r, by
** far more than rounding, so that rounded_span() finds its crossing
** outside the edge's extent: both ends of the moved side lie on one side
** of the line, by 2^-30 of the scene (the line's start to the edge, the
** edge, the radius) times |d|, beyond what the vertices' rounded values
** and the normal made of them can move the ends; and far from overflow
** and underflow. In doubles: most sides are passed so, and the
** double-double crossing is only worked out for the others. */
static int side_missed(const imp_xhull *h, int i, const imp_xvec *p,
                       imp_vec2 d, double r) {
  const imp_xvec *a = &h->v[i], *b = head(h, i);
  double ex = b->x.approx - a->x.approx, ey = b->y.approx - a->y.approx;
  double qx = a->x.approx - p->x.approx, qy = a->y.approx - p->y.approx;
  double edge = fabs(ex) + fabs(ey), along = fabs(d.x) + fabs(d.y);
  double mags = a->x.mag + a->y.mag + b->x.mag + b->y.mag + p->x.mag +
                p->y.mag;
  imp_vec2 n = outward(h, i);
  double ax = qx + r * n.x, ay = qy + r * n.y;
  double from_a = d.x * ay - d.y * ax;
  double from_b = d.x * (ay + ey) - d.y * (ax + ex);
  double tolerance =
      along * (0x1p-30 * (fabs(qx) + fabs(qy) + edge + r) +
               0x1p-44 * mags * (1 + r / edge));
  return ((from_a > tolerance && from_b > tolerance) ||
          (from_a < -tolerance && from_b < -tolerance)) &&
         tolerance > 0x1p-900 && tolerance < 0x1p400;
}

/* imp_plain_rounded_side's answer in double-double, for the side from a
** to b moved out by r; 0 for a line along it. */
static int rounded_side(const imp_xvec *a, const imp_xvec *b, dd r,
                        const imp_xvec *p, imp_vec2 d, imp_side_cross *out) {
  ddvec e = xvec_dd_diff(b, a), q = xvec_dd_diff(p, a), dv = vec_dd(d);
  dd side = cross(e, dv), length = dd_sqrt(dot(e, e));
  if (side.hi == 0) return 0;
  out->time = dd_div(neg(dd_add(cross(e, q), dd_mul(r, length))), side).hi;
  out->along = dot(q, e).hi + out->time * dot(dv, e).hi;
  out->span = dot(e, e).hi;
  out->way = side.hi > 0 ? 1 : -1;
  return 1;
}

/* A positive radius: the earliest entry into a piece, the latest exit.
** A line that goes through (IMP_LINE_THROUGH) has a chord far longer than
** the pieces' rounding, so that its entry comes before its exit: the
** disks' exits, which cost a division each, are not worked out then. A
** side crossed inwards within its extent is where the line enters (a
** convex set is entered once): it wins over the disks, whose entries by
** its ends, where the disk meets it, round either way and would turn the
** normal off the side's. */
static void rounded_span(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                         int through, imp_xspan *out) {
  dd r = lin_dd(&h->radius), r2 = dd_mul(r, r);
  int i, sided = 0;
  out->enter = INFINITY;
  out->leave = -INFINITY;
  for (i = 0; i < h->count; i++) {
    double in, last;
    if (!disk(h, i, p, d, r2, &in, through ? NULL : &last)) continue;
    if (in < out->enter) disk_entry(&h->v[i], i, p, d, in, out);
    if (!through && last > out->leave) out->leave = last;
  }
  for (i = 0; h->count > 1 && i < h->count; i++) {
    imp_side_cross c;
    if (side_missed(h, i, p, d, r.hi)) continue;
    if (!imp_plain_rounded_side(&h->v[i], head(h, i), &h->radius, p, d,
                                &c) &&
        !rounded_side(&h->v[i], head(h, i), r, p, d, &c))
      continue;
    /* Within the edge's extent where it crosses. */
    if (!(c.along >= 0 && c.along <= c.span)) continue;
    if (c.way > 0 && (!sided || c.time < out->enter)) {
      sided = 1;
      out->enter = c.time;
      out->edge = i;
      out->along = c.along / c.span;
      out->normal = outward(h, i);
    } else if (c.way < 0 && c.time > out->leave) {
      out->leave = c.time;
    }
  }
  /* Only where rounding disagrees, which no line through can see (but
  ** for one that never entered, which its caller should not have said
  ** goes through: its span is still one, with an edge). */
  if (!(through ? out->enter < INFINITY : out->enter <= out->leave)) {
    passing_span(h, p, d, 0, 1, out);
    out->normal = unit(-d.x, -d.y);
  }
}

void imp_xhull_span(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                    int line, int touch, int leaving, imp_xspan *out) {
  int round = h->radius.n > 0;
  if (line == IMP_LINE_TOUCH || line == IMP_LINE_ALONG) {
    passing_span(h, p, d, touch, 0, out);
    if (round) {
      out->normal = across(h, touch, p, d);
    } else if (h->count == 1) {
      out->normal = unit(-d.x, -d.y);
    } else {
      /* Through a corner: the side there that the line crosses inwards. */
      imp_xvec dv = imp_xvec_of(d.x, d.y);
      int side = imp_cross_sign_diff(head(h, touch), &h->v[touch], &dv,
                                     NULL) > 0
                     ? touch
                     : imp_xhull_prev(h, touch);
      out->normal = outward(h, side);
    }
  } else if (line == IMP_LINE_PIERCE) {
    imp_xvec dv = imp_xvec_of(d.x, d.y);
    int side =
        imp_cross_sign_diff(head(h, 0), &h->v[0], &dv, NULL) > 0 ? 0 : 1;
    imp_side_entry(&h->v[side], head(h, side), p, d, out);
    out->leave = out->enter;
    out->edge = side;
  } else if (round) {
    rounded_span(h, p, d, line == IMP_LINE_THROUGH, out);
  } else {
    polygon_span(h, p, d, leaving, out);
  }
}
