/*
** Every shape as the convex hull of its world vertices and a radius: the
** one form the shape tests decide on. Also the polygons' own checks, the
** exact convex hull of any points, the shapes' bounds and positions.
*/
#include <math.h>

#include "hulls.h"
#include "impact.h"
#include "predicates.h"
#include "scalar.h"
#include "vec2.h"

void imp_capsule_set_angle(imp_capsule *cap, double angle) {
  cap->angle = angle;
  cap->c = cos(angle);
  cap->s = sin(angle);
}

void imp_polygon_set_angle(imp_polygon *poly, double angle) {
  poly->angle = angle;
  poly->c = cos(angle);
  poly->s = sin(angle);
}

static int same(imp_vec2 a, imp_vec2 b) { return a.x == b.x && a.y == b.y; }

static int orient(imp_vec2 a, imp_vec2 b, imp_vec2 c) {
  return imp_orient(imp_xpoint_of(a), imp_xpoint_of(b), imp_xpoint_of(c));
}

/* Whether a is lower than b, or as low and to its left. */
static int lower(imp_vec2 a, imp_vec2 b) {
  return a.y < b.y || (a.y == b.y && a.x < b.x);
}

static int lowest(const imp_vec2 *v, int n) {
  int i, low = 0;
  for (i = 1; i < n; i++)
    if (lower(v[i], v[low])) low = i;
  return low;
}

/* Which half of the turn the direction from a to b points into: 0 for
** angles in [0, pi), 1 for [pi, 2 pi). Exact: a difference of doubles has
** the sign of the exact one. */
static int half_turn(imp_vec2 a, imp_vec2 b) {
  double dx = b.x - a.x, dy = b.y - a.y;
  return !((dy > 0) | ((dy == 0) & (dx > 0)));
}

/*
** The corners of the closed path v[0..n), n >= 3: OK when every corner
** turns strictly the same way and the path goes round once, with *turn
** that way (1 counter-clockwise for y up); otherwise the first corner on
** a line (COLLINEAR), else the first that turns against the lowest
** corner, which no path can turn reflex (REFLEX). A path whose corners
** all turn one way but that winds round twice or more (a pentagram) is
** REFLEX too: turning one way, its direction passes from one half of the
** turn to the other twice per round, and where it starts its second
** round is reported. *where is the corner's index, from 0; n is at most
** IMP_MAX_VERTICES.
*/
static imp_polygon_check corners(const imp_vec2 *v, int n, int *turn,
                                 int *where) {
  int i, changes = 0, low = lowest(v, n), at[IMP_MAX_VERTICES] = {0};
  for (i = 0; i < n; i++)
    at[i] = orient(v[(i + n - 1) % n], v[i], v[(i + 1) % n]);
  *turn = at[low];
  for (i = 0; i < n; i++) {
    *where = i;
    if (at[i] == 0) return IMP_POLYGON_COLLINEAR;
  }
  for (i = 0; i < n; i++) {
    *where = i;
    if (at[i] != *turn) return IMP_POLYGON_REFLEX;
  }
  for (i = 0; i < n; i++) {
    *where = i;
    changes += half_turn(v[(i + n - 1) % n], v[i]) !=
               half_turn(v[i], v[(i + 1) % n]);
    if (changes > 2) return IMP_POLYGON_REFLEX;
  }
  return IMP_POLYGON_OK;
}

imp_polygon_check imp_polygon_check_at(const imp_vec2 *v, int count,
                                       int *where) {
  int i, j, turn, at = 0;
  imp_polygon_check why;
  if (count < 3 || count > IMP_MAX_VERTICES) {
    *where = 0;
    return count < 3 ? IMP_POLYGON_TOO_FEW : IMP_POLYGON_TOO_MANY;
  }
  for (j = 1; j < count; j++)
    for (i = 0; i < j; i++)
      if (same(v[i], v[j])) {
        *where = j + 1;
        return IMP_POLYGON_REPEATED;
      }
  why = corners(v, count, &turn, &at);
  *where = why == IMP_POLYGON_OK ? 0 : at + 1;
  return why;
}

imp_polygon_check imp_polygon_check_vertices(const imp_vec2 *v, int count) {
  int where;
  return imp_polygon_check_at(v, count, &where);
}

