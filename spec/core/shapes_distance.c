/*
** Property checks on the shapes' hulls, overlap and distance (hull.c,
** predicates.c, distance.c), every pair of the five kinds:
**
** - the hull of a shape is the exact convex hull of its world vertices
**   (counter-clockwise, no three on a line, every world vertex in it, each
**   of its vertices one of them, starting from the lowest), decided in
**   wide integers, and imp_convex_hull is one on grid and random points;
** - a shape's bounds hold its world vertices grown by its radius, exactly;
** - imp_shape_intersects agrees with a brute force in wide integers that
**   shares no code with it: separating axes across every pair of world
**   vertices of each shape (not only the hull's edges), and distances from
**   every world vertex to every segment between two of the other's;
** - imp_shape_distance is 0 exactly when that brute force finds the shapes
**   touching or overlapping; otherwise its two points lie on the shapes'
**   boundaries, as far apart as it says, and the gap between the shapes'
**   extents across the direction joining them (a lower bound on any
**   distance between them) is as large: within 1e-12 of the scene's size;
** - the predicates agree with wide integers at the edge of their
**   decisions (nearly on a line, nearly square, nearly at the distance),
**   on plain doubles and on exact sums v + lo;
** - named boundary cases: touching (faces, corners, round sides, an ulp
**   either side), walls that cross or end on each other, points, NaNs;
** - polygons' own checks name the fault and the vertex.
**
** Scenes are drawn on a small integer grid (exact touching everywhere),
** the same nudged by an ulp or three, random at scales from 2^-20 to 2^20,
** and far from the origin (where an AABB's corners round).
**
** Usage: impact_shapes_distance [rounds [seed]]; exits nonzero on any
** failure, printing each counterexample in hex floats.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "impact.h"
#include "predicates.h"
#include "random.h"
#include "scalar.h"
#include "wide.h"

static double uniform(void) { return (next() >> 11) * 0x1p-53; }
static double between(double lo, double hi) {
  return lo + (hi - lo) * uniform();
}

static long failures;

/* Counts a failure; whether to print it (the first few only). */
static int fail(const char *what) {
  failures++;
  if (failures <= 20) printf("FAIL: %s\n", what);
  return failures <= 20;
}

static imp_vec2 vec2(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  return v;
}

/* ---- Exact points and the brute force ---- */

typedef struct wpoint { imp_wide x, y; } wpoint;

static wpoint wpoint_of(double x, double y, double lx, double ly) {
  wpoint p;
  p.x = imp_wide_add(imp_wide_of(x), imp_wide_of(lx));
  p.y = imp_wide_add(imp_wide_of(y), imp_wide_of(ly));
  return p;
}

static int wequal(const wpoint *a, const wpoint *b) {
  return imp_wide_compare(a->x, b->x) == 0 &&
         imp_wide_compare(a->y, b->y) == 0;
}

static imp_wide wdot(imp_wide ax, imp_wide ay, imp_wide bx, imp_wide by) {
  return imp_wide_add(imp_wide_mul(ax, bx), imp_wide_mul(ay, by));
}

/* (b - a) x (c - a). */
static int worient(const wpoint *a, const wpoint *b, const wpoint *c) {
  imp_wide l = imp_wide_mul(imp_wide_sub(b->x, a->x),
                            imp_wide_sub(c->y, a->y));
  imp_wide r = imp_wide_mul(imp_wide_sub(b->y, a->y),
                            imp_wide_sub(c->x, a->x));
  return imp_wide_compare(l, r);
}

/* A shape and its world vertices, computed here from the definition: an
** AABB's corners as exact sums, an OBB's from imp_obb_corners. */
typedef struct scene_shape {
  imp_shape kind;
  imp_any_shape s;
  int n;
  imp_vec2 v[IMP_MAX_VERTICES];   /* rounded, for the distance checks */
  wpoint w[IMP_MAX_VERTICES];     /* exact */
  double radius;
} scene_shape;

static imp_vec2 world(imp_vec2 pos, double c, double s, imp_vec2 v) {
  return vec2(pos.x + (c * v.x - s * v.y), pos.y + (s * v.x + c * v.y));
}

static void box_vertices(scene_shape *sh, imp_vec2 pos, imp_vec2 half) {
  static const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
  int i;
  sh->n = 4;
  for (i = 0; i < 4; i++) {
    sh->v[i] = vec2(pos.x + sx[i] * half.x, pos.y + sy[i] * half.y);
    sh->w[i].x = imp_wide_add(imp_wide_of(pos.x), imp_wide_of(sx[i] * half.x));
    sh->w[i].y = imp_wide_add(imp_wide_of(pos.y), imp_wide_of(sy[i] * half.y));
  }
}

