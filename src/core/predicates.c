/*
** Exact predicates: each polynomial is evaluated twice over. First in
** doubles, carrying with every value a bound on its distance from the
** exact one (a running error bound: certain when the value is farther
** from 0 than its bound); then, when that cannot settle the sign, in wide
** integers at the common scale 2^148, exactly. The cross and dot signs of
** plain doubles (lo 0), the hot ones, try a static bound first.
*/
#include <math.h>

#include "predicates.h"
#include "wide.h"

/*
** A value computed in doubles and a bound on how far the exact value can
** be from it. Each operation adds the rounding of its result, at twice
** the unit roundoff: that also covers the rounding of the bound's own
** arithmetic, a few dozen operations at most. Within imp_exact_input no
** partial result underflows (they are multiples of 2^-592 at the least).
*/
typedef struct approx { double x, err; } approx;

#define ROUNDING 0x1p-52

/* The coordinate v + lo, as v: v is the sum rounded. */
static approx coordinate(double v, double lo) {
  approx a;
  a.x = v;
  a.err = fabs(lo);
  return a;
}

static approx add(approx a, approx b) {
  approx r;
  r.x = a.x + b.x;
  r.err = a.err + b.err + ROUNDING * fabs(r.x);
  return r;
}

static approx sub(approx a, approx b) {
  approx r;
  r.x = a.x - b.x;
  r.err = a.err + b.err + ROUNDING * fabs(r.x);
  return r;
}

static approx mul(approx a, approx b) {
  approx r;
  r.x = a.x * b.x;
  r.err = fabs(a.x) * b.err + fabs(b.x) * a.err + a.err * b.err +
          ROUNDING * fabs(r.x);
  return r;
}

/* Whether the sign of a is certain (a NaN or an infinity is not). */
static int certain(approx a) {
  return fabs(a.x) > a.err * (1 + 0x1p-20) + 0x1p-1000;
}

static int sign_of(double v) { return v > 0 ? 1 : (v < 0 ? -1 : 0); }

/* A rounding error that the wide integers hold exactly. */
static int exact_error(double lo) {
  double scaled = lo * 0x1p148;
  return lo == 0 || (fabs(lo) <= 0x1p96 && scaled == floor(scaled));
}

static int exact_point(imp_xpoint p) {
  return imp_exact_input(p.v.x) && imp_exact_input(p.v.y) &&
         exact_error(p.lo.x) && exact_error(p.lo.y);
}

/* b - a in both arithmetics, on either axis. */
static approx rounded_x(imp_xpoint a, imp_xpoint b) {
  return sub(coordinate(b.v.x, b.lo.x), coordinate(a.v.x, a.lo.x));
}

static approx rounded_y(imp_xpoint a, imp_xpoint b) {
  return sub(coordinate(b.v.y, b.lo.y), coordinate(a.v.y, a.lo.y));
}

static imp_wide wide_coordinate(double v, double lo) {
  return imp_wide_add(imp_wide_of(v), imp_wide_of(lo));
}

static imp_wide wide_x(imp_xpoint a, imp_xpoint b) {
  return imp_wide_sub(wide_coordinate(b.v.x, b.lo.x),
                      wide_coordinate(a.v.x, a.lo.x));
}

static imp_wide wide_y(imp_xpoint a, imp_xpoint b) {
  return imp_wide_sub(wide_coordinate(b.v.y, b.lo.y),
                      wide_coordinate(a.v.y, a.lo.y));
}

static int plain(imp_xpoint p) {
  return p.lo.x == 0 && p.lo.y == 0;
}

/* The sign of l - r, products of rounded differences of doubles, when the
** static bound (Shewchuk's, made generous) certifies it; else 2. */
static int plain_sign(double l, double r) {
  double bound = 0x1p-50 * (fabs(l) + fabs(r)) + 0x1p-1000;
  return l - r > bound ? 1 : (r - l > bound ? -1 : 2);
}

int imp_cross_sign(imp_xpoint a, imp_xpoint b, imp_xpoint c, imp_xpoint d) {
  approx r;
  if (plain(a) && plain(b) && plain(c) && plain(d)) {
    int s = plain_sign((b.v.x - a.v.x) * (d.v.y - c.v.y),
                       (b.v.y - a.v.y) * (d.v.x - c.v.x));
    if (s != 2) return s;
  }
  r = sub(mul(rounded_x(a, b), rounded_y(c, d)),
          mul(rounded_y(a, b), rounded_x(c, d)));
  if (certain(r) || !(exact_point(a) && exact_point(b) && exact_point(c) &&
                      exact_point(d)))
    return sign_of(r.x);
  return imp_wide_compare(imp_wide_mul(wide_x(a, b), wide_y(c, d)),
                          imp_wide_mul(wide_y(a, b), wide_x(c, d)));
}

