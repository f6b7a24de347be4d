/*
** Moving segment against moving point. Relative to the a end, the segment
** is d(t) = b(t) - a(t) and the point is e(t) = c(t) - a(t), both linear in
** t. The point is on the segment's line when
**   f(t) = cross(d(t), e(t)) = A t^2 + B t + C = 0
** and on the segment itself when, besides, s = dot(e, d) / dot(d, d) is in
** [0, 1] (or, where d = 0, when e = 0 too: then s = 0).
**
** segsolve.c decides that exactly, in double-double arithmetic; the
** filter below spares it most of the work.
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

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dd.h"
#include "segsolve.h"

/*
** The filter. Most scenes are decided far from any tie: plain doubles, with
** a rigorous bound on their error, then tell what the double-double path
** would conclude, and the filter answers "miss" or "that root is not a
** contact" only when that is certain; else the exact solver decides. It
** returns a mask of the two roots of segsolve.c's solve() that contact()
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

/* This file's entry point, as segsolve.h declares it: the products done
** by Dekker's or, in segpoint_fma.c's copy, by fused multiply-adds. */
#ifdef IMP_FMA_VARIANT
#define SWEEP_SEGMENT_POINT imp_sweep_segment_point_fma
#else
#define SWEEP_SEGMENT_POINT imp_sweep_segment_point_dekker
#endif

int SWEEP_SEGMENT_POINT(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0, imp_vec2 b1,
                        imp_vec2 c0, imp_vec2 c1, double t[2], double s[2]) {
  rough rough_motion;
  double kept[2] = {NAN, NAN};
  int skip;
  if (imp_segpoint_clear(a0, a1, b0, b1, c0, c1)) return 0;
  skip = filter(a0, a1, b0, b1, c0, c1, &rough_motion, kept);
  if (skip == MISS) return 0;
  if (kept[0] == kept[0] &&
      one_contact(&rough_motion, kept[0], a0, a1, b0, b1, c0, c1, t, s)) {
    if (!(kept[1] == kept[1])) return 1;
    if (one_contact(&rough_motion, kept[1], a0, a1, b0, b1, c0, c1, &t[1],
                    &s[1]))
      return imp_segpoint_in_order(t, s);
  }
  return imp_segpoint_solve(a0, a1, b0, b1, c0, c1, skip, t, s);
}

#ifndef IMP_FMA_VARIANT
int imp_sweep_segment_point(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                            imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                            double t[2], double s[2]) {
#ifdef IMP_FMA_DISPATCH
  /* A bit that the compiler's runtime set at load: cheap to read. */
  if (__builtin_cpu_supports("fma"))
    return imp_sweep_segment_point_fma(a0, a1, b0, b1, c0, c1, t, s);
#endif
  return imp_sweep_segment_point_dekker(a0, a1, b0, b1, c0, c1, t, s);
}
#endif