static void plain_vertices(scene_shape *sh) {
  int i;
  for (i = 0; i < sh->n; i++)
    sh->w[i] = wpoint_of(sh->v[i].x, sh->v[i].y, 0, 0);
}

static void world_vertices(scene_shape *sh) {
  int i;
  sh->radius = 0;
  switch (sh->kind) {
  case IMP_SHAPE_AABB:
    box_vertices(sh, sh->s.aabb.pos, sh->s.aabb.half);
    break;
  case IMP_SHAPE_OBB:
    if (sh->s.obb.s == 0) {
      box_vertices(sh, sh->s.obb.pos, sh->s.obb.half);
    } else {
      sh->n = 4;
      imp_obb_corners(&sh->s.obb, sh->v);
      plain_vertices(sh);
    }
    break;
  case IMP_SHAPE_CIRCLE:
    sh->n = 1;
    sh->v[0] = sh->s.circle.pos;
    sh->radius = sh->s.circle.radius;
    plain_vertices(sh);
    break;
  case IMP_SHAPE_CAPSULE: {
    const imp_capsule *c = &sh->s.capsule;
    sh->n = 2;
    sh->v[0] = world(c->pos, c->c, c->s, c->a);
    sh->v[1] = world(c->pos, c->c, c->s, c->b);
    sh->radius = c->radius;
    plain_vertices(sh);
    break;
  }
  case IMP_SHAPE_POLYGON: {
    const imp_polygon *p = &sh->s.polygon;
    sh->n = p->count;
    for (i = 0; i < p->count; i++)
      sh->v[i] = world(p->pos, p->c, p->s, p->v[i]);
    plain_vertices(sh);
    break;
  }
  }
}

/* Projections of a shape's vertices on the axis (nx, ny): least, most. */
static void extent(const scene_shape *sh, imp_wide nx, imp_wide ny,
                   imp_wide *least, imp_wide *most) {
  int i;
  for (i = 0; i < sh->n; i++) {
    imp_wide p = wdot(nx, ny, sh->w[i].x, sh->w[i].y);
    if (i == 0 || imp_wide_compare(p, *least) < 0) *least = p;
    if (i == 0 || imp_wide_compare(p, *most) > 0) *most = p;
  }
}

/* The sign of dist(x, segment a-b)^2 - r2. */
static int wsegment(const wpoint *x, const wpoint *a, const wpoint *b,
                    imp_wide r2) {
  imp_wide ex = imp_wide_sub(b->x, a->x), ey = imp_wide_sub(b->y, a->y);
  imp_wide ax = imp_wide_sub(x->x, a->x), ay = imp_wide_sub(x->y, a->y);
  imp_wide bx = imp_wide_sub(x->x, b->x), by = imp_wide_sub(x->y, b->y);
  imp_wide e2 = wdot(ex, ey, ex, ey), cross;
  if (imp_wide_sign(&e2) == 0 || wdot(ax, ay, ex, ey).sign <= 0)
    return imp_wide_compare(wdot(ax, ay, ax, ay), r2);
  if (wdot(bx, by, ex, ey).sign >= 0)
    return imp_wide_compare(wdot(bx, by, bx, by), r2);
  cross = imp_wide_sub(imp_wide_mul(ex, ay), imp_wide_mul(ey, ax));
  return imp_wide_compare(imp_wide_mul(cross, cross), imp_wide_mul(r2, e2));
}

/* Whether some vertex of a is within sqrt(r2) of a segment between two
** vertices of b (closer than, when strict). */
static int wnear(const scene_shape *a, const scene_shape *b, imp_wide r2,
                 int strict) {
  int i, j, k;
  for (i = 0; i < b->n; i++)
    for (j = i; j < b->n; j++)
      for (k = 0; k < a->n; k++)
        if (wsegment(&a->w[k], &b->w[i], &b->w[j], r2) < 1 - strict)
          return 1;
  return 0;
}

#define MAX_AXES (IMP_MAX_VERTICES * IMP_MAX_VERTICES)

static int axes_of(const scene_shape *sh, imp_wide *ax, imp_wide *ay, int n) {
  int i, j;
  for (i = 0; i < sh->n; i++)
    for (j = i + 1; j < sh->n; j++)
      if (!wequal(&sh->w[i], &sh->w[j])) {
        ax[n] = imp_wide_sub(sh->w[i].y, sh->w[j].y);
        ay[n] = imp_wide_sub(sh->w[j].x, sh->w[i].x);
        n++;
      }
  return n;
}

