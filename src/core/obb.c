/*
** Rotated rectangles. A test moves the other shape into the rectangle's
** frame with the cached cosine and sine; positions are taken relative to
** the rectangle's centre before they are rotated, so the rounding scales
** with the distances involved, not with the distance from the origin.
** Rejections are written so that a NaN compares as a miss.
*/
#include <float.h>
#include <math.h>

#include "impact.h"
#include "scalar.h"
#include "vec2.h"

void imp_obb_set_angle(imp_obb *box, double angle) {
  box->angle = angle;
  box->c = cos(angle);
  box->s = sin(angle);
}

void imp_shape_obb(imp_shape kind, const void *shape, imp_obb *out) {
  if (kind == IMP_SHAPE_OBB) {
    *out = *(const imp_obb *)shape;
  } else {
    const imp_aabb *box = (const imp_aabb *)shape;
    out->pos = box->pos;
    out->half = box->half;
    out->angle = 0;
    out->c = 1;
    out->s = 0;
  }
}

/* sin(angle) is 0 only for angle +-0, where cos is 1. */
static int aligned(const imp_obb *o) { return o->s == 0 && o->c == 1; }

static imp_aabb as_aabb(const imp_obb *o) {
  imp_aabb b;
  b.pos = o->pos;
  b.half = o->half;
  return b;
}

/* A world direction in the rectangle's frame, R(-angle) v, and back. */
static imp_vec2 to_frame(const imp_obb *o, double x, double y) {
  return vec2(o->c * x + o->s * y, o->c * y - o->s * x);
}

static imp_vec2 to_world(const imp_obb *o, double x, double y) {
  return vec2(o->c * x - o->s * y, o->s * x + o->c * y);
}

/* The rectangle's x (k = 0) or y (k = 1) axis, a unit world direction. */
static imp_vec2 axis(const imp_obb *o, int k) {
  return k == 0 ? vec2(o->c, o->s) : vec2(-o->s, o->c);
}

/* c h + s k rounded up, for c, s, h, k >= 0: the sum as the corners have
** it (so that they lie in the box in doubles too), stepped up to the next
** double while it is short of the exact value (twice at most: the three
** roundings leave it within 1.5 ulp). half + half (2^-53 + 2^-105) is
** that next double for a normal half (it adds more than half an ulp and
** less than one) in plain double operations, which the pure backend
** shares. Beyond imp_in_exact_range, the sum as the corners have it. */
static double reach_up(double c, double h, double s, double k) {
  double a[3] = {c, s, 0};
  const double b[3] = {h, k, -1};
  a[2] = c * h + s * k;
  if (imp_in_exact_range(c) && imp_in_exact_range(h) &&
      imp_in_exact_range(s) && imp_in_exact_range(k))
    while (imp_sign_of_products(a, b, 3) > 0)
      a[2] += a[2] * (0x1p-53 + 0x1p-105);
  return a[2];
}

/* Half extents of the rectangle's projections on the world axes, rounded
** up, so that the box they make holds the rectangle exactly. */
static imp_vec2 reach(const imp_obb *o) {
  double c = fabs(o->c), s = fabs(o->s);
  return vec2(reach_up(c, o->half.x, s, o->half.y),
              reach_up(s, o->half.x, c, o->half.y));
}

void imp_obb_bounds(const imp_obb *box, imp_aabb *out) {
  out->pos = box->pos;
  out->half = reach(box);
}

