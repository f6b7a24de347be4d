/*
** Property checks of the push-outs and manifolds (pushout.c, manifold.c),
** on random scenes of every pair of kinds (scenes.h), against the exact
** overlap test (imp_shape_intersects), the distance and the sweeps:
**
** - overlap is found exactly when intersects says so, and the push-out
**   separates: b moved by delta overlaps a no more;
** - its length is the one found by bisecting the translation along its
**   normal with intersects (within rounding of the scene), and no shorter
**   one along any of 32 other directions separates;
** - from there, a sweep away along the normal or either way along the
**   contact is not stopped by a;
** - the manifold exists exactly when the push-out does, has its normal, 1
**   or 2 points, each in both closed shapes (within rounding of the scene)
**   with a depth in [0, the push-out's], the deepest at the push-out's;
** - on pairs swept to contact and nudged a few ulps in, whose common part
**   is a sliver, each point lies in both exactly (imp_hull_holds), or no
**   double next to it does (nextafter either way in x and y).
**
** Named scenes pin the boundary cases first: touching, NaN, two points or
** two segments of no thickness, flat contacts giving two points apart.
**
** Two rectangles keep the rectangles' rounded push-out (obb.c), which is
** not held to the exact test: their manifolds alone are checked.
**
** Usage: impact_shapes_manifold [rounds [seed]]; a counterexample, printed
** with its round, makes the run fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commonpart.h"
#include "scenes.h"

static long checked, failed, round_number;

static void check(int ok, const char *what) {
  checked++;
  if (ok) return;
  if (++failed <= 10) printf("round %ld: %s\n", round_number, what);
}

static imp_vec2 vec2(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  return v;
}

/* b moved by d, its position plus d in doubles, as a script adds it. */
static void moved_by(const shape *b, imp_vec2 d, shape *out) {
  imp_vec2 p = imp_shape_pos(b->kind, &b->s);
  *out = *b;
  imp_shape_moved(b->kind, &b->s, vec2(p.x + d.x, p.y + d.y), &out->s);
}

static int overlaps_moved(const shape *a, const shape *b, imp_vec2 d) {
  shape m;
  moved_by(b, d, &m);
  return imp_shape_intersects(a->kind, &a->s, m.kind, &m.s);
}

/* Whether the point lies in the closed shape, within tol. */
static int holds(const shape *s, imp_vec2 p, double tol) {
  imp_circle c;
  imp_vec2 pa, pb;
  c.pos = p;
  c.radius = 0;
  return imp_shape_distance(s->kind, &s->s, IMP_SHAPE_CIRCLE, &c, &pa, &pb) <=
         tol;
}

/* The least translation along unit n that separates b from a, from below:
** the last one bisection finds still overlapping (b overlaps a at 0 and
** not at hi; along a line the overlaps are an interval). */
static double bisected(const shape *a, const shape *b, imp_vec2 n,
                       double hi) {
  double lo = 0;
  for (;;) {
    double mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) return lo;
    if (overlaps_moved(a, b, vec2(n.x * mid, n.y * mid))) lo = mid;
    else hi = mid;
  }
}

static int stopped(const shape *a, const shape *b, imp_vec2 d) {
  imp_sweep sw;
  imp_shape_sweep(a->kind, &a->s, b->kind, &b->s, d.x, d.y, &sw);
  return sw.has_hit;
}

static void check_pushout(const shape *a, const shape *b, const imp_hit *h,
                          double depth, double tol) {
  imp_vec2 n = h->normal, along = vec2(-n.y * 4 * scale, n.x * 4 * scale);
  shape m;
  int i;
  check(!overlaps_moved(a, b, h->delta), "the push-out separates");
  /* On a's boundary where b leaves it: in a, and the normal points out of
  ** a there (pos is on a's outermost feature along it). */
  check(holds(a, h->pos, tol) &&
            !holds(a, vec2(h->pos.x + n.x * 2 * tol, h->pos.y + n.y * 2 * tol),
                   tol / 2),
        "pos lies on a's boundary, the normal pointing out of a there");
  check(depth - bisected(a, b, n, depth) <= tol,
        "the push-out's length is the bisected one");
  for (i = 0; i < 32 && depth > tol; i++) {
    double t = 6.283185307179586 * i / 32, len = depth - tol;
    check(overlaps_moved(a, b, vec2(cos(t) * len, sin(t) * len)),
          "no shorter push-out along another direction");
  }
  moved_by(b, h->delta, &m);
  check(!stopped(a, &m, vec2(n.x * scale, n.y * scale)),
        "a sweep away from the push-out is not stopped");
  check(!stopped(a, &m, along) &&
            !stopped(a, &m, vec2(-along.x, -along.y)),
        "a sweep along the contact is not stopped");
}