/* The brute force: strict overlap (strict) or touching-or-overlapping. */
static int brute(const scene_shape *a, const scene_shape *b, int strict) {
  static imp_wide ax[MAX_AXES], ay[MAX_AXES];
  imp_wide r = imp_wide_add(imp_wide_of(a->radius), imp_wide_of(b->radius));
  imp_wide r2 = imp_wide_mul(r, r);
  int n = axes_of(b, ax, ay, axes_of(a, ax, ay, 0)), i, flat = 1, apart = 0;
  for (i = 1; i < n; i++)
    if (imp_wide_compare(imp_wide_mul(ax[0], ay[i]),
                         imp_wide_mul(ay[0], ax[i])) != 0)
      flat = 0;
  for (i = 0; i < n && !apart; i++) {
    imp_wide la, ma, lb, mb;
    int c1, c2;
    extent(a, ax[i], ay[i], &la, &ma);
    extent(b, ax[i], ay[i], &lb, &mb);
    c1 = imp_wide_compare(ma, lb);
    c2 = imp_wide_compare(mb, la);
    apart = strict && r.sign == 0 ? (c1 <= 0 || c2 <= 0) : (c1 < 0 || c2 < 0);
  }
  if (strict && r.sign == 0) return !flat && !apart;
  if (!flat && !apart) return 1;
  return wnear(a, b, r2, strict) || wnear(b, a, r2, strict);
}

/* ---- Drawing scenes ---- */

enum { GRID, NUDGED, RANDOM, FAR, MODES };

static double coordinate(int mode, double scale) {
  if (mode == GRID || mode == NUDGED) return below(13) - 6;
  return between(-3, 3) * scale;
}

static double size(int mode, double scale) {
  if (below(8) == 0) return 0;
  if (mode == GRID || mode == NUDGED) return 0.5 * (1 + below(6));
  return between(0, 2) * scale;
}

static double angle(int mode) {
  if (mode == GRID || mode == NUDGED || below(5) == 0) return 0;
  return between(-4, 4);
}

/* A strictly convex polygon of its own vertices: a grid hull, or points
** on an ellipse at sorted angles, either winding. */
static void draw_polygon(imp_polygon *p, int mode, double scale) {
  imp_vec2 pts[12];
  int i, n;
  for (;;) {
    if (mode == GRID || mode == NUDGED) {
      n = 3 + below(6);
      for (i = 0; i < n; i++) pts[i] = vec2(below(7) - 3, below(7) - 3);
      n = imp_convex_hull(pts, n, p->v);
    } else {
      double t[IMP_MAX_VERTICES], rx = between(0.1, 2) * scale;
      double ry = between(0.1, 2) * scale;
      n = 3 + below(below(4) == 0 ? 14 : 5);
      for (i = 0; i < n; i++) t[i] = between(0, 6.283185307179586);
      for (i = 1; i < n; i++) {   /* insertion sort */
        double x = t[i];
        int j = i;
        while (j > 0 && t[j - 1] > x) { t[j] = t[j - 1]; j--; }
        t[j] = x;
      }
      for (i = 0; i < n; i++) p->v[i] = vec2(rx * cos(t[i]), ry * sin(t[i]));
    }
    if (below(2) == 0)
      for (i = 0; i < n / 2; i++) {
        imp_vec2 x = p->v[i];
        p->v[i] = p->v[n - 1 - i];
        p->v[n - 1 - i] = x;
      }
    p->count = n;
    if (n >= 3 && imp_polygon_check_vertices(p->v, n) == IMP_POLYGON_OK)
      return;
  }
}

static void draw_shape(scene_shape *sh, int mode, double scale) {
  imp_vec2 pos = vec2(coordinate(mode, scale), coordinate(mode, scale));
  sh->kind = (imp_shape)below(5);
  switch (sh->kind) {
  case IMP_SHAPE_AABB:
    sh->s.aabb.pos = pos;
    sh->s.aabb.half = vec2(size(mode, scale), size(mode, scale));
    break;
  case IMP_SHAPE_OBB:
    sh->s.obb.pos = pos;
    sh->s.obb.half = vec2(size(mode, scale), size(mode, scale));
    imp_obb_set_angle(&sh->s.obb, angle(mode));
    break;
  case IMP_SHAPE_CIRCLE:
    sh->s.circle.pos = pos;
    sh->s.circle.radius = size(mode, scale);
    break;
  case IMP_SHAPE_CAPSULE:
    sh->s.capsule.pos = pos;
    sh->s.capsule.a = vec2(coordinate(mode, scale), coordinate(mode, scale));
    sh->s.capsule.b = below(6) == 0
                          ? sh->s.capsule.a
                          : vec2(coordinate(mode, scale),
                                 coordinate(mode, scale));
    sh->s.capsule.radius = size(mode, scale);
    imp_capsule_set_angle(&sh->s.capsule, angle(mode));
    break;
  case IMP_SHAPE_POLYGON:
    sh->s.polygon.pos = pos;
    draw_polygon(&sh->s.polygon, mode, scale);
    imp_polygon_set_angle(&sh->s.polygon, angle(mode));
    break;
  }
}

