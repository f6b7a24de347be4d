/*
** A shape swept while it turns: moving, at time t in [0, 1], sits at
** pos + t d turned by t dangle about it. Conservative advancement: no
** point of moving travels faster than |d| + |dangle| R (R: its farthest
** point from pos), so from a clear pose at a gap g (exact-decided) the
** motion is clear for g over that speed of time. Steps stop half a target
** short of the gap; once the gap is within the target, a probe a
** tolerance further on decides: overlapping there is contact, the stop
** being the clear pose; clear there, the motion goes on from the probe,
** and as far past it as the axis of the nearest points there keeps the
** two apart (each vertex's height along it is a sinusoid plus a line,
** whose least value on an interval has a closed form): so shapes leave a
** touch along a tangent.
** Targets and tolerance are fractions of the scene (R plus the path of
** the farthest point), far above the rounding of the placed vertices.
*/
#include <math.h>

#include "hulls.h"
#include "impact.h"

#define TURN_STEPS 4096            /* then contact at the last clear pose */
#define TURN_TARGET 0x1p-16        /* the gap that ends advancing */
#define TURN_TOLERANCE 0x1p-21     /* the probe's travel past the stop */
#define TURN_REACH_MARGIN 0x1p-20  /* the reach's room for rounding */
#define TURN_APART_MARGIN 0x1p-40  /* an axis's room for rounding */
#define TURN_TOUCH 0x1p-48         /* gaps within the poses' rounding */
#define TURN_APART_TRIES 40        /* halvings of the interval kept apart */

static const double pi = 3.14159265358979323846;

typedef struct motion {
  imp_shape kind, mkind;  /* mkind is never AABB: one turns as an OBB */
  const void *shape;
  imp_any_shape start;
  imp_vec2 pos, d;
  double angle, dangle;
  double speed, tau, target;  /* speed bound, probe time, target gap */
  double margin;              /* the rounding an axis must clear */
  double touch;               /* a gap no more than the poses' rounding */
  imp_hull fixed, turning;    /* the static hull; moving's, from pos */
} motion;

double imp_shape_angle(imp_shape kind, const void *shape) {
  switch (kind) {
  case IMP_SHAPE_OBB: return ((const imp_obb *)shape)->angle;
  case IMP_SHAPE_CAPSULE: return ((const imp_capsule *)shape)->angle;
  case IMP_SHAPE_POLYGON: return ((const imp_polygon *)shape)->angle;
  default: return 0;
  }
}

void imp_shape_set_angle(imp_shape kind, void *shape, double angle) {
  switch (kind) {
  case IMP_SHAPE_OBB: imp_obb_set_angle((imp_obb *)shape, angle); break;
  case IMP_SHAPE_CAPSULE:
    imp_capsule_set_angle((imp_capsule *)shape, angle);
    break;
  case IMP_SHAPE_POLYGON:
    imp_polygon_set_angle((imp_polygon *)shape, angle);
    break;
  default: break;
  }
}

static int is_finite(double v) { return v - v == 0; }

static imp_vec2 pos_at(const motion *m, double t) {
  imp_vec2 p;
  p.x = m->pos.x + m->d.x * t;
  p.y = m->pos.y + m->d.y * t;
  return p;
}

static double angle_at(const motion *m, double t) {
  return m->angle + m->dangle * t;
}

/* moving as it is at some time, and its hull. */
typedef struct pose {
  imp_any_shape shape;
  imp_hull hull;
} pose;

static void place(const motion *m, double t, pose *out) {
  double angle = angle_at(m, t);
  imp_shape_moved(m->mkind, &m->start, pos_at(m, t), &out->shape);
  imp_shape_set_angle(m->mkind, &out->shape, angle);
  imp_shape_hull(m->mkind, &out->shape, &out->hull);
}

static int overlaps(const motion *m, const pose *at) {
  return imp_hulls_intersect(&m->fixed, &at->hull);
}

/* imp_shape_distance from the static shape to the pose. */
static double distance(const motion *m, const pose *at, imp_vec2 *pa,
                       imp_vec2 *pb) {
  return imp_hulls_distance(&m->fixed, &at->hull, pa, pb);
}

/* The farthest vertex of moving's hull from its pos (its radius reaches
** further). */
static double reach(const motion *m) {
  double r = 0;
  int i;
  for (i = 0; i < m->turning.count; i++) {
    double l = imp_vec2_length(m->turning.v[i]);
    if (!(l <= r)) r = l;  /* a NaN is kept */
  }
  return r;
}

