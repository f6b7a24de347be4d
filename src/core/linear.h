/*
** Exact sums of a few doubles, and the signs of polynomials in them
** (private to src/core), for the casts and sweeps of the shapes: a point
** of a Minkowski difference is a sum of four doubles per coordinate (two
** hull vertices, each v + lo), the difference of two such points of
** eight, and every decision there is the sign of a sum of products of up
** to four of these sums. Each sign is taken in doubles against a bound on
** their error first, and in wide integers (wide.h) only when the bound
** cannot certify it.
*/
#ifndef IMPACT_LINEAR_H
#define IMPACT_LINEAR_H

#include <math.h>

#define IMP_LIN_PARTS 8

/* The exact value part[0] + ... + part[n - 1] (no part is 0), that sum
** rounded (approx, within (n - 1) u mag of it, u = 2^-53) and the sum of
** the parts' sizes (mag). */
typedef struct imp_lin {
  int n;
  double part[IMP_LIN_PARTS];
  double approx, mag;
} imp_lin;

/* How far the rounded sum approx may be from the exact value. */
static inline double imp_lin_slop(const imp_lin *a) {
  return a->n > 1 ? (a->n - 1) * 0x1p-53 * a->mag : 0;
}

/* Inline, as the casts build many of these: a call costs more than the
** few parts. */
static inline void imp_lin_set(imp_lin *a, double v) {
  a->n = v != 0;
  a->part[0] = v;
  a->approx = v;
  a->mag = fabs(v);
}

static inline imp_lin imp_lin_of(double v) {
  imp_lin a;
  imp_lin_set(&a, v);
  return a;
}

/* a + sign b into *r, part by part: built in place, never copied whole
** (a copy of a struct just written stalls on its narrower stores; so
** does imp_lin_set). r may be a. */
static inline void imp_lin_combine(imp_lin *r, const imp_lin *a,
                                   const imp_lin *b, double sign) {
  int i, na = a->n, nb = b->n;
  double approx = a->approx + sign * b->approx, mag = a->mag + b->mag;
  for (i = 0; i < na; i++) r->part[i] = a->part[i];
  for (i = 0; i < nb; i++) r->part[na + i] = sign * b->part[i];
  r->n = na + nb;
  r->approx = approx;
  r->mag = mag;
}

/* a + sign b as far as imp_terms_filter reads it, approx and mag alone,
** with no parts (n 0): the cheap first try at a sign. */
static inline void imp_lin_rough(imp_lin *r, const imp_lin *a,
                                 const imp_lin *b, double sign) {
  r->n = 0;
  r->approx = a->approx + sign * b->approx;
  r->mag = a->mag + b->mag;
}

/* a + b and a - b, exactly: the caller keeps a.n + b.n <= IMP_LIN_PARTS. */
static inline imp_lin imp_lin_add(const imp_lin *a, const imp_lin *b) {
  imp_lin r;
  imp_lin_combine(&r, a, b, 1);
  return r;
}

static inline imp_lin imp_lin_sub(const imp_lin *a, const imp_lin *b) {
  imp_lin r;
  imp_lin_combine(&r, a, b, -1);
  return r;
}

/* The sign (-1, 0 or 1) of a, exactly. */
int imp_lin_sign(const imp_lin *a);
/* The sign of a - b, exactly, the difference built only where the rounded
** one cannot tell. */
int imp_lin_sign_diff(const imp_lin *a, const imp_lin *b);

/* coef times the product of the k sums f[0..k) (coef +-1 or +-2). */
typedef struct imp_term {
  int coef, k;
  const imp_lin *f[4];
} imp_term;

#define IMP_MAX_TERMS 8

/* coef f0 f1, or coef f0 f1 f2 f3 when f2 is not NULL. */
static inline void imp_term_set(imp_term *t, int coef, const imp_lin *f0,
                                const imp_lin *f1, const imp_lin *f2,
                                const imp_lin *f3) {
  t->coef = coef;
  t->k = f2 ? 4 : 2;
  t->f[0] = f0;
  t->f[1] = f1;
  t->f[2] = f2;
  t->f[3] = f3;
}

/* The sign of the sum of n <= IMP_MAX_TERMS terms, all of the same degree
** k: exact while every part is a multiple of 2^-148 at most 2^96 in size
** (imp_exact_input, and the error of a sum of two such doubles); beyond,
** the sign of the rounded sum (0 for a NaN). */
int imp_terms_sign(const imp_term *t, int n);

/* The same sign when the filter in doubles certifies it, else 2: it reads
** only each sum's approx and mag (imp_lin_rough). */
int imp_terms_filter(const imp_term *t, int n);

/* The filter's last step: the sign of value, the terms' sum in doubles,
** when it lies beyond the bound on its error that size (the sum of the
** terms' sizes) gives, else 2. For filters that sum the terms in place. */
static inline int imp_terms_certified(double value, double size) {
  if (value > 0x1p-46 * size) return 1;
  if (value < -0x1p-46 * size) return -1;
  return 2;
}

#endif
