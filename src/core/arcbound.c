/*
** The arcs' filters in doubles (arcbound.h). A polynomial's coefficients
** come as double-doubles within 2^-96 of the size of their terms (each
** operation below adds at most 2^-101 of it, and no piece chains twenty),
** so a value in doubles is certain when it clears a bound on its error
** made of those sizes. Every value stays far from overflow and underflow
** while the inputs are within 2^-96 and 2^40 (arc.c's range): products of
** at most four inputs, and powers of 2^-52 up to the fourth.
*/
#include <math.h>

#include "arcbound.h"
#include "scalar.h"

/* Beyond the error of a coefficient in doubles (2^-52 of its size) and of
** the few roundings of a shift and a change of basis. */
#define BERNSTEIN_ERROR 0x1p-45
/* Beyond the error of a double-double Horner step on such coefficients. */
#define HORNER_ERROR 0x1p-89

imp_dd imp_dd_exact(double v) {
  imp_dd r;
  r.hi = v;
  r.lo = 0;
  r.m = fabs(v);
  return r;
}

imp_dd imp_dd_add(imp_dd a, imp_dd b) {
  imp_dd r;
  double e, s = imp_two_sum(a.hi, b.hi, &e);
  r.hi = imp_two_sum(s, e + (a.lo + b.lo), &r.lo);
  r.m = a.m + b.m;
  return r;
}

imp_dd imp_dd_sub(imp_dd a, imp_dd b) {
  b.hi = -b.hi;
  b.lo = -b.lo;
  return imp_dd_add(a, b);
}

imp_dd imp_dd_mul(imp_dd a, imp_dd b) {
  imp_dd r;
  double p = a.hi * b.hi, e = imp_product_error(a.hi, b.hi, p);
  r.hi = imp_two_sum(p, e + (a.hi * b.lo + a.lo * b.hi), &r.lo);
  r.m = a.m * b.m;
  return r;
}

static double binomial(int n, int k) {
  static const double row[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1}};
  return row[n][k];
}

/* c[j] the coefficient of u^j in p(s + w u), m[j] the same of the sizes. */
static void shifted(const imp_dd_poly *p, double s, double w, double *c,
                    double *m) {
  double power[5], scale = 1;
  int n = p->n, i, j;
  power[0] = 1;
  for (i = 1; i <= n; i++) power[i] = power[i - 1] * s;
  for (j = 0; j <= n; j++) {
    double cj = 0, mj = 0;
    for (i = j; i <= n; i++) {
      double f = binomial(i, j) * power[i - j];
      cj += p->a[i].hi * f;
      mj += p->a[i].m * f;
    }
    c[j] = cj * scale;
    m[j] = mj * scale;
    scale *= w;
  }
}

/* The sign of sum of weight[i] c[i] for from <= i <= to, 0 if unsure. */
static int weighted_sign(const double *c, const double *m,
                         const double *weight, int from, int to) {
  double sum = 0, size = 0;
  int i;
  for (i = from; i <= to; i++) {
    sum += weight[i] * c[i];
    size += weight[i] * m[i];
  }
  size *= BERNSTEIN_ERROR;
  return sum > size ? 1 : sum < -size ? -1 : 0;
}

/* Bernstein coefficient j of degree n (times a positive constant) from
** the shifted coefficients: weight[i] = C(j, i) / C(n, i). */
static void bernstein_weights(int n, int j, double *weight) {
  int i;
  for (i = 0; i <= n; i++)
    weight[i] = i <= j ? binomial(j, i) / binomial(n, i) : 0;
}

int imp_dd_classify(const imp_dd_poly *p, double k, int d) {
  double c[5], m[5], weight[5];
  int n = p->n, j, above = 0, below = 0;
  shifted(p, ldexp(k, -d), ldexp(1, -d), c, m);
  for (j = 0; j <= n; j++) {
    int sign;
    bernstein_weights(n, j, weight);
    sign = weighted_sign(c, m, weight, 0, j);
    above += sign > 0;
    below += sign < 0;
  }
  if (below == n + 1) return -1;
  if (above == n + 1) return 1;
  return above && below ? 0 : IMP_ARC_UNSURE;
}

