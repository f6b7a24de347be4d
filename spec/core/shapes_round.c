/*
** The round shapes' own paths.
**
** Named cases first: a circle or a capsule against a capsule or a
** polygon, which is tested in doubles on their world points first
** (src/core/roundfilter.c), must overlap exactly as the exact test says,
** at tangents worked out by hand and against a polygon given through C
** that is not convex (a U, whose hull holds its notch).
**
** Two circles take a path of their own (src/core/circles.c), which must
** give the general tests' answers bit for bit. A capsule of no length at
** angle 0 has a circle's hull (its one vertex the centre, + 0), so the
** general tests answer for it: each pair of circles is tested as circles
** and with either or both given as such capsules, and intersects,
** overlap (every field) and manifold (count, normal, points, depths) must
** agree to the bit.
**
** The circles are drawn to meet the fast path's every branch and edge:
** on the integer grid (exact tangents: 3-4-5), touching to within an ulp
** either way at any scale, pushed out and tested again (the push-out
** leaves them 2^-46 apart, where its checks decide), concentric, centres
** 2^-1000 apart and less (where rounded signs decide), and radii of 0,
** negative, huge, infinite or NaN.
**
** A circle against a polygon, a box or a turned box takes its push-out's
** penetration first, which certifies most overlaps and misses in doubles
** (src/core/pushout.c): near touching them, at an edge's point or a
** corner, on the grid (exact tangents) or not, nudged by ulps, at any
** scale and far from the origin, overlap and manifold must be found, both
** ways round, exactly when intersects says so.
**
** Usage: impact_shapes_round [rounds [seed]]; a counterexample, printed
** with its round, makes the run fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hulls.h"
#include "impact.h"
#include "random.h"

static long checked, failed, round_number, overlapping;

static void check(int ok, const char *what, const imp_circle *a,
                  const imp_circle *b) {
  checked++;
  if (ok) return;
  if (++failed > 10) return;
  printf("round %ld: %s", round_number, what);
  if (a) printf(": (%a, %a) r %a", a->pos.x, a->pos.y, a->radius);
  if (b) printf(" and (%a, %a) r %a", b->pos.x, b->pos.y, b->radius);
  printf("\n");
}

/* The circle as a capsule of no length: the general tests' input. */
static imp_capsule as_capsule(const imp_circle *c) {
  imp_capsule cap;
  memset(&cap, 0, sizeof cap);
  cap.pos = c->pos;
  cap.radius = c->radius;
  imp_capsule_set_angle(&cap, 0);
  return cap;
}

static int same_bits(const void *x, const void *y, size_t n) {
  return memcmp(x, y, n) == 0;
}

static int same_hit(const imp_hit *x, const imp_hit *y) {
  return same_bits(&x->time, &y->time, sizeof x->time) &&
         same_bits(&x->normal, &y->normal, sizeof x->normal) &&
         same_bits(&x->pos, &y->pos, sizeof x->pos) &&
         same_bits(&x->delta, &y->delta, sizeof x->delta);
}

static int same_manifold(const imp_manifold *x, const imp_manifold *y) {
  int i, same = x->count == y->count &&
                same_bits(&x->normal, &y->normal, sizeof x->normal);
  for (i = 0; same && i < x->count; i++)
    same = same_bits(&x->point[i], &y->point[i], sizeof x->point[i]) &&
           same_bits(&x->depth[i], &y->depth[i], sizeof x->depth[i]);
  return same;
}

