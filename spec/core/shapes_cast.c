/*
** Property checks of the shapes' casts and sweeps (cast.c, shapesweep.c):
** a seeded random driver draws every kind of shape, on an integer grid
** (where sides, corners and tangents are met exactly) or anywhere, and
** checks the casts against each other and against brute force:
**
** - intersect_segment agrees with clip_segment: a hit is never outside and
**   enters when the clip does; a segment whose clipped part has its middle
**   strictly inside hits;
** - intersect_segment and clip_segment, whose filter in doubles answers
**   most segments before any exact decision, answer as the exact cast and
**   clip alone do, bit for bit, also far from the origin and beyond the
**   exact range;
** - whether a point is inside, strictly or not, agrees with intersects
**   and distance, on and an ulp off the boundary;
** - a segment's first contact agrees with dense sampling by intersect_point
**   (no point strictly inside before it, and one strictly inside is never
**   passed without a hit); a push-out leaves the point outside the closed
**   shape;
** - a sweep against a dense sampling of intersects: no overlap before its
**   contact, none at its stop, and an overlap sampled is never passed;
**   also a circle swept nearly along a side, a radius out, which crosses
**   that side grown at a shallow angle;
** - a point (a circle of radius 0) swept is a segment cast, hit for hit and
**   time for time, and a circle swept against a circle or a capsule is a
**   segment cast against that shape grown by its radius;
** - a sweep's cast that its filter in doubles (sweepfilter.c) finds
**   from outside and through the inside is the exact cast, bit for bit;
** - a time that doubles certify (spanfilter.c: a disk's, a side's, a side
**   moved out by a radius) lies within 2^-44 of the double-double roots of
**   the definitions, on exact inputs of one part or two, near tangents
**   and near sides too;
** - named scenes pin the touching conventions: a graze through a corner or
**   along a tangent hits, a segment along a side misses, as does one that
**   ends at contact or leaves at time 0.
**
** Usage: impact_shapes_cast [rounds [seed]]. Each counterexample is
** printed with its seed's round, and makes the run fail.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "impact.h"

#include "dd.h"
#include "scenes.h"
#include "xhull.h"

/* Reporting. */

static const char *property;
static long checked, failed, round_number;

/* The scene of the current check, printed with a counterexample. */
static const shape *scene[2];
static imp_vec2 scene_p, scene_d;

static void print_shape(const shape *s) {
  const imp_any_shape *u = &s->s;
  int i;
  switch (s->kind) {
  case IMP_SHAPE_AABB:
    printf("  AABB(%a, %a, %a, %a)\n", u->aabb.pos.x, u->aabb.pos.y,
           u->aabb.half.x, u->aabb.half.y);
    break;
  case IMP_SHAPE_OBB:
    printf("  OBB(%a, %a, %a, %a, %a)\n", u->obb.pos.x, u->obb.pos.y,
           u->obb.half.x, u->obb.half.y, u->obb.angle);
    break;
  case IMP_SHAPE_CIRCLE:
    printf("  Circle(%a, %a, %a)\n", u->circle.pos.x, u->circle.pos.y,
           u->circle.radius);
    break;
  case IMP_SHAPE_CAPSULE:
    printf("  Capsule(%a, %a, %a, %a, %a, %a, %a, %a)\n", u->capsule.a.x,
           u->capsule.a.y, u->capsule.b.x, u->capsule.b.y, u->capsule.radius,
           u->capsule.pos.x, u->capsule.pos.y, u->capsule.angle);
    break;
  case IMP_SHAPE_POLYGON:
    printf("  Polygon({");
    for (i = 0; i < u->polygon.count; i++)
      printf("%s%a, %a", i ? ", " : "", u->polygon.v[i].x, u->polygon.v[i].y);
    printf("}, %a, %a, %a)\n", u->polygon.pos.x, u->polygon.pos.y,
           u->polygon.angle);
    break;
  }
}

static void fail(const char *what, double a, double b) {
  int i;
  if (failed++ >= 8) return;
  printf("counterexample to '%s' (round %ld): %s (%a, %a)\n", property,
         round_number, what, a, b);
  for (i = 0; i < 2; i++)
    if (scene[i]) print_shape(scene[i]);
  printf("  p (%a, %a) d (%a, %a)\n", scene_p.x, scene_p.y, scene_d.x,
         scene_d.y);
}

static void set_scene(const shape *a, const shape *m, imp_vec2 p,
                      imp_vec2 d) {
  scene[0] = a;
  scene[1] = m;
  scene_p = p;
  scene_d = d;
}

/* Whether the point is strictly inside, or in the closed shape. */
static int strictly_in(const shape *s, double x, double y) {
  imp_hit h;
  return imp_shape_intersect_point(s->kind, &s->s, x, y, &h);
}

/* Strictly inside by more than the rounding of a sampled point: its
** push-out is longer than that. */
static int deep_in(const shape *s, double x, double y) {
  imp_hit h;
  double slack = 1e-9 * (fabs(x) + fabs(y) + scale);
  return imp_shape_intersect_point(s->kind, &s->s, x, y, &h) &&
         fabs(h.delta.x) + fabs(h.delta.y) > slack;
}

static int closed_in(const shape *s, double x, double y) {
  imp_clip c;
  return imp_shape_clip_segment(s->kind, &s->s, x, y, 0, 0, &c) !=
         IMP_CLIP_OUTSIDE;
}

