/*
** Core micro-benchmarks: ns per test for each kernel, built with the
** project's flags (make bench). Each kernel runs over CASES scenes drawn at
** random so that half of them hit, visited in a new random order on every
** pass: a branch predictor cannot learn the outcomes, as it can a short
** cycle. A checksum of the results keeps the compiler from dropping calls.
** Beside each time, how often over the scenes the kernel ran its exact path
** (where its plain doubles could not certify the answer).
*/
#define _POSIX_C_SOURCE 199309L  /* clock_gettime */
#include <stdio.h>
#include <time.h>

#include "aabb.h"
#include "impact.h"

#define CASES 4096     /* a power of two: the walk below relies on it */
#define COLLIDERS 1024 /* per sweep_into call */

/* CPU time, as os.clock in the Lua benchmarks: time spent waiting for a
** core that other processes hold does not count. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A fixed pseudo-random sequence, the same on every run. */
static unsigned long long state = 12345;

static unsigned long long next_bits(void) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return state >> 11;
}

static double uniform(double lo, double hi) {  /* in [lo, hi) */
  return lo + (hi - lo) * ((double)next_bits() / 9007199254740992.0);
}

static imp_aabb random_box(double area) {
  imp_aabb b;
  b.pos.x = uniform(-area, area);
  b.pos.y = uniform(-area, area);
  b.half.x = uniform(1, 8);
  b.half.y = uniform(1, 8);
  return b;
}

/* One scene: two boxes, the same turned, a point and a delta; and a moving
** segment's ends and a moving point, from and to (a0, a1, b0, b1, c0, c1). */
typedef struct scene {
  imp_aabb box, other;
  imp_obb turned, other_turned;
  double x, y, dx, dy;
  imp_vec2 motion[6];
} scene;

static imp_obb turn(const imp_aabb *box) {
  imp_obb o;
  imp_shape_obb(IMP_SHAPE_AABB, box, &o);
  imp_obb_set_angle(&o, uniform(0, 6.283185307179586));
  return o;
}

static scene random_scene(void) {
  scene s;
  int i;
  s.box = random_box(16);
  s.other = random_box(16);
  s.turned = turn(&s.box);
  s.other_turned = turn(&s.other);
  s.x = uniform(-24, 24);
  s.y = uniform(-24, 24);
  s.dx = uniform(-32, 32);
  s.dy = uniform(-32, 32);
  for (i = 0; i < 6; i++) {
    s.motion[i].x = uniform(-10, 10);
    s.motion[i].y = uniform(-10, 10);
  }
  return s;
}

/* A kernel: one test on a scene, its outcome in *hit, a number to sum. */
typedef double (*kernel)(const scene *s, int *hit);

/* No test: what the walk over the scenes and the call cost alone, which
** every figure below includes. */
static double k_walk(const scene *s, int *hit) {
  *hit = s->x > s->box.pos.x;
  return s->x;
}

static double k_point(const scene *s, int *hit) {
  imp_hit h;
  h.delta.x = 0;
  *hit = imp_aabb_intersect_point(&s->box, s->x, s->y, &h);
  return h.delta.x;
}

static double k_segment(const scene *s, int *hit) {
  imp_hit h;
  h.time = 0;
  *hit = imp_aabb_intersect_segment(&s->box, s->x, s->y, s->dx, s->dy, 0, 0,
                                    &h);
  return h.time;
}

static double k_aabb(const scene *s, int *hit) {
  imp_hit h;
  h.delta.x = 0;
  *hit = imp_aabb_intersect_aabb(&s->box, &s->other, &h);
  return h.delta.x;
}

static double k_obb(const scene *s, int *hit) {
  *hit = imp_obb_intersect_obb(&s->turned, &s->other_turned);
  return *hit;
}

static double k_sweep(const scene *s, int *hit) {
  imp_sweep w;
  imp_aabb_sweep_aabb(&s->box, &s->other, s->dx, s->dy, &w);
  *hit = w.has_hit;
  return w.time;
}

static double k_segment_point(const scene *s, int *hit) {
  const imp_vec2 *m = s->motion;
  double t[2] = {0, 0}, u[2];
  *hit = imp_sweep_segment_point(m[0], m[1], m[2], m[3], m[4], m[5], t, u);
  return t[0];
}

/* A kernel's exact path: whether it runs on a scene. */
typedef int (*exact_path)(const scene *s);

static int x_point(const scene *s) {
  imp_hit h;
  int exact;
  imp_aabb_point_filtered(&s->box, s->x, s->y, &h, &exact);
  return exact;
}

