/*
** Where a point lies against an exact hull grown by its radius, which way
** a direction leads from there, and what a line does to the hull: the
** exact decisions of the casts (cast.h), each the sign of a polynomial of
** degree 4 at most in the vertices, the point, the direction and the
** radius (linear.h).
**
** For a polygon, a point p is left of (or on) every edge e_i = v[i + 1] -
** v[i] when it is in the hull: cross(e_i, p - v[i]) >= 0. Outside, its
** nearest point of the hull is a vertex (p - v[i] in the cone of the
** outward normals there: (p - v[i]) . e_{i - 1} >= 0 >= (p - v[i]) . e_i)
** or lies inside an edge; a segment is a polygon of two edges, there and
** back, and a point a polygon of none.
*/
#include <math.h>

#include "xhull.h"

void imp_xhull_of(const imp_hull *h, imp_xhull *out) {
  int i;
  out->count = h->count;
  for (i = 0; i < h->count; i++) {
    imp_lin lox = imp_lin_of(h->lo[i].x), loy = imp_lin_of(h->lo[i].y);
    out->v[i] = imp_xvec_of(h->v[i].x, h->v[i].y);
    imp_lin_combine(&out->v[i].x, &out->v[i].x, &lox, 1);
    imp_lin_combine(&out->v[i].y, &out->v[i].y, &loy, 1);
  }
  imp_lin_set(&out->radius, h->radius);
}

static int is_finite(double v) { return v - v == 0; }

int imp_hull_finite(const imp_hull *h) {
  int i;
  if (!(h->radius >= 0 && is_finite(h->radius))) return 0;
  for (i = 0; i < h->count; i++)
    if (!(is_finite(h->v[i].x) && is_finite(h->v[i].y) &&
          is_finite(h->lo[i].x) && is_finite(h->lo[i].y)))
      return 0;
  return 1;
}

int imp_xhull_next(const imp_xhull *h, int i) {
  return i + 1 == h->count ? 0 : i + 1;
}

int imp_xhull_prev(const imp_xhull *h, int i) {
  return i == 0 ? h->count - 1 : i - 1;
}

imp_xvec imp_xhull_edge(const imp_xhull *h, int i) {
  return imp_xvec_sub(&h->v[imp_xhull_next(h, i)], &h->v[i]);
}

/* The terms of cross(a, b), of a . b, of |a|^2 - r^2 (b unused) and of
** cross(a, b)^2 - r^2 |a|^2 (whether b is farther than r from the line
** along a, times |a|); how many. */
typedef int terms_of(imp_term *t, const imp_xvec *a, const imp_xvec *b,
                     const imp_lin *r);


static int cross_terms(imp_term *t, const imp_xvec *a, const imp_xvec *b,
                       const imp_lin *r) {
  (void)r;
  imp_term_set(&t[0], 1, &a->x, &b->y, NULL, NULL);
  imp_term_set(&t[1], -1, &a->y, &b->x, NULL, NULL);
  return 2;
}

static int dot_terms(imp_term *t, const imp_xvec *a, const imp_xvec *b,
                     const imp_lin *r) {
  (void)r;
  imp_term_set(&t[0], 1, &a->x, &b->x, NULL, NULL);
  imp_term_set(&t[1], 1, &a->y, &b->y, NULL, NULL);
  return 2;
}

static int length_terms(imp_term *t, const imp_xvec *a, const imp_xvec *b,
                        const imp_lin *r) {
  (void)b;
  imp_term_set(&t[0], 1, &a->x, &a->x, NULL, NULL);
  imp_term_set(&t[1], 1, &a->y, &a->y, NULL, NULL);
  imp_term_set(&t[2], -1, r, r, NULL, NULL);
  return 3;
}

static int beyond_terms(imp_term *t, const imp_xvec *a, const imp_xvec *b,
                        const imp_lin *r) {
  imp_term_set(&t[0], 1, &a->x, &a->x, &b->y, &b->y);
  imp_term_set(&t[1], -2, &a->x, &a->y, &b->x, &b->y);
  imp_term_set(&t[2], 1, &a->y, &a->y, &b->x, &b->x);
  imp_term_set(&t[3], -1, r, r, &a->x, &a->x);
  imp_term_set(&t[4], -1, r, r, &a->y, &a->y);
  return 5;
}

int imp_cross_sign_x(const imp_xvec *a, const imp_xvec *b) {
  imp_term t[2];
  return imp_terms_sign(t, cross_terms(t, a, b, NULL));
}

