/*
** Arcs: a point, or a disc of radius r, on p(t) = p0 + v t + g t^2 / 2 for
** t in [0, 1], against any shape. It meets the shape when its centre comes
** strictly within R = r + the shape's radius of the shape's hull (with R
** 0: strictly inside the hull). That open set is the union of simple
** pieces: the open disc of radius R about each vertex, and about each edge
** (from w, along e) the open rectangle 0 < e.(p - w) < e.e, h^2 < R^2 e.e
** with h = e x (p - w); with R 0, a polygon's interior, e x (p - w) > 0 for
** every edge (counter-clockwise). The first entry into the union is the
** earliest first entry into a piece: the start, or a crossing of a piece's
** boundary, so the hull's interior adds nothing once the start is out.
**
** On a piece the centre is inside where a few polynomials in t of degree 4
** at most are all positive, their coefficients exact wide integers of the
** inputs. Dyadic intervals of time are searched earliest first, halving
** down to 2^-IMP_ARC_DEPTH: on each, every polynomial's Bernstein
** coefficients are found exactly (the polynomial shifted and scaled to the
** interval, then the change of basis, all in integers). All of them <= 0
** drops the interval; the first > 0 and the rest >= 0 for every polynomial
** puts the centre inside just after the interval's start, which is then
** the time. So a touch (the apex on a face, a graze of a corner) is
** dropped at the last depth, and a hit is found within 2^-IMP_ARC_DEPTH of
** its time; only a path that is inside a piece for less than that much
** time in all could be missed. The same decisions mostly come from doubles
** (arcbound.c): Bernstein signs where their error bound makes them sure,
** and, once one polynomial is left open on an interval where it surely
** rises, the grid point just past its root, whose signs say the search
** would stop there (no earlier interval can put the centre inside, and
** none on the way down to that one is dropped). The integers stay within
** the wide's limbs while every input is 0 or within 2^-96 and 2^40 in
** size; beyond, there is no hit.
*/
#include <math.h>

#include "arcbound.h"
#include "impact.h"
#include "wide.h"

#define IMP_ARC_DEPTH 52
#define IMP_ARC_LIMIT 0x1p40

/* A polynomial of degree n at most: a[i] the coefficient of t^i. */
typedef struct poly {
  int n;
  imp_wide a[5];
} poly;


static int binomial(int n, int k) {
  static const int row[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1}};
  return row[n][k];
}

/* The integer k (below 2^53) as a wide, unscaled. */
static imp_wide integer(double k) { return imp_wide_of(ldexp(k, -148)); }

/* Whether the centre is inside on none of [k, k + 1] 2^-d (-1), just
** after its start throughout (1), or neither (0): the signs of the
** Bernstein coefficients of 2^(d n) p((k + u) 2^-d) for u in [0, 1]. */
static int classify(const poly *p, double k, int d) {
  static const int lcm[5] = {1, 1, 2, 3, 12};
  imp_wide c[5], kpow[5], b;
  int n = p->n, i, j, positive = 0, negative = 0;
  kpow[0] = integer(1);
  for (i = 1; i <= n; i++) kpow[i] = imp_wide_mul(kpow[i - 1], integer(k));
  /* c[j]: the coefficient of u^j, sum of a[i] C(i, j) k^(i-j) 2^(d(n-i)). */
  for (j = 0; j <= n; j++) {
    c[j] = integer(0);
    for (i = j; i <= n; i++) {
      imp_wide m = imp_wide_mul(kpow[i - j], integer(binomial(i, j)));
      m = imp_wide_mul(m, imp_wide_of(ldexp(1, d * (n - i) - 148)));
      c[j] = imp_wide_add(c[j], imp_wide_mul(p->a[i], m));
    }
  }
  /* Bernstein coefficient j, times lcm: sum of C(j, i) / C(n, i) c[i]. */
  for (j = 0; j <= n; j++) {
    b = integer(0);
    for (i = 0; i <= j; i++) {
      int w = lcm[n] * binomial(j, i) / binomial(n, i);
      b = imp_wide_add(b, imp_wide_mul(c[i], integer(w)));
    }
    positive += b.sign > 0 || (j == 0 && b.sign == 0);
    negative += b.sign <= 0;
  }
  return negative == n + 1 ? -1 : positive == n + 1;
}

