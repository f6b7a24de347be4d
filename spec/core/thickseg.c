/*
** Property checks of the moving segment against a moving disc
** (thickseg.c): a seeded random driver draws scenes on an integer grid
** (where end caps, tangents and collinear motions are met exactly) or
** anywhere, at several scales, and checks imp_sweep_thick_segment_point
** against dense sampling of the distance in long double:
**
** - no sampled time before the contact has the disc within r, beyond the
**   tolerance; a miss has none at any sampled time;
** - at the contact the distance is r within the tolerance (at most r when
**   the contact is at time 0), and imp_shape_distance from a capsule of
**   radius 0 to a circle of radius 0 placed at that time, an independent
**   method, agrees;
** - s is where the nearest point of the segment is then;
** - radius 0 gives imp_sweep_segment_point's first contact, bit for bit;
** - named scenes: head-on, end cap, graze, a miss by 1e-9, a = b.
**
** Usage: impact_thickseg [rounds [seed]]. Each counterexample is printed
** with its round, and makes the run fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "impact.h"

#include "scenes.h"

static const char *property;
static long checked, failed, round_number;
static imp_vec2 scene[6];
static double scene_r;

static void fail(const char *what, double a, double b) {
  int i;
  if (failed++ >= 8) return;
  printf("counterexample to '%s' (round %ld): %s (%a, %a)\n", property,
         round_number, what, a, b);
  for (i = 0; i < 6; i++) printf("  (%a, %a)\n", scene[i].x, scene[i].y);
  printf("  radius %a\n", scene_r);
}

static void check(int ok, const char *what, double a, double b) {
  checked++;
  if (!ok) fail(what, a, b);
}

typedef long double real;

/* The distance from c(t) to the segment a(t)b(t), and the parameter of
** its nearest point, in long double. */
static real distance_at(double t, real *s) {
  real v[6][2], dx, dy, ex, ey, n, g, u;
  int i;
  for (i = 0; i < 3; i++) {
    v[i][0] = scene[2 * i].x + (real)t * ((real)scene[2 * i + 1].x -
                                          scene[2 * i].x);
    v[i][1] = scene[2 * i].y + (real)t * ((real)scene[2 * i + 1].y -
                                          scene[2 * i].y);
  }
  dx = v[1][0] - v[0][0];
  dy = v[1][1] - v[0][1];
  ex = v[2][0] - v[0][0];
  ey = v[2][1] - v[0][1];
  n = dx * dx + dy * dy;
  g = ex * dx + ey * dy;
  u = n > 0 ? (g <= 0 ? 0 : (g >= n ? 1 : g / n)) : 0;
  *s = u;
  return sqrtl((ex - u * dx) * (ex - u * dx) + (ey - u * dy) * (ey - u * dy));
}

/* The scene's size and the distance's fastest change per unit of time. */
static double extent(void) {
  double m = scene_r;
  int i;
  for (i = 0; i < 6; i++) m += fabs(scene[i].x) + fabs(scene[i].y);
  return m;
}

/* The independent distance: a capsule of radius 0 from a(t) to b(t) and a
** circle of radius 0 at c(t), placed in doubles. */
static double shape_distance_at(double t) {
  imp_capsule cap;
  imp_circle dot;
  imp_vec2 pa, pb;
  cap.pos.x = scene[0].x + t * (scene[1].x - scene[0].x);
  cap.pos.y = scene[0].y + t * (scene[1].y - scene[0].y);
  cap.a.x = cap.a.y = 0;
  cap.b.x = scene[2].x + t * (scene[3].x - scene[2].x) - cap.pos.x;
  cap.b.y = scene[2].y + t * (scene[3].y - scene[2].y) - cap.pos.y;
  cap.radius = 0;
  imp_capsule_set_angle(&cap, 0);
  dot.pos.x = scene[4].x + t * (scene[5].x - scene[4].x);
  dot.pos.y = scene[4].y + t * (scene[5].y - scene[4].y);
  dot.radius = 0;
  return imp_shape_distance(IMP_SHAPE_CAPSULE, &cap, IMP_SHAPE_CIRCLE, &dot,
                            &pa, &pb);
}

#define SAMPLES 2000