static void check_manifold(const shape *a, const shape *b, const imp_hit *h,
                           const imp_manifold *man, double depth,
                           double tol) {
  double deepest = 0;
  int i;
  check(man->count == 1 || man->count == 2, "1 or 2 points");
  check(man->normal.x == h->normal.x && man->normal.y == h->normal.y,
        "the manifold's normal is the push-out's");
  for (i = 0; i < man->count; i++) {
    check(holds(a, man->point[i], tol) && holds(b, man->point[i], tol),
          "a manifold point lies in both shapes");
    check(man->depth[i] >= 0 && man->depth[i] <= depth + tol,
          "a point's depth is at most the push-out's");
    if (man->depth[i] > deepest) deepest = man->depth[i];
  }
  check(deepest >= depth - tol, "the deepest point is the push-out's depth");
}

static void one(void) {
  shape a, b;
  imp_hit h;
  imp_manifold man;
  int overlaps, has_hit, rects;
  double depth, tol = 1e-9 * scale * 16;
  random_shape(&a);
  random_shape(&b);
  rects = a.kind <= IMP_SHAPE_OBB && b.kind <= IMP_SHAPE_OBB;
  overlaps = imp_shape_intersects(a.kind, &a.s, b.kind, &b.s);
  has_hit = imp_shape_overlap(a.kind, &a.s, b.kind, &b.s, &h);
  if (!rects)
    check(has_hit == overlaps, "overlap found exactly when they intersect");
  check(imp_shape_manifold(a.kind, &a.s, b.kind, &b.s, &man) == has_hit,
        "a manifold exactly when a push-out");
  if (!has_hit) return;
  depth = sqrt(h.delta.x * h.delta.x + h.delta.y * h.delta.y);
  if (!rects) check_pushout(&a, &b, &h, depth, tol);
  check_manifold(&a, &b, &h, &man, depth, tol);
}

static shape circle_at(double x, double y, double radius) {
  shape s;
  memset(&s, 0, sizeof s);
  s.kind = IMP_SHAPE_CIRCLE;
  s.s.circle.pos = vec2(x, y);
  s.s.circle.radius = radius;
  return s;
}

/* A capsule from (x0, y0) to (x1, y1), unturned at the origin. */
static shape capsule_of(double x0, double y0, double x1, double y1,
                        double radius) {
  shape s;
  memset(&s, 0, sizeof s);
  s.kind = IMP_SHAPE_CAPSULE;
  s.s.capsule.a = vec2(x0, y0);
  s.s.capsule.b = vec2(x1, y1);
  s.s.capsule.radius = radius;
  imp_capsule_set_angle(&s.s.capsule, 0);
  return s;
}

static shape box_at(double x, double y, double hx, double hy) {
  shape s;
  memset(&s, 0, sizeof s);
  s.kind = IMP_SHAPE_AABB;
  s.s.aabb.pos = vec2(x, y);
  s.s.aabb.half = vec2(hx, hy);
  return s;
}

/* How many points the manifold has (-1 for none), and its normal. */
static int points(const shape *a, const shape *b, imp_manifold *m) {
  if (!imp_shape_manifold(a->kind, &a->s, b->kind, &b->s, m)) return -1;
  return m->count;
}

static int none(const shape *a, const shape *b) {
  imp_hit h;
  imp_manifold m;
  return !imp_shape_overlap(a->kind, &a->s, b->kind, &b->s, &h) &&
         points(a, b, &m) == -1;
}