void imp_obb_corners(const imp_obb *box, imp_vec2 out[4]) {
  static const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
  int i;
  for (i = 0; i < 4; i++) {
    imp_vec2 v = to_world(box, sx[i] * box->half.x, sy[i] * box->half.y);
    out[i] = vec2(box->pos.x + v.x, box->pos.y + v.y);
  }
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

/* The candidate axis of index k as a world direction. */
static imp_vec2 sat_axis(const imp_obb *a, const imp_obb *b, int k) {
  return k < 2 ? axis(a, k) : axis(b, k - 2);
}

/* Whether the projections overlap along candidate axis k. */
static int overlaps_along(const sat *q, int k) {
  return fabs(q->dist[k]) < q->reach_a[k] + q->reach_b[k];
}

/* Overlap on all four axes, without a branch: which axes separate varies
** from pair to pair, and a mispredicted branch costs more than the axes it
** would skip. */
int imp_obb_intersect_obb(const imp_obb *box, const imp_obb *other) {
  sat q;
  project(box, other, &q);
  return overlaps_along(&q, 0) & overlaps_along(&q, 1) &
         overlaps_along(&q, 2) & overlaps_along(&q, 3);
}

/* Push-out of something centred at p, dist from the rectangle's centre
** along the unit direction u, towards the side it is on; delta is left
** for separate(). pos is on the rectangle's boundary (which reaches r
** along u), across from p. */
static void push_out(imp_vec2 u, double dist, double r, imp_vec2 p,
                     imp_hit *out) {
  double sg = imp_sign(dist), onto = r - fabs(dist);
  out->normal = vec2(u.x * sg + 0.0, u.y * sg + 0.0);  /* no -0 */
  out->pos = vec2(p.x + out->normal.x * onto, p.y + out->normal.y * onto);
  out->time = 0;
}

/* to - from along the frame's x (k even) or y (k odd) axis, computed as
** project() and the point tests compute it. */
static double along(const imp_obb *frame, int k, imp_vec2 from, imp_vec2 to) {
  imp_vec2 l = to_frame(frame, to.x - from.x, to.y - from.y);
  return k % 2 == 0 ? l.x : l.y;
}

/* Sets out->delta to the push-out normal * depth that separates in
** doubles (see aabb.c): the centre at p moved by it (p + delta, as a
** script adds it) must be more than r from the centre at c along axis k
** of frame, strictly, so that a sweep sliding along the face, whose
** component across it is a rounding error, does not start in contact.
** With both, c - delta (the mirrored push-out) must be as well, so the
** depth does not depend on which rectangle is the collider. The depth
** grows from the exact one by steps doubling from a rounding error of the
** largest quantity; plain double operations only. */
static void separate(const imp_obb *frame, int k, imp_vec2 c, imp_vec2 p,
                     double r, double depth, int both, imp_hit *out) {
  double step = DBL_EPSILON * ((fabs(c.x) + fabs(c.y)) +
                               (fabs(p.x) + fabs(p.y)) + depth) + 0x1p-1074;
  int i;
  for (i = 0; i < IMP_SEPARATE_STEPS; i++) {
    imp_vec2 d = vec2(out->normal.x * depth, out->normal.y * depth);
    if (fabs(along(frame, k, c, vec2(p.x + d.x, p.y + d.y))) > r &&
        (!both || fabs(along(frame, k, vec2(c.x - d.x, c.y - d.y), p)) > r))
      break;
    depth += step;
    step += step;
  }
  out->delta = vec2(out->normal.x * depth, out->normal.y * depth);
}

/* Candidate axes in the order that settles ties: y before x, as for boxes,
** and the collider's own faces before the other's. */
static const int order[4] = {1, 0, 3, 2};

int imp_obb_overlap(const imp_obb *box, const imp_obb *other, imp_hit *out) {
  sat q;
  double depth[4];
  int i, best = 1;
  if (aligned(box) && aligned(other)) {
    imp_aabb a = as_aabb(box), b = as_aabb(other);
    return imp_aabb_intersect_aabb(&a, &b, out);
  }
  project(box, other, &q);
  for (i = 0; i < 4; i++) {
    int k = order[i];
    depth[k] = q.reach_a[k] + q.reach_b[k] - fabs(q.dist[k]);
    if (!(depth[k] > 0)) return 0;
    if (depth[k] < depth[best]) best = k;
  }
  push_out(sat_axis(box, other, best), q.dist[best], q.reach_a[best],
           other->pos, out);
  separate(best < 2 ? box : other, best, box->pos, other->pos,
           q.reach_a[best] + q.reach_b[best], depth[best], 1, out);
  return 1;
}

int imp_obb_intersect_point(const imp_obb *box, double x, double y,
                            imp_hit *out) {
  imp_vec2 l;
  double px, py;
  if (aligned(box)) {
    imp_aabb a = as_aabb(box);
    return imp_aabb_intersect_point(&a, x, y, out);
  }
  l = to_frame(box, x - box->pos.x, y - box->pos.y);
  px = box->half.x - fabs(l.x);
  py = box->half.y - fabs(l.y);
  if (!(px > 0 && py > 0)) return 0;
  if (px < py) {
    push_out(axis(box, 0), l.x, box->half.x, vec2(x, y), out);
    separate(box, 0, box->pos, vec2(x, y), box->half.x, px, 0, out);
  } else {
    push_out(axis(box, 1), l.y, box->half.y, vec2(x, y), out);
    separate(box, 1, box->pos, vec2(x, y), box->half.y, py, 0, out);
  }
  return 1;
}

/* The rectangle in its own frame: an AABB at the origin. */
static imp_aabb local_box(const imp_obb *o) {
  imp_aabb b;
  b.pos = vec2(0, 0);
  b.half = o->half;
  return b;
}

int imp_obb_intersect_segment(const imp_obb *box, double px, double py,
                              double dx, double dy, imp_hit *out) {
  imp_aabb local;
  imp_vec2 p, d;
  if (aligned(box)) {
    local = as_aabb(box);
    return imp_aabb_intersect_segment(&local, px, py, dx, dy, 0, 0, out);
  }
  local = local_box(box);
  p = to_frame(box, px - box->pos.x, py - box->pos.y);
  d = to_frame(box, dx, dy);
  if (!imp_aabb_intersect_segment(&local, p.x, p.y, d.x, d.y, 0, 0, out))
    return 0;
  out->normal = to_world(box, out->normal.x, out->normal.y);
  out->delta = vec2((1.0 - out->time) * -dx, (1.0 - out->time) * -dy);
  out->pos = vec2(px + dx * out->time, py + dy * out->time);
  return 1;
}

imp_clip_kind imp_obb_clip_segment(const imp_obb *box, double px, double py,
                                   double dx, double dy, imp_clip *out) {
  imp_aabb local;
  imp_vec2 p, d;
  if (aligned(box)) {
    local = as_aabb(box);
    return imp_aabb_clip_segment(&local, px, py, dx, dy, out);
  }
  local = local_box(box);
  p = to_frame(box, px - box->pos.x, py - box->pos.y);
  d = to_frame(box, dx, dy);
  return imp_aabb_clip_segment(&local, p.x, p.y, d.x, d.y, out);
}

/* The point of o farthest along the direction u (corners win ties). */
static imp_vec2 support(const imp_obb *o, imp_vec2 at, imp_vec2 u) {
  imp_vec2 l = to_frame(o, u.x, u.y);
  imp_vec2 v = to_world(o, imp_sign(l.x) * o->half.x,
                        imp_sign(l.y) * o->half.y);
  return vec2(at.x + v.x, at.y + v.y);
}

/* The point p moved onto the closed rectangle o centred at at (in its
** frame, clamped). */
static imp_vec2 clamp_onto(const imp_obb *o, imp_vec2 at, imp_vec2 p) {
  imp_vec2 l = to_frame(o, p.x - at.x, p.y - at.y);
  imp_vec2 v = to_world(o, imp_clamp(l.x, -o->half.x, o->half.x),
                        imp_clamp(l.y, -o->half.y, o->half.y));
  return vec2(at.x + v.x, at.y + v.y);
}

/*
** On each axis the projections overlap (strictly) for the times in an open
** interval, and the rectangles do for the times in all four at once:
** contact is the latest entry, if it is no later than the earliest exit
** (equal, the grazing contact, is a hit, as for boxes), before 1 and with
** the exit after 0. An axis the movement is parallel to keeps its overlap
** for all time, or rules out any. Fills the entry time, the axis it was on
** and the side of box the mover came from.
*/
static int swept(const imp_obb *box, const imp_obb *moving, double dx,
                 double dy, double *enter, int *first, double *side) {
  sat q;
  double leave = INFINITY;
  int i;
  project(box, moving, &q);
  *enter = -INFINITY;
  *first = 1;
  *side = -1;
  for (i = 0; i < 4; i++) {
    int k = order[i];
    imp_vec2 u = sat_axis(box, moving, k);
    double r = q.reach_a[k] + q.reach_b[k], v = u.x * dx + u.y * dy;
    double sg, lo, hi;
    if (v == 0) {
      if (!(fabs(q.dist[k]) < r)) return 0;
      continue;
    }
    sg = imp_sign(v);
    lo = (-sg * r - q.dist[k]) / v;
    hi = (sg * r - q.dist[k]) / v;
    if (!(lo <= hi)) return 0;  /* a NaN */
    if (lo > *enter) {
      *enter = lo;
      *first = k;
      *side = -sg;
    }
    if (hi < leave) leave = hi;
  }
  return *enter <= leave && *enter < 1 && leave > 0;
}

void imp_obb_sweep_obb(const imp_obb *box, const imp_obb *moving,
                       double dx, double dy, imp_sweep *out) {
  imp_hit *hit = &out->hit;
  imp_aabb m = as_aabb(moving);
  imp_vec2 u, at, contact;
  double enter, side;
  int first;
  if (aligned(box) && aligned(moving)) {
    imp_aabb a = as_aabb(box);
    imp_aabb_sweep_aabb(&a, &m, dx, dy, out);
    return;
  }
  if (dx == 0 && dy == 0) {
    out->pos = moving->pos;
    out->has_hit = imp_obb_overlap(box, moving, hit);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  if (!swept(box, moving, dx, dy, &enter, &first, &side)) {
    imp_sweep_clear(out, &m, dx, dy);
    return;
  }
  hit->time = imp_clamp(enter, 0, 1);
  u = sat_axis(box, moving, first);
  hit->normal = vec2(u.x * side + 0.0, u.y * side + 0.0);  /* no -0 */
  hit->delta = vec2((1.0 - hit->time) * -dx, (1.0 - hit->time) * -dy);
  /* Contact: the mover's point deepest towards box's face, or box's point
  ** deepest towards the mover's face moved onto the mover; kept on box.
  ** Where the faces that touch are parallel, the deepest point is either
  ** end of an edge, as rounding has it: moved onto the other rectangle, it
  ** is where the two edges overlap. */
  at = vec2(moving->pos.x + dx * hit->time, moving->pos.y + dy * hit->time);
  if (first < 2)
    contact = support(moving, at, vec2(-hit->normal.x, -hit->normal.y));
  else
    contact = clamp_onto(moving, at, support(box, box->pos, hit->normal));
  hit->pos = clamp_onto(box, box->pos, contact);
  out->has_hit = 1;
  out->time = imp_clamp(hit->time - IMP_EPSILON, 0, 1);
  out->pos = vec2(moving->pos.x + dx * out->time,
                  moving->pos.y + dy * out->time);
}

void imp_sweep_clear_shape(imp_sweep *s, imp_shape mkind, const void *moving,
                           double dx, double dy) {
  imp_aabb at;
  at.pos = imp_shape_pos(mkind, moving);
  at.half.x = at.half.y = 0;
  imp_sweep_clear(s, &at, dx, dy);
}

/* Any pair of shapes; rectangle pairs go on to imp_obb_sweep_obb inside
** imp_shape_sweep, and two AABBs keep their own faster step. */
int imp_sweep_nearer(imp_shape ckind, const void *collider, imp_shape mkind,
                     const void *moving, double dx, double dy,
                     imp_sweep *nearest) {
  imp_sweep s;
  if (ckind == IMP_SHAPE_AABB && mkind == IMP_SHAPE_AABB)
    return imp_aabb_sweep_nearer((const imp_aabb *)collider,
                                 (const imp_aabb *)moving, dx, dy, nearest);
  if (collider == moving) return 0;
  imp_shape_sweep(ckind, collider, mkind, moving, dx, dy, &s);
  if (!(s.time < nearest->time)) return 0;
  *nearest = s;
  return 1;
}
