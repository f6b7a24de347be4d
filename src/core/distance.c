/*
** Whether two shapes overlap, and how far apart they are, on their hulls
** (hull.c): every decision exact (predicates.h), the distance itself in
** doubles from the closest pair of features that the decision left.
**
** Two closed convex hulls meet exactly when no edge of either has the
** other wholly on its outer side, provided their Minkowski difference has
** an interior (some two edges not parallel). A segment hull has two edges,
** its two sides; a point none. When the difference is flat (points and
** parallel segments), or the hulls are apart, their distance is the least
** from a vertex of one to an edge of the other (a point's edge is itself).
** A shape with a vertex or radius that is not finite, or a negative
** radius, overlaps nothing, and its distance to anything is 0 with no
** points.
*/
#include <math.h>

#include "impact.h"
#include "predicates.h"

static imp_vec2 vec2(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  return v;
}

/* Whether every vertex and the radius are finite (a NaN is a miss). */
static int all_finite(const imp_hull *h) {
  int i;
  for (i = 0; i < h->count; i++)
    if (!(h->v[i].x - h->v[i].x == 0 && h->v[i].y - h->v[i].y == 0))
      return 0;
  return h->radius - h->radius == 0;
}

/* The hull's extent on each axis, its radius left out. */
static void extent(const imp_hull *h, imp_vec2 *low, imp_vec2 *high) {
  int i;
  *low = *high = h->v[0];
  for (i = 1; i < h->count; i++) {
    imp_vec2 v = h->v[i];
    low->x = v.x < low->x ? v.x : low->x;
    low->y = v.y < low->y ? v.y : low->y;
    high->x = v.x > high->x ? v.x : high->x;
    high->y = v.y > high->y ? v.y : high->y;
  }
}

/* Whether low is beyond high by clearly more than r: more than the
** rounding of the gap (and of the lo parts left out) could close. */
static int beyond(double high, double low, double r) {
  return low - high > r + 0x1p-48 * (fabs(low) + fabs(high) + r);
}

/* Whether the hulls grown by their radii could meet, by their extents: a
** quick rejection. */
static int extents_near(const imp_hull *a, const imp_hull *b) {
  imp_vec2 la, ha, lb, hb;
  double r = a->radius + b->radius;
  extent(a, &la, &ha);
  extent(b, &lb, &hb);
  return !(beyond(ha.x, lb.x, r) || beyond(hb.x, la.x, r) ||
           beyond(ha.y, lb.y, r) || beyond(hb.y, la.y, r));
}

/* The sign of (q - p) x (r - p) when the products in doubles certify it
** (the static bound imp_cross_sign tries first), else 2: points of hulls
** with every lo 0, the common case, without the exact predicate's call. */
static int plain_orient(double ex, double ey, imp_vec2 p, imp_vec2 r) {
  double left = ex * (r.y - p.y), right = ey * (r.x - p.x);
  double bound = 0x1p-50 * (fabs(left) + fabs(right)) + 0x1p-1000;
  return left - right > bound ? 1 : (right - left > bound ? -1 : 2);
}

/* Whether every edge of a has some vertex of b beyond its line on a's
** side: strictly (least 1) or on the line as well (least 0). The search
** for each edge starts from the vertex that held the one before: going
** round a, the vertex of b deepest across its edges goes round b too. */
static int edges_held(const imp_hull *a, const imp_hull *b, int least) {
  int i, k, j = 0, plain = !a->rounded && !b->rounded;
  if (a->count < 2) return 1;
  for (i = 0; i < a->count; i++) {
    int next = i + 1 == a->count ? 0 : i + 1;
    imp_vec2 p = a->v[i];
    double ex = a->v[next].x - p.x, ey = a->v[next].y - p.y;
    for (k = 0; k < b->count; k++, j = j + 1 == b->count ? 0 : j + 1) {
      int o = plain ? plain_orient(ex, ey, p, b->v[j]) : 2;
      if (o == 2)
        o = imp_orient(imp_hull_point(a, i), imp_hull_point(a, next),
                       imp_hull_point(b, j));
      if (o >= least) break;
    }
    if (k == b->count) return 0;
  }
  return 1;
}