/*
** The exact convex hull: Graham's scan around the lowest-then-leftmost
** point p, in place. Every other point lies in the half-plane above p (or
** on its right, level with it), so the turn around p orders them by angle;
** points at the same angle go nearest first (lower, or level and to the
** left). The scan then keeps strict left turns only; of the points at the
** last angle only the farthest can be a vertex, so the others are skipped.
*/
static int before(imp_vec2 p, imp_vec2 a, imp_vec2 b) {
  int o = orient(p, a, b);
  return o != 0 ? o > 0 : lower(a, b);
}

static void swap(imp_vec2 *a, imp_vec2 *b) {
  imp_vec2 t = *a;
  *a = *b;
  *b = t;
}

/* Heapsort (no memory, and safe whatever a NaN does to the order). */
static void sift(imp_vec2 p, imp_vec2 *h, int root, int n) {
  for (;;) {
    int child = 2 * root + 1;
    if (child >= n) return;
    if (child + 1 < n && before(p, h[child], h[child + 1])) child++;
    if (!before(p, h[root], h[child])) return;
    swap(&h[root], &h[child]);
    root = child;
  }
}

static void sort_around(imp_vec2 p, imp_vec2 *h, int n) {
  int i;
  for (i = n / 2 - 1; i >= 0; i--) sift(p, h, i, n);
  for (i = n - 1; i > 0; i--) {
    swap(&h[0], &h[i]);
    sift(p, h, 0, i);
  }
}

int imp_convex_hull(const imp_vec2 *points, int n, imp_vec2 *out) {
  int i, first = 1, last, k = 1;
  if (n <= 0) return 0;
  for (i = 0; i < n; i++) out[i] = points[i];
  swap(&out[0], &out[lowest(out, n)]);
  sort_around(out[0], out + 1, n - 1);
  while (first < n && same(out[first], out[0])) first++;
  if (first == n) return 1;
  last = n - 1;
  while (last > first && orient(out[0], out[last - 1], out[n - 1]) == 0)
    last--;
  for (i = first; i <= last; i++) {
    imp_vec2 p = out[i == last ? n - 1 : i];
    while (k >= 2 && orient(out[k - 2], out[k - 1], p) <= 0) k--;
    out[k++] = p;
  }
  return k;
}

/* A frame's point in the world, each operation rounded in this order. */
static imp_vec2 to_world(imp_vec2 pos, double c, double s, imp_vec2 v) {
  return vec2(pos.x + (c * v.x - s * v.y), pos.y + (s * v.x + c * v.y));
}

/* The common case, in one pass of flags rather than branches (random
** shapes make those mispredict), without the exact predicates' calls;
** else corners() says. */
int imp_surely_convex(const imp_vec2 *p, int n) {
  int i, left = 1, right = 1, changes = 0, half;
  imp_vec2 a = p[n - 1], b = p[0];
  half = half_turn(a, b);
  for (i = 0; i < n; i++) {
    imp_vec2 c = p[i + 1 < n ? i + 1 : 0];
    double l = (b.x - a.x) * (c.y - b.y), r = (b.y - a.y) * (c.x - b.x);
    double bound = 0x1p-50 * (fabs(l) + fabs(r)) + 0x1p-1000;
    int next = half_turn(b, c);
    left &= l - r > bound;
    right &= r - l > bound;
    changes += half != next;
    half = next;
    a = b;
    b = c;
  }
  return changes == 2 ? left - right : 0;
}

/* The hull of n <= IMP_MAX_VERTICES world points (lo 0). A strictly
** convex path is its own hull; either way it starts from its lowest
** point, so the two ways give the same hull. */
static void points_hull(const imp_vec2 *p, int n, imp_hull *out) {
  int i, turn = 0, where, low;
  if (n >= 3 && !(turn = imp_surely_convex(p, n)) &&
      corners(p, n, &turn, &where) != IMP_POLYGON_OK)
    turn = 0;
  if (turn != 0) {
    low = lowest(p, n);
    for (i = 0; i < n; i++) {  /* wrapped by flags: the wrap is random */
      int k = low + turn * i;
      out->v[i] = p[k + n * ((k < 0) - (k >= n))];
    }
    out->count = n;
  } else {
    out->count = imp_convex_hull(p, n, out->v);
  }
  for (i = 0; i < out->count; i++) out->lo[i] = vec2(0, 0);
  out->rounded = 0;
}

