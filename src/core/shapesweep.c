/*
** A shape swept against another: the moving one, translated by t d, meets
** the static one when t d lies in their Minkowski difference, the hull of
** static - moving grown by the sum of the radii; so the sweep is a cast
** from the origin along d against it (xcast.c), decided exactly on the
** differences of the vertices, each kept as the four doubles it is made
** of.
**
** The stop is IMP_EPSILON of time short of contact. The moving shape is
** then placed there (its vertices computed again from its new position,
** with their own rounding) and tested: while it overlaps the static one by
** imp_shape_intersects, the stop steps back, by IMP_EPSILON and doubling,
** down to 0 at the most. A miss that passes the static shape within
** rounding at the end of the delta (sliding along a side, drifting off it
** by less than an ulp) is placed at the end and tested the same way: no
** hit, but a stop short of 1 where the end overlaps.
*/
#include <math.h>

#include "hulls.h"
#include "impact.h"
#include "xhull.h"

/* The difference and, for each of its vertices, the static hull's vertex
** and the moving hull's whose difference it is. */
typedef struct difference {
  imp_xhull hull;
  int from_static[IMP_XHULL_VERTICES], from_moving[IMP_XHULL_VERTICES];
} difference;

static void exact(imp_lin *out, double v, double lo) {
  imp_lin a, b;
  imp_lin_set(&a, v);
  imp_lin_set(&b, lo);
  imp_lin_combine(out, &a, &b, 1);
}

/* The vertices of h exactly, negated when sign is -1. */
static void vertices(const imp_hull *h, double sign, imp_xvec *out) {
  int i;
  for (i = 0; i < h->count; i++) {
    exact(&out[i].x, sign * h->v[i].x, sign * h->lo[i].x);
    exact(&out[i].y, sign * h->v[i].y, sign * h->lo[i].y);
  }
}

/* Edges of a hull of count vertices, counter-clockwise: a segment's two,
** there and back; a point has none. */
static int edges(int count) { return count == 1 ? 0 : count; }

static int next(int i, int count) { return i + 1 == count ? 0 : i + 1; }

/* The lowest vertex (then leftmost): where the edges' directions start
** from angle 0. */
static int lowest(const imp_xvec *v, int count) {
  int i, best = 0;
  for (i = 1; i < count; i++) {
    int y = imp_lin_sign_diff(&v[i].y, &v[best].y);
    if (y < 0 || (y == 0 && imp_lin_sign_diff(&v[i].x, &v[best].x) < 0))
      best = i;
  }
  return best;
}

/* 0 for the direction of v1 - v0 at an angle in [0, pi) from the x axis,
** else 1. */
static int half(const imp_xvec *v1, const imp_xvec *v0) {
  int y = imp_lin_sign_diff(&v1->y, &v0->y);
  return !(y > 0 || (y == 0 && imp_lin_sign_diff(&v1->x, &v0->x) > 0));
}

/* The sign of angle(v) - angle(w), both in [0, 2 pi), for the edges v
** from v0 to v1 and w from w0 to w1. */
static int angle_order(const imp_xvec *v1, const imp_xvec *v0,
                       const imp_xvec *w1, const imp_xvec *w0) {
  int hv = half(v1, v0), hw = half(w1, w0);
  if (hv != hw) return hv - hw;
  return -imp_cross_sign_diff(v1, v0, w1, w0);
}

static void add_vertex(const imp_xvec *va, int i, const imp_xvec *vm, int j,
                       difference *out) {
  int k = out->hull.count++;
  imp_lin_combine(&out->hull.v[k].x, &va[i].x, &vm[j].x, 1);
  imp_lin_combine(&out->hull.v[k].y, &va[i].y, &vm[j].y, 1);
  out->from_static[k] = i;
  out->from_moving[k] = j;
}