/* Boundary cases by name: touching is no overlap, a NaN a miss, ties go to
** a's first face, flat contacts give two points apart. */
static void named(void) {
  shape c = circle_at(0, 0, 1), across = capsule_of(-1, 0, 1, 0, 0);
  shape upright = capsule_of(0, -1, 0, 1, 0);
  shape unit = box_at(0, 0, 1, 1), lying = capsule_of(-1, 1.5, 1, 1.5, 0.6);
  shape b;
  imp_hit h;
  imp_manifold m;
  round_number = -1;
  b = circle_at(2, 0, 1);
  check(none(&c, &b), "touching circles do not overlap");
  b = box_at(2, 0, 1, 1);
  check(none(&unit, &b), "touching boxes do not overlap");
  b = circle_at(NAN, 0, 1);
  check(none(&c, &b), "a NaN position misses");
  b = circle_at(0, 0, NAN);
  check(none(&c, &b), "a NaN radius misses");
  b = circle_at(0, 0, 0);
  check(none(&b, &b), "two points on each other do not overlap");
  check(none(&across, &across), "a segment on itself does not overlap");
  check(imp_shape_overlap(IMP_SHAPE_CAPSULE, &across.s, IMP_SHAPE_CAPSULE,
                          &upright.s, &h) &&
            h.normal.x == 0 && h.normal.y == -1 &&
            !overlaps_moved(&across, &upright, h.delta),
        "crossing segments leave across a's first face");
  check(points(&c, &b, &m) == 1 && m.normal.x == 0 && m.normal.y == 1,
        "a point on a circle's centre leaves along y, at one point");
  b = box_at(0, 1.9, 1, 1);
  check(points(&unit, &b, &m) == 2 && m.point[0].x != m.point[1].x,
        "boxes resting face to face touch at two points");
  check(points(&unit, &lying, &m) == 2 && m.point[0].x != m.point[1].x,
        "a capsule lying on a box touches it at two points");
  b = capsule_of(-1, 2.5, 1, 2.5, 1);
  check(points(&lying, &b, &m) == 2 && m.point[0].x != m.point[1].x,
        "parallel capsules touch at two points");
  check(points(&unit, &across, &m) == 2 && m.point[0].x != m.point[1].x &&
            holds(&across, m.point[0], 0) && holds(&across, m.point[1], 0),
        "a wall inside a box touches it at two points on the wall");
}

/* Whether both hulls hold p exactly, or else none of the doubles next to
** it (those of normal size) is held by both. */
static int held_or_none_near(const imp_hull *ha, const imp_hull *hb,
                             imp_vec2 p) {
  int i, j;
  if (imp_hull_holds(ha, p) && imp_hull_holds(hb, p)) return 1;
  for (i = -1; i <= 1; i++)
    for (j = -1; j <= 1; j++) {
      imp_vec2 c = vec2(i ? nextafter(p.x, i * INFINITY) : p.x,
                        j ? nextafter(p.y, j * INFINITY) : p.y);
      if ((i || j) && (!i || fabs(c.x) >= 0x1p-1000) &&
          (!j || fabs(c.y) >= 0x1p-1000) && imp_hull_holds(ha, c) &&
          imp_hull_holds(hb, c))
        return 0;
    }
  return 1;
}

/* b swept towards a to contact, then placed 0 to 7 ulps of time past it. */
static void nudged(void) {
  shape a, b;
  imp_sweep w;
  imp_manifold m;
  imp_hull ha, hb;
  imp_vec2 p, d, to;
  double t;
  int i;
  random_shape(&a);
  random_shape(&b);
  p = imp_shape_pos(b.kind, &b.s);
  to = imp_shape_pos(a.kind, &a.s);
  d = vec2(3 * (to.x - p.x + (unit() - 0.5) * scale),
           3 * (to.y - p.y + (unit() - 0.5) * scale));
  if (imp_shape_intersects(a.kind, &a.s, b.kind, &b.s)) return;
  imp_shape_sweep(a.kind, &a.s, b.kind, &b.s, d.x, d.y, &w);
  if (!w.has_hit) return;
  t = w.hit.time + below(8) * 0x1p-52;
  imp_shape_moved(b.kind, &b.s, vec2(p.x + d.x * t, p.y + d.y * t), &b.s);
  if (!imp_shape_manifold(a.kind, &a.s, b.kind, &b.s, &m)) return;
  imp_shape_hull(a.kind, &a.s, &ha);
  imp_shape_hull(b.kind, &b.s, &hb);
  for (i = 0; i < m.count; i++)
    check(held_or_none_near(&ha, &hb, m.point[i]),
          "a manifold point of a sliver is in both, or no double next to it");
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 20000;
  state = argc > 2 ? (uint64_t)atol(argv[2]) : 1;
  named();
  for (round_number = 0; round_number < rounds; round_number++) {
    grid = round_number % 2 == 0;
    scale = round_number % 3 == 0 ? 1 : round_number % 3 == 1 ? 0.001 : 1000;
    one();
    nudged();
  }
  printf("shapes_manifold: %ld rounds, %ld checks, %ld failures\n", rounds,
         checked, failed);
  return failed != 0;
}
