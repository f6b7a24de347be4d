/*
** The slab test of the AABB family (aabb.c), which the single tests and
** sweep_into's loop share. Its times are rounded as the intersect library
** rounds them, a product by the reciprocal of the delta, so that where one
** lands on a boundary that decides (a segment ending exactly on a face,
** through a corner exactly, entering through both axes at once) rounding
** could put it on either side: 49 * (1 / 49) < 1. So each decision is
** checked against a bound on the times' errors, and the few within it are
** made exactly from the inputs (slab.c). The times reported stay the
** rounded ones.
*/
#ifndef IMPACT_SLAB_H
#define IMPACT_SLAB_H

#include <math.h>

#include "impact.h"
#include "scalar.h"

/* A segment from (px, py) along (dx, dy), with what every box it meets
** shares: the reciprocals of the delta and their signs. A zero component
** has an infinite reciprocal whose sign is the zero's. The signs are
** taken from the delta, not from its reciprocal, so that they do not wait
** for the division, by copysign (two bit operations, where a mask through
** an integer register took a dozen instructions); they differ only for an
** infinite or NaN component, whose slab times are zeros or NaN, with which
** every test misses. */
typedef struct imp_ray {
  double px, py, dx, dy, scale_x, scale_y, sign_x, sign_y;
  int aligned;  /* a zero component, whose slab times are infinite */
} imp_ray;

static inline imp_ray imp_ray_from(double px, double py, double dx,
                                   double dy) {
  imp_ray r;
  r.px = px;
  r.py = py;
  r.dx = dx;
  r.dy = dy;
  r.scale_x = 1.0 / dx;
  r.scale_y = 1.0 / dy;
  r.sign_x = copysign(1.0, dx);
  r.sign_y = copysign(1.0, dy);
  r.aligned = (dx == 0) | (dy == 0);
  return r;
}

/* The slab test's decisions made exactly, given the rounded entry times
** and decision: see slab.c. */
int imp_slab_exact(const imp_aabb *box, double padx, double pady,
                   const imp_ray *r, double near_x, double near_y,
                   int rounded_hit, double *near, int *x_face);

/*
** How far a slab time may be from the exact one, for the offset o = (c -
** s h) - p of a side (h the padded half size) and the reciprocal scale of
** its delta: the offset's three roundings (h's sum, then the two
** differences) are within 3u m, m = |c| + |h| + |p|, and the reciprocal's
** and the product's within 2u of the time, itself at most m |scale|; 5u
** m |scale| in all, u = 2^-53, and 8u here leaves room for the roundings
** of the bound and of the differences it is compared with. It holds while
** every input is in imp_in_exact_range, the only inputs slab.c decides:
** nothing then overflows or underflows.
*/
static inline double imp_time_error(double c, double h, double p,
                                    double scale) {
  return 0x1p-50 * ((fabs(c) + fabs(h)) + fabs(p)) * fabs(scale);
}

/* Whether the decisions on one axis of an aligned ray are sure: along a
** zero component, the signs of the offsets of both sides (within 3u m of
** the exact ones; 4u here), which put the start inside the slab or not;
** along the other, entering before the end and leaving after the start. */
static inline int imp_aligned_sure(double c, double h, double p, double d,
                                   double scale, double near_offset,
                                   double far_offset, double near,
                                   double far) {
  if (d == 0) {
    double bound = 0x1p-51 * ((fabs(c) + fabs(h)) + fabs(p));
    return (fabs(near_offset) > bound) & (fabs(far_offset) > bound);
  } else {
    double error = imp_time_error(c, h, p, scale);
    return (fabs(1 - near) > error) & (fabs(far) > error);
  }
}

