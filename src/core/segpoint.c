/*
** Moving segment against moving point. Relative to the a end, the segment
** is d(t) = b(t) - a(t) and the point is e(t) = c(t) - a(t), both linear in
** t. The point is on the segment's line when
**   f(t) = cross(d(t), e(t)) = A t^2 + B t + C = 0
** and on the segment itself when, besides, s = dot(e, d) / dot(d, d) is in
** [0, 1] (or, where d = 0, when e = 0 too: then s = 0).
**
** Precision. Contacts exactly at t or s = 0 or 1 are common (an end
** reached at the end of a frame), and rounding the inputs to doubles leaves
** others within an ulp of those ends, on either side: telling them apart
** takes more than double precision. So everything is computed in
** double-double arithmetic (error-free sums and products). The relative
** vectors are exact differences, and every quantity derived from them is
** within a known bound of its exact value, about 1e-30 of the size of the
** terms it is made of (for a vector, the size of its ends; for a
** coefficient, the component-wise size of the cross products), whatever
** the coordinates' magnitude or the cancellation (the vectors are first
** scaled by a power of two to a size of about 1, which changes neither t
** nor s). The tolerances are these bounds carried through, so they scale
** with the problem, never absolute:
** - a coefficient within its bound of zero is zero: an exact zero stays
**   one, so a root at t = 0 comes out as exactly 0, and a constant or an
**   identically zero f is recognised;
** - a discriminant within the error it inherits is zero: a double root,
**   reported once, unless one of the two roots is known exactly (t = 0 or
**   1, the point passing an end, the segment shrunk to a point), in which
**   case the other follows from the product of the roots;
** - each root carries its error bound (the coefficients' bound over |f'|
**   there), and d and e at that time theirs; the tests t <= 1, s >= 0,
**   s <= 1, "the segment is a point" and "the point is on it" accept what
**   is within those bounds, and snap it to the end.
** So a contact that the exact maths puts at an end is kept, and one that
** it puts outside by more than about 1e-29 of the scale is not. Two roots
** closer than about 1e-15, neither known exactly, are one double root.
*/

/* GCC's SLP vectorizer packs pairs of coordinates that arrive in separate
** registers by storing them and loading them back as one vector, and each
** load then waits for its stores to retire (a failed store forwarding).
** Without it this file runs 10% faster (impact_bench), with the same
** results bit for bit: vectorizing never changes what a double operation
** rounds to. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "impact.h"
#include "scalar.h"

/* What the filter (below) knows of solve()'s two roots: which of them
** contact() rejects; both is a miss. */
enum { SKIP_FIRST = 1, SKIP_SECOND = 2, MISS = 3 };

/* Relative error bound of the double-double results below. */
#define TINY (16 * DBL_EPSILON * DBL_EPSILON)

/* A double-double: the unevaluated sum hi + lo, |lo| <= ulp(hi) / 2. */
typedef struct dd { double hi, lo; } dd;
typedef struct ddvec { dd x, y; } ddvec;

static dd quick_two_sum(double a, double b) {  /* needs |a| >= |b| */
  dd r;
  r.hi = a + b;
  r.lo = b - (r.hi - a);
  return r;
}

static dd two_sum(double a, double b) {
  dd r;
  r.hi = imp_two_sum(a, b, &r.lo);
  return r;
}

static dd dd_of(double a) {
  dd r;
  r.hi = a;
  r.lo = 0;
  return r;
}

static dd dd_add(dd x, dd y) {
  dd s = two_sum(x.hi, y.hi), e = two_sum(x.lo, y.lo);
  s.lo += e.hi;
  s = quick_two_sum(s.hi, s.lo);
  s.lo += e.lo;
  return quick_two_sum(s.hi, s.lo);
}

static dd dd_scale(dd x, double k) {  /* k a power of two: exact */
  x.hi *= k;
  x.lo *= k;
  return x;
}

static dd dd_sub(dd x, dd y) { return dd_add(x, dd_scale(y, -1)); }

/* The products are exact in their heads (imp_product_error): the vectors
** are scaled to about 1 before any product, so nothing underflows. */
static dd dd_mul(dd x, dd y) {
  double p = x.hi * y.hi;
  return quick_two_sum(p, imp_product_error(x.hi, y.hi, p) +
                              (x.hi * y.lo + x.lo * y.hi));
}

static dd dd_div(dd x, dd y) {
  double q1 = x.hi / y.hi, q2;
  dd r = dd_sub(x, dd_mul(dd_of(q1), y));
  q2 = r.hi / y.hi;
  r = dd_sub(r, dd_mul(dd_of(q2), y));
  return dd_add(quick_two_sum(q1, q2), dd_of(r.hi / y.hi));
}

