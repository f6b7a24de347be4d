/*
** Segments against a convex hull grown by a radius, its vertices and
** radius held exactly (private to src/core): the casts of cast.c, and the
** sweeps of shapesweep.c, which cast from the origin against a Minkowski
** difference. Every decision (in or out, hit or miss, which side of a
** polygon) is exact on the vertices and the radius (xplace.c, on
** linear.h); times, normals and points are computed in double-double
** arithmetic and then rounded (xspan.c).
*/
#ifndef IMPACT_XHULL_H
#define IMPACT_XHULL_H

#include "impact.h"
#include "linear.h"

typedef struct imp_xvec { imp_lin x, y; } imp_xvec;

static inline imp_xvec imp_xvec_of(double x, double y) {
  imp_xvec v;
  imp_lin_set(&v.x, x);
  imp_lin_set(&v.y, y);
  return v;
}

static inline imp_xvec imp_xvec_add(const imp_xvec *a, const imp_xvec *b) {
  imp_xvec v;
  imp_lin_combine(&v.x, &a->x, &b->x, 1);
  imp_lin_combine(&v.y, &a->y, &b->y, 1);
  return v;
}

static inline imp_xvec imp_xvec_sub(const imp_xvec *a, const imp_xvec *b) {
  imp_xvec v;
  imp_lin_combine(&v.x, &a->x, &b->x, -1);
  imp_lin_combine(&v.y, &a->y, &b->y, -1);
  return v;
}

/* The signs of cross(a, b) and a . b, exactly. */
int imp_cross_sign_x(const imp_xvec *a, const imp_xvec *b);
int imp_dot_sign_x(const imp_xvec *a, const imp_xvec *b);
/* The same of a1 - a0 and b1 - b0 (a NULL a0 or b0 leaves a1 or b1 as it
** is), without building the differences where doubles decide. */
int imp_cross_sign_diff(const imp_xvec *a1, const imp_xvec *a0,
                        const imp_xvec *b1, const imp_xvec *b0);
int imp_dot_sign_diff(const imp_xvec *a1, const imp_xvec *a0,
                      const imp_xvec *b1, const imp_xvec *b0);

/* The points within radius of the convex hull of v[0..count): count 1 is a
** point, 2 a segment (a polygon of two edges, there and back), more a
** polygon, counter-clockwise for y up with no three on a line. Each
** vertex is a sum of at most four doubles per coordinate. */
#define IMP_XHULL_VERTICES (2 * IMP_MAX_VERTICES)
typedef struct imp_xhull {
  int count;
  imp_xvec v[IMP_XHULL_VERTICES];
  imp_lin radius;
} imp_xhull;

void imp_xhull_of(const imp_hull *h, imp_xhull *out);
/* Whether every coordinate of h is finite and its radius finite and >= 0:
** else every cast misses. */
int imp_hull_finite(const imp_hull *h);
int imp_xhull_next(const imp_xhull *h, int i);
int imp_xhull_prev(const imp_xhull *h, int i);
/* v[i + 1] - v[i]: the polygon's inside is on its left. */
imp_xvec imp_xhull_edge(const imp_xhull *h, int i);

/* Where a point lies: strictly inside the grown hull, on its boundary or
** outside; whether it is in the hull itself (radius 0); and the feature of
** the hull nearest to it (a vertex or an edge, the other -1), none when it
** is inside the hull, the one it lies on when on the hull's boundary. */
enum { IMP_OUTSIDE, IMP_BOUNDARY, IMP_INSIDE };
typedef struct imp_place { int where, hull, vertex, edge; } imp_place;
imp_place imp_xhull_place(const imp_xhull *h, const imp_xvec *p);

/* Which way d leads from a point on the boundary: into the inside, out,
** along a flat side (the line through it meets the shape in a piece of its
** boundary), or touching it there alone. */
enum { IMP_IN, IMP_OUT, IMP_FLAT, IMP_TOUCH };
int imp_xhull_heading(const imp_xhull *h, const imp_xvec *p,
                      const imp_place *pl, const imp_xvec *d);