/*
** The slab test in doubles: whether the ray enters the open box grown by
** (padx, pady) before its end and leaves it after its start; the unclamped
** time of entry in *near, and in *x_face whether that is through a face of
** the x axis. Along a zero component the slab times are (side - p) * inf:
** -inf and +inf strictly inside the slab, and +inf on both sides, -inf on
** both, or NaN (0 * inf) on or outside it, which every test below rejects,
** as it rejects any NaN. Rounded times in *near_x and *near_y.
**
** The decision is sure when every comparison it makes (of times with each
** other, with 0 and 1, and the faces' tie) has a gap wider than both
** sides' errors: the smallest gap tells. Whether it is, in *sure (a NaN gap
** is not): else imp_slab_exact must decide. No call, so that a kernel whose
** exact path starts over (aabb.c) keeps nothing across one.
*/
static IMP_ALWAYS_INLINE int imp_slab_rounded(const imp_aabb *box,
                                              double padx, double pady,
                                              const imp_ray *r,
                                              double *near_x, double *near_y,
                                              double *near, int *x_face,
                                              int *sure) {
  double hx = box->half.x + padx, hy = box->half.y + pady;
  double near_offset_x = box->pos.x - r->sign_x * hx - r->px;
  double far_offset_x = box->pos.x + r->sign_x * hx - r->px;
  double near_offset_y = box->pos.y - r->sign_y * hy - r->py;
  double far_offset_y = box->pos.y + r->sign_y * hy - r->py;
  double nx = near_offset_x * r->scale_x, far_x = far_offset_x * r->scale_x;
  double ny = near_offset_y * r->scale_y, far_y = far_offset_y * r->scale_y;
  double enter = nx > ny ? nx : ny;
  double leave = far_x < far_y ? far_x : far_y;
  int hit = (nx <= far_y) & (ny <= far_x) & (enter < 1) & (leave > 0);
  if (!r->aligned) {
    double error = imp_time_error(box->pos.x, hx, r->px, r->scale_x) +
                   imp_time_error(box->pos.y, hy, r->py, r->scale_y);
    double gap_x = far_y - nx, gap_y = far_x - ny;
    double gap_end = 1 - enter, gap = gap_x < gap_y ? gap_x : gap_y;
    gap = gap < gap_end ? gap : gap_end;
    gap = gap < leave ? gap : leave;
    *sure = (fabs(gap) > error) & (fabs(nx - ny) > error);
  } else {
    *sure = imp_aligned_sure(box->pos.x, hx, r->px, r->dx, r->scale_x,
                             near_offset_x, far_offset_x, nx, far_x) &
            imp_aligned_sure(box->pos.y, hy, r->py, r->dy, r->scale_y,
                             near_offset_y, far_offset_y, ny, far_y);
  }
  *near_x = nx;
  *near_y = ny;
  *near = enter;
  *x_face = nx > ny;
  return hit;
}

/* The slab test, decided: imp_slab_rounded, and where it is not sure,
** imp_slab_exact, which *exact says ran. That branch is rarely taken, as
** is the one on an aligned ray, which a loop over colliders takes for all
** of them. */
static inline int imp_slab(const imp_aabb *box, double padx, double pady,
                           const imp_ray *r, double *near, int *x_face,
                           int *exact) {
  double near_x, near_y;
  int sure, hit = imp_slab_rounded(box, padx, pady, r, &near_x, &near_y,
                                   near, x_face, &sure);
  *exact = !sure;
  if (!sure)
    return imp_slab_exact(box, padx, pady, r, near_x, near_y, hit, near,
                          x_face);
  return hit;
}

/*
** Where a box of half size (padx, pady) moving along the ray can meet
** anything: the ray's bounding box, grown by the half size and by more
** than the roundings of the ends and of a collider's sides (16u of the
** sizes involved). A collider wholly outside it is missed, by imp_slab's
** exact decision and by the rounded one alike, so a loop over many
** colliders gives the slab test, and its checks, only the few inside.
** (A negative half size, which no script can give, grows it too.)
*/
typedef struct imp_reach { double lo_x, hi_x, lo_y, hi_y; } imp_reach;

static inline void imp_reach_axis(double p, double d, double pad, double *lo,
                                  double *hi) {
  double q = p + d, low = q < p ? q : p, high = q < p ? p : q;
  double size = fabs(pad), slack = 0x1p-49 * ((fabs(p) + fabs(q)) + size);
  *lo = (low - size) - slack;
  *hi = (high + size) + slack;
}

static inline imp_reach imp_reach_of(const imp_ray *r, double padx,
                                     double pady) {
  imp_reach b;
  imp_reach_axis(r->px, r->dx, padx, &b.lo_x, &b.hi_x);
  imp_reach_axis(r->py, r->dy, pady, &b.lo_y, &b.hi_y);
  return b;
}

static inline int imp_within_reach(const imp_aabb *box, const imp_reach *b) {
  return (box->pos.x - box->half.x <= b->hi_x) &
         (box->pos.x + box->half.x >= b->lo_x) &
         (box->pos.y - box->half.y <= b->hi_y) &
         (box->pos.y + box->half.y >= b->lo_y);
}

#endif