/* Whether a - b has no interior: every edge of the two parallel. */
static int flat(const imp_hull *a, const imp_hull *b) {
  if (a->count > 2 || b->count > 2) return 0;
  return a->count == 1 || b->count == 1 ||
         imp_cross_sign(imp_hull_point(a, 0), imp_hull_point(a, 1),
                        imp_hull_point(b, 0), imp_hull_point(b, 1)) == 0;
}

/* The ends of edge i of h; a segment has one edge, a point one of its own.
** How many edges a vertex-to-edge search visits. */
static int edge_count(const imp_hull *h) {
  return h->count == 2 ? 1 : h->count;
}

static void edge(const imp_hull *h, int i, imp_xpoint *p, imp_xpoint *q) {
  *p = imp_hull_point(h, i);
  *q = imp_hull_point(h, (i + 1) % h->count);
}

/*
** The distance in doubles. Differences take each point's lo too, and the
** nearest point of a segment is found relative to its first end, so the
** rounding scales with the scene's distances, not with its place.
*/
static imp_vec2 difference(imp_xpoint from, imp_xpoint to) {
  return vec2((to.v.x - from.v.x) + (to.lo.x - from.lo.x),
              (to.v.y - from.v.y) + (to.lo.y - from.lo.y));
}

/* The point of segment p-q nearest to x, as an offset from p. */
static imp_vec2 nearest_offset(imp_xpoint x, imp_xpoint p, imp_xpoint q) {
  imp_vec2 e = difference(p, q), w = difference(p, x);
  double length2 = e.x * e.x + e.y * e.y, t = 0;
  if (length2 > 0) t = (w.x * e.x + w.y * e.y) / length2;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return vec2(e.x * t, e.y * t);
}

/* A closest pair: on a's hull and on b's, as a point and the vector from
** it to the other (so that the gap is not rounded by the place). */
typedef struct closest {
  imp_xpoint from;
  imp_vec2 offset, gap;
  double distance;
} closest;

/* Offers the pairs of the vertices of a and the edges of b; flip says a
** and b are the second and first shapes. */
static void nearest_pairs(const imp_hull *a, const imp_hull *b, int flip,
                          closest *best) {
  int i, j;
  for (j = 0; j < edge_count(b); j++) {
    imp_xpoint p, q;
    edge(b, j, &p, &q);
    for (i = 0; i < a->count; i++) {
      imp_xpoint x = imp_hull_point(a, i);
      imp_vec2 o = nearest_offset(x, p, q), w = difference(p, x);
      imp_vec2 gap = vec2(w.x - o.x, w.y - o.y);
      double d = imp_vec2_length(gap);
      if (!(d < best->distance)) continue;
      best->distance = d;
      if (flip) {  /* from b's point to a's vertex */
        best->from = p;
        best->offset = o;
        best->gap = gap;
      } else {  /* from a's vertex to b's point */
        best->from = x;
        best->offset = vec2(0, 0);
        best->gap = vec2(-gap.x, -gap.y);
      }
    }
  }
}

/* Whether some vertex of a is within (closer than when strict) the sum of
** the radii of an edge of b. */
static int vertex_near_edge(const imp_hull *a, const imp_hull *b,
                            int strict) {
  int i, j;
  for (j = 0; j < edge_count(b); j++) {
    imp_xpoint p, q;
    edge(b, j, &p, &q);
    for (i = 0; i < a->count; i++)
      if (imp_segment_distance_sign(imp_hull_point(a, i), p, q, a->radius,
                                    b->radius) < 1 - strict)
        return 1;
  }
  return 0;
}

/* The largest lo of a hull's vertices. */
static double largest_lo(const imp_hull *h) {
  double m = 0;
  int i;
  for (i = 0; i < h->count; i++)
    m = fmax(m, fmax(fabs(h->lo[i].x), fabs(h->lo[i].y)));
  return m;
}

