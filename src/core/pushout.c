/*
** Push-outs of any shape from any other: the minimum translation of b that
** separates it from a, and the penetration it is made from.
*/
#include <float.h>
#include <math.h>

#include "circles.h"
#include "hulls.h"
#include "impact.h"
#include "penetration.h"
#include "predicates.h"
#include "vec2.h"

double imp_hull_support(const imp_hull *h, imp_vec2 u) {
  double best = dot(u, h->v[0]);
  int i;
  for (i = 1; i < h->count; i++) {
    double d = dot(u, h->v[i]);
    if (d > best) best = d;
  }
  return best;
}

/* Faces run counter-clockwise (y up), so the outside is on the right of
** each edge; a segment's second face runs back along the first. */
imp_vec2 imp_hull_face_normal(const imp_hull *h, int i) {
  imp_vec2 p = h->v[i % h->count], q = h->v[(i + 1) % h->count];
  imp_vec2 n = vec2(q.y - p.y, p.x - q.x);
  imp_vec2_normalize(&n);
  return n;
}

int imp_hull_face_count(const imp_hull *h) {
  return h->count == 1 ? 0 : h->count;
}

/* The hull without its radius: the bare shape's. */
static void bare(const imp_hull *h, imp_hull *out) {
  int i;
  out->count = h->count;
  out->rounded = h->rounded;
  out->radius = 0;
  for (i = 0; i < h->count; i++) {
    out->v[i] = h->v[i];
    out->lo[i] = h->lo[i];
  }
}

/* How far b must move along unit u to be clear of a across u. */
static double depth_along(const imp_hull *ha, const imp_hull *hb, imp_vec2 u,
                          double r) {
  return imp_hull_support(ha, u) + imp_hull_support(hb, vec2(-u.x, -u.y)) + r;
}

/* A disc, of centre c, against a hull h of three or more exact vertices,
** r the radii's sum: as Box2D finds a polygon's contact with a circle, in
** one pass over the faces and no distance search. The face c lies
** farthest beyond (the first of equals; by plain distances, only the
** winner's normal made unit) holds the hull's nearest point to c: where c
** lies beyond that face and past one of its ends, that end is the nearest
** point, and the line from it to c the normal (face -1); else the face
** is. That is the general search's answer up to rounding: a face's depth,
** or a vertex's reach, measured the same way. pa is where b, pushed out,
** touches the hull, pb is c. 0 for a face whose length's square is out of
** range, a radius not at least 0 or a scene past 2^500, left to the
** general search.
**
** out->meet says whether the two overlap where doubles certify it, by
** far more than any distance here is off (2^-40 of the largest
** coordinate and r): apart (0) when c lies beyond a face's line by more
** than r; overlapping (1) when c lies inside every face's line, or within
** r of a point of the hull: the vertex, or the foot of c on the face it
** lies beyond, where the foot falls inside the face's ends. Else 2. */
static int disc_penetration(const imp_hull *h, imp_vec2 c, double r,
                            imp_penetration *out) {
  imp_vec2 v0, v1, e, at;
  double most = -INFINITY, large = fabs(c.x) + fabs(c.y) + r;
  double sep, before, after, k, slack, square, length;
  int i, n = h->count, best = 0, ranged = 1;
  for (i = 0; i < n; i++) {
    imp_vec2 p = h->v[i], q = h->v[i + 1 < n ? i + 1 : 0];
    double ex = q.x - p.x, ey = q.y - p.y, square = ex * ex + ey * ey;
    double beyond = (ey * (c.x - p.x) - ex * (c.y - p.y)) / sqrt(square);
    double size = fabs(p.x) + fabs(p.y);
    ranged &= (square >= 0x1p-1000) & (square <= 0x1p1000);
    large = size > large ? size : large;
    best = beyond > most ? i : best;
    most = beyond > most ? beyond : most;
  }
  if (!ranged || !(r >= 0) || !(large < 0x1p500)) return 0;
  slack = 0x1p-40 * (large + r);
  v0 = h->v[best];
  v1 = h->v[best + 1 < n ? best + 1 : 0];
  e = vec2(v1.x - v0.x, v1.y - v0.y);
  before = dot(vec2(c.x - v0.x, c.y - v0.y), e);
  after = dot(vec2(c.x - v1.x, c.y - v1.y), e);
  out->normal = imp_hull_face_normal(h, best);
  sep = dot(out->normal, v0) + dot(vec2(-out->normal.x, -out->normal.y), c);
  out->depth = sep + r;
  out->face = best;
  out->contact = 1;
  out->pb = c;
  out->meet = most > r + slack ? 0 : (most < -slack ? 1 : 2);
  if (sep < 0 && (before < 0 || after > 0)) {
    /* beyond the face, past one of its ends: that end's vertex */
    at = before < 0 ? v0 : v1;
    out->normal = vec2(c.x - at.x, c.y - at.y);
    imp_vec2_normalize(&out->normal);
    out->depth = dot(out->normal, at) +
                 dot(vec2(-out->normal.x, -out->normal.y), c) + r;
    out->face = -1;
    out->pa = at;
    if (out->meet == 2 && out->depth > slack) out->meet = 1;
    return 1;
  }
  /* across the face: pa is c projected onto it, within its ends */
  square = dot(e, e);
  length = sqrt(square);
  if (out->meet == 2 && sep < 0 && out->depth > slack &&
      before > slack * length && after < -slack * length)
    out->meet = 1;
  k = before / square;
  k = k > 0 ? (k < 1 ? k : 1) : 0;
  out->pa = vec2(v0.x + e.x * k, v0.y + e.y * k);
  return 1;
}

