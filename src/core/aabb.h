/*
** The AABB kernels (aabb.c) as inline functions that also say whether they
** ran their exact path (private to src/core): impact_bench counts it, and
** aabb.c's entries drop it.
**
** Every boundary choice follows the intersect library: touching a face is
** no collision, a segment that ends exactly at contact or leaves at time 0
** misses, a segment grazing a corner hits, and ties between the axes pick
** the y axis. Each is decided exactly (slab.h, and separating depths), and
** the times are intersect's.
**
** Plain doubles decide ordinary input; the exact path runs only where they
** cannot certify the answer. No branch follows the data otherwise, but the
** overlap tests' two: on the outcome (a miss returns before the push-out,
** which costs more than the mispredicted branch) and on the push-out's
** axis (which costs less than choosing a dozen quantities by masks). A
** segment's or a sweep's hit and miss compute the same things, and the
** result is written with masks, a miss writing back the bits it read, so
** that *out is untouched. Every other choice (signs, clamps) is a mask
** too.
*/
#ifndef IMPACT_AABB_H
#define IMPACT_AABB_H

#include <float.h>
#include <math.h>

#include "impact.h"
#include "scalar.h"
#include "slab.h"

/* The depth that separates (see aabb.c): the exact path of a push-out. */
double imp_separating_depth(double c, double p, double h1, double h2,
                            double s, double depth, int both);

/* *out becomes h where hit, and keeps its bits elsewhere. */
static IMP_ALWAYS_INLINE void imp_put_hit(int hit, const imp_hit *h,
                                          imp_hit *out) {
  out->pos.x = imp_pick(hit, h->pos.x, out->pos.x);
  out->pos.y = imp_pick(hit, h->pos.y, out->pos.y);
  out->delta.x = imp_pick(hit, h->delta.x, out->delta.x);
  out->delta.y = imp_pick(hit, h->delta.y, out->delta.y);
  out->normal.x = imp_pick(hit, h->normal.x, out->normal.x);
  out->normal.y = imp_pick(hit, h->normal.y, out->normal.y);
  out->time = imp_pick(hit, h->time, out->time);
}

/* Whether s (q - c) >= h1 + h2 exactly, as the slab test's exact
** decisions measure it, where the difference and the sum round to the
** same double: what their rounding left out decides. (Rounding to nearest
** keeps order, so where they round apart, imp_clear() has decided
** already; beyond imp_in_exact_range the slab test decides rounded, and
** the tie is clear.) */
static IMP_ALWAYS_INLINE int imp_apart_on_tie(double c, double q, double h1,
                                              double h2, double s) {
  double gap_error, sum_error;
  int in_range = imp_in_exact_range(c) & imp_in_exact_range(q) &
                 imp_in_exact_range(h1) & imp_in_exact_range(h2);
  imp_two_sum(q, -c, &gap_error);
  imp_two_sum(h1, h2, &sum_error);
  return (!in_range) | (s * gap_error >= sum_error);
}

/* Whether a centre at q, on side s (+-1) of a centre at c, is at least the
** half sizes h1 + h2 from it by every test that measures the two: the
** overlap test (q - c), the rounded slab test of a sweep with either one
** moving (c + s h, q - s h), and the exact one. imp_clear(c, q, h1, h2, s)
** == imp_clear(q, c, h1, h2, -s), as a mirrored test needs. */
static IMP_ALWAYS_INLINE int imp_clear(double c, double q, double h1,
                                       double h2, double s) {
  double h = h2 + h1, gap = s * (q - c);
  int within = (s * q >= s * (c + s * h)) & (s * (q - s * h) >= s * c);
  return within &
         ((gap > h) | ((gap >= h) & imp_apart_on_tie(c, q, h1, h2, s)));
}

/* Whether the centre at p, pushed by depth on side s of the centre at c,
** is clear of it, and with both, c pushed the other way is clear of p. */
static IMP_ALWAYS_INLINE int imp_clear_at(double c, double p, double h1,
                                          double h2, double s, double depth,
                                          int both) {
  return imp_clear(c, p + s * depth, h1, h2, s) &
         ((!both) | imp_clear(c - s * depth, p, h1, h2, s));
}

