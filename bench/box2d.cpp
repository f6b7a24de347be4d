/*
** The shape kernels against Box2D 2.4.1's (make bench, where Box2D and a C++
** compiler are found): each pair of tests runs over the same CASES scenes,
** half of them hits by impact's answer, in the same order, which changes
** every pass (as in core.c). The scenes are drawn in floats, Box2D's
** precision, so that both libraries see the same shapes; Box2D's polygons
** get no skin (radius 0) for the same reason. "agree" is how often Box2D
** gives the same outcome: it differs where its tolerances decide (touching
** within its slop, a ray starting inside, which it does not report).
** The turning sweeps (b2TimeOfImpact, b's pose linear in time about its
** pos) are then checked against samples of each motion (check_turns).
** Box2D is the distribution's shared library; impact's core is linked in
** with link-time optimisation. The argument: seconds per timing (0.2).
*/
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include <box2d/box2d.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_time_of_impact.h>

#include "impact.h"

#define CASES 4096 /* a power of two: the walk below relies on it */

/* CPU time, as in core.c. */
static double now() {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned long long state = 12345;

static unsigned long long next_bits() {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11;
}

/* In [lo, hi), rounded to a float so that both libraries get it exactly. */
static float uniform(double lo, double hi) {
  return (float)(lo + (hi - lo) * ((double)next_bits() / 9007199254740992.0));
}

/* One shape as each library holds it. Box2D's proxy points into the shape
** itself, so it is set (attach) once the body is where it stays. */
struct body {
  imp_shape kind;
  imp_any_shape shape;
  b2PolygonShape polygon;
  b2CircleShape circle;
  b2Vec2 ends[2]; /* a capsule's segment */
  b2DistanceProxy proxy;
  b2Transform xf;
  float angle; /* as drawn: xf's angle comes back from its sine */
};

static void attach(body *b) {
  if (b->kind == IMP_SHAPE_POLYGON)
    b->proxy.Set(&b->polygon, 0);
  else if (b->kind == IMP_SHAPE_CIRCLE)
    b->proxy.Set(&b->circle, 0);
  else
    b->proxy.Set(b->ends, 2, (float)b->shape.capsule.radius);
}

/* A convex polygon of 3 to 8 vertices around its own origin: points on a
** circle at sorted random angles at least 0.2 apart, drawn again until
** both libraries take them as they are. */
static void random_polygon(body *b) {
  imp_polygon *p = &b->shape.polygon;
  b2Vec2 v[b2_maxPolygonVertices];
  for (;;) {
    int count = 3 + (int)(next_bits() % 6), i, j;
    double r = uniform(1, 4), turn[b2_maxPolygonVertices];
    for (i = 0; i < count; i++) {  /* insertion sort of the angles */
      double t = uniform(0, 6.283185307179586);
      for (j = i; j > 0 && turn[j - 1] > t; j--) turn[j] = turn[j - 1];
      turn[j] = t;
    }
    for (i = 0; i < count; i++)  /* Box2D welds close vertices */
      if (turn[(i + 1) % count] - turn[i] + (i + 1 == count) * 6.3 < 0.2)
        break;
    if (i < count) continue;
    for (i = 0; i < count; i++) {
      p->v[i].x = (float)(r * cos(turn[i]));
      p->v[i].y = (float)(r * sin(turn[i]));
      v[i].Set((float)p->v[i].x, (float)p->v[i].y);
    }
    p->count = count;
    if (imp_polygon_check_vertices(p->v, count) != IMP_POLYGON_OK) continue;
    b->polygon.Set(v, count);
    if (b->polygon.m_count == count) break;
  }
  b->polygon.m_radius = 0;
}

static body random_body(imp_shape kind, double area) {
  body b;
  float x = uniform(-area, area), y = uniform(-area, area);
  float angle = uniform(0, 6.283185307179586);
  b.kind = kind;
  if (kind == IMP_SHAPE_CIRCLE) {
    b.shape.circle.pos.x = x;
    b.shape.circle.pos.y = y;
    b.shape.circle.radius = uniform(0.5, 3);
    b.circle.m_radius = (float)b.shape.circle.radius;
    b.circle.m_p.SetZero();
  } else if (kind == IMP_SHAPE_CAPSULE) {
    imp_capsule *c = &b.shape.capsule;
    c->pos.x = x;
    c->pos.y = y;
    c->a.x = uniform(-3, 0);
    c->a.y = 0;
    c->b.x = uniform(0, 3);
    c->b.y = 0;
    c->radius = uniform(0.5, 2);
    imp_capsule_set_angle(c, angle);
    b.ends[0].Set((float)c->a.x, 0);
    b.ends[1].Set((float)c->b.x, 0);
  } else {
    random_polygon(&b);
    b.shape.polygon.pos.x = x;
    b.shape.polygon.pos.y = y;
    imp_polygon_set_angle(&b.shape.polygon, angle);
  }
  b.xf.Set(b2Vec2(x, y), angle);
  b.angle = angle;
  return b;
}

/* One scene: a static shape a, a shape b, b's movement (its turn about
** its pos too), and a segment. */
struct scene {
  body a, b;
  double dx, dy, dangle, px, py, rx, ry;
};

/* A test: its outcome in *hit, a number to sum. */
typedef double (*kernel)(const scene *s, int *hit);

static double i_intersects(const scene *s, int *hit) {
  *hit = imp_shape_intersects(s->a.kind, &s->a.shape, s->b.kind, &s->b.shape);
  return *hit;
}

/* b2TestOverlap, which takes shapes; for a capsule, its body: b2Distance
** with the radii, and the same tolerance. */
static double b_overlap(const scene *s, int *hit) {
  if (s->b.kind == IMP_SHAPE_CAPSULE) {
    b2DistanceInput in;
    b2SimplexCache cache;
    b2DistanceOutput out;
    in.proxyA = s->a.proxy;
    in.proxyB = s->b.proxy;
    in.transformA = s->a.xf;
    in.transformB = s->b.xf;
    in.useRadii = true;
    cache.count = 0;
    b2Distance(&out, &cache, &in);
    *hit = out.distance < 10.0f * b2_epsilon;
  } else {
    const b2Shape *b = s->b.kind == IMP_SHAPE_CIRCLE
      ? (const b2Shape *)&s->b.circle : (const b2Shape *)&s->b.polygon;
    *hit = b2TestOverlap(&s->a.polygon, 0, b, 0, s->a.xf, s->b.xf);
  }
  return *hit;
}

static double i_ray(const scene *s, int *hit) {
  imp_hit h;
  h.time = 0;
  *hit = imp_shape_intersect_segment(s->b.kind, &s->b.shape, s->px, s->py,
                                     s->rx, s->ry, &h);
  return h.time;
}

static double b_ray(const scene *s, int *hit) {
  b2RayCastInput in;
  b2RayCastOutput out;
  const b2Shape *b = s->b.kind == IMP_SHAPE_CIRCLE
    ? (const b2Shape *)&s->b.circle : (const b2Shape *)&s->b.polygon;
  in.p1.Set((float)s->px, (float)s->py);
  in.p2.Set((float)(s->px + s->rx), (float)(s->py + s->ry));
  in.maxFraction = 1;
  out.fraction = 0;
  *hit = b->RayCast(&out, in, s->b.xf, 0);
  return out.fraction;
}

static double i_manifold(const scene *s, int *hit) {
  imp_manifold m;
  m.depth[0] = 0;
  *hit = imp_shape_manifold(s->a.kind, &s->a.shape, s->b.kind, &s->b.shape,
                            &m);
  return m.depth[0];
}

/* Box2D's manifold is in the shapes' frames: b2WorldManifold gives the
** world normal, points and separations, which impact's manifold holds. */
static double b_manifold(const scene *s, int *hit) {
  b2Manifold m;
  b2WorldManifold w;
  if (s->a.kind == IMP_SHAPE_CIRCLE)
    b2CollideCircles(&m, &s->a.circle, s->a.xf, &s->b.circle, s->b.xf);
  else if (s->b.kind == IMP_SHAPE_CIRCLE)
    b2CollidePolygonAndCircle(&m, &s->a.polygon, s->a.xf, &s->b.circle,
                              s->b.xf);
  else
    b2CollidePolygons(&m, &s->a.polygon, s->a.xf, &s->b.polygon, s->b.xf);
  *hit = m.pointCount > 0;
  if (!*hit) return 0;
  w.Initialize(&m, s->a.xf, s->a.proxy.m_radius, s->b.xf,
               s->b.proxy.m_radius);
  return w.separations[0];
}

static double i_distance(const scene *s, int *hit) {
  imp_vec2 pa, pb;
  double d = imp_shape_distance(s->a.kind, &s->a.shape, s->b.kind,
                                &s->b.shape, &pa, &pb);
  *hit = d == 0;
  return d;
}

static double b_distance(const scene *s, int *hit) {
  b2DistanceInput in;
  b2SimplexCache cache;
  b2DistanceOutput out;
  in.proxyA = s->a.proxy;
  in.proxyB = s->b.proxy;
  in.transformA = s->a.xf;
  in.transformB = s->b.xf;
  in.useRadii = true;
  cache.count = 0;
  b2Distance(&out, &cache, &in);
  *hit = out.distance == 0;
  return out.distance;
}

/* Sweep scenes also need b apart from a at the start (sweep_ready). */
static double i_sweep(const scene *s, int *hit) {
  imp_sweep w;
  imp_shape_sweep(s->a.kind, &s->a.shape, s->b.kind, &s->b.shape, s->dx,
                  s->dy, &w);
  *hit = w.has_hit;
  return w.time;
}

static double i_turn(const scene *s, int *hit) {
  imp_sweep w;
  imp_shape_turn_sweep(s->a.kind, &s->a.shape, s->b.kind, &s->b.shape, s->dx,
                       s->dy, s->dangle, &w);
  *hit = w.has_hit;
  return w.time;
}

/* A body's motion as Box2D sweeps it: about its pos (local centre 0), from
** time 0 to 1. */
static b2Sweep box2d_sweep(const body *b, double dx, double dy,
                           double dangle) {
  b2Sweep w;
  w.localCenter.SetZero();
  w.c0 = b->xf.p;
  w.c.Set(w.c0.x + (float)dx, w.c0.y + (float)dy);
  w.a0 = b->angle;
  w.a = b->angle + (float)dangle;
  w.alpha0 = 0;
  return w;
}

static void box2d_toi(const scene *s, b2TOIOutput *out) {
  b2TOIInput in;
  in.proxyA = s->a.proxy;
  in.proxyB = s->b.proxy;
  in.sweepA = box2d_sweep(&s->a, 0, 0, 0);
  in.sweepB = box2d_sweep(&s->b, s->dx, s->dy, s->dangle);
  in.tMax = 1;
  b2TimeOfImpact(out, &in);
}

/* b2TimeOfImpact, straight (a turn of 0) or turning. */
static double b_sweep(const scene *s, int *hit) {
  b2TOIOutput out;
  box2d_toi(s, &out);
  *hit = out.state == b2TOIOutput::e_touching;
  return out.t;
}

static scene scenes[CASES];
static volatile double sink;

/* How b moves in a case's scenes. */
enum motion { STILL, STRAIGHT, TURNING };

/* The scenes of one pair of kinds: as many hits as misses by impact's
** test, in random order; a sweep's b starts apart from a, and a turn goes
** up to a full one either way. */
static void draw_scenes(imp_shape akind, imp_shape bkind, kernel k,
                        motion moves) {
  int counts[2] = {0, 0}, n = 0;
  while (n < CASES) {
    scene s;
    int hit;
    s.a = random_body(akind, 0);
    s.b = random_body(bkind, moves != STILL ? 12 : 6);
    s.dx = uniform(-24, 24);
    s.dy = uniform(-24, 24);
    s.dangle = moves == TURNING ? uniform(-6.3, 6.3) : 0;
    s.px = uniform(-10, 10) + (float)s.b.xf.p.x;
    s.py = uniform(-10, 10) + (float)s.b.xf.p.y;
    s.rx = uniform(-20, 20);
    s.ry = uniform(-20, 20);
    if (moves != STILL &&
        imp_shape_intersects(akind, &s.a.shape, bkind, &s.b.shape))
      continue;
    k(&s, &hit);
    hit = hit != 0;
    if (counts[hit] < CASES / 2) {
      counts[hit]++;
      scenes[n] = s;
      attach(&scenes[n].a);
      attach(&scenes[n].b);
      n++;
    }
  }
}

/* n tests on a set of scenes (the shapes' or the rectangles'), a pass over
** them at a time, each pass in a new order: a random odd stride from a
** random start visits every scene once. */
template <class S>
static double run(double (*k)(const S *s, int *hit), const S *set, long n) {
  double sum = 0;
  long done = 0;
  int hit;
  while (done < n) {
    unsigned start = (unsigned)next_bits(), stride = (unsigned)next_bits() | 1;
    unsigned i;
    for (i = 0; i < CASES && done < n; i++, done++)
      sum += k(&set[(start + i * stride) & (CASES - 1)], &hit);
  }
  return sum;
}

/* Best of three timings of tests for about budget seconds each (a pass
** over the scenes first sets how many), in ns per test; each library walks
** the scenes in the same orders. */
template <class S>
static double best_ns(double (*k)(const S *s, int *hit), const S *set,
                      double budget, unsigned long long seed) {
  double best, t = now();
  long n;
  int r;
  sink += run(k, set, CASES);
  t = now() - t;
  n = (long)(budget / t * CASES) + CASES;
  best = 1e9;
  for (r = 0; r < 3; r++) {
    double t;
    state = seed;
    t = now();
    sink += run(k, set, n);
    t = now() - t;
    if (t < best) best = t;
  }
  return best / n * 1e9;
}

template <class S>
static double agreement(double (*a)(const S *s, int *hit),
                        double (*b)(const S *s, int *hit), const S *set) {
  int i, same = 0;
  for (i = 0; i < CASES; i++) {
    int ha, hb;
    a(&set[i], &ha);
    b(&set[i], &hb);
    same += (ha != 0) == (hb != 0);
  }
  return 100.0 * same / CASES;
}

/*
** Rectangles: impact's AABB kernels against Box2D's cheapest equivalents,
** which compute less (a boolean, or a fraction and a normal where impact
** gives a push-out, or a hit with its delta). The scenes are on a grid of
** 2^-10, so that a box's sides and a segment's end are floats: Box2D gets
** the same boxes as its b2AABB and as a polygon made with SetAsBox. Box2D
** does not report a ray that starts inside, and takes touching as overlap.
*/
struct rect_scene {
  imp_aabb box, other;
  b2AABB box_bounds, other_bounds;
  b2PolygonShape shape;  /* box, about its centre */
  b2Transform xf;        /* where it is */
  double x, y, dx, dy;   /* a point, and a segment from it */
};

typedef double (*rect_kernel)(const rect_scene *s, int *hit);

static double on_grid(double lo, double hi) {
  return floor(uniform(lo, hi) * 1024) / 1024;
}

static void random_rect(imp_aabb *box, b2AABB *bounds) {
  box->pos.x = on_grid(-16, 16);
  box->pos.y = on_grid(-16, 16);
  box->half.x = on_grid(1, 8);
  box->half.y = on_grid(1, 8);
  bounds->lowerBound.Set((float)(box->pos.x - box->half.x),
                         (float)(box->pos.y - box->half.y));
  bounds->upperBound.Set((float)(box->pos.x + box->half.x),
                         (float)(box->pos.y + box->half.y));
}

static rect_scene random_rect_scene() {
  rect_scene s;
  random_rect(&s.box, &s.box_bounds);
  random_rect(&s.other, &s.other_bounds);
  s.shape.SetAsBox((float)s.box.half.x, (float)s.box.half.y);
  s.shape.m_radius = 0;
  s.xf.Set(b2Vec2((float)s.box.pos.x, (float)s.box.pos.y), 0);
  s.x = on_grid(-24, 24);
  s.y = on_grid(-24, 24);
  s.dx = on_grid(-32, 32);
  s.dy = on_grid(-32, 32);
  return s;
}

static double i_rect_point(const rect_scene *s, int *hit) {
  imp_hit h;
  h.delta.x = 0;
  *hit = imp_aabb_intersect_point(&s->box, s->x, s->y, &h);
  return h.delta.x;
}

static double b_rect_point(const rect_scene *s, int *hit) {
  *hit = s->shape.TestPoint(s->xf, b2Vec2((float)s->x, (float)s->y));
  return *hit;
}

static double i_rect_segment(const rect_scene *s, int *hit) {
  imp_hit h;
  h.time = 0;
  h.normal.x = 0;
  *hit = imp_aabb_intersect_segment(&s->box, s->x, s->y, s->dx, s->dy, 0, 0,
                                    &h);
  return h.time + h.normal.x;
}

static double b_rect_segment(const rect_scene *s, int *hit) {
  b2RayCastInput in;
  b2RayCastOutput out;
  in.p1.Set((float)s->x, (float)s->y);
  in.p2.Set((float)(s->x + s->dx), (float)(s->y + s->dy));
  in.maxFraction = 1;
  out.fraction = 0;
  out.normal.x = 0;
  *hit = s->box_bounds.RayCast(&out, in);
  return out.fraction + out.normal.x;
}

static double i_rect_aabb(const rect_scene *s, int *hit) {
  imp_hit h;
  h.delta.x = 0;
  *hit = imp_aabb_intersect_aabb(&s->box, &s->other, &h);
  return h.delta.x;
}

static double b_rect_aabb(const rect_scene *s, int *hit) {
  *hit = b2TestOverlap(s->box_bounds, s->other_bounds);
  return *hit;
}

static rect_scene rect_scenes[CASES];

/* As draw_scenes: as many hits as misses by impact's test. */
static void draw_rect_scenes(rect_kernel k) {
  int counts[2] = {0, 0}, n = 0;
  while (n < CASES) {
    rect_scene s = random_rect_scene();
    int hit;
    k(&s, &hit);
    hit = hit != 0;
    if (counts[hit] < CASES / 2) {
      counts[hit]++;
      rect_scenes[n++] = s;
    }
  }
}

static const struct {
  const char *name;
  rect_kernel impact, box2d;
} rect_cases[] = {
  {"aabb intersect_point / b2PolygonShape::TestPoint", i_rect_point,
   b_rect_point},
  {"aabb intersect_segment / b2AABB::RayCast", i_rect_segment,
   b_rect_segment},
  {"aabb intersect_aabb / b2TestOverlap(b2AABB)", i_rect_aabb, b_rect_aabb},
};

/* How the turning sweeps end, over the scenes: stop poses that overlap
** (by imp_shape_intersects) and fails, for impact and Box2D. impact fails
** where it passes through (an overlap sampled before its stop, or a miss
** where one is sampled) or reports a hit with no contact near it. Box2D's
** fails: a miss where an overlap is sampled, a stop after an overlap
** deeper than it means to leave (3 linear slops of a rounded pair, less
** a quarter slop of tolerance), e_failed, and e_overlapped (every scene
** starts apart). */
struct tally {
  int overlaps[2], fails[2];
  int missed, passed, failed, overlapped;  /* Box2D's fails by kind */
};

#define SAMPLES 2048  /* times at which a whole motion is sampled */

/* b moved to (x, y) and turned to angle overlaps a, the round one of them
** (a circle or a capsule, in these scenes) thinner by depth. */
static int overlaps_at(const scene *s, double x, double y, double angle,
                       double depth) {
  imp_any_shape fixed = s->a.shape, at;
  imp_vec2 p;
  p.x = x;
  p.y = y;
  imp_shape_moved(s->b.kind, &s->b.shape, p, &at);
  if (s->b.kind == IMP_SHAPE_POLYGON) {
    imp_polygon_set_angle(&at.polygon, angle);
  } else {
    imp_capsule_set_angle(&at.capsule, angle);
    at.capsule.radius -= depth;
  }
  if (s->a.kind == IMP_SHAPE_CIRCLE) fixed.circle.radius -= depth;
  return imp_shape_intersects(s->a.kind, &fixed, s->b.kind, &at);
}

/* The same at time t of b's motion, on the path impact takes. */
static int overlaps_when(const scene *s, double t, double depth) {
  imp_vec2 p = imp_shape_pos(s->b.kind, &s->b.shape);
  return overlaps_at(s, p.x + s->dx * t, p.y + s->dy * t,
                     imp_shape_angle(s->b.kind, &s->b.shape) + s->dangle * t,
                     depth);
}

/* The first of n + 1 evenly spaced times from t1 to t2 at which b
** overlaps a (thinned by depth), or 2 if none. */
static double first_overlap(const scene *s, double t1, double t2, int n,
                            double depth) {
  int i;
  for (i = 0; i <= n; i++) {
    double t = t1 + (t2 - t1) * i / n;
    if (overlaps_when(s, t, depth)) return t;
  }
  return 2;
}

/* impact's stop and hit against the sampled first overlap. */
static void check_impact(const scene *s, double first, tally *c) {
  imp_sweep w;
  int touches;
  imp_shape_turn_sweep(s->a.kind, &s->a.shape, s->b.kind, &s->b.shape, s->dx,
                       s->dy, s->dangle, &w);
  c->overlaps[0] += overlaps_at(s, w.pos.x, w.pos.y, w.angle, 0);
  touches = first < 2 || (w.has_hit && (overlaps_when(s, w.hit.time, 0) ||
    first_overlap(s, w.time, fmin(1, w.time + 0x1p-12), 256, 0) < 2));
  c->fails[0] += first < w.time || w.has_hit != touches;
}

/* The overlap Box2D's b2TimeOfImpact aims for, less its tolerance: it
** stops the cores at max(slop, radii - 3 slop) apart. */
static double box2d_depth(const scene *s) {
  float radii = s->a.proxy.m_radius + s->b.proxy.m_radius;
  float target = b2Max(b2_linearSlop, radii - 3.0f * b2_linearSlop);
  return b2Max(0.0f, radii - (target - 0.25f * b2_linearSlop));
}

/* Box2D's: its stop pose is where its own sweep puts b at its t. */
static void check_box2d(const scene *s, double first, tally *c) {
  b2TOIOutput out;
  b2Sweep w = box2d_sweep(&s->b, s->dx, s->dy, s->dangle);
  b2Transform xf;
  float t;
  box2d_toi(s, &out);
  t = out.t;
  c->failed += out.state == b2TOIOutput::e_failed;
  c->overlapped += out.state == b2TOIOutput::e_overlapped;
  if (out.state == b2TOIOutput::e_touching) {
    w.GetTransform(&xf, t);
    c->overlaps[1] += overlaps_at(s, xf.p.x, xf.p.y,
                                  (1.0f - t) * w.a0 + t * w.a, 0);
    c->passed += first < t && first_overlap(s, 0, t, SAMPLES,
                                            box2d_depth(s)) < t;
  } else if (out.state == b2TOIOutput::e_separated) {
    c->missed += first < 2;
  }
  c->fails[1] = c->missed + c->passed + c->failed + c->overlapped;
}

static tally check_turns() {
  tally c = {{0, 0}, {0, 0}, 0, 0, 0, 0};
  int i;
  for (i = 0; i < CASES; i++) {
    double first = first_overlap(&scenes[i], 0, 1, SAMPLES, 0);
    check_impact(&scenes[i], first, &c);
    check_box2d(&scenes[i], first, &c);
  }
  return c;
}

static const struct {
  const char *name;
  imp_shape a, b;
  kernel impact, box2d;
  motion moves;
} cases[] = {
  {"overlap polygon-polygon", IMP_SHAPE_POLYGON, IMP_SHAPE_POLYGON,
   i_intersects, b_overlap, STILL},
  {"overlap polygon-circle", IMP_SHAPE_POLYGON, IMP_SHAPE_CIRCLE,
   i_intersects, b_overlap, STILL},
  {"overlap polygon-capsule", IMP_SHAPE_POLYGON, IMP_SHAPE_CAPSULE,
   i_intersects, b_overlap, STILL},
  {"ray circle", IMP_SHAPE_POLYGON, IMP_SHAPE_CIRCLE, i_ray, b_ray, STILL},
  {"ray polygon", IMP_SHAPE_POLYGON, IMP_SHAPE_POLYGON, i_ray, b_ray,
   STILL},
  {"manifold polygon-polygon", IMP_SHAPE_POLYGON, IMP_SHAPE_POLYGON,
   i_manifold, b_manifold, STILL},
  {"manifold polygon-circle", IMP_SHAPE_POLYGON, IMP_SHAPE_CIRCLE,
   i_manifold, b_manifold, STILL},
  {"manifold circle-circle", IMP_SHAPE_CIRCLE, IMP_SHAPE_CIRCLE, i_manifold,
   b_manifold, STILL},
  {"distance polygon-polygon", IMP_SHAPE_POLYGON, IMP_SHAPE_POLYGON,
   i_distance, b_distance, STILL},
  {"distance polygon-capsule", IMP_SHAPE_POLYGON, IMP_SHAPE_CAPSULE,
   i_distance, b_distance, STILL},
  {"sweep polygon-polygon", IMP_SHAPE_POLYGON, IMP_SHAPE_POLYGON, i_sweep,
   b_sweep, STRAIGHT},
  {"sweep polygon-circle", IMP_SHAPE_POLYGON, IMP_SHAPE_CIRCLE, i_sweep,
   b_sweep, STRAIGHT},
  {"turn polygon-polygon", IMP_SHAPE_POLYGON, IMP_SHAPE_POLYGON, i_turn,
   b_sweep, TURNING},
  {"turn circle-polygon", IMP_SHAPE_CIRCLE, IMP_SHAPE_POLYGON, i_turn,
   b_sweep, TURNING},
  {"turn polygon-capsule", IMP_SHAPE_POLYGON, IMP_SHAPE_CAPSULE, i_turn,
   b_sweep, TURNING},
};

#define NCASES (sizeof cases / sizeof cases[0])

int main(int argc, char **argv) {
  const double budget = argc > 1 ? atof(argv[1]) : 0.2;
  tally turns[NCASES];
  size_t i;
  printf("Shape kernels against Box2D 2.4.1 over %d random scenes, half of "
         "them hits, in an order that changes every pass.\n\n", CASES);
  printf("| kernel | impact ns | Box2D ns | Box2D / impact | agree |\n"
         "|---|---:|---:|---:|---:|\n");
  for (i = 0; i < NCASES; i++) {
    unsigned long long seed;
    double ns, bns;
    state = 12345 * (i + 1);  /* the same scenes, whatever the timings took */
    draw_scenes(cases[i].a, cases[i].b, cases[i].impact, cases[i].moves);
    seed = state;
    ns = best_ns(cases[i].impact, scenes, budget, seed);
    bns = best_ns(cases[i].box2d, scenes, budget, seed);
    printf("| %s | %.1f | %.1f | %.2fx | %.1f%% |\n", cases[i].name, ns, bns,
           bns / ns, agreement(cases[i].impact, cases[i].box2d, scenes));
    fflush(stdout);
    if (cases[i].moves == TURNING) turns[i] = check_turns();
  }
  for (i = 0; i < sizeof rect_cases / sizeof rect_cases[0]; i++) {
    unsigned long long seed;
    double ns, bns;
    state = 54321 * (i + 1);
    draw_rect_scenes(rect_cases[i].impact);
    seed = state;
    ns = best_ns(rect_cases[i].impact, rect_scenes, budget, seed);
    bns = best_ns(rect_cases[i].box2d, rect_scenes, budget, seed);
    printf("| %s | %.1f | %.1f | %.2fx | %.1f%% |\n", rect_cases[i].name, ns,
           bns, bns / ns,
           agreement(rect_cases[i].impact, rect_cases[i].box2d, rect_scenes));
    fflush(stdout);
  }
  printf("\nTurning sweeps: stop poses that overlap by imp_shape_intersects, "
         "and fails\n(passing through, by %d samples of the motion; "
         "Box2D's states).\n\n", SAMPLES);
  printf("| turning sweep | impact overlaps | Box2D overlaps | impact fails "
         "| Box2D fails |\n|---|---:|---:|---:|---:|\n");
  for (i = 0; i < NCASES; i++) {
    const tally *c = &turns[i];
    if (cases[i].moves != TURNING) continue;
    printf("| %s | %d | %d | %d | %d (%d missed, %d passed in, %d e_failed, "
           "%d e_overlapped) |\n", cases[i].name, c->overlaps[0],
           c->overlaps[1], c->fails[0], c->fails[1], c->missed, c->passed,
           c->failed, c->overlapped);
  }
  return 0;
}