static dd dd_sqrt(dd x) {  /* x > 0 */
  double r = sqrt(x.hi);
  return two_sum(r, dd_sub(x, dd_mul(dd_of(r), dd_of(r))).hi / (2 * r));
}

/* u - v, exactly. */
static ddvec vdiff(imp_vec2 u, imp_vec2 v) {
  ddvec r;
  r.x = two_sum(u.x, -v.x);
  r.y = two_sum(u.y, -v.y);
  return r;
}

/* v k, k a power of two: exactly while nothing underflows, and rounded
** once (as ldexp) where it does. */
static ddvec vscale(ddvec v, double k) {
  v.x = dd_scale(v.x, k);
  v.y = dd_scale(v.y, k);
  return v;
}

static ddvec vsub(ddvec u, ddvec v) {
  ddvec r;
  r.x = dd_sub(u.x, v.x);
  r.y = dd_sub(u.y, v.y);
  return r;
}

/* p + t v */
static ddvec vat(ddvec p, ddvec v, dd t) {
  ddvec r;
  r.x = dd_add(p.x, dd_mul(t, v.x));
  r.y = dd_add(p.y, dd_mul(t, v.y));
  return r;
}

static dd cross(ddvec u, ddvec v) {
  return dd_sub(dd_mul(u.x, v.y), dd_mul(u.y, v.x));
}

static dd dot(ddvec u, ddvec v) {
  return dd_add(dd_mul(u.x, v.x), dd_mul(u.y, v.y));
}

static double norm1(ddvec v) { return fabs(v.x.hi) + fabs(v.y.hi); }

/* Zero when within tol of it. */
static dd settle(dd x, double tol) {
  if (fabs(x.hi) <= tol) x.hi = x.lo = 0;
  return x;
}

/* The motion as three moving vectors, numbered as below: at time t vector
** i is rel[i] + t vel[i], within tol[i] (the error of its double-double
** form). */
enum { FROM_A, FROM_B, SEGMENT };  /* c - a, c - b, b - a */
typedef struct motion {
  ddvec rel[3], vel[3];
  double tol[3];
} motion;

/* Sets vector i to run from v0 at time 0 to v1 at time 1. */
static void track(motion *m, int i, ddvec v0, ddvec v1) {
  m->rel[i] = v0;
  m->vel[i] = vsub(v1, v0);
  m->tol[i] = TINY * (norm1(v0) + norm1(v1));
}

/* A time and the bound of its error. */
typedef struct root {
  dd t;
  double err;
} root;

/* Vector i at time r, and the bound of its error in *err. */
static ddvec at(const motion *m, int i, root r, double *err) {
  *err = norm1(m->vel[i]) * r.err + m->tol[i];
  return vat(m->rel[i], m->vel[i], r.t);
}

/* Is the point on the segment at time r? Sets *t and *s to the contact,
** snapped to the ends within the error bounds. */
static int contact(const motion *m, root r, double *t, double *s) {
  ddvec d, e, f;
  dd g, k;
  double err_d, err_a, err_b, len, tol_a, tol_b;
  if (!(r.t.hi >= -r.err && (r.t.hi - 1) + r.t.lo <= r.err)) return 0;
  d = at(m, SEGMENT, r, &err_d);
  e = at(m, FROM_A, r, &err_a);
  len = norm1(d);
  if (len <= err_d) {  /* the segment is a point */
    if (!(norm1(e) <= err_a)) return 0;
    *s = 0;
  } else {
    f = at(m, FROM_B, r, &err_b);
    g = dot(e, d);                  /* s |d|^2 */
    k = dd_scale(dot(f, d), -1);    /* (1 - s) |d|^2 */
    tol_a = len * (err_a + err_d);
    tol_b = len * (err_b + err_d);
    if (!(g.hi >= -tol_a && k.hi >= -tol_b)) return 0;
    *s = g.hi <= tol_a ? 0 : (k.hi <= tol_b ? 1 : g.hi / (g.hi + k.hi));
  }
  *t = r.t.hi <= 0 ? 0 : (r.t.hi >= 1 ? 1 : r.t.hi);
  return 1;
}

/* When vector i is zero: the point passing the a end (FROM_A), passing the
** b end (FROM_B), or the segment shrunk to a point (SEGMENT); f is zero
** then, whatever else happens. Sets *r to that time (exact when rel[i] and
** vel[i] are parallel, else the time of nearest approach) and returns 1,
** or returns 0 when the vector does not move. */
static int event(const motion *m, int i, root *r) {
  dd vv = dot(m->vel[i], m->vel[i]);
  if (!(vv.hi > 0)) return 0;
  r->t = dd_scale(dd_div(dot(m->rel[i], m->vel[i]), vv), -1);
  r->err = 3 * m->tol[i] / norm1(m->vel[i]);
  return 1;
}

