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

int imp_cross_sign_x(const imp_xvec *a, const imp_xvec *b) {
  imp_term t[2] = {{1, 2, {NULL}}, {-1, 2, {NULL}}};
  t[0].f[0] = &a->x;
  t[0].f[1] = &b->y;
  t[1].f[0] = &a->y;
  t[1].f[1] = &b->x;
  return imp_terms_sign(t, 2);
}

int imp_dot_sign_x(const imp_xvec *a, const imp_xvec *b) {
  imp_term t[2] = {{1, 2, {NULL}}, {1, 2, {NULL}}};
  t[0].f[0] = &a->x;
  t[0].f[1] = &b->x;
  t[1].f[0] = &a->y;
  t[1].f[1] = &b->y;
  return imp_terms_sign(t, 2);
}

/* The sign of |a|^2 - r^2. */
static int length_beyond(const imp_xvec *a, const imp_lin *r) {
  imp_term t[3] = {{1, 2, {NULL}}, {1, 2, {NULL}}, {-1, 2, {NULL}}};
  t[0].f[0] = t[0].f[1] = &a->x;
  t[1].f[0] = t[1].f[1] = &a->y;
  t[2].f[0] = t[2].f[1] = r;
  return imp_terms_sign(t, 3);
}

/* The sign of cross(a, b)^2 - r^2 |a|^2: whether b is farther than r
** from the line along a, times |a|. */
static int cross_beyond(const imp_xvec *a, const imp_xvec *b,
                        const imp_lin *r) {
  imp_term t[5] = {{1, 4, {NULL}}, {-2, 4, {NULL}}, {1, 4, {NULL}},
                   {-1, 4, {NULL}}, {-1, 4, {NULL}}};
  t[0].f[0] = t[0].f[1] = &a->x;
  t[0].f[2] = t[0].f[3] = &b->y;
  t[1].f[0] = &a->x;
  t[1].f[1] = &a->y;
  t[1].f[2] = &b->x;
  t[1].f[3] = &b->y;
  t[2].f[0] = t[2].f[1] = &a->y;
  t[2].f[2] = t[2].f[3] = &b->x;
  t[3].f[0] = t[3].f[1] = t[4].f[0] = t[4].f[1] = r;
  t[3].f[2] = t[3].f[3] = &a->x;
  t[4].f[2] = t[4].f[3] = &a->y;
  return imp_terms_sign(t, 5);
}

static int rounded(const imp_xhull *h) { return h->radius.n > 0; }

/* Whether p is in the hull (radius 0): then *pl says whether inside it
** (no feature) or on its boundary, on which edge or vertex. */
static int on_hull(const imp_xhull *h, const imp_xvec *p, imp_place *pl) {
  int i, zero = -1, corner = -1;
  if (h->count == 1) {
    imp_xvec q = imp_xvec_sub(p, &h->v[0]);
    if (imp_lin_sign(&q.x) != 0 || imp_lin_sign(&q.y) != 0) return 0;
    pl->vertex = 0;
    return 1;
  }
  if (h->count == 2) {
    imp_xvec e = imp_xhull_edge(h, 0), q0 = imp_xvec_sub(p, &h->v[0]);
    imp_xvec q1 = imp_xvec_sub(p, &h->v[1]);
    int from, to;
    if (imp_cross_sign_x(&e, &q0) != 0) return 0;
    from = imp_dot_sign_x(&q0, &e);
    to = imp_dot_sign_x(&q1, &e);
    if (from < 0 || to > 0) return 0;
    if (from == 0) pl->vertex = 0;
    else if (to == 0) pl->vertex = 1;
    else pl->edge = 0;
    return 1;
  }
  for (i = 0; i < h->count; i++) {
    imp_xvec e = imp_xhull_edge(h, i), q = imp_xvec_sub(p, &h->v[i]);
    int o = imp_cross_sign_x(&e, &q);
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
  imp_xvec q = imp_xvec_sub(p, &h->v[i]);
  imp_xvec in = imp_xhull_edge(h, imp_xhull_prev(h, i));
  imp_xvec out = imp_xhull_edge(h, i);
  return imp_dot_sign_x(&q, &in) >= 0 && imp_dot_sign_x(&q, &out) <= 0;
}

/* Whether p is outside edge i and across from its inside. */
static int edge_region(const imp_xhull *h, const imp_xvec *p, int i) {
  imp_xvec e = imp_xhull_edge(h, i), q = imp_xvec_sub(p, &h->v[i]);
  imp_xvec r = imp_xvec_sub(p, &h->v[imp_xhull_next(h, i)]);
  return imp_cross_sign_x(&e, &q) < 0 && imp_dot_sign_x(&q, &e) > 0 &&
         imp_dot_sign_x(&r, &e) < 0;
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
    imp_xvec q = imp_xvec_sub(p, &h->v[pl.vertex]);
    beyond = length_beyond(&q, &h->radius);
  } else {
    imp_xvec e = imp_xhull_edge(h, pl.edge);
    imp_xvec q = imp_xvec_sub(p, &h->v[pl.edge]);
    beyond = cross_beyond(&e, &q, &h->radius);
  }
  pl.where = beyond > 0 ? IMP_OUTSIDE
                        : (beyond == 0 ? IMP_BOUNDARY : IMP_INSIDE);
  return pl;
}

