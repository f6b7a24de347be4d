/*
** A point and a segment against any shape: its exact hull and radius
** (imp_shape_hull) and the casts of xcast.c on them. An AABB, and an OBB
** whose cached sine is 0, is the intersect library's box: its own tests
** answer, bit for bit, and decide exactly on the same corners.
**
** The normal of a segment that starts inside is where its line entered,
** before the start, as the box's slab test has it; a zero delta is a point
** test, whose normal is the push-out's (and delta the rest of the delta
** pushed back, 0). A NaN anywhere is a miss.
*/
#include <math.h>

#include "hulls.h"
#include "impact.h"
#include "xhull.h"

static int box_of(imp_shape kind, const void *shape, imp_aabb *box) {
  if (kind == IMP_SHAPE_AABB) {
    *box = *(const imp_aabb *)shape;
    return 1;
  }
  if (kind == IMP_SHAPE_OBB) {
    const imp_obb *o = (const imp_obb *)shape;
    if (o->s == 0 && o->c == 1) {
      box->pos = o->pos;
      box->half = o->half;
      return 1;
    }
  }
  return 0;
}

static int is_finite(double v) { return v - v == 0; }

/* The shape's exact hull, or 0 when it is not finite. */
static int hull_of(imp_shape kind, const void *shape, imp_xhull *out) {
  imp_hull h;
  imp_shape_hull(kind, shape, &h);
  if (!imp_hull_finite(&h)) return 0;
  imp_xhull_of(&h, out);
  return 1;
}

int imp_shape_intersect_point(imp_shape kind, const void *shape, double x,
                              double y, imp_hit *out) {
  imp_aabb box;
  imp_xhull h;
  if (box_of(kind, shape, &box))
    return imp_aabb_intersect_point(&box, x, y, out);
  if (!(is_finite(x) && is_finite(y) && hull_of(kind, shape, &h))) return 0;
  return imp_xhull_push(&h, x, y, out);
}

/* What the segment hits, first contact in s. */
static int hit_at(const imp_xspan *s, double px, double py, double dx,
                  double dy, imp_hit *out) {
  out->time = s->enter;
  out->normal = s->normal;
  out->delta.x = (1.0 - s->enter) * -dx;
  out->delta.y = (1.0 - s->enter) * -dy;
  out->pos.x = px + dx * s->enter;
  out->pos.y = py + dy * s->enter;
  return 1;
}

/* The segment's hit on the shape's exact hull h (finite, as the segment
** is), given the filter's answer: a hit whose line crosses the inside
** needs only its span, and IMP_CAST_UNSURE the whole exact cast. */
static int hull_segment(const imp_xhull *h, double px, double py, double dx,
                        double dy, int where, imp_hit *out) {
  imp_xvec p = imp_xvec_of(px, py);
  imp_xspan s;
  imp_vec2 d;
  d.x = dx;
  d.y = dy;
  if (dx == 0 && dy == 0) {
    imp_hit push;
    if (!imp_xhull_push(h, px, py, &push)) return 0;
    s.enter = 0;
    s.normal = push.normal;
  } else if (where != IMP_CAST_UNSURE) {
    imp_xhull_crossing(h, &p, d, where == IMP_CAST_FROM_INSIDE, &s);
  } else if (!imp_xhull_cast(h, &p, d, &s)) {
    return 0;
  }
  return hit_at(&s, px, py, dx, dy, out);
}

/* The filter in doubles on a segment that moves (a point is left to the
** exact tests). */
static void filter(imp_shape kind, const void *shape, double px, double py,
                   double dx, double dy, imp_cast_hint *out) {
  imp_vec2 p, d;
  out->where = IMP_CAST_UNSURE;
  out->sided = 0;
  if (dx == 0 && dy == 0) return;
  p.x = px;
  p.y = py;
  d.x = dx;
  d.y = dy;
  imp_segment_filter(kind, shape, p, d, out);
}

