/*
** Contact manifolds: where two overlapping shapes touch, for an impulse
** solver. The normal is the push-out's; on flat contacts the face of the
** reference hull (the one whose face gives the normal) clips the incident
** hull's face most against it, which gives two points for two faces
** resting on each other. Each point lies midway between the two surfaces
** along the normal, and its depth is how far they overlap there.
*/
#include <math.h>
#include <stddef.h>

#include "impact.h"
#include "penetration.h"
#include "predicates.h"

static imp_vec2 vec2(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  return v;
}

static double dot(imp_vec2 u, imp_vec2 v) { return u.x * v.x + u.y * v.y; }

/* Adds the point x of the incident hull with its separation sep from the
** reference face along n (negative inside): kept when the surfaces
** overlap there. */
static void add(imp_manifold *m, imp_vec2 x, double sep, imp_vec2 n,
                double rref, double rinc) {
  double depth = rref + rinc - sep, shift = (rref - sep - rinc) / 2;
  if (!(depth > 0) || m->count == 2) return;
  m->point[m->count] = vec2(x.x + n.x * shift, x.y + n.y * shift);
  m->depth[m->count] = depth;
  m->count++;
}

/* The incident hull's face most against n: its two ends (one for a point). */
static int incident(const imp_hull *h, imp_vec2 n, imp_vec2 ends[2]) {
  int i, best = 0, faces = imp_hull_face_count(h);
  double least = 2;
  if (faces == 0) {
    ends[0] = h->v[0];
    return 1;
  }
  for (i = 0; i < faces; i++) {
    double d = dot(imp_hull_face_normal(h, i), n);
    if (d < least) {
      least = d;
      best = i;
    }
  }
  ends[0] = h->v[best % h->count];
  ends[1] = h->v[(best + 1) % h->count];
  return 2;
}

/* Clips the segment ends[0]-ends[1] to the side of the line through p
** where t . x >= t . p. */
static int clip(imp_vec2 ends[2], int n, imp_vec2 t, imp_vec2 p) {
  double d0 = dot(t, ends[0]) - dot(t, p), d1;
  if (n == 1) return d0 >= 0;
  d1 = dot(t, ends[1]) - dot(t, p);
  if (d0 < 0 && d1 < 0) return 0;
  if (d0 < 0 || d1 < 0) {
    double k = d0 / (d0 - d1);
    imp_vec2 x = vec2(ends[0].x + (ends[1].x - ends[0].x) * k,
                      ends[0].y + (ends[1].y - ends[0].y) * k);
    ends[d0 < 0 ? 0 : 1] = x;
  }
  return 2;
}

static void flat_contact(const imp_hull *ref, int face, const imp_hull *inc,
                         imp_vec2 n, imp_vec2 normal, imp_manifold *m) {
  imp_vec2 ends[2];
  imp_vec2 p = ref->v[face % ref->count], q = ref->v[(face + 1) % ref->count];
  imp_vec2 t = vec2(q.x - p.x, q.y - p.y);
  /* Separations from the reference hull's reach along n, as the depth is
  ** measured: a face that only lies across n within a hair is not level
  ** with it from end to end. */
  double top = imp_hull_support(ref, n);
  int count = incident(inc, n, ends), i;
  count = clip(ends, count, t, p);
  if (count) count = clip(ends, count, vec2(-t.x, -t.y), q);
  m->normal = normal;
  for (i = 0; i < count; i++)
    add(m, ends[i], dot(n, ends[i]) - top, n, ref->radius, inc->radius);
}

/* Midway between the surfaces along u, depth apart: from the vertex of
** hull h furthest along u (the first of equals), depth / 2 back. */
static imp_vec2 one_point(const imp_hull *h, imp_vec2 u, double depth) {
  imp_vec2 deepest = h->v[0];
  double shift = depth / 2 - h->radius;
  int i;
  for (i = 1; i < h->count; i++)
    if (dot(u, h->v[i]) > dot(u, deepest)) deepest = h->v[i];
  return vec2(deepest.x - u.x * shift, deepest.y - u.y * shift);
}