/* The separating loop's first two depths: the exact depth, or, where
** rounding leaves the pair an ulp short of clear, the first step clears it.
** Whether one of them is the loop's answer, in *depth (else the loop must
** run on). The first clears on nearly every input (on all of
** impact_bench's), so the branch to the second is predicted and the common
** case tests one depth. */
static IMP_ALWAYS_INLINE int imp_depth_filtered(double c, double p, double h1,
                                                double h2, double s, int both,
                                                double first, double *depth) {
  double step, second;
  *depth = first;
  if (imp_clear_at(c, p, h1, h2, s, first, both)) return 1;
  step = DBL_EPSILON * ((fabs(c) + fabs(p)) + first) + 0x1p-1074;
  second = first + step;
  *depth = second;
  return imp_clear_at(c, p, h1, h2, s, second, both);
}

/* The push-out's depth along one axis, signed: the centre at p on side s
** of the centre at c, overlapping it by first > 0. */
static IMP_ALWAYS_INLINE double imp_push_depth(double c, double p, double h1,
                                               double h2, double s, int both,
                                               double first, int *exact) {
  double depth;
  *exact = !imp_depth_filtered(c, p, h1, h2, s, both, first, &depth);
  if (*exact) depth = imp_separating_depth(c, p, h1, h2, s, first, both);
  return depth * s;
}

/* Push-out of a point (other half size 0, both 0) or a box (both 1) whose
** centre (x, y) is (dx, dy) from the box's centre and overlaps it by (px,
** py) > 0: along the axis of least overlap (y on a tie). A branch on the
** axis, which costs less than choosing every quantity by a mask. */
static IMP_ALWAYS_INLINE void imp_push_out(const imp_aabb *box, double x,
                                           double y, double dx, double dy,
                                           double px, double py,
                                           imp_vec2 other_half, int both,
                                           imp_hit *out, int *exact) {
  double sx = imp_sign(dx), sy = imp_sign(dy);
  if (px < py) {
    out->delta.x = imp_push_depth(box->pos.x, x, box->half.x, other_half.x,
                                  sx, both, px, exact);
    out->delta.y = 0;
    out->normal.x = sx;
    out->normal.y = 0;
    out->pos.x = box->pos.x + box->half.x * sx;
    out->pos.y = y;
  } else {
    out->delta.x = 0;
    out->delta.y = imp_push_depth(box->pos.y, y, box->half.y, other_half.y,
                                  sy, both, py, exact);
    out->normal.x = 0;
    out->normal.y = sy;
    out->pos.x = x;
    out->pos.y = box->pos.y + box->half.y * sy;
  }
  out->time = 0;
}

static IMP_ALWAYS_INLINE int imp_aabb_point_filtered(const imp_aabb *box,
                                                     double x, double y,
                                                     imp_hit *out,
                                                     int *exact) {
  static const imp_vec2 no_size = {0, 0};
  double dx = x - box->pos.x, dy = y - box->pos.y;
  double px = box->half.x - fabs(dx), py = box->half.y - fabs(dy);
  *exact = 0;
  if (!((px > 0) & (py > 0))) return 0;
  imp_push_out(box, x, y, dx, dy, px, py, no_size, 0, out, exact);
  return 1;
}

static IMP_ALWAYS_INLINE int imp_aabb_aabb_filtered(const imp_aabb *box,
                                                    const imp_aabb *other,
                                                    imp_hit *out,
                                                    int *exact) {
  double dx = other->pos.x - box->pos.x, dy = other->pos.y - box->pos.y;
  double hx = other->half.x + box->half.x, hy = other->half.y + box->half.y;
  double px = hx - fabs(dx), py = hy - fabs(dy);
  *exact = 0;
  if (!((px > 0) & (py > 0))) return 0;
  imp_push_out(box, other->pos.x, other->pos.y, dx, dy, px, py, other->half,
               1, out, exact);
  return 1;
}

