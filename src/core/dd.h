/* Double-double arithmetic (private to src/core): a number as the
** unevaluated sum of two doubles, from the error-free sums and products of
** scalar.h, for the decisions that double precision cannot make. */
#ifndef IMPACT_DD_H
#define IMPACT_DD_H

#include <math.h>

#include "scalar.h"

/* A double-double: the unevaluated sum hi + lo, |lo| <= ulp(hi) / 2. */
typedef struct dd { double hi, lo; } dd;
typedef struct ddvec { dd x, y; } ddvec;

static inline dd quick_two_sum(double a, double b) {  /* needs |a| >= |b| */
  dd r;
  r.hi = a + b;
  r.lo = b - (r.hi - a);
  return r;
}

static inline dd two_sum(double a, double b) {
  dd r;
  r.hi = imp_two_sum(a, b, &r.lo);
  return r;
}

static inline dd dd_of(double a) {
  dd r;
  r.hi = a;
  r.lo = 0;
  return r;
}

static inline dd dd_add(dd x, dd y) {
  dd s = two_sum(x.hi, y.hi), e = two_sum(x.lo, y.lo);
  s.lo += e.hi;
  s = quick_two_sum(s.hi, s.lo);
  s.lo += e.lo;
  return quick_two_sum(s.hi, s.lo);
}

static inline dd dd_scale(dd x, double k) {  /* k a power of two: exact */
  x.hi *= k;
  x.lo *= k;
  return x;
}

static inline dd dd_sub(dd x, dd y) { return dd_add(x, dd_scale(y, -1)); }

/* The products are exact in their heads (imp_product_error): the vectors
** are scaled to about 1 before any product, so nothing underflows. */
static inline dd dd_mul(dd x, dd y) {
  double p = x.hi * y.hi;
  return quick_two_sum(p, imp_product_error(x.hi, y.hi, p) +
                              (x.hi * y.lo + x.lo * y.hi));
}

static inline dd dd_div(dd x, dd y) {
  double q1 = x.hi / y.hi, q2;
  dd r = dd_sub(x, dd_mul(dd_of(q1), y));
  q2 = r.hi / y.hi;
  r = dd_sub(r, dd_mul(dd_of(q2), y));
  return dd_add(quick_two_sum(q1, q2), dd_of(r.hi / y.hi));
}

static inline dd dd_sqrt(dd x) {  /* x > 0 */
  double r = sqrt(x.hi);
  return two_sum(r, dd_sub(x, dd_mul(dd_of(r), dd_of(r))).hi / (2 * r));
}

#endif