/* Apart hulls whose radii overlap touch at one point, unless a face of
** either lies across the normal, as a capsule lying on a box does: then
** that face clips the other's, as for hulls that meet (the index of
** penetration.h's faces), or -1. Across means turned from the normal by
** no more than rounding would turn it, 1e-12 radians: the depths along a
** tilted face are skewed by the tilt times its length. */
static int aligned_face(const imp_hull *ha, const imp_hull *hb, imp_vec2 n) {
  int i, best = -1, na = imp_hull_face_count(ha),
         nb = imp_hull_face_count(hb);
  double least = 1e-12;
  for (i = 0; i < na + nb; i++) {
    imp_vec2 f = i < na ? imp_hull_face_normal(ha, i)
                        : imp_hull_face_normal(hb, i - na);
    double along = dot(f, n), tilt = fabs(f.x * n.y - f.y * n.x);
    if (i >= na) along = -along;
    if (along > 0 && tilt < least) {
      least = tilt;
      best = i;
    }
  }
  return best;
}

/* Whether p lies on the inner side of the hull's edge from vertex i, or
** on it, exactly. The cross product in doubles decides where it clears
** the bound on its error: the products' rounding (Shewchuk's bound, made
** generous), and the vertices' parts below their doubles, at most spread
** in size; else the exact predicate does. */
static int inner_side(const imp_hull *h, int i, double spread, imp_vec2 p) {
  int j = (i + 1) % h->count;
  imp_vec2 a = h->v[i], b = h->v[j];
  double ex = b.x - a.x, ey = b.y - a.y, fx = p.x - a.x, fy = p.y - a.y,
         l = ex * fy, r = ey * fx, cross = l - r,
         bound = 0x1p-50 * (fabs(l) + fabs(r)) +
                 1.01 * spread * (fabs(ex) + fabs(ey) +
                                  2 * (fabs(fx) + fabs(fy))) +
                 4 * spread * spread + 0x1p-1000;
  if (cross > bound) return 1;
  if (-cross > bound) return 0;
  return imp_orient(imp_hull_point(h, i), imp_hull_point(h, j),
                    imp_xpoint_of(p)) >= 0;
}

/* Whether the closed shape of hull h holds p, exactly: in the bare hull
** (on the inner side of every edge), or within the radius of an edge or,
** for a point hull, of the point. */
static int holds(const imp_hull *h, imp_vec2 p) {
  imp_xpoint x = imp_xpoint_of(p);
  double spread = 0;
  int i, inside = h->count > 2;
  for (i = 0; i < h->count && inside; i++)
    spread = fmax(spread, fmax(fabs(h->lo[i].x), fabs(h->lo[i].y)));
  for (i = 0; i < h->count && inside; i++)
    inside = inner_side(h, i, spread, p);
  if (inside || (h->count > 2 && h->radius == 0)) return inside;
  for (i = 0; i < (h->count == 2 ? 1 : h->count); i++)
    if (imp_segment_distance_sign(x, imp_hull_point(h, i),
                                  imp_hull_point(h, (i + 1) % h->count),
                                  h->radius, 0) <= 0)
      return 1;
  return 0;
}

/* The point moved into the closed shape where it lies outside: to its
** nearest point there. */
static int onto(imp_shape kind, const void *shape, const imp_hull *h,
                imp_vec2 *p) {
  imp_circle c;
  imp_vec2 on, at;
  if (holds(h, *p)) return 0;
  c.pos = *p;
  c.radius = 0;
  if (imp_shape_distance(kind, shape, IMP_SHAPE_CIRCLE, &c, &on, &at) == 0)
    return 0;
  *p = on;
  return 1;
}

/* Where the hull h, a segment of no thickness, crosses the other shape:
** the point of its part in it nearest p, which lies in both (a wall's two
** points stay apart where they can). */
static int along_wall(const imp_hull *h, imp_shape kind, const void *shape,
                      imp_vec2 *p) {
  imp_vec2 d, from;
  imp_clip c;
  double t;
  if (h->count != 2 || h->radius != 0) return 0;
  d = vec2(h->v[1].x - h->v[0].x, h->v[1].y - h->v[0].y);
  if (imp_shape_clip_segment(kind, shape, h->v[0].x, h->v[0].y, d.x, d.y,
                             &c) == IMP_CLIP_OUTSIDE)
    return 0;
  from = vec2(p->x - h->v[0].x, p->y - h->v[0].y);
  t = dot(d, from) / dot(d, d);
  if (!(t > c.t0)) t = c.t0;  /* NaN where the squares overflow */
  if (t > c.t1) t = c.t1;
  *p = vec2(h->v[0].x + d.x * t, h->v[0].y + d.y * t);
  return 1;
}

