/*
** The filter in front of a segment's cast (cast.c). On the shape's world
** points and radius, before any hull is built, doubles certify most
** segments: a miss where the segment lies apart from the shape, and a hit
** where its start is strictly outside or strictly inside and a point of
** it is strictly inside. Such a hit's line crosses the inside, so that
** the cast makes none of its exact decisions and only works out where
** the line enters (xspan.c): the same bits. Near touching, it decides.
*/
#include <math.h>

#include "circles.h"
#include "hulls.h"
#include "wide.h"

/* Each side's line against the segment's (hulls.h). The bounds are 4 and
** 3 roundings of their products' magnitudes; 2^-50 of them leaves room
** for 2 more in their sum at a time in [0, 1], and the last term covers
** underflow. */
typedef imp_side_line side_line;

static void side_lines(const imp_vec2 *v, int n, imp_vec2 p, imp_vec2 d,
                       side_line *out) {
  int i;
  for (i = 0; i < n; i++) {
    imp_vec2 a = v[i], b = v[i + 1 == n ? 0 : i + 1];
    double ex = b.x - a.x, ey = b.y - a.y;
    double l = ex * (p.y - a.y), r = ey * (p.x - a.x);
    double dl = ex * d.y, dr = ey * d.x;
    out[i].from = l - r;
    out[i].along = dl - dr;
    out[i].from_error = 0x1p-50 * (fabs(l) + fabs(r)) + 0x1p-1000;
    out[i].along_error = 0x1p-50 * (fabs(dl) + fabs(dr)) + 0x1p-1000;
  }
}

/* The middle of the times inside every side's line by Cyrus-Beck, t
** exact, each side's value there beyond its bound: the path then winds
** round the point, which lies strictly inside its hull. */
int imp_passes_inside(const side_line *s, int n) {
  double lo = 0, hi = 1, t;
  int i;
  for (i = 0; i < n; i++) {
    double f = s[i].from, g = s[i].along;
    if (g > 0) lo = -f / g > lo ? -f / g : lo;
    else if (g < 0) hi = -f / g < hi ? -f / g : hi;
    else if (!(f > 0)) return 0;
  }
  if (!(lo < hi)) return 0;
  t = 0.5 * (lo + hi);
  for (i = 0; i < n; i++)
    if (!(s[i].from + t * s[i].along > s[i].from_error + s[i].along_error))
      return 0;
  return 1;
}

/* The side of a convex path through which the line enters it, as the
** exact span chooses it: the latest crossing of the sides that d crosses
** inwards (along > 0). Where doubles certify it, every side's way and the
** latest time apart from the others by their bounds, its index; else -1.
** A time -f / g is off by (ef + |T| eg) / |g| at most, where the exact
** time |T| <= (|f| + ef) / (|g| - eg), and by its rounding; the bound's
** own roundings are far within 2^-40 of it. */
static int entry_side(const side_line *s, int n) {
  double time[IMP_MAX_VERTICES], error[IMP_MAX_VERTICES];
  int i, best = -1;
  for (i = 0; i < n; i++) {
    double f = s[i].from, g = s[i].along, ef = s[i].from_error;
    double eg = s[i].along_error;
    if (!(fabs(g) > eg)) return -1;
    if (g < 0) continue;
    time[i] = -f / g;
    error[i] = ((ef + eg * ((fabs(f) + ef) / (g - eg))) / g +
                0x1p-52 * fabs(time[i])) *
               (1 + 0x1p-40);
    if (best < 0 || time[i] > time[best]) best = i;
  }
  for (i = 0; best >= 0 && i < n; i++)
    if (i != best && s[i].along > 0 &&
        !(time[best] - error[best] > time[i] + error[i]))
      return -1;
  return best;
}