/* A box's push-out leaves a point touching it, as the intersect library's
** does; any other shape's strictly outside. */
static int box_like(const shape *s) {
  return s->kind == IMP_SHAPE_AABB ||
         (s->kind == IMP_SHAPE_OBB && s->s.obb.s == 0);
}

/* The next double either way, but for 0, whose neighbours are beyond the
** range in which the decisions are exact: 2^-90 either way instead. */
static double nudge(double v) {
  double to = below(2) ? 1 : -1;
  return v == 0 ? to * 0x1p-90 : nextafter(v, to * INFINITY);
}

/* A point on or next to the shape's boundary: a vertex, the middle of a
** side, a point out by the radius from either, each moved by an ulp now
** and then. */
static imp_vec2 near_boundary(const shape *s) {
  imp_hull h;
  imp_vec2 v;
  int k;
  imp_shape_hull(s->kind, &s->s, &h);
  k = below(h.count);
  v = h.v[k];
  if (h.count > 1 && below(2)) {
    imp_vec2 w = h.v[(k + 1) % h.count];
    v.x = v.x + (w.x - v.x) / 2;
    v.y = v.y + (w.y - v.y) / 2;
  }
  if (h.radius > 0) {
    double a = below(2) ? unit() * 6.283185307179586 : below(4) * 1.5707963;
    v.x += h.radius * cos(a);
    v.y += h.radius * sin(a);
  }
  if (below(2)) v.x = nudge(v.x);
  if (below(2)) v.y = nudge(v.y);
  return v;
}

/* A segment that often starts, ends or runs on the shape's boundary. */
static void random_segment(const shape *s, imp_vec2 *p, imp_vec2 *d) {
  p->x = coord();
  p->y = coord();
  d->x = coord() - p->x;
  d->y = coord() - p->y;
  if (below(4) == 0) {  /* between points near the boundary */
    imp_vec2 q = near_boundary(s);
    *p = near_boundary(s);
    d->x = q.x - p->x;
    d->y = q.y - p->y;
  } else if (below(3) == 0) {  /* from or to a vertex */
    imp_hull h;
    int k;
    imp_shape_hull(s->kind, &s->s, &h);
    k = below(h.count);
    if (below(2)) {
      p->x = h.v[k].x;
      p->y = h.v[k].y;
    } else {
      d->x = h.v[k].x - p->x;
      d->y = h.v[k].y - p->y;
    }
  }
  if (below(8) == 0) d->x = 0;
  if (below(8) == 0) d->y = 0;
}

static void segment_against_clip(void) {
  shape s;
  imp_vec2 p, d;
  imp_hit h;
  imp_clip c;
  int hit, kind;
  random_shape(&s);
  random_segment(&s, &p, &d);
  set_scene(&s, NULL, p, d);
  if (d.x == 0 && d.y == 0) return;
  hit = imp_shape_intersect_segment(s.kind, &s.s, p.x, p.y, d.x, d.y, &h);
  kind = imp_shape_clip_segment(s.kind, &s.s, p.x, p.y, d.x, d.y, &c);
  checked++;
  if (!(c.t0 >= 0 && c.t1 <= 1) || (kind != IMP_CLIP_OUTSIDE && c.t0 > c.t1))
    fail("clip interval", c.t0, c.t1);
  if ((c.t0 == 0) != (kind == IMP_CLIP_INSIDE || kind == IMP_CLIP_EXIT) &&
      kind != IMP_CLIP_OUTSIDE)
    fail("t0 == 0 exactly when the start is in", c.t0, kind);
  if ((c.t1 == 1) != (kind == IMP_CLIP_INSIDE || kind == IMP_CLIP_ENTER) &&
      kind != IMP_CLIP_OUTSIDE)
    fail("t1 == 1 exactly when the end is in", c.t1, kind);
  if (hit && kind == IMP_CLIP_OUTSIDE) fail("hit but outside", h.time, 0);
  /* The same entry, to within 1e-9 of the scene's size (a box's times are
  ** the intersect library's, rounded in its own way: far off, where a
  ** side is crossed by a delta's ulp). */
  if (hit && (kind == IMP_CLIP_ENTER || kind == IMP_CLIP_TRAVERSE) &&
      !box_like(&s) &&
      fabs(h.time - c.t0) * (fabs(d.x) + fabs(d.y)) >
          1e-9 * (fabs(p.x) + fabs(p.y) + fabs(d.x) + fabs(d.y) + scale))
    fail("hit time against clip t0", h.time, c.t0);
  if (!hit && kind != IMP_CLIP_OUTSIDE && c.t1 - c.t0 > 1e-6) {
    double t = (c.t0 + c.t1) / 2;
    if (deep_in(&s, p.x + d.x * t, p.y + d.y * t))
      fail("missed a clip whose middle is inside", c.t0, c.t1);
  }
}