/* Narrows [*lo, *hi] to the t where c0 + t c1 >= 0. */
static void cut(double c0, double c1, double *lo, double *hi) {
  double t = -c0 / c1;
  if (c1 > 0) {
    if (t > *lo) *lo = t;
  } else if (c1 < 0) {
    if (t < *hi) *hi = t;
  } else if (!(c0 >= 0)) {
    *hi = -HUGE_VAL;  /* parallel and outside, or a NaN */
  }
}

/* Widens [*lo, *hi] to hold [t0, t1] when that is not empty. */
static void join(double t0, double t1, double *lo, double *hi) {
  if (!(t0 <= t1)) return;
  if (t0 < *lo) *lo = t0;
  if (t1 > *hi) *hi = t1;
}

/* The t where o + t d lies in the hull's piece: the bare polygon (count of
** 3 or more), within r of the point v, or of the edge v-w. */
static void in_polygon(const imp_hull *h, imp_vec2 o, imp_vec2 d,
                       double *lo, double *hi) {
  int i;
  for (i = 0; i < h->count; i++) {
    imp_vec2 v = h->v[i], e = h->v[(i + 1) % h->count];
    e = vec2(e.x - v.x, e.y - v.y);
    cut(e.x * (o.y - v.y) - e.y * (o.x - v.x), e.x * d.y - e.y * d.x, lo,
        hi);
  }
}

static void near_point(imp_vec2 v, double r, imp_vec2 o, imp_vec2 d,
                       double *lo, double *hi) {
  imp_vec2 w = vec2(o.x - v.x, o.y - v.y);
  double a = dot(d, d), b = dot(w, d), c = dot(w, w) - r * r;
  double root = sqrt(b * b - a * c);
  if (a > 0) join((-b - root) / a, (-b + root) / a, lo, hi);
}

static void near_edge(imp_vec2 v, imp_vec2 e, double r, imp_vec2 o,
                      imp_vec2 d, double *lo, double *hi) {
  imp_vec2 w = vec2(o.x - v.x, o.y - v.y);
  double along = dot(e, w), across = e.x * w.y - e.y * w.x,
         da = dot(e, d), dc = e.x * d.y - e.y * d.x,
         width = r * sqrt(dot(e, e)), t0 = -HUGE_VAL, t1 = HUGE_VAL;
  cut(along, da, &t0, &t1);
  cut(dot(e, e) - along, -da, &t0, &t1);
  cut(width + across, dc, &t0, &t1);
  cut(width - across, -dc, &t0, &t1);
  join(t0, t1, lo, hi);
}

/* The t where o + t d lies in the closed shape of hull h, [*lo, *hi], as
** doubles find them: a guess that the exact test then confirms. */
static void chord(const imp_hull *h, imp_vec2 o, imp_vec2 d, double *lo,
                  double *hi) {
  int i, edges = h->count < 3 ? h->count - 1 : h->count;
  double t0 = -HUGE_VAL, t1 = HUGE_VAL;
  if (h->count > 2) in_polygon(h, o, d, &t0, &t1);
  *lo = t0;
  *hi = t1;
  if (h->radius == 0 && h->count > 2) return;
  *lo = HUGE_VAL;
  *hi = -HUGE_VAL;
  if (h->count > 2) join(t0, t1, lo, hi);
  for (i = 0; i < h->count; i++) {
    imp_vec2 v = h->v[i], w = h->v[(i + 1) % h->count];
    near_point(v, h->radius, o, d, lo, hi);
    if (i < edges)
      near_edge(v, vec2(w.x - v.x, w.y - v.y), h->radius, o, d, lo, hi);
  }
}

/* Where the line o + t d crosses both shapes, as doubles find it: the
** common part of the two chords, empty (or not finite) gives 0. */
static int common_chord(const imp_hull *ha, const imp_hull *hb, imp_vec2 o,
                        imp_vec2 d, double *lo, double *hi) {
  double la, ua, lb, ub;
  chord(ha, o, d, &la, &ua);
  chord(hb, o, d, &lb, &ub);
  *lo = la > lb ? la : lb;
  *hi = ua < ub ? ua : ub;
  return *hi - *lo > 0 && *hi - *lo < HUGE_VAL;
}

