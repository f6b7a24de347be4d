/*
** Exact sums of doubles and the signs of polynomials in them. The filter
** is a static one: a sum of n parts rounded is within (n - 1) u of the sum
** of their sizes, a product of k such sums within the sum of their
** relative errors plus k roundings, and the sum of the terms adds one
** rounding per term; at most 7 * 4 + 4 + 8 = 40 u of the sum of the
** terms' sizes in all, and 64 u leaves room for the second-order terms and
** for the rounding of the bound itself.
*/
#include <math.h>

#include "linear.h"
#include "scalar.h"
#include "wide.h"

int imp_lin_sign(const imp_lin *a) {
  if (a->approx > 0x1p-50 * a->mag) return 1;
  if (a->approx < -0x1p-50 * a->mag) return -1;
  return imp_sign_of_sum(a->part, a->n);
}

int imp_lin_sign_diff(const imp_lin *a, const imp_lin *b) {
  imp_lin d;
  imp_lin_rough(&d, a, b, -1);
  if (d.approx > 0x1p-50 * d.mag) return 1;
  if (d.approx < -0x1p-50 * d.mag) return -1;
  imp_lin_combine(&d, a, b, -1);
  return imp_lin_sign(&d);
}

/* Whether v * 2^148 is an integer below 2^245 in size: then imp_wide_of
** holds it exactly. (The product by a power of two is exact here, and no
** library call as ldexp is.) */
static int on_grid(double v) {
  double x;
  if (!(fabs(v) <= 0x1p96)) return 0;
  x = v * 0x1p148;
  return x == floor(x);
}

static int exact_input(const imp_term *t, int n) {
  int i, j, p;
  for (i = 0; i < n; i++)
    for (j = 0; j < t[i].k; j++)
      for (p = 0; p < t[i].f[j]->n; p++)
        if (!on_grid(t[i].f[j]->part[p])) return 0;
  return 1;
}

static imp_wide wide_of_lin(const imp_lin *a) {
  imp_wide w = imp_wide_of(0);
  int i;
  for (i = 0; i < a->n; i++) w = imp_wide_add(w, imp_wide_of(a->part[i]));
  return w;
}

/* The sum of the terms times 2^(148 k), exactly. */
static int exact_sign(const imp_term *t, int n) {
  imp_wide sum = imp_wide_of(0);
  int i, j;
  for (i = 0; i < n; i++) {
    imp_wide product = wide_of_lin(t[i].f[0]);
    for (j = 1; j < t[i].k; j++)
      product = imp_wide_mul(product, wide_of_lin(t[i].f[j]));
    if (t[i].coef < 0) product = imp_wide_sub(imp_wide_of(0), product);
    sum = imp_wide_add(sum, product);
    if (t[i].coef == 2 || t[i].coef == -2) sum = imp_wide_add(sum, product);
  }
  return imp_wide_sign(&sum);
}

/* The sign of the sum of the terms when the static bound certifies it,
** with value the sum rounded; else 2. */
static int filtered(const imp_term *t, int n, double *value_out) {
  double value = 0, size = 0;
  int i, j;
  for (i = 0; i < n; i++) {
    double product = t[i].coef, mag = fabs(product);
    for (j = 0; j < t[i].k; j++) {
      product *= t[i].f[j]->approx;
      mag *= t[i].f[j]->mag;
    }
    value += product;
    size += mag;
  }
  *value_out = value;
  return imp_terms_certified(value, size);
}

int imp_terms_filter(const imp_term *t, int n) {
  double value;
  return filtered(t, n, &value);
}

/* The sum's parts added again with what each addition rounds off kept:
** approx then within u of the sum plus the error of summing what was lost,
** at most 7 u lost (7 more parts at most), and mag, twice lost beyond
** |approx|, bounds that as the filter's invariant asks. Parts that cancel
** (a position and its own negative, in a Minkowski difference) then leave
** a sum as small as it is, where the parts' own sizes hide its sign. */
static void recount(const imp_lin *a, imp_lin *out) {
  double sum = 0, rest = 0, lost = 0, e;
  int i;
  for (i = 0; i < a->n; i++) {
    sum = imp_two_sum(sum, a->part[i], &e);
    rest += e;
    lost += fabs(e);
  }
  out->n = 0;
  out->approx = sum + rest;
  out->mag = fabs(out->approx) + 2 * lost;
}

/* The filter again on the sums recounted: it certifies the sign nearly
** always where the first one failed only because parts cancel. */
static int refiltered(const imp_term *t, int n) {
  imp_lin sums[IMP_MAX_TERMS][4];
  imp_term again[IMP_MAX_TERMS];
  int i, j;
  for (i = 0; i < n; i++) {
    again[i] = t[i];
    for (j = 0; j < t[i].k; j++) {
      recount(t[i].f[j], &sums[i][j]);
      again[i].f[j] = &sums[i][j];
    }
  }
  return imp_terms_filter(again, n);
}

/* Past the filter, the sign is exact only on exact input: beyond it the
** rounded sign is the answer, as the pure backend gives it. */
int imp_terms_sign(const imp_term *t, int n) {
  double value;
  int s = filtered(t, n, &value);
  if (s != 2) return s;
  if (!exact_input(t, n)) return (value > 0) - (value < 0);
  s = refiltered(t, n);
  return s != 2 ? s : exact_sign(t, n);
}