/* The cast without its filter in doubles (castfilter.c): the exact
** hull's cast alone, as imp_shape_intersect_segment makes it where the
** filter cannot say. */
static int unfiltered_segment(const shape *s, imp_vec2 p, imp_vec2 d,
                              imp_hit *out) {
  imp_hull h;
  imp_xhull x;
  imp_xvec xp = imp_xvec_of(p.x, p.y);
  imp_xspan span;
  imp_shape_hull(s->kind, &s->s, &h);
  if (!imp_hull_finite(&h)) return 0;
  imp_xhull_of(&h, &x);
  if (!imp_xhull_cast(&x, &xp, d, &span)) return 0;
  out->time = span.enter;
  out->normal = span.normal;
  out->delta.x = (1.0 - span.enter) * -d.x;
  out->delta.y = (1.0 - span.enter) * -d.y;
  out->pos.x = p.x + d.x * span.enter;
  out->pos.y = p.y + d.y * span.enter;
  return 1;
}

static int same_bits(double a, double b) { return memcmp(&a, &b, 8) == 0; }

/* The filter answers as the exact cast does, bit for bit, on every shape
** that is not a box (a box has its own slab test): on segments that
** start, end or run on the boundary; on scenes moved far from the
** origin, where the segment's end rounds by far more than the scene's
** size allows for; and on scenes beyond 2^-96 and 2^96 in size, where the
** cast takes rounded signs (and powers of 2^-110 underflow). */
static void filter_against_exact(void) {
  shape s;
  imp_vec2 p, d;
  imp_hit a, b;
  int hit, exact;
  if (below(8) == 0) scale = below(2) ? 0x1p-110 : 0x1p110;
  random_shape(&s);
  random_segment(&s, &p, &d);
  if (box_like(&s) || (d.x == 0 && d.y == 0)) return;
  if (below(4) == 0) {
    double far = scale * (below(2) ? 0x1p30 : 0x1p45);
    imp_vec2 *pos = s.kind == IMP_SHAPE_OBB       ? &s.s.obb.pos
                    : s.kind == IMP_SHAPE_CIRCLE  ? &s.s.circle.pos
                    : s.kind == IMP_SHAPE_CAPSULE ? &s.s.capsule.pos
                                                  : &s.s.polygon.pos;
    pos->x += far;
    pos->y -= far;
    p.x += far;
    p.y -= far;
  }
  set_scene(&s, NULL, p, d);
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  hit = imp_shape_intersect_segment(s.kind, &s.s, p.x, p.y, d.x, d.y, &a);
  exact = unfiltered_segment(&s, p, d, &b);
  checked++;
  {  /* the clip, whose filter's misses are apart from the closed shape */
    imp_clip c, e;
    imp_hull h;
    imp_xhull x;
    imp_xvec xp = imp_xvec_of(p.x, p.y);
    imp_shape_hull(s.kind, &s.s, &h);
    imp_xhull_of(&h, &x);
    imp_shape_clip_segment(s.kind, &s.s, p.x, p.y, d.x, d.y, &c);
    if (!imp_hull_finite(&h)) {
      e.kind = IMP_CLIP_OUTSIDE;
      e.t0 = 1;
      e.t1 = 0;
    } else {
      imp_xhull_clip(&x, &xp, d, &e);
    }
    if (c.kind != e.kind || !same_bits(c.t0, e.t0) || !same_bits(c.t1, e.t1))
      fail("clip against the exact clip", c.t0, e.t0);
  }
  if (hit != exact) fail("hit against the exact cast", hit, exact);
  else if (hit && !(same_bits(a.time, b.time) &&
                    same_bits(a.normal.x, b.normal.x) &&
                    same_bits(a.normal.y, b.normal.y) &&
                    same_bits(a.delta.x, b.delta.x) &&
                    same_bits(a.delta.y, b.delta.y) &&
                    same_bits(a.pos.x, b.pos.x) && same_bits(a.pos.y, b.pos.y)))
    fail("time against the exact cast's", a.time, b.time);
  {  /* a query's crossing, from p to its end: the cast's entry and the
     ** clip's exit */
    double x2 = p.x + d.x, y2 = p.y + d.y, enter = -1, leave = -1;
    imp_clip c;
    hit = imp_shape_intersect_segment(s.kind, &s.s, p.x, p.y, x2 - p.x,
                                      y2 - p.y, &a);
    imp_shape_clip_segment(s.kind, &s.s, p.x, p.y, x2 - p.x, y2 - p.y, &c);
    if (imp_shape_crossed(s.kind, &s.s, p.x, p.y, x2, y2, &enter, &leave) !=
            hit ||
        (hit && !(same_bits(enter, a.time) &&
                  same_bits(leave, c.t1 > a.time ? c.t1 : a.time))))
      fail("crossed against the cast and the clip", enter, leave);
  }
}

/* Whether a point is strictly inside, or in the closed shape, agrees with
** intersects and distance (another exact test) against a circle of radius
** 0 there; boxes push out by the intersect library's rounded test. */
static void point_against_distance(void) {
  shape s;
  imp_circle c;
  imp_vec2 pa, pb;
  int inside, overlap, closed, touching;
  random_shape(&s);
  c.pos = below(4) ? near_boundary(&s) : (imp_vec2){coord(), coord()};
  c.radius = 0;
  set_scene(&s, NULL, c.pos, c.pos);
  closed = closed_in(&s, c.pos.x, c.pos.y);
  touching = imp_shape_distance(s.kind, &s.s, IMP_SHAPE_CIRCLE, &c, &pa,
                                &pb) == 0;
  checked++;
  if (closed != touching) fail("closed shape against distance", closed, 0);
  if (box_like(&s)) return;
  inside = strictly_in(&s, c.pos.x, c.pos.y);
  overlap = imp_shape_intersects(s.kind, &s.s, IMP_SHAPE_CIRCLE, &c);
  if (inside != overlap) fail("inside against intersects", inside, overlap);
}

