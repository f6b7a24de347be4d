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

int imp_shape_intersect_segment(imp_shape kind, const void *shape, double px,
                                double py, double dx, double dy,
                                imp_hit *out) {
  imp_aabb box;
  imp_xhull h;
  imp_xvec p;
  imp_xspan s;
  imp_vec2 d;
  if (box_of(kind, shape, &box))
    return imp_aabb_intersect_segment(&box, px, py, dx, dy, 0, 0, out);
  if (!(is_finite(px) && is_finite(py) && is_finite(dx) && is_finite(dy) &&
        hull_of(kind, shape, &h)))
    return 0;
  if (dx == 0 && dy == 0) {
    imp_hit push;
    if (!imp_xhull_push(&h, px, py, &push)) return 0;
    s.enter = 0;
    s.normal = push.normal;
  } else {
    p = imp_xvec_of(px, py);
    d.x = dx;
    d.y = dy;
    if (!imp_xhull_cast(&h, &p, d, &s)) return 0;
  }
  out->time = s.enter;
  out->normal = s.normal;
  out->delta.x = (1.0 - s.enter) * -dx;
  out->delta.y = (1.0 - s.enter) * -dy;
  out->pos.x = px + dx * s.enter;
  out->pos.y = py + dy * s.enter;
  return 1;
}

imp_clip_kind imp_shape_clip_segment(imp_shape kind, const void *shape,
                                     double px, double py, double dx,
                                     double dy, imp_clip *out) {
  imp_aabb box;
  imp_xhull h;
  imp_xvec p;
  imp_vec2 d;
  if (box_of(kind, shape, &box))
    return imp_aabb_clip_segment(&box, px, py, dx, dy, out);
  if (!(is_finite(px) && is_finite(py) && is_finite(dx) && is_finite(dy) &&
        hull_of(kind, shape, &h))) {
    out->kind = IMP_CLIP_OUTSIDE;
    out->t0 = 1;
    out->t1 = 0;
    return IMP_CLIP_OUTSIDE;
  }
  p = imp_xvec_of(px, py);
  d.x = dx;
  d.y = dy;
  return imp_xhull_clip(&h, &p, d, out);
}
