/*
** The reference kernels (reference.h): the AABB family's code before its
** kernels went branch-free, kept here as the specification they must
** reproduce, every bit of every output, and an untouched out on a miss.
** The slab test decides everything exactly, every time: the kernel's
** error bounds, which send only close calls to its exact path, must never
** let a rounded decision differ from this one.
*/
#include <float.h>
#include <math.h>

#include "reference.h"
#include "scalar.h"

static double sign_of(double v) { return v < 0 ? -1.0 : 1.0; }

static double clamp(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
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

static int exact_range(const double *v, int n) {
  int i;
  for (i = 0; i < n; i++)
    if (!imp_in_exact_range(v[i])) return 0;
  return 1;
}

/* Whether a centre at q, on side s (+-1) of a centre at c, is at least the
** half sizes h1 + h2 from it by every test that measures the two: the
** overlap test (q - c), the rounded slab test of a sweep with either one
** moving (c + s h, q - s h), and, where it decides exactly, the exact one. */
static int clear(double c, double q, double h1, double h2, double s) {
  const double terms[4] = {s * q, -s * c, -h1, -h2};
  double h = h2 + h1;
  if (!(s * (q - c) >= h && s * q >= s * (c + s * h) &&
        s * (q - s * h) >= s * c))
    return 0;
  return !exact_range(terms, 4) || imp_sign_of_sum(terms, 4) >= 0;
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
** py) > 0: along the axis of least overlap. */
static void push_out(const imp_aabb *box, double x, double y,
                     double dx, double dy, double px, double py,
                     imp_vec2 other_half, int both, imp_hit *out) {
  if (px < py) {
    double sx = sign_of(dx);
    out->delta.x = separating_depth(box->pos.x, x, box->half.x, other_half.x,
                                    sx, px, both) * sx;
    out->delta.y = 0;
    out->normal.x = sx;
    out->normal.y = 0;
    out->pos.x = box->pos.x + box->half.x * sx;
    out->pos.y = y;
  } else {
    double sy = sign_of(dy);
    out->delta.x = 0;
    out->delta.y = separating_depth(box->pos.y, y, box->half.y, other_half.y,
                                    sy, py, both) * sy;
    out->normal.x = 0;
    out->normal.y = sy;
    out->pos.x = x;
    out->pos.y = box->pos.y + box->half.y * sy;
  }
  out->time = 0;
}

int ref_aabb_intersect_point(const imp_aabb *box, double x, double y,
                             imp_hit *out) {
  double dx = x - box->pos.x, dy = y - box->pos.y;
  double px = box->half.x - fabs(dx), py = box->half.y - fabs(dy);
  imp_vec2 no_size = {0, 0};
  if (!(px > 0 && py > 0)) return 0;
  push_out(box, x, y, dx, dy, px, py, no_size, 0, out);
  return 1;
}

int ref_aabb_intersect_aabb(const imp_aabb *box, const imp_aabb *other,
                            imp_hit *out) {
  double dx = other->pos.x - box->pos.x, dy = other->pos.y - box->pos.y;
  double hx = other->half.x + box->half.x, hy = other->half.y + box->half.y;
  double px = hx - fabs(dx), py = hy - fabs(dy);
  if (!(px > 0 && py > 0)) return 0;
  push_out(box, other->pos.x, other->pos.y, dx, dy, px, py, other->half, 1,
           out);
  return 1;
}

/* One axis of the slab test: the times at which the segment's coordinate
** crosses the near and far sides of [c - h, c + h], rounded as intersect
** rounds them. A zero component never crosses: it is inside the open slab
** for all time, or the segment misses. */
static void slab(double c, double h, double p, double d,
                 double *near, double *far, double *sign) {
  double scale = 1.0 / d;  /* +-inf for +-0: the sign of a zero matters */
  *sign = d < 0 || (d == 0 && signbit(d)) ? -1.0 : 1.0;
  if (d == 0) {
    *near = -INFINITY;
    *far = INFINITY;
  } else {
    *near = (c - *sign * h - p) * scale;
    *far = (c + *sign * h - p) * scale;
  }
}

/* The exact sign of k (c + j (h + pad) - p - e), k and j each +-1. */
static int offset_sign(double k, double c, double j, double h, double pad,
                       double p, double e) {
  const double terms[5] = {c, j * h, j * pad, -p, -e};
  return (int)k * imp_sign_of_sum(terms, 5);
}

/* The exact sign of the time of (c_u + j_u H_u - p_u) / d_u minus that of
** (c_v + j_v H_v - p_v) / d_v, H = h + pad, the deltas not zero. */
static int time_order(double cu, double ju, double hu, double padu,
                      double pu, double du, double cv, double jv, double hv,
                      double padv, double pv, double dv) {
  const double terms[8] = {cu, ju * hu, ju * padu, -pu,
                           cv, jv * hv, jv * padv, -pv};
  double f[8];
  int i;
  for (i = 0; i < 4; i++) {
    f[i] = fabs(dv) * (du < 0 ? -1 : 1);
    f[4 + i] = -fabs(du) * (dv < 0 ? -1 : 1);
  }
  return imp_sign_of_products(terms, f, 8);
}

/* The decisions as intersect makes them, from the rounded times: where an
** input is too large or too small for the exact ones (NaN and infinities
** included), the kernels keep these. */
static int rounded_hit(double cx, double cy, double hx, double hy,
                       double px, double py, double dx, double dy,
                       double near_x, double far_x, double near_y,
                       double far_y, int *x_face) {
  if ((dx == 0 && !(px > cx - hx && px < cx + hx)) ||
      (dy == 0 && !(py > cy - hy && py < cy + hy)))
    return 0;
  if (!(near_x <= far_y && near_y <= far_x)) return 0;
  if (!((near_x > near_y ? near_x : near_y) < 1 &&
        (far_x < far_y ? far_x : far_y) > 0))
    return 0;
  *x_face = near_x > near_y;
  return 1;
}

/* The same decisions, exact. */
static int exact_hit(double cx, double cy, double hx, double hy,
                     double padx, double pady, double px, double py,
                     double dx, double dy, double sign_x, double sign_y,
                     int *x_face) {
  /* Strictly inside each slab along a zero component; else entering it
  ** before the end (near < 1) and leaving after the start (far > 0). */
  if (!(offset_sign(sign_x, cx, -sign_x, hx, padx, px, dx) < 0 &&
        offset_sign(sign_x, cx, sign_x, hx, padx, px, 0) > 0))
    return 0;
  if (!(offset_sign(sign_y, cy, -sign_y, hy, pady, py, dy) < 0 &&
        offset_sign(sign_y, cy, sign_y, hy, pady, py, 0) > 0))
    return 0;
  if (dx == 0 || dy == 0) {  /* that axis from -inf to inf */
    *x_face = dy == 0 && dx != 0;
    return 1;
  }
  /* each entry no later than the other axis's exit */
  if (time_order(cx, -sign_x, hx, padx, px, dx, cy, sign_y, hy, pady, py,
                 dy) > 0 ||
      time_order(cy, -sign_y, hy, pady, py, dy, cx, sign_x, hx, padx, px,
                 dx) > 0)
    return 0;
  *x_face = time_order(cx, -sign_x, hx, padx, px, dx, cy, -sign_y, hy, pady,
                       py, dy) > 0;
  return 1;
}

int ref_aabb_intersect_segment(const imp_aabb *box, double px, double py,
                               double dx, double dy,
                               double padx, double pady, imp_hit *out) {
  const double cx = box->pos.x, cy = box->pos.y;
  const double hx = box->half.x, hy = box->half.y;
  const double inputs[10] = {cx, cy, hx, hy, padx, pady, px, py, dx, dy};
  double near_x, far_x, sign_x, near_y, far_y, sign_y, near;
  int x_face;
  slab(cx, hx + padx, px, dx, &near_x, &far_x, &sign_x);
  slab(cy, hy + pady, py, dy, &near_y, &far_y, &sign_y);
  if (exact_range(inputs, 10)
          ? !exact_hit(cx, cy, hx, hy, padx, pady, px, py, dx, dy, sign_x,
                       sign_y, &x_face)
          : !rounded_hit(cx, cy, hx + padx, hy + pady, px, py, dx, dy, near_x,
                         far_x, near_y, far_y, &x_face))
    return 0;
  near = x_face ? near_x : near_y;
  if (dx == 0 && dy == 0) near = -INFINITY;
  out->time = clamp(near, 0, 1);
  if (x_face) {
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

static void sweep_clear(imp_sweep *s, const imp_aabb *moving,
                        double dx, double dy) {
  s->has_hit = 0;
  s->time = 1;
  s->pos.x = moving->pos.x + dx;
  s->pos.y = moving->pos.y + dy;
}

void ref_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                         double dx, double dy, imp_sweep *out) {
  imp_hit *hit = &out->hit;
  if (dx == 0 && dy == 0) {
    out->pos = moving->pos;
    out->has_hit = ref_aabb_intersect_aabb(box, moving, hit);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  if (!ref_aabb_intersect_segment(box, moving->pos.x, moving->pos.y, dx, dy,
                                  moving->half.x, moving->half.y, hit)) {
    sweep_clear(out, moving, dx, dy);
    return;
  }
  out->has_hit = 1;
  out->time = clamp(hit->time - IMP_EPSILON, 0, 1);
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
    hit->pos.x = clamp(hit->pos.x + ux * moving->half.x,
                           box->pos.x - box->half.x, box->pos.x + box->half.x);
    hit->pos.y = clamp(hit->pos.y + uy * moving->half.y,
                           box->pos.y - box->half.y, box->pos.y + box->half.y);
  }
}

static int sweep_nearer(const imp_aabb *collider, const imp_aabb *moving,
                        double dx, double dy, imp_sweep *nearest) {
  imp_sweep s;
  if (collider == moving) return 0;
  ref_aabb_sweep_aabb(collider, moving, dx, dy, &s);
  if (!(s.time < nearest->time)) return 0;
  *nearest = s;
  return 1;
}

ptrdiff_t ref_aabb_sweep_into(const imp_aabb *moving,
                              const imp_aabb *const *colliders, ptrdiff_t n,
                              double dx, double dy, imp_sweep *out) {
  ptrdiff_t i, found = -1;
  sweep_clear(out, moving, dx, dy);
  for (i = 0; i < n; i++)
    if (sweep_nearer(colliders[i], moving, dx, dy, out)) found = i;
  return found;
}