/*
** f is identically zero: the point stays on the segment's line (or the
** segment is a point). Then c - a and c - b are parallel, and the point is
** on the segment exactly when dot(c - a, c - b) <= 0: a quadratic in t, so
** the times at which it is form at most two parts (touches or intervals).
** Each starts at time 0 or at a root of the quadratic, where c - a or
** c - b is zero: an event. Between two such times the quadratic keeps its
** sign, so a contact starts a new part exactly when the point is off the
** segment halfway back to the contact before it.
*/
static int collinear_contacts(const motion *m, double t[2], double s[2]) {
  root times[4], half;
  double tc, sc, x, y;
  int i, j, n = 1, found = 0, last = -1;
  times[0].t = dd_of(0);
  times[0].err = 0;
  for (i = 0; i < 3; i++)
    if (event(m, i, &times[n])) n++;
  for (i = 1; i < n; i++)  /* in time order */
    for (j = i; j > 0 && times[j].t.hi < times[j - 1].t.hi; j--) {
      root r = times[j];
      times[j] = times[j - 1];
      times[j - 1] = r;
    }
  for (i = 0; i < n && found < 2; i++) {
    int same_part = 0;
    if (!contact(m, times[i], &tc, &sc)) continue;
    if (last >= 0) {
      if (tc <= t[found - 1]) continue;  /* the same time, snapped */
      half.t = dd_scale(dd_add(times[last].t, times[i].t), 0.5);
      half.err = 0;
      same_part = contact(m, half, &x, &y);
    }
    last = i;
    if (same_part) continue;
    t[found] = tc;
    s[found] = sc;
    found++;
  }
  return found;
}

/* A root of f known exactly: t = 0 when f(0) = 0, t = 1 when f(1) = 0, or
** an event that does happen. */
static int known_root(const motion *m, dd f0, dd f1, root *r) {
  int i;
  double err;
  r->err = 0;
  if (f0.hi == 0 || f1.hi == 0) {
    r->t = dd_of(f0.hi == 0 ? 0 : 1);
    return 1;
  }
  for (i = 0; i < 3; i++)
    if (event(m, i, r) && norm1(at(m, i, *r, &err)) <= err) return 1;
  return 0;
}

/* Of the n roots in r, those that f(0) = 0 (C) or f(1) = 0 (f1) make
** exact: the one nearest 0 is 0, the one nearest 1 is 1, neither with an
** error. Their bound from the coefficients grows as f flattens (a point
** riding along the segment's line), and would let a point that only comes
** within it of the segment at t = 0 or 1 touch it there. */
static void pin_ends(root r[2], int n, dd C, dd f1) {
  int i = n == 2 && fabs(r[1].t.hi) < fabs(r[0].t.hi);
  if (C.hi == 0) {
    r[i].t = dd_of(0);
    r[i].err = 0;
  }
  i = n == 2 && fabs(r[1].t.hi - 1) < fabs(r[0].t.hi - 1);
  if (f1.hi == 0) {
    r[i].t = dd_of(1);
    r[i].err = 0;
  }
}