/* Whether the hull is a disc's partner for disc_penetration: three or
** more vertices, none rounded (a box's corner that rounding moved could
** leave a face of no length). */
static int disc_partner(const imp_hull *h) {
  return h->count >= 3 && !h->rounded;
}

/* b leaves soonest across a face of the hulls' Minkowski difference (the
** hulls' faces, b's turned round), grown by the radii, or, when the hulls
** are apart and only the radii overlap, along the line of their nearest
** points. Each candidate's depth is measured the same way, by the hulls'
** reach along it, so a nearest-points line that rounding turned (points
** all but touching) loses to a face. Two points on each other have no
** face: b leaves along y, as the boxes' ties pick it. */
void imp_penetration_of(const imp_hull *ha, const imp_hull *hb,
                        imp_penetration *out) {
  imp_hull abare, bbare;
  double r = ha->radius + hb->radius, apart = 0;
  int i, na = imp_hull_face_count(ha), nb = imp_hull_face_count(hb);
  if (hb->count == 1 && disc_partner(ha) &&
      disc_penetration(ha, hb->v[0], r, out))
    return;
  if (ha->count == 1 && disc_partner(hb) &&
      disc_penetration(hb, ha->v[0], r, out)) {
    /* b's faces count from 0 after a point's none; the normal turns round */
    imp_vec2 at;
    out->normal = vec2(-out->normal.x, -out->normal.y);
    at = out->pa;
    out->pa = out->pb;
    out->pb = at;
    return;
  }
  out->pa = ha->v[0];  /* kept when the hulls meet: two points on each other */
  out->pb = hb->v[0];
  out->contact = 0;
  out->meet = 2;
  /* Overlapping shapes of no radius have hulls that meet: no distance. */
  if (r != 0) {
    bare(ha, &abare);
    bare(hb, &bbare);
    apart = imp_hulls_distance(&abare, &bbare, &out->pa, &out->pb);
  }
  out->normal = vec2(0, 1);
  if (apart > 0) {
    out->normal = vec2(out->pb.x - out->pa.x, out->pb.y - out->pa.y);
    imp_vec2_normalize(&out->normal);
  }
  out->depth = depth_along(ha, hb, out->normal, r);
  out->face = -1;
  for (i = 0; i < na + nb; i++) {
    imp_vec2 u = i < na ? imp_hull_face_normal(ha, i)
                        : imp_hull_face_normal(hb, i - na);
    double depth;
    if (i >= na) u = vec2(-u.x, -u.y);
    if (out->face >= 0 || apart > 0) {
      /* A face's own vertex reaches no farther along it than its hull's
      ** support, and sums round monotonically: a face no less deep from
      ** its own vertex than the least so far is no less deep at all. */
      imp_vec2 back = vec2(-u.x, -u.y);
      double own = i < na ? dot(u, ha->v[i]) + imp_hull_support(hb, back)
                          : imp_hull_support(ha, u) + dot(back, hb->v[i - na]);
      if (!(own + r < out->depth)) continue;
    }
    depth = depth_along(ha, hb, u, r);
    if (depth < out->depth || (out->face < 0 && !(apart > 0))) {
      out->normal = u;
      out->depth = depth;
      out->face = i;
    }
  }
}