/* Moves the shape: by a few ulps (nudged) or far away (far). */
static void displace(scene_shape *sh, int mode, double far) {
  imp_vec2 p = imp_shape_pos(sh->kind, &sh->s);
  imp_any_shape moved;
  if (mode == NUDGED) {  /* 0 becomes 2^-60, within imp_exact_input */
    int k = below(4);
    double *c = below(2) ? &p.x : &p.y;
    if (*c == 0 && k > 0) *c = below(2) ? 0x1p-60 : -0x1p-60;
    else while (k-- > 0) *c = nextafter(*c, below(2) ? INFINITY : -INFINITY);
  } else if (mode == FAR) {
    p = vec2(p.x + far, p.y - far);
  }
  imp_shape_moved(sh->kind, &sh->s, p, &moved);
  sh->s = moved;
  world_vertices(sh);
}

static void print_shape(const scene_shape *sh) {
  int i;
  imp_vec2 pos = imp_shape_pos(sh->kind, &sh->s);
  printf("  kind %d at (%a, %a) radius %a:", (int)sh->kind, pos.x, pos.y,
         sh->radius);
  for (i = 0; i < sh->n; i++) printf(" (%a, %a)", sh->v[i].x, sh->v[i].y);
  printf("\n");
}

/* ---- Checks ---- */

/* The hull: exact convex hull of the world vertices. */
static void check_hull(const scene_shape *sh) {
  imp_hull h;
  wpoint hw[IMP_MAX_VERTICES];
  int i, j, ok = 1;
  imp_shape_hull(sh->kind, &sh->s, &h);
  if (h.count < 1 || h.count > sh->n || h.radius != sh->radius) ok = 0;
  for (i = 0; ok && i < h.count; i++) {
    hw[i] = wpoint_of(h.v[i].x, h.v[i].y, h.lo[i].x, h.lo[i].y);
    for (j = 0; j < sh->n && !wequal(&hw[i], &sh->w[j]); j++) continue;
    if (j == sh->n) ok = 0;  /* not a world vertex */
  }
  for (i = 0; ok && i < h.count; i++)  /* starts from the lowest */
    if (imp_wide_compare(hw[i].y, hw[0].y) < 0 ||
        (imp_wide_compare(hw[i].y, hw[0].y) == 0 &&
         imp_wide_compare(hw[i].x, hw[0].x) < 0))
      ok = 0;
  if (ok && h.count >= 3)
    for (i = 0; i < h.count; i++) {
      if (worient(&hw[i], &hw[(i + 1) % h.count], &hw[(i + 2) % h.count]) <= 0)
        ok = 0;
      for (j = 0; j < sh->n; j++)
        if (worient(&hw[i], &hw[(i + 1) % h.count], &sh->w[j]) < 0) ok = 0;
    }
  if (ok && h.count == 2) {
    if (wequal(&hw[0], &hw[1])) ok = 0;
    for (j = 0; j < sh->n; j++) {
      imp_wide ex = imp_wide_sub(hw[1].x, hw[0].x);
      imp_wide ey = imp_wide_sub(hw[1].y, hw[0].y);
      imp_wide t = wdot(ex, ey, imp_wide_sub(sh->w[j].x, hw[0].x),
                        imp_wide_sub(sh->w[j].y, hw[0].y));
      if (worient(&hw[0], &hw[1], &sh->w[j]) != 0 || t.sign < 0 ||
          imp_wide_compare(t, wdot(ex, ey, ex, ey)) > 0)
        ok = 0;
    }
  }
  if (ok && h.count == 1)
    for (j = 0; j < sh->n; j++)
      if (!wequal(&hw[0], &sh->w[j])) ok = 0;
  if (!ok) {
    if (fail("hull is not the exact convex hull of the world vertices"))
      print_shape(sh);
  }
}