/* pos -+ half exactly: each corner's sum rounded, and what it left out. A
** zero half size makes the box a segment or a point. */
static void box_hull(imp_vec2 pos, imp_vec2 half, imp_hull *out) {
  static const int sx[4] = {0, 1, 1, 0}, sy[4] = {0, 0, 1, 1};
  double x[2], y[2], lx[2], ly[2];
  int i, wide = half.x > 0, tall = half.y > 0;
  x[0] = imp_two_sum(pos.x, -half.x, &lx[0]);
  x[1] = imp_two_sum(pos.x, half.x, &lx[1]);
  y[0] = imp_two_sum(pos.y, -half.y, &ly[0]);
  y[1] = imp_two_sum(pos.y, half.y, &ly[1]);
  out->count = 0;
  out->rounded = 0;
  for (i = 0; i < 4; i++) {
    if ((sx[i] && !wide) || (sy[i] && !tall)) continue;
    out->v[out->count] = vec2(x[sx[i]], y[sy[i]]);
    out->lo[out->count] = vec2(lx[sx[i]], ly[sy[i]]);
    out->rounded |= lx[sx[i]] != 0 || ly[sy[i]] != 0;
    out->count++;
  }
}

int imp_shape_points(imp_shape kind, const void *shape, imp_vec2 *out) {
  const imp_aabb *box = (const imp_aabb *)shape;
  const imp_obb *obb = (const imp_obb *)shape;
  const imp_capsule *cap = (const imp_capsule *)shape;
  const imp_polygon *poly = (const imp_polygon *)shape;
  imp_hull corners;
  int i, n;
  switch (kind) {
  case IMP_SHAPE_AABB:
  case IMP_SHAPE_OBB:
    if (kind == IMP_SHAPE_OBB && obb->s != 0) {
      imp_obb_corners(obb, out);
      return 4;
    }
    if (kind == IMP_SHAPE_AABB) box_hull(box->pos, box->half, &corners);
    else box_hull(obb->pos, obb->half, &corners);
    for (i = 0; i < corners.count; i++) out[i] = corners.v[i];
    return corners.rounded ? 0 : corners.count;
  case IMP_SHAPE_CIRCLE:
    out[0] = ((const imp_circle *)shape)->pos;
    return 1;
  case IMP_SHAPE_CAPSULE:
    out[0] = to_world(cap->pos, cap->c, cap->s, cap->a);
    out[1] = to_world(cap->pos, cap->c, cap->s, cap->b);
    return 2;
  case IMP_SHAPE_POLYGON:
    n = poly->count < IMP_MAX_VERTICES ? poly->count : IMP_MAX_VERTICES;
    for (i = 0; i < n; i++)
      out[i] = to_world(poly->pos, poly->c, poly->s, poly->v[i]);
    return n;
  }
  return 0;
}

void imp_points_box(const imp_vec2 *v, int n, imp_vec2 *low,
                    imp_vec2 *high) {
  int i;
  *low = *high = v[0];
  for (i = 1; i < n; i++) {
    if (v[i].x < low->x) low->x = v[i].x;
    if (v[i].y < low->y) low->y = v[i].y;
    if (v[i].x > high->x) high->x = v[i].x;
    if (v[i].y > high->y) high->y = v[i].y;
  }
}

double imp_points_gap(const imp_vec2 *v, int n, const imp_vec2 *w, int m) {
  imp_vec2 vlow, vhigh, wlow, whigh;
  double gaps[4], widest = -INFINITY;
  int i;
  imp_points_box(v, n, &vlow, &vhigh);
  imp_points_box(w, m, &wlow, &whigh);
  gaps[0] = wlow.x - vhigh.x;
  gaps[1] = vlow.x - whigh.x;
  gaps[2] = wlow.y - vhigh.y;
  gaps[3] = vlow.y - whigh.y;
  for (i = 0; i < 4; i++)  /* a NaN gap is passed over */
    if (gaps[i] > widest) widest = gaps[i];
  return widest;
}

double imp_shape_radius(imp_shape kind, const void *shape) {
  if (kind == IMP_SHAPE_CIRCLE) return ((const imp_circle *)shape)->radius;
  if (kind == IMP_SHAPE_CAPSULE) return ((const imp_capsule *)shape)->radius;
  return 0;
}

/* A box along the axes keeps what its corners' sums round off; every
** other shape is the hull of its world points. */
void imp_shape_hull(imp_shape kind, const void *shape, imp_hull *out) {
  const imp_aabb *box = (const imp_aabb *)shape;
  const imp_obb *obb = (const imp_obb *)shape;
  imp_vec2 p[IMP_MAX_VERTICES];
  if (kind == IMP_SHAPE_AABB)
    box_hull(box->pos, box->half, out);
  else if (kind == IMP_SHAPE_OBB && obb->s == 0)
    box_hull(obb->pos, obb->half, out);
  else
    points_hull(p, imp_shape_points(kind, shape, p), out);
  out->radius = imp_shape_radius(kind, shape);
}

