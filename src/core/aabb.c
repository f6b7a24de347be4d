/*
** The AABB family: the kernels of aabb.h, and the exact and looping parts
** they rarely reach.
*/
#include <float.h>
#include <math.h>

#include "aabb.h"
#include "impact.h"
#include "scalar.h"

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

/* The depth to push the centre at p, on side s of the centre at c, so
** that the pushed p + s depth is clear of c at h1 + h2. With both, c - s
** depth (the collider pushed the other way, as the mirrored test pushes
** it) must be clear of p too, so that the depth is the same from either
** side. aabb.h takes the first two steps without a branch; this runs
** where they are not enough. */
double imp_separating_depth(double c, double p, double h1, double h2,
                            double s, double depth, int both) {
  double step = DBL_EPSILON * ((fabs(c) + fabs(p)) + depth) + 0x1p-1074;
  int i;
  for (i = 0; i < IMP_SEPARATE_STEPS; i++) {
    if (imp_clear_at(c, p, h1, h2, s, depth, both)) break;
    depth += step;
    step += step;
  }
  return depth;
}

int imp_aabb_intersect_point(const imp_aabb *box, double x, double y,
                             imp_hit *out) {
  int exact;
  return imp_aabb_point_filtered(box, x, y, out, &exact);
}

int imp_aabb_intersect_aabb(const imp_aabb *box, const imp_aabb *other,
                            imp_hit *out) {
  int exact;
  return imp_aabb_aabb_filtered(box, other, out, &exact);
}

int imp_aabb_intersect_segment(const imp_aabb *box, double px, double py,
                               double dx, double dy,
                               double padx, double pady, imp_hit *out) {
  int exact;
  return imp_aabb_segment_filtered(box, px, py, dx, dy, padx, pady, out,
                                   &exact);
}

int imp_aabb_segment_exact(const imp_aabb *box, double px, double py,
                           double dx, double dy, double padx, double pady,
                           imp_hit *out) {
  imp_ray r = imp_ray_from(px, py, dx, dy);
  double near;
  int x_face, exact;
  int hit = imp_slab(box, padx, pady, &r, &near, &x_face, &exact);
  imp_segment_put(&r, hit, near, x_face, out);
  return hit;
}

void imp_sweep_clear(imp_sweep *s, const imp_aabb *moving,
                     double dx, double dy) {
  s->has_hit = 0;
  s->time = 1;
  s->pos.x = moving->pos.x + dx;
  s->pos.y = moving->pos.y + dy;
}

/* Whether imp_stop_time(near) < nearest for the entry time of a hit (near
** < 1, not NaN), in comparisons only, for the loop over many colliders. There
** the clamps are maxima: clamp(near, 0, 1) - EPS is near - EPS when near > 0
** and -EPS otherwise (a zero's sign is lost in the subtraction), and the
** result, never negative, is below nearest when both it and 0 are. */
static int stops_before(double near, double nearest) {
  return (nearest > 0) & ((near <= 0) | (near - IMP_EPSILON < nearest));
}

void imp_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                         double dx, double dy, imp_sweep *out) {
  int exact;
  imp_aabb_sweep_filtered(box, moving, dx, dy, out, &exact);
}

/* Whether moving, travelling the nonzero delta of r, hits collider (never
** itself), and when it enters it in *near: only the slab test, so that the
** full sweep is worked out only for a collider that is nearer. */
static int sweep_entry(const imp_aabb *collider, const imp_aabb *moving,
                       const imp_ray *r, double *near) {
  int x_face, exact;
  int hit = imp_slab(collider, moving->half.x, moving->half.y, r, near,
                     &x_face, &exact);
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
        nearest = imp_stop_time(near);
        found = i;
      }
    if (found >= 0) imp_aabb_sweep_aabb(colliders[found], moving, dx, dy, out);
  }
  return found;
}