/* The point of the line p + t d in both shapes nearest p, kept off the
** ends of their common chord by a hair of it so that the exact test
** confirms it without the wide integers; 0 when the test does not, or
** when the chord is too short for that (2^-24 of p's size). */
static int common_point(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                        imp_vec2 d, imp_vec2 *out) {
  double lo, hi, hair, t;
  if (!common_chord(ha, hb, p, d, &lo, &hi) ||
      (hi - lo) * (fabs(d.x) + fabs(d.y)) < 0x1p-24 * (fabs(p.x) + fabs(p.y)))
    return 0;
  hair = (hi - lo) * 0x1p-20;
  lo += hair;
  hi -= hair;
  t = 0 < lo ? lo : (0 > hi ? hi : 0);
  *out = vec2(p.x + d.x * t, p.y + d.y * t);
  return holds(ha, *out) && holds(hb, *out);
}

/* The hull's width plus its height, and its radius. */
static double reach(const imp_hull *h) {
  double lx = h->v[0].x, hx = lx, ly = h->v[0].y, hy = ly;
  int i;
  for (i = 1; i < h->count; i++) {
    lx = fmin(lx, h->v[i].x);
    hx = fmax(hx, h->v[i].x);
    ly = fmin(ly, h->v[i].y);
    hy = fmax(hy, h->v[i].y);
  }
  return (hx - lx) + (hy - ly) + h->radius;
}

/* On the line through p along n, the shapes' chords overlap where the
** line crosses both: the point of that overlap nearest p, in both within
** the rounding of the clip's times. The manifold's points lie on such
** lines, between the two surfaces; the line can miss the shapes' common
** part only where thin shapes cross away from it. */
static int along_normal(imp_shape akind, const void *a, const imp_hull *ha,
                        imp_shape bkind, const void *b, const imp_hull *hb,
                        imp_vec2 n, imp_vec2 *p) {
  double length = 2 * (reach(ha) + reach(hb)), t, lo, hi;
  imp_vec2 from = vec2(p->x - n.x * length, p->y - n.y * length),
           d = vec2(n.x * 2 * length, n.y * 2 * length);
  imp_clip ca, cb;
  if (imp_shape_clip_segment(akind, a, from.x, from.y, d.x, d.y, &ca) ==
          IMP_CLIP_OUTSIDE ||
      imp_shape_clip_segment(bkind, b, from.x, from.y, d.x, d.y, &cb) ==
          IMP_CLIP_OUTSIDE)
    return 0;
  lo = fmax(ca.t0, cb.t0);
  hi = fmin(ca.t1, cb.t1);
  if (!(lo <= hi)) return 0;
  t = 0.5 < lo ? lo : (0.5 > hi ? hi : 0.5);
  *p = vec2(from.x + d.x * t, from.y + d.y * t);
  return 1;
}

/* common_point on the line from p through target. */
static int towards(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                   imp_vec2 target, imp_vec2 *out) {
  return common_point(ha, hb, p, vec2(target.x - p.x, target.y - p.y), out);
}

/* The part of the convex polygon in (n vertices) on the inner side of the
** edge a-b of a counter-clockwise hull, into out: n + 1 vertices at most,
** 2 n where rounding bends the polygon. */
static int clip_polygon(const imp_vec2 *in, int n, imp_vec2 a, imp_vec2 b,
                        imp_vec2 *out) {
  imp_vec2 e = vec2(b.x - a.x, b.y - a.y);
  int i, k = 0;
  for (i = 0; i < n; i++) {
    imp_vec2 p = in[i], q = in[(i + 1) % n];
    double sp = e.x * (p.y - a.y) - e.y * (p.x - a.x),
           sq = e.x * (q.y - a.y) - e.y * (q.x - a.x);
    if (sp >= 0) out[k++] = p;
    if ((sp >= 0) != (sq >= 0)) {
      double f = sp / (sp - sq);
      out[k++] = vec2(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f);
    }
  }
  return k;
}