/* The bounds hold every world vertex grown by the radius, exactly. */
static void check_bounds(const scene_shape *sh) {
  imp_aabb b;
  imp_wide r = imp_wide_of(sh->radius);
  int i, ok = 1;
  imp_shape_bounds(sh->kind, &sh->s, &b);
  for (i = 0; i < sh->n; i++) {
    imp_wide lx = imp_wide_sub(imp_wide_of(b.pos.x), imp_wide_of(b.half.x));
    imp_wide hx = imp_wide_add(imp_wide_of(b.pos.x), imp_wide_of(b.half.x));
    imp_wide ly = imp_wide_sub(imp_wide_of(b.pos.y), imp_wide_of(b.half.y));
    imp_wide hy = imp_wide_add(imp_wide_of(b.pos.y), imp_wide_of(b.half.y));
    if (imp_wide_compare(lx, imp_wide_sub(sh->w[i].x, r)) > 0 ||
        imp_wide_compare(hx, imp_wide_add(sh->w[i].x, r)) < 0 ||
        imp_wide_compare(ly, imp_wide_sub(sh->w[i].y, r)) > 0 ||
        imp_wide_compare(hy, imp_wide_add(sh->w[i].y, r)) < 0)
      ok = 0;
  }
  if (!ok) {
    if (fail("bounds do not hold the shape")) print_shape(sh);
  }
}

/* Distance in doubles from p to the nearest segment between two world
** vertices: for a point outside the hull, its distance to it. */
static double boundary_distance(const scene_shape *sh, imp_vec2 p) {
  double best = INFINITY;
  int i, j;
  for (i = 0; i < sh->n; i++)
    for (j = i; j < sh->n; j++) {
      imp_vec2 a = sh->v[i], e = vec2(sh->v[j].x - a.x, sh->v[j].y - a.y);
      double e2 = e.x * e.x + e.y * e.y, t = 0, d;
      if (e2 > 0) t = ((p.x - a.x) * e.x + (p.y - a.y) * e.y) / e2;
      t = t < 0 ? 0 : (t > 1 ? 1 : t);
      d = hypot(p.x - (a.x + t * e.x), p.y - (a.y + t * e.y));
      if (d < best) best = d;
    }
  return best;
}

/* The most of u . v over the shape (its radius included). */
static double support(const scene_shape *sh, imp_vec2 u) {
  double best = -INFINITY;
  int i;
  for (i = 0; i < sh->n; i++) {
    double d = u.x * sh->v[i].x + u.y * sh->v[i].y;
    if (d > best) best = d;
  }
  return best + sh->radius;
}

static double scene_size(const scene_shape *a, const scene_shape *b) {
  double s = a->radius + b->radius;
  int i;
  for (i = 0; i < a->n; i++) s = fmax(s, fabs(a->v[i].x) + fabs(a->v[i].y));
  for (i = 0; i < b->n; i++) s = fmax(s, fabs(b->v[i].x) + fabs(b->v[i].y));
  return s;
}

static long overlapping, touching_only, apart_count;

static void check_pair(const scene_shape *a, const scene_shape *b) {
  int strict = brute(a, b, 1), meet = brute(a, b, 0);
  int got = imp_shape_intersects(a->kind, &a->s, b->kind, &b->s);
  int mirrored = imp_shape_intersects(b->kind, &b->s, a->kind, &a->s);
  imp_vec2 pa = vec2(0, 0), pb = pa;
  double d = imp_shape_distance(a->kind, &a->s, b->kind, &b->s, &pa, &pb);
  double tol = 1e-12 * scene_size(a, b);
  const char *why = NULL;
  overlapping += strict;
  touching_only += meet && !strict;
  apart_count += !meet;
  if (got != strict) why = "intersects disagrees with the brute force";
  else if (mirrored != strict) why = "intersects is not symmetric";
  else if (strict && !meet) why = "the brute force overlaps without meeting";
  else if (meet && d != 0) why = "distance is not 0 where they meet";
  else if (!meet) {
    imp_vec2 gap = vec2(pb.x - pa.x, pb.y - pa.y), u = gap;
    double apart = hypot(gap.x, gap.y);
    if (!(d > 0)) why = "distance is not positive where they are apart";
    else if (fabs(apart - d) > tol) why = "the points are not d apart";
    else if (fabs(boundary_distance(a, pa) - a->radius) > tol)
      why = "the first point is not on the first shape's boundary";
    else if (fabs(boundary_distance(b, pb) - b->radius) > tol)
      why = "the second point is not on the second shape's boundary";
    else if (apart > tol) {
      /* u is the points' direction to within their rounding over their
      ** distance, and turns the extents by that times the scene's size */
      double turn = 1e-14 * scene_size(a, b) * scene_size(a, b) / apart;
      imp_vec2_normalize(&u);
      if (-support(b, vec2(-u.x, -u.y)) - support(a, u) < d - 4 * tol - turn)
        why = "the shapes come closer than distance across its direction";
    }
  }
  if (why && fail(why)) {
    printf("  intersects %d (brute %d, meet %d), distance %a\n", got, strict,
           meet, d);
    print_shape(a);
    print_shape(b);
  }
}