/* The path relative to a point w: d + v t + h t^2, exactly. */
/* The path relative to a point w: d + v t + h t^2, exactly. */
typedef struct path {
  imp_wide dx, dy, vx, vy, hx, hy;
} path;

static imp_wide dot(imp_wide ax, imp_wide ay, imp_wide bx, imp_wide by) {
  return imp_wide_add(imp_wide_mul(ax, bx), imp_wide_mul(ay, by));
}

static imp_wide cross(imp_wide ax, imp_wide ay, imp_wide bx, imp_wide by) {
  return imp_wide_sub(imp_wide_mul(ax, by), imp_wide_mul(ay, bx));
}

static imp_wide twice(imp_wide a) { return imp_wide_add(a, a); }

static imp_wide negated(imp_wide a) {
  a.sign = -a.sign;
  return a;
}

/* The quadratic e.(path) (cross 0) or e x (path) (cross 1). */
static void along(const path *p, imp_wide ex, imp_wide ey, int crossed,
                  poly *out) {
  imp_wide (*f)(imp_wide, imp_wide, imp_wide, imp_wide) =
    crossed ? cross : dot;
  out->n = 2;
  out->a[0] = f(ex, ey, p->dx, p->dy);
  out->a[1] = f(ex, ey, p->vx, p->vy);
  out->a[2] = f(ex, ey, p->hx, p->hy);
}

/* r2 - q^2 for a quadratic q: a quartic. */
static void below_square(imp_wide r2, const poly *q, poly *out) {
  const imp_wide *a = q->a;
  out->n = 4;
  out->a[0] = imp_wide_sub(r2, imp_wide_mul(a[0], a[0]));
  out->a[1] = negated(twice(imp_wide_mul(a[0], a[1])));
  out->a[2] = negated(imp_wide_add(imp_wide_mul(a[1], a[1]),
                                   twice(imp_wide_mul(a[0], a[2]))));
  out->a[3] = negated(twice(imp_wide_mul(a[1], a[2])));
  out->a[4] = negated(imp_wide_mul(a[2], a[2]));
}

/* The open disc of radius R (r2 = R^2) about the path's origin. */
static void disc_piece(const path *p, imp_wide r2, poly *q) {
  q->n = 4;
  q->a[0] = imp_wide_sub(r2, dot(p->dx, p->dy, p->dx, p->dy));
  q->a[1] = negated(twice(dot(p->vx, p->vy, p->dx, p->dy)));
  q->a[2] = negated(imp_wide_add(dot(p->vx, p->vy, p->vx, p->vy),
                                 twice(dot(p->hx, p->hy, p->dx, p->dy))));
  q->a[3] = negated(twice(dot(p->hx, p->hy, p->vx, p->vy)));
  q->a[4] = negated(dot(p->hx, p->hy, p->hx, p->hy));
}

/* The open rectangle along e from the path's origin, R^2 = r2. */
static void edge_piece(const path *p, imp_wide ex, imp_wide ey, imp_wide r2,
                       poly *out) {
  imp_wide length2 = dot(ex, ey, ex, ey);
  poly h;
  int i;
  along(p, ex, ey, 0, &out[0]);
  out[1].n = 2;
  for (i = 0; i < 3; i++) out[1].a[i] = negated(out[0].a[i]);
  out[1].a[0] = imp_wide_add(length2, out[1].a[0]);
  along(p, ex, ey, 1, &h);
  below_square(imp_wide_mul(r2, length2), &h, &out[2]);
}

/* The same polynomials in double-doubles (arcbound.h). */
typedef struct dd_path {
  imp_dd dx, dy, vx, vy, hx, hy;
} dd_path;

static imp_dd dd_dot(imp_dd ax, imp_dd ay, imp_dd bx, imp_dd by) {
  return imp_dd_add(imp_dd_mul(ax, bx), imp_dd_mul(ay, by));
}