/* For a point outside, the sign of d . m, m pointing from the nearest
** point of the hull to it: the shape can lie ahead along d only when
** negative, behind only when positive (it lies across a line from p). */
int imp_xhull_facing(const imp_xhull *h, const imp_xvec *p,
                     const imp_place *pl, const imp_xvec *d);

/* What the line through p along d does: misses, crosses the inside,
** touches at one point (the tangent point of vertex *touch's corner, or
** that vertex), runs along a flat side (which *touch ends), or pierces a
** segment of no thickness. And, never from imp_xhull_line, a line known
** to cross the inside through a point deeper than rounding's reach
** (imp_segment_filter's hits): the span then leaves a rounded hull's
** exit out. */
enum {
  IMP_LINE_MISS, IMP_LINE_CROSS, IMP_LINE_TOUCH, IMP_LINE_ALONG,
  IMP_LINE_PIERCE, IMP_LINE_THROUGH
};
int imp_xhull_line(const imp_xhull *h, const imp_xvec *p, const imp_xvec *d,
                   int *touch);

/* For two edges whose lines the line along d crosses both inwards or both
** outwards: the sign of the time of edge j's minus edge i's. */
int imp_xhull_later(const imp_xhull *h, const imp_xvec *p, const imp_xvec *d,
                    int i, int j);

/* Where the line enters the shape and leaves it, as times along d, and
** what it meets first: the unit outward normal there, and the point of the
** hull (radius 0) nearest to it, (1 - along) v[edge] + along v[edge + 1].
** For a line of the given kind (not a miss). Unless leaving is asked for,
** a line crossing a hull of no radius is left to leave at INFINITY: that
** exit costs a division per side, and a cast needs the entry alone; nor
** is the exit of a line through a rounded hull worked out. */
typedef struct imp_xspan {
  double enter, leave, along;
  imp_vec2 normal;
  int edge;
} imp_xspan;
void imp_xhull_span(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                    int line, int touch, int leaving, imp_xspan *out);

/* Where the line enters through the side from a to b, for a polygon
** (radius 0) whose entry that side is: the time, along and normal of
** imp_xhull_span's answer (not edge or leave). */
void imp_side_entry(const imp_xvec *a, const imp_xvec *b, const imp_xvec *p,
                    imp_vec2 d, imp_xspan *out);

/* The filter in front of xspan.c's double-double times (spanfilter.c):
** the time at which the line crosses the line of the side from a to b,
** 1 where doubles certify it within 2^-44; and the times at which it
** enters and leaves (unless leave is NULL) the disk of the radius about
** v, 1 where the line certainly crosses it and doubles certify the
** entry, plus 2 where they certify the exit. Each is certified on its
** own, so that a caller that needs one time takes the same as one that
** needs both. */
int imp_plain_crossing(const imp_xvec *a, const imp_xvec *b,
                       const imp_xvec *p, imp_vec2 d, double *t);
int imp_plain_disk(const imp_xvec *v, const imp_lin *radius,
                   const imp_xvec *p, imp_vec2 d, double *enter,
                   double *leave);
