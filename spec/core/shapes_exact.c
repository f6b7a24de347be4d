/*
** Property checks on the exact arithmetic under the shapes' decisions
** (wide.c, linear.c):
**
** - imp_wide_of puts a double's bits where they belong, at every offset
**   within a limb and across limbs, and keeps the scale of 2^148 per
**   factor that products rely on;
** - imp_terms_sign agrees with the same polynomial summed in wide integers
**   here, on sums whose parts cancel (a position and its own negative, as
**   in a Minkowski difference), whose values are nearly or exactly zero,
**   for the shapes of polynomial the casts use: two products of two sums,
**   and five of four.
**
** Usage: impact_shapes_exact [rounds [seed]]; exits nonzero on any
** failure, printing each counterexample in hex floats.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "linear.h"
#include "random.h"
#include "wide.h"

static long failures;

static int fail(const char *what) {
  failures++;
  if (failures <= 20) printf("FAIL: %s\n", what);
  return failures <= 20;
}

/* (2^52 + 1) 2^(k - 200), held as the integer (2^52 + 1) 2^(k - 52), has
** exactly bits k - 52 and k set; a 2^148 b 2^148 = (a b 2^148)(1 2^148)
** for a and b of 26-bit mantissas and exponents from -74, whose product is
** exact and on the grid. */
static void check_wide_of(void) {
  int k;
  for (k = 52; k < 300; k++) {
    imp_wide w = imp_wide_of(ldexp(0x1p52 + 1, k - 200));
    int i, lo = k - 52, n = k / 32 + 1, right = w.sign == 1 && w.n == n;
    for (i = 0; right && i < n; i++) {
      uint32_t want = 0;
      if (i == lo / 32) want |= (uint32_t)1 << (lo % 32);
      if (i == k / 32) want |= (uint32_t)1 << (k % 32);
      right = w.limb[i] == want;
    }
    if (!right && fail("imp_wide_of sets the wrong bits")) printf("  k %d\n", k);
  }
  for (k = 0; k < 2000; k++) {
    double a = ldexp((double)(next() >> 38) + 1, below(114) - 74);
    double b = ldexp((double)(next() >> 38) + 1, below(114) - 74);
    imp_wide ab = imp_wide_mul(imp_wide_of(a), imp_wide_of(b));
    if (below(2)) b = -b, ab = imp_wide_sub(imp_wide_of(0), ab);
    if (imp_wide_compare(ab, imp_wide_mul(imp_wide_of(a * b),
                                          imp_wide_of(1))) != 0 &&
        fail("imp_wide_of does not keep the scale"))
      printf("  %a * %a\n", a, b);
  }
}

/* A double of 20 random bits at 2^e, and one of 53. */
static double bits20(int e) {
  return ldexp((double)(next() >> 44) - 0x1p19, e - 20);
}

static double bits53(int e) {
  return ldexp((double)(next() >> 11) - 0x1p52, e - 53);
}

/* value as a sum of parts, most of them cancelling: value + big - big
** (and once more when there is room, the bigs of 53 bits, so that their
** sums round), or value alone; each sum as imp_lin_combine builds it,
** approx rounded along the way. */
static imp_lin cancelling(double value, int parts) {
  imp_lin sum = imp_lin_of(value);
  while (sum.n + 2 <= parts) {
    imp_lin big = imp_lin_of(bits53(below(30)));
    imp_lin_combine(&sum, &sum, &big, 1);
    imp_lin_combine(&sum, &sum, &big, -1);
  }
  return sum;
}

static imp_wide wide_of_lin(const imp_lin *a) {
  imp_wide w = imp_wide_of(0);
  int i;
  for (i = 0; i < a->n; i++) w = imp_wide_add(w, imp_wide_of(a->part[i]));
  return w;
}

/* The sign of the terms' sum, in wide integers. */
static int wide_sign(const imp_term *t, int n) {
  imp_wide sum = imp_wide_of(0);
  int i, j;
  for (i = 0; i < n; i++) {
    imp_wide p = wide_of_lin(t[i].f[0]);
    for (j = 1; j < t[i].k; j++) p = imp_wide_mul(p, wide_of_lin(t[i].f[j]));
    for (j = 0; j < abs(t[i].coef); j++)
      sum = t[i].coef > 0 ? imp_wide_add(sum, p) : imp_wide_sub(sum, p);
  }
  return imp_wide_sign(&sum);
}

static void compare(const char *what, const imp_term *t, int n) {
  int got = imp_terms_sign(t, n), want = wide_sign(t, n);
  if (got != want && fail(what)) {
    int i, j, p;
    printf("  got %d, want %d\n", got, want);
    for (i = 0; i < n; i++)
      for (j = 0; j < t[i].k; j++) {
        printf("  term %d factor %d:", i, j);
        for (p = 0; p < t[i].f[j]->n; p++) printf(" %a", t[i].f[j]->part[p]);
        printf("\n");
      }
  }
}

/* cross(a, b) for a and b nearly or exactly parallel, each coordinate a
** cancelling sum; and |a|^2 |b|^2 sin^2 - r^2 |a|^2 with r at b's
** distance from the line along a, nearly or exactly. */
static void check_terms(void) {
  int e = below(40) - 20, parts = 1 + below(8);
  double ax = bits20(e), ay = bits20(e), s = ldexp(1, below(8) - 4);
  double bx = ax * s, by = ay * s, r;
  imp_lin lax, lay, lbx, lby, lr;
  imp_term t[5];
  if (below(2)) bx += ldexp(bits20(0), e - 40 - below(20));
  if (below(2)) by = 0, bx = bits20(e), ay = 0;   /* across: r is bx */
  lax = cancelling(ax, parts);
  lay = cancelling(ay, parts);
  lbx = cancelling(bx, parts);
  lby = cancelling(by, parts);
  imp_term_set(&t[0], 1, &lax, &lby, NULL, NULL);
  imp_term_set(&t[1], -1, &lay, &lbx, NULL, NULL);
  compare("imp_terms_sign on cross(a, b)", t, 2);
  /* cross(a, b) / |a| is b's distance; r at it or a little off. */
  r = ay == 0 ? fabs(by) : fabs(bx);
  if (ay == 0 && by == 0) r = 0;
  if (below(2)) r += ldexp(1, e - 45 - below(10)) * (below(2) ? 1 : -1);
  lr = cancelling(fabs(r), parts < 8 ? parts : 7);
  imp_term_set(&t[0], 1, &lax, &lax, &lby, &lby);
  imp_term_set(&t[1], -2, &lax, &lay, &lbx, &lby);
  imp_term_set(&t[2], 1, &lay, &lay, &lbx, &lbx);
  imp_term_set(&t[3], -1, &lr, &lr, &lax, &lax);
  imp_term_set(&t[4], -1, &lr, &lr, &lay, &lay);
  compare("imp_terms_sign on cross(a, b)^2 - r^2 |a|^2", t, 5);
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 200000, r;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  check_wide_of();
  for (r = 0; r < rounds; r++) check_terms();
  printf("shapes_exact: %ld rounds; %ld failures\n", rounds, failures);
  return failures != 0;
}