/* The real roots of f = A t^2 + B t + C, with A and B not both zero, its
** coefficients within tol, and f1 = f(1); of two distinct roots, those
** that skip (a mask from the filter) names are left uncomputed. A root
** moves by the coefficients' error (3 tol on [0, 1]) over |f'| there: that
** is its error bound. */
static int solve(const motion *m, dd A, dd B, dd C, dd f1, double tol,
                 int skip, root r[2]) {
  dd disc = dd_sub(dd_mul(B, B), dd_mul(dd_scale(A, 4), C));
  double tol_disc = 4 * tol * (fabs(A.hi) + fabs(B.hi) + fabs(C.hi)), o;
  int ends = C.hi == 0 || f1.hi == 0;
  if (A.hi == 0) {
    r[0].t = dd_div(dd_scale(C, -1), B);
    r[0].err = 3 * tol / fabs(B.hi);
    if (ends) pin_ends(r, 1, C, f1);
    return 1;
  }
  if (disc.hi > tol_disc) {
    /* The stable form: -B and the square root never cancel. Both roots
    ** where one is pinned, to tell which. */
    dd root = dd_sqrt(disc);
    dd q = dd_scale(dd_add(B, B.hi < 0 ? dd_scale(root, -1) : root), -0.5);
    if (ends || !(skip & SKIP_FIRST)) r[0].t = dd_div(q, A);
    if (ends || !(skip & SKIP_SECOND)) r[1].t = dd_div(C, q);
    r[0].err = r[1].err = 3 * tol / root.hi;
    if (ends) pin_ends(r, 2, C, f1);
    return 2;
  }
  if (!(disc.hi >= -tol_disc)) return 0;
  /* A double root, or two roots closer than the error bounds can tell. */
  if (!known_root(m, C, f1, &r[0])) {
    r[0].t = dd_div(dd_scale(B, -0.5), A);
    r[0].err = 3 * tol / fabs(A.hi);
    return 1;
  }
  /* One is known exactly: the other is C / (A r), or -B / A when r = 0;
  ** the same one when within its error bound. */
  if (r[0].t.hi == 0) {
    r[1].t = dd_div(dd_scale(B, -1), A);
    r[1].err = tol * (1 + fabs(r[1].t.hi)) / fabs(A.hi);
  } else {
    r[1].t = dd_div(C, dd_mul(A, r[0].t));
    o = fabs(r[1].t.hi);
    r[1].err = tol * (1 + o) / fabs(A.hi) + o * r[0].err / fabs(r[0].t.hi);
  }
  return fabs(r[1].t.hi - r[0].t.hi) <= r[0].err + r[1].err ? 1 : 2;
}

static double min4(double a, double b, double c, double d) {
  double x = a < b ? a : b, y = c < d ? c : d;
  return x < y ? x : y;
}

static double max4(double a, double b, double c, double d) {
  double x = a > b ? a : b, y = c > d ? c : d;
  return x > y ? x : y;
}

/* Whether, on one axis, the point's path from c0 to c1 stays clear of the
** range that the segment sweeps: then they never meet. Exact, since it
** only compares the inputs. */
static int clear(double a0, double a1, double b0, double b1, double c0,
                 double c1) {
  return (c0 > c1 ? c1 : c0) > max4(a0, a1, b0, b1) ||
         (c0 > c1 ? c0 : c1) < min4(a0, a1, b0, b1);
}

/* How large the cross products of u(t) and w(t) can be, from their values
** at t = 0 and 1, component by component. */
static double spread(ddvec u0, ddvec u1, ddvec w0, ddvec w1) {
  return (fabs(u0.x.hi) + fabs(u1.x.hi)) * (fabs(w0.y.hi) + fabs(w1.y.hi)) +
         (fabs(u0.y.hi) + fabs(u1.y.hi)) * (fabs(w0.x.hi) + fabs(w1.x.hi));
}

/*
** The filter. Most scenes are decided far from any tie: plain doubles, with
** a rigorous bound on their error, then tell what the double-double path
** would conclude, and the filter answers "miss" or "that root is not a
** contact" only when that is certain; else the exact path decides, as
** before. It returns a mask of the two roots of solve() that contact()
** would reject (both: a miss), so that only the others are computed: the
** same answer bit for bit, since the mask only spares work. For each root
** left, one_contact() (below) may find the solver's answer.
**
** Bounds, with u = 2^-53 and X, Y the sums |v(0)| + |v(1)| of a vector's
** components (d = b - a, e = c - a, f = c - b, at times 0 and 1):
** - the differences round once each; A, B and C (the coefficients of
**   cross(d, e), as the exact path has them) are then within 6.3u, 14.5u and
**   3.1u of P = Xd Ye + Yd Xe (the spread), and Horner's rule at x adds
**   8.1u P (x^2 + |x| + 1): f(x) is within 2^-47 P (x^2 + |x| + 1), and the
**   discriminant within 12 P 2^-47 P + 16.4u P^2 < 2^-43 P^2. The filter
**   uses twice these and more (2^-46, 2^-40), which also covers the
**   rounding of the bounds and the exact path's own error (2^-95 P);
** - at a time in [-1/2, 3/2], dot(e, d) and dot(f, d) come within 34u G of
**   their exact values and change by at most 3 G per unit of time, where G
**   = (Xd + Yd)(Xd + Yd + Xe + Ye + Xf + Yf) also bounds the exact path's
**   tolerances in contact() (2^-78 G);
** - with |A| > 2^-47 P and the discriminant above 2^-30 P^2, the exact
**   path takes two distinct roots (disc > tol_disc) within 2^-62 of the
**   true ones where they are below 2 in size (and within 2^-47 of their
**   size beyond), each with an error bound (root.err) below 2^-80.
** A root is bracketed by the signs of f at x -+ w, certain under the
** bound; two disjoint brackets hold one root each. A bracket outside
** [-2^-40, 1 + 2^-40] is no contact, nor one where the point is certainly
** before the a end (dot(e, d) < 0) or past the b end (dot(f, d) > 0).
** P and G are kept within 2^-300 and 2^300: nothing overflows, and an
** underflow costs less than the bounds leave to spare. NaN fails every test.
*/
/* The sign of f(x) = (A x + B) x + C when certain under the bound
** err (x^2 + |x| + 1), else 0. */
static int sign_at(double A, double B, double C, double err, double x) {
  double f = (A * x + B) * x + C, bound = err * ((x * x + fabs(x)) + 1);
  return f > bound ? 1 : (f < -bound ? -1 : 0);
}