static imp_dd dd_cross(imp_dd ax, imp_dd ay, imp_dd bx, imp_dd by) {
  return imp_dd_sub(imp_dd_mul(ax, by), imp_dd_mul(ay, bx));
}

static imp_dd dd_scaled(imp_dd a, double f) {  /* f -2, -1 or 2: exact */
  a.hi *= f;
  a.lo *= f;
  a.m *= fabs(f);
  return a;
}

static void dd_along(const dd_path *p, imp_dd ex, imp_dd ey, int crossed,
                     imp_dd_poly *out) {
  imp_dd (*f)(imp_dd, imp_dd, imp_dd, imp_dd) = crossed ? dd_cross : dd_dot;
  out->n = 2;
  out->a[0] = f(ex, ey, p->dx, p->dy);
  out->a[1] = f(ex, ey, p->vx, p->vy);
  out->a[2] = f(ex, ey, p->hx, p->hy);
}

static void dd_disc_piece(const dd_path *p, imp_dd r2, imp_dd_poly *q) {
  q->n = 4;
  q->a[0] = imp_dd_sub(r2, dd_dot(p->dx, p->dy, p->dx, p->dy));
  q->a[1] = dd_scaled(dd_dot(p->vx, p->vy, p->dx, p->dy), -2);
  q->a[2] = dd_scaled(imp_dd_add(dd_dot(p->vx, p->vy, p->vx, p->vy),
                                 dd_scaled(dd_dot(p->hx, p->hy, p->dx, p->dy),
                                           2)), -1);
  q->a[3] = dd_scaled(dd_dot(p->hx, p->hy, p->vx, p->vy), -2);
  q->a[4] = dd_scaled(dd_dot(p->hx, p->hy, p->hx, p->hy), -1);
}

static void dd_edge_piece(const dd_path *p, imp_dd ex, imp_dd ey, imp_dd r2,
                          imp_dd_poly *out) {
  imp_dd length2 = dd_dot(ex, ey, ex, ey), *a;
  imp_dd_poly h;
  int i;
  dd_along(p, ex, ey, 0, &out[0]);
  out[1].n = 2;
  for (i = 0; i < 3; i++) out[1].a[i] = dd_scaled(out[0].a[i], -1);
  out[1].a[0] = imp_dd_add(length2, out[1].a[0]);
  dd_along(p, ex, ey, 1, &h);
  a = h.a;
  out[2].n = 4;
  out[2].a[0] = imp_dd_sub(imp_dd_mul(r2, length2), imp_dd_mul(a[0], a[0]));
  out[2].a[1] = dd_scaled(imp_dd_mul(a[0], a[1]), -2);
  out[2].a[2] = dd_scaled(imp_dd_add(imp_dd_mul(a[1], a[1]),
                                     dd_scaled(imp_dd_mul(a[0], a[2]), 2)),
                          -1);
  out[2].a[3] = dd_scaled(imp_dd_mul(a[1], a[2]), -2);
  out[2].a[4] = dd_scaled(imp_dd_mul(a[2], a[2]), -1);
}

static int in_range(double v) {
  return v == 0 || (fabs(v) >= 0x1p-96 && fabs(v) <= IMP_ARC_LIMIT);
}

static int hull_in_range(const imp_hull *h) {
  int i, ok = in_range(h->radius);
  for (i = 0; i < h->count; i++)
    ok = ok && in_range(h->v[i].x) && in_range(h->v[i].y) &&
         in_range(h->lo[i].x) && in_range(h->lo[i].y);
  return ok;
}

/* The arc's own numbers, and where it met the shape. */
typedef struct arc {
  double x0, y0, vx, vy, hx, hy, radius;
  int exact;  /* whether the wides below are set */
  imp_wide wx0, wy0, wvx, wvy, whx, why;
} arc;

/* Which piece first, and how: the vertex or the edge from it. */
typedef enum piece_kind { AT_VERTEX, ALONG_EDGE, INSIDE } piece_kind;