int imp_dot_sign_x(const imp_xvec *a, const imp_xvec *b) {
  imp_term t[2];
  return imp_terms_sign(t, dot_terms(t, a, b, NULL));
}

/* a1 - a0 (a0 NULL: a1) into *out as far as the filters read it. */
static void rough(imp_xvec *out, const imp_xvec *a1, const imp_xvec *a0) {
  if (a0) {
    imp_lin_rough(&out->x, &a1->x, &a0->x, -1);
    imp_lin_rough(&out->y, &a1->y, &a0->y, -1);
  } else {
    out->x.approx = a1->x.approx;
    out->x.mag = a1->x.mag;
    out->y.approx = a1->y.approx;
    out->y.mag = a1->y.mag;
  }
}

/* a1 - a0 exactly, in *buf unless a0 is NULL. */
static const imp_xvec *exact(imp_xvec *buf, const imp_xvec *a1,
                             const imp_xvec *a0) {
  if (!a0) return a1;
  imp_lin_combine(&buf->x, &a1->x, &a0->x, -1);
  imp_lin_combine(&buf->y, &a1->y, &a0->y, -1);
  return buf;
}

/* The sign that terms gives for a = a1 - a0 and b = b1 - b0 (b1 NULL: no
** b): first on the rounded differences, and only when their filter cannot
** certify it on the exact ones, which are costlier to build. */
static int decide(terms_of *terms, const imp_xvec *a1, const imp_xvec *a0,
                  const imp_xvec *b1, const imp_xvec *b0, const imp_lin *r) {
  imp_xvec a, b, ea, eb;
  imp_term t[5];
  int s;
  rough(&a, a1, a0);
  if (b1) rough(&b, b1, b0);
  else b = a;  /* unread: the terms without b ignore it */
  s = imp_terms_filter(t, terms(t, &a, &b, r));
  if (s != 2) return s;
  return imp_terms_sign(t, terms(t, exact(&ea, a1, a0),
                                 b1 ? exact(&eb, b1, b0) : &b, r));
}

/* The rounded value and the size of a1 - a0 (a0 NULL: a1) on each axis,
** as rough makes them. */
typedef struct rough2 { double x, y, mx, my; } rough2;

static rough2 rough_pair(const imp_xvec *a1, const imp_xvec *a0) {
  rough2 r;
  r.x = a0 ? a1->x.approx - a0->x.approx : a1->x.approx;
  r.y = a0 ? a1->y.approx - a0->y.approx : a1->y.approx;
  r.mx = a0 ? a1->x.mag + a0->x.mag : a1->x.mag;
  r.my = a0 ? a1->y.mag + a0->y.mag : a1->y.mag;
  return r;
}

/* The two-term signs, the hottest, without terms and calls first. */
int imp_cross_sign_diff(const imp_xvec *a1, const imp_xvec *a0,
                        const imp_xvec *b1, const imp_xvec *b0) {
  rough2 a = rough_pair(a1, a0), b = rough_pair(b1, b0);
  int s = imp_terms_certified(a.x * b.y + -(a.y * b.x),
                              a.mx * b.my + a.my * b.mx);
  return s != 2 ? s : decide(cross_terms, a1, a0, b1, b0, NULL);
}

int imp_dot_sign_diff(const imp_xvec *a1, const imp_xvec *a0,
                      const imp_xvec *b1, const imp_xvec *b0) {
  rough2 a = rough_pair(a1, a0), b = rough_pair(b1, b0);
  int s = imp_terms_certified(a.x * b.x + a.y * b.y,
                              a.mx * b.mx + a.my * b.my);
  return s != 2 ? s : decide(dot_terms, a1, a0, b1, b0, NULL);
}

/* The sign of |a|^2 - r^2, a = a1 - a0, filtered in place first (as
** cross_beyond). */
static int length_beyond(const imp_xvec *a1, const imp_xvec *a0,
                         const imp_lin *r) {
  rough2 a = rough_pair(a1, a0);
  double value = a.x * a.x + a.y * a.y - r->approx * r->approx;
  double size = a.mx * a.mx + a.my * a.my + r->mag * r->mag;
  int s = imp_terms_certified(value, size);
  return s != 2 ? s : decide(length_terms, a1, a0, NULL, NULL, r);
}