static int x_segment(const scene *s) {
  imp_hit h;
  int exact;
  imp_aabb_segment_filtered(&s->box, s->x, s->y, s->dx, s->dy, 0, 0, &h,
                            &exact);
  return exact;
}

static int x_aabb(const scene *s) {
  imp_hit h;
  int exact;
  imp_aabb_aabb_filtered(&s->box, &s->other, &h, &exact);
  return exact;
}

static int x_sweep(const scene *s) {
  imp_sweep w;
  int exact;
  imp_aabb_sweep_filtered(&s->box, &s->other, s->dx, s->dy, &w, &exact);
  return exact;
}

static scene scenes[CASES];
static volatile double sink;  /* where the checksums go */

/* The scenes of one kernel: as many hits as misses, in random order. */
static void draw_scenes(kernel k) {
  int counts[2] = {0, 0}, n = 0;
  while (n < CASES) {
    scene s = random_scene();
    int hit;
    k(&s, &hit);
    hit = hit != 0;
    if (counts[hit] < CASES / 2) {
      counts[hit]++;
      scenes[n++] = s;
    }
  }
}

/* n tests, a pass over the scenes at a time, each pass in a new order: a
** random odd stride from a random start visits every scene once. */
static double run(kernel k, long n) {
  double sum = 0;
  long done = 0;
  int hit;
  while (done < n) {
    unsigned start = (unsigned)next_bits(), stride = (unsigned)next_bits() | 1;
    unsigned i;
    for (i = 0; i < CASES && done < n; i++, done++)
      sum += k(&scenes[(start + i * stride) & (CASES - 1)], &hit);
  }
  return sum;
}

/* sweep_into: the moving boxes and deltas of the sweep scenes, each against
** COLLIDERS boxes laid out in one array, as a level's are, over an area
** where about half of the sweeps end on one; n counts colliders. */
static imp_aabb level[COLLIDERS];
static const imp_aabb *colliders[COLLIDERS];

static double run_sweep_into(kernel unused, long n) {
  imp_sweep w;
  double sum = 0;
  long done = 0;
  int i;
  (void)unused;
  for (i = 0; done < n; i = (i + 1) & (CASES - 1), done += COLLIDERS) {
    const scene *s = &scenes[i];
    imp_aabb_sweep_into(&s->box, colliders, COLLIDERS, s->dx, s->dy, &w);
    sum += w.time;
  }
  return sum;
}

/* The share of the scenes on which the kernel runs its exact path, in
** percent; none for a kernel that has none to count. */
static void print_exact(exact_path x) {
  int i, runs = 0;
  if (!x) {
    printf("none |\n");
    return;
  }
  for (i = 0; i < CASES; i++) runs += x(&scenes[i]);
  printf("%.2f%% |\n", 100.0 * runs / CASES);
}

/* Best of three timings of n tests, in ns per test. */
static double best_ns(double (*f)(kernel, long), kernel k, long n) {
  double best = 1e9;
  int r;
  for (r = 0; r < 3; r++) {
    double t = now();
    sink += f(k, n);
    t = now() - t;
    if (t < best) best = t;
  }
  return best / n * 1e9;
}

static const struct {
  const char *name;
  kernel k;
  exact_path x;
} kernels[] = {
  {"(the walk and the call alone)", k_walk, NULL},
  {"aabb intersect_point", k_point, x_point},
  {"aabb intersect_segment", k_segment, x_segment},
  {"aabb intersect_aabb", k_aabb, x_aabb},
  {"obb intersect_obb", k_obb, NULL},
  {"sweep_segment_point", k_segment_point, NULL},
  {"aabb sweep_aabb", k_sweep, x_sweep},  /* last: sweep_into uses its scenes */
};

int main(void) {
  const long n = 10000000;
  size_t i;
  printf("Core kernels over %d random scenes, half of them hits, in an "
         "order that changes every pass.\n\n", CASES);
  printf("| core kernel | ns per test | exact path |\n|---|---|---|\n");
  for (i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    draw_scenes(kernels[i].k);
    printf("| %s | %.2f | ", kernels[i].name, best_ns(run, kernels[i].k, n));
    print_exact(kernels[i].x);
  }
  for (i = 0; i < COLLIDERS; i++) {
    level[i] = random_box(336);
    colliders[i] = &level[i];
  }
  printf("| aabb sweep_into (per collider, %d) | %.2f | - |\n", COLLIDERS,
         best_ns(run_sweep_into, NULL, n));
  return 0;
}