static imp_wide vertex(const imp_hull *h, int i, int y) {
  return y ? imp_wide_add(imp_wide_of(h->v[i].y), imp_wide_of(h->lo[i].y))
           : imp_wide_add(imp_wide_of(h->v[i].x), imp_wide_of(h->lo[i].x));
}

static void path_from(arc *a, const imp_hull *h, int i, path *out) {
  if (!a->exact) {
    a->exact = 1;
    a->wx0 = imp_wide_of(a->x0);
    a->wy0 = imp_wide_of(a->y0);
    a->wvx = imp_wide_of(a->vx);
    a->wvy = imp_wide_of(a->vy);
    a->whx = imp_wide_of(a->hx);
    a->why = imp_wide_of(a->hy);
  }
  out->dx = imp_wide_sub(a->wx0, vertex(h, i, 0));
  out->dy = imp_wide_sub(a->wy0, vertex(h, i, 1));
  out->vx = a->wvx;
  out->vy = a->wvy;
  out->hx = a->whx;
  out->hy = a->why;
}

static imp_dd dd_vertex(const imp_hull *h, int i, int y) {
  return y ? imp_dd_add(imp_dd_exact(h->v[i].y), imp_dd_exact(h->lo[i].y))
           : imp_dd_add(imp_dd_exact(h->v[i].x), imp_dd_exact(h->lo[i].x));
}

static void dd_path_from(const arc *a, const imp_hull *h, int i,
                         dd_path *out) {
  out->dx = imp_dd_sub(imp_dd_exact(a->x0), dd_vertex(h, i, 0));
  out->dy = imp_dd_sub(imp_dd_exact(a->y0), dd_vertex(h, i, 1));
  out->vx = imp_dd_exact(a->vx);
  out->vy = imp_dd_exact(a->vy);
  out->hx = imp_dd_exact(a->hx);
  out->hy = imp_dd_exact(a->hy);
}

/* A piece: the centre is inside where every polynomial is positive. They
** come in double-doubles, and exactly only once a decision needs them. */
typedef struct piece {
  arc *a;
  const imp_hull *h;
  piece_kind kind;
  int index, count, exact;
  imp_dd_poly bound[IMP_MAX_VERTICES];
  poly p[IMP_MAX_VERTICES];
} piece;

/* Piece index of its kind, in double-doubles. */
static void make_piece(piece *pc, piece_kind kind, int index) {
  const imp_hull *h = pc->h;
  imp_dd r = imp_dd_add(imp_dd_exact(pc->a->radius),
                        imp_dd_exact(h->radius));
  dd_path p;
  int i, n = h->count;
  pc->kind = kind;
  pc->index = index;
  pc->exact = 0;
  if (kind == INSIDE) {
    pc->count = n;
    for (i = 0; i < n; i++) {
      int j = (i + 1) % n;
      dd_path_from(pc->a, h, i, &p);
      dd_along(&p, imp_dd_sub(dd_vertex(h, j, 0), dd_vertex(h, i, 0)),
               imp_dd_sub(dd_vertex(h, j, 1), dd_vertex(h, i, 1)), 1,
               &pc->bound[i]);
    }
    return;
  }
  dd_path_from(pc->a, h, index, &p);
  if (kind == AT_VERTEX) {
    pc->count = 1;
    dd_disc_piece(&p, imp_dd_mul(r, r), &pc->bound[0]);
  } else {
    int j = (index + 1) % n;
    pc->count = 3;
    dd_edge_piece(&p, imp_dd_sub(dd_vertex(h, j, 0), dd_vertex(h, index, 0)),
                  imp_dd_sub(dd_vertex(h, j, 1), dd_vertex(h, index, 1)),
                  imp_dd_mul(r, r), pc->bound);
  }
}

