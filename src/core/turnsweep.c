/*
** A shape swept while it turns: moving, at time t in [0, 1], sits at
** pos + t d turned by t dangle about it. Conservative advancement: no
** point of moving travels faster than |d| + |dangle| R (R: its farthest
** point from pos), so from a clear pose at a gap g (exact-decided) the
** motion is clear for g over that speed of time. Steps stop half a target
** short of the gap; once the gap is within the target, a probe a
** tolerance further on decides: overlapping there is contact, the stop
** being the clear pose; clear there, the motion goes on from the probe.
** Targets and tolerance are fractions of the scene (R plus the path of
** the farthest point), far above the rounding of the placed vertices.
*/
#include <math.h>

#include "impact.h"

#define TURN_STEPS 4096            /* then contact at the last clear pose */
#define TURN_TARGET 0x1p-16        /* the gap that ends advancing */
#define TURN_TOLERANCE 0x1p-21     /* the probe's travel past the stop */
#define TURN_REACH_MARGIN 0x1p-20  /* the reach's room for rounding */

typedef struct motion {
  imp_shape kind, mkind;  /* mkind is never AABB: one turns as an OBB */
  const void *shape;
  imp_any_shape start;
  imp_vec2 pos, d;
  double angle, dangle;
  double speed, tau, target;  /* speed bound, probe time, target gap */
} motion;

double imp_shape_angle(imp_shape kind, const void *shape) {
  switch (kind) {
  case IMP_SHAPE_OBB: return ((const imp_obb *)shape)->angle;
  case IMP_SHAPE_CAPSULE: return ((const imp_capsule *)shape)->angle;
  case IMP_SHAPE_POLYGON: return ((const imp_polygon *)shape)->angle;
  default: return 0;
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

/* moving as it is at time t. */
static void place(const motion *m, double t, imp_any_shape *out) {
  double angle = angle_at(m, t);
  imp_shape_moved(m->mkind, &m->start, pos_at(m, t), out);
  if (m->mkind == IMP_SHAPE_OBB) imp_obb_set_angle(&out->obb, angle);
  else if (m->mkind == IMP_SHAPE_CAPSULE)
    imp_capsule_set_angle(&out->capsule, angle);
  else imp_polygon_set_angle(&out->polygon, angle);
}

static int overlaps(const motion *m, const imp_any_shape *at) {
  return imp_shape_intersects(m->kind, m->shape, m->mkind, at);
}

/* The farthest vertex of the shape's hull from its pos, and the radius
** that reaches further. */
static double reach(imp_shape kind, const void *shape, double *radius) {
  imp_hull h;
  imp_vec2 pos = imp_shape_pos(kind, shape);
  double r = 0;
  int i;
  imp_shape_hull(kind, shape, &h);
  for (i = 0; i < h.count; i++) {
    imp_vec2 v;
    double l;
    v.x = (h.v[i].x - pos.x) + h.lo[i].x;
    v.y = (h.v[i].y - pos.y) + h.lo[i].y;
    l = imp_vec2_length(v);
    if (!(l <= r)) r = l;  /* a NaN is kept */
  }
  *radius = h.radius;
  return r;
}

/* Whether the static shape meets the capsule that every pose lies in:
** the path of pos grown by the reach and room for rounding. */
static int within_reach(const motion *m, double r, double scene) {
  imp_capsule c;
  c.pos = m->pos;
  c.angle = c.s = 0;
  c.c = 1;
  c.a.x = c.a.y = 0;
  c.b = m->d;
  c.radius = r + TURN_REACH_MARGIN * (scene + fabs(m->pos.x) +
                                      fabs(m->pos.y));
  return imp_shape_intersects(m->kind, m->shape, IMP_SHAPE_CAPSULE, &c);
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
  imp_any_shape at;
  out->has_hit = 1;
  stop_at(m, t, out);
  h->normal.x = pb.x - pa.x;
  h->normal.y = pb.y - pa.y;
  h->pos = pa;
  if (h->normal.x == 0 && h->normal.y == 0) {
    place(m, contact, &at);
    if (!imp_shape_overlap(m->kind, m->shape, m->mkind, &at, h)) {
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
  imp_any_shape at;
  while (next - t > m->tau) {
    double mid = t + 0.5 * (next - t);
    place(m, mid, &at);
    if (overlaps(m, &at)) {
      next = mid;
    } else {
      t = mid;
      if (imp_shape_distance(m->kind, m->shape, m->mkind, &at, &pa, &pb) == 0)
        pb = pa;
    }
  }
  hit_at(m, t, next, pa, pb, out);
}

/* Advances from the clear start. Within the target a probe is taken
** when certified: no point can have gone the gap at either end and back
** in its time, or it is the shortest probe; else it is halved. */
static void advance(const motion *m, imp_sweep *out) {
  imp_any_shape at;
  imp_vec2 pa = imp_shape_pos(m->kind, m->shape), pb = pa, qa, qb;
  double t = 0, next, gap, ahead, probe = m->tau;
  int steps;
  place(m, 0, &at);
  gap = imp_shape_distance(m->kind, m->shape, m->mkind, &at, &pa, &pb);
  for (steps = 0; steps < TURN_STEPS; steps++) {
    int probing = !(gap > m->target);
    next = probing ? t + probe : t + (gap - 0.5 * m->target) / m->speed;
    if (!(next < 1)) next = 1;
    place(m, next, &at);
    qa = qb = imp_shape_pos(m->kind, m->shape);
    ahead = imp_shape_distance(m->kind, m->shape, m->mkind, &at, &qa, &qb);
    if (ahead == 0 && overlaps(m, &at)) {
      close_in(m, t, next, pa, pb, out);
      return;
    }
    if (probing && next - t > m->tau &&
        !(gap + ahead >= (next - t) * m->speed)) {
      probe = 0.5 * (next - t);
      continue;
    }
    probe = probing ? 2 * (next - t) : m->tau;
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
  imp_any_shape at;
  double r, radius, scene;
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
  r = reach(m.mkind, &m.start, &radius);
  if (r == 0) {  /* a disc about pos (a circle): the turn changes nothing */
    imp_shape_sweep(kind, shape, mkind, moving, dx, dy, out);
    out->angle = angle_at(&m, out->time);
    return;
  }
  r += radius;
  m.speed = imp_vec2_length(m.d) + fabs(dangle) * r;
  scene = r + m.speed;
  m.target = TURN_TARGET * scene;
  m.tau = TURN_TOLERANCE * scene / m.speed;
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