static void segment_against_sampling(void) {
  shape s;
  imp_vec2 p, d;
  imp_hit h;
  int hit, k, samples = 64;
  random_shape(&s);
  random_segment(&s, &p, &d);
  set_scene(&s, NULL, p, d);
  hit = imp_shape_intersect_segment(s.kind, &s.s, p.x, p.y, d.x, d.y, &h);
  checked++;
  if (hit && !(h.time >= 0 && h.time <= 1)) fail("time range", h.time, 0);
  for (k = 1; k < samples; k++) {
    double t = (double)k / samples;
    if (!deep_in(&s, p.x + d.x * t, p.y + d.y * t)) continue;
    if (!hit) fail("passed a point inside", t, 0);
    else if (h.time > t + 1e-9) fail("hit after a point inside", h.time, t);
    break;
  }
  if (hit && h.time > 1e-6) {
    double t = h.time * (1 - 1e-6);
    if (deep_in(&s, p.x + d.x * t, p.y + d.y * t))
      fail("inside before the hit", h.time, t);
  }
  if (strictly_in(&s, p.x, p.y)) {
    imp_hit push;
    imp_shape_intersect_point(s.kind, &s.s, p.x, p.y, &push);
    if (closed_in(&s, p.x + push.delta.x, p.y + push.delta.y) &&
        (!box_like(&s) ||
         strictly_in(&s, p.x + push.delta.x, p.y + push.delta.y)))
      fail("push-out leaves the point in", push.delta.x, push.delta.y);
    if (!hit || h.time != 0) fail("starts inside but no hit at 0", p.x, p.y);
  }
}

static void place(const shape *m, double x, double y, shape *out) {
  out->kind = m->kind;
  imp_shape_moved(m->kind, &m->s, (imp_vec2){x, y}, &out->s);
}

/* Overlapping at (x, y) and wherever rounding could have placed it. */
static int deep_overlap(const shape *a, const shape *m, double x, double y) {
  static const double sx[5] = {0, 1, -1, 1, -1}, sy[5] = {0, 1, 1, -1, -1};
  double slack = 1e-9 * (fabs(x) + fabs(y) + scale);
  shape at;
  int i;
  for (i = 0; i < 5; i++) {
    place(m, x + sx[i] * slack, y + sy[i] * slack, &at);
    if (!imp_shape_intersects(a->kind, &a->s, at.kind, &at.s)) return 0;
  }
  return 1;
}

/* Two rectangles, one of them turned, sweep by imp_obb_sweep_obb, which
** decides in rounded doubles in the rectangles' frames: there it may
** disagree with the exact intersects by a rounding. */
static int rounded_pair(const shape *a, const shape *m) {
  int rect_a = a->kind == IMP_SHAPE_AABB || a->kind == IMP_SHAPE_OBB;
  int rect_m = m->kind == IMP_SHAPE_AABB || m->kind == IMP_SHAPE_OBB;
  return rect_a && rect_m && !(box_like(a) && box_like(m));
}

/* m swept by d from its place against a, checked against sampling. */
static void check_sweep(const shape *a, const shape *m, imp_vec2 d) {
  shape at;
  imp_vec2 start = imp_shape_pos(m->kind, &m->s);
  imp_sweep sw;
  int k, samples = 48;
  imp_shape_sweep(a->kind, &a->s, m->kind, &m->s, d.x, d.y, &sw);
  checked++;
  place(m, sw.pos.x, sw.pos.y, &at);
  if (imp_shape_intersects(a->kind, &a->s, at.kind, &at.s) &&
      !(sw.has_hit && sw.time == 0))
    fail("overlaps at the stop", sw.time, sw.has_hit);
  if (!sw.has_hit && sw.time != 1) {  /* only where the end overlaps */
    place(m, start.x + d.x, start.y + d.y, &at);
    if (!imp_shape_intersects(a->kind, &a->s, at.kind, &at.s))
      fail("a miss stopped short of a clear end", sw.time, 0);
  }
  for (k = 1; k <= samples; k++) {
    double t = (double)k / samples;
    if (!deep_overlap(a, m, start.x + d.x * t, start.y + d.y * t))
      continue;
    if (!sw.has_hit) fail("passed an overlap", t, 0);
    else if (sw.hit.time > t + 1e-9) fail("hit after an overlap", sw.time, t);
    break;
  }
  if (sw.has_hit && sw.hit.time > 1e-6) {
    double t = sw.hit.time * (1 - 1e-6);
    if (deep_overlap(a, m, start.x + d.x * t, start.y + d.y * t))
      fail("overlap before contact", sw.hit.time, t);
  }
  if (sw.has_hit && !(fabs(sw.hit.normal.x) <= 1 && fabs(sw.hit.normal.y) <= 1
                      && fabs(hypot(sw.hit.normal.x, sw.hit.normal.y) - 1) <
                             1e-12))
    fail("normal not unit", sw.hit.normal.x, sw.hit.normal.y);
}