/* The sign of cross(a, b)^2 - r^2 |a|^2 for a = a1 - a0, b = b1 - b0:
** whether b is farther than r from the line along a, times |a|. Filtered
** in place first, each product and sum rounded as imp_terms_filter rounds
** them (beyond imp_exact_input, where rounding may overflow, the rounded
** sign is the answer, and it must be the same one). */
static int cross_beyond(const imp_xvec *a1, const imp_xvec *a0,
                        const imp_xvec *b1, const imp_xvec *b0,
                        const imp_lin *r) {
  rough2 a = rough_pair(a1, a0), b = rough_pair(b1, b0);
  double r2 = -r->approx * r->approx, m2 = r->mag * r->mag;
  double value = a.x * a.x * b.y * b.y + -2 * a.x * a.y * b.x * b.y +
                 a.y * a.y * b.x * b.x + r2 * a.x * a.x + r2 * a.y * a.y;
  double size = a.mx * a.mx * b.my * b.my + 2 * a.mx * a.my * b.mx * b.my +
                a.my * a.my * b.mx * b.mx + m2 * a.mx * a.mx +
                m2 * a.my * a.my;
  int s = imp_terms_certified(value, size);
  return s != 2 ? s : decide(beyond_terms, a1, a0, b1, b0, r);
}

static int rounded(const imp_xhull *h) { return h->radius.n > 0; }

/* Whether p is in the hull (radius 0): then *pl says whether inside it
** (no feature) or on its boundary, on which edge or vertex. */
static int on_hull(const imp_xhull *h, const imp_xvec *p, imp_place *pl) {
  int i, zero = -1, corner = -1;
  if (h->count == 1) {
    if (imp_lin_sign_diff(&p->x, &h->v[0].x) != 0 ||
        imp_lin_sign_diff(&p->y, &h->v[0].y) != 0)
      return 0;
    pl->vertex = 0;
    return 1;
  }
  if (h->count == 2) {
    const imp_xvec *a = &h->v[0], *b = &h->v[1];
    int from, to;
    if (imp_cross_sign_diff(b, a, p, a) != 0) return 0;
    from = imp_dot_sign_diff(p, a, b, a);
    to = imp_dot_sign_diff(p, b, b, a);
    if (from < 0 || to > 0) return 0;
    if (from == 0) pl->vertex = 0;
    else if (to == 0) pl->vertex = 1;
    else pl->edge = 0;
    return 1;
  }
  for (i = 0; i < h->count; i++) {
    int o = imp_cross_sign_diff(&h->v[imp_xhull_next(h, i)], &h->v[i], p,
                                &h->v[i]);
    if (o < 0) return 0;
    if (o == 0) {
      if (zero < 0) zero = i;
      else corner = zero + 1 == i ? i : 0;  /* the two edges' corner */
    }
  }
  if (corner >= 0) pl->vertex = corner;
  else if (zero >= 0) pl->edge = zero;
  return 1;
}

/* Whether p is in the cone of outward normals at vertex i. */
static int vertex_region(const imp_xhull *h, const imp_xvec *p, int i) {
  const imp_xvec *v = &h->v[i], *prev = &h->v[imp_xhull_prev(h, i)];
  const imp_xvec *next = &h->v[imp_xhull_next(h, i)];
  return imp_dot_sign_diff(p, v, v, prev) >= 0 &&
         imp_dot_sign_diff(p, v, next, v) <= 0;
}

/* Whether p is outside edge i and across from its inside. */
static int edge_region(const imp_xhull *h, const imp_xvec *p, int i) {
  const imp_xvec *v = &h->v[i], *next = &h->v[imp_xhull_next(h, i)];
  return imp_cross_sign_diff(next, v, p, v) < 0 &&
         imp_dot_sign_diff(p, v, next, v) > 0 &&
         imp_dot_sign_diff(p, next, next, v) < 0;
}

/* The feature nearest to p by rounded distances: a vertex (its index) or
** an edge (-1 - its index). */
static int roughly_nearest(const imp_xhull *h, const imp_xvec *p) {
  double best = INFINITY;
  int i, found = 0;
  for (i = 0; i < h->count; i++) {
    const imp_xvec *a = &h->v[i], *b = &h->v[imp_xhull_next(h, i)];
    double ex = b->x.approx - a->x.approx, ey = b->y.approx - a->y.approx;
    double qx = p->x.approx - a->x.approx, qy = p->y.approx - a->y.approx;
    double u = (qx * ex + qy * ey) / (ex * ex + ey * ey), dx, dy;
    int feature = -1 - i;
    if (!(u > 0)) {
      u = 0;
      feature = i;
    } else if (u >= 1) {
      u = 1;
      feature = imp_xhull_next(h, i);
    }
    dx = qx - u * ex;
    dy = qy - u * ey;
    if (dx * dx + dy * dy < best) {
      best = dx * dx + dy * dy;
      found = feature;
    }
  }
  return found;
}

