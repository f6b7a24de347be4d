/*
** Core micro-benchmarks: ns per test for each kernel, built with the
** project's flags (make bench). Inputs cycle through a small table so that
** hits and misses both occur and nothing is constant-folded; a checksum of
** the results keeps the compiler from dropping the calls.
*/
#define _POSIX_C_SOURCE 199309L  /* clock_gettime */
#include <stdio.h>
#include <time.h>

#include "impact.h"

#define INPUTS 64

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static imp_aabb boxes[INPUTS];
static imp_obb obbs[INPUTS];  /* the same rectangles, turned */
static double xs[INPUTS], ys[INPUTS], dxs[INPUTS], dys[INPUTS];

/* A fixed pseudo-random sequence in [0, 1), the same on every run. */
static double next(void) {
  static unsigned long state = 12345;
  state = state * 6364136223846793005UL + 1442695040888963407UL;
  return (double)(state >> 11) / 9007199254740992.0;
}

static void setup(void) {
  int i;
  for (i = 0; i < INPUTS; i++) {
    boxes[i].pos.x = next() * 64 - 32;
    boxes[i].pos.y = next() * 64 - 32;
    boxes[i].half.x = 1 + next() * 8;
    boxes[i].half.y = 1 + next() * 8;
    xs[i] = next() * 64 - 32;
    ys[i] = next() * 64 - 32;
    dxs[i] = next() * 64 - 32;
    dys[i] = next() * 64 - 32;
  }
  for (i = 0; i < INPUTS; i++) {
    imp_shape_obb(IMP_SHAPE_AABB, &boxes[i], &obbs[i]);
    imp_obb_set_angle(&obbs[i], next() * 6.283185307179586);
  }
}

typedef double (*kernel)(long n);
static volatile double sink;  /* where the checksums go */

static double k_point(long n) {
  double sum = 0;
  imp_hit h;
  long i;
  for (i = 0; i < n; i++) {
    int k = (int)(i % INPUTS);
    if (imp_aabb_intersect_point(&boxes[k], xs[k], ys[(k + 1) % INPUTS], &h))
      sum += h.delta.x;
  }
  return sum;
}

static double k_segment(long n) {
  double sum = 0;
  imp_hit h;
  long i;
  for (i = 0; i < n; i++) {
    int k = (int)(i % INPUTS);
    if (imp_aabb_intersect_segment(&boxes[k], xs[k], ys[k], dxs[k], dys[k],
                                   0, 0, &h))
      sum += h.time;
  }
  return sum;
}

static double k_aabb(long n) {
  double sum = 0;
  imp_hit h;
  long i;
  for (i = 0; i < n; i++) {
    int k = (int)(i % INPUTS);
    if (imp_aabb_intersect_aabb(&boxes[k], &boxes[(k + 7) % INPUTS], &h))
      sum += h.delta.x;
  }
  return sum;
}

static double k_obb(long n) {
  double sum = 0;
  long i;
  for (i = 0; i < n; i++) {
    int k = (int)(i % INPUTS);
    sum += imp_obb_intersect_obb(&obbs[k], &obbs[(k + 7) % INPUTS]);
  }
  return sum;
}

static double k_sweep(long n) {
  double sum = 0;
  imp_sweep s;
  long i;
  for (i = 0; i < n; i++) {
    int k = (int)(i % INPUTS);
    imp_aabb_sweep_aabb(&boxes[k], &boxes[(k + 7) % INPUTS], dxs[k], dys[k], &s);
    sum += s.time;
  }
  return sum;
}

static double k_sweep_into(long n) {
  const imp_aabb *colliders[INPUTS];
  imp_sweep s;
  double sum = 0;
  long i;
  int k;
  for (k = 0; k < INPUTS; k++) colliders[k] = &boxes[k];
  for (i = 0; i < n; i += INPUTS) {
    k = (int)(i / INPUTS % INPUTS);
    imp_aabb_sweep_into(&boxes[k], colliders, INPUTS, dxs[k], dys[k], &s);
    sum += s.time;
  }
  return sum;
}

static const struct { const char *name; kernel run; } kernels[] = {
  {"aabb intersect_point", k_point},
  {"aabb intersect_segment", k_segment},
  {"aabb intersect_aabb", k_aabb},
  {"obb intersect_obb", k_obb},
  {"aabb sweep_aabb", k_sweep},
  {"aabb sweep_into (per collider)", k_sweep_into},
};

int main(void) {
  const long n = 20000000;
  size_t i;
  setup();
  printf("| core kernel | ns per test |\n|---|---|\n");
  for (i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    double best = 1e9;
    int r;
    for (r = 0; r < 3; r++) {
      double t = now();
      sink += kernels[i].run(n);
      t = now() - t;
      if (t < best) best = t;
    }
    printf("| %s | %.2f |\n", kernels[i].name, best / n * 1e9);
  }
  return 0;
}