/* The pair as circles against the three general forms of it. */
static void check_pair(const imp_circle *a, const imp_circle *b) {
  imp_capsule ca = as_capsule(a), cb = as_capsule(b);
  const void *as[3] = {a, &ca, &ca}, *bs[3] = {&cb, b, &cb};
  const imp_shape ak[3] = {IMP_SHAPE_CIRCLE, IMP_SHAPE_CAPSULE,
                           IMP_SHAPE_CAPSULE};
  const imp_shape bk[3] = {IMP_SHAPE_CAPSULE, IMP_SHAPE_CIRCLE,
                           IMP_SHAPE_CAPSULE};
  imp_hit fast_hit, hit;
  imp_manifold fast_m, m;
  int i, meet = imp_shape_intersects(IMP_SHAPE_CIRCLE, a, IMP_SHAPE_CIRCLE, b);
  int pushed = imp_shape_overlap(IMP_SHAPE_CIRCLE, a, IMP_SHAPE_CIRCLE, b,
                                 &fast_hit);
  int points = imp_shape_manifold(IMP_SHAPE_CIRCLE, a, IMP_SHAPE_CIRCLE, b,
                                  &fast_m);
  overlapping += meet;
  check(pushed == meet && (points != 0) == meet,
        "overlap and manifold agree with intersects", a, b);
  for (i = 0; i < 3; i++) {
    check(imp_shape_intersects(ak[i], as[i], bk[i], bs[i]) == meet,
          "intersects as the general test", a, b);
    check(imp_shape_overlap(ak[i], as[i], bk[i], bs[i], &hit) == pushed &&
              (!pushed || same_hit(&hit, &fast_hit)),
          "overlap as the general push-out, bit for bit", a, b);
    check(imp_shape_manifold(ak[i], as[i], bk[i], bs[i], &m) == points &&
              (!points || same_manifold(&m, &fast_m)),
          "manifold as the general one, bit for bit", a, b);
  }
}

static imp_circle circle(double x, double y, double r) {
  imp_circle c;
  c.pos.x = x + 0.0;  /* no -0: a capsule's hull adds 0 to its centre */
  c.pos.y = y + 0.0;
  c.radius = r;
  return c;
}

static double between(double lo, double hi) { return lo + (hi - lo) * unit(); }

/* The next double up or down. */
static double nudged(double v) {
  return nextafter(v, below(2) ? INFINITY : -INFINITY);
}

/* b touching a from a random direction, nudged by up to 2 ulps either way
** on each axis, at a random scale; then b pushed out of a and tested
** again there. */
static void check_tangent(void) {
  double s = ldexp(1, below(200) - 100), turn = between(0, 6.283185307179586);
  double ra = below(8) ? between(0, s) : 0, rb = between(0, s);
  double ax = between(-4, 4) * s, ay = between(-4, 4) * s, d = ra + rb;
  double bx = ax + cos(turn) * d, by = ay + sin(turn) * d;
  int k;
  imp_circle a = circle(ax, ay, ra), b;
  imp_hit hit;
  for (k = below(3); k > 0; k--) bx = nudged(bx);
  for (k = below(3); k > 0; k--) by = nudged(by);
  b = circle(bx, by, rb);
  check_pair(&a, &b);
  if (imp_shape_overlap(IMP_SHAPE_CIRCLE, &a, IMP_SHAPE_CIRCLE, &b, &hit)) {
    b = circle(bx + hit.delta.x, by + hit.delta.y, rb);
    check_pair(&a, &b);
  }
}

/* Anywhere, deep in each other or not: random, or on the integer grid. */
static void check_random(void) {
  double s = ldexp(1, below(80) - 40);
  imp_circle a, b;
  if (below(2)) {
    a = circle(below(13) - 6, below(13) - 6, below(6));
    b = circle(below(13) - 6, below(13) - 6, below(6));
  } else {
    a = circle(between(-6, 6) * s, between(-6, 6) * s, between(0, 4) * s);
    b = circle(between(-6, 6) * s, between(-6, 6) * s, between(0, 4) * s);
  }
  if (below(8) == 0) b.pos = a.pos;  /* concentric */
  check_pair(&a, &b);
}

/* Centres a few ulps or 2^-1000 and less apart, and special values. */
static void check_extremes(void) {
  static const double values[] = {0, 1, -3, 0.1, 0x1p-1000, 0x1p-1060,
                                  0x1p-1074, 0x1p-97, 0x1p96, 0x1p97,
                                  1e300, -1e300, 0x1p600, INFINITY, NAN};
  static const double radii[] = {0, 0.5, 2, -1, 0x1p-1074, 0x1p-97, 0x1p97,
                                 1e300, 0x1p600, INFINITY, NAN};
  const int nv = sizeof values / sizeof values[0];
  const int nr = sizeof radii / sizeof radii[0];
  imp_circle a = circle(values[below(nv)], values[below(nv)],
                        radii[below(nr)]);
  imp_circle b = circle(values[below(nv)], values[below(nv)],
                        radii[below(nr)]);
  check_pair(&a, &b);
  b = a;
  b.radius = radii[below(nr)];
  b.pos.x = below(2) ? nextafter(a.pos.x, INFINITY)
                     : a.pos.x + ldexp(1, -1000 - below(75));
  check_pair(&a, &b);
}