/* The moving vectors of the filter, in doubles: d = b - a, e = c - a and
** f = c - b at time 0, their velocities, and the bounds' sizes. */
typedef struct rough {
  double d0x, d0y, dvx, dvy, e0x, e0y, evx, evy, f0x, f0y, fvx, fvy;
  double A, B, C, spread, size;
} rough;

static int in_range(double v) { return v >= 0x1p-300 && v <= 0x1p300; }

/* Of the root of f near x: 1 when contact() certainly rejects it, 0 when
** it may not, -1 when f has no root certainly in (lo, hi), the bracket
** set around x (then it holds just one root, that of solve() that x
** estimates). Rejected: outside [0, 1], or with the point off the segment
** at every time in the bracket. */
static int root_out(const rough *r, double err, double x, double *lo,
                    double *hi) {
  double w = 0x1p-20 * (1 + fabs(x)), dx, dy, bound;
  *lo = x - w;
  *hi = x + w;
  if (sign_at(r->A, r->B, r->C, err, *lo) *
          sign_at(r->A, r->B, r->C, err, *hi) != -1)
    return -1;
  if (*hi < -0x1p-40 || *lo > 1 + 0x1p-40) return 1;
  if (!(*lo >= -0.5 && *hi <= 1.5)) return 0;
  dx = r->d0x + x * r->dvx;
  dy = r->d0y + x * r->dvy;
  bound = 0x1p-44 * r->size + 8 * r->size * w;
  return (r->e0x + x * r->evx) * dx + (r->e0y + x * r->evy) * dy < -bound ||
         (r->f0x + x * r->fvx) * dx + (r->f0y + x * r->fvy) * dy > bound;
}

/* Whether a root's bracket is well inside the frame. */
static int inside(double lo, double hi) {
  return lo > 0x1p-40 && hi < 1 - 0x1p-40;
}

static int filter(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0, imp_vec2 b1,
                  imp_vec2 c0, imp_vec2 c1, rough *r, double kept[2]) {
  double d1x = b1.x - a1.x, d1y = b1.y - a1.y, e1x = c1.x - a1.x,
         e1y = c1.y - a1.y, f1x = c1.x - b1.x, f1y = c1.y - b1.y;
  double xd, yd, xe, ye, xf, yf, err, disc, q, x[2], lo[2], hi[2];
  int i, far, out[2];
  r->d0x = b0.x - a0.x;
  r->d0y = b0.y - a0.y;
  r->e0x = c0.x - a0.x;
  r->e0y = c0.y - a0.y;
  r->f0x = c0.x - b0.x;
  r->f0y = c0.y - b0.y;
  r->dvx = d1x - r->d0x;
  r->dvy = d1y - r->d0y;
  r->evx = e1x - r->e0x;
  r->evy = e1y - r->e0y;
  r->fvx = f1x - r->f0x;
  r->fvy = f1y - r->f0y;
  xd = fabs(r->d0x) + fabs(d1x);
  yd = fabs(r->d0y) + fabs(d1y);
  xe = fabs(r->e0x) + fabs(e1x);
  ye = fabs(r->e0y) + fabs(e1y);
  xf = fabs(r->f0x) + fabs(f1x);
  yf = fabs(r->f0y) + fabs(f1y);
  r->spread = xd * ye + yd * xe;
  r->size = (xd + yd) * (((xd + yd) + (xe + ye)) + (xf + yf));
  r->A = r->dvx * r->evy - r->dvy * r->evx;
  r->B = (r->d0x * r->evy - r->d0y * r->evx) +
         (r->dvx * r->e0y - r->dvy * r->e0x);
  r->C = r->d0x * r->e0y - r->d0y * r->e0x;
  err = 0x1p-47 * r->spread;
  if (!(in_range(r->spread) && in_range(r->size))) return 0;
  disc = r->B * r->B - 4 * r->A * r->C;
  if (!(fabs(r->A) > err)) {
    /* A about zero (solve() may take it as zero, or not): a root near
    ** -C / B, and the other, if any, beyond |B / 2A| > 2^25. */
    if (!(fabs(r->B) > 0x1p-20 * r->spread)) return 0;
    q = -0.5 * (r->B + (r->B < 0 ? -sqrt(disc) : sqrt(disc)));
    x[0] = r->C / q;
    return fabs(x[0]) < 0x1p23 &&
           root_out(r, 2 * err, x[0], &lo[0], &hi[0]) == 1 ? MISS : 0;
  }
  if (disc < -0x1p-40 * r->spread * r->spread) return MISS;
  if (!(disc > 0x1p-30 * r->spread * r->spread)) return 0;
  q = -0.5 * (r->B + (r->B < 0 ? -sqrt(disc) : sqrt(disc)));
  x[0] = q / r->A;
  x[1] = r->C / q;
  out[0] = root_out(r, 2 * err, x[0], &lo[0], &hi[0]);
  out[1] = root_out(r, 2 * err, x[1], &lo[1], &hi[1]);
  if (out[0] < 0 || out[1] < 0 || !(hi[0] < lo[1] || hi[1] < lo[0]))
    return 0;
  if (out[0] && out[1]) return MISS;
  /* A root that may be a contact, well inside the frame and far from the
  ** other: one_contact() may answer for it. Both when neither is ruled
  ** out (the point crossing the segment twice); they are then more than
  ** 2^-5 apart, as the discriminant is above 2^-10 P^2 and |A| below P. */
  far = disc > 0x1p-10 * r->spread * r->spread;
  if (!out[0] && !out[1]) {
    if (far && inside(lo[0], hi[0]) && inside(lo[1], hi[1])) {
      kept[0] = x[0];
      kept[1] = x[1];
    }
    return 0;
  }
  if (!(fabs(r->B) > err)) return 0;
  i = out[0] ? 1 : 0;
  if (far && inside(lo[i], hi[i])) kept[0] = x[i];
  /* solve()'s first root is the smaller one when A and B have one sign. */
  return (out[0] == (x[0] < x[1])) == ((r->A > 0) == (r->B > 0))
             ? SKIP_FIRST
             : SKIP_SECOND;
}

