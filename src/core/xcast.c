/*
** The casts on an exact hull: a segment's first contact, its clipping,
** and a point's push-out. The line through a segment meets the convex
** shape in one closed interval of times [enter, leave], or not at all;
** the segment hits when that interval reaches into (0, 1) by more than a
** point at either end, or is one point inside (0, 1), but not when it is
** a piece of a flat side. Each of those is read off the segment's ends,
** exactly (xplace.c): an end strictly inside lies within the interval, one
** on the boundary is where the line enters or where it leaves (or touches,
** or runs along a side), and for one outside, the shape lies across a line
** from it, ahead of it or behind it along d.
*/
#include <float.h>
#include <math.h>

#include "dd.h"
#include "xhull.h"

/* v within [lo, hi], a NaN lo. */
static double within(double v, double lo, double hi) {
  return v > lo ? (v < hi ? v : hi) : lo;
}

/* Whether the box of the segment from p along d and the shape's box are
** apart by more than the rounding of either: then the segment misses,
** with no exact decision to make (the usual case, and a cheap one). */
static int apart(const imp_xhull *h, const imp_xvec *p, imp_vec2 d) {
  double lo_x = p->x.approx, lo_y = p->y.approx, hi_x = lo_x, hi_y = lo_y;
  double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY;
  double max_y = -INFINITY, r = h->radius.approx, slack;
  int i;
  if (d.x < 0) lo_x += d.x;
  else hi_x += d.x;
  if (d.y < 0) lo_y += d.y;
  else hi_y += d.y;
  for (i = 0; i < h->count; i++) {
    double x = h->v[i].x.approx, y = h->v[i].y.approx;
    min_x = x < min_x ? x : min_x;
    max_x = x > max_x ? x : max_x;
    min_y = y < min_y ? y : min_y;
    max_y = y > max_y ? y : max_y;
  }
  slack = 0x1p-40 * (fabs(lo_x) + fabs(hi_x) + fabs(lo_y) + fabs(hi_y) +
                     fabs(min_x) + fabs(max_x) + fabs(min_y) + fabs(max_y) +
                     r);
  return max_x + r + slack < lo_x || min_x - r - slack > hi_x ||
         max_y + r + slack < lo_y || min_y - r - slack > hi_y;
}

/* Whether the shape, met by the line, lies behind the end at p (for p
** outside) or the line leaves it there (for p on the boundary). */
static int before_end(const imp_xhull *h, const imp_xvec *p,
                      const imp_place *pl, const imp_xvec *d) {
  if (pl->where == IMP_INSIDE) return 1;
  if (pl->where == IMP_BOUNDARY)
    return imp_xhull_heading(h, p, pl, d) == IMP_OUT;
  return imp_xhull_facing(h, p, pl, d) > 0;
}

/* A hit's time of first contact: 0 from a start inside. */
static void first_contact(int inside, imp_xspan *out) {
  out->enter = inside ? 0 : within(out->enter, 0, 1);
}

int imp_xhull_cast(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                   imp_xspan *out) {
  imp_xvec dv = imp_xvec_of(d.x, d.y), end = imp_xvec_add(p, &dv);
  imp_place a;
  int line, touch = 0, inside;
  if (apart(h, p, d)) return 0;
  a = imp_xhull_place(h, p);
  inside = a.where == IMP_INSIDE;
  if (a.where == IMP_BOUNDARY) {
    /* Leaving, along a side or touching at time 0 is no hit. */
    if (imp_xhull_heading(h, p, &a, &dv) != IMP_IN) return 0;
    inside = 1;
  } else if (a.where == IMP_OUTSIDE) {
    imp_place b;
    if (imp_xhull_facing(h, p, &a, &dv) >= 0) return 0;
    b = imp_xhull_place(h, &end);
    if (!before_end(h, &end, &b, &dv)) return 0;
  }
  line = imp_xhull_line(h, p, &dv, &touch);
  if (line == IMP_LINE_MISS || line == IMP_LINE_ALONG) return 0;
  imp_xhull_span(h, p, d, line, touch, 0, out);
  first_contact(inside, out);
  return 1;
}

void imp_xhull_crossing(const imp_xhull *h, const imp_xvec *p, imp_vec2 d,
                        int inside, imp_xspan *out) {
  imp_xhull_span(h, p, d, IMP_LINE_THROUGH, 0, 0, out);
  first_contact(inside, out);
}

int imp_disk_crossing(const imp_xvec *c, const imp_lin *radius,
                      const imp_xvec *p, imp_vec2 d, int inside,
                      imp_xspan *out) {
  if (!imp_disk_entry(c, radius, p, d, out)) return 0;
  first_contact(inside, out);
  return 1;
}

void imp_side_crossing(const imp_xvec *a, const imp_xvec *b,
                       const imp_xvec *p, imp_vec2 d, int inside,
                       imp_xspan *out) {
  imp_side_entry(a, b, p, d, out);
  first_contact(inside, out);
}

static imp_clip_kind clipped(imp_clip_kind kind, double t0, double t1,
                             imp_clip *out) {
  out->kind = kind;
  out->t0 = t0;
  out->t1 = t1;
  return kind;
}

