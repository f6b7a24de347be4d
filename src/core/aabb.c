/*
** The AABB family. Every boundary choice follows the intersect library:
** touching a face is no collision, a segment that ends exactly at contact or
** leaves at time 0 misses, a segment grazing a corner hits, and ties between
** the axes pick the y axis. Each is decided exactly (slab.h), and the
** times are intersect's.
**
** The tests take no branch on the data but one, on the outcome: a miss
** returns before writing, which leaves *out untouched, and a caller
** branches on the outcome anyway. Every other choice (signs, clamps, the
** axis) is a mask, so that varying input costs no mispredicted branch; only
** a push-out's separating steps loop, and they nearly always stop at once,
** and the slab test's close calls branch to its exact decisions.
*/
#include <float.h>
#include <math.h>

#include "impact.h"
#include "scalar.h"
#include "slab.h"

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

int imp_aabb_intersect_point(const imp_aabb *box, double x, double y,
                             imp_hit *out) {
  static const imp_vec2 no_size = {0, 0};
  double dx = x - box->pos.x, dy = y - box->pos.y;
  double px = box->half.x - fabs(dx), py = box->half.y - fabs(dy);
  if (!((px > 0) & (py > 0))) return 0;
  push_out(box, x, y, dx, dy, px, py, no_size, 0, out);
  return 1;
}

int imp_aabb_intersect_aabb(const imp_aabb *box, const imp_aabb *other,
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
static void segment_hit(const imp_ray *r, double dx, double dy, double near,
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

int imp_aabb_intersect_segment(const imp_aabb *box, double px, double py,
                               double dx, double dy,
                               double padx, double pady, imp_hit *out) {
  imp_ray r = imp_ray_from(px, py, dx, dy);
  double near;
  int x_face;
  if (!imp_slab(box, padx, pady, &r, &near, &x_face)) return 0;
  segment_hit(&r, dx, dy, near, x_face, out);
  return 1;
}

void imp_sweep_clear(imp_sweep *s, const imp_aabb *moving,
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

void imp_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                         double dx, double dy, imp_sweep *out) {
  imp_hit *hit;
  imp_ray r;
  double near, length, ux = 1, uy = 0;
  int x_face;
  if (dx == 0 && dy == 0) {
    out->pos = moving->pos;
    out->has_hit = imp_aabb_intersect_aabb(box, moving, &out->hit);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  r = imp_ray_from(moving->pos.x, moving->pos.y, dx, dy);
  if (!imp_slab(box, moving->half.x, moving->half.y, &r, &near, &x_face)) {
    imp_sweep_clear(out, moving, dx, dy);
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
                       const imp_ray *r, double *near) {
  int x_face, hit = imp_slab(collider, moving->half.x, moving->half.y, r, near,
                         &x_face);
  return hit & (collider != moving);
}

int imp_aabb_sweep_nearer(const imp_aabb *collider, const imp_aabb *moving,
                          double dx, double dy, imp_sweep *nearest) {
  imp_sweep s;
  if (collider == moving) return 0;
  if (dx == 0 && dy == 0) {
    imp_aabb_sweep_aabb(collider, moving, dx, dy, &s);
    if (!(s.time < nearest->time)) return 0;
    *nearest = s;
    return 1;
  }
  {
    imp_ray r = imp_ray_from(moving->pos.x, moving->pos.y, dx, dy);
    double near;
    int hit = sweep_entry(collider, moving, &r, &near);
    /* A miss stops at 1, which is never nearer in a sweep_into. */
    if (!((hit & stops_before(near, nearest->time)) |
          (!hit & (1.0 < nearest->time))))
      return 0;
  }
  imp_aabb_sweep_aabb(collider, moving, dx, dy, nearest);
  return 1;
}

ptrdiff_t imp_aabb_sweep_into(const imp_aabb *moving,
                              const imp_aabb *const *colliders, ptrdiff_t n,
                              double dx, double dy, imp_sweep *out) {
  ptrdiff_t i, found = -1;
  imp_sweep_clear(out, moving, dx, dy);
  if (dx == 0 && dy == 0) {
    for (i = 0; i < n; i++)
      if (imp_aabb_sweep_nearer(colliders[i], moving, dx, dy, out)) found = i;
  } else {
    /* The ray once for all colliders, then only their slab tests; the
    ** nearest one's full sweep at the end. */
    imp_ray r = imp_ray_from(moving->pos.x, moving->pos.y, dx, dy);
    imp_reach reach = imp_reach_of(&r, moving->half.x, moving->half.y);
    double nearest = out->time, near;  /* 1: a miss is never nearer */
    /* Nothing stops before 0, so the loop ends there; while nearest > 0,
    ** stops_before(near, nearest) is near - EPSILON < nearest alone. */
    for (i = 0; i < n && nearest > 0; i++)
      if (imp_within_reach(colliders[i], &reach) &&
          sweep_entry(colliders[i], moving, &r, &near) &
              (near - IMP_EPSILON < nearest)) {
        nearest = stop_time(near);
        found = i;
      }
    if (found >= 0) imp_aabb_sweep_aabb(colliders[found], moving, dx, dy, out);
  }
  return found;
}