/* a - m: the edges of a and of -m merged by angle from the lowest
** vertices, parallel ones in one step, so no three vertices are on a
** line. */
static void minkowski(const imp_hull *a, const imp_hull *m,
                      difference *out) {
  imp_xvec va[IMP_MAX_VERTICES], vm[IMP_MAX_VERTICES];
  int i, j, na = 0, nm = 0, ea = edges(a->count), em = edges(m->count);
  imp_lin ra = imp_lin_of(a->radius), rm = imp_lin_of(m->radius);
  vertices(a, 1, va);
  vertices(m, -1, vm);
  i = lowest(va, a->count);
  j = lowest(vm, m->count);
  out->hull.count = 0;
  imp_lin_combine(&out->hull.radius, &ra, &rm, 1);
  add_vertex(va, i, vm, j, out);
  while (na < ea || nm < em) {
    int order;
    if (na == ea) {
      order = 1;
    } else if (nm == em) {
      order = -1;
    } else {
      order = angle_order(&va[next(i, a->count)], &va[i],
                          &vm[next(j, m->count)], &vm[j]);
    }
    if (order <= 0) {
      i = next(i, a->count);
      na++;
    }
    if (order >= 0) {
      j = next(j, m->count);
      nm++;
    }
    if (na < ea || nm < em) add_vertex(va, i, vm, j, out);
  }
}

static int is_finite(double v) { return v - v == 0; }

static int hull_of(imp_shape kind, const void *shape, imp_hull *out) {
  imp_shape_hull(kind, shape, out);
  return imp_hull_finite(out);
}

static int rectangle(imp_shape kind) {
  return kind == IMP_SHAPE_AABB || kind == IMP_SHAPE_OBB;
}

/* The contact on the static shape: its hull's point that the span's
** nearest point of the difference comes from, out by its radius. */
static imp_vec2 contact(const imp_hull *a, const difference *diff,
                        const imp_xspan *s) {
  int k = s->edge, next = (k + 1) % diff->hull.count;
  int i = diff->from_static[k], j = diff->from_static[next];
  double u = s->along, x, y;
  imp_vec2 c;
  x = (a->v[i].x + a->lo[i].x) * (1 - u) + (a->v[j].x + a->lo[j].x) * u;
  y = (a->v[i].y + a->lo[i].y) * (1 - u) + (a->v[j].y + a->lo[j].y) * u;
  c.x = x + a->radius * s->normal.x;
  c.y = y + a->radius * s->normal.y;
  return c;
}

/* Places moving at time stop, stepping back while it overlaps the static
** shape, of hull a. */
static void stop_short(const imp_hull *a, imp_shape mkind,
                       const void *moving, imp_vec2 start, double dx,
                       double dy, double stop, imp_sweep *out) {
  double step = IMP_EPSILON;
  imp_any_shape placed;
  imp_hull m;
  for (;;) {
    stop = stop > 0 ? (stop < 1 ? stop : 1) : 0;
    out->time = stop;
    out->pos.x = start.x + dx * stop;
    out->pos.y = start.y + dy * stop;
    if (stop == 0) return;
    imp_shape_moved(mkind, moving, out->pos, &placed);
    imp_shape_hull(mkind, &placed, &m);
    if (!imp_hulls_intersect(a, &m)) return;
    stop -= step;
    step += step;
  }
}

/* An unobstructed sweep: moving travels the whole delta. */
static void clear(imp_vec2 start, double dx, double dy, imp_sweep *out) {
  out->has_hit = 0;
  out->time = 1;
  out->pos.x = start.x + dx;
  out->pos.y = start.y + dy;
}

/* The bounds of hull h moved by (dx, dy), its radius included: low x, low
** y, high x, high y. */
static void bounds(const imp_hull *h, double dx, double dy, double out[4]) {
  imp_vec2 low, high;
  imp_points_box(h->v, h->count, &low, &high);
  out[0] = low.x + (dx - h->radius);
  out[1] = low.y + (dy - h->radius);
  out[2] = high.x + (dx + h->radius);
  out[3] = high.y + (dy + h->radius);
}

/* Whether the moving hull m, from start and moved by the whole delta, lies
** apart from the static hull a by far more than the rounding of its
** placement there (the position's sum, each vertex's sum of the position
** and its turned offset, which is the same at both ends) and of these
** bounds. */
static int apart_at_end(const imp_hull *a, const imp_hull *m,
                        imp_vec2 start, double dx, double dy) {
  double ba[4], bm[4];
  double size = fabs(start.x) + fabs(start.y) + fabs(dx) + fabs(dy);
  int i;
  bounds(a, 0, 0, ba);
  bounds(m, dx, dy, bm);
  for (i = 0; i < 4; i++) size += fabs(ba[i]) + fabs(bm[i]);
  size *= 0x1p-40;
  return bm[0] - ba[2] > size || ba[0] - bm[2] > size ||
         bm[1] - ba[3] > size || ba[1] - bm[3] > size;
}