imp_clip_kind imp_xhull_clip(const imp_xhull *h, const imp_xvec *p,
                             imp_vec2 d, imp_clip *out) {
  imp_xvec dv = imp_xvec_of(d.x, d.y), end = imp_xvec_add(p, &dv);
  imp_place a = imp_xhull_place(h, p), b;
  int in0 = a.where != IMP_OUTSIDE, in1, line, touch = 0, way;
  imp_xspan s;
  double t0, t1;
  if (d.x == 0 && d.y == 0)
    return in0 ? clipped(IMP_CLIP_INSIDE, 0, 1, out)
               : clipped(IMP_CLIP_OUTSIDE, 1, 0, out);
  b = imp_xhull_place(h, &end);
  in1 = b.where != IMP_OUTSIDE;
  if (in0 && in1) return clipped(IMP_CLIP_INSIDE, 0, 1, out);
  line = imp_xhull_line(h, p, &dv, &touch);
  if (!in0 && !in1 &&
      (line == IMP_LINE_MISS || imp_xhull_facing(h, p, &a, &dv) >= 0 ||
       imp_xhull_facing(h, &end, &b, &dv) <= 0))
    return clipped(IMP_CLIP_OUTSIDE, 1, 0, out);
  imp_xhull_span(h, p, d, line, touch, 1, &s);
  /* Rounding must not carry a time to an end that is not in the shape. */
  t0 = in0 ? 0 : within(s.enter, DBL_MIN, 1);
  t1 = in1 ? 1 : within(s.leave, 0, 1 - DBL_EPSILON / 2);
  if (a.where == IMP_BOUNDARY) {  /* leaving at once: a touch */
    way = imp_xhull_heading(h, p, &a, &dv);
    if (way == IMP_OUT || way == IMP_TOUCH) t1 = 0;
  }
  if (b.where == IMP_BOUNDARY) {  /* arriving at the end: a touch */
    way = imp_xhull_heading(h, &end, &b, &dv);
    if (way == IMP_IN || way == IMP_TOUCH) t0 = 1;
  }
  if (t0 > t1) {  /* one point, which rounding split */
    if (t1 > 0) t0 = t1;
    else t1 = t0;
  }
  if (in0) return clipped(IMP_CLIP_EXIT, t0, t1, out);
  return clipped(in1 ? IMP_CLIP_ENTER : IMP_CLIP_TRAVERSE, t0, t1, out);
}

/*
** Push-out of a point strictly inside: to the nearest boundary point. In
** the hull, that is across its nearest side (a point's or a segment's:
** any way, (0, 1) and edge 0's right), by the distance to the side plus
** the radius; out of it, away from its nearest feature, by the radius less
** the distance.
*/

/* The distance of the point at q from vertex k, or from edge k's line
** (positive on its right, outside), and the unit normal to push along. */
static double distance_from(const imp_xhull *h, const imp_place *pl,
                            const imp_xvec *q, imp_vec2 *normal) {
  ddvec u;
  double length;
  if (pl->vertex >= 0) {
    imp_xvec w = imp_xvec_sub(q, &h->v[pl->vertex]);
    normal->x = w.x.approx;
    normal->y = w.y.approx;
    return imp_vec2_normalize(normal);
  } else {
    imp_xvec e = imp_xhull_edge(h, pl->edge);
    imp_xvec w = imp_xvec_sub(q, &h->v[pl->edge]);
    dd ex = dd_of(e.x.approx), ey = dd_of(e.y.approx);
    u.x = dd_of(w.x.approx);
    u.y = dd_of(w.y.approx);
    normal->x = e.y.approx;
    normal->y = -e.x.approx;
    length = imp_vec2_normalize(normal);
    return dd_sub(dd_mul(ey, u.x), dd_mul(ex, u.y)).hi / length;
  }
}

/* The hull's side nearest to q, which lies in it, and the depth. */
static double nearest_side(const imp_xhull *h, const imp_xvec *q,
                           imp_vec2 *normal) {
  double best = INFINITY;
  int i;
  normal->x = 0;
  normal->y = 1;
  if (h->count == 1) return 0;
  for (i = 0; i < h->count; i++) {
    imp_place side;
    imp_vec2 n;
    double depth;
    side.vertex = -1;
    side.edge = i;
    depth = -distance_from(h, &side, q, &n);
    if (depth < best) {
      best = depth;
      *normal = n;
    }
  }
  return best > 0 ? best : 0;
}

int imp_xhull_push(const imp_xhull *h, double x, double y, imp_hit *out) {
  imp_xvec q = imp_xvec_of(x, y);
  imp_place pl = imp_xhull_place(h, &q);
  imp_vec2 normal;
  double depth, step, r = h->radius.approx;
  int i;
  if (pl.where != IMP_INSIDE) return 0;
  if (pl.hull) depth = nearest_side(h, &q, &normal) + r;
  else depth = r - distance_from(h, &pl, &q, &normal);
  normal.x += 0.0;  /* no -0 */
  normal.y += 0.0;
  out->normal = normal;
  out->pos.x = x + normal.x * depth;
  out->pos.y = y + normal.y * depth;
  out->time = 0;
  /* Moved by the delta in doubles, the point must be strictly outside:
  ** the depth grows by steps doubling from a rounding error until it is. */
  step = DBL_EPSILON * ((fabs(x) + fabs(y)) + depth) + 0x1p-1074;
  for (i = 0; i < IMP_SEPARATE_STEPS; i++) {
    imp_xvec moved = imp_xvec_of(x + normal.x * depth, y + normal.y * depth);
    if (imp_xhull_place(h, &moved).where == IMP_OUTSIDE) break;
    depth += step;
    step += step;
  }
  out->delta.x = normal.x * depth;
  out->delta.y = normal.y * depth;
  return 1;
}