/* The ends of the hull's feature outermost along unit u: its vertex
** farthest along u and, when a face beside it lies across u (turned from
** it by at most 1e-12 radians, rounding's reach, as in manifold.c), that
** face's other end. Returns how many. */
static int outermost(const imp_hull *h, imp_vec2 u, imp_vec2 ends[2]) {
  int i, count = 1, top = 0;
  double least = 1e-12;
  for (i = 1; i < h->count; i++)
    if (dot(u, h->v[i]) > dot(u, h->v[top])) top = i;
  ends[0] = h->v[top];
  for (i = -1; i <= 1 && h->count > 1; i += 2) {
    imp_vec2 w = h->v[(top + i + h->count) % h->count];
    imp_vec2 e = vec2(w.x - ends[0].x, w.y - ends[0].y);
    double tilt = fabs(dot(e, u)) / imp_vec2_length(e);
    if (tilt < least) {
      least = tilt;
      ends[1] = w;
      count = 2;
    }
  }
  return count;
}

static double least_of(double x, double y) { return y < x ? y : x; }
static double most_of(double x, double y) { return y > x ? y : x; }

/* Where b, pushed out along u, touches a: on a's outermost feature along
** u, grown by a's radius, so on a's boundary; on a face, at the middle of
** the part that b's outermost feature along -u lies against (the face's
** nearer end where rounding leaves them nothing in common). */
static imp_vec2 contact_on_a(const imp_hull *ha, const imp_hull *hb,
                             imp_vec2 u) {
  imp_vec2 fa[2], fb[2], t = vec2(-u.y, u.x), at;
  int na = outermost(ha, u, fa), nb = outermost(hb, vec2(-u.x, -u.y), fb);
  at = fa[0];
  if (na == 2) {
    double a0 = dot(t, fa[0]), a1 = dot(t, fa[1]);
    double b0 = dot(t, fb[0]), b1 = nb == 2 ? dot(t, fb[1]) : b0;
    double lo = most_of(least_of(a0, a1), least_of(b0, b1));
    double hi = least_of(most_of(a0, a1), most_of(b0, b1));
    double k = ((lo + hi) / 2 - a0) / (a1 - a0);
    k = k > 0 ? least_of(k, 1) : 0;  /* and 0 for a NaN */
    at = vec2(fa[0].x + (fa[1].x - fa[0].x) * k,
              fa[0].y + (fa[1].y - fa[0].y) * k);
  }
  return vec2(at.x + u.x * ha->radius, at.y + u.y * ha->radius);
}

/* Whether every vertex of hull h lies beyond the line of edge i of hull e
** (outside, on its right) by the sum of the radii at least, exactly: then
** the two do not overlap, as e lies on the line's other side. */
static int beyond_edge(const imp_hull *e, int i, const imp_hull *h) {
  imp_xpoint p = imp_hull_point(e, i % e->count);
  imp_xpoint q = imp_hull_point(e, (i + 1) % e->count);
  double ex = q.v.x - p.v.x, ey = q.v.y - p.v.y;
  int k, plain = !e->rounded && !h->rounded;
  for (k = 0; k < h->count; k++) {
    imp_xpoint x = imp_hull_point(h, k);
    int side = plain ? imp_plain_orient(ex, ey, p.v, x.v) : 2;
    if (side == 2) side = imp_orient(p, q, x);
    if (side > 0 || (e->radius + h->radius > 0 &&
                     (side == 0 || imp_line_distance_sign(
                                       x, p, q, e->radius, h->radius) < 0)))
      return 0;
  }
  return 1;
}

/* What the general push-out's separation tests: b (of kind bkind) moved
** to a position against a, of hull ha, along normal across face
** (penetration.h's). */
typedef struct hull_test {
  const imp_hull *ha;
  imp_shape bkind;
  const void *b;
  imp_vec2 normal;
  int face;
} hull_test;