/* Whether the box of the segment from p to its end e and the box of the
** points v grown by r are apart by more than the roundings of the gap and
** of e: the usual miss, and a cheap one. */
static int boxes_apart(const imp_vec2 *v, int n, double r, imp_vec2 p,
                       imp_vec2 e) {
  double lo_x = p.x < e.x ? p.x : e.x, hi_x = p.x < e.x ? e.x : p.x;
  double lo_y = p.y < e.y ? p.y : e.y, hi_y = p.y < e.y ? e.y : p.y;
  double slack;
  imp_vec2 low, high;
  imp_points_box(v, n, &low, &high);
  slack = 0x1p-50 * (fabs(lo_x) + fabs(hi_x) + fabs(lo_y) + fabs(hi_y) +
                     fabs(low.x) + fabs(high.x) + fabs(low.y) +
                     fabs(high.y) + r) +
          0x1p-1000;
  return lo_x - (high.x + r) > slack || (low.x - r) - hi_x > slack ||
         lo_y - (high.y + r) > slack || (low.y - r) - hi_y > slack;
}

/* Whether every input is imp_exact_input, where the cast's decisions are
** exact: beyond, it takes rounded signs, which the filter must leave it
** to take, as the pure backend takes them. */
static int all_exact(const imp_vec2 *v, int n, imp_vec2 p, imp_vec2 d,
                     double r) {
  int i, exact = imp_exact_input(p.x) & imp_exact_input(p.y) &
                 imp_exact_input(d.x) & imp_exact_input(d.y) &
                 imp_exact_input(r);
  for (i = 0; i < n; i++)
    exact &= imp_exact_input(v[i].x) & imp_exact_input(v[i].y);
  return exact;
}

/* A circle of centre c, by the squared distances from c: to the start
** (imp_disc_sign), to the point of the segment at a time in [0, 1] that
** doubles find (the point there exact, as t is), to the line and to the
** end, each exact one certified where the rounded one clears 2^-48 of
** the squares of the magnitudes involved (size, the sum of the offsets'
** and of d's), far above their few roundings, and the last term
** underflow. Past the ends, the end nearest the centre is the nearest
** point. */
static int circle_filter(imp_vec2 c, double r, imp_vec2 p, imp_vec2 d) {
  double qx = p.x - c.x, qy = p.y - c.y, r2 = r * r;
  double d2 = d.x * d.x + d.y * d.y, qd = qx * d.x + qy * d.y;
  double ex = qx + d.x, ey = qy + d.y;
  double size = (fabs(qx) + fabs(qy)) + (fabs(d.x) + fabs(d.y)), size2;
  double bound, t, gx, gy, cross;
  int start = imp_disc_sign(c, p, r, 0);
  if (start < 0) return IMP_CAST_FROM_INSIDE;
  if (start != 1) return IMP_CAST_UNSURE;
  size2 = size * size;
  bound = 0x1p-48 * (size2 + r2) + 0x1p-1000;
  t = d2 > 0 ? -qd / d2 : 0;
  t = t > 0 ? (t < 1 ? t : 1) : 0;
  gx = qx + t * d.x;
  gy = qy + t * d.y;
  if (gx * gx + gy * gy - r2 < -bound) return IMP_CAST_FROM_OUTSIDE;
  cross = d.x * qy - d.y * qx;
  if (cross * cross - r2 * d2 > 0x1p-48 * (size2 + r2) * size2 + 0x1p-1000 ||
      qd > bound || (ex * d.x + ey * d.y < -bound &&
                     ex * ex + ey * ey - r2 > bound))
    return IMP_CAST_MISS;
  return IMP_CAST_UNSURE;
}

/* A capsule, by the distances to its points (imp_points_near): of the
** start and of the segment, whose end rounds, within the slack. */
static int capsule_filter(const imp_vec2 *v, double r, imp_vec2 p,
                          const imp_vec2 ends[2], double slack) {
  int start = imp_points_near(v, 2, &p, 1, r, 0), near;
  if (start == 2) return IMP_CAST_UNSURE;
  if (start == 1) return IMP_CAST_FROM_INSIDE;
  near = imp_points_near(v, 2, ends, 2, r, slack);
  return near == 0 ? IMP_CAST_MISS
                   : (near == 1 ? IMP_CAST_FROM_OUTSIDE : IMP_CAST_UNSURE);
}

