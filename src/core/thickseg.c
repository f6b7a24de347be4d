/*
** Moving segment against moving disc: imp_sweep_segment_point with the
** point given a radius r > 0. Relative to the a end the segment is d(t) =
** b(t) - a(t), the centre is e(t) = c(t) - a(t) and, from the b end, f(t) =
** c(t) - b(t), all linear in t. The disc touches the closed segment when
** the centre is in the capsule around it, the union of
**   the a cap:  |e|^2 - r^2 <= 0,
**   the b cap:  |f|^2 - r^2 <= 0,
**   the side:   q = cross(d, e)^2 - r^2 |d|^2 <= 0 (a quartic), with
**               dot(e, d) >= 0 and dot(-f, d) >= 0 (quadratics).
**
** The first time in [0, 1] at which one of these holds is searched for
** depth first, earliest half first. Over an interval each polynomial is
** written in the Bernstein basis from the vectors at its two ends, and a
** part is ruled out when all its coefficients are beyond zero by more
** than a rigorous bound on their error (the polynomial then is too, over
** the whole interval). An interval none of whose parts is ruled out is
** halved; the first such interval of width LEAF gives the time, its start.
** So no contact is ever missed, and none is found before the disc comes
** within the bounds (about 2^-46 of the scene) of touching: a graze at
** distance r exactly is a contact.
**
** Error bounds. The vectors are scaled by a power of two so that the
** largest component at time 0 or 1, or r, is S in [2^-200, 2^200] (t and
** s do not change; nothing overflows). Each component at a dyadic time is
** then within 2^-50 S of its exact value (the differences and the linear
** step round four times). A Bernstein coefficient of dot(u, v) or
** cross(u, v), its components at most mu and mv in size, is within
** 2^-48 (S (mu + mv) + mu mv) + 2^-96 S^2 of its exact value (beta()).
** Where the segment is short against the scene, its direction is known
** the less: the side's tolerance grows as S / |d|, up to |d| itself (the
** side is then within |d| of the caps), so at worst about 2^-25 S.
*/
#include <math.h>

#include "impact.h"
#include "vec2.h"

/* Search intervals no narrower than this: the time's resolution. */
#define LEAF 0x1p-50
/* The most intervals one search halves. */
#define SEARCH_BUDGET 65536

typedef struct thick {
  imp_vec2 d0, d1, e0, e1, f0, f1;
  double r, size;
} thick;

static imp_vec2 difference(imp_vec2 u, imp_vec2 v) {
  imp_vec2 w;
  w.x = u.x - v.x;
  w.y = u.y - v.y;
  return w;
}

/* v0 + t (v1 - v0) */
static imp_vec2 at(imp_vec2 v0, imp_vec2 v1, double t) {
  imp_vec2 w;
  w.x = v0.x + t * (v1.x - v0.x);
  w.y = v0.y + t * (v1.y - v0.y);
  return w;
}

static imp_vec2 scaled(imp_vec2 v, double k) {
  v.x *= k;
  v.y *= k;
  return v;
}

static double max2(double a, double b) { return a > b ? a : b; }

/* The largest component of u and v in size. */
static double magnitude(imp_vec2 u, imp_vec2 v) {
  return max2(max2(fabs(u.x), fabs(u.y)), max2(fabs(v.x), fabs(v.y)));
}

/* The Bernstein coefficients, over an interval, of dot(u, v) or cross(u,
** v) for u and v linear from u0, v0 to u1, v1 there. */
static void dots(imp_vec2 u0, imp_vec2 u1, imp_vec2 v0, imp_vec2 v1,
                 double w[3]) {
  w[0] = dot(u0, v0);
  w[1] = (dot(u0, v1) + dot(u1, v0)) * 0.5;
  w[2] = dot(u1, v1);
}

static void crosses(imp_vec2 u0, imp_vec2 u1, imp_vec2 v0, imp_vec2 v1,
                    double w[3]) {
  w[0] = cross(u0, v0);
  w[1] = (cross(u0, v1) + cross(u1, v0)) * 0.5;
  w[2] = cross(u1, v1);
}

/* The degree 4 Bernstein coefficients of the product of two quadratics. */
static void product(const double a[3], const double b[3], double p[5]) {
  p[0] = a[0] * b[0];
  p[1] = (a[0] * b[1] + a[1] * b[0]) * 0.5;
  p[2] = (a[0] * b[2] + 4 * (a[1] * b[1]) + a[2] * b[0]) / 6;
  p[3] = (a[1] * b[2] + a[2] * b[1]) * 0.5;
  p[4] = a[2] * b[2];
}

/* Whether the n coefficients w are all above bound. */
static int above(const double *w, int n, double bound) {
  int i;
  for (i = 0; i < n; i++)
    if (!(w[i] > bound)) return 0;
  return 1;
}

/* Whether all are below -bound. */
static int below(const double w[3], double bound) {
  return w[0] < -bound && w[1] < -bound && w[2] < -bound;
}

/* The error bound of a coefficient of dot(u, v) or cross(u, v). */
static double beta(double size, double mu, double mv) {
  return 0x1p-48 * (size * (mu + mv) + mu * mv) + 0x1p-96 * (size * size);
}

/* Whether |v|^2 - radius^2 is certainly positive over the interval where v
** runs from v0 to v1, its components at most mv in size. */
static int outside_disc(const thick *m, imp_vec2 v0, imp_vec2 v1, double mv,
                        double radius) {
  double w[3], r2 = radius * radius;
  dots(v0, v1, v0, v1, w);
  w[0] -= r2;
  w[1] -= r2;
  w[2] -= r2;
  return above(w, 3, 0x1p-47 * ((m->size + mv) * (m->size + mv) + r2));
}

