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

#include "circles.h"
#include "hulls.h"
#include "impact.h"
#include "penetration.h"
#include "predicates.h"
#include "vec2.h"

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

/* Whether every edge of a has some vertex of b beyond its line on a's
** side: strictly (least 1) or on the line as well (least 0); if not,
** *unheld is the first edge that is not. The search for each edge starts
** from the vertex that held the one before: going round a, the vertex of
** b deepest across its edges goes round b too. */
static int edges_held(const imp_hull *a, const imp_hull *b, int least,
                      int *unheld) {
  int i, k, j = 0, plain = !a->rounded && !b->rounded;
  if (a->count < 2) return 1;
  for (i = 0; i < a->count; i++) {
    int next = i + 1 == a->count ? 0 : i + 1;
    imp_vec2 p = a->v[i];
    double ex = a->v[next].x - p.x, ey = a->v[next].y - p.y;
    for (k = 0; k < b->count; k++, j = j + 1 == b->count ? 0 : j + 1) {
      int o = plain ? imp_plain_orient(ex, ey, p, b->v[j]) : 2;
      if (o == 2)
        o = imp_orient(imp_hull_point(a, i), imp_hull_point(a, next),
                       imp_hull_point(b, j));
      if (o >= least) break;
    }
    if (k == b->count) {
      *unheld = i;
      return 0;
    }
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
** it to the other (so that the gap is not rounded by the place). And the
** vertex-edge pairs offered whose distance in doubles was within reach
** (the radii and the distances' rounding): each a vertex, an edge and
** whether the vertex is the second hull's, packed. */
typedef struct closest {
  imp_xpoint from;
  imp_vec2 offset, gap;
  double distance, reach;
  int near;
  unsigned short pairs[2 * IMP_MAX_VERTICES * IMP_MAX_VERTICES];
} closest;

/* The distance in doubles from x to segment p-q, the offset from p of the
** segment's nearest point and the gap from it to x. */
static double pair_distance(imp_xpoint x, imp_xpoint p, imp_xpoint q,
                            imp_vec2 *offset, imp_vec2 *gap) {
  imp_vec2 w = difference(p, x);
  *offset = nearest_offset(x, p, q);
  *gap = vec2(w.x - offset->x, w.y - offset->y);
  return imp_vec2_length(*gap);
}

/* An edge p-q, with q - p and its squared length: what tells a point
** surely farther from it than a limit, without a square root. */
typedef struct edge_bound {
  imp_vec2 p, q, e;
  double length2;
} edge_bound;

static edge_bound edge_bound_of(imp_vec2 p, imp_vec2 q) {
  edge_bound b;
  b.p = p;
  b.q = q;
  b.e = vec2(q.x - p.x, q.y - p.y);
  b.length2 = b.e.x * b.e.x + b.e.y * b.e.y;
  return b;
}

/* In the form of minimum and maximum instructions: random shapes make
** branches mispredict. */
static double box_gap(double x, double p, double q) {
  double low = p < q ? p : q, high = p > q ? p : q;
  double below = low - x, above = x - high;
  double gap = below > above ? below : above;
  return gap > 0 ? gap : 0;
}

/* Whether a point at cross product c with the edge (c / |e| from its
** line) is farther than limit from it: c^2 > limit^2 |e|^2, but for a few
** roundings, and never on squares small enough to lose their precision
** (nor on a NaN or two infinities). */
static int beyond_line(const edge_bound *b, double c, double limit) {
  double c2 = c * c;
  return (c2 > limit * limit * b->length2) & (c2 > 0x1p-900);
}

/* Whether x is farther than limit from the edge (ends included), but for
** a few roundings of the scene's size: by its gap to the edge's box on
** either axis, or by its distance from the edge's line. */
static int point_beyond(const edge_bound *b, imp_vec2 x, double limit) {
  double gx = box_gap(x.x, b->p.x, b->q.x), gy = box_gap(x.y, b->p.y, b->q.y);
  double c = b->e.x * (x.y - b->p.y) - b->e.y * (x.x - b->p.x);
  return (gx > limit) | (gy > limit) | beyond_line(b, c, limit);
}

/* The gap between the intervals [low, high] and between p and q. */
static double interval_gap(double low, double high, double p, double q) {
  double below = (p < q ? p : q) - high, above = low - (p > q ? p : q);
  double gap = below > above ? below : above;
  return gap > 0 ? gap : 0;
}

/* Whether every point of the box low-high is farther than limit from the
** edge, as point_beyond: by its gap to the edge's box on either axis, or
** by the least distance of its corners from the edge's line where they
** all lie on one side. */
static int box_beyond(const edge_bound *b, imp_vec2 low, imp_vec2 high,
                      double limit) {
  double gx = interval_gap(low.x, high.x, b->p.x, b->q.x);
  double gy = interval_gap(low.y, high.y, b->p.y, b->q.y);
  double least = INFINITY, most = -INFINITY;
  int k;
  for (k = 0; k < 4; k++) {
    double x = k & 1 ? high.x : low.x, y = k & 2 ? high.y : low.y;
    double side = b->e.x * (y - b->p.y) - b->e.y * (x - b->p.x);
    least = side < least ? side : least;
    most = side > most ? side : most;
  }
  least = least > 0 ? least : (most < 0 ? -most : 0);
  return (gx > limit) | (gy > limit) | beyond_line(b, least, limit);
}

/* The heights of the hulls' vertices along a unit axis from the first
** hull to the second that separates them (an edge of one with the other
** wholly beyond it), from a vertex of the first: no two of their points
** are nearer than their difference of heights, within a few roundings of
** the scene's size. known is 0 when no edge was found to separate them. */
typedef struct heights {
  int known;
  double first[IMP_MAX_VERTICES], second[IMP_MAX_VERTICES];
} heights;

static void heights_along(const imp_hull *a, const imp_hull *b, imp_vec2 n,
                          heights *out) {
  imp_vec2 o = a->v[0];
  int i;
  out->known = 1;
  for (i = 0; i < a->count; i++)
    out->first[i] = n.x * (a->v[i].x - o.x) + n.y * (a->v[i].y - o.y);
  for (i = 0; i < b->count; i++)
    out->second[i] = n.x * (b->v[i].x - o.x) + n.y * (b->v[i].y - o.y);
}

/* How far a pair can lie and still be the nearest: no farther than bound
** or the nearest so far, but for the distances' rounding, error. */
static double cull_limit(const closest *best, double bound, double error) {
  double reach = best->distance < bound ? best->distance : bound;
  return (reach + 2 * error) * (1 + 0x1p-40);
}

/* Offers the pairs of the vertices of a and the edges of b; flip says a
** and b are the second and first shapes. With every lo 0, a pair surely
** farther than the nearest (no nearer than bound, or than the nearest so
** far, by more than the distances' rounding, error) is skipped: the ones
** that can be nearest are offered all the same, in the same order. Apart
** along a known axis, the vertices and edges that lie too far back along
** it (a's from b's nearest height, b's edges from a's farthest, as the
** axis runs from a to b: its sign s) are left out at once. */
static void nearest_pairs(const imp_hull *a, const imp_hull *b, int flip,
                          double bound, double error, const heights *h,
                          closest *best) {
  int i, j, n = 0, m = 0, plain = !a->rounded && !b->rounded;
  int vertices[IMP_MAX_VERTICES], edges[IMP_MAX_VERTICES];
  const double *ha = flip ? h->second : h->first;
  const double *hb = flip ? h->first : h->second;
  double s = flip ? -1 : 1, top = -INFINITY, bottom = INFINITY;
  double limit = cull_limit(best, bound, error);
  imp_vec2 low, high;
  extent(a, &low, &high);
  if (plain && h->known) {
    for (i = 0; i < a->count; i++) top = s * ha[i] > top ? s * ha[i] : top;
    for (j = 0; j < b->count; j++)
      bottom = s * hb[j] < bottom ? s * hb[j] : bottom;
    for (i = 0; i < a->count; i++) {  /* kept by flags: any can be */
      vertices[n] = i;
      n += !(bottom - s * ha[i] > limit);
    }
    for (j = 0; j < edge_count(b); j++) {
      int k = j + 1 == b->count ? 0 : j + 1;
      double foot = s * hb[j] < s * hb[k] ? s * hb[j] : s * hb[k];
      edges[m] = j;
      m += !(foot - top > limit);
    }
  } else {
    for (i = 0; i < a->count; i++) vertices[n++] = i;
    for (j = 0; j < edge_count(b); j++) edges[m++] = j;
  }
  for (j = 0; j < m; j++) {
    imp_xpoint p, q;
    edge_bound e;
    edge(b, edges[j], &p, &q);
    e = edge_bound_of(p.v, q.v);
    if (plain && n > 2 &&
        box_beyond(&e, low, high, cull_limit(best, bound, error)))
      continue;
    for (i = 0; i < n; i++) {
      imp_xpoint x = imp_hull_point(a, vertices[i]);
      imp_vec2 o, gap;
      double d;
      if (plain && point_beyond(&e, x.v, cull_limit(best, bound, error)))
        continue;
      d = pair_distance(x, p, q, &o, &gap);
      if (!(d > best->reach))
        best->pairs[best->near++] = (unsigned short)(flip << 8 |
                                                     vertices[i] << 4 |
                                                     edges[j]);
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

/* The least distance in doubles from a vertex of a to b's edge that does
** not hold a (a side apart from it, where the nearest pair usually is):
** no less than the nearest pair's. */
static double seed_distance(const imp_hull *a, const imp_hull *b,
                            int unheld) {
  double least = INFINITY;
  imp_xpoint p, q;
  int i;
  edge(b, b->count == 2 ? 0 : unheld, &p, &q);
  for (i = 0; i < a->count; i++) {
    imp_vec2 o, gap;
    double d = pair_distance(imp_hull_point(a, i), p, q, &o, &gap);
    least = d < least ? d : least;
  }
  return least;
}

/* Whether a pair near the sum of the radii (best's, the only pairs that
** can be within it) is within it (closer than it when strict), exactly. */
static int pair_near(const imp_hull *a, const imp_hull *b, int strict,
                     const closest *best) {
  int k;
  for (k = 0; k < best->near; k++) {
    int flip = best->pairs[k] >> 8, i = best->pairs[k] >> 4 & 15;
    int j = best->pairs[k] & 15;
    const imp_hull *v = flip ? b : a, *e = flip ? a : b;
    imp_xpoint p, q;
    edge(e, j, &p, &q);
    if (imp_segment_distance_sign(imp_hull_point(v, i), p, q, v->radius,
                                  e->radius) < 1 - strict)
      return 1;
  }
  return 0;
}

/* The greater and the lesser of two finite numbers (fmax and fmin are
** calls). */
static double greater(double a, double b) { return a > b ? a : b; }
static double lesser(double a, double b) { return a < b ? a : b; }

/* The largest lo of a hull's vertices. */
static double largest_lo(const imp_hull *h) {
  double m = 0;
  int i;
  for (i = 0; h->rounded && i < h->count; i++)
    m = greater(m, greater(fabs(h->lo[i].x), fabs(h->lo[i].y)));
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
  return 0x1p-40 * ((greater(ha.x, hb.x) - lesser(la.x, lb.x)) +
                    (greater(ha.y, hb.y) - lesser(la.y, lb.y)) +
                    4 * greater(largest_lo(a), largest_lo(b))) +
         0x1p-50 * (a->radius + b->radius) + 0x1p-1000;
}

/* Whether the hulls are closer than the sum of the radii (strict), or no
** farther (not strict). Where the closed hulls do not meet, the closest
** pair in doubles (left in *best) decides unless it is within its error
** of the sum; then the exact distances do. */
static int hulls_near(const imp_hull *a, const imp_hull *b, int strict,
                      closest *best) {
  double r = a->radius + b->radius, error, bound = INFINITY;
  int unheld_a = -1, unheld_b = -1;
  heights h;
  if (!flat(a, b) && edges_held(a, b, 0, &unheld_a) &&
      edges_held(b, a, 0, &unheld_b))
    return 1;
  h.known = 0;
  if (unheld_a >= 0) {
    bound = seed_distance(b, a, unheld_a);
    heights_along(a, b, imp_hull_face_normal(a, unheld_a), &h);
  } else if (unheld_b >= 0) {
    imp_vec2 n = imp_hull_face_normal(b, unheld_b);
    bound = seed_distance(a, b, unheld_b);
    heights_along(a, b, vec2(-n.x, -n.y), &h);
  }
  best->distance = INFINITY;
  error = pair_error(a, b);
  best->reach = r + error;
  best->near = 0;
  nearest_pairs(a, b, 0, bound, error, &h, best);
  nearest_pairs(b, a, 1, bound, error, &h, best);
  if (best->distance > r + error) return 0;
  if (best->distance < r - error) return 1;
  return pair_near(a, b, strict, best);
}

/* The origin strictly inside a - b: every edge of each has a vertex of
** the other strictly on its side. Two points have no edge to say so, and
** a flat difference fails on its own (a segment's two sides). */
static int interiors_meet(const imp_hull *a, const imp_hull *b) {
  if (a->count == 1 && b->count == 1) return 0;
  int unheld;
  return edges_held(a, b, 1, &unheld) && edges_held(b, a, 1, &unheld);
}

/* Whether neither hull is refused: a vertex or the radius not finite, or
** the radius negative. */
static int usable(const imp_hull *ha, const imp_hull *hb) {
  return ha->radius >= 0 && hb->radius >= 0 && all_finite(ha) &&
         all_finite(hb);
}

/* The overlap test on hulls; filter says whether to try the filter in
** doubles first (not when it has just failed on the same points). */
static int hulls_overlap(const imp_hull *ha, const imp_hull *hb,
                         int filter) {
  closest best;
  double r = ha->radius + hb->radius;
  int near = 2;
  if (!usable(ha, hb) || !extents_near(ha, hb)) return 0;
  if (ha->radius == 0 && hb->radius == 0) return interiors_meet(ha, hb);
  if (ha->count == 1 && hb->count == 1)  /* two discs: one distance sign */
    return imp_segment_distance_sign(imp_hull_point(ha, 0),
                                     imp_hull_point(hb, 0),
                                     imp_hull_point(hb, 0), ha->radius,
                                     hb->radius) < 0;
  /* A disc or a capsule against anything: doubles decide it, but near
  ** touching. */
  if (filter && !ha->rounded && !hb->rounded && ha->count > 0 &&
      hb->count > 0 && (ha->count <= 2 || hb->count <= 2))
    near = ha->count <= hb->count
               ? imp_points_near(hb->v, hb->count, ha->v, ha->count, r, 0)
               : imp_points_near(ha->v, ha->count, hb->v, hb->count, r, 0);
  return near != 2 ? near : hulls_near(ha, hb, 1, &best);
}

int imp_hulls_intersect(const imp_hull *ha, const imp_hull *hb) {
  return hulls_overlap(ha, hb, 1);
}

/* Two polygons of no radius by their sides' signs; a point or a segment
** with a radius against anything by its distances. Two points (two
** circles: circles.c) and shapes of no radius that are not both polygons
** are the exact test's. */
int imp_shapes_filtered(imp_shape akind, const void *a, imp_shape bkind,
                        const void *b) {
  imp_vec2 pa[IMP_MAX_VERTICES], pb[IMP_MAX_VERTICES];
  double ra = imp_shape_radius(akind, a), rb = imp_shape_radius(bkind, b);
  int na = imp_shape_points(akind, a, pa), nb = imp_shape_points(bkind, b, pb);
  if (na < 1 || nb < 1 || !(ra >= 0 && rb >= 0) || (na < 2 && nb < 2))
    return 2;
  if (ra == 0 && rb == 0)  /* two of 0 ask for strict insides */
    return na > 2 && nb > 2 ? imp_polygons_meet(pa, na, pb, nb) : 2;
  if (na > 2 && nb > 2) return 2;
  return na < nb ? imp_points_near(pb, nb, pa, na, ra + rb, 0)
                 : imp_points_near(pa, na, pb, nb, ra + rb, 0);
}

/* The hulls, built into ha and hb, and whether they overlap where the
** filter's answer (near) is not sure. */
static int hulls_meet(imp_shape akind, const void *a, imp_shape bkind,
                      const void *b, int near, imp_hull *ha, imp_hull *hb) {
  imp_shape_hull(akind, a, ha);
  imp_shape_hull(bkind, b, hb);
  return near == 1 || hulls_overlap(ha, hb, 0);
}

int imp_shapes_meet(imp_shape akind, const void *a, imp_shape bkind,
                    const void *b, imp_hull *ha, imp_hull *hb) {
  int near = imp_shapes_filtered(akind, a, bkind, b);
  return near != 0 && hulls_meet(akind, a, bkind, b, near, ha, hb);
}

/* No hull is built where the filter is sure either way. */
int imp_shape_intersects(imp_shape akind, const void *a, imp_shape bkind,
                         const void *b) {
  imp_hull ha, hb;
  int near;
  if (akind == IMP_SHAPE_CIRCLE && bkind == IMP_SHAPE_CIRCLE)
    return imp_circles_intersect((const imp_circle *)a, (const imp_circle *)b);
  near = imp_shapes_filtered(akind, a, bkind, b);
  return near == 2 ? hulls_meet(akind, a, bkind, b, near, &ha, &hb) : near;
}

double imp_hulls_distance(const imp_hull *ha, const imp_hull *hb,
                          imp_vec2 *pa, imp_vec2 *pb) {
  closest best;
  imp_vec2 u, at;
  double gap;
  if (!usable(ha, hb) || hulls_near(ha, hb, 0, &best)) return 0;
  u = best.gap;
  imp_vec2_normalize(&u);
  at = vec2(best.from.v.x + (best.from.lo.x + best.offset.x),
            best.from.v.y + (best.from.lo.y + best.offset.y));
  *pa = vec2(at.x + u.x * ha->radius, at.y + u.y * ha->radius);
  *pb = vec2(at.x + (best.gap.x - u.x * hb->radius),
             at.y + (best.gap.y - u.y * hb->radius));
  gap = best.distance - (ha->radius + hb->radius);
  /* Apart, exactly: a gap that rounding closed is still more than 0, and
  ** the least double says so without claiming more. */
  return gap > 0 ? gap : 0x1p-1074;
}

double imp_shape_distance(imp_shape akind, const void *a, imp_shape bkind,
                          const void *b, imp_vec2 *pa, imp_vec2 *pb) {
  imp_hull ha, hb;
  imp_shape_hull(akind, a, &ha);
  imp_shape_hull(bkind, b, &hb);
  return imp_hulls_distance(&ha, &hb, pa, pb);
}
