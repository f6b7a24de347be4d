/*
** The rectangle kernels' reference: a frozen copy of the AABB kernels
** (src/core/aabb.c, slab.h, slab.c) and of the OBB overlap test (obb.c) as
** they were before they were filtered, which the core must still match bit
** for bit. The copy is not to be edited: it is the oracle. The driver below
** it compares the two over millions of scenes, random at every scale, on a
** dyadic grid (where faces, corners and ends meet exactly), moved to within
** an ulp of touching, and with zeros of either sign, tiny and huge values,
** infinities and NaN: every field of every result (a NaN as the same NaN),
** and *out untouched on a miss.
**
** Usage: impact_rect_reference [rounds [seed]]; every mismatch is printed
** with its inputs in hex floats and fails the run.
*/
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impact.h"
#include "random.h"
#include "scalar.h"

/* ---- The frozen reference: the kernels as they were. ---- */

typedef struct frozen_ray {
  double px, py, dx, dy, scale_x, scale_y, sign_x, sign_y;
  int aligned;  /* a zero component, whose slab times are infinite */
} frozen_ray;

static frozen_ray frozen_ray_from(double px, double py, double dx,
                                  double dy) {
  frozen_ray r;
  r.px = px;
  r.py = py;
  r.dx = dx;
  r.dy = dy;
  r.scale_x = 1.0 / dx;
  r.scale_y = 1.0 / dy;
  r.sign_x = imp_pick(signbit(dx), -1.0, 1.0);
  r.sign_y = imp_pick(signbit(dy), -1.0, 1.0);
  r.aligned = (dx == 0) | (dy == 0);
  return r;
}