/* Whether the points w grown by r lie clear of the exact points v,
** certified in doubles: along u (unit, rounded) each of w lies r or more
** beyond each of v, so a line across u parts their hulls grown by r. The
** bound, 2^-48 of each product's terms and of r, is far above the few
** roundings of each difference and dot product; a push-out's margin
** (2^-46 of the scene) clears it but for the shallowest, where the exact
** test decides. A pair of points at a time: for round shapes, a point or
** a segment on one side. */
static int points_beyond(const imp_vec2 *v, int n, const imp_vec2 *w, int m,
                         double r, imp_vec2 u) {
  int j, k, clear = 1;
  for (j = 0; j < m; j++)
    for (k = 0; k < n; k++) {
      double px = u.x * (w[j].x - v[k].x), py = u.y * (w[j].y - v[k].y);
      clear &= px + py - r > 0x1p-48 * ((fabs(px) + fabs(py)) + r);
    }
  return clear;
}

/* Points whose hull is the shape's, in a hull's fields: a box's own hull
** along the axes (its corners may round), else the world points as they
** are, none dropped or ordered. A line with all of them beyond it has the
** hull beyond it, each point of which lies between them. */
static void spanning_points(imp_shape kind, const void *shape,
                            imp_hull *out) {
  int i;
  if (kind == IMP_SHAPE_AABB ||
      (kind == IMP_SHAPE_OBB && ((const imp_obb *)shape)->s == 0)) {
    imp_shape_hull(kind, shape, out);
    return;
  }
  out->count = imp_shape_points(kind, shape, out->v);
  out->rounded = 0;
  out->radius = imp_shape_radius(kind, shape);
  for (i = 0; i < out->count; i++) out->lo[i] = vec2(0, 0);
}

/* Whether b at pos overlaps a no more by the exact test. Pushed out, b
** usually lies clear of a line across the normal, where either is round,
** or beyond a's face: those say so at less cost, on points that span b
** before its hull is built, and the whole test says the rest. */
static int hull_clear(const void *test, imp_vec2 pos) {
  const hull_test *t = (const hull_test *)test;
  imp_any_shape moved;
  imp_hull hm;
  int na = imp_hull_face_count(t->ha), face = t->face;
  int a_face = face >= 0 && face < na;
  /* a point or a segment on one side: few pairs for points_beyond */
  int round = t->ha->count <= 2 || t->bkind == IMP_SHAPE_CIRCLE ||
              t->bkind == IMP_SHAPE_CAPSULE;
  imp_shape_moved(t->bkind, t->b, pos, &moved);
  if (round || a_face) {
    spanning_points(t->bkind, &moved, &hm);
    if (round && !t->ha->rounded && !hm.rounded &&
        points_beyond(t->ha->v, t->ha->count, hm.v, hm.count,
                      t->ha->radius + hm.radius, t->normal))
      return 1;
    if (a_face && beyond_edge(t->ha, face, &hm)) return 1;
  }
  imp_shape_hull(t->bkind, &moved, &hm);
  /* b's face counted on its hull as moved: any edge will do. */
  if (face >= na && face - na < imp_hull_face_count(&hm) &&
      beyond_edge(&hm, face - na, t->ha))
    return 1;
  return !imp_hulls_intersect(t->ha, &hm);
}

double imp_hull_span(const imp_hull *h) {
  imp_vec2 low, high;
  imp_points_box(h->v, h->count, &low, &high);
  return (high.x - low.x) + (high.y - low.y);
}

/* A circle against a polygon or a box: the disc path's pair. */
static int disc_pair(imp_shape akind, imp_shape bkind) {
  return (akind == IMP_SHAPE_CIRCLE) != (bkind == IMP_SHAPE_CIRCLE) &&
         akind != IMP_SHAPE_CAPSULE && bkind != IMP_SHAPE_CAPSULE;
}

/* Whether the circle's box and the other shape's points' box lie apart by
** more than the radius, by far more than their gap's rounding: the usual
** miss, before any hull is built. */
static int disc_boxes_apart(imp_shape akind, const void *a, imp_shape bkind,
                            const void *b) {
  const imp_circle *c =
      (const imp_circle *)(akind == IMP_SHAPE_CIRCLE ? a : b);
  imp_vec2 v[IMP_MAX_VERTICES];
  int n = akind == IMP_SHAPE_CIRCLE ? imp_shape_points(bkind, b, v)
                                    : imp_shape_points(akind, a, v);
  return n > 0 &&
         imp_points_gap(v, n, &c->pos, 1) >
             c->radius * (1 + 0x1p-40) + 0x1p-1000;
}