/* The piece's polynomials exactly. */
static const poly *exact_poly(piece *pc, int which) {
  const imp_hull *h = pc->h;
  int i, n = h->count, j = (pc->index + 1) % n;
  imp_wide r;
  path p;
  if (pc->exact) return &pc->p[which];
  pc->exact = 1;
  r = imp_wide_add(imp_wide_of(pc->a->radius), imp_wide_of(h->radius));
  r = imp_wide_mul(r, r);
  if (pc->kind == INSIDE) {
    for (i = 0; i < n; i++) {
      int k = (i + 1) % n;
      path_from(pc->a, h, i, &p);
      along(&p, imp_wide_sub(vertex(h, k, 0), vertex(h, i, 0)),
            imp_wide_sub(vertex(h, k, 1), vertex(h, i, 1)), 1, &pc->p[i]);
    }
    return &pc->p[which];
  }
  path_from(pc->a, h, pc->index, &p);
  if (pc->kind == AT_VERTEX)
    disc_piece(&p, r, &pc->p[0]);
  else
    edge_piece(&p, imp_wide_sub(vertex(h, j, 0), vertex(h, pc->index, 0)),
               imp_wide_sub(vertex(h, j, 1), vertex(h, pc->index, 1)),
               r, pc->p);
  return &pc->p[which];
}

/* The start of the earliest interval [k, k + 1] 2^-d, or of one within
** it, before limit, just after whose start the centre is inside every
** polynomial of the piece but those in done; 2 when there is none. Each
** polynomial's Bernstein signs come from doubles where they are certain,
** exactly otherwise; with one polynomial left open that rises over the
** interval, the search below it is the first grid point past its root. */
static double first_inside(piece *pc, double k, int d, unsigned done,
                           double limit) {
  double start = ldexp(k, -d), t;
  unsigned unsure = 0;
  int i, open = 0, opens = 0;
  if (!(start < limit)) return 2;
  for (i = 0; i < pc->count; i++) {
    int side;
    if (done >> i & 1) continue;
    side = imp_dd_classify(&pc->bound[i], k, d);
    if (side < 0) return 2;
    if (side == 1) {
      done |= 1u << i;
      continue;
    }
    if (side == IMP_ARC_UNSURE) unsure |= 1u << i;
    open = i;
    opens++;
  }
  if (opens == 1) {
    t = imp_dd_entry(&pc->bound[open], k, d, IMP_ARC_DEPTH, limit);
    if (t >= 0) return t;
  }
  for (i = 0; i < pc->count; i++) {
    int side;
    if (!(unsure >> i & 1)) continue;
    side = classify(exact_poly(pc, i), k, d);
    if (side < 0) return 2;
    if (side > 0) done |= 1u << i;
  }
  if (done == (1u << pc->count) - 1) return start;
  if (d == IMP_ARC_DEPTH) return 2;
  t = first_inside(pc, 2 * k, d + 1, done, limit);
  return t < 2 ? t : first_inside(pc, 2 * k + 1, d + 1, done, limit);
}

/* The earliest time the centre is inside a piece, 2 for none, and the
** piece in *kind and *index. */
static double first_contact(arc *a, const imp_hull *h, piece_kind *kind,
                            int *index) {
  double best = 2, t;
  int i, n = h->count, edges = n < 3 ? n - 1 : n;
  piece pc;
  pc.a = a;
  pc.h = h;
  if (a->radius + h->radius == 0) {
    if (n < 3) return 2;
    make_piece(&pc, INSIDE, 0);
    *kind = INSIDE;
    return first_inside(&pc, 0, 0, 0, 2);
  }
  for (i = 0; i < n; i++) {
    make_piece(&pc, AT_VERTEX, i);
    t = first_inside(&pc, 0, 0, 0, best);
    if (t < best) {
      best = t;
      *kind = AT_VERTEX;
      *index = i;
    }
  }
  for (i = 0; i < edges; i++) {
    make_piece(&pc, ALONG_EDGE, i);
    t = first_inside(&pc, 0, 0, 0, best);
    if (t < best) {
      best = t;
      *kind = ALONG_EDGE;
      *index = i;
    }
  }
  return best;
}