/* A convex polygon in the shape of hull h, counter-clockwise, into out:
** the bare hull, or for a disc the square within it, for a capsule the
** hexagon of its segment's sides and ends; its count, 0 for no area. */
static int inner_polygon(const imp_hull *h, imp_vec2 *out) {
  imp_vec2 c = h->v[0], e, u, l;
  double r = h->radius, length;
  int i;
  if (h->count > 2) {
    for (i = 0; i < h->count; i++) out[i] = h->v[i];
    return h->count;
  }
  if (!(r > 0)) return 0;
  if (h->count == 1) {
    out[0] = vec2(c.x + r, c.y);
    out[1] = vec2(c.x, c.y + r);
    out[2] = vec2(c.x - r, c.y);
    out[3] = vec2(c.x, c.y - r);
    return 4;
  }
  e = vec2(h->v[1].x - c.x, h->v[1].y - c.y);
  length = sqrt(dot(e, e));
  u = vec2(e.x / length * r, e.y / length * r);
  l = vec2(-u.y, u.x);
  out[0] = vec2(c.x - l.x, c.y - l.y);
  out[1] = vec2(h->v[1].x - l.x, h->v[1].y - l.y);
  out[2] = vec2(h->v[1].x + u.x, h->v[1].y + u.y);
  out[3] = vec2(h->v[1].x + l.x, h->v[1].y + l.y);
  out[4] = vec2(c.x + l.x, c.y + l.y);
  out[5] = vec2(c.x - u.x, c.y - u.y);
  return 6;
}

/* The mean of the corners of the common part of the two shapes' inner
** polygons, as doubles find it: a point well inside both where that part
** has room, 0 where there is no such part. */
static int common_middle(const imp_hull *ha, const imp_hull *hb,
                         imp_vec2 *out) {
  imp_vec2 buffer[2][4 * IMP_MAX_VERTICES], edges[IMP_MAX_VERTICES];
  double x = 0, y = 0;
  int i, n = inner_polygon(ha, buffer[0]), m = inner_polygon(hb, edges),
         from = 0;
  if (n == 0 || m == 0) return 0;
  /* Two convex polygons share no more corners than they have together. */
  for (i = 0; i < m && n > 0 && n <= 2 * IMP_MAX_VERTICES;
       i++, from = !from)
    n = clip_polygon(buffer[from], n, edges[i], edges[(i + 1) % m],
                     buffer[!from]);
  if (n < 3 || n > 2 * IMP_MAX_VERTICES) return 0;
  for (i = 0; i < n; i++) {
    x += buffer[from][i].x;
    y += buffer[from][i].y;
  }
  *out = vec2(x / n, y / n);
  return 1;
}

/* Between the points p and q of a flat contact, the middle of the shapes'
** common chord along the normal: a point well inside both, 0 where
** doubles find none. */
static int inside_both(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                       imp_vec2 q, imp_vec2 n, imp_vec2 *out) {
  imp_vec2 mid = vec2((p.x + q.x) / 2, (p.y + q.y) / 2);
  double lo, hi, t;
  if (!common_chord(ha, hb, mid, n, &lo, &hi)) return 0;
  t = lo + (hi - lo) / 2;
  *out = vec2(mid.x + n.x * t, mid.y + n.y * t);
  return 1;
}

/* A point of a deep or lopsided contact can fall outside one shape: the
** line along the normal through it finds one in both, or, where that line
** only grazes their common part (past a corner), the line across it, or
** the line towards a point well inside both: the middle of the contact
** when there is another point, else the middle of the common part of
** polygons within the shapes. Where doubles do not
** find it, the exact chord along the normal does, unless the shapes are
** thin and cross away from it; then a wall of no thickness gives the
** point of its part in the other, and otherwise alternate projections
** onto the two (convex, and overlapping) bring it into both, until a step
** moves it by no more than rounding, 2^-40 of the shapes' size. */
static imp_vec2 into_both(imp_shape akind, const void *a, const imp_hull *ha,
                          imp_shape bkind, const void *b, const imp_hull *hb,
                          imp_vec2 n, imp_vec2 p, const imp_vec2 *other) {
  double tol;
  imp_vec2 x, middle;
  int k;
  if (holds(ha, p) && holds(hb, p)) return p;
  if (common_point(ha, hb, p, n, &x) ||
      common_point(ha, hb, p, vec2(-n.y, n.x), &x))
    return x;
  if ((other && inside_both(ha, hb, p, *other, n, &middle) &&
       towards(ha, hb, p, middle, &x)) ||
      (common_middle(ha, hb, &middle) && towards(ha, hb, p, middle, &x)))
    return x;
  if (along_normal(akind, a, ha, bkind, b, hb, n, &p)) return p;
  if (along_wall(ha, bkind, b, &p) || along_wall(hb, akind, a, &p)) return p;
  tol = 0x1p-40 * (reach(ha) + reach(hb));
  for (k = 0; k < 1024; k++) {
    imp_vec2 was = p;
    int moved = onto(akind, a, ha, &p);
    if (!(onto(bkind, b, hb, &p) || moved) ||
        fabs(p.x - was.x) + fabs(p.y - was.y) <= tol)
      break;
  }
  return p;
}