/* The feature of the hull nearest to p, which lies outside it: the
** rounded guess when its region holds p, else the one whose does. */
static void nearest(const imp_xhull *h, const imp_xvec *p, imp_place *pl) {
  int i, guess;
  if (h->count == 1) {
    pl->vertex = 0;
    return;
  }
  guess = roughly_nearest(h, p);
  if (guess >= 0 ? vertex_region(h, p, guess)
                 : edge_region(h, p, -1 - guess)) {
    if (guess >= 0) pl->vertex = guess;
    else pl->edge = -1 - guess;
    return;
  }
  for (i = 0; i < h->count; i++)
    if (vertex_region(h, p, i)) {
      pl->vertex = i;
      return;
    }
  for (i = 0; i < h->count; i++)
    if (edge_region(h, p, i)) {
      pl->edge = i;
      return;
    }
  pl->vertex = 0;  /* only where rounded decisions disagree */
}

imp_place imp_xhull_place(const imp_xhull *h, const imp_xvec *p) {
  imp_place pl;
  int beyond;
  pl.vertex = pl.edge = -1;
  pl.hull = on_hull(h, p, &pl);
  if (pl.hull) {
    int boundary = pl.vertex >= 0 || pl.edge >= 0;
    pl.where = boundary && !rounded(h) ? IMP_BOUNDARY : IMP_INSIDE;
    return pl;
  }
  nearest(h, p, &pl);
  if (pl.vertex >= 0) {
    beyond = length_beyond(p, &h->v[pl.vertex], &h->radius);
  } else {
    const imp_xvec *v = &h->v[pl.edge];
    beyond = cross_beyond(&h->v[imp_xhull_next(h, pl.edge)], v, p, v,
                          &h->radius);
  }
  pl.where = beyond > 0 ? IMP_OUTSIDE
                        : (beyond == 0 ? IMP_BOUNDARY : IMP_INSIDE);
  return pl;
}

int imp_xhull_heading(const imp_xhull *h, const imp_xvec *p,
                      const imp_place *pl, const imp_xvec *d) {
  int k = pl->vertex, along_in, along_out, s;
  if (pl->edge >= 0) {
    int c = imp_cross_sign_diff(&h->v[imp_xhull_next(h, pl->edge)],
                                &h->v[pl->edge], d, NULL);
    if (h->count == 2 && !rounded(h)) return c == 0 ? IMP_FLAT : IMP_TOUCH;
    return c > 0 ? IMP_IN : (c < 0 ? IMP_OUT : IMP_FLAT);
  }
  if (h->count == 1) {
    if (!rounded(h)) return IMP_TOUCH;
    s = imp_dot_sign_diff(d, NULL, p, &h->v[0]);
    return s < 0 ? IMP_IN : (s > 0 ? IMP_OUT : IMP_TOUCH);
  }
  along_in = imp_cross_sign_diff(&h->v[k], &h->v[imp_xhull_prev(h, k)], d,
                                 NULL);
  along_out = imp_cross_sign_diff(&h->v[imp_xhull_next(h, k)], &h->v[k], d,
                                  NULL);
  if (rounded(h)) {
    /* On a corner's arc: along it only where the arc meets a flat side
    ** parallel to d. */
    s = imp_dot_sign_diff(d, NULL, p, &h->v[k]);
    if (s != 0) return s < 0 ? IMP_IN : IMP_OUT;
    return along_in == 0 || along_out == 0 ? IMP_FLAT : IMP_TOUCH;
  }
  if (along_in == 0 || along_out == 0) return IMP_FLAT;
  if (along_in > 0 && along_out > 0) return IMP_IN;
  if (along_in < 0 && along_out < 0) return IMP_OUT;
  return IMP_TOUCH;
}

int imp_xhull_facing(const imp_xhull *h, const imp_xvec *p,
                     const imp_place *pl, const imp_xvec *d) {
  if (pl->vertex >= 0)
    return imp_dot_sign_diff(d, NULL, p, &h->v[pl->vertex]);
  return -imp_cross_sign_diff(&h->v[imp_xhull_next(h, pl->edge)],
                              &h->v[pl->edge], d, NULL);
}