static void check_scene(void) {
  double t, s, tol = 0x1p-40 * extent(), t0[2], s0[2];
  real sr, d;
  int hit, i, n;
  hit = imp_sweep_thick_segment_point(scene[0], scene[1], scene[2], scene[3],
                                      scene[4], scene[5], scene_r, &t, &s);
  property = "no contact before the time found";
  for (i = 0; i <= SAMPLES; i++) {
    double ti = (double)i / SAMPLES;
    if (hit && ti >= t) break;
    d = distance_at(ti, &sr);
    check(d > scene_r - tol, "sampled distance below r", ti, (double)d);
  }
  if (!hit) return;
  property = "the distance at the contact is r";
  check(t >= 0 && t <= 1 && s >= 0 && s <= 1, "t, s in [0, 1]", t, s);
  d = distance_at(t, &sr);
  {
    /* A segment short against the scene has its direction known the less
    ** (thickseg.c): the tolerance grows as 1 / |d|, up to |d|. */
    real dx = (scene[2].x - scene[0].x) + (real)t * ((scene[3].x - scene[1].x)
                                               - (scene[2].x - scene[0].x));
    real dy = (scene[2].y - scene[0].y) + (real)t * ((scene[3].y - scene[1].y)
                                               - (scene[2].y - scene[0].y));
    real len = sqrtl(dx * dx + dy * dy), wide = tol;
    if (len > 0) wide += fminl(len, 0x1p-44 * extent() * extent() / len);
    check(t == 0 ? d <= scene_r + tol : fabsl(d - scene_r) <= wide,
        "distance at t", t, (double)d);
  }
  check(fabs(shape_distance_at(t) - (double)d) <= tol,
        "imp_shape_distance at t", t, shape_distance_at(t));
  property = "s is the nearest point";
  {
    real dx = (scene[2].x - scene[0].x) + (real)t * ((scene[3].x - scene[1].x)
                                               - (scene[2].x - scene[0].x));
    real dy = (scene[2].y - scene[0].y) + (real)t * ((scene[3].y - scene[1].y)
                                               - (scene[2].y - scene[0].y));
    real len = sqrtl(dx * dx + dy * dy);
    check(len * fabsl(s - sr) <= 2 * tol + sqrtl(tol * extent()),
          "s against the long double one", s, (double)sr);
  }
  property = "radius 0 is imp_sweep_segment_point";
  n = imp_sweep_segment_point(scene[0], scene[1], scene[2], scene[3],
                              scene[4], scene[5], t0, s0);
  hit = imp_sweep_thick_segment_point(scene[0], scene[1], scene[2], scene[3],
                                      scene[4], scene[5], 0, &t, &s);
  check(hit == (n > 0) && (!hit || (t == t0[0] && s == s0[0])),
        "first contact", t, t0[0]);
}

static void random_scene(void) {
  int i;
  for (i = 0; i < 6; i++) {
    scene[i].x = coord();
    scene[i].y = coord();
  }
  switch (below(6)) {  /* the degenerate motions */
  case 0: scene[2] = scene[0], scene[3] = scene[1]; break;  /* a = b */
  case 1: scene[1] = scene[0], scene[3] = scene[2]; break;  /* still */
  case 2: scene[3] = scene[1]; break;  /* shrinks to a point */
  default: break;
  }
  scene_r = grid ? scale * (below(4) + 1) * 0.5 : scale * unit() * 3;
  if (!(scene_r > 0)) scene_r = scale;
}

/* A named scene: a, b and c at times 0 and 1, and the expected time (-1:
** a miss). */
static void named(const char *what, const double v[12], double r,
                  double expect_t, double expect_s, double within) {
  double t, s;
  int i, hit;
  for (i = 0; i < 6; i++) {
    scene[i].x = v[2 * i];
    scene[i].y = v[2 * i + 1];
  }
  scene_r = r;
  property = what;
  hit = imp_sweep_thick_segment_point(scene[0], scene[1], scene[2], scene[3],
                                      scene[4], scene[5], r, &t, &s);
  if (expect_t < 0) {
    check(!hit, "a miss", t, s);
    return;
  }
  check(hit && fabs(t - expect_t) <= within && fabs(s - expect_s) <= within,
        "time and place", t, s);
  check_scene();
}

static void named_scenes(void) {
  static const double head_on[12] = {0, 0, 0, 0, 10, 0, 10, 0,
                                     4, 5, 4, -5};
  static const double end_cap[12] = {0, 0, 0, 0, 10, 0, 10, 0,
                                     14, 0, 6, 0};
  static const double overlapping[12] = {0, 0, 0, 0, 10, 0, 10, 0,
                                         3, 0.5, 3, 5};
  static const double graze[12] = {0, 0, 0, 0, 10, 0, 10, 0,
                                   -5, 1, 15, 1};
  static const double near_miss[12] = {0, 0, 0, 0, 10, 0, 10, 0,
                                       -5, 1 + 1e-9, 15, 1 + 1e-9};
  static const double point[12] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 10, 2, 0};
  named("head-on: t = (gap - r) / speed", head_on, 1, 0.4, 0.4, 1e-12);
  named("end cap", end_cap, 1, 3.0 / 8, 1, 1e-12);
  named("starting overlapped", overlapping, 1, 0, 0.3, 0);
  /* A tangent's time is known to the square root of the tolerance. */
  named("graze at distance r", graze, 1, 0.25, 0, 1e-6);
  named("a miss by 1e-9", near_miss, 1, -1, 0, 0);
  named("a = b: a point", point, 3, 0.5, 0, 1e-12);
}

int main(int argc, char **argv) {
  static const double scales[] = {1, 1e-6, 1e6, 0x1p-60, 0x1p60};
  long rounds = argc > 1 ? atol(argv[1]) : 3000;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
  (void)random_shape;  /* scenes.h's shapes are not needed here */
  state = seed;
  named_scenes();
  for (round_number = 0; round_number < rounds; round_number++) {
    grid = below(2);
    scale = scales[below(5)];
    random_scene();
    check_scene();
  }
  printf("thickseg: %ld checks, %ld failed (seed %llu)\n", checked, failed,
         (unsigned long long)seed);
  return failed ? 1 : 0;
}