/* The segment's hit on a shape that is not a box: the filter and, where
** it knows the polygon's side of entry, that side alone; else the exact
** hull, built into *h (its count 0 where it is not). */
static int shape_segment(imp_shape kind, const void *shape, double px,
                         double py, double dx, double dy, imp_xhull *h,
                         imp_hit *out) {
  imp_cast_hint hint;
  h->count = 0;
  filter(kind, shape, px, py, dx, dy, &hint);
  if (hint.where == IMP_CAST_MISS) return 0;
  if (kind == IMP_SHAPE_CIRCLE && hint.where != IMP_CAST_UNSURE) {
    /* Its hull is its centre and radius, as they are. */
    const imp_circle *c = (const imp_circle *)shape;
    imp_xvec xc = imp_xvec_of(c->pos.x, c->pos.y), xp = imp_xvec_of(px, py);
    imp_lin r = imp_lin_of(c->radius);
    imp_vec2 d;
    imp_xspan s;
    d.x = dx;
    d.y = dy;
    if (imp_disk_crossing(&xc, &r, &xp, d,
                          hint.where == IMP_CAST_FROM_INSIDE, &s))
      return hit_at(&s, px, py, dx, dy, out);
  }
  if (hint.sided) {
    imp_xvec xp = imp_xvec_of(px, py);
    imp_xvec a = imp_xvec_of(hint.side[0].x, hint.side[0].y);
    imp_xvec b = imp_xvec_of(hint.side[1].x, hint.side[1].y);
    imp_vec2 d;
    imp_xspan s;
    d.x = dx;
    d.y = dy;
    imp_side_crossing(&a, &b, &xp, d, hint.where == IMP_CAST_FROM_INSIDE,
                      &s);
    return hit_at(&s, px, py, dx, dy, out);
  }
  return hull_of(kind, shape, h) &&
         hull_segment(h, px, py, dx, dy, hint.where, out);
}

static imp_clip_kind hull_clip(const imp_xhull *h, double px, double py,
                               double dx, double dy, imp_clip *out) {
  imp_xvec p = imp_xvec_of(px, py);
  imp_vec2 d;
  d.x = dx;
  d.y = dy;
  return imp_xhull_clip(h, &p, d, out);
}

static int segment_finite(double px, double py, double dx, double dy) {
  return is_finite(px) && is_finite(py) && is_finite(dx) && is_finite(dy);
}

int imp_shape_intersect_segment(imp_shape kind, const void *shape, double px,
                                double py, double dx, double dy,
                                imp_hit *out) {
  imp_aabb box;
  imp_xhull h;
  if (box_of(kind, shape, &box))
    return imp_aabb_intersect_segment(&box, px, py, dx, dy, 0, 0, out);
  return segment_finite(px, py, dx, dy) &&
         shape_segment(kind, shape, px, py, dx, dy, &h, out);
}

imp_clip_kind imp_shape_clip_segment(imp_shape kind, const void *shape,
                                     double px, double py, double dx,
                                     double dy, imp_clip *out) {
  imp_aabb box;
  imp_xhull h;
  imp_cast_hint hint;
  int outside;
  if (box_of(kind, shape, &box))
    return imp_aabb_clip_segment(&box, px, py, dx, dy, out);
  outside = !segment_finite(px, py, dx, dy);
  if (!outside) {  /* the filter's miss is apart, not even touching */
    filter(kind, shape, px, py, dx, dy, &hint);
    outside = hint.where == IMP_CAST_MISS;
  }
  if (outside || !hull_of(kind, shape, &h)) {
    out->kind = IMP_CLIP_OUTSIDE;
    out->t0 = 1;
    out->t1 = 0;
    return IMP_CLIP_OUTSIDE;
  }
  return hull_clip(&h, px, py, dx, dy, out);
}

/* Both on one hull, which is most of either's cost; the clip only where
** the leaving is asked for. */
int imp_shape_crossed(imp_shape kind, const void *shape, double x1,
                      double y1, double x2, double y2, double *ti1,
                      double *ti2) {
  imp_aabb box;
  imp_xhull h;
  imp_hit hit;
  imp_clip c;
  double dx = x2 - x1, dy = y2 - y1;
  if (box_of(kind, shape, &box)) {
    if (!imp_aabb_intersect_segment(&box, x1, y1, dx, dy, 0, 0, &hit))
      return 0;
    if (ti2) imp_aabb_clip_segment(&box, x1, y1, dx, dy, &c);
  } else {
    if (!(segment_finite(x1, y1, dx, dy) &&
          shape_segment(kind, shape, x1, y1, dx, dy, &h, &hit)))
      return 0;
    if (ti2) {
      if (h.count == 0) hull_of(kind, shape, &h);  /* a hit's: finite */
      hull_clip(&h, x1, y1, dx, dy, &c);
    }
  }
  *ti1 = hit.time;
  if (ti2) *ti2 = c.t1 > hit.time ? c.t1 : hit.time;
  return 1;
}