/* The slab test's decisions made exactly, given the rounded entry times
** and decision: see slab.c. */
static int frozen_slab_exact(const imp_aabb *box, double padx, double pady,
                             const frozen_ray *r, double near_x, double near_y,
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
static double frozen_time_error(double c, double h, double p,
                                double scale) {
  return 0x1p-50 * ((fabs(c) + fabs(h)) + fabs(p)) * fabs(scale);
}

/* Whether the decisions on one axis of an aligned ray are sure: along a
** zero component, the signs of the offsets of both sides (within 3u m of
** the exact ones; 4u here), which put the start inside the slab or not;
** along the other, entering before the end and leaving after the start. */
static int frozen_aligned_sure(double c, double h, double p, double d,
                               double scale, double near_offset,
                               double far_offset, double near,
                               double far) {
  if (d == 0) {
    double bound = 0x1p-51 * ((fabs(c) + fabs(h)) + fabs(p));
    return (fabs(near_offset) > bound) & (fabs(far_offset) > bound);
  } else {
    double error = frozen_time_error(c, h, p, scale);
    return (fabs(1 - near) > error) & (fabs(far) > error);
  }
}

/*
** The slab test: whether the ray enters the open box grown by (padx, pady)
** before its end and leaves it after its start; the unclamped time of
** entry in *near, and in *x_face whether that is through a face of the x
** axis. Along a zero component the slab times are (side - p) * inf: -inf
** and +inf strictly inside the slab, and +inf on both sides, -inf on both,
** or NaN (0 * inf) on or outside it, which every test below rejects, as it
** rejects any NaN.
**
** The decision is sure when every comparison it makes (of times with each
** other, with 0 and 1, and the faces' tie) has a gap wider than both
** sides' errors: the smallest gap tells. Else, or where a gap is NaN,
** frozen_slab_exact decides. That branch is rarely taken, as is the one on
** an aligned ray, which a loop over colliders takes for all of them.
*/
static int frozen_slab(const imp_aabb *box, double padx, double pady,
                       const frozen_ray *r, double *near, int *x_face) {
  double hx = box->half.x + padx, hy = box->half.y + pady;
  double near_offset_x = box->pos.x - r->sign_x * hx - r->px;
  double far_offset_x = box->pos.x + r->sign_x * hx - r->px;
  double near_offset_y = box->pos.y - r->sign_y * hy - r->py;
  double far_offset_y = box->pos.y + r->sign_y * hy - r->py;
  double near_x = near_offset_x * r->scale_x, far_x = far_offset_x * r->scale_x;
  double near_y = near_offset_y * r->scale_y, far_y = far_offset_y * r->scale_y;
  double enter = near_x > near_y ? near_x : near_y;
  double leave = far_x < far_y ? far_x : far_y;
  int hit = (near_x <= far_y) & (near_y <= far_x) & (enter < 1) & (leave > 0);
  int sure;
  if (!r->aligned) {
    double error = frozen_time_error(box->pos.x, hx, r->px, r->scale_x) +
                   frozen_time_error(box->pos.y, hy, r->py, r->scale_y);
    double gap_x = far_y - near_x, gap_y = far_x - near_y;
    double gap_end = 1 - enter, gap = gap_x < gap_y ? gap_x : gap_y;
    gap = gap < gap_end ? gap : gap_end;
    gap = gap < leave ? gap : leave;
    sure = (fabs(gap) > error) & (fabs(near_x - near_y) > error);
  } else {
    sure = frozen_aligned_sure(box->pos.x, hx, r->px, r->dx, r->scale_x,
                               near_offset_x, far_offset_x, near_x, far_x) &
           frozen_aligned_sure(box->pos.y, hy, r->py, r->dy, r->scale_y,
                               near_offset_y, far_offset_y, near_y, far_y);
  }
  *near = enter;
  *x_face = near_x > near_y;
  if (!sure)
    return frozen_slab_exact(box, padx, pady, r, near_x, near_y, hit, near,
                             x_face);
  return hit;
}

/*
** Where a box of half size (padx, pady) moving along the ray can meet
** anything: the ray's bounding box, grown by the half size and by more
** than the roundings of the ends and of a collider's sides (16u of the
** sizes involved). A collider wholly outside it is missed, by frozen_slab's
** exact decision and by the rounded one alike, so a loop over many
** colliders gives the slab test, and its checks, only the few inside.
** (A negative half size, which no script can give, grows it too.)
*/
typedef struct frozen_reach { double lo_x, hi_x, lo_y, hi_y; } frozen_reach;

static void frozen_reach_axis(double p, double d, double pad, double *lo,
                              double *hi) {
  double q = p + d, low = q < p ? q : p, high = q < p ? p : q;
  double size = fabs(pad), slack = 0x1p-49 * ((fabs(p) + fabs(q)) + size);
  *lo = (low - size) - slack;
  *hi = (high + size) + slack;
}

static frozen_reach frozen_reach_of(const frozen_ray *r, double padx,
                                    double pady) {
  frozen_reach b;
  frozen_reach_axis(r->px, r->dx, padx, &b.lo_x, &b.hi_x);
  frozen_reach_axis(r->py, r->dy, pady, &b.lo_y, &b.hi_y);
  return b;
}

static int frozen_within_reach(const imp_aabb *box, const frozen_reach *b) {
  return (box->pos.x - box->half.x <= b->hi_x) &
         (box->pos.x + box->half.x >= b->lo_x) &
         (box->pos.y - box->half.y <= b->hi_y) &
         (box->pos.y + box->half.y >= b->lo_y);
}

/* One axis: the terms of its near side's offset, and -d after them (for N
** - d, how far past the side the segment ends); of its far side's; its
** delta, and the sign that makes s d positive. */
typedef struct axis { double near[5], far[4], d, s; } axis;

static axis axis_of(double c, double h, double pad, double p, double d,
                    double s) {
  axis a;
  a.near[0] = a.far[0] = c;
  a.near[1] = -s * h;
  a.near[2] = -s * pad;
  a.far[1] = s * h;
  a.far[2] = s * pad;
  a.near[3] = a.far[3] = -p;
  a.near[4] = -d;
  a.d = d;
  a.s = s;
  return a;
}

static int in_range(const axis *a) {
  int i;
  for (i = 0; i < 5; i++)
    if (!imp_in_exact_range(a->near[i])) return 0;
  return imp_in_exact_range(a->far[1]) && imp_in_exact_range(a->far[2]);
}

/* s times the sign of the first n terms of v, summed. */
static int signed_sum(const axis *a, const double *v, int n) {
  return (int)a->s * imp_sign_of_sum(v, n);
}

/* Whether the segment starts strictly inside the slab (a zero delta), or
** enters it before its end and leaves it after its start. */
static int crosses(const axis *a) {
  int before_end = signed_sum(a, a->near, a->d == 0 ? 4 : 5) < 0;
  return before_end && signed_sum(a, a->far, 4) > 0;
}

/* The sign of time nu of axis u minus time nv of axis v, both deltas
** nonzero. */
static int compare_times(const axis *u, const double *nu, const axis *v,
                         const double *nv) {
  double terms[8], factors[8];
  int i;
  for (i = 0; i < 4; i++) {
    terms[i] = nu[i];
    factors[i] = u->s * fabs(v->d);
    terms[4 + i] = nv[i];
    factors[4 + i] = -v->s * fabs(u->d);
  }
  return imp_sign_of_products(terms, factors, 8);
}

static int frozen_slab_exact(const imp_aabb *box, double padx, double pady,
                             const frozen_ray *r, double near_x, double near_y,
                             int rounded_hit, double *near, int *x_face) {
  axis x = axis_of(box->pos.x, box->half.x, padx, r->px, r->dx, r->sign_x);
  axis y = axis_of(box->pos.y, box->half.y, pady, r->py, r->dy, r->sign_y);
  if (!in_range(&x) || !in_range(&y)) return rounded_hit;
  if (!crosses(&x) || !crosses(&y)) return 0;
  if (r->aligned) {  /* that axis inside from -inf to inf */
    *x_face = y.d == 0 && x.d != 0;
    *near = x.d == 0 ? (y.d == 0 ? -INFINITY : near_y) : near_x;
    return 1;
  }
  /* Each axis entered no later than the other is left. */
  if (compare_times(&x, x.near, &y, y.far) > 0 ||
      compare_times(&y, y.near, &x, x.far) > 0)
    return 0;
  *x_face = compare_times(&x, x.near, &y, y.near) > 0;
  *near = *x_face ? near_x : near_y;
  return 1;
}

/*
** Push-outs that separate. The exact push-out puts the two on touching
** faces, but the script adds it to a position in doubles, and the rounding
** can leave them overlapping by an ulp: every test after it, a sweep away
** included, would then start inside. So the depth grows from the exact
** one, by steps that double from a rounding error of the largest quantity
** involved, until the pushed centre is clear by the tests' own arithmetic
** (touching is clear). Plain double operations only, in this order: the
** result is reproducible anywhere IEEE doubles are.
*/

/* Whether s (q - c) >= h1 + h2 exactly, as the slab test's exact
** decisions measure it, where the difference and the sum round to the
** same double: what their rounding left out decides. (Rounding to nearest
** keeps order, so where they round apart, clear() below has decided
** already; beyond imp_in_exact_range the slab test decides rounded, and
** the tie is clear.) */
static int apart_on_tie(double c, double q, double h1, double h2,
                        double s) {
  double gap_error, sum_error;
  if (!(imp_in_exact_range(c) && imp_in_exact_range(q) &&
        imp_in_exact_range(h1) && imp_in_exact_range(h2)))
    return 1;
  imp_two_sum(q, -c, &gap_error);
  imp_two_sum(h1, h2, &sum_error);
  return s * gap_error >= sum_error;
}

/* Whether a centre at q, on side s (+-1) of a centre at c, is at least the
** half sizes h1 + h2 from it by every test that measures the two: the
** overlap test (q - c), the rounded slab test of a sweep with either one
** moving (c + s h, q - s h), and the exact one. clear(c, q, h1, h2, s) ==
** clear(q, c, h1, h2, -s), as a mirrored test needs. */
static int clear(double c, double q, double h1, double h2, double s) {
  double h = h2 + h1, gap = s * (q - c);
  return gap >= h && s * q >= s * (c + s * h) && s * (q - s * h) >= s * c &&
         (gap > h || apart_on_tie(c, q, h1, h2, s));
}

/* The depth to push the centre at p, on side s of the centre at c, so
** that the pushed p + s depth is clear of c at h1 + h2. With both, c - s
** depth (the collider pushed the other way, as the mirrored test pushes
** it) must be clear of p too, so that the depth is the same from either
** side. */
static double separating_depth(double c, double p, double h1, double h2,
                               double s, double depth, int both) {
  double step = DBL_EPSILON * ((fabs(c) + fabs(p)) + depth) + 0x1p-1074;
  int i;
  for (i = 0; i < IMP_SEPARATE_STEPS; i++) {
    if (clear(c, p + s * depth, h1, h2, s) &&
        (!both || clear(c - s * depth, p, h1, h2, s)))
      break;
    depth += step;
    step += step;
  }
  return depth;
}

/* Push-out of a point (other half size 0, both 0) or a box (both 1) whose
** centre (x, y) is (dx, dy) from the box's centre and overlaps it by (px,
** py) > 0: along the axis of least overlap (y on a tie). The axis's
** operands are picked by masks, and one separating_depth serves either
** axis. */
static void push_out(const imp_aabb *box, double x, double y,
                     double dx, double dy, double px, double py,
                     imp_vec2 other_half, int both, imp_hit *out) {
  int x_axis = px < py;
  double sx = imp_sign(dx), sy = imp_sign(dy), s = imp_pick(x_axis, sx, sy);
  double depth = separating_depth(imp_pick(x_axis, box->pos.x, box->pos.y),
                                  imp_pick(x_axis, x, y),
                                  imp_pick(x_axis, box->half.x, box->half.y),
                                  imp_pick(x_axis, other_half.x, other_half.y),
                                  s, imp_pick(x_axis, px, py), both) * s;
  out->delta.x = imp_pick(x_axis, depth, 0.0);
  out->delta.y = imp_pick(x_axis, 0.0, depth);
  out->normal.x = imp_pick(x_axis, sx, 0.0);
  out->normal.y = imp_pick(x_axis, 0.0, sy);
  out->pos.x = imp_pick(x_axis, box->pos.x + box->half.x * sx, x);
  out->pos.y = imp_pick(x_axis, y, box->pos.y + box->half.y * sy);
  out->time = 0;
}

static int frozen_aabb_intersect_point(const imp_aabb *box, double x, double y,
                                       imp_hit *out) {
  static const imp_vec2 no_size = {0, 0};
  double dx = x - box->pos.x, dy = y - box->pos.y;
  double px = box->half.x - fabs(dx), py = box->half.y - fabs(dy);
  if (!((px > 0) & (py > 0))) return 0;
  push_out(box, x, y, dx, dy, px, py, no_size, 0, out);
  return 1;
}

static int frozen_aabb_intersect_aabb(const imp_aabb *box,
                                      const imp_aabb *other,
                                      imp_hit *out) {
  double dx = other->pos.x - box->pos.x, dy = other->pos.y - box->pos.y;
  double hx = other->half.x + box->half.x, hy = other->half.y + box->half.y;
  double px = hx - fabs(dx), py = hy - fabs(dy);
  if (!((px > 0) & (py > 0))) return 0;
  push_out(box, other->pos.x, other->pos.y, dx, dy, px, py, other->half, 1,
           out);
  return 1;
}

/* What a segment that entered at near through an x face (or not) hits. */
static void segment_hit(const frozen_ray *r, double dx, double dy, double near,
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

static int frozen_aabb_intersect_segment(const imp_aabb *box, double px,
                                         double py, double dx, double dy,
                                         double padx, double pady,
                                         imp_hit *out) {
  frozen_ray r = frozen_ray_from(px, py, dx, dy);
  double near;
  int x_face;
  if (!frozen_slab(box, padx, pady, &r, &near, &x_face)) return 0;
  segment_hit(&r, dx, dy, near, x_face, out);
  return 1;
}

static void frozen_sweep_clear(imp_sweep *s, const imp_aabb *moving,
                               double dx, double dy) {
  s->has_hit = 0;
  s->time = 1;
  s->pos.x = moving->pos.x + dx;
  s->pos.y = moving->pos.y + dy;
}

/* Where a sweep stops for the entry time near of a hit: just short of
** contact. */
static double stop_time(double near) {
  return imp_clamp(imp_clamp(near, 0, 1) - IMP_EPSILON, 0, 1);
}

/* Whether stop_time(near) < nearest for the entry time of a hit (near < 1,
** not NaN), in comparisons only, for the loop over many colliders. There
** the clamps are maxima: clamp(near, 0, 1) - EPS is near - EPS when near > 0
** and -EPS otherwise (a zero's sign is lost in the subtraction), and the
** result, never negative, is below nearest when both it and 0 are. */
static int stops_before(double near, double nearest) {
  return (nearest > 0) & ((near <= 0) | (near - IMP_EPSILON < nearest));
}

static void frozen_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                                   double dx, double dy, imp_sweep *out) {
  imp_hit *hit;
  frozen_ray r;
  double near, length, ux = 1, uy = 0;
  int x_face;
  if (dx == 0 && dy == 0) {
    out->pos = moving->pos;
    out->has_hit = frozen_aabb_intersect_aabb(box, moving, &out->hit);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  r = frozen_ray_from(moving->pos.x, moving->pos.y, dx, dy);
  if (!frozen_slab(box, moving->half.x, moving->half.y, &r, &near, &x_face)) {
    frozen_sweep_clear(out, moving, dx, dy);
    return;
  }
  hit = &out->hit;
  segment_hit(&r, dx, dy, near, x_face, hit);
  out->has_hit = 1;
  out->time = stop_time(near);
  out->pos.x = moving->pos.x + dx * out->time;
  out->pos.y = moving->pos.y + dy * out->time;
  /* Contact point: from the centre's contact, half a box further along the
  ** direction of travel, kept on the static box. The direction is
  ** normalized with intersect's plain formula, not imp_vec2_normalize, so
  ** that contact points match it even for deltas whose squares overflow or
  ** underflow. */
  length = dx * dx + dy * dy;
  if (length > 0) {
    double inverse = 1.0 / sqrt(length);
    ux = dx * inverse;
    uy = dy * inverse;
  }
  hit->pos.x = imp_clamp(hit->pos.x + ux * moving->half.x,
                         box->pos.x - box->half.x, box->pos.x + box->half.x);
  hit->pos.y = imp_clamp(hit->pos.y + uy * moving->half.y,
                         box->pos.y - box->half.y, box->pos.y + box->half.y);
}

/* Whether moving, travelling the nonzero delta of r, hits collider (never
** itself), and when it enters it in *near: only the slab test, so that the
** full sweep is worked out only for a collider that is nearer. */
static int sweep_entry(const imp_aabb *collider, const imp_aabb *moving,
                       const frozen_ray *r, double *near) {
  int x_face, hit = frozen_slab(collider, moving->half.x, moving->half.y, r,
                                near, &x_face);
  return hit & (collider != moving);
}

static int frozen_aabb_sweep_nearer(const imp_aabb *collider,
                                    const imp_aabb *moving,
                                    double dx, double dy, imp_sweep *nearest) {
  imp_sweep s;
  if (collider == moving) return 0;
  if (dx == 0 && dy == 0) {
    frozen_aabb_sweep_aabb(collider, moving, dx, dy, &s);
    if (!(s.time < nearest->time)) return 0;
    *nearest = s;
    return 1;
  }
  {
    frozen_ray r = frozen_ray_from(moving->pos.x, moving->pos.y, dx, dy);
    double near;
    int hit = sweep_entry(collider, moving, &r, &near);
    /* A miss stops at 1, which is never nearer in a sweep_into. */
    if (!((hit & stops_before(near, nearest->time)) |
          (!hit & (1.0 < nearest->time))))
      return 0;
  }
  frozen_aabb_sweep_aabb(collider, moving, dx, dy, nearest);
  return 1;
}

static ptrdiff_t frozen_aabb_sweep_into(const imp_aabb *moving,
                                        const imp_aabb *const *colliders,
                                        ptrdiff_t n, double dx, double dy,
                                        imp_sweep *out) {
  ptrdiff_t i, found = -1;
  frozen_sweep_clear(out, moving, dx, dy);
  if (dx == 0 && dy == 0) {
    for (i = 0; i < n; i++)
      if (frozen_aabb_sweep_nearer(colliders[i], moving, dx, dy, out))
        found = i;
  } else {
    /* The ray once for all colliders, then only their slab tests; the
    ** nearest one's full sweep at the end. */
    frozen_ray r = frozen_ray_from(moving->pos.x, moving->pos.y, dx, dy);
    frozen_reach reach = frozen_reach_of(&r, moving->half.x, moving->half.y);
    double nearest = out->time, near;  /* 1: a miss is never nearer */
    /* Nothing stops before 0, so the loop ends there; while nearest > 0,
    ** stops_before(near, nearest) is near - EPSILON < nearest alone. */
    for (i = 0; i < n && nearest > 0; i++)
      if (frozen_within_reach(colliders[i], &reach) &&
          sweep_entry(colliders[i], moving, &r, &near) &
              (near - IMP_EPSILON < nearest)) {
        nearest = stop_time(near);
        found = i;
      }
    if (found >= 0)
      frozen_aabb_sweep_aabb(colliders[found], moving, dx, dy, out);
  }
  return found;
}

static imp_vec2 vec2(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  return v;
}

/* A world direction in the rectangle's frame, R(-angle) v, and back. */
static imp_vec2 to_frame(const imp_obb *o, double x, double y) {
  return vec2(o->c * x + o->s * y, o->c * y - o->s * x);
}

/*
** The separating-axis quantities of two rectangles on the four candidate
** axes, a's x and y, then b's x and y: b's centre from a's along the axis,
** and how far each reaches along it from its centre. The projections
** overlap when |dist| < reach_a + reach_b. On b's axes a reaches as b
** would on a's (the relative rotation is the same up to sign).
*/
typedef struct sat {
  double dist[4], reach_a[4], reach_b[4];
} sat;

static void project(const imp_obb *a, const imp_obb *b, sat *q) {
  double wx = b->pos.x - a->pos.x, wy = b->pos.y - a->pos.y;
  double cr = fabs(a->c * b->c + a->s * b->s);  /* |cos(b - a)| */
  double sr = fabs(a->c * b->s - a->s * b->c);  /* |sin(b - a)| */
  imp_vec2 da = to_frame(a, wx, wy), db = to_frame(b, wx, wy);
  q->dist[0] = da.x;
  q->dist[1] = da.y;
  q->dist[2] = db.x;
  q->dist[3] = db.y;
  q->reach_a[0] = a->half.x;
  q->reach_a[1] = a->half.y;
  q->reach_a[2] = cr * a->half.x + sr * a->half.y;
  q->reach_a[3] = sr * a->half.x + cr * a->half.y;
  q->reach_b[0] = cr * b->half.x + sr * b->half.y;
  q->reach_b[1] = sr * b->half.x + cr * b->half.y;
  q->reach_b[2] = b->half.x;
  q->reach_b[3] = b->half.y;
}

/* Whether the projections overlap along candidate axis k. */
static int overlaps_along(const sat *q, int k) {
  return fabs(q->dist[k]) < q->reach_a[k] + q->reach_b[k];
}

/* Overlap on all four axes. A caller branches on the answer, so the
** kernel takes one branch of its own: a's two axes decide most misses, and
** b's are only computed after them. (A bounding-box test first, or a
** branch per axis, measured slower from LuaJIT on random pairs.) */
static int frozen_obb_intersect_obb(const imp_obb *box, const imp_obb *other) {
  sat q;
  project(box, other, &q);
  if (!(overlaps_along(&q, 0) & overlaps_along(&q, 1))) return 0;
  return overlaps_along(&q, 2) & overlaps_along(&q, 3);
}

/* ---- The differential driver. ---- */

/* The scene's scale, and whether its values lie on the dyadic grid. */
static double scale = 1;
static int on_grid;

/* Values no scene should break on, and the ends of the exact range. */
static double special(void) {
  static const double values[] = {
      0.0, -0.0, 1.0, -1.0, 0x1p-450, 0x1p450, 0x1.0000000000001p-450,
      0x1.fffffffffffffp449, 1e-300, -1e300, 4.9e-324, DBL_MAX, -DBL_MIN};
  int i = below(16);
  if (i == 13) return NAN;
  if (i == 14) return INFINITY;
  if (i == 15) return -INFINITY;
  return values[i];
}

static double coord(void) {
  if (below(64) == 0) return special();
  if (on_grid) return scale * (below(33) - 16) * 0.25;
  return scale * (unit() - 0.5) * 16;
}

static double half(void) {
  if (below(64) == 0) return special();
  if (on_grid) return scale * below(17) * 0.25;
  return scale * unit() * 4;
}

/* v moved by k ulps (k in -2 .. 2), often not at all. */
static double nudge(double v) {
  int k = below(5) - 2;
  for (; k > 0; k--) v = nextafter(v, INFINITY);
  for (; k < 0; k++) v = nextafter(v, -INFINITY);
  return v;
}

static imp_aabb box_at(void) {
  imp_aabb b;
  b.pos.x = coord();
  b.pos.y = coord();
  b.half.x = half();
  b.half.y = half();
  return b;
}

static void new_scene(void) {
  static const double scales[] = {1, 3.7, 0x1p-30, 0x1p30, 1e-200, 1e200};
  scale = scales[below(6)];
  on_grid = below(2);
}

/* Either face of the slab of half size h centred at c, as doubles have it,
** or an ulp or two either side of it. */
static double near_face(double c, double h) {
  return nudge(below(2) ? c + h : c - h);
}

static long failures;

static void report(const char *what, const double *in, int n) {
  int i;
  if (++failures > 20) return;
  printf("%s differs for", what);
  for (i = 0; i < n; i++) printf(" %a", in[i]);
  printf("\n");
}

static int same_double(double a, double b) {
  return memcmp(&a, &b, sizeof a) == 0;
}

static int same_hit(const imp_hit *a, const imp_hit *b) {
  return memcmp(a, b, sizeof *a) == 0;
}

static int same_sweep(const imp_sweep *a, const imp_sweep *b) {
  return same_hit(&a->hit, &b->hit) && same_double(a->pos.x, b->pos.x) &&
         same_double(a->pos.y, b->pos.y) && same_double(a->time, b->time) &&
         a->has_hit == b->has_hit;
}

/* Both outputs start as the same noise, so that untouched fields of a miss
** compare equal only if both kernels left them. */
static void noise(void *a, void *b, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    ((unsigned char *)a)[i] = ((unsigned char *)b)[i] = (unsigned char)next();
}

static void check_point(const imp_aabb *box, double x, double y) {
  imp_hit a, b;
  int ha, hb;
  noise(&a, &b, sizeof a);
  ha = imp_aabb_intersect_point(box, x, y, &a);
  hb = frozen_aabb_intersect_point(box, x, y, &b);
  if (ha != hb || !same_hit(&a, &b)) {
    const double in[6] = {box->pos.x, box->pos.y, box->half.x, box->half.y,
                          x, y};
    report("intersect_point", in, 6);
  }
}

static void check_boxes(const imp_aabb *box, const imp_aabb *other) {
  imp_hit a, b;
  int ha, hb;
  noise(&a, &b, sizeof a);
  ha = imp_aabb_intersect_aabb(box, other, &a);
  hb = frozen_aabb_intersect_aabb(box, other, &b);
  if (ha != hb || !same_hit(&a, &b)) {
    const double in[8] = {box->pos.x, box->pos.y, box->half.x, box->half.y,
                          other->pos.x, other->pos.y, other->half.x,
                          other->half.y};
    report("intersect_aabb", in, 8);
  }
}

static void check_segment(const imp_aabb *box, double px, double py,
                          double dx, double dy, double padx, double pady) {
  imp_hit a, b;
  int ha, hb;
  noise(&a, &b, sizeof a);
  ha = imp_aabb_intersect_segment(box, px, py, dx, dy, padx, pady, &a);
  hb = frozen_aabb_intersect_segment(box, px, py, dx, dy, padx, pady, &b);
  if (ha != hb || !same_hit(&a, &b)) {
    const double in[10] = {box->pos.x, box->pos.y, box->half.x, box->half.y,
                           px, py, dx, dy, padx, pady};
    report("intersect_segment", in, 10);
  }
}

static void check_sweep(const imp_aabb *box, const imp_aabb *moving,
                        double dx, double dy) {
  const double in[10] = {box->pos.x, box->pos.y, box->half.x, box->half.y,
                         moving->pos.x, moving->pos.y, moving->half.x,
                         moving->half.y, dx, dy};
  imp_sweep a, b;
  int ra, rb;
  noise(&a, &b, sizeof a);
  imp_aabb_sweep_aabb(box, moving, dx, dy, &a);
  frozen_aabb_sweep_aabb(box, moving, dx, dy, &b);
  if (!same_sweep(&a, &b)) report("sweep_aabb", in, 10);
  noise(&a, &b, sizeof a);
  a.time = b.time = unit() * 1.25;
  ra = imp_aabb_sweep_nearer(box, moving, dx, dy, &a);
  rb = frozen_aabb_sweep_nearer(box, moving, dx, dy, &b);
  if (ra != rb || !same_sweep(&a, &b)) report("sweep_nearer", in, 10);
}

/* sweep_into over a few colliders near the moving box, itself among them
** now and then. */
static void check_sweep_into(const imp_aabb *moving, double dx, double dy) {
  imp_aabb level[6];
  const imp_aabb *list[7];
  imp_sweep a, b;
  ptrdiff_t n = below(7), i, fa, fb;
  for (i = 0; i < n; i++) {
    level[i] = box_at();
    list[i] = &level[i];
  }
  if (below(4) == 0) list[n++] = moving;
  noise(&a, &b, sizeof a);
  fa = imp_aabb_sweep_into(moving, list, n, dx, dy, &a);
  fb = frozen_aabb_sweep_into(moving, list, n, dx, dy, &b);
  if (fa != fb || !same_sweep(&a, &b)) {
    const double in[6] = {moving->pos.x, moving->pos.y, moving->half.x,
                          moving->half.y, dx, dy};
    report("sweep_into", in, 6);
  }
}

static void check_obb(const imp_aabb *box, const imp_aabb *other) {
  static const double angles[] = {0, -0.0, 1.5707963267948966, 3.14159,
                                  0.7853981633974483};
  imp_obb a, b;
  imp_shape_obb(IMP_SHAPE_AABB, box, &a);
  imp_shape_obb(IMP_SHAPE_AABB, other, &b);
  imp_obb_set_angle(&a, below(2) ? angles[below(5)] : unit() * 6.3);
  imp_obb_set_angle(&b, below(2) ? angles[below(5)] : unit() * 6.3);
  if (imp_obb_intersect_obb(&a, &b) != frozen_obb_intersect_obb(&a, &b)) {
    const double in[10] = {a.pos.x, a.pos.y, a.half.x, a.half.y, a.angle,
                           b.pos.x, b.pos.y, b.half.x, b.half.y, b.angle};
    report("obb intersect_obb", in, 10);
  }
}

/* One scene: each kernel on random input and on input moved to within an
** ulp of touching (faces, corners, a segment's end). */
static void round_of_checks(void) {
  imp_aabb box, other;
  double x, y, dx, dy, padx, pady;
  new_scene();
  box = box_at();
  other = box_at();
  x = coord();
  y = coord();
  dx = coord();
  dy = coord();
  padx = below(2) ? 0 : half();
  pady = below(2) ? 0 : half();
  if (below(2)) x = near_face(box.pos.x, box.half.x);
  if (below(2)) y = near_face(box.pos.y, box.half.y);
  check_point(&box, x, y);
  if (below(2))
    other.pos.x = near_face(box.pos.x, box.half.x + other.half.x);
  if (below(2))
    other.pos.y = near_face(box.pos.y, box.half.y + other.half.y);
  check_boxes(&box, &other);
  check_obb(&box, &other);
  if (below(4) == 0) dx = 0;
  if (below(4) == 0) dy = 0;
  /* the segment's end on a face or its line through a corner */
  switch (below(4)) {
  case 0: dx = near_face(box.pos.x, box.half.x + padx) - x; break;
  case 1: dy = near_face(box.pos.y, box.half.y + pady) - y; break;
  case 2:
    dx = 2 * (near_face(box.pos.x, box.half.x + padx) - x);
    dy = 2 * (near_face(box.pos.y, box.half.y + pady) - y);
    break;
  }
  check_segment(&box, x, y, dx, dy, padx, pady);
  other.half.x = padx;
  other.half.y = pady;
  other.pos.x = x;
  other.pos.y = y;
  check_sweep(&box, &other, dx, dy);
  check_sweep_into(&other, dx, dy);
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 2000000, i;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 41;
  for (i = 0; i < rounds; i++) round_of_checks();
  printf("rect kernels against their reference: %ld rounds, %ld "
         "mismatches\n", rounds, failures);
  return failures != 0;
}