/* Whether the centre is certainly off the side's band over the interval. */
static int off_side(const thick *m, imp_vec2 d0, imp_vec2 d1, imp_vec2 e0,
                    imp_vec2 e1, imp_vec2 f0, imp_vec2 f1) {
  double md = magnitude(d0, d1), me = magnitude(e0, e1),
         mf = magnitude(f0, f1), r2 = m->r * m->r;
  double c[3], n[3], one[3] = {1, 1, 1}, cc[5], nn[5], q[5], w[3];
  double bc = beta(m->size, md, me), bn = beta(m->size, md, md), mc, reach;
  int i;
  dots(d0, d1, e0, e1, w);
  if (below(w, beta(m->size, me, md))) return 1;
  dots(d0, d1, f0, f1, w);
  w[0] = -w[0];
  w[1] = -w[1];
  w[2] = -w[2];
  if (below(w, beta(m->size, mf, md))) return 1;
  /* Within r of a point of the segment, the centre is within r + |d| of
  ** a: this rules the side out where the segment is too short for q. */
  reach = m->r + max2(fabs(d0.x) + fabs(d0.y), fabs(d1.x) + fabs(d1.y));
  if (outside_disc(m, e0, e1, me, reach)) return 1;
  crosses(d0, d1, e0, e1, c);
  /* The cross product's own size, not md me: near a contact it is about
  ** r |d|, and the bound on q then about r |d| bc. */
  mc = max2(max2(fabs(c[0]), fabs(c[1])), fabs(c[2])) + bc;
  dots(d0, d1, d0, d1, n);
  product(c, c, cc);
  product(n, one, nn);
  for (i = 0; i < 5; i++) q[i] = cc[i] - r2 * nn[i];
  return above(q, 5, 2 * (2 * mc * bc + bc * bc + r2 * bn) +
                         0x1p-47 * (mc * mc + 2 * r2 * md * md));
}

/* Whether the disc certainly stays clear of the segment over [lo, hi]. */
static int cleared(const thick *m, double lo, double hi) {
  imp_vec2 d0 = at(m->d0, m->d1, lo), d1 = at(m->d0, m->d1, hi),
           e0 = at(m->e0, m->e1, lo), e1 = at(m->e0, m->e1, hi),
           f0 = at(m->f0, m->f1, lo), f1 = at(m->f0, m->f1, hi);
  return outside_disc(m, e0, e1, magnitude(e0, e1), m->r) &&
         outside_disc(m, f0, f1, magnitude(f0, f1), m->r) &&
         off_side(m, d0, d1, e0, e1, f0, f1);
}

/* The start of the first interval of width LEAF in [lo, lo + width] not
** cleared, or -1. A disc gliding just outside the radius for long could
** leave ever more intervals uncleared: past *budget of them, the interval
** at hand counts as contact (within the bounds' tolerance, as any). */
static double first_contact(const thick *m, double lo, double width,
                            long *budget) {
  double t;
  if (cleared(m, lo, lo + width)) return -1;
  if (width <= LEAF || --*budget == 0) return lo;
  width *= 0.5;
  t = first_contact(m, lo, width, budget);
  return t >= 0 ? t : first_contact(m, lo + width, width, budget);
}

/* The motion relative to the a end, scaled to a size in [2^-200, 2^200];
** 0 when it is not finite. */
static int prepare(thick *m, imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                   imp_vec2 b1, imp_vec2 c0, imp_vec2 c1, double radius) {
  double k = 1;
  m->d0 = difference(b0, a0);
  m->d1 = difference(b1, a1);
  m->e0 = difference(c0, a0);
  m->e1 = difference(c1, a1);
  m->f0 = difference(c0, b0);
  m->f1 = difference(c1, b1);
  m->size = max2(max2(max2(magnitude(m->d0, m->d1), magnitude(m->e0, m->e1)),
                      magnitude(m->f0, m->f1)),
                 radius);
  if (!(m->size - m->size == 0)) return 0;  /* inf or NaN */
  while (m->size > 0x1p200) {
    m->size *= 0x1p-200;
    k *= 0x1p-200;
  }
  while (m->size < 0x1p-200) {
    m->size *= 0x1p200;
    k *= 0x1p200;
  }
  m->d0 = scaled(m->d0, k);
  m->d1 = scaled(m->d1, k);
  m->e0 = scaled(m->e0, k);
  m->e1 = scaled(m->e1, k);
  m->f0 = scaled(m->f0, k);
  m->f1 = scaled(m->f1, k);
  m->r = radius * k;
  return 1;
}

int imp_sweep_thick_segment_point(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                                  imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                                  double radius, double *t, double *s) {
  thick m;
  imp_vec2 d, e;
  double ts[2], ss[2], n, g;
  long budget;
  if (radius == 0) {
    if (!imp_sweep_segment_point(a0, a1, b0, b1, c0, c1, ts, ss)) return 0;
    *t = ts[0];
    *s = ss[0];
    return 1;
  }
  if (!(radius > 0) || !prepare(&m, a0, a1, b0, b1, c0, c1, radius))
    return 0;
  budget = SEARCH_BUDGET;
  *t = first_contact(&m, 0, 1, &budget);
  if (*t < 0) return 0;
  d = at(m.d0, m.d1, *t);
  e = at(m.e0, m.e1, *t);
  n = dot(d, d);
  g = dot(e, d);
  *s = !(n > 0) || g <= 0 ? 0 : (g >= n ? 1 : g / n);
  return 1;
}