/* imp_convex_hull on point sets: exact convex hull, from the lowest. */
static void check_convex_hull(void) {
  scene_shape sh;
  imp_vec2 h[40];
  int i, n = 1 + below(30), grid = below(2);
  double k = below(3) == 0 ? 1e-3 : 1;
  sh.kind = IMP_SHAPE_POLYGON;
  sh.radius = 0;
  for (i = 0; i < n && i < IMP_MAX_VERTICES; i++)
    sh.v[i] = grid ? vec2(below(5) * k, below(5) * k)
                   : vec2(uniform(), below(4) == 0 ? 0.25 : uniform());
  sh.n = i;
  plain_vertices(&sh);
  n = imp_convex_hull(sh.v, sh.n, h);
  sh.s.polygon.count = sh.n;
  sh.s.polygon.pos = vec2(0, 0);
  for (i = 0; i < sh.n; i++) sh.s.polygon.v[i] = sh.v[i];
  imp_polygon_set_angle(&sh.s.polygon, 0);
  {
    imp_hull hull;
    imp_shape_hull(IMP_SHAPE_POLYGON, &sh.s, &hull);
    for (i = 0; i < n && hull.count == n; i++)
      if (h[i].x != hull.v[i].x || h[i].y != hull.v[i].y) break;
    if (hull.count != n || i != n) fail("imp_convex_hull and the hull differ");
  }
  check_hull(&sh);
}

/* A point near (x, y), as an exact sum v + lo of a far part and a near
** one (as an AABB's corner is), or a plain double. */
static imp_xpoint near_point(double x, double y, double far) {
  imp_xpoint p;
  int k = below(3);
  p.v = vec2(x, y);
  p.lo = vec2(0, 0);
  while (k-- > 0) {
    p.v.x = nextafter(p.v.x, below(2) ? INFINITY : -INFINITY);
    p.v.y = nextafter(p.v.y, below(2) ? INFINITY : -INFINITY);
  }
  if (below(2)) {
    p.v.x = imp_two_sum(far, p.v.x - far, &p.lo.x);
    p.v.y = imp_two_sum(-far, p.v.y + far, &p.lo.y);
  }
  return p;
}

static wpoint wpoint_x(imp_xpoint p) {
  return wpoint_of(p.v.x, p.v.y, p.lo.x, p.lo.y);
}

/* The predicates against wide integers, on inputs at the edge of their
** decisions: nearly on a line, nearly square, nearly at the distance. */
static void check_predicates(void) {
  double far = below(2) ? 0 : ldexp(between(1, 2), below(30));
  double sc = ldexp(1, below(40) - 20), t = between(-0.5, 1.5);
  double r = between(0, 2) * sc, ra = r * uniform();
  imp_vec2 a0 = vec2(between(-1, 1) * sc, between(-1, 1) * sc);
  imp_vec2 b0 = vec2(between(-1, 1) * sc, between(-1, 1) * sc);
  imp_vec2 e = vec2(b0.x - a0.x, b0.y - a0.y), n = e;
  imp_xpoint a = near_point(a0.x, a0.y, far), b = near_point(b0.x, b0.y, far);
  imp_xpoint c, d, p;
  wpoint wa = wpoint_x(a), wb = wpoint_x(b), wc, wd, wp;
  imp_wide dot;
  imp_vec2_normalize(&n);
  c = near_point(a0.x + t * e.x, a0.y + t * e.y, far);
  d = near_point(c.v.x - e.y, c.v.y + e.x, far);  /* (d - c) across e */
  p = near_point(a0.x + t * e.x - r * n.y, a0.y + t * e.y + r * n.x, far);
  wc = wpoint_x(c);
  wd = wpoint_x(d);
  wp = wpoint_x(p);
  dot = wdot(imp_wide_sub(wb.x, wa.x), imp_wide_sub(wb.y, wa.y),
             imp_wide_sub(wd.x, wc.x), imp_wide_sub(wd.y, wc.y));
  if (imp_orient(a, b, c) != worient(&wa, &wb, &wc))
    fail("imp_orient is wrong");
  if (imp_dot_sign(a, b, c, d) != imp_wide_sign(&dot))
    fail("imp_dot_sign is wrong");
  if (imp_segment_distance_sign(p, a, b, ra, r - ra) !=
      wsegment(&wp, &wa, &wb,
               imp_wide_mul(imp_wide_add(imp_wide_of(ra), imp_wide_of(r - ra)),
                            imp_wide_add(imp_wide_of(ra),
                                         imp_wide_of(r - ra)))))
    fail("imp_segment_distance_sign is wrong");
}