/*
** One contact without the solver. The filter hands over the root x of a
** contact it could not rule out, when it is well inside the frame with
** the discriminant above 2^-10 P^2. Then solve()'s root V is within
** DELTA = 2^-70 of the true root t* (its coefficients are within 2^-95 P,
** the discriminant within 2^-92 P^2, so 2^-82 of itself, and the square
** root, q and the quotient add no more than that), and contact()'s dot(e,
** d) and dot(f, d) are within DELTA |g'| + 2^-95 G of their true values at
** t*, g' their derivative in between. Each of V, and those dots, it rounds
** to nearest (the last step of every double-double operation rounds hi +
** lo). So, knowing t* and the dots at t* within r, where no rounding
** boundary lies within r (plus the above) of them, the solver's t and s
** follow, bit for bit:
** - d and e at x in double-double from the exact differences, within 10u^2
**   of their size, f = e - d within twice that, and f(x) and the dots
**   there, within 40u^2 P and 40u^2 G (the bounds below allow 2^-88);
** - Newton's step delta = -f(x) / f'(x), and the signs of f at x + delta -+
**   E (Taylor's formula, exact for a quadratic, with f'(x) in doubles
**   within 2^-45 P): t* is within E of x + delta, in the filter's bracket;
** - the dots at t* by Taylor's formula from x, their derivatives g1 in
**   doubles (within 2^-44 G). Within 2^-29 of x a second derivative of at
**   most 2 G moves g' by less than 2^-29 G, so |g'| < |g1| + 2^-28 G there:
**   the dots drift by that times NEWTON + DELTA from x + delta to V (twice
**   that is allowed). A bound on |g'| of G alone would be tens of times
**   looser, and would send about one contact in thirty to the solver.
*/
#define DELTA 0x1p-70
#define NEWTON 0x1p-80
#define DRIFT (2 * (NEWTON + DELTA))

/* The difference u - v, moving from u0 - v0 to u1 - v1, at time x in
** [0, 1], as a double-double hi + lo that need not be normalised: within
** 10u^2 (|u0 - v0| + |u1 - v1|) (the differences exact, the product of x
** exact by Dekker's, the few roundings on terms of size u^2). */
static IMP_ALWAYS_INLINE dd moving(double u0, double v0, double u1,
                                   double v1, double x) {
  dd p0 = two_sum(u0, -v0), p1 = two_sum(u1, -v1);
  dd step = two_sum(p1.hi, -p0.hi), r;
  double head = x * step.hi;
  r = two_sum(p0.hi, head);
  r.lo += (imp_product_error(x, step.hi, head) +
           x * (step.lo + (p1.lo - p0.lo))) + p0.lo;
  return r;
}

