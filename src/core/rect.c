/*
** bump.lua's rectangle rules. The World answers exactly as bump.lua 3.1.7
** does, so every formula here keeps bump's order of operations: the same
** doubles in, the same doubles out.
*/
#include <math.h>

#include "impact.h"

int imp_rect_contains_point(const imp_rect *r, double px, double py) {
  return px - r->x > IMP_RECT_DELTA && py - r->y > IMP_RECT_DELTA &&
         r->x + r->w - px > IMP_RECT_DELTA && r->y + r->h - py > IMP_RECT_DELTA;
}

int imp_rect_intersects(const imp_rect *a, const imp_rect *b) {
  return a->x < b->x + b->w && b->x < a->x + a->w &&
         a->y < b->y + b->h && b->y < a->y + a->h;
}

double imp_rect_square_distance(const imp_rect *a, const imp_rect *b) {
  double dx = a->x - b->x + (a->w - b->w) / 2;
  double dy = a->y - b->y + (a->h - b->h) / 2;
  return dx * dx + dy * dy;
}

imp_vec2 imp_rect_nearest_corner(const imp_rect *r, double px, double py) {
  imp_vec2 c;
  c.x = fabs(r->x - px) < fabs(r->x + r->w - px) ? r->x : r->x + r->w;
  c.y = fabs(r->y - py) < fabs(r->y + r->h - py) ? r->y : r->y + r->h;
  return c;
}

int imp_rect_segment(const imp_rect *r, double x1, double y1, double x2,
                     double y2, double ti1, double ti2, imp_rect_span *out) {
  double dx = x2 - x1, dy = y2 - y1;
  /* The sides left, right, top, bottom: outward normal, p and q of
  ** Liang-Barsky (the segment is inside the side's half-plane where
  ** p t <= q). */
  const double nx[4] = {-1, 1, 0, 0}, ny[4] = {0, 0, -1, 1};
  double p[4], q[4];
  imp_vec2 n1 = {0, 0}, n2 = {0, 0};
  int side;
  p[0] = -dx, q[0] = x1 - r->x;
  p[1] = dx, q[1] = r->x + r->w - x1;
  p[2] = -dy, q[2] = y1 - r->y;
  p[3] = dy, q[3] = r->y + r->h - y1;
  for (side = 0; side < 4; side++) {
    double t;
    if (p[side] == 0) {
      if (q[side] <= 0) return 0;
      continue;
    }
    t = q[side] / p[side];
    if (p[side] < 0) {
      if (t > ti2) return 0;
      if (t > ti1) ti1 = t, n1.x = nx[side], n1.y = ny[side];
    } else {
      if (t < ti1) return 0;
      if (t < ti2) ti2 = t, n2.x = nx[side], n2.y = ny[side];
    }
  }
  out->ti1 = ti1;
  out->ti2 = ti2;
  out->n1 = n1;
  out->n2 = n2;
  return 1;
}

/* Whether x lies in [2^-500, 2^500] in size: then neither quotient of two
** such numbers nor product of two of them overflows or underflows. */
static int moderate(double x) {
  return (fabs(x) >= 0x1p-500) & (fabs(x) <= 0x1p500);
}

/* Whether the line through (x1, y1) along (dx, dy) surely misses r by the
** arithmetic of imp_rect_segment, found with products instead of its
** divisions: most of a query's candidates are missed, and a division costs
** several products. The line misses where it enters the slab of one axis
** after leaving the other's: (qe_x / -|dx|) > (ql_y / |dy|), that is
** qe_x |dy| + ql_y |dx| < 0, with qe and ql the distances imp_rect_segment
** divides, on the sides entered and left. When that sum is below -2^-50
** times the sum of the sizes of its terms, the two quotients differ by
** more than their roundings can close, so they round apart too. Anything
** closer, or outside the moderate range, is left to imp_rect_segment. */
static int surely_missed(const imp_rect *r, double x1, double y1, double dx,
                         double dy) {
  double ax = fabs(dx), ay = fabs(dy);
  double left = x1 - r->x, right = r->x + r->w - x1;
  double top = y1 - r->y, bottom = r->y + r->h - y1;
  double enter_x = dx > 0 ? left : right, leave_x = dx > 0 ? right : left;
  double enter_y = dy > 0 ? top : bottom, leave_y = dy > 0 ? bottom : top;
  double a = enter_x * ay, b = leave_y * ax, c = enter_y * ax, d = leave_x * ay;
  return moderate(ax) & moderate(ay) & moderate(enter_x) & moderate(leave_x) &
         moderate(enter_y) & moderate(leave_y) &
         ((a + b < -0x1p-50 * (fabs(a) + fabs(b))) |
          (c + d < -0x1p-50 * (fabs(c) + fabs(d))));
}

/* One clip of the infinite line gives the segment's too: Liang-Barsky
** over [0, 1] keeps the same parameters, bounded by 0 and 1 (entering at
** -0 leaves 0), and misses exactly when the bounded ones cross. */
int imp_rect_crossed(const imp_rect *r, double x1, double y1, double x2,
                     double y2, double *ti1, double *ti2, double *weight) {
  imp_rect_span line;
  double in1, in2;
  if (surely_missed(r, x1, y1, x2 - x1, y2 - y1) ||
      !imp_rect_segment(r, x1, y1, x2, y2, -HUGE_VAL, HUGE_VAL, &line))
    return 0;
  in1 = line.ti1 > 0 ? line.ti1 : 0;
  in2 = line.ti2 < 1 ? line.ti2 : 1;
  if (in1 > in2 || !((0 < in1 && in1 < 1) || (0 < in2 && in2 < 1))) return 0;
  *ti1 = in1;
  *ti2 = in2;
  *weight = line.ti1 < line.ti2 ? line.ti1 : line.ti2;
  return 1;
}