/* ---- Named boundary cases ---- */

static scene_shape box(double x, double y, double hx, double hy) {
  scene_shape sh;
  sh.kind = IMP_SHAPE_AABB;
  sh.s.aabb.pos = vec2(x, y);
  sh.s.aabb.half = vec2(hx, hy);
  world_vertices(&sh);
  return sh;
}

static scene_shape circle(double x, double y, double r) {
  scene_shape sh;
  sh.kind = IMP_SHAPE_CIRCLE;
  sh.s.circle.pos = vec2(x, y);
  sh.s.circle.radius = r;
  world_vertices(&sh);
  return sh;
}

static scene_shape capsule(double ax, double ay, double bx, double by,
                           double r) {
  scene_shape sh;
  sh.kind = IMP_SHAPE_CAPSULE;
  sh.s.capsule.pos = vec2(0, 0);
  sh.s.capsule.a = vec2(ax, ay);
  sh.s.capsule.b = vec2(bx, by);
  sh.s.capsule.radius = r;
  imp_capsule_set_angle(&sh.s.capsule, 0);
  world_vertices(&sh);
  return sh;
}

static scene_shape triangle(double x, double y) {
  scene_shape sh;
  sh.kind = IMP_SHAPE_POLYGON;
  sh.s.polygon.pos = vec2(x, y);
  sh.s.polygon.count = 3;
  sh.s.polygon.v[0] = vec2(0, 0);
  sh.s.polygon.v[1] = vec2(4, 0);
  sh.s.polygon.v[2] = vec2(0, 4);
  imp_polygon_set_angle(&sh.s.polygon, 0);
  world_vertices(&sh);
  return sh;
}

/* Each case: whether they overlap, and their distance (-1: positive),
** either way round. */
static void expect(const char *name, const scene_shape *a,
                   const scene_shape *b, int overlap, double distance) {
  imp_vec2 pa, pb;
  int got = imp_shape_intersects(a->kind, &a->s, b->kind, &b->s);
  double d = imp_shape_distance(a->kind, &a->s, b->kind, &b->s, &pa, &pb);
  if ((got != overlap || (distance < 0 ? !(d > 0) : d != distance)) &&
      fail(name))
    printf("  intersects %d, distance %a\n", got, d);
}

/* A named case, also put to the brute force (finite shapes only). */
static void named(const char *name, scene_shape a, scene_shape b,
                  int overlap, double distance) {
  expect(name, &a, &b, overlap, distance);
  expect(name, &b, &a, overlap, distance);
  check_pair(&a, &b);
  check_pair(&b, &a);
}

static void not_finite(const char *name, scene_shape a, scene_shape b) {
  expect(name, &a, &b, 0, 0);
  expect(name, &b, &a, 0, 0);
}