int imp_xhull_heading(const imp_xhull *h, const imp_xvec *p,
                      const imp_place *pl, const imp_xvec *d) {
  int k = pl->vertex, along_in, along_out, s;
  imp_xvec in, out;
  if (pl->edge >= 0) {
    imp_xvec e = imp_xhull_edge(h, pl->edge);
    int c = imp_cross_sign_x(&e, d);
    if (h->count == 2 && !rounded(h)) return c == 0 ? IMP_FLAT : IMP_TOUCH;
    return c > 0 ? IMP_IN : (c < 0 ? IMP_OUT : IMP_FLAT);
  }
  if (h->count == 1) {
    imp_xvec q = imp_xvec_sub(p, &h->v[0]);
    if (!rounded(h)) return IMP_TOUCH;
    s = imp_dot_sign_x(d, &q);
    return s < 0 ? IMP_IN : (s > 0 ? IMP_OUT : IMP_TOUCH);
  }
  in = imp_xhull_edge(h, imp_xhull_prev(h, k));
  out = imp_xhull_edge(h, k);
  along_in = imp_cross_sign_x(&in, d);
  along_out = imp_cross_sign_x(&out, d);
  if (rounded(h)) {
    /* On a corner's arc: along it only where the arc meets a flat side
    ** parallel to d. */
    imp_xvec q = imp_xvec_sub(p, &h->v[k]);
    s = imp_dot_sign_x(d, &q);
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
  if (pl->vertex >= 0) {
    imp_xvec q = imp_xvec_sub(p, &h->v[pl->vertex]);
    return imp_dot_sign_x(d, &q);
  } else {
    imp_xvec e = imp_xhull_edge(h, pl->edge);
    return -imp_cross_sign_x(&e, d);
  }
}

/* Where the line lies from the vertices: the one farthest right of it
** (least cross(d, v - p)) and farthest left, and whether another vertex
** ties with either (then a side of the hull is parallel to the line). */
int imp_xhull_line(const imp_xhull *h, const imp_xvec *p, const imp_xvec *d,
                   int *touch) {
  int i, lo = 0, hi = 0, tie_lo = 0, tie_hi = 0, side_lo, side_hi;
  imp_xvec q;
  for (i = 1; i < h->count; i++) {
    imp_xvec w = imp_xvec_sub(&h->v[i], &h->v[lo]);
    int c = imp_cross_sign_x(d, &w);
    if (c < 0) {
      lo = i;
      tie_lo = 0;
    } else if (c == 0) {
      tie_lo = 1;
    }
    w = imp_xvec_sub(&h->v[i], &h->v[hi]);
    c = imp_cross_sign_x(d, &w);
    if (c > 0) {
      hi = i;
      tie_hi = 0;
    } else if (c == 0) {
      tie_hi = 1;
    }
  }
  /* The sign of the right edge's distance left of the line, minus the
  ** radius, and of the left edge's, plus it (times |d|). */
  q = imp_xvec_sub(&h->v[lo], p);
  side_lo = imp_cross_sign_x(d, &q);
  if (rounded(h) && side_lo > 0) side_lo = cross_beyond(d, &q, &h->radius);
  else if (rounded(h)) side_lo = -1;
  q = imp_xvec_sub(&h->v[hi], p);
  side_hi = imp_cross_sign_x(d, &q);
  if (rounded(h) && side_hi < 0)
    side_hi = -cross_beyond(d, &q, &h->radius);
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
  imp_xvec ei = imp_xhull_edge(h, i), ej = imp_xhull_edge(h, j);
  imp_xvec qi = imp_xvec_sub(p, &h->v[i]), qj = imp_xvec_sub(p, &h->v[j]);
  /* N_i D_j, then -N_j D_i: e_a.x q_a.y - e_a.y q_a.x times e_b.x d.y -
  ** e_b.y d.x, term by term. */
  const imp_lin *f[8][4] = {
    {&ei.x, &qi.y, &ej.x, &d->y}, {&ei.x, &qi.y, &ej.y, &d->x},
    {&ei.y, &qi.x, &ej.x, &d->y}, {&ei.y, &qi.x, &ej.y, &d->x},
    {&ej.x, &qj.y, &ei.x, &d->y}, {&ej.x, &qj.y, &ei.y, &d->x},
    {&ej.y, &qj.x, &ei.x, &d->y}, {&ej.y, &qj.x, &ei.y, &d->x}};
  imp_term t[8];
  int k, m;
  for (k = 0; k < 8; k++) {
    t[k].coef = coef[k];
    t[k].k = 4;
    for (m = 0; m < 4; m++) t[k].f[m] = f[k][m];
  }
  return imp_terms_sign(t, 8);
}