static void sweep_against_sampling(void) {
  shape a, m;
  imp_vec2 start, d;
  random_shape(&a);
  random_shape(&m);
  start = imp_shape_pos(m.kind, &m.s);
  d.x = coord() - start.x;
  d.y = coord() - start.y;
  set_scene(&a, &m, start, d);
  if (d.x == 0 && d.y == 0) return;
  if (rounded_pair(&a, &m)) return;
  check_sweep(&a, &m, d);
}

/* A circle swept nearly along a side of a, one radius out, from before
** the side's end: its path crosses that side grown by the radius at a
** shallow angle (2^-3 to 2^-50 radians), where a line's crossing of a
** grown side is nearly parallel to it and easily skipped. */
static void sweep_along_side(void) {
  shape a, m;
  imp_hull h;
  imp_vec2 p, q, e, d, on;
  double length, tilt, back;
  int i;
  random_shape(&a);
  imp_shape_hull(a.kind, &a.s, &h);
  if (h.count < 2) return;
  i = below(h.count);
  p = h.v[i];
  q = h.v[(i + 1) % h.count];
  e = (imp_vec2){q.x - p.x, q.y - p.y};
  length = hypot(e.x, e.y);
  if (!(length > 0)) return;
  m.kind = IMP_SHAPE_CIRCLE;
  m.s.circle.radius = size() + scale / 8;
  on.x = p.x + e.x * unit() + e.y / length * (h.radius + m.s.circle.radius);
  on.y = p.y + e.y * unit() - e.x / length * (h.radius + m.s.circle.radius);
  tilt = (below(2) ? 1 : -1) * ldexp(1, -3 - below(48));
  d.x = (e.x * cos(tilt) - e.y * sin(tilt)) * 2;
  d.y = (e.x * sin(tilt) + e.y * cos(tilt)) * 2;
  back = 0.25 + unit() / 2;
  m.s.circle.pos = (imp_vec2){on.x - d.x * back, on.y - d.y * back};
  set_scene(&a, &m, m.s.circle.pos, d);
  check_sweep(&a, &m, d);
}

/* A circle swept is a segment cast against the shape grown by its
** radius: a point against anything, a circle against a circle or a
** capsule. */
static void circle_sweep_is_cast(void) {
  shape a, grown;
  imp_circle c;
  imp_vec2 d;
  imp_sweep sw;
  imp_hit h;
  int hit;
  random_shape(&a);
  /* The intersect library's box of no width or height: a segment through
  ** its end runs along its end face, and misses. */
  if (box_like(&a) && (a.s.aabb.half.x == 0 || a.s.aabb.half.y == 0)) return;
  c.pos.x = coord();
  c.pos.y = coord();
  c.radius = 0;
  grown = a;
  if (a.kind == IMP_SHAPE_CIRCLE && below(2)) {
    c.radius = size();
    grown.s.circle.radius += c.radius;
    if (grown.s.circle.radius - c.radius != a.s.circle.radius) return;
  } else if (a.kind == IMP_SHAPE_CAPSULE && below(2)) {
    c.radius = size();
    grown.s.capsule.radius += c.radius;
    if (grown.s.capsule.radius - c.radius != a.s.capsule.radius) return;
  }
  d.x = coord() - c.pos.x;
  d.y = coord() - c.pos.y;
  set_scene(&a, &grown, c.pos, d);
  if (d.x == 0 && d.y == 0) return;
  imp_shape_sweep(a.kind, &a.s, IMP_SHAPE_CIRCLE, &c, d.x, d.y, &sw);
  hit = imp_shape_intersect_segment(grown.kind, &grown.s, c.pos.x, c.pos.y,
                                    d.x, d.y, &h);
  checked++;
  if (hit != sw.has_hit) fail("sweep hit against cast hit", sw.has_hit, hit);
  else if (hit && fabs(h.time - sw.hit.time) > 1e-12)
    fail("sweep time against cast time", sw.hit.time, h.time);
}

/* Named scenes. */

static imp_circle circle(double x, double y, double r) {
  imp_circle c;
  c.pos.x = x;
  c.pos.y = y;
  c.radius = r;
  return c;
}

static void expect_segment(const char *what, imp_shape kind, const void *s,
                           double px, double py, double dx, double dy,
                           int hit, double time) {
  imp_hit h;
  int got = imp_shape_intersect_segment(kind, s, px, py, dx, dy, &h);
  checked++;
  if (got != hit) fail(what, got, hit);
  else if (hit && fabs(h.time - time) > 1e-15) fail(what, h.time, time);
}

static void expect_sweep(const char *what, imp_shape kind, const void *s,
                         imp_shape mkind, const void *m, double dx,
                         double dy, int hit, double time) {
  imp_sweep sw;
  imp_shape_sweep(kind, s, mkind, m, dx, dy, &sw);
  checked++;
  if (sw.has_hit != hit) fail(what, sw.has_hit, hit);
  else if (hit && fabs(sw.hit.time - time) > 1e-15)
    fail(what, sw.hit.time, time);
}

static imp_polygon square(double x, double y) {
  imp_polygon q;
  memset(&q, 0, sizeof q);
  q.count = 4;
  q.v[1].x = q.v[2].x = q.v[2].y = q.v[3].y = 1;
  q.pos.x = x;
  q.pos.y = y;
  imp_polygon_set_angle(&q, 0);
  return q;
}