int imp_shapes_penetration(imp_shape akind, const void *a, imp_shape bkind,
                           const void *b, imp_hull *ha, imp_hull *hb,
                           imp_penetration *p) {
  if (!disc_pair(akind, bkind)) {
    if (!imp_shapes_meet(akind, a, bkind, b, ha, hb)) return 0;
    imp_penetration_of(ha, hb, p);
    return 1;
  }
  if (disc_boxes_apart(akind, a, bkind, b)) return 0;
  imp_shape_hull(akind, a, ha);
  imp_shape_hull(bkind, b, hb);
  imp_penetration_of(ha, hb, p);
  return p->meet != 2 ? p->meet : imp_hulls_intersect(ha, hb);
}

/* How far past touching a push-out starts: 2^-46 of the scene (size, the
** hulls' spans and radii, and the depth), a few times what the exact
** test's running error bounds leave open (predicates.c), so that they
** certify the shapes apart at once instead of the wide integers deciding
** a touch; but never more than 2^-31 of the depth, inside the 1e-9 of it
** that a push-out may be off by. */
static double margin(double size, double depth) {
  return least_of(0x1p-46 * (size + depth), 0x1p-31 * depth);
}

/* The depth grows from the computed one and its margin, by steps doubling
** from a rounding error of the largest quantity, until b moved by it (its
** position plus the delta in doubles, as a script adds it) is clear of a,
** and so is b moved by the first step less: that gap keeps a sweep
** sliding along the contact, whose direction is rounded, from catching on
** a. */
void imp_push_clear(imp_vec2 pos, double depth, double size,
                    imp_clear_test clear, const void *test, imp_hit *out) {
  imp_vec2 n = out->normal;
  double gap = DBL_EPSILON * (fabs(pos.x) + fabs(pos.y) + fabs(depth) +
                              fabs(out->pos.x) + fabs(out->pos.y)) +
               0x1p-1074;
  double step = gap;
  int i;
  if (!(depth > 0)) depth = 0;
  depth += margin(size, depth);
  for (i = 0; i < IMP_SEPARATE_STEPS; i++) {
    double less = depth - gap;
    if (clear(test, vec2(pos.x + n.x * depth, pos.y + n.y * depth)) &&
        clear(test, vec2(pos.x + n.x * less, pos.y + n.y * less)))
      break;
    depth += step;
    step += step;
  }
  out->delta = vec2(n.x * depth, n.y * depth);
}

/* Two rectangles keep the rectangles' own push-out, result for result;
** two circles are circles.c's. */
int imp_shape_overlap(imp_shape akind, const void *a, imp_shape bkind,
                      const void *b, imp_hit *out) {
  imp_hull ha, hb;
  imp_penetration p;
  hull_test test;
  if (imp_is_rect(akind) && imp_is_rect(bkind)) {
    imp_obb ra, rb;
    imp_shape_obb(akind, a, &ra);
    imp_shape_obb(bkind, b, &rb);
    return imp_obb_overlap(&ra, &rb, out);
  }
  if (akind == IMP_SHAPE_CIRCLE && bkind == IMP_SHAPE_CIRCLE) {
    int found = imp_circles_overlap((const imp_circle *)a,
                                    (const imp_circle *)b, out);
    if (found >= 0) return found;
  }
  if (!imp_shapes_penetration(akind, a, bkind, b, &ha, &hb, &p)) return 0;
  out->normal = vec2(p.normal.x + 0.0, p.normal.y + 0.0);  /* no -0 */
  out->pos = p.face < 0 || p.contact
                 ? vec2(p.pa.x + p.normal.x * ha.radius,
                        p.pa.y + p.normal.y * ha.radius)
                 : contact_on_a(&ha, &hb, p.normal);
  out->time = 0;
  test.ha = &ha;
  test.bkind = bkind;
  test.b = b;
  test.normal = out->normal;
  test.face = p.face;
  imp_push_clear(imp_shape_pos(bkind, b), p.depth,
                 imp_hull_span(&ha) + imp_hull_span(&hb) + ha.radius +
                     hb.radius,
                 hull_clear, &test, out);
  return 1;
}
