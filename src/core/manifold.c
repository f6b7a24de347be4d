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

#include "circles.h"
#include "commonpart.h"
#include "hulls.h"
#include "impact.h"
#include "penetration.h"
#include "vec2.h"

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

/* t . x - t . p, or 0 where its rounding could give its sign. */
static double beyond(imp_vec2 t, imp_vec2 x, imp_vec2 p) {
  double ax = t.x * x.x, ay = t.y * x.y, px = t.x * p.x, py = t.y * p.y;
  double d = (ax + ay) - (px + py);
  return fabs(d) > 0x1p-50 * (fabs(ax) + fabs(ay) + fabs(px) + fabs(py))
             ? d
             : 0;
}

/* Clips the segment ends[0]-ends[1] to the side of the line through p
** where t . x >= t . p. An end within rounding of the line is on that
** side: a segment along the line (a capsule standing end-on over a
** polygon's corner) keeps both its ends, where rounded signs would cut it
** anywhere. */
static int clip(imp_vec2 ends[2], int n, imp_vec2 t, imp_vec2 p) {
  double d0 = beyond(t, ends[0], p), d1;
  if (n == 1) return d0 >= 0;
  d1 = beyond(t, ends[1], p);
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

/* The point moved into the closed shape where it lies outside: to its
** nearest point there. */
static int onto(imp_shape kind, const void *shape, const imp_hull *h,
                imp_vec2 *p) {
  imp_circle c;
  imp_vec2 on, at;
  if (imp_hull_holds(h, *p)) return 0;
  c.pos = *p;
  c.radius = 0;
  if (imp_shape_distance(kind, shape, IMP_SHAPE_CIRCLE, &c, &on, &at) == 0)
    return 0;
  *p = on;
  return 1;
}

/* Whether the hull is a wall: a segment of no thickness. */
static int is_wall(const imp_hull *h) {
  return h->count == 2 && h->radius == 0;
}

/* Where the hull h, a segment of no thickness, crosses the other shape:
** the point of its part in it nearest p, which lies in both (a wall's two
** points stay apart where they can). */
static int along_wall(const imp_hull *h, imp_shape kind, const void *shape,
                      imp_vec2 *p) {
  imp_vec2 d, from;
  imp_clip c;
  double t;
  if (!is_wall(h)) return 0;
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

/* The hull's size, its radius included. */
static double reach(const imp_hull *h) { return imp_hull_span(h) + h->radius; }

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

/* imp_common_point on the line from p through target. */
static int towards(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                   imp_vec2 target, imp_vec2 *out) {
  return imp_common_point(ha, hb, p, vec2(target.x - p.x, target.y - p.y),
                          out);
}

/* Between the points p and q of a flat contact, the middle of the shapes'
** common chord along the normal: a point well inside both, 0 where
** doubles find none. */
static int inside_both(const imp_hull *ha, const imp_hull *hb, imp_vec2 p,
                       imp_vec2 q, imp_vec2 n, imp_vec2 *out) {
  imp_vec2 mid = vec2((p.x + q.x) / 2, (p.y + q.y) / 2);
  double lo, hi, t;
  if (!imp_common_chord(ha, hb, mid, n, &lo, &hi)) return 0;
  t = lo + (hi - lo) / 2;
  *out = vec2(mid.x + n.x * t, mid.y + n.y * t);
  return 1;
}

/* v moved to the next double up (way 1) or down (-1), as nextafter moves
** a normal v: by 0.625 of 2^-52 |v|, 0.625 to 1.25 of its ulp, which
** rounds to one ulp (and below a power of two, to half of one). */
static double next_double(double v, double way) {
  return v + way * (0.625 * 0x1p-52 * fabs(v));
}

/* held_near's offsets from p along the normal and along the contact, in
** steps of about an ulp of p: none, then each way by powers of two. */
static const double held_offsets[] = {0, 1, -1, 2, -2, 4, -4, 8, -8,
                                      16, -16, 32, -32};
#define HELD_OFFSETS (sizeof held_offsets / sizeof held_offsets[0])
/* p's coordinates and the doubles one and two away either way. */
#define HELD_NEXT 5

/* Whether both hulls hold c exactly: then it is *out. */
static int held(const imp_hull *ha, const imp_hull *hb, imp_vec2 c,
                imp_vec2 *out) {
  if (!(imp_hull_holds(ha, c) && imp_hull_holds(hb, c))) return 0;
  *out = c;
  return 1;
}

/* Whether p or a double around it is held exactly by both hulls: the
** first such in *out, else p. The last ways of into_both put a point in
** both within rounding only, and where the common part is a sliver
** thinner than the spacing of doubles (a contact a few ulps deep, a wall
** of no thickness) rounding leaves it a hair outside one: a double of the
** sliver lies next to it, two doubles away in x and y, or a few steps
** along the normal or along the contact. */
static int held_near(const imp_hull *ha, const imp_hull *hb, imp_vec2 n,
                     imp_vec2 p, imp_vec2 *out) {
  double step = 0x1p-52 * (fabs(p.x) + fabs(p.y));
  double xs[HELD_NEXT], ys[HELD_NEXT];
  size_t i, j, across_steps;
  *out = p;
  if (held(ha, hb, p, out)) return 1;
  xs[0] = p.x;
  ys[0] = p.y;
  for (i = 1; i < HELD_NEXT; i++) {  /* up one, down one, up two, down two */
    size_t from = i < 3 ? 0 : i - 2;
    double way = i % 2 ? 1 : -1;
    xs[i] = next_double(xs[from], way);
    ys[i] = next_double(ys[from], way);
  }
  for (i = 0; i < HELD_NEXT; i++)
    for (j = i == 0; j < HELD_NEXT; j++)
      if (held(ha, hb, vec2(xs[i], ys[j]), out)) return 1;
  /* A wall's common part with the other lies along its line, which the
  ** contact follows: no steps across it. */
  across_steps = is_wall(ha) || is_wall(hb) ? 1 : HELD_OFFSETS;
  for (i = 0; i < across_steps; i++)
    for (j = i == 0; j < HELD_OFFSETS; j++) {
      double across = held_offsets[i] * step, along = held_offsets[j] * step;
      if (held(ha, hb,
               vec2(p.x + (n.x * across - n.y * along),
                    p.y + (n.y * across + n.x * along)),
               out))
        return 1;
    }
  return 0;
}

/* A point of a deep or lopsided contact can fall outside one shape: the
** line along the normal through it finds one in both, or, where that line
** only grazes their common part (past a corner), the line across it, or
** the line towards a point well inside both: the middle of the contact
** when there is another point, else the middle of the common part of
** polygons within the shapes. Where doubles do not find it, a wall of no
** thickness gives the point of its part in the other (on its line, which
** a chord across it misses by rounding) where a double held by both lies
** next to that point; else the exact chord along the normal does, unless
** the shapes are thin and cross away from it; then the wall's point, and
** otherwise alternate projections onto the two (convex, and overlapping)
** bring it into both, until a step moves it by no more than rounding,
** 2^-40 of the shapes' size. These last ways are in both within rounding:
** held_near finds a double in both exactly, where there is one next to
** the point. */
static imp_vec2 into_both(imp_shape akind, const void *a, const imp_hull *ha,
                          imp_shape bkind, const void *b, const imp_hull *hb,
                          imp_vec2 n, imp_vec2 p, const imp_vec2 *other) {
  double tol;
  imp_vec2 x, middle;
  int k, wall;
  if (held(ha, hb, p, &x)) return x;
  if (imp_common_point(ha, hb, p, n, &x) ||
      imp_common_point(ha, hb, p, vec2(-n.y, n.x), &x))
    return x;
  if ((other && inside_both(ha, hb, p, *other, n, &middle) &&
       towards(ha, hb, p, middle, &x)) ||
      (imp_common_middle(ha, hb, &middle) && towards(ha, hb, p, middle, &x)))
    return x;
  x = p;
  wall = along_wall(ha, bkind, b, &x) || along_wall(hb, akind, a, &x);
  if (wall && held_near(ha, hb, n, x, &x)) return x;
  if (along_normal(akind, a, ha, bkind, b, hb, n, &p)) {
    held_near(ha, hb, n, p, &p);
    return p;
  }
  if (wall) return x;
  tol = 0x1p-40 * (reach(ha) + reach(hb));
  for (k = 0; k < 1024; k++) {
    imp_vec2 was = p;
    int moved = onto(akind, a, ha, &p);
    if (!(onto(bkind, b, hb, &p) || moved) ||
        fabs(p.x - was.x) + fabs(p.y - was.y) <= tol)
      break;
  }
  held_near(ha, hb, n, p, &p);
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
  if (akind == IMP_SHAPE_CIRCLE && bkind == IMP_SHAPE_CIRCLE &&
      (i = imp_circles_manifold((const imp_circle *)a, (const imp_circle *)b,
                                out)) >= 0)
    return i;
  if (rects) {  /* by their push-out */
    if (!imp_shape_overlap(akind, a, bkind, b, &h)) return 0;
    imp_shape_hull(akind, a, &ha);
    imp_shape_hull(bkind, b, &hb);
    rect_penetration(&ha, &hb, h.normal, &p);
  } else {
    if (!imp_shapes_penetration(akind, a, bkind, b, &ha, &hb, &p)) return 0;
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