int imp_dot_sign(imp_xpoint a, imp_xpoint b, imp_xpoint c, imp_xpoint d) {
  approx r;
  imp_wide w;
  if (plain(a) && plain(b) && plain(c) && plain(d)) {
    int s = plain_sign((b.v.x - a.v.x) * (d.v.x - c.v.x),
                       -((b.v.y - a.v.y) * (d.v.y - c.v.y)));
    if (s != 2) return s;
  }
  r = add(mul(rounded_x(a, b), rounded_x(c, d)),
          mul(rounded_y(a, b), rounded_y(c, d)));
  if (certain(r) || !(exact_point(a) && exact_point(b) && exact_point(c) &&
                      exact_point(d)))
    return sign_of(r.x);
  w = imp_wide_add(imp_wide_mul(wide_x(a, b), wide_x(c, d)),
                   imp_wide_mul(wide_y(a, b), wide_y(c, d)));
  return imp_wide_sign(&w);
}

/* (ra + rb)^2, rounded and exact. */
static approx rounded_reach(double ra, double rb) {
  approx r = add(coordinate(ra, 0), coordinate(rb, 0));
  return mul(r, r);
}

static imp_wide wide_reach(double ra, double rb) {
  imp_wide r = imp_wide_add(imp_wide_of(ra), imp_wide_of(rb));
  return imp_wide_mul(r, r);
}

static int exact_radii(double ra, double rb) {
  return imp_exact_input(ra) && imp_exact_input(rb);
}

/* The sign of |p - a|^2 - (ra + rb)^2. */
static int point_distance_sign(imp_xpoint p, imp_xpoint a, double ra,
                               double rb) {
  approx dx = rounded_x(a, p), dy = rounded_y(a, p);
  approx r = sub(add(mul(dx, dx), mul(dy, dy)), rounded_reach(ra, rb));
  imp_wide wx, wy;
  if (certain(r) || !(exact_point(p) && exact_point(a) &&
                      exact_radii(ra, rb)))
    return sign_of(r.x);
  wx = wide_x(a, p);
  wy = wide_y(a, p);
  return imp_wide_compare(imp_wide_add(imp_wide_mul(wx, wx),
                                       imp_wide_mul(wy, wy)),
                          wide_reach(ra, rb));
}

/* The sign of dist(p, line a-b)^2 - (ra + rb)^2 for a != b, as
** ((b - a) x (p - a))^2 - (ra + rb)^2 |b - a|^2: both of degree four. */
int imp_line_distance_sign(imp_xpoint p, imp_xpoint a, imp_xpoint b,
                           double ra, double rb) {
  approx ex = rounded_x(a, b), ey = rounded_y(a, b);
  approx cross = sub(mul(ex, rounded_y(a, p)), mul(ey, rounded_x(a, p)));
  approx r = sub(mul(cross, cross),
                 mul(rounded_reach(ra, rb), add(mul(ex, ex), mul(ey, ey))));
  imp_wide wx, wy, wc;
  if (certain(r) || !(exact_point(p) && exact_point(a) && exact_point(b) &&
                      exact_radii(ra, rb)))
    return sign_of(r.x);
  wx = wide_x(a, b);
  wy = wide_y(a, b);
  wc = imp_wide_sub(imp_wide_mul(wx, wide_y(a, p)),
                    imp_wide_mul(wy, wide_x(a, p)));
  return imp_wide_compare(
      imp_wide_mul(wc, wc),
      imp_wide_mul(wide_reach(ra, rb),
                   imp_wide_add(imp_wide_mul(wx, wx), imp_wide_mul(wy, wy))));
}

/* The nearest point of the segment is an end when p projects onto or
** beyond it, else the foot of the perpendicular. */
int imp_segment_distance_sign(imp_xpoint p, imp_xpoint a, imp_xpoint b,
                              double ra, double rb) {
  if (imp_xpoint_equal(a, b) || imp_dot_sign(a, b, a, p) <= 0)
    return point_distance_sign(p, a, ra, rb);
  if (imp_dot_sign(b, a, b, p) <= 0)
    return point_distance_sign(p, b, ra, rb);
  return imp_line_distance_sign(p, a, b, ra, rb);
}