/* Whether every difference of consecutive Bernstein coefficients is
** certainly positive (then p rises on the interval), from c[1..n]:
** b[j + 1] - b[j] = sum of C(j, i - 1) / C(n, i) c[i]. */
static int rising(int n, const double *c, const double *m) {
  double weight[5];
  int i, j;
  for (j = 0; j < n; j++) {
    weight[0] = 0;
    for (i = 1; i <= n; i++)
      weight[i] = i <= j + 1 ? binomial(j, i - 1) / binomial(n, i) : 0;
    if (weighted_sign(c, m, weight, 1, j + 1) <= 0) return 0;
  }
  return 1;
}

/* Whether b[j] - b[0] is certainly positive for every j >= 1 on
** [t, t + w]: with b[0] = p(t) >= 0, every Bernstein sign then puts the
** centre inside just after t. */
static int starts_inside(const imp_dd_poly *p, double t, double w) {
  double c[5], m[5], weight[5];
  int n = p->n, j;
  shifted(p, t, w, c, m);
  for (j = 1; j <= n; j++) {
    bernstein_weights(n, j, weight);
    if (weighted_sign(c, m, weight, 1, j) <= 0) return 0;
  }
  return 1;
}

/* The sign of p(x), 0 if unsure, by Horner's rule in double-doubles. */
static int sign_at(const imp_dd_poly *p, double x) {
  imp_dd r = p->a[p->n], dx = imp_dd_exact(x);
  int i;
  double bound;
  for (i = p->n - 1; i >= 0; i--) r = imp_dd_add(imp_dd_mul(r, dx), p->a[i]);
  bound = HORNER_ERROR * r.m;
  return r.hi > bound ? 1 : r.hi < -bound ? -1 : 0;
}

/* A root of p in [s, s + w] in doubles, where p rises: Newton's steps
** from the chord's, kept within the interval. Only a guess. */
static double guess_root(const imp_dd_poly *p, double s, double w,
                         const double *c) {
  double end = 0, t;
  int i, step;
  for (i = 0; i <= p->n; i++) end += c[i];
  t = c[0] < 0 && end > 0 ? s + w * (-c[0] / (end - c[0])) : s;
  for (step = 0; step < 8; step++) {
    double f = 0, slope = 0, next;
    for (i = p->n; i >= 0; i--) {
      slope = slope * t + f;
      f = f * t + p->a[i].hi;
    }
    if (!(slope > 0)) break;
    next = fmin(fmax(t - f / slope, s), s + w);
    if (next == t) break;
    t = next;
  }
  return t;
}

/* Up to this many steps of one grid point from the guess. */
#define ENTRY_STEPS 4

double imp_dd_entry(const imp_dd_poly *p, double k, int d, int depth,
                    double limit) {
  double s = ldexp(k, -d), w = ldexp(1, -d), unit = ldexp(1, -depth);
  double first = ldexp(k, depth - d), last = first + ldexp(1, depth - d);
  double c[5], m[5], grid;
  int step;
  shifted(p, s, w, c, m);
  if (!rising(p->n, c, m)) return -1;
  /* p rises: the centre is inside after its root. The search answers the
  ** first grid point g with p(g) >= 0, if the Bernstein signs on [g, g +
  ** unit] say so: no interval before it can, none after it is reached. */
  grid = ceil(ldexp(guess_root(p, s, w, c), depth));
  grid = fmin(fmax(grid, first), last);
  for (step = 0; step < ENTRY_STEPS; step++) {
    int sign;
    if (grid > first) {
      sign = sign_at(p, (grid - 1) * unit);
      if (sign == 0) return -1;
      if (sign > 0) {
        grid--;
        continue;
      }
    }
    if (grid == last) return 2;
    sign = sign_at(p, grid * unit);
    if (sign == 0) return -1;
    if (sign < 0) {
      grid++;
      continue;
    }
    if (!(grid * unit < limit)) return 2;
    return starts_inside(p, grid * unit, unit) ? grid * unit : -1;
  }
  return -1;
}