static void check_named(void) {
  named("boxes sharing a face do not overlap", box(1, 1, 1, 1),
        box(3, 1, 1, 1), 0, 0);
  named("boxes sharing a corner do not overlap", box(1, 1, 1, 1),
        box(3, 3, 1, 1), 0, 0);
  named("two walls that cross overlap", capsule(-1, -1, 1, 1, 0),
        capsule(-1, 1, 1, -1, 0), 1, 0);
  named("a wall ending on another does not overlap",
        capsule(-1, 0, 1, 0, 0), capsule(0, 0, 0, 2, 0), 0, 0);
  named("walls along one line do not overlap", capsule(0, 0, 2, 0, 0),
        capsule(1, 0, 3, 0, 0), 0, 0);
  named("a point inside a polygon overlaps it", triangle(0, 0),
        circle(1, 1, 0), 1, 0);
  named("a point on a polygon's edge does not", triangle(0, 0),
        circle(2, 2, 0), 0, 0);
  named("equal points do not overlap", circle(1, 2, 0), circle(1, 2, 0), 0,
        0);
  named("points apart are apart", circle(0, 0, 0), circle(3, 4, 0), 0, 5);
  named("circles touching (3, 4, 5) do not overlap", circle(0, 0, 2),
        circle(3, 4, 3), 0, 0);
  named("circles an ulp short of touching are apart", circle(0, 0, 2),
        circle(3, 4, nextafter(3, 0)), 0, -1);
  named("circles an ulp past touching overlap", circle(0, 0, 2),
        circle(3, 4, nextafter(3, 4)), 1, 0);
  named("a circle touching a capsule's side", capsule(-1, 0, 1, 0, 2),
        circle(0, 3, 1), 0, 0);
  named("a circle touching a capsule's end", capsule(-1, 0, 1, 0, 2),
        circle(4, 0, 1), 0, 0);
  named("a zero-length capsule is a circle", capsule(1, 1, 1, 1, 1),
        circle(3, 1, 1), 0, 0);
  named("a box touching a polygon's slanted edge", triangle(0, 0),
        box(3, 3, 1, 1), 0, 0);
  named("a box a little into a polygon's slanted edge", triangle(0, 0),
        box(2.9375, 2.9375, 1, 1), 1, 0);
  named("identical polygons overlap", triangle(5, 5), triangle(5, 5), 1, 0);
  named("a box far off is as far as its corner", box(1, 1, 1, 1),
        box(6, 7, 1, 1), 0, 5);
  not_finite("a NaN is a miss", box(0, 0, 1, 1), circle(NAN, 0, 1));
  not_finite("a NaN radius is a miss", box(0, 0, 1, 1), circle(0, 0, NAN));
  not_finite("a NaN half size is a miss", box(0, 0, NAN, 1),
             circle(0, 0, 1));
  not_finite("an infinity is a miss", box(INFINITY, 0, 1, 1),
             circle(0, 0, 1));
}

static void check_polygon_faults(void) {
  static const struct {
    int n;
    double xy[10];
    imp_polygon_check want;
    int where;
  } cases[] = {
      {4, {0, 0, 1, 0, 1, 1, 0, 1}, IMP_POLYGON_OK, 0},
      {4, {0, 0, 0, 1, 1, 1, 1, 0}, IMP_POLYGON_OK, 0},
      {2, {0, 0, 1, 0}, IMP_POLYGON_TOO_FEW, 0},
      {4, {0, 0, 1, 0, 0, 0, 0, 1}, IMP_POLYGON_REPEATED, 3},
      {4, {0, 0, 1, 0, 2, 0, 0, 1}, IMP_POLYGON_COLLINEAR, 2},
      {5, {0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2}, IMP_POLYGON_REFLEX, 3},
      {5, {0, 0, 2, 0, 2, 2, 1, 1.5, 0, 2}, IMP_POLYGON_REFLEX, 4},
      /* a pentagram: every corner turns left, but it winds round twice */
      {5, {0, 3, -2, -3, 3, 1, -3, 1, 2, -3}, IMP_POLYGON_REFLEX, 0},
  };
  unsigned i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    imp_vec2 v[5];
    int j, where = -1;
    imp_polygon_check got;
    for (j = 0; j < cases[i].n; j++)
      v[j] = vec2(cases[i].xy[2 * j], cases[i].xy[2 * j + 1]);
    got = imp_polygon_check_at(v, cases[i].n, &where);
    if (got != cases[i].want ||
        (cases[i].where != 0 && where != cases[i].where) ||
        got != imp_polygon_check_vertices(v, cases[i].n)) {
      if (fail("a polygon's fault is misnamed"))
        printf("  case %u: kind %d at %d\n", i, (int)got, where);
    }
  }
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 40000, r;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  long per_mode[MODES] = {0};
  state = seed;
  check_polygon_faults();
  check_named();
  for (r = 0; r < rounds; r++) {
    scene_shape a, b;
    int mode = r % 5 < 2 ? GRID : (int)(r % 5) - 1;
    double scale = ldexp(1, below(41) - 20);
    double far = ldexp(between(1, 2), 20 + below(20));
    if (mode != GRID && mode != NUDGED && below(2)) scale = 1;
    draw_shape(&a, mode, scale);
    draw_shape(&b, mode, scale);
    displace(&a, mode, far);
    displace(&b, mode == NUDGED && below(2) ? GRID : mode, far);
    per_mode[mode]++;
    check_hull(&a);
    check_bounds(&a);
    check_pair(&a, &b);
    if (r % 8 == 0) check_convex_hull();
    check_predicates();
  }
  printf("shapes_distance: %ld scenes (grid %ld, nudged %ld, random %ld, "
         "far %ld): %ld overlapping, %ld touching, %ld apart; %ld failures\n",
         rounds, per_mode[GRID], per_mode[NUDGED], per_mode[RANDOM],
         per_mode[FAR], overlapping, touching_only, apart_count, failures);
  return failures != 0;
}