static void named_sweeps(void) {
  imp_circle a = circle(0, 0, 1), b = circle(2, 0, 1), far = circle(-3, 0, 1);
  imp_polygon p = square(0, 0), q = square(1, 0), r = square(1, 1);
  imp_polygon wedge = square(3, 1);
  wedge.count = 3;  /* its corner down at (3, 1) */
  wedge.v[1].x = wedge.v[1].y = wedge.v[2].y = 1;
  wedge.v[2].x = -1;
  expect_sweep("circles touching, moving away", IMP_SHAPE_CIRCLE, &a,
               IMP_SHAPE_CIRCLE, &b, 1, 0, 0, 0);
  expect_sweep("circles touching, moving along", IMP_SHAPE_CIRCLE, &a,
               IMP_SHAPE_CIRCLE, &b, 0, 1, 0, 0);
  expect_sweep("circles touching, moving in", IMP_SHAPE_CIRCLE, &a,
               IMP_SHAPE_CIRCLE, &b, -1, 0, 1, 0);
  expect_sweep("circle onto a circle", IMP_SHAPE_CIRCLE, &a,
               IMP_SHAPE_CIRCLE, &far, 4, 0, 1, 0.25);
  expect_sweep("squares touching, moving along", IMP_SHAPE_POLYGON, &p,
               IMP_SHAPE_POLYGON, &q, 0, 1, 0, 0);
  expect_sweep("squares touching, moving away", IMP_SHAPE_POLYGON, &p,
               IMP_SHAPE_POLYGON, &q, 1, 0, 0, 0);
  expect_sweep("squares touching, moving in", IMP_SHAPE_POLYGON, &p,
               IMP_SHAPE_POLYGON, &q, -1, 0, 1, 0);
  expect_sweep("squares corner to corner, along the diagonal",
               IMP_SHAPE_POLYGON, &p, IMP_SHAPE_POLYGON, &r, 1, 1, 0, 0);
  expect_sweep("squares corner to corner, grazing", IMP_SHAPE_POLYGON, &p,
               IMP_SHAPE_POLYGON, &r, -1, 1, 0, 0);
  expect_sweep("square's side along a circle's tangent", IMP_SHAPE_CIRCLE,
               &a, IMP_SHAPE_POLYGON, &r, -4, 0, 0, 0);
  expect_sweep("corner grazing a circle's tangent", IMP_SHAPE_CIRCLE, &a,
               IMP_SHAPE_POLYGON, &wedge, -4, 0, 1, 0.75);
}

static void named_scenes(void) {
  imp_circle c = circle(0, 0, 2);
  imp_polygon tri;
  imp_capsule cap;
  memset(&tri, 0, sizeof tri);
  tri.count = 3;
  tri.v[1].x = 4;
  tri.v[2].y = 4;
  imp_polygon_set_angle(&tri, 0);
  memset(&cap, 0, sizeof cap);
  cap.b.x = 4;
  cap.radius = 1;
  imp_capsule_set_angle(&cap, 0);
  expect_segment("tangent to a circle hits", IMP_SHAPE_CIRCLE, &c, -4, 2, 8,
                 0, 1, 0.5);
  expect_segment("past a circle misses", IMP_SHAPE_CIRCLE, &c, -4, 2.0001, 8,
                 0, 0, 0);
  expect_segment("ending at a circle misses", IMP_SHAPE_CIRCLE, &c, -4, 0, 2,
                 0, 0, 0);
  expect_segment("leaving a circle at 0 misses", IMP_SHAPE_CIRCLE, &c, 2, 0,
                 2, 0, 0, 0);
  expect_segment("entering a circle at 0 hits", IMP_SHAPE_CIRCLE, &c, 2, 0,
                 -2, 0, 1, 0);
  expect_segment("tangent at a circle's start misses", IMP_SHAPE_CIRCLE, &c,
                 0, 2, 3, 0, 0, 0);
  expect_segment("along a side misses", IMP_SHAPE_POLYGON, &tri, -1, 0, 6, 0,
                 0, 0);
  expect_segment("along the hypotenuse misses", IMP_SHAPE_POLYGON, &tri, 5,
                 -1, -6, 6, 0, 0);
  expect_segment("through a corner hits", IMP_SHAPE_POLYGON, &tri, 3, -1, 2,
                 2, 1, 0.5);
  expect_segment("through a corner, entering", IMP_SHAPE_POLYGON, &tri, -1,
                 -1, 2, 2, 1, 0.5);
  expect_segment("ending at a corner misses", IMP_SHAPE_POLYGON, &tri, -2,
                 -2, 2, 2, 0, 0);
  expect_segment("along a capsule's side misses", IMP_SHAPE_CAPSULE, &cap, -3,
                 1, 10, 0, 0, 0);
  expect_segment("tangent to a capsule's cap", IMP_SHAPE_CAPSULE, &cap, 5, 3,
                 0, -6, 1, 0.5);
  cap.radius = 5;
  expect_segment("across a capsule's end cap", IMP_SHAPE_CAPSULE, &cap, 7, 10,
                 0, -12, 1, 0.5);
}

static void set_grid(void) {
  static const double scales[] = {1, 1, 0.5, 1e3, 1e-3, 3};
  grid = below(2);
  scale = scales[below(6)];
}