/* Whether the static shape meets the capsule that every pose lies in:
** the path of pos grown by the reach and room for rounding. */
static int within_reach(const motion *m, double r, double scene) {
  imp_capsule c;
  imp_hull path;
  c.pos = m->pos;
  c.angle = c.s = 0;
  c.c = 1;
  c.a.x = c.a.y = 0;
  c.b = m->d;
  c.radius = r + TURN_REACH_MARGIN * (scene + fabs(m->pos.x) +
                                      fabs(m->pos.y));
  imp_shape_hull(IMP_SHAPE_CAPSULE, &c, &path);
  return imp_hulls_intersect(&m->fixed, &path);
}

/* The hulls that the axes test: moving's vertices made offsets from pos. */
static void offsets(motion *m) {
  imp_hull *h = &m->turning;
  int i;
  imp_shape_hull(m->kind, m->shape, &m->fixed);
  imp_shape_hull(m->mkind, &m->start, h);
  for (i = 0; i < h->count; i++) {
    h->v[i].x = (h->v[i].x - m->pos.x) + h->lo[i].x;
    h->v[i].y = (h->v[i].y - m->pos.y) + h->lo[i].y;
  }
}

static void stop_at(const motion *m, double t, imp_sweep *out) {
  out->time = t;
  out->pos = pos_at(m, t);
  out->angle = angle_at(m, t);
}

static void clear(const motion *m, imp_sweep *out) {
  out->has_hit = 0;
  stop_at(m, 1, out);
}

/* Contact by time contact, the stop at the clear pose of time t, whose
** nearest points are pa on the static shape and pb (equal: touching;
** then the push-out at contact gives normal and pos). */
static void hit_at(const motion *m, double t, double contact, imp_vec2 pa,
                   imp_vec2 pb, imp_sweep *out) {
  imp_hit *h = &out->hit;
  pose at;
  out->has_hit = 1;
  stop_at(m, t, out);
  h->normal.x = pb.x - pa.x;
  h->normal.y = pb.y - pa.y;
  h->pos = pa;
  if (h->normal.x == 0 && h->normal.y == 0) {
    place(m, contact, &at);
    if (!imp_shape_overlap(m->kind, m->shape, m->mkind, &at.shape, h)) {
      imp_vec2 from = imp_shape_pos(m->kind, m->shape), to = pos_at(m, t);
      h->normal.x = to.x - from.x;  /* touching at the last: pos to pos */
      h->normal.y = to.y - from.y;
    }
  }
  imp_vec2_normalize(&h->normal);
  h->time = contact;
  h->delta.x = (1.0 - contact) * -m->d.x;
  h->delta.y = (1.0 - contact) * -m->d.y;
}

/* From clear t to overlapping next, nearer while next is more than a
** probe past t (an overlap within a step comes of rounding alone). */
static void close_in(const motion *m, double t, double next, imp_vec2 pa,
                     imp_vec2 pb, imp_sweep *out) {
  pose at;
  while (next - t > m->tau) {
    double mid = t + 0.5 * (next - t);
    place(m, mid, &at);
    if (overlaps(m, &at)) {
      next = mid;
    } else {
      t = mid;
      if (distance(m, &at, &pa, &pb) == 0) pb = pa;
    }
  }
  hit_at(m, t, next, pa, pb, out);
}

/* The height along n at time t of the point at offset u from pos at the
** start: a + b t + p cos(w t) + q sin(w t), given that cosine and sine
** (the same for every vertex at one time). */
static double height_turned(const motion *m, imp_vec2 n, imp_vec2 u,
                            double t, double c, double s) {
  return (n.x * m->pos.x + n.y * m->pos.y) + (n.x * m->d.x + n.y * m->d.y) * t +
         ((n.x * u.x + n.y * u.y) * c + (n.y * u.x - n.x * u.y) * s);
}

static double height(const motion *m, imp_vec2 n, imp_vec2 u, double t) {
  double w = m->dangle * t;
  return height_turned(m, n, u, t, cos(w), sin(w));
}

/* An axis tested from time t1 on, over shorter and shorter intervals:
** what does not depend on the interval's end, worked out once. For each
** vertex of moving: its height at t1, and its sinusoid rho cos(w t - phi),
** whose minima have the phase base (wavy: it has minima inside at all). */
typedef struct axis {
  imp_vec2 n;
  double t1, top, b;  /* top: the static hull's; b: pos's speed along n */
  double start[IMP_MAX_VERTICES], phi[IMP_MAX_VERTICES];
  double base[IMP_MAX_VERTICES];
  int wavy[IMP_MAX_VERTICES];
} axis;

