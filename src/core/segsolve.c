/*
** The exact solver of sweep_segment_point (segpoint.c states the problem).
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
#include <float.h>
#include <math.h>

#include "dd.h"
#include "segsolve.h"

/* Relative error bound of the double-double results below. */
#define TINY (16 * DBL_EPSILON * DBL_EPSILON)

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

/* How large the cross products of u(t) and w(t) can be, from their values
** at t = 0 and 1, component by component. */
static double spread(ddvec u0, ddvec u1, ddvec w0, ddvec w1) {
  return (fabs(u0.x.hi) + fabs(u1.x.hi)) * (fabs(w0.y.hi) + fabs(w1.y.hi)) +
         (fabs(u0.y.hi) + fabs(u1.y.hi)) * (fabs(w0.x.hi) + fabs(w1.x.hi));
}

int imp_segpoint_solve(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0, imp_vec2 b1,
                       imp_vec2 c0, imp_vec2 c1, int skip, double t[2],
                       double s[2]) {
  motion m;
  ddvec v0[3], v1[3], d0, dv, e0, ev;
  dd A, B, C;
  root roots[2];
  double size = 0, tol, k;
  int i, n, found = 0, exponent;
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
  return found == 2 ? imp_segpoint_in_order(t, s) : found;
}