static double sign(double v) { return v > 0 ? 1 : v == 0 ? 0 : -1; }

imp_rect imp_rect_swept(const imp_rect *r, double dx, double dy) {
  imp_rect s = *r;
  if (dx < 0) s.x += dx;
  if (dy < 0) s.y += dy;
  s.w += fabs(dx);
  s.h += fabs(dy);
  return s;
}

imp_rect imp_rect_diff(const imp_rect *a, const imp_rect *b) {
  imp_rect d;
  d.x = b->x - a->x - a->w;
  d.y = b->y - a->y - a->h;
  d.w = a->w + b->w;
  d.h = a->h + b->h;
  return d;
}

/*
** The seam rule, impact's one deliberate difference from bump.lua: a
** movement with no component across an axis (d == 0) only grazes a side of
** the difference lo .. lo + size on that axis lying within IMP_RECT_DELTA
** of it. bump.lua's difference rounds (64 - 39.7 - 24.3 = -3.55e-15), so a
** mover resting on a row of tiles overlaps the next tile by that much and
** stops at its seam; bump's grid hides this only when the floor lies on a
** grid line. Plain IEEE doubles, nothing else: the pure-Lua World copies
** it as it is.
*/
static int grazes(double d, double lo, double size) {
  return d == 0 && (fabs(lo) <= IMP_RECT_DELTA ||
                    fabs(lo + size) <= IMP_RECT_DELTA);
}

int imp_rect_detect(const imp_rect *item, const imp_rect *other, double goalx,
                    double goaly, imp_rect_collision *out) {
  double dx = goalx - item->x, dy = goaly - item->y;
  imp_rect diff = imp_rect_diff(item, other);  /* item's corner hits it */
  imp_rect_span span;
  out->move.x = dx;
  out->move.y = dy;
  if (imp_rect_contains_point(&diff, 0, 0)) {
    imp_vec2 c = imp_rect_nearest_corner(&diff, 0, 0);
    double wi = fmin(item->w, fabs(c.x)), hi = fmin(item->h, fabs(c.y));
    out->overlaps = 1;
    out->ti = -wi * hi;
    if (dx == 0 && dy == 0) {
      /* not moving: out along the smaller displacement */
      if (fabs(c.x) < fabs(c.y)) c.y = 0;
      else c.x = 0;
      out->normal.x = sign(c.x);
      out->normal.y = sign(c.y);
      out->touch.x = item->x + c.x;
      out->touch.y = item->y + c.y;
      return 1;
    }
    /* moving: back along the movement to where the overlap began */
    if (!imp_rect_segment(&diff, 0, 0, dx, dy, -HUGE_VAL, 1, &span)) return 0;
  } else {
    /* A path through a corner only (ti1 == ti2), one that ends at contact
    ** or one that only leaves is no hit; nor is one along a side (the seam
    ** rule above). */
    if (grazes(dx, diff.x, diff.w) || grazes(dy, diff.y, diff.h) ||
        !imp_rect_segment(&diff, 0, 0, dx, dy, -HUGE_VAL, HUGE_VAL, &span) ||
        !(span.ti1 < 1) || !(fabs(span.ti1 - span.ti2) >= IMP_RECT_DELTA) ||
        !(0 < span.ti1 + IMP_RECT_DELTA || (span.ti1 == 0 && span.ti2 > 0)))
      return 0;
    out->overlaps = 0;
    out->ti = span.ti1;
  }
  out->normal = span.n1;
  out->touch.x = item->x + dx * span.ti1;
  out->touch.y = item->y + dy * span.ti1;
  return 1;
}

/* A rectangle's normal is along an axis, and bump's responses set one
** coordinate; a shape's slanted normal takes the rest of the movement's
** part along it away (slide) or reverses it (bounce). */
static int slanted(imp_vec2 n) { return n.x != 0 && n.y != 0; }

imp_vec2 imp_rect_slide(const imp_rect_collision *c, imp_vec2 goal) {
  if (c->move.x != 0 || c->move.y != 0) {
    if (slanted(c->normal)) {
      double rx = goal.x - c->touch.x, ry = goal.y - c->touch.y;
      double into = rx * c->normal.x + ry * c->normal.y;
      goal.x = c->touch.x + (rx - into * c->normal.x);
      goal.y = c->touch.y + (ry - into * c->normal.y);
    } else if (c->normal.x != 0) {
      goal.x = c->touch.x;
    } else {
      goal.y = c->touch.y;
    }
  }
  return goal;
}

imp_vec2 imp_rect_bounce(const imp_rect_collision *c, imp_vec2 goal) {
  imp_vec2 b = c->touch;
  if (c->move.x != 0 || c->move.y != 0) {
    double rx = goal.x - c->touch.x, ry = goal.y - c->touch.y;
    if (slanted(c->normal)) {
      double into = rx * c->normal.x + ry * c->normal.y;
      rx -= 2 * into * c->normal.x;
      ry -= 2 * into * c->normal.y;
    } else if (c->normal.x == 0) {
      ry = -ry;
    } else {
      rx = -rx;
    }
    b.x = c->touch.x + rx;
    b.y = c->touch.y + ry;
  }
  return b;
}