static void axis_from(const motion *m, imp_vec2 n, double t1, axis *a) {
  const imp_hull *f = &m->fixed, *h = &m->turning;
  double w = m->dangle;
  int i;
  a->n = n;
  a->t1 = t1;
  a->top = -HUGE_VAL;
  for (i = 0; i < f->count; i++) {
    double y = n.x * (f->v[i].x + f->lo[i].x) + n.y * (f->v[i].y + f->lo[i].y);
    if (y > a->top) a->top = y;
  }
  a->b = n.x * m->d.x + n.y * m->d.y;
  for (i = 0; i < h->count; i++) {
    imp_vec2 u = h->v[i];
    double p = n.x * u.x + n.y * u.y, q = n.y * u.x - n.x * u.y;
    double rho = sqrt(p * p + q * q);
    a->start[i] = height(m, n, u, t1);
    a->phi[i] = atan2(q, p);
    a->wavy[i] = rho * fabs(w) > fabs(a->b);
    if (a->wavy[i]) a->base[i] = pi - asin(a->b / (rho * w));
  }
}

/* Vertex i's least height over [t1, t2] (h2: at t2): at an end or at a
** minimum inside, where the sinusoid has sine b / (rho w) and a negative
** cosine; of those, the first or the last in time is the least. */
static double lowest(const motion *m, const axis *a, int i, double t2,
                     double h2) {
  imp_vec2 u = m->turning.v[i];
  double w = m->dangle, phi = a->phi[i], base, lo, hi, c, h;
  double low = h2 < a->start[i] ? h2 : a->start[i];
  if (!a->wavy[i]) return low;
  base = a->base[i];
  lo = w * a->t1 - phi;
  hi = w * t2 - phi;
  if (hi < lo) {
    c = lo;
    lo = hi;
    hi = c;
  }
  c = base + 2 * pi * ceil((lo - base) / (2 * pi));
  if (!(c <= hi)) return low;
  h = height(m, a->n, u, (c + phi) / w);
  if (h < low) low = h;
  c = base + 2 * pi * floor((hi - base) / (2 * pi));
  h = height(m, a->n, u, (c + phi) / w);
  return h < low ? h : low;
}

/* Whether over [t1, t2] moving stays beyond the static shape along the
** axis by more than the rounding. */
static int apart_along(const motion *m, const axis *a, double t2) {
  double w = m->dangle * t2, c = cos(w), s = sin(w), bottom = HUGE_VAL;
  int i;
  for (i = 0; i < m->turning.count; i++) {
    imp_vec2 u = m->turning.v[i];
    double h = lowest(m, a, i, t2, height_turned(m, a->n, u, t2, c, s));
    if (!(h >= bottom)) bottom = h;  /* a NaN is kept */
  }
  return (bottom - m->turning.radius) - (a->top + m->fixed.radius) >
         m->margin;
}

/* The latest time up to 1 until which the axis from pa to pb keeps the two
** apart from t on (halving the interval), or t. */
static double apart_until(const motion *m, imp_vec2 pa, imp_vec2 pb,
                          double t) {
  imp_vec2 n;
  axis a;
  double end = 1;
  int i;
  n.x = pb.x - pa.x;
  n.y = pb.y - pa.y;
  imp_vec2_normalize(&n);
  axis_from(m, n, t, &a);
  for (i = 0; i < TURN_APART_TRIES && end - t > m->tau; i++) {
    if (apart_along(m, &a, end)) return end;
    end = t + 0.5 * (end - t);
  }
  return t;
}

/* The time strictly after t and no later than next at which moving's
** angle is a quarter turn (a multiple of pi / 2), or -1. There shapes on
** a grid touch exactly, and the rounding of the turned vertices (pi / 2
** is not a double) can cross them by an ulp for that instant alone. */
static double quarter_between(const motion *m, double t, double next) {
  const double quarter = pi / 2;
  double a = angle_at(m, t), b = angle_at(m, next);
  double at = floor((a > b ? a : b) / quarter) * quarter;
  if (!(at > (a < b ? a : b))) return -1;
  at = (at - m->angle) / m->dangle;
  return at > t && at <= next ? at : -1;
}