/* Where the line lies from the vertices: the one farthest right of it
** (least cross(d, v - p)) and farthest left, and whether another vertex
** ties with either (then a side of the hull is parallel to the line). */
int imp_xhull_line(const imp_xhull *h, const imp_xvec *p, const imp_xvec *d,
                   int *touch) {
  int i, lo = 0, hi = 0, tie_lo = 0, tie_hi = 0, side_lo, side_hi;
  for (i = 1; i < h->count; i++) {
    int c = imp_cross_sign_diff(d, NULL, &h->v[i], &h->v[lo]);
    if (c < 0) {
      lo = i;
      tie_lo = 0;
    } else if (c == 0) {
      tie_lo = 1;
    }
    c = imp_cross_sign_diff(d, NULL, &h->v[i], &h->v[hi]);
    if (c > 0) {
      hi = i;
      tie_hi = 0;
    } else if (c == 0) {
      tie_hi = 1;
    }
  }
  /* The sign of the right edge's distance left of the line, minus the
  ** radius, and of the left edge's, plus it (times |d|). */
  side_lo = imp_cross_sign_diff(d, NULL, &h->v[lo], p);
  if (rounded(h) && side_lo > 0)
    side_lo = cross_beyond(d, NULL, &h->v[lo], p, &h->radius);
  else if (rounded(h)) side_lo = -1;
  side_hi = imp_cross_sign_diff(d, NULL, &h->v[hi], p);
  if (rounded(h) && side_hi < 0)
    side_hi = -cross_beyond(d, NULL, &h->v[hi], p, &h->radius);
  else if (rounded(h)) side_hi = 1;
  if (side_lo > 0 || side_hi < 0) return IMP_LINE_MISS;
  *touch = side_lo == 0 ? lo : hi;
  if (side_lo == 0 && side_hi == 0)  /* a point or a segment along it */
    return h->count == 1 ? IMP_LINE_TOUCH : IMP_LINE_ALONG;
  if (side_lo == 0) return tie_lo ? IMP_LINE_ALONG : IMP_LINE_TOUCH;
  if (side_hi == 0) return tie_hi ? IMP_LINE_ALONG : IMP_LINE_TOUCH;
  /* Through a segment of no thickness: at one point. */
  if (h->count <= 2 && !rounded(h)) return IMP_LINE_PIERCE;
  return IMP_LINE_CROSS;
}

/* The sign of t_j - t_i, where t_i is when the line crosses the line of
** edge i (both entering or both leaving): cross(e_i, p + t d - v[i]) = 0
** at t_i = -N_i / D_i with N_i = cross(e_i, p - v[i]), D_i = cross(e_i,
** d), and D_i D_j > 0, so the sign is that of N_i D_j - N_j D_i. */
int imp_xhull_later(const imp_xhull *h, const imp_xvec *p, const imp_xvec *d,
                    int i, int j) {
  static const int coef[8] = {1, -1, -1, 1, -1, 1, 1, -1};
  const imp_xvec *vi = &h->v[i], *vj = &h->v[j];
  const imp_xvec *ni = &h->v[imp_xhull_next(h, i)];
  const imp_xvec *nj = &h->v[imp_xhull_next(h, j)];
  imp_xvec ei, ej, qi, qj;
  /* N_i D_j, then -N_j D_i: e_a.x q_a.y - e_a.y q_a.x times e_b.x d.y -
  ** e_b.y d.x, term by term. */
  const imp_lin *f[8][4] = {
    {&ei.x, &qi.y, &ej.x, &d->y}, {&ei.x, &qi.y, &ej.y, &d->x},
    {&ei.y, &qi.x, &ej.x, &d->y}, {&ei.y, &qi.x, &ej.y, &d->x},
    {&ej.x, &qj.y, &ei.x, &d->y}, {&ej.x, &qj.y, &ei.y, &d->x},
    {&ej.y, &qj.x, &ei.x, &d->y}, {&ej.y, &qj.x, &ei.y, &d->x}};
  imp_term t[8];
  int k, m, s;
  for (k = 0; k < 8; k++) {
    t[k].coef = coef[k];
    t[k].k = 4;
    for (m = 0; m < 4; m++) t[k].f[m] = f[k][m];
  }
  /* The rounded differences first, the exact ones where they cannot tell. */
  rough(&ei, ni, vi);
  rough(&ej, nj, vj);
  rough(&qi, p, vi);
  rough(&qj, p, vj);
  s = imp_terms_filter(t, 8);
  if (s != 2) return s;
  exact(&ei, ni, vi);
  exact(&ej, nj, vj);
  exact(&qi, p, vi);
  exact(&qj, p, vj);
  return imp_terms_sign(t, 8);
}