/* What a segment that entered at near through an x face (or not) hits. */
static IMP_ALWAYS_INLINE void imp_segment_hit(const imp_ray *r, double dx,
                                              double dy, double near,
                                              int x_face, imp_hit *out) {
  double time = imp_clamp(near, 0, 1);
  out->time = time;
  out->normal.x = imp_pick(x_face, -r->sign_x, 0.0);
  out->normal.y = imp_pick(x_face, 0.0, -r->sign_y);
  out->delta.x = (1.0 - time) * -dx;
  out->delta.y = (1.0 - time) * -dy;
  out->pos.x = r->px + dx * time;
  out->pos.y = r->py + dy * time;
}

/* The result of a segment's slab test, written as imp_put_hit does. */
static IMP_ALWAYS_INLINE void imp_segment_put(const imp_ray *r, int hit,
                                              double near, int x_face,
                                              imp_hit *out) {
  imp_hit h;
  imp_segment_hit(r, r->dx, r->dy, near, x_face, &h);
  imp_put_hit(hit, &h, out);
}

/* A segment's exact path (aabb.c): it starts over with imp_slab, so that
** the kernel keeps nothing across a call. */
int imp_aabb_segment_exact(const imp_aabb *box, double px, double py,
                           double dx, double dy, double padx, double pady,
                           imp_hit *out);

static IMP_ALWAYS_INLINE int imp_aabb_segment_filtered(
    const imp_aabb *box, double px, double py, double dx, double dy,
    double padx, double pady, imp_hit *out, int *exact) {
  imp_ray r = imp_ray_from(px, py, dx, dy);
  double near, near_x, near_y;
  int x_face, sure;
  int hit = imp_slab_rounded(box, padx, pady, &r, &near_x, &near_y, &near,
                             &x_face, &sure);
  *exact = !sure;
  if (!sure)
    return imp_aabb_segment_exact(box, px, py, dx, dy, padx, pady, out);
  imp_segment_put(&r, hit, near, x_face, out);
  return hit;
}

/* Where a sweep stops for the entry time near of a hit: just short of
** contact. */
static IMP_ALWAYS_INLINE double imp_stop_time(double near) {
  return imp_clamp(imp_clamp(near, 0, 1) - IMP_EPSILON, 0, 1);
}

static IMP_ALWAYS_INLINE void imp_aabb_sweep_filtered(const imp_aabb *box,
                                                      const imp_aabb *moving,
                                                      double dx, double dy,
                                                      imp_sweep *out,
                                                      int *exact) {
  imp_ray r;
  imp_hit h;
  double near, time, length, inverse, ux, uy;
  int x_face, hit;
  if (dx == 0 && dy == 0) {
    out->pos = moving->pos;
    out->has_hit = imp_aabb_aabb_filtered(box, moving, &out->hit, exact);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  r = imp_ray_from(moving->pos.x, moving->pos.y, dx, dy);
  hit = imp_slab(box, moving->half.x, moving->half.y, &r, &near, &x_face,
                 exact);
  imp_segment_hit(&r, dx, dy, near, x_face, &h);
  /* Contact point: from the centre's contact, half a box further along the
  ** direction of travel, kept on the static box. The direction is
  ** normalized with intersect's plain formula, not imp_vec2_normalize, so
  ** that contact points match it even for deltas whose squares overflow or
  ** underflow (a zero square gives (1, 0)). */
  length = dx * dx + dy * dy;
  inverse = 1.0 / sqrt(length);
  ux = imp_pick(length > 0, dx * inverse, 1.0);
  uy = imp_pick(length > 0, dy * inverse, 0.0);
  h.pos.x = imp_clamp(h.pos.x + ux * moving->half.x,
                      box->pos.x - box->half.x, box->pos.x + box->half.x);
  h.pos.y = imp_clamp(h.pos.y + uy * moving->half.y,
                      box->pos.y - box->half.y, box->pos.y + box->half.y);
  imp_put_hit(hit, &h, &out->hit);
  /* A miss travels the whole delta (dx * 1 is dx). */
  time = imp_pick(hit, imp_stop_time(near), 1.0);
  out->has_hit = hit;
  out->time = time;
  out->pos.x = moving->pos.x + dx * time;
  out->pos.y = moving->pos.y + dy * time;
}

#endif