/* Advances from the clear start. Within the target a probe is taken
** when certified: no point can have gone the gap at either end and back
** in its time, or it is the shortest probe; else it is halved. */
static void advance(const motion *m, imp_sweep *out) {
  pose at;
  imp_vec2 pa = imp_shape_pos(m->kind, m->shape), pb = pa, qa, qb;
  double t = 0, next, gap, ahead, probe = m->tau;
  int steps;
  place(m, 0, &at);
  gap = distance(m, &at, &pa, &pb);
  for (steps = 0; steps < TURN_STEPS; steps++) {
    int probing = !(gap > m->target);
    next = probing ? t + probe : t + (gap - 0.5 * m->target) / m->speed;
    if (!(next < 1)) next = 1;
    place(m, next, &at);
    qa = qb = imp_shape_pos(m->kind, m->shape);
    ahead = distance(m, &at, &qa, &qb);
    if (ahead == 0 && overlaps(m, &at)) {
      close_in(m, t, next, pa, pb, out);
      return;
    }
    if (probing && next - t > m->tau &&
        !(gap + ahead >= (next - t) * m->speed)) {
      probe = 0.5 * (next - t);
      continue;
    }
    /* Touching at both ends of a step too short to certify, within the
    ** rounding of the placed vertices: the poses between may cross by
    ** that rounding alone (a bar of no width turning about a box's
    ** corner, which rounding lays across it now and then). A pose it
    ** cannot separate: contact there, as is a touch left so slowly
    ** along its tangent that a probe's time does not clear the rounding. */
    if (gap <= m->touch && ahead <= m->touch) {
      hit_at(m, t, t, pa, pb, out);
      return;
    }
    if (probing && !(gap + ahead >= (next - t) * m->speed)) {
      /* a step taken uncertified: its quarter turn is probed too */
      pose turned;
      double quarter = quarter_between(m, t, next);
      if (quarter > 0) {
        place(m, quarter, &turned);
        if (overlaps(m, &turned)) {
          close_in(m, t, quarter, pa, pb, out);
          return;
        }
      }
    }
    probe = probing ? 2 * (next - t) : m->tau;
    if (probing && ahead > 0 && next < 1) {
      double end = apart_until(m, qa, qb, next);
      if (end > next) {
        next = end;
        place(m, next, &at);
        qa = qb = imp_shape_pos(m->kind, m->shape);
        ahead = distance(m, &at, &qa, &qb);
        probe = m->tau;
      }
    }
    t = next;
    gap = ahead;
    pa = qa;
    pb = qb;
    if (t == 1) {
      clear(m, out);
      return;
    }
  }
  hit_at(m, t, t, pa, pb, out);
}

void imp_shape_turn_sweep(imp_shape kind, const void *shape,
                          imp_shape mkind, const void *moving, double dx,
                          double dy, double dangle, imp_sweep *out) {
  motion m;
  pose at;
  double r, scene;
  if (dangle == 0) {
    imp_shape_sweep(kind, shape, mkind, moving, dx, dy, out);
    out->angle = imp_shape_angle(mkind, moving);
    return;
  }
  m.kind = kind;
  m.shape = shape;
  m.mkind = mkind;
  if (mkind == IMP_SHAPE_AABB) {
    m.mkind = IMP_SHAPE_OBB;
    imp_shape_obb(mkind, moving, &m.start.obb);
  } else {
    imp_shape_moved(mkind, moving, imp_shape_pos(mkind, moving), &m.start);
  }
  m.pos = imp_shape_pos(mkind, moving);
  m.d.x = dx;
  m.d.y = dy;
  m.angle = imp_shape_angle(mkind, moving);
  m.dangle = dangle;
  offsets(&m);
  r = reach(&m);
  if (r == 0) {  /* a disc about pos (a circle): the turn changes nothing */
    imp_shape_sweep(kind, shape, mkind, moving, dx, dy, out);
    out->angle = angle_at(&m, out->time);
    return;
  }
  r += m.turning.radius;
  m.speed = imp_vec2_length(m.d) + fabs(dangle) * r;
  scene = r + m.speed;
  m.target = TURN_TARGET * scene;
  m.tau = TURN_TOLERANCE * scene / m.speed;
  m.margin = TURN_APART_MARGIN * (scene + fabs(m.pos.x) + fabs(m.pos.y));
  m.touch = TURN_TOUCH * (scene + fabs(m.pos.x) + fabs(m.pos.y));
  place(&m, 0, &at);
  if (!(is_finite(scene) && is_finite(m.pos.x) && is_finite(m.pos.y) &&
        is_finite(dx) && is_finite(dy) && is_finite(dangle) &&
        is_finite(m.angle))) {
    clear(&m, out);
  } else if (overlaps(&m, &at)) {
    imp_vec2 p = imp_shape_pos(kind, shape);
    hit_at(&m, 0, 0, p, p, out);
  } else if (!(m.speed > 0) || !within_reach(&m, r, scene)) {
    clear(&m, out);
  } else {
    advance(&m, out);
  }
}

void imp_turn_sweep_clear(imp_sweep *s, imp_shape mkind, const void *moving,
                          double dx, double dy, double dangle) {
  imp_sweep_clear_shape(s, mkind, moving, dx, dy);
  s->angle = imp_shape_angle(mkind, moving) + dangle;
}

int imp_turn_sweep_nearer(imp_shape ckind, const void *collider,
                          imp_shape mkind, const void *moving, double dx,
                          double dy, double dangle, imp_sweep *nearest) {
  imp_sweep s;
  if (dangle == 0) {
    if (!imp_sweep_nearer(ckind, collider, mkind, moving, dx, dy, nearest))
      return 0;
    nearest->angle = imp_shape_angle(mkind, moving);
    return 1;
  }
  if (collider == moving) return 0;
  imp_shape_turn_sweep(ckind, collider, mkind, moving, dx, dy, dangle, &s);
  if (!(s.time < nearest->time)) return 0;
  *nearest = s;
  return 1;
}