/* The sweep's filter (sweepfilter.c) answers as the exact cast does, bit
** for bit: on a shape's hull moved so that a segment's start is the
** origin (its vertices then in two parts, as a Minkowski difference's
** are), grown by two radii or not, where the filter says the cast starts
** outside and passes inside, the exact cast hits with the crossing's
** span, edge and place along it too. Segments start, end or run on the
** boundary, also far from the origin. */
static void sweep_filter_against_exact(void) {
  shape s;
  imp_vec2 p, d;
  imp_hull h;
  imp_xhull x;
  imp_xspan a, b;
  imp_xvec origin = imp_xvec_of(0, 0);
  int i;
  random_shape(&s);
  random_segment(&s, &p, &d);
  if (below(4) == 0) {
    double far = scale * (below(2) ? 0x1p30 : 0x1p45);
    p.x += far;
    p.y -= far;
    imp_shape_hull(s.kind, &s.s, &h);
    for (i = 0; i < h.count; i++) {
      h.v[i].x += far;  /* the scene moved as a whole, exactly or not */
      h.v[i].y -= far;
    }
  } else {
    imp_shape_hull(s.kind, &s.s, &h);
  }
  set_scene(&s, NULL, p, d);
  if (!imp_hull_finite(&h)) return;
  imp_xhull_of(&h, &x);
  for (i = 0; i < x.count; i++) {
    imp_lin px = imp_lin_of(p.x), py = imp_lin_of(p.y);
    imp_lin_combine(&x.v[i].x, &x.v[i].x, &px, -1);
    imp_lin_combine(&x.v[i].y, &x.v[i].y, &py, -1);
  }
  if (below(2)) {  /* grown by two radii, as a difference with a circle */
    imp_lin ra = imp_lin_of(size()), rb = imp_lin_of(size() / 3);
    imp_lin_combine(&x.radius, &ra, &rb, 1);
  }
  if (!imp_sweep_through(&x, d)) return;
  checked++;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  imp_xhull_crossing(&x, &origin, d, 0, &a);
  if (imp_xhull_place(&x, &origin).where != IMP_OUTSIDE ||
      !imp_xhull_cast(&x, &origin, d, &b))
    fail("a certified sweep against the exact cast's hit", 1, 0);
  else if (!(same_bits(a.enter, b.enter) &&
             same_bits(a.normal.x, b.normal.x) &&
             same_bits(a.normal.y, b.normal.y) && a.edge == b.edge &&
             same_bits(a.along, b.along)))
    fail("a certified sweep's span against the exact cast's", a.enter,
         b.enter);
}

/* An exact coordinate, half the time in two parts (as a Minkowski
** difference's are), the second below the first's ulp, so that the
** rounded sum the filter reads is off by it. */
static imp_lin span_lin(double v) {
  imp_lin a = imp_lin_of(v), low;
  if (below(2) || v == 0) return a;
  low = imp_lin_of(ldexp(v * (unit() - 0.5), -52 - (int)below(8)));
  return imp_lin_add(&a, &low);
}

static imp_xvec span_point(double x, double y) {
  imp_xvec v;
  v.x = span_lin(x);
  v.y = span_lin(y);
  return v;
}

/* The exact value of a coordinate, and differences, in double-double. */
static dd lin_value(const imp_lin *a) {
  dd s = dd_of(0);
  int i;
  for (i = 0; i < a->n; i++) s = dd_add(s, dd_of(a->part[i]));
  return s;
}

static dd dd_diff(const imp_lin *a, const imp_lin *b) {
  return dd_sub(lin_value(a), lin_value(b));
}

static dd dd_cross(dd ax, dd ay, dd bx, dd by) {
  return dd_sub(dd_mul(ax, by), dd_mul(ay, bx));
}

/* Whether a time certified by doubles (spanfilter.c) is within its 2^-44
** (of 1, or of the time) of the reference, worked out from the
** definitions in double-double: for a disk, the roots (-b -+ sqrt(b^2 -
** a c)) / a of |q + t d|^2 = r^2 as they stand, for a side's line, -(e x
** (p - a)) / (e x d). Both have some 2^-100 of their terms' sizes to
** spare where doubles certify (else the bound could not be met). */
static void check_time(const char *what, double t, dd reference) {
  double off = fabs(t - reference.hi - reference.lo);
  checked++;
  if (!(off <= 0x1p-44 * (fabs(t) > 1 ? fabs(t) : 1)))
    fail(what, t, reference.hi);
}

/* A coordinate of a plain-time scene: anywhere, on the grid, or far off. */
static double span_coord(double far) { return coord() + far; }