static imp_polygon polygon_of(const double *xy, int n) {
  imp_polygon p;
  int i;
  memset(&p, 0, sizeof p);
  for (i = 0; i < n; i++) {
    p.v[i].x = xy[2 * i];
    p.v[i].y = xy[2 * i + 1];
  }
  p.count = n;
  imp_polygon_set_angle(&p, 0);
  return p;
}

/* intersects(shape, c) and (c, shape) are both want, and overlap and the
** manifold are found exactly then. */
static void check_named_pair(imp_shape kind, const void *shape, double x,
                             double y, double r, int want, const char *what) {
  imp_circle c = circle(x, y, r);
  imp_hit hit;
  imp_manifold m;
  check(imp_shape_intersects(kind, shape, IMP_SHAPE_CIRCLE, &c) == want &&
            imp_shape_intersects(IMP_SHAPE_CIRCLE, &c, kind, shape) == want,
        what, &c, NULL);
  check(imp_shape_overlap(kind, shape, IMP_SHAPE_CIRCLE, &c, &hit) == want &&
            imp_shape_overlap(IMP_SHAPE_CIRCLE, &c, kind, shape, &hit) ==
                want &&
            imp_shape_manifold(kind, shape, IMP_SHAPE_CIRCLE, &c, &m) == want,
        what, &c, NULL);
}

/* intersects(a, b) and (b, a) are both want. */
static void check_named_shapes(imp_shape akind, const void *a,
                               imp_shape bkind, const void *b, int want,
                               const char *what) {
  check(imp_shape_intersects(akind, a, bkind, b) == want &&
            imp_shape_intersects(bkind, b, akind, a) == want,
        what, NULL, NULL);
}

static imp_capsule capsule(double ax, double ay, double bx, double by,
                           double r) {
  imp_capsule cap;
  memset(&cap, 0, sizeof cap);
  cap.a.x = ax;
  cap.a.y = ay;
  cap.b.x = bx;
  cap.b.y = by;
  cap.radius = r;
  imp_capsule_set_angle(&cap, 0);
  return cap;
}

/* A capsule against a polygon or a capsule, as a circle is below. */
static void check_named_capsules(const imp_polygon *sq,
                                 const imp_polygon *notch) {
  imp_capsule above = capsule(-2, 6, 6, 6, 2);
  imp_capsule across = capsule(-2, 6, 6, 6, nextafter(2, 3));
  imp_capsule in_notch = capsule(2, 2, 2, 3, 0.5);
  imp_capsule low = capsule(0, 0, 8, 0, 1), high = capsule(2, 3, 5, 3, 2);
  imp_capsule nearer = capsule(2, nextafter(3, 0), 5, 3, 2);
  check_named_shapes(IMP_SHAPE_POLYGON, sq, IMP_SHAPE_CAPSULE, &above, 0,
                     "a capsule lying tangent on a square's top: none");
  check_named_shapes(IMP_SHAPE_POLYGON, sq, IMP_SHAPE_CAPSULE, &across, 1,
                     "a capsule an ulp thicker on a square's top overlaps");
  check_named_shapes(IMP_SHAPE_POLYGON, notch, IMP_SHAPE_CAPSULE, &in_notch,
                     1, "a capsule in a U's notch, clear of its sides, "
                        "overlaps its hull");
  check_named_shapes(IMP_SHAPE_CAPSULE, &low, IMP_SHAPE_CAPSULE, &high, 0,
                     "parallel capsules 3 apart, radii 1 and 2: none");
  check_named_shapes(IMP_SHAPE_CAPSULE, &low, IMP_SHAPE_CAPSULE, &nearer, 1,
                     "parallel capsules an ulp nearer overlap");
}

