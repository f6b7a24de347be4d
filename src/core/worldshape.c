/*
** The World's shape items (the grid keeps them, by their bounds): a bump
** rectangle met by a shape as the polygon it is, and bump's collision of a
** pair where either is a shape, made of the exact sweep and push-out, so
** that no move passes through a shape or ends inside one.
*/
#include <math.h>
#include <string.h>

#include "impact.h"

/* At angle 0 a polygon's world vertex is pos + v, each sum rounded: the
** corners x + w and y + h, as bump's own tests compute them. */
void imp_rect_polygon(const imp_rect *r, imp_polygon *out) {
  memset(out, 0, sizeof *out);
  out->pos.x = r->x;
  out->pos.y = r->y;
  out->c = 1;
  out->count = 4;
  out->v[1].x = r->w;
  out->v[2].x = r->w;
  out->v[2].y = r->h;
  out->v[3].y = r->h;
}

void imp_item_geometry(const imp_grid *g, size_t id, imp_item_shape *out) {
  imp_rect r;
  if (imp_grid_shape(g, id, out)) return;
  r = imp_grid_rect(g, id);
  imp_rect_polygon(&r, &out->shape.polygon);
  out->kind = IMP_SHAPE_POLYGON;
}

void imp_shape_rect(imp_shape kind, const void *shape, imp_rect *out) {
  imp_aabb box;
  if (kind == IMP_SHAPE_CIRCLE) {
    *out = imp_circle_rect((const imp_circle *)shape);
    return;
  }
  imp_shape_bounds(kind, shape, &box);
  out->x = box.pos.x - box.half.x;
  out->y = box.pos.y - box.half.y;
  out->w = box.half.x + box.half.x;
  out->h = box.half.y + box.half.y;
}

int imp_shape_detect(imp_shape okind, const void *other, imp_shape mkind,
                     const void *moving, double goalx, double goaly,
                     imp_rect_collision *out) {
  imp_vec2 from = imp_shape_pos(mkind, moving);
  imp_sweep s;
  imp_hit push;
  out->move.x = goalx - from.x;
  out->move.y = goaly - from.y;
  imp_shape_sweep(okind, other, mkind, moving, out->move.x, out->move.y, &s);
  if (!s.has_hit) return 0;
  /* starting in overlap, the sweep stops at 0: out by the push-out */
  if (s.time == 0 && imp_shape_overlap(okind, other, mkind, moving, &push)) {
    out->overlaps = 1;
    out->ti = -sqrt(push.delta.x * push.delta.x + push.delta.y * push.delta.y);
    out->normal = push.normal;
    out->touch.x = from.x + push.delta.x;
    out->touch.y = from.y + push.delta.y;
    return 1;
  }
  out->overlaps = 0;
  out->ti = s.time;
  out->normal = s.hit.normal;
  out->touch = s.pos;
  return 1;
}

int imp_shape_meets_rect(imp_shape kind, const void *shape,
                         const imp_rect *r) {
  imp_polygon p;
  imp_rect_polygon(r, &p);
  return imp_shape_intersects(IMP_SHAPE_POLYGON, &p, kind, shape);
}

/* Far more than the rounding of the coordinates' sums and of the times
** along a segment, far less than any gap worth testing exactly. */
static double slack(double a, double b, double c, double d) {
  return 0x1p-40 * (fabs(a) + fabs(b) + fabs(c) + fabs(d));
}

int imp_rects_apart(const imp_rect *a, const imp_rect *b) {
  double sx = slack(a->x, a->w, b->x, b->w), sy = slack(a->y, a->h, b->y, b->h);
  return a->x + a->w + sx < b->x || b->x + b->w + sx < a->x ||
         a->y + a->h + sy < b->y || b->y + b->h + sy < a->y;
}

/* Narrows [*lo, *hi], the times of a segment from p along d, to those
** within [min, max] on one axis; whether any are left. A NaN leaves it. */
static int clip_axis(double p, double d, double min, double max, double *lo,
                     double *hi) {
  double t0, t1;
  if (d == 0) return !(p < min || p > max);
  t0 = (min - p) / d;
  t1 = (max - p) / d;
  if (d < 0) {
    double t = t0;
    t0 = t1;
    t1 = t;
  }
  if (t0 > *lo) *lo = t0;
  if (t1 < *hi) *hi = t1;
  return !(*lo > *hi);
}

/* The rectangle grown by the slack: the times computed against it are
** within rounding of the true ones, far less than the slack over |d|, so
** a segment that touches the rectangle is never found to pass it. */
int imp_segment_passes_rect(const imp_rect *r, double x1, double y1,
                            double x2, double y2) {
  double s = slack(r->x, r->w, x1, x2) + slack(r->y, r->h, y1, y2);
  double lo = 0, hi = 1;
  return !clip_axis(x1, x2 - x1, r->x - s, r->x + r->w + s, &lo, &hi) ||
         !clip_axis(y1, y2 - y1, r->y - s, r->y + r->h + s, &lo, &hi);
}

static double distance2(imp_vec2 a, imp_vec2 b) {
  double dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy;
}

/* Candidates are kept in the order found; each round takes the nearest
** to the start not yet tried (the first found of equals), so the search
** is the same on every backend. */
int imp_push_search(imp_vec2 start, imp_blocking blocking, void *ud,
                    imp_vec2 *out) {
  imp_vec2 cand[IMP_PUSH_CANDIDATES], push[IMP_PUSH_CANDIDATES];
  int tried[IMP_PUSH_CANDIDATES];
  int n = 0, i, k, m;
  imp_vec2 at = start;
  for (;;) {
    m = blocking(ud, at, push, IMP_PUSH_CANDIDATES);
    if (m == 0) {
      *out = at;
      return 1;
    }
    for (k = 0; k < m && n < IMP_PUSH_CANDIDATES; k++) {
      imp_vec2 c;
      c.x = at.x + push[k].x;
      c.y = at.y + push[k].y;
      for (i = 0; i < n; i++)
        if (cand[i].x == c.x && cand[i].y == c.y) break;
      if (i < n) continue;
      cand[n] = c;
      tried[n++] = 0;
    }
    for (i = 0, k = -1; i < n; i++) {
      if (!tried[i] &&
          (k < 0 || distance2(cand[i], start) < distance2(cand[k], start)))
        k = i;
    }
    if (k < 0) return 0;
    tried[k] = 1;
    at = cand[k];
  }
}