/* Two rectangles keep the normal of their own push-out (obb.c), whose
** axes are rounded otherwise than the hulls' faces: the face is the one
** along it, the depth the hulls' overlap across it. */
static void rect_penetration(const imp_hull *ha, const imp_hull *hb,
                             imp_vec2 normal, imp_penetration *out) {
  out->normal = normal;
  out->depth = imp_hull_support(ha, normal) +
               imp_hull_support(hb, vec2(-normal.x, -normal.y));
  out->face = aligned_face(ha, hb, normal);
}

int imp_shape_manifold(imp_shape akind, const void *a, imp_shape bkind,
                       const void *b, imp_manifold *out) {
  imp_hull ha, hb;
  imp_penetration p;
  imp_manifold m;
  imp_hit h;
  imp_vec2 start[2];
  int rects = imp_is_rect(akind) && imp_is_rect(bkind), round = 0, i;
  if (rects ? !imp_shape_overlap(akind, a, bkind, b, &h)
            : !imp_shape_intersects(akind, a, bkind, b))
    return 0;
  imp_shape_hull(akind, a, &ha);
  imp_shape_hull(bkind, b, &hb);
  if (rects) {
    rect_penetration(&ha, &hb, h.normal, &p);
  } else {
    imp_penetration_of(akind, a, &ha, bkind, b, &hb, &p);
    round = p.face < 0;
    if (round) p.face = aligned_face(&ha, &hb, p.normal);
  }
  m.normal = vec2(p.normal.x + 0.0, p.normal.y + 0.0);  /* no -0 */
  m.count = 0;
  if (p.face >= 0 && p.face < imp_hull_face_count(&ha))
    flat_contact(&ha, p.face, &hb, p.normal, m.normal, &m);
  else if (p.face >= 0)
    flat_contact(&hb, p.face - imp_hull_face_count(&ha), &ha,
                 vec2(-p.normal.x, -p.normal.y), m.normal, &m);
  if (m.count == 0) {
    /* Round contact, or clipping left nothing: the one point midway
    ** between the surfaces along the normal, from b's nearest point, or
    ** from the deepest point of the hull facing the reference face. */
    if (round)
      m.point[0] = vec2(p.pb.x + p.normal.x * (p.depth / 2 - hb.radius),
                        p.pb.y + p.normal.y * (p.depth / 2 - hb.radius));
    else if (p.face < imp_hull_face_count(&ha))
      m.point[0] = one_point(&hb, vec2(-p.normal.x, -p.normal.y), p.depth);
    else
      m.point[0] = one_point(&ha, p.normal, p.depth);
    m.depth[0] = p.depth;
    m.count = 1;
  }
  /* A face that only lies across the normal within a hair may measure a
  ** point deeper than the penetration itself, which bounds every depth. */
  for (i = 0; i < m.count; i++) start[i] = m.point[i];
  for (i = 0; i < m.count; i++) {
    m.point[i] = into_both(akind, a, &ha, bkind, b, &hb, p.normal,
                           m.point[i], m.count == 2 ? &start[1 - i] : NULL);
    if (m.depth[i] > p.depth) m.depth[i] = p.depth;
    if (!(m.depth[i] > 0)) m.depth[i] = 0;  /* a rounding error below */
  }
  *out = m;
  return 1;
}