/* e x (pos - v[i]) and e's outward normal (unnormalized) for edge i. */
static double edge_side(const imp_hull *h, int i, imp_vec2 pos,
                        imp_vec2 *normal) {
  imp_vec2 a = h->v[i], b = h->v[(i + 1) % h->count];
  double ex = b.x - a.x, ey = b.y - a.y;
  normal->x = ey;
  normal->y = -ex;
  return ex * (pos.y - a.y) - ey * (pos.x - a.x);
}

/* The shape's outward normal where the piece was entered, at pos. */
static imp_vec2 normal_at(const imp_hull *h, piece_kind kind, int index,
                          imp_vec2 pos) {
  imp_vec2 n;
  int i;
  if (kind == AT_VERTEX) {
    n.x = pos.x - h->v[index].x;
    n.y = pos.y - h->v[index].y;
  } else if (kind == ALONG_EDGE) {
    if (edge_side(h, index, pos, &n) > 0) {  /* a segment's other side */
      n.x = -n.x;
      n.y = -n.y;
    }
  } else {  /* the edge whose line is nearest */
    double nearest = INFINITY;
    for (i = 0; i < h->count; i++) {
      imp_vec2 e;
      double depth = edge_side(h, i, pos, &e) / imp_vec2_length(e);
      if (depth < nearest) {
        nearest = depth;
        n = e;
      }
    }
  }
  imp_vec2_normalize(&n);
  return n;
}

/* The hit at time t: pos the centre then, delta from the end back to it. */
static void fill(const arc *a, double t, imp_vec2 normal, imp_hit *out) {
  out->time = t;
  out->normal = normal;
  out->pos.x = a->x0 + t * (a->vx + t * a->hx);
  out->pos.y = a->y0 + t * (a->vy + t * a->hy);
  out->delta.x = out->pos.x - (a->x0 + (a->vx + a->hx));
  out->delta.y = out->pos.y - (a->y0 + (a->vy + a->hy));
}

int imp_shape_intersect_arc(imp_shape kind, const void *shape, double x0,
                            double y0, double vx, double vy, double gx,
                            double gy, double radius, imp_hit *out) {
  imp_circle disc;
  imp_hull h;
  arc a;
  piece_kind piece = INSIDE;
  int index = 0;
  double t;
  a.x0 = x0;
  a.y0 = y0;
  a.vx = vx;
  a.vy = vy;
  a.hx = gx * 0.5;
  a.hy = gy * 0.5;
  a.radius = radius;
  disc.pos.x = x0;
  disc.pos.y = y0;
  disc.radius = radius;
  if (!(radius >= 0)) return 0;
  if (gx == 0 && gy == 0) {
    imp_sweep s;
    if (radius == 0)  /* as each type's own intersectSegment answers */
      return kind == IMP_SHAPE_OBB
        ? imp_obb_intersect_segment(shape, x0, y0, vx, vy, out)
        : imp_shape_intersect_segment(kind, shape, x0, y0, vx, vy, out);
    imp_shape_sweep(kind, shape, IMP_SHAPE_CIRCLE, &disc, vx, vy, &s);
    if (!s.has_hit) return 0;
    fill(&a, vx == 0 && vy == 0 ? 0 : s.hit.time, s.hit.normal, out);
    return 1;
  }
  imp_shape_hull(kind, shape, &h);
  if (!(in_range(x0) && in_range(y0) && in_range(vx) && in_range(vy) &&
        in_range(a.hx) && in_range(a.hy) && in_range(radius) &&
        in_range(gx) && in_range(gy) && hull_in_range(&h)))
    return 0;
  if (imp_shape_intersects(kind, shape, IMP_SHAPE_CIRCLE, &disc)) {
    imp_hit push;
    imp_shape_overlap(kind, shape, IMP_SHAPE_CIRCLE, &disc, &push);
    fill(&a, 0, push.normal, out);
    return 1;
  }
  a.exact = 0;
  t = first_contact(&a, &h, &piece, &index);
  if (!(t <= 1)) return 0;
  fill(&a, t, out->normal, out);
  out->normal = normal_at(&h, piece, index, out->pos);
  return 1;
}