/* The least and greatest of u x v over h's vertices v (along u's
** normal), and the sum of their coordinates' sizes added to *size. */
static void extent(const imp_hull *h, double ux, double uy, double *lo,
                   double *hi, double *size) {
  int i;
  *lo = INFINITY;
  *hi = -INFINITY;
  for (i = 0; i < h->count; i++) {
    double v = ux * h->v[i].y - uy * h->v[i].x;
    *lo = v < *lo ? v : *lo;
    *hi = v > *hi ? v : *hi;
    *size += fabs(h->v[i].x) + fabs(h->v[i].y);
  }
}

/* Whether the moving hull m, over the whole delta, lies apart from the
** static hull a by far more than rounding, so that the sweep misses and
** ends clear: its line of travel passes beside a, or it stops short of a
** or moves away from it. Along d's normal and along d (the extents taken
** as cross products with d and with its normal), by the radii times |dx|
** + |dy| (at least |d|) and a slack of 2^-40 of the scene times that,
** far above the rounding of the products and of m placed at the end. The
** usual miss, told before the Minkowski difference is built. */
static int apart_throughout(const imp_hull *a, const imp_hull *m,
                            imp_vec2 start, double dx, double dy) {
  double size = fabs(start.x) + fabs(start.y) + fabs(dx) + fabs(dy);
  double across[4], along[4], length = fabs(dx) + fabs(dy), travel, gap;
  extent(a, dx, dy, &across[0], &across[1], &size);
  extent(m, dx, dy, &across[2], &across[3], &size);
  extent(a, dy, -dx, &along[0], &along[1], &size);
  extent(m, dy, -dx, &along[2], &along[3], &size);
  travel = dx * dx + dy * dy;
  gap = (a->radius + m->radius + 0x1p-40 * (size + a->radius + m->radius)) *
        length;
  return across[2] - across[1] > gap || across[0] - across[3] > gap ||
         along[0] - (along[3] + travel) > gap || along[2] - along[1] > gap;
}

void imp_shape_sweep(imp_shape kind, const void *shape, imp_shape mkind,
                     const void *moving, double dx, double dy,
                     imp_sweep *out) {
  imp_vec2 start, d;
  imp_hull a, m;
  imp_xspan s;
  imp_xvec origin = imp_xvec_of(0, 0);
  difference diff;
  if (rectangle(kind) && rectangle(mkind)) {
    imp_obb box, mover;
    imp_shape_obb(kind, shape, &box);
    imp_shape_obb(mkind, moving, &mover);
    imp_obb_sweep_obb(&box, &mover, dx, dy, out);
    return;
  }
  start = imp_shape_pos(mkind, moving);
  if (dx == 0 && dy == 0) {
    out->pos = start;
    out->has_hit = imp_shape_overlap(kind, shape, mkind, moving, &out->hit);
    out->time = out->has_hit ? 0 : 1;
    return;
  }
  d.x = dx;
  d.y = dy;
  if (!(hull_of(kind, shape, &a) && hull_of(mkind, moving, &m) &&
        is_finite(dx) && is_finite(dy))) {
    clear(start, dx, dy, out);
    return;
  }
  if (apart_throughout(&a, &m, start, dx, dy)) {
    clear(start, dx, dy, out);
    return;
  }
  minkowski(&a, &m, &diff);
  if (imp_sweep_through(&diff.hull, d)) {
    imp_xhull_crossing(&diff.hull, &origin, d, 0, &s);
  } else if (!imp_xhull_cast(&diff.hull, &origin, d, &s)) {
    out->has_hit = 0;
    if (apart_at_end(&a, &m, start, dx, dy)) clear(start, dx, dy, out);
    else stop_short(&a, mkind, moving, start, dx, dy, 1, out);
    return;
  }
  out->has_hit = 1;
  out->hit.time = s.enter;
  out->hit.normal = s.normal;
  out->hit.delta.x = (1.0 - s.enter) * -dx;
  out->hit.delta.y = (1.0 - s.enter) * -dy;
  out->hit.pos = contact(&a, &diff, &s);
  stop_short(&a, mkind, moving, start, dx, dy, s.enter - IMP_EPSILON, out);
}