/* Lines at any angle and distance through a disk or across a side (and
** the side moved out by the radius); lines that graze the disk or run
** nearly along the side, where doubles must give way; on the grid, and
** far from the origin; with exact inputs in parts, whose rounded sums the
** doubles read. */
static void plain_times_against_double_double(void) {
  imp_xvec v, a, b, p;
  imp_lin r;
  imp_vec2 d, e;
  double far = below(4) == 0 ? scale * (below(2) ? 0x1p30 : 0x1p45) : 0;
  double t[2], rad = size() + scale * unit(), off, t0;
  int sure, i;
  dd qx, qy, dd_a, dd_b, dd_c, dd_r, root, ex, ey;
  v = span_point(span_coord(far), span_coord(far));
  p = span_point(span_coord(far), span_coord(far));
  d.x = coord();
  d.y = coord();
  if (below(2)) {  /* a line passing the centre at nearly the radius */
    double ux = d.x, uy = d.y, len = sqrt(ux * ux + uy * uy);
    off = rad * (1 - ldexp(unit(), -(int)below(60)));
    if (len > 0)
      p = span_point(v.x.approx - uy / len * off - ux * 0.5,
                     v.y.approx + ux / len * off - uy * 0.5);
  }
  r = span_lin(rad);
  scene_p.x = p.x.approx;
  scene_p.y = p.y.approx;
  scene_d = d;
  sure = imp_plain_disk(&v, &r, &p, d, &t[0], &t[1]);
  qx = dd_diff(&p.x, &v.x);
  qy = dd_diff(&p.y, &v.y);
  dd_r = lin_value(&r);
  dd_a = dd_add(dd_mul(dd_of(d.x), dd_of(d.x)), dd_mul(dd_of(d.y), dd_of(d.y)));
  dd_b = dd_add(dd_mul(dd_of(d.x), qx), dd_mul(dd_of(d.y), qy));
  dd_c = dd_sub(dd_add(dd_mul(qx, qx), dd_mul(qy, qy)), dd_mul(dd_r, dd_r));
  for (i = 0; i < 2; i++) {
    dd disc = dd_sub(dd_mul(dd_b, dd_b), dd_mul(dd_a, dd_c)), s;
    if (!(sure >> i & 1)) continue;
    s = dd_sqrt(disc);
    root = dd_div(dd_sub(dd_scale(dd_b, -1), i ? dd_scale(s, -1) : s), dd_a);
    check_time("disk time against double-double", t[i], root);
  }
  /* A side from a to b, the line nearly along it half the time. */
  a = span_point(span_coord(far), span_coord(far));
  b = span_point(span_coord(far), span_coord(far));
  e.x = b.x.approx - a.x.approx;
  e.y = b.y.approx - a.y.approx;
  if (below(2)) {
    t0 = ldexp(unit() - 0.5, -(int)below(60));
    d.x = e.x * (1 + t0) - e.y * t0;
    d.y = e.y * (1 + t0) + e.x * t0;
  }
  scene_d = d;
  if (imp_plain_crossing(&a, &b, &p, d, &t0)) {
    ex = dd_diff(&b.x, &a.x);
    ey = dd_diff(&b.y, &a.y);
    root = dd_div(dd_scale(dd_cross(ex, ey, dd_diff(&p.x, &a.x),
                                    dd_diff(&p.y, &a.y)),
                           -1),
                  dd_cross(ex, ey, dd_of(d.x), dd_of(d.y)));
    check_time("side time against double-double", t0, root);
  }
  /* The same side moved out by the radius: the time, and which way. */
  {
    imp_side_cross c;
    if (imp_plain_rounded_side(&a, &b, &r, &p, d, &c)) {
      dd side;
      ex = dd_diff(&b.x, &a.x);
      ey = dd_diff(&b.y, &a.y);
      side = dd_cross(ex, ey, dd_of(d.x), dd_of(d.y));
      root = dd_add(dd_cross(ex, ey, dd_diff(&p.x, &a.x),
                             dd_diff(&p.y, &a.y)),
                    dd_mul(dd_r, dd_sqrt(dd_add(dd_mul(ex, ex),
                                                dd_mul(ey, ey)))));
      check_time("rounded side time against double-double", c.time,
                 dd_div(dd_scale(root, -1), side));
      if (c.way != (side.hi > 0 ? 1 : -1))
        fail("rounded side's way against double-double", c.way, side.hi);
    }
  }
}

static const struct {
  const char *name;
  void (*run)(void);
} checks[] = {
  {"point against intersects and distance", point_against_distance},
  {"segment against clip", segment_against_clip},
  {"filtered segment against the exact cast", filter_against_exact},
  {"segment against sampling, push-outs", segment_against_sampling},
  {"sweep against sampling", sweep_against_sampling},
  {"sweep along a side against sampling", sweep_along_side},
  {"circle sweep is a cast on the grown shape", circle_sweep_is_cast},
  {"plain times against double-double", plain_times_against_double_double},
  {"filtered sweep against the exact cast", sweep_filter_against_exact},
};

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 10000, total = 0;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  size_t i;
  clock_t begun = clock();
  printf("shapes_cast: %ld rounds, seed %llu\n", rounds, seed);
  property = "named scenes";
  checked = failed = 0;
  named_scenes();
  named_sweeps();
  printf("%-44s %8ld checks, %ld counterexamples\n", property, checked,
         failed);
  total += failed;
  for (i = 0; i < sizeof checks / sizeof *checks; i++) {
    property = checks[i].name;
    checked = failed = 0;
    state = seed * 0x2545f4914f6cdd1du + i;
    for (round_number = 0; round_number < rounds; round_number++) {
      set_grid();
      checks[i].run();
    }
    printf("%-44s %8ld checks, %ld counterexamples\n", property, checked,
           failed);
    total += failed;
  }
  printf("shapes_cast: %.2f s\n", (double)(clock() - begun) / CLOCKS_PER_SEC);
  return total == 0 ? 0 : 1;
}