/* A circle against a capsule or polygon is first tested in doubles on
** their world points (roundfilter.c), and must still answer as the exact
** test: tangents worked out by hand, and a polygon given through C that
** is not convex, which is its hull. */
static void check_named(void) {
  static const double square[] = {0, 0, 4, 0, 4, 4, 0, 4};
  static const double clockwise[] = {0, 0, 0, 6, 8, 0};
  /* a U, its notch 2 wide and 3 deep: the hull is the square */
  static const double u[] = {0, 0, 4, 0, 4, 4, 3, 4, 3, 1, 1, 1, 1, 4, 0, 4};
  imp_polygon sq = polygon_of(square, 4), tri = polygon_of(clockwise, 3);
  imp_polygon notch = polygon_of(u, 8);
  imp_capsule cap;
  memset(&cap, 0, sizeof cap);
  cap.b.x = 8;
  cap.radius = 1;
  imp_capsule_set_angle(&cap, 0);
  check_named_pair(IMP_SHAPE_POLYGON, &sq, 2, 6, 2, 0,
                   "a circle tangent to a square's top: no overlap");
  check_named_pair(IMP_SHAPE_POLYGON, &sq, 2, 6, nextafter(2, 3), 1,
                   "a circle one ulp over a square's top overlaps");
  check_named_pair(IMP_SHAPE_POLYGON, &sq, 7, 8, 5, 0,
                   "a circle tangent to a square's corner (3-4-5): none");
  check_named_pair(IMP_SHAPE_POLYGON, &sq, 7, 8, nextafter(5, 6), 1,
                   "a circle one ulp over a square's corner overlaps");
  check_named_pair(IMP_SHAPE_POLYGON, &tri, 7, 7, 5, 0,
                   "a circle tangent to a clockwise triangle's hypotenuse "
                   "(3-4-5, foot (4, 3)): no overlap");
  check_named_pair(IMP_SHAPE_POLYGON, &tri, 7, nextafter(7, 0), 5, 1,
                   "a circle an ulp nearer a clockwise triangle's "
                   "hypotenuse overlaps");
  check_named_pair(IMP_SHAPE_CAPSULE, &cap, 4, 4, 3, 0,
                   "a circle tangent to a capsule's side: no overlap");
  check_named_pair(IMP_SHAPE_CAPSULE, &cap, 4, nextafter(4, 0), 3, 1,
                   "a circle an ulp into a capsule's side overlaps");
  check_named_pair(IMP_SHAPE_CAPSULE, &cap, 12, 0, 3, 0,
                   "a circle tangent to a capsule's cap, on its axis: none");
  check_named_pair(IMP_SHAPE_POLYGON, &sq, 4, 4, 0, 0,
                   "a point on a square's corner: no overlap");
  check_named_pair(IMP_SHAPE_POLYGON, &sq, 1, 3, 0, 1,
                   "a point strictly inside a square overlaps");
  check_named_pair(IMP_SHAPE_POLYGON, &notch, 2, 3, 0.5, 1,
                   "a circle in a U's notch, clear of its sides, overlaps "
                   "its hull");
  check_named_pair(IMP_SHAPE_POLYGON, &notch, 2, 5.5, 1.5, 0,
                   "a circle tangent to a U's hull above its notch: none");
  check_named_pair(IMP_SHAPE_POLYGON, &notch, 2, 5.5, nextafter(1.5, 2), 1,
                   "a circle one ulp over a U's hull above its notch "
                   "overlaps");
  check_named_capsules(&sq, &notch);
}

/* A convex polygon of 3 to 8 vertices about the origin, of radius 2 to
** 7 on the half-integer grid or any, times s. */
static imp_polygon random_polygon(int grid, double s) {
  imp_polygon p;
  memset(&p, 0, sizeof p);
  do {
    double r = grid ? 2 + below(6) : between(1, 5);
    double a0 = grid ? 0 : between(0, 6.283185307179586);
    int k;
    p.count = 3 + below(6);
    for (k = 0; k < p.count; k++) {
      double a = a0 + 6.283185307179586 * k / p.count;
      p.v[k].x = r * cos(a);
      p.v[k].y = r * sin(a);
      if (grid) {
        p.v[k].x = floor(p.v[k].x * 2 + 0.5) / 2;
        p.v[k].y = floor(p.v[k].y * 2 + 0.5) / 2;
      }
      p.v[k].x *= s;
      p.v[k].y *= s;
    }
  } while (imp_polygon_check_vertices(p.v, p.count) != IMP_POLYGON_OK);
  return p;
}