static IMP_ALWAYS_INLINE ddvec moving_vec(imp_vec2 u0, imp_vec2 v0,
                                          imp_vec2 u1, imp_vec2 v1,
                                          double x) {
  ddvec w;
  w.x = moving(u0.x, v0.x, u1.x, v1.x, x);
  w.y = moving(u0.y, v0.y, u1.y, v1.y, x);
  return w;
}

/* a b + c d of double-doubles, as hi + lo not normalised (lo may outweigh
** hi after a cancellation): within a few u^2 of the size of the terms (the
** products of the heads exact, the rest of size u |a b| and u |c d|). */
static IMP_ALWAYS_INLINE dd products(dd a, dd b, dd c, dd d) {
  double p = a.hi * b.hi, q = c.hi * d.hi;
  dd r = two_sum(p, q);
  r.lo += (imp_product_error(a.hi, b.hi, p) +
           imp_product_error(c.hi, d.hi, q)) +
          ((a.hi * b.lo + a.lo * b.hi) + (c.hi * d.lo + c.lo * d.hi));
  return r;
}

/* Whether every number within r of hi + lo (|lo| about ulp(hi) / 2 at
** most) rounds to hi, for hi positive and normal: hi + lo + r short of the
** midpoint above, hi + lo - r beyond the one below (half as far below a
** power of two). One comparison serves either sign of lo, whose branch
** would be a coin toss (under LuaJIT, the pure backend's side trace from
** it could not compile). Below 2^900, as the pure backend needs for its
** way to ulp(hi); the times and values it is given are far smaller. */
static int rounds_to(double hi, double lo, double r) {
  uint64_t bits, half_bits;
  double half;
  if (!(hi > 0x1p-900 && hi < 0x1p900)) return 0;
  memcpy(&bits, &hi, sizeof bits);
  half_bits = ((bits >> 52) - 53) << 52;  /* ulp(hi) / 2 */
  memcpy(&half, &half_bits, sizeof half);
  if ((bits & 0xfffffffffffffu) == 0 && lo < 0) half *= 0.5;
  return fabs(lo) + 2 * r < half;
}

/* The value at t* = x + delta (within NEWTON) of a quadratic q with q(x)
** = v (double-double), q'(x) = q1 and q'' = 2 q2 (doubles): in *hi, if
** it rounds to one double with the error bound r added. */
static IMP_ALWAYS_INLINE int value_at(dd v, double q1, double q2,
                                      double delta, double r, double *hi) {
  dd w = two_sum(v.hi, v.lo + delta * (q1 + q2 * delta));
  *hi = w.hi;
  return rounds_to(w.hi, w.lo, r);
}

/* u - v of two such double-doubles, as hi + lo not normalised. */
static dd dd_difference(dd u, dd v) {
  dd r = two_sum(u.hi, -v.hi);
  r.lo += u.lo - v.lo;
  return r;
}

static int one_contact(const rough *r, double x, imp_vec2 a0, imp_vec2 a1,
                       imp_vec2 b0, imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                       double *t, double *s) {
  ddvec d = moving_vec(b0, a0, b1, a1, x), e = moving_vec(c0, a0, c1, a1, x),
        f;
  dd minus_dy = {-d.y.hi, -d.y.lo}, fx = products(d.x, e.y, minus_dy, e.x), th;
  double slope = 2 * r->A * x + r->B, delta = -(fx.hi + fx.lo) / slope;
  double g, k, g1, k1, err;
  double dx = r->d0x + x * r->dvx, dy = r->d0y + x * r->dvy;
  double ex = r->e0x + x * r->evx, ey = r->e0y + x * r->evy;
  double gx = r->f0x + x * r->fvx, gy = r->f0y + x * r->fvy;
  int side;
  if (!(fabs(delta) < 0x1p-30)) return 0;
  for (side = -1; side <= 1; side += 2) {
    double sigma = delta + side * NEWTON;
    double v = fx.hi + (fx.lo + sigma * (slope + r->A * sigma));
    double bound = 0x1p-88 * r->spread + fabs(sigma) * 0x1p-43 * r->spread +
                   0x1p-52 * fabs(v);
    if (!((side * slope > 0 ? v : -v) > bound)) return 0;
  }
  th = two_sum(x, delta);
  if (!rounds_to(th.hi, th.lo, 2 * NEWTON + DELTA)) return 0;
  g1 = (r->evx * dx + r->evy * dy) + (ex * r->dvx + ey * r->dvy);
  k1 = -((r->fvx * dx + r->fvy * dy) + (gx * r->dvx + gy * r->dvy));
  err = r->size * (0x1p-87 + fabs(delta) * 0x1p-44);
  f.x = dd_difference(e.x, d.x);
  f.y = dd_difference(e.y, d.y);
  if (!value_at(products(e.x, d.x, e.y, d.y), g1,
                r->evx * r->dvx + r->evy * r->dvy, delta,
                err + DRIFT * (fabs(g1) + 0x1p-28 * r->size), &g) ||
      !value_at(dd_scale(products(f.x, d.x, f.y, d.y), -1), k1,
                -(r->fvx * r->dvx + r->fvy * r->dvy), delta,
                err + DRIFT * (fabs(k1) + 0x1p-28 * r->size), &k) ||
      !(g > 0x1p-60 * r->size && k > 0x1p-60 * r->size))
    return 0;
  *t = th.hi;
  *s = g / (g + k);
  return 1;
}