/* A polygon (radius 0). Where doubles certify that it turns one way, by
** its sides, taken counter-clockwise: the start strictly inside every
** side's line, or strictly outside one; a point of the segment strictly
** inside, and the side the line enters through; or a side with both ends
** of the segment strictly outside it, a miss. Else by the distances to
** its points. */
static void polygon_filter(imp_vec2 *v, int n, imp_vec2 p, imp_vec2 d,
                           const imp_vec2 ends[2], double slack,
                           imp_cast_hint *out) {
  side_line sides[IMP_MAX_VERTICES];
  int way = imp_surely_convex(v, n), inside = 1, outside = 0, beside = 0;
  int i;
  if (way == 0) {
    int start = imp_points_near(v, n, &p, 1, 0, 0);
    if (start == 1) out->where = IMP_CAST_FROM_INSIDE;
    else if (start == 0 && imp_points_near(v, n, ends, 2, 0, slack) == 0)
      out->where = IMP_CAST_MISS;
    return;
  }
  for (i = 0; way < 0 && i < n - 1 - i; i++) {
    imp_vec2 t = v[i];
    v[i] = v[n - 1 - i];
    v[n - 1 - i] = t;
  }
  side_lines(v, n, p, d, sides);
  for (i = 0; i < n; i++) {
    const side_line *s = &sides[i];
    int out_at_start = s->from < -s->from_error;
    inside &= s->from > s->from_error;
    outside |= out_at_start;
    beside |= out_at_start &
              (s->from + s->along < -(s->from_error + s->along_error));
  }
  if (beside) {
    out->where = IMP_CAST_MISS;
  } else if (inside || (outside && imp_passes_inside(sides, n))) {
    out->where = inside ? IMP_CAST_FROM_INSIDE : IMP_CAST_FROM_OUTSIDE;
    i = entry_side(sides, n);
    if (i >= 0) {
      out->sided = 1;
      out->side[0] = v[i];
      out->side[1] = v[i + 1 == n ? 0 : i + 1];
    }
  } else if (outside && imp_points_near(v, n, ends, 2, 0, slack) == 0) {
    out->where = IMP_CAST_MISS;
  }
}

/* The segment's end p + d is rounded, so that the distance tests take it
** with a slack for that rounding, 2^-53 of each coordinate, with 2^-50
** of the end and the radius leaving room for the sums' own. */
void imp_segment_filter(imp_shape kind, const void *shape, imp_vec2 p,
                        imp_vec2 d, imp_cast_hint *out) {
  imp_vec2 v[IMP_MAX_VERTICES], ends[2];
  double r, slack;
  int n;
  out->where = IMP_CAST_UNSURE;
  out->sided = 0;
  if (kind == IMP_SHAPE_CIRCLE) {  /* the most common, and the cheapest */
    const imp_circle *c = (const imp_circle *)shape;
    if (c->radius >= 0 && all_exact(&c->pos, 1, p, d, c->radius))
      out->where = circle_filter(c->pos, c->radius, p, d);
    return;
  }
  r = imp_shape_radius(kind, shape);
  n = imp_shape_points(kind, shape, v);
  if (n < 1 || !(r >= 0) || !all_exact(v, n, p, d, r)) return;
  ends[0] = p;
  ends[1].x = p.x + d.x;
  ends[1].y = p.y + d.y;
  slack = 0x1p-50 * ((fabs(ends[1].x) + fabs(ends[1].y)) + r) + 0x1p-1000;
  if (boxes_apart(v, n, r, p, ends[1])) out->where = IMP_CAST_MISS;
  else if (n == 1) out->where = circle_filter(v[0], r, p, d);
  else if (n == 2) out->where = capsule_filter(v, r, p, ends, slack);
  else polygon_filter(v, n, p, d, ends, slack, out);
}