/* A circle touching a point of the shape's edge from outside it (a 3-4-5
** from a corner on the grid), its centre nudged by ulps, sometimes moved
** in or its radius 0 or an ulp off. */
static imp_circle touching(imp_shape kind, const void *shape, int grid,
                           double s) {
  imp_vec2 v[IMP_MAX_VERTICES], a, b;
  imp_circle c;
  int n = imp_shape_points(kind, shape, v), k, i;
  double t = below(2) ? 0 : (grid ? 0.5 : unit()), ex, ey, length, turn;
  double r = below(4) == 0 ? 0 : (grid ? (1 + below(4)) * s / 2
                                        : between(0.1, 3) * s);
  if (n < 1) {  /* a box whose corners round: over its centre */
    c.pos = imp_shape_pos(kind, shape);
    c.radius = r;
    return c;
  }
  k = below(n);
  a = v[k];
  b = v[(k + 1) % n];
  ex = b.x - a.x;
  ey = b.y - a.y;
  length = sqrt(ex * ex + ey * ey);
  turn = t == 0 ? between(-1.5, 1.5) : 0;  /* off a corner: any way out */
  c.pos.x = a.x + ex * t + (cos(turn) * ey + sin(turn) * ex) / length * r;
  c.pos.y = a.y + ey * t + (sin(turn) * ey - cos(turn) * ex) / length * r;
  c.radius = r;
  if (grid && t == 0 && below(2)) {
    c.pos.x = a.x + (below(2) ? 0.6 : -0.6) * r;
    c.pos.y = a.y + (below(2) ? 0.8 : -0.8) * r;
  }
  for (i = below(5); i > 0; i--) {
    c.pos.x = nudged(c.pos.x);
    c.pos.y = nudged(c.pos.y);
  }
  if (below(3) == 0) c.radius = nextafter(c.radius, below(2) ? INFINITY : 0);
  if (below(5) == 0) {
    c.pos.x = a.x + (c.pos.x - a.x) * between(-1, 1);
    c.pos.y = a.y + (c.pos.y - a.y) * between(-1, 1);
  }
  return c;
}

static void check_disc_partners(void) {
  double s = below(3) ? 1 : ldexp(1, below(80) - 40);
  double off = below(3) ? 0 : ldexp(1, below(40));
  int grid = below(2), way;
  imp_polygon p = random_polygon(grid, s);
  imp_aabb box;
  imp_obb obb;
  imp_shape kind = (imp_shape)below(3);
  const void *shape;
  imp_circle c;
  p.pos.x = off;
  p.pos.y = off / 2;
  imp_polygon_set_angle(&p, grid ? 0 : between(0, 6.283185307179586));
  box.pos = p.pos;
  box.half.x = (1 + below(4)) * s;
  box.half.y = (1 + below(4)) * s;
  obb.pos = box.pos;
  obb.half = box.half;
  imp_obb_set_angle(&obb, grid ? 0 : between(0, 6.283185307179586));
  if (kind == IMP_SHAPE_AABB) shape = &box;
  else if (kind == IMP_SHAPE_OBB) shape = &obb;
  else {
    kind = IMP_SHAPE_POLYGON;
    shape = &p;
  }
  c = touching(kind, shape, grid, s);
  for (way = 0; way < 2; way++) {
    imp_shape ak = way ? IMP_SHAPE_CIRCLE : kind;
    imp_shape bk = way ? kind : IMP_SHAPE_CIRCLE;
    const void *a = way ? (const void *)&c : shape;
    const void *b = way ? shape : (const void *)&c;
    int meet = imp_shape_intersects(ak, a, bk, b);
    imp_hit h;
    imp_manifold m;
    overlapping += meet;
    check((imp_shape_overlap(ak, a, bk, b, &h) != 0) == meet,
          "a circle's push-out exactly when intersects", &c, NULL);
    check((imp_shape_manifold(ak, a, bk, b, &m) != 0) == meet,
          "a circle's manifold exactly when intersects", &c, NULL);
  }
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 100000;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  check_named();
  for (round_number = 0; round_number < rounds; round_number++) {
    check_tangent();
    check_random();
    check_extremes();
    check_disc_partners();
  }
  printf("shapes_round: %ld rounds, %ld pairs overlapping, %ld checks, "
         "%ld failures\n",
         rounds, overlapping, checked, failed);
  return failed != 0;
}