/* Two contacts, put in time order: 2. */
static int in_order(double t[2], double s[2]) {
  if (t[1] < t[0]) {
    double x = t[0];
    t[0] = t[1];
    t[1] = x;
    x = s[0];
    s[0] = s[1];
    s[1] = x;
  }
  return 2;
}

int imp_sweep_segment_point(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                            imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                            double t[2], double s[2]) {
  motion m;
  ddvec v0[3], v1[3], d0, dv, e0, ev;
  dd A, B, C;
  root roots[2];
  rough rough_motion;
  double size = 0, tol, k, kept[2] = {NAN, NAN};
  int i, n, found = 0, exponent, skip;
  if (clear(a0.x, a1.x, b0.x, b1.x, c0.x, c1.x) ||
      clear(a0.y, a1.y, b0.y, b1.y, c0.y, c1.y))
    return 0;
  skip = filter(a0, a1, b0, b1, c0, c1, &rough_motion, kept);
  if (skip == MISS) return 0;
  if (kept[0] == kept[0] &&
      one_contact(&rough_motion, kept[0], a0, a1, b0, b1, c0, c1, t, s)) {
    if (!(kept[1] == kept[1])) return 1;
    if (one_contact(&rough_motion, kept[1], a0, a1, b0, b1, c0, c1, &t[1],
                    &s[1]))
      return in_order(t, s);
  }
  v0[FROM_A] = vdiff(c0, a0);
  v1[FROM_A] = vdiff(c1, a1);
  v0[FROM_B] = vdiff(c0, b0);
  v1[FROM_B] = vdiff(c1, b1);
  v0[SEGMENT] = vdiff(b0, a0);
  v1[SEGMENT] = vdiff(b1, a1);
  for (i = 0; i < 3; i++) size += norm1(v0[i]) + norm1(v1[i]);
  if (!(size <= DBL_MAX)) return 0;  /* NaN, or too large to represent */
  /* t and s do not change with the scale: work where the size is about 1,
  ** so that nothing overflows or underflows. */
  frexp(size, &exponent);
  if (exponent < -1023) {  /* 2^-exponent is too large for a double */
    for (i = 0; i < 3; i++) {
      v0[i] = vscale(v0[i], 0x1p600);
      v1[i] = vscale(v1[i], 0x1p600);
    }
    exponent += 600;
  }
  k = ldexp(1, -exponent);
  for (i = 0; i < 3; i++) {
    v0[i] = vscale(v0[i], k);
    v1[i] = vscale(v1[i], k);
    track(&m, i, v0[i], v1[i]);
  }
  d0 = m.rel[SEGMENT];
  dv = m.vel[SEGMENT];
  e0 = m.rel[FROM_A];
  ev = m.vel[FROM_A];
  tol = 2 * TINY * spread(d0, v1[SEGMENT], e0, v1[FROM_A]);

  A = settle(cross(dv, ev), tol);
  B = settle(dd_add(cross(d0, ev), cross(dv, e0)), tol);
  C = settle(cross(d0, e0), tol);
  if (A.hi == 0 && B.hi == 0) {
    if (C.hi != 0) return 0;  /* never on the line */
    return collinear_contacts(&m, t, s);
  }
  n = solve(&m, A, B, C, settle(cross(v1[SEGMENT], v1[FROM_A]), tol), tol,
            skip, roots);
  for (i = 0; i < n; i++)
    if (!(skip >> i & 1) && contact(&m, roots[i], &t[found], &s[found]))
      found++;
  if (found == 2 && t[0] == t[1]) return 1;  /* one contact, found twice */
  return found == 2 ? in_order(t, s) : found;
}
