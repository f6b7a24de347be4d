/*
** The AABB family. Every boundary choice follows the intersect library:
** touching a face is no collision, a segment that ends exactly at contact or
** leaves at time 0 misses, a segment grazing a corner hits, and ties between
** the axes pick the y axis.
*/
#include <float.h>
#include <math.h>

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

/* Whether a centre at q, on side s (+-1) of a centre at c, is at least h
** from it by every test that measures the two: the overlap test (q - c),
** and the slab test of a sweep with either one moving (c + s h, q - s h).
** clear(c, q, h, s) == clear(q, c, h, -s), as a mirrored test needs. */
static int clear(double c, double q, double h, double s) {
  return s * (q - c) >= h && s * q >= s * (c + s * h) &&
         s * (q - s * h) >= s * c;
}

/* The depth to push the centre at p, on side s of the centre at c, so
** that the pushed p + s depth is clear of c at h. With both, c - s depth
** (the collider pushed the other way, as the mirrored test pushes it) must
** be clear of p too, so that the depth is the same from either side. */
static double separating_depth(double c, double p, double h, double s,
                               double depth, int both) {
  double step = DBL_EPSILON * ((fabs(c) + fabs(p)) + depth) + 0x1p-1074;
  int i;
  for (i = 0; i < IMP_SEPARATE_STEPS; i++) {
    if (clear(c, p + s * depth, h, s) &&
        (!both || clear(c - s * depth, p, h, s)))
      break;
    depth += step;
    step += step;
  }
  return depth;
}

/* Push-out of a point (h the box's half size, both 0) or a box (h the sum
** of the half sizes, both 1) whose centre (x, y) is (dx, dy) from the
** box's centre and overlaps it by (px, py) > 0: along the axis of least
** overlap. */
static void push_out(const imp_aabb *box, double x, double y,
                     double dx, double dy, double px, double py,
                     double hx, double hy, int both, imp_hit *out) {
  if (px < py) {
    double sx = imp_sign(dx);
    out->delta.x = separating_depth(box->pos.x, x, hx, sx, px, both) * sx;
    out->delta.y = 0;
    out->normal.x = sx;
    out->normal.y = 0;
    out->pos.x = box->pos.x + box->half.x * sx;
    out->pos.y = y;
  } else {
    double sy = imp_sign(dy);
    out->delta.x = 0;
    out->delta.y = separating_depth(box->pos.y, y, hy, sy, py, both) * sy;
    out->normal.x = 0;
    out->normal.y = sy;
    out->pos.x = x;
    out->pos.y = box->pos.y + box->half.y * sy;
  }
  out->time = 0;
}

int imp_aabb_intersect_point(const imp_aabb *box, double x, double y,
                             imp_hit *out) {
  double dx = x - box->pos.x, dy = y - box->pos.y;
  double px = box->half.x - fabs(dx), py = box->half.y - fabs(dy);
  if (!(px > 0 && py > 0)) return 0;
  push_out(box, x, y, dx, dy, px, py, box->half.x, box->half.y, 0, out);
  return 1;
}

int imp_aabb_intersect_aabb(const imp_aabb *box, const imp_aabb *other,
                            imp_hit *out) {
  double dx = other->pos.x - box->pos.x, dy = other->pos.y - box->pos.y;
  double hx = other->half.x + box->half.x, hy = other->half.y + box->half.y;
  double px = hx - fabs(dx), py = hy - fabs(dy);
  if (!(px > 0 && py > 0)) return 0;
  push_out(box, other->pos.x, other->pos.y, dx, dy, px, py, hx, hy, 1, out);
  return 1;
}

/* One axis of the slab test: the times at which the segment's coordinate
** crosses the near and far sides of [c - h, c + h]. A zero component never
** crosses: it is inside the open slab for all time, or the segment misses. */
static int slab(double c, double h, double p, double d,
                double *near, double *far, double *sign) {
  double scale = 1.0 / d;  /* +-inf for +-0: the sign of a zero matters */
  *sign = imp_sign(scale);
  if (d == 0) {
    if (!(p > c - h && p < c + h)) return 0;
    *near = -INFINITY;
    *far = INFINITY;
  } else {
    *near = (c - *sign * h - p) * scale;
    *far = (c + *sign * h - p) * scale;
  }
  return 1;
}

int imp_aabb_intersect_segment(const imp_aabb *box, double px, double py,
                               double dx, double dy,
                               double padx, double pady, imp_hit *out) {
  double near_x, far_x, sign_x, near_y, far_y, sign_y, near, far;
  if (!slab(box->pos.x, box->half.x + padx, px, dx, &near_x, &far_x, &sign_x) ||
      !slab(box->pos.y, box->half.y + pady, py, dy, &near_y, &far_y, &sign_y))
    return 0;
  if (!(near_x <= far_y && near_y <= far_x)) return 0;
  near = near_x > near_y ? near_x : near_y;
  far = far_x < far_y ? far_x : far_y;
  if (!(near < 1 && far > 0)) return 0;
  out->time = imp_clamp(near, 0, 1);
  if (near_x > near_y) {
    out->normal.x = -sign_x;
    out->normal.y = 0;
  } else {
    out->normal.x = 0;
    out->normal.y = -sign_y;
  }
  out->delta.x = (1.0 - out->time) * -dx;
  out->delta.y = (1.0 - out->time) * -dy;
  out->pos.x = px + dx * out->time;
  out->pos.y = py + dy * out->time;
  return 1;
}

void imp_sweep_clear(imp_sweep *s, const imp_aabb *moving,
                     double dx, double dy) {
  s->has_hit = 0;
  s->time = 1;
  s->pos.x = moving->pos.x + dx;
  s->pos.y = moving->pos.y + dy;
}

void imp_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                         double dx, double dy, imp_sweep *out) {
  imp_hit *hit = &out->hit;
  if (dx == 0 && dy == 0) {
    out->pos = moving->pos;
    out->has_hit = imp_aabb_intersect_aabb(box, moving, hit);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  if (!imp_aabb_intersect_segment(box, moving->pos.x, moving->pos.y, dx, dy,
                                  moving->half.x, moving->half.y, hit)) {
    imp_sweep_clear(out, moving, dx, dy);
    return;
  }
  out->has_hit = 1;
  out->time = imp_clamp(hit->time - IMP_EPSILON, 0, 1);
  out->pos.x = moving->pos.x + dx * out->time;
  out->pos.y = moving->pos.y + dy * out->time;
  {
    /* Contact point: from the centre's contact, half a box further along
    ** the direction of travel, kept on the static box. The direction is
    ** normalized with intersect's plain formula, not imp_vec2_normalize, so
    ** that contact points match it even for deltas whose squares overflow
    ** or underflow. */
    double length = dx * dx + dy * dy, ux = 1, uy = 0;
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
}

int imp_aabb_sweep_nearer(const imp_aabb *collider, const imp_aabb *moving,
                          double dx, double dy, imp_sweep *nearest) {
  imp_sweep s;
  if (collider == moving) return 0;
  imp_aabb_sweep_aabb(collider, moving, dx, dy, &s);
  if (!(s.time < nearest->time)) return 0;
  *nearest = s;
  return 1;
}

ptrdiff_t imp_aabb_sweep_into(const imp_aabb *moving,
                              const imp_aabb *const *colliders, ptrdiff_t n,
                              double dx, double dy, imp_sweep *out) {
  ptrdiff_t i, found = -1;
  imp_sweep_clear(out, moving, dx, dy);
  for (i = 0; i < n; i++)
    if (imp_aabb_sweep_nearer(colliders[i], moving, dx, dy, out)) found = i;
  return found;
}