/* How far the distance of a vertex to an edge computed in doubles can be
** from the exact one, at most: a few roundings of the differences, which
** the scene's size bounds (the vertices' extents, and their lo parts),
** and of the radii's sum, made generous. */
static double pair_error(const imp_hull *a, const imp_hull *b) {
  imp_vec2 la, ha, lb, hb;
  extent(a, &la, &ha);
  extent(b, &lb, &hb);
  return 0x1p-40 * ((fmax(ha.x, hb.x) - fmin(la.x, lb.x)) +
                    (fmax(ha.y, hb.y) - fmin(la.y, lb.y)) +
                    4 * fmax(largest_lo(a), largest_lo(b))) +
         0x1p-50 * (a->radius + b->radius) + 0x1p-1000;
}

/* Whether the hulls are closer than the sum of the radii (strict), or no
** farther (not strict). Where the closed hulls do not meet, the closest
** pair in doubles (left in *best) decides unless it is within its error
** of the sum; then the exact distances do. */
static int hulls_near(const imp_hull *a, const imp_hull *b, int strict,
                      closest *best) {
  double r = a->radius + b->radius, error;
  if (!flat(a, b) && edges_held(a, b, 0) && edges_held(b, a, 0)) return 1;
  best->distance = INFINITY;
  nearest_pairs(a, b, 0, best);
  nearest_pairs(b, a, 1, best);
  error = pair_error(a, b);
  if (best->distance > r + error) return 0;
  if (best->distance < r - error) return 1;
  return vertex_near_edge(a, b, strict) || vertex_near_edge(b, a, strict);
}

/* The origin strictly inside a - b: every edge of each has a vertex of
** the other strictly on its side. Two points have no edge to say so, and
** a flat difference fails on its own (a segment's two sides). */
static int interiors_meet(const imp_hull *a, const imp_hull *b) {
  if (a->count == 1 && b->count == 1) return 0;
  return edges_held(a, b, 1) && edges_held(b, a, 1);
}

/* The hulls, unless one is not finite or has a negative radius. */
static int hulls(imp_shape akind, const void *a, imp_shape bkind,
                 const void *b, imp_hull *ha, imp_hull *hb) {
  imp_shape_hull(akind, a, ha);
  imp_shape_hull(bkind, b, hb);
  return ha->radius >= 0 && hb->radius >= 0 && all_finite(ha) &&
         all_finite(hb);
}

int imp_shape_intersects(imp_shape akind, const void *a, imp_shape bkind,
                         const void *b) {
  imp_hull ha, hb;
  closest best;
  if (!hulls(akind, a, bkind, b, &ha, &hb) || !extents_near(&ha, &hb))
    return 0;
  if (ha.radius == 0 && hb.radius == 0) return interiors_meet(&ha, &hb);
  if (ha.count == 1 && hb.count == 1)  /* two discs: one distance sign */
    return imp_segment_distance_sign(imp_hull_point(&ha, 0),
                                     imp_hull_point(&hb, 0),
                                     imp_hull_point(&hb, 0), ha.radius,
                                     hb.radius) < 0;
  return hulls_near(&ha, &hb, 1, &best);
}

double imp_shape_distance(imp_shape akind, const void *a, imp_shape bkind,
                          const void *b, imp_vec2 *pa, imp_vec2 *pb) {
  imp_hull ha, hb;
  closest best;
  imp_vec2 u, at;
  double gap;
  if (!hulls(akind, a, bkind, b, &ha, &hb) || hulls_near(&ha, &hb, 0, &best))
    return 0;
  u = best.gap;
  imp_vec2_normalize(&u);
  at = vec2(best.from.v.x + (best.from.lo.x + best.offset.x),
            best.from.v.y + (best.from.lo.y + best.offset.y));
  *pa = vec2(at.x + u.x * ha.radius, at.y + u.y * ha.radius);
  *pb = vec2(at.x + (best.gap.x - u.x * hb.radius),
             at.y + (best.gap.y - u.y * hb.radius));
  gap = best.distance - (ha.radius + hb.radius);
  /* Apart, exactly: a gap that rounding closed is still more than 0, and
  ** the least double says so without claiming more. */
  return gap > 0 ? gap : 0x1p-1074;
}