/* The side from a to b against the line from p along d, in doubles (the
** coordinates' rounded sums): e = b - a and q = p - a with their slops,
** and e x q (f, positive where p lies on the side's left) and e x d (g)
** with bounds on their errors (ef, eg). */
typedef struct imp_plain_line {
  double ex, ey, qx, qy, sex, sey, f, g, ef, eg;
} imp_plain_line;
/* Inline: the span and sweep filters take one per side. */
static inline void imp_plain_side(const imp_xvec *a, const imp_xvec *b,
                                  const imp_xvec *p, imp_vec2 d,
                                  imp_plain_line *s) {
  double sqx = imp_lin_slop(&p->x) + imp_lin_slop(&a->x);
  double sqy = imp_lin_slop(&p->y) + imp_lin_slop(&a->y);
  double l, r, dl, dr;
  s->sex = imp_lin_slop(&b->x) + imp_lin_slop(&a->x);
  s->sey = imp_lin_slop(&b->y) + imp_lin_slop(&a->y);
  s->ex = b->x.approx - a->x.approx;
  s->ey = b->y.approx - a->y.approx;
  s->qx = p->x.approx - a->x.approx;
  s->qy = p->y.approx - a->y.approx;
  l = s->ex * s->qy;
  r = s->ey * s->qx;
  dl = s->ex * d.y;
  dr = s->ey * d.x;
  s->f = l - r;
  s->g = dl - dr;
  s->ef = 0x1p-50 * (fabs(l) + fabs(r)) + 0x1p-1000 +
          ((fabs(s->ex) + s->sex) * sqy + fabs(s->qy) * s->sex +
           ((fabs(s->ey) + s->sey) * sqx + fabs(s->qx) * s->sey));
  s->eg = 0x1p-50 * (fabs(dl) + fabs(dr)) + 0x1p-1000 +
          (fabs(d.y) * s->sex + fabs(d.x) * s->sey);
}

/* Where the line crosses the side from a to b moved out by the radius:
** the time, where along the side (along of span, the side's squared
** length, in doubles) and which way (1 inwards, -1 outwards); 1 where
** doubles certify the time and the way, else 0. */
typedef struct imp_side_cross {
  double time, along, span;
  int way;
} imp_side_cross;
int imp_plain_rounded_side(const imp_xvec *a, const imp_xvec *b,
                           const imp_lin *radius, const imp_xvec *p,
                           imp_vec2 d, imp_side_cross *out);

/* imp_xhull_span's answer for a line through the disk of the radius
** about c (a circle's hull), where doubles certify it (imp_plain_disk):
** 1, else 0 and nothing written. */
int imp_disk_entry(const imp_xvec *c, const imp_lin *radius,
                   const imp_xvec *p, imp_vec2 d, imp_xspan *out);

/* Whether the cast from the origin along d surely starts outside h (a
** sweep's Minkowski difference, of 3 vertices or more) and passes
** strictly inside it, so that imp_xhull_crossing gives its span, as
** imp_xhull_cast would (sweepfilter.c). */
int imp_sweep_through(const imp_xhull *h, imp_vec2 d);

/* The segment from p along d (not zero) with the conventions of
** imp_shape_intersect_segment: whether it hits; if so, the span of its
** line with enter replaced by the time of first contact, in [0, 1]. */
int imp_xhull_cast(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                   imp_xspan *out);

/* imp_xhull_cast's answer for a segment known to hit with its line
** crossing the inside (imp_segment_filter), from a start strictly inside
** or not: the span alone, none of the decisions; and for a polygon whose
** side from a to b is known to be where the line enters, that side's
** entry alone (time and normal: no edge, along or leave); and for a
** circle, of centre c, where doubles certify its entry (imp_disk_entry:
** else 0 and nothing written). */
void imp_xhull_crossing(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                        int inside, imp_xspan *out);
void imp_side_crossing(const imp_xvec *a, const imp_xvec *b,
                       const imp_xvec *p, imp_vec2 d, int inside,
                       imp_xspan *out);
int imp_disk_crossing(const imp_xvec *c, const imp_lin *radius,
                      const imp_xvec *p, imp_vec2 d, int inside,
                      imp_xspan *out);

/* imp_shape_clip_segment on the hull. */
imp_clip_kind imp_xhull_clip(const imp_xhull *h, const imp_xvec *p,
                             imp_vec2 d, imp_clip *out);

/* imp_shape_intersect_point on the hull. */
int imp_xhull_push(const imp_xhull *h, double x, double y, imp_hit *out);

#endif