/* The lesser of a and b, or a NaN if either is one (fmin would drop it):
** a NaN vertex makes NaN bounds, which every test rejects. */
static double least(double a, double b) {
  return b < a || b != b ? b : a;
}

/* The greater of a and b, a NaN dropped as fmax drops it (not a call). */
static double greater(double a, double b) {
  return a > b || b != b ? a : b;
}

/* Whether lo + hi >= a + b exactly (no overflow). */
static int at_least(double lo, double hi, double a, double b) {
  const double v[4] = {lo, hi, -a, -b};
  return imp_sign_of_sum(v, 4) >= 0;
}

/* The centre and half size of the smallest interval pos -+ half (exact
** sums) about the middle of [low, high] that holds [low - r, high + r]:
** the half size rounded to nearest, stepped up to the next double while
** it falls short (once or twice; the bound stops an overflow). */
static void cover(double low, double high, double r, double *pos,
                  double *half) {
  double c = low == high ? low : 0.5 * low + 0.5 * high;
  double h = greater(high - c, c - low) + r;
  int i;
  for (i = 0; i < 8 && !(at_least(c, h, high, r) && at_least(h, low, c, r));
       i++)
    h += h * (0x1p-53 + 0x1p-105) + 0x1p-1074;
  *pos = c;
  *half = h;
}

/* A turned OBB's bounds are its corners', as for the polygon of its
** corners: imp_obb_bounds holds the exact rectangle, but a corner rounded
** in the world can lie an ulp of pos beyond it. */
void imp_shape_bounds(imp_shape kind, const void *shape, imp_aabb *out) {
  imp_hull h;
  imp_vec2 low, high;
  int i;
  if (kind == IMP_SHAPE_AABB || kind == IMP_SHAPE_OBB) {
    imp_obb box;
    imp_shape_obb(kind, shape, &box);
    if (box.s == 0) {
      out->pos = box.pos;
      out->half = box.half;
      return;
    }
  }
  imp_shape_hull(kind, shape, &h);
  low = high = h.v[0];
  for (i = 1; i < h.count; i++) {
    low = vec2(least(low.x, h.v[i].x), least(low.y, h.v[i].y));
    high = vec2(-least(-high.x, -h.v[i].x), -least(-high.y, -h.v[i].y));
  }
  cover(low.x, high.x, h.radius, &out->pos.x, &out->half.x);
  cover(low.y, high.y, h.radius, &out->pos.y, &out->half.y);
}

size_t imp_shape_size(imp_shape kind) {
  static const size_t sizes[] = {sizeof(imp_aabb), sizeof(imp_obb),
                                 sizeof(imp_circle), sizeof(imp_capsule),
                                 sizeof(imp_polygon)};
  return sizes[kind];
}

imp_vec2 imp_shape_pos(imp_shape kind, const void *shape) {
  switch (kind) {
  case IMP_SHAPE_AABB: return ((const imp_aabb *)shape)->pos;
  case IMP_SHAPE_OBB: return ((const imp_obb *)shape)->pos;
  case IMP_SHAPE_CIRCLE: return ((const imp_circle *)shape)->pos;
  case IMP_SHAPE_CAPSULE: return ((const imp_capsule *)shape)->pos;
  default: return ((const imp_polygon *)shape)->pos;
  }
}

void imp_shape_moved(imp_shape kind, const void *shape, imp_vec2 pos,
                     imp_any_shape *out) {
  switch (kind) {
  case IMP_SHAPE_AABB:
    out->aabb = *(const imp_aabb *)shape;
    out->aabb.pos = pos;
    break;
  case IMP_SHAPE_OBB:
    out->obb = *(const imp_obb *)shape;
    out->obb.pos = pos;
    break;
  case IMP_SHAPE_CIRCLE:
    out->circle = *(const imp_circle *)shape;
    out->circle.pos = pos;
    break;
  case IMP_SHAPE_CAPSULE:
    out->capsule = *(const imp_capsule *)shape;
    out->capsule.pos = pos;
    break;
  case IMP_SHAPE_POLYGON:
    out->polygon = *(const imp_polygon *)shape;
    out->polygon.pos = pos;
    break;
  }
}
