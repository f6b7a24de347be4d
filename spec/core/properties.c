/*
** Property checks on the core: a seeded random driver that draws many
** scenes, boundary cases on purpose (small integers, shared faces, corners,
** zero and negative zero, scales from 1e-6 to 1e6), and checks that
** the families agree with each other and with brute force:
**
** - intersect_segment agrees with clip_segment on hit or miss, away from
**   touching, and on the time of first contact; padding is a bigger box;
** - clip_segment decides exactly whether a segment through a corner, or
**   missing it by an ulp of the box, meets the box;
** - a sweep never ends overlapping the collider it reports (no tunnelling),
**   and never stops when nothing is in the way;
** - sweep_into is the minimum over single sweeps, ties to the first;
** - the branch-free AABB kernels give, bit for bit, what the branching
**   reference kernels (reference.c) give, NaN, infinities and zeros of
**   either sign included (a NaN as a NaN), and leave out untouched on a
**   miss;
** - sweep_segment_point agrees with dense sampling, and its hits put the
**   point on the segment; it gives, bit for bit, what its exact solver
**   gives without the floating-point filter (segsolve.c), on random scenes
**   and on near-degenerate ones (ends touching, collinear and parallel
**   motions, contacts at t or s = 0 or 1, points an ulp off the segment,
**   tiny and huge scales), its exact products by fused multiply-adds (on
**   processors that have them) and by Dekker's alike;
** - (with the OBB family) an OBB at angle 0 gives the AABB results exactly,
**   OBB overlap agrees with a brute-force polygon test and its push-out
**   separates, and an OBB sweep neither tunnels nor stops for nothing, and
**   its contact point lies on both rectangles;
** - the World's collision test (bump's rules) misses no movement into a
**   rectangle, sampled along the path, its segment test (one clip of the
**   line) is bit for bit its definition (two clips), and the grid finds
**   every item that a rectangle or a segment query reaches.
**
** Usage: impact_properties [rounds [seed]]. Each counterexample is printed
** with its inputs in hex floats (exact), and makes the run fail. Each check
** also prints a digest of every result the core gave it, bit for bit: a
** seed gives the same digests on every platform where the core computes the
** same doubles (make wine compares Windows with Linux). The cosine and sine
** of an OBB's angle come from the C library, which may differ in the last
** bit between platforms: checks that draw angles print a digest of those
** too ("angles"), so that a difference can be traced to them.
*/
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "impact.h"
#include "random.h"
#include "reference.h"
#include "scalar.h"
#include "segsolve.h"

/* The scale of the current scene: coordinates are drawn around it. */
static double scale = 1;

/* A coordinate: a small integer (faces meet exactly), a half-integer, or
** anything, and now and then a zero of either sign. */
static double coord(void) {
  switch (below(8)) {
  case 0: return 0.0;
  case 1: return below(2) ? -0.0 : 0.0;
  case 2: case 3: return scale * (below(13) - 6);
  case 4: return scale * (below(25) - 12) * 0.5;
  default: return scale * (unit() - 0.5) * 16;
  }
}

static double extent(void) {
  switch (below(6)) {
  case 0: return 0.0;
  case 1: case 2: return scale * (1 + below(4));
  case 3: return scale * (1 + below(8)) * 0.5;
  default: return scale * unit() * 6;
  }
}

static void newscale(void) {
  static const double scales[] = {1, 1, 1, 1, 16, 0.25, 1e3, 1e-3, 1e6, 1e-6};
  scale = scales[below((int)(sizeof scales / sizeof *scales))];
}

static imp_aabb box(void) {
  imp_aabb b;
  b.pos.x = coord();
  b.pos.y = coord();
  b.half.x = extent();
  b.half.y = extent();
  return b;
}

/* A delta: zero, on one axis, or anywhere. */
static imp_vec2 delta(void) {
  imp_vec2 d;
  d.x = coord();
  d.y = coord();
  switch (below(6)) {
  case 0: d.x = below(2) ? -0.0 : 0.0; break;
  case 1: d.y = below(2) ? -0.0 : 0.0; break;
  case 2: d.x = d.y = 0; break;
  case 3: {  /* a slow move far from the origin */
    double k = ldexp(1, -below(40));
    d.x *= k;
    d.y *= k;
    break;
  }
  default: break;
  }
  return d;
}

/* Reporting. */

static const char *property;
static long checked, failed, shown;

#define MAXSHOWN 8

static int fail(const char *fmt, ...) {
  va_list ap;
  failed++;
  if (shown++ < MAXSHOWN) {
    printf("counterexample to '%s': ", property);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
  }
  return 0;
}

/* The digest of the core's results: each number's bits (so -0 is not 0,
** and every NaN is its own), mixed with splitmix64's finalizer. */
static uint64_t digest, angles;
static int drew_angles;

static uint64_t mix(uint64_t h, uint64_t bits) {
  uint64_t z = (h ^ bits) + 0x9e3779b97f4a7c15u;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static void keep_bits(uint64_t bits) { digest = mix(digest, bits); }

static void keep(double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  keep_bits(bits);
}

static void keep_vec2(imp_vec2 v) {
  keep(v.x);
  keep(v.y);
}

/* A test's answer, and the hit it filled when it reports one (a miss
** leaves the hit untouched). */
static int keep_hit(int found, const imp_hit *h) {
  keep_bits((uint64_t)found);
  if (found) {
    keep_vec2(h->pos);
    keep_vec2(h->delta);
    keep_vec2(h->normal);
    keep(h->time);
  }
  return found;
}

static void keep_sweep(const imp_sweep *s) {
  keep_hit(s->has_hit, &s->hit);
  keep_vec2(s->pos);
  keep(s->time);
}

static void keep_clip(const imp_clip *c) {
  keep_bits((uint64_t)c->kind);
  keep(c->t0);
  keep(c->t1);
}

static int keep_collision(int found, const imp_rect_collision *c) {
  keep_bits((uint64_t)found);
  if (found) {
    keep_bits((uint64_t)c->overlaps);
    keep(c->ti);
    keep_vec2(c->move);
    keep_vec2(c->normal);
    keep_vec2(c->touch);
  }
  return found;
}

static void keep_ids(size_t n, const size_t *ids, size_t cap) {
  size_t i;
  keep_bits(n);
  for (i = 0; i < n && i < cap; i++) keep_bits(ids[i]);
}

#define AABB_FMT "AABB(%a, %a, %a, %a)"
#define AABB_ARGS(b) (b).pos.x, (b).pos.y, (b).half.x, (b).half.y

static double mag(double a) { return fabs(a); }

/* How far from touching counts as touching: a small multiple of the
** rounding in the scene's coordinates. */
static double margin(const imp_aabb *b, double px, double py, double dx,
                     double dy) {
  double m = mag(b->pos.x) + mag(b->pos.y) + b->half.x + b->half.y +
             mag(px) + mag(py) + mag(dx) + mag(dy);
  return 1e-9 * m + DBL_MIN;
}

/* Whether a + b is a double. */
static int sum_is_exact(double a, double b) {
  double e;
  imp_two_sum(a, b, &e);
  return e == 0;
}

static imp_aabb grown(const imp_aabb *b, double by) {
  imp_aabb g = *b;
  g.half.x += by;
  g.half.y += by;
  return g;
}

/* intersect_segment and clip_segment: a segment that clearly misses the
** closed box misses; one that runs through the open box (a part of
** positive length strictly inside it, or a zero-length one strictly
** inside) hits, at the time clip gives for entering (0 from inside). */
static void segment_against_clip(void) {
  imp_aabb b = box();
  imp_vec2 p, d = delta();
  imp_hit h, hp;
  imp_clip c, outer, inner;
  double m, padx, pady;
  int hit;
  p.x = coord();
  p.y = coord();
  hit = keep_hit(imp_aabb_intersect_segment(&b, p.x, p.y, d.x, d.y, 0, 0, &h),
                 &h);
  imp_aabb_clip_segment(&b, p.x, p.y, d.x, d.y, &c);
  keep_clip(&c);
  m = margin(&b, p.x, p.y, d.x, d.y);
  {
    imp_aabb g = grown(&b, m), s = b;
    imp_aabb_clip_segment(&g, p.x, p.y, d.x, d.y, &outer);
    keep_clip(&outer);
    s.half.x -= m;
    s.half.y -= m;
    if (!(s.half.x > 0 && s.half.y > 0)) inner.kind = IMP_CLIP_OUTSIDE;
    else {
      imp_aabb_clip_segment(&s, p.x, p.y, d.x, d.y, &inner);
      keep_clip(&inner);
    }
  }
  checked++;
  if (hit && outer.kind == IMP_CLIP_OUTSIDE)
    fail(AABB_FMT " segment (%a, %a) + (%a, %a): intersect hits at %a, "
         "clip says outside", AABB_ARGS(b), p.x, p.y, d.x, d.y, h.time);
  if (!hit && inner.kind != IMP_CLIP_OUTSIDE &&
      ((d.x == 0 && d.y == 0) || inner.t1 - inner.t0 > 1e-9))
    fail(AABB_FMT " segment (%a, %a) + (%a, %a): clip %d [%a, %a] crosses "
         "the open box, intersect misses", AABB_ARGS(b), p.x, p.y, d.x, d.y,
         (int)c.kind, c.t0, c.t1);
  if (hit && inner.kind != IMP_CLIP_OUTSIDE && c.kind != IMP_CLIP_OUTSIDE &&
      inner.t1 - inner.t0 > 1e-9) {
    /* The times agree: clip's entry on the closed box. */
    double len = fabs(d.x) + fabs(d.y);
    double tol = len > 0 ? 4 * m / len + 1e-12 : 0;
    if (!(fabs(h.time - c.t0) <= tol))
      fail(AABB_FMT " segment (%a, %a) + (%a, %a): intersect time %.17g, "
           "clip t0 %.17g", AABB_ARGS(b), p.x, p.y, d.x, d.y, h.time, c.t0);
  }
  /* Padding is a bigger box, to the last bit, where the bigger box's half
  ** sizes are exact sums (else padding grows the box by exactly padx). */
  padx = below(2) ? extent() : 0;
  pady = below(2) ? extent() : 0;
  if (sum_is_exact(b.half.x, padx) && sum_is_exact(b.half.y, pady)) {
    imp_aabb g = b;
    int a, z;
    g.half.x += padx;
    g.half.y += pady;
    memset(&h, 0, sizeof h);
    memset(&hp, 0, sizeof hp);
    a = keep_hit(imp_aabb_intersect_segment(&b, p.x, p.y, d.x, d.y, padx,
                                            pady, &hp), &hp);
    z = imp_aabb_intersect_segment(&g, p.x, p.y, d.x, d.y, 0, 0, &h);
    checked++;
    if (a != z || memcmp(&h, &hp, sizeof h) != 0)
      fail(AABB_FMT " segment (%a, %a) + (%a, %a) padding (%a, %a): not the "
           "same as the grown box", AABB_ARGS(b), p.x, p.y, d.x, d.y, padx,
           pady);
  }
}

/* A line whose slope has the other sign than the corner's touches the box
** at that corner alone. A segment along it through the corner, at time
** a / (a + k), touches the box there: traverse with t0 == t1. With the
** box one ulp smaller on either axis it misses (the two times differ by
** less than they can round to); one ulp bigger, it crosses. Exact by
** construction: small integers times a power of two. */
static void clip_corners_exact(void) {
  double unit_scale = ldexp(1, below(41) - 20);
  double sx = below(2) ? -1 : 1, sy = below(2) ? -1 : 1;
  double way = below(2) ? -1 : 1;
  double ux = way * sx * (1 + below(50)) * unit_scale;
  double uy = -way * sy * (1 + below(50)) * unit_scale;
  double a = 1 + below(1000), k = 1 + below(1000);
  int change = below(3), axis = below(2);  /* 0 none, 1 smaller, 2 bigger */
  imp_aabb b;
  imp_vec2 p, d;
  imp_clip c;
  b.pos.x = (below(41) - 20) * unit_scale;
  b.pos.y = (below(41) - 20) * unit_scale;
  b.half.x = (1 + below(20)) * unit_scale;
  b.half.y = (1 + below(20)) * unit_scale;
  p.x = b.pos.x + sx * b.half.x - a * ux;
  p.y = b.pos.y + sy * b.half.y - a * uy;
  d.x = (a + k) * ux;
  d.y = (a + k) * uy;
  if (change) {
    double *h = axis ? &b.half.y : &b.half.x;
    *h = nextafter(*h, change == 1 ? 0 : INFINITY);
  }
  imp_aabb_clip_segment(&b, p.x, p.y, d.x, d.y, &c);
  keep_clip(&c);
  checked++;
  if (change == 0 ? c.kind != IMP_CLIP_TRAVERSE || c.t0 != c.t1 ||
                        c.t0 != a / (a + k)
      : change == 1 ? c.kind != IMP_CLIP_OUTSIDE
                    : c.kind != IMP_CLIP_TRAVERSE || !(c.t0 <= c.t1))
    fail(AABB_FMT " segment (%a, %a) + (%a, %a), %s: clip %d [%a, %a]",
         AABB_ARGS(b), p.x, p.y, d.x, d.y,
         change == 0 ? "through the corner"
                     : change == 1 ? "a corner an ulp in" : "an ulp out",
         (int)c.kind, c.t0, c.t1);
}

/* Strict overlap of two closed boxes, computed directly. */
static int overlaps(const imp_aabb *a, const imp_aabb *b) {
  return fabs(a->pos.x - b->pos.x) < a->half.x + b->half.x &&
         fabs(a->pos.y - b->pos.y) < a->half.y + b->half.y;
}

/* A sweep never ends overlapping what it reports (unless it started in
** it, and then it does not move), and a path that clearly misses the
** collider does not stop. */
static void sweep_no_tunnel(void) {
  imp_aabb b = box(), mv = box(), end;
  imp_vec2 d = delta();
  imp_sweep s;
  imp_clip c;
  double m;
  imp_aabb wide, narrow;
  int near_start, start;
  /* Overlapping at the start, clearly (by more than rounding), or maybe. */
  m = margin(&b, mv.pos.x, mv.pos.y, d.x, d.y) + 1e-9 * (mv.half.x + mv.half.y);
  wide = grown(&mv, m * 1e-6);  /* a few units in the last place */
  narrow = grown(&mv, -m);
  near_start = overlaps(&b, &wide);
  start = overlaps(&b, &narrow) && narrow.half.x >= 0 && narrow.half.y >= 0;
  imp_aabb_sweep_aabb(&b, &mv, d.x, d.y, &s);
  keep_sweep(&s);
  end.pos = s.pos;
  end.half = mv.half;
  checked++;
  if (!(s.time >= 0 && s.time <= 1))
    fail(AABB_FMT " sweeps " AABB_FMT " by (%a, %a): time %.17g",
         AABB_ARGS(b), AABB_ARGS(mv), d.x, d.y, s.time);
  if (s.has_hit && !near_start && overlaps(&b, &end))
    fail(AABB_FMT " sweeps " AABB_FMT " by (%a, %a): stops at (%.17g, %.17g) "
         "time %.17g, overlapping", AABB_ARGS(b), AABB_ARGS(mv), d.x, d.y,
         s.pos.x, s.pos.y, s.time);
  if (start && !(s.has_hit && s.time == 0))
    fail(AABB_FMT " sweeps " AABB_FMT " by (%a, %a): starts overlapping, "
         "time %.17g", AABB_ARGS(b), AABB_ARGS(mv), d.x, d.y, s.time);
  /* The moving centre against the box grown by the mover: closed, grown by
  ** the margin too, so that touching counts as in the way. */
  {
    imp_aabb g = b;
    g.half.x += mv.half.x + m;
    g.half.y += mv.half.y + m;
    imp_aabb_clip_segment(&g, mv.pos.x, mv.pos.y, d.x, d.y, &c);
    keep_clip(&c);
  }
  if (c.kind == IMP_CLIP_OUTSIDE && (s.has_hit || s.time != 1 ||
      s.pos.x != mv.pos.x + d.x || s.pos.y != mv.pos.y + d.y))
    fail(AABB_FMT " sweeps " AABB_FMT " by (%a, %a): nothing in the way, "
         "stops at time %.17g", AABB_ARGS(b), AABB_ARGS(mv), d.x, d.y, s.time);
  if (s.has_hit && c.kind == IMP_CLIP_OUTSIDE)
    fail(AABB_FMT " sweeps " AABB_FMT " by (%a, %a): reports a hit off its "
         "path", AABB_ARGS(b), AABB_ARGS(mv), d.x, d.y);
}

static int same_sweep(const imp_sweep *a, const imp_sweep *b) {
  if (a->has_hit != b->has_hit || a->time != b->time ||
      a->pos.x != b->pos.x || a->pos.y != b->pos.y)
    return 0;
  return !a->has_hit || memcmp(&a->hit, &b->hit, sizeof a->hit) == 0;
}

/* sweep_into is the minimum over single sweeps, ties to the first; the
** moving box is skipped when listed. */
static void sweep_into_minimum(void) {
  imp_aabb boxes[10], mv = box();
  const imp_aabb *list[11];
  imp_vec2 d = delta();
  imp_sweep got, best, one;
  ptrdiff_t n = below(10), i, index, want = -1;
  for (i = 0; i < n; i++) {
    /* Repeats and mirror images make ties. */
    if (i > 0 && below(4) == 0) boxes[i] = boxes[below((int)i)];
    else boxes[i] = box();
    list[i] = &boxes[i];
  }
  if (below(4) == 0) {  /* the mover itself, somewhere in the list */
    ptrdiff_t at = below((int)n + 1);
    for (i = n; i > at; i--) list[i] = list[i - 1];
    list[at] = &mv;
    n++;
  }
  index = imp_aabb_sweep_into(&mv, list, n, d.x, d.y, &got);
  keep_bits((uint64_t)index);
  keep_sweep(&got);
  imp_sweep_clear(&best, &mv, d.x, d.y);
  for (i = 0; i < n; i++) {
    if (list[i] == &mv) continue;
    imp_aabb_sweep_aabb(list[i], &mv, d.x, d.y, &one);
    if (one.time < best.time) {
      best = one;
      want = i;
    }
  }
  checked++;
  if (index != want || !same_sweep(&got, &best))
    fail("mover " AABB_FMT " by (%a, %a) into %d boxes: index %d, the "
         "minimum is %d (time %.17g against %.17g)", AABB_ARGS(mv), d.x, d.y,
         (int)n, (int)index, (int)want, got.time, best.time);
}

/* The differential against the reference kernels. */

/* A value no caller should pass but the core must survive, now and then,
** else a coordinate as the other properties draw them. */
static double wild(double usual) {
  static const double odd[] = {
    NAN, -NAN, INFINITY, -INFINITY, DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN,
    0x1p-1074, -0x1p-1074, 1e300, -1e300, 1e-300, 0.0, -0.0
  };
  if (below(12) != 0) return usual;
  return odd[below((int)(sizeof odd / sizeof *odd))];
}

static imp_aabb wild_box(void) {
  imp_aabb b = box();
  b.pos.x = wild(b.pos.x);
  b.pos.y = wild(b.pos.y);
  b.half.x = wild(b.half.x);
  b.half.y = wild(b.half.y);
  return b;
}

/* Equal to the last bit, the sign of zero included; any NaN equals any
** other, since C leaves open which operand's NaN an operation passes on. */
static int same_double(double a, double b) {
  return (a != a && b != b) || memcmp(&a, &b, sizeof a) == 0;
}

static int same_vec2(imp_vec2 a, imp_vec2 b) {
  return same_double(a.x, b.x) && same_double(a.y, b.y);
}

static int same_hit(const imp_hit *a, const imp_hit *b) {
  return same_vec2(a->pos, b->pos) && same_vec2(a->delta, b->delta) &&
         same_vec2(a->normal, b->normal) && same_double(a->time, b->time);
}

/* The hit part too on a miss: it must be left as it was. */
static int same_sweep_bits(const imp_sweep *a, const imp_sweep *b) {
  return a->has_hit == b->has_hit && same_hit(&a->hit, &b->hit) &&
         same_vec2(a->pos, b->pos) && same_double(a->time, b->time);
}

/* Outputs start as the same junk, so a kernel that writes on a miss shows. */
static void junk(void *a, void *b, size_t size) {
  unsigned char fill = (unsigned char)below(256);
  memset(a, fill, size);
  memset(b, fill, size);
}

#define DIFF_FAIL(what) \
  fail("%s: " AABB_FMT " and " AABB_FMT ", (%a, %a) + (%a, %a), pad (%a, " \
       "%a)", what, AABB_ARGS(a), AABB_ARGS(b), p.x, p.y, d.x, d.y, pad.x, \
       pad.y)

static void kernels_match_reference(void) {
  imp_aabb a = wild_box(), b = wild_box(), list[8];
  const imp_aabb *ptrs[9];
  imp_vec2 p, d = delta(), pad;
  imp_hit h, rh;
  imp_sweep s, rs;
  ptrdiff_t n = below(9), i, got, want;
  p.x = wild(coord());
  p.y = wild(coord());
  d.x = wild(d.x);
  d.y = wild(d.y);
  pad.x = below(2) ? wild(extent()) : 0;
  pad.y = below(2) ? wild(extent()) : 0;
  if (below(4) == 0) {
    /* Integers, with deltas whose reciprocals round (1 / 49): a segment
    ** ending on a face, or through a corner, exactly, is common, and
    ** its rounded slab times may fall on either side. */
    a.pos.x = below(65) - 32;
    a.pos.y = below(65) - 32;
    a.half.x = below(9);
    a.half.y = below(9);
    p.x = below(129) - 64;
    p.y = below(129) - 64;
    d.x = below(127) - 63;
    d.y = below(127) - 63;
    pad.x = below(3);
    pad.y = below(3);
  } else if (below(3) == 0) {
    /* Through a corner of the padded box at time 0, 1/2 or 1: grazing it,
    ** or entering exactly there, decided by a tie of the slab times. */
    double t = below(3) * 0.5;
    p.x = a.pos.x + (below(2) ? 1 : -1) * (a.half.x + pad.x) - d.x * t;
    p.y = a.pos.y + (below(2) ? 1 : -1) * (a.half.y + pad.y) - d.y * t;
  }
  checked += 5;
  junk(&h, &rh, sizeof h);
  if (imp_aabb_intersect_point(&a, p.x, p.y, &h) !=
      ref_aabb_intersect_point(&a, p.x, p.y, &rh) || !same_hit(&h, &rh))
    DIFF_FAIL("intersect_point");
  junk(&h, &rh, sizeof h);
  if (imp_aabb_intersect_aabb(&a, &b, &h) !=
      ref_aabb_intersect_aabb(&a, &b, &rh) || !same_hit(&h, &rh))
    DIFF_FAIL("intersect_aabb");
  junk(&h, &rh, sizeof h);
  if (imp_aabb_intersect_segment(&a, p.x, p.y, d.x, d.y, pad.x, pad.y, &h) !=
      ref_aabb_intersect_segment(&a, p.x, p.y, d.x, d.y, pad.x, pad.y, &rh) ||
      !same_hit(&h, &rh))
    DIFF_FAIL("intersect_segment");
  junk(&s, &rs, sizeof s);
  imp_aabb_sweep_aabb(&a, &b, d.x, d.y, &s);
  ref_aabb_sweep_aabb(&a, &b, d.x, d.y, &rs);
  if (!same_sweep_bits(&s, &rs)) DIFF_FAIL("sweep_aabb");
  /* sweep_into: repeats make ties, and the mover may be listed. */
  for (i = 0; i < n; i++) {
    list[i] = i > 0 && below(4) == 0 ? list[below((int)i)] : wild_box();
    ptrs[i] = &list[i];
  }
  if (below(4) == 0) ptrs[n++] = &b;
  junk(&s, &rs, sizeof s);
  got = imp_aabb_sweep_into(&b, ptrs, n, d.x, d.y, &s);
  want = ref_aabb_sweep_into(&b, ptrs, n, d.x, d.y, &rs);
  if (got != want || !same_sweep_bits(&s, &rs)) DIFF_FAIL("sweep_into");
}

/* The line-point sweep. */

static imp_vec2 lerp(imp_vec2 a, imp_vec2 b, double t) {
  imp_vec2 r;
  r.x = a.x + (b.x - a.x) * t;
  r.y = a.y + (b.y - a.y) * t;
  return r;
}

/* Where the point c is along the segment from a to b, and how far from
** the segment (clamped) it is. */
static double distance(imp_vec2 a, imp_vec2 b, imp_vec2 c, double *s) {
  double dx = b.x - a.x, dy = b.y - a.y, ex = c.x - a.x, ey = c.y - a.y;
  double dd = dx * dx + dy * dy, u = dd > 0 ? (ex * dx + ey * dy) / dd : 0;
  *s = u;
  if (u < 0) u = 0;
  if (u > 1) u = 1;
  return hypot(ex - u * dx, ey - u * dy);
}

/* Grid scenes: small integers times a power of two, so that positions at
** the sample times, and the cross and dot products there, are exact. */
static int grid;

static imp_vec2 point(void) {
  imp_vec2 v;
  if (grid) {
    v.x = scale * (below(7) - 3);
    v.y = scale * (below(7) - 3);
  } else {
    v.x = coord();
    v.y = coord();
  }
  return v;
}

#define SAMPLES 512

static void segment_point_sampling(void) {
  imp_vec2 a0, a1, b0, b1, c0, c1;
  double t[2], s[2], size, tol, f[SAMPLES + 1], u[SAMPLES + 1];
  double len[SAMPLES + 1];
  int n, i, k, on[SAMPLES + 1], online = 1;
  grid = below(2) && (scale == 1 || scale == 16 || scale == 0.25);
  a0 = point();
  b0 = point();
  c0 = point();
  /* Motions that keep an end still, or move everything together, are
  ** where the special cases live. */
  a1 = below(4) == 0 ? a0 : point();
  b1 = below(4) == 0 ? b0 : point();
  c1 = below(4) == 0 ? c0 : point();
  if (below(8) == 0) {  /* the point starts, or ends, on the segment */
    double w = below(3) * 0.5;
    if (below(2)) c0 = lerp(a0, b0, w);
    else c1 = lerp(a1, b1, w);
  }
  size = fabs(a0.x) + fabs(a0.y) + fabs(a1.x) + fabs(a1.y) + fabs(b0.x) +
         fabs(b0.y) + fabs(b1.x) + fabs(b1.y) + fabs(c0.x) + fabs(c0.y) +
         fabs(c1.x) + fabs(c1.y) + DBL_MIN;
  tol = 1e-9 * size;
  n = imp_sweep_segment_point(a0, a1, b0, b1, c0, c1, t, s);
  keep_bits((uint64_t)n);
  for (k = 0; k < n; k++) {
    keep(t[k]);
    keep(s[k]);
  }
  checked++;
#define SCENE "(%a, %a)->(%a, %a) (%a, %a)->(%a, %a), point (%a, %a)->(%a, %a)"
#define SCENE_ARGS a0.x, a0.y, a1.x, a1.y, b0.x, b0.y, b1.x, b1.y, c0.x, c0.y, \
                   c1.x, c1.y
  /* Reported hits are real, in order, in range. */
  for (k = 0; k < n; k++) {
    imp_vec2 a = lerp(a0, a1, t[k]), b = lerp(b0, b1, t[k]),
             c = lerp(c0, c1, t[k]), on = lerp(a, b, s[k]);
    double where;
    if (!(t[k] >= 0 && t[k] <= 1 && s[k] >= 0 && s[k] <= 1) ||
        (k == 1 && !(t[1] > t[0])))
      fail(SCENE ": hit %d at t %.17g s %.17g out of range or order",
           SCENE_ARGS, k, t[k], s[k]);
    else if (!(distance(a, b, c, &where) <= 1e-7 * size) ||
             !(hypot(c.x - on.x, c.y - on.y) <= 1e-7 * size))
      fail(SCENE ": hit at t %.17g s %.17g, but the point is %.3g away "
           "(size %.3g)", SCENE_ARGS, t[k], s[k],
           hypot(c.x - on.x, c.y - on.y), size);
  }
  /* Dense sampling: where the point crosses the segment's line with the
  ** segment well clear of it on both sides of the crossing, a hit must
  ** be reported in that stretch of time. */
  for (i = 0; i <= SAMPLES; i++) {
    double ti = (double)i / SAMPLES;
    imp_vec2 a = lerp(a0, a1, ti), b = lerp(b0, b1, ti), c = lerp(c0, c1, ti);
    double dx = b.x - a.x, dy = b.y - a.y;
    len[i] = hypot(dx, dy);
    f[i] = dx * (c.y - a.y) - dy * (c.x - a.x);
    distance(a, b, c, &u[i]);
    if (grid) {  /* all exact: is the point on the closed segment? */
      double g = dx * (c.x - a.x) + dy * (c.y - a.y), dd = dx * dx + dy * dy;
      on[i] = dd > 0 ? f[i] == 0 && g >= 0 && g <= dd
                     : c.x == a.x && c.y == a.y;
      online = online && f[i] == 0;
    }
  }
  /* Grid scenes: the point on the segment at a sample time is a contact
  ** at that time, or (when it stays on the segment's line throughout, and
  ** only the first contact is reported) after the first one. */
  for (i = 0; grid && i <= SAMPLES; i++) {
    double ti = (double)i / SAMPLES;
    int found = 0;
    if (!on[i]) continue;
    for (k = 0; k < n; k++)
      if (fabs(t[k] - ti) <= 1e-9 || (online && t[k] <= ti)) found = 1;
    if (!found) {
      fail(SCENE ": the point is on the segment at t %.17g, %d hits "
           "reported (first at %.17g)", SCENE_ARGS, ti, n,
           n > 0 ? t[0] : -1.0);
      break;
    }
  }
  for (i = 0; i < SAMPLES; i++) {
    double lo = (double)i / SAMPLES, hi = (double)(i + 1) / SAMPLES;
    int found = 0;
    if (!((f[i] < 0 && f[i + 1] > 0) || (f[i] > 0 && f[i + 1] < 0))) continue;
    if (!(fabs(f[i]) > tol * len[i] && fabs(f[i + 1]) > tol * len[i + 1]))
      continue;  /* too near the line to trust the sign */
    if (!(len[i] > 1e-3 * size && len[i + 1] > 1e-3 * size)) continue;
    if (!(u[i] > 0.01 && u[i] < 0.99 && u[i + 1] > 0.01 && u[i + 1] < 0.99))
      continue;
    for (k = 0; k < n; k++)
      if (t[k] >= lo - 1e-9 && t[k] <= hi + 1e-9) found = 1;
    if (!found) {
      fail(SCENE ": the point crosses the segment between t %.6g and %.6g, "
           "%d hits reported (first at %.17g)", SCENE_ARGS, lo, hi, n,
           n > 0 ? t[0] : -1.0);
      break;
    }
  }
  /* A point exactly on the segment at the start is a hit at time 0. */
  if (c0.x == a0.x && c0.y == a0.y && !(n > 0 && t[0] == 0 && s[0] == 0))
    fail(SCENE ": on the a end at time 0, not reported", SCENE_ARGS);
  if (c0.x == b0.x && c0.y == b0.y && (a0.x != b0.x || a0.y != b0.y) &&
      !(n > 0 && t[0] == 0 && s[0] == 1))
    fail(SCENE ": on the b end at time 0, not reported", SCENE_ARGS);
}

/* The differential against the reference solver. A scene is drawn as the
** sampling check draws them, or with uniform coordinates (where the filter
** decides most scenes alone), then bent towards a degenerate case. */

static imp_vec2 nudged(imp_vec2 v) {  /* an ulp or two off, or as it was */
  int k;
  for (k = below(3); k > 0; k--) {
    if (below(2)) v.x = nextafter(v.x, below(2) ? INFINITY : -INFINITY);
    else v.y = nextafter(v.y, below(2) ? INFINITY : -INFINITY);
  }
  return v;
}

static imp_vec2 anywhere(double size) {
  imp_vec2 v;
  v.x = (unit() - 0.5) * size;
  v.y = (unit() - 0.5) * size;
  return v;
}

/* A result of a solver that differs from the reference's. */
static int differs(int n, const double t[2], const double s[2], int want,
                   const double rt[2], const double rs[2]) {
  return n != want || !same_double(t[0], rt[0]) || !same_double(t[1], rt[1]) ||
         !same_double(s[0], rs[0]) || !same_double(s[1], rs[1]);
}

static void segment_point_matches_reference(void) {
  imp_vec2 p[6];  /* a0, a1, b0, b1, c0, c1 */
  double t[2], s[2], dt[2], ds[2], rt[2], rs[2];
  int i, n, nd, want;
  if (below(2)) {
    double size = below(8) == 0 ? ldexp(1, below(2000) - 1000) : 20 * scale;
    for (i = 0; i < 6; i++) p[i] = anywhere(size);
  } else {
    grid = below(2);
    for (i = 0; i < 6; i++) p[i] = point();
  }
  switch (below(10)) {
  case 0: /* the point on the segment, at an end or inside, at 0 or 1 */
    i = 4 + below(2);
    p[i] = lerp(p[i - 4], p[i - 2], below(3) * 0.5);
    break;
  case 1: /* the segment translated: parallel ends */
    p[3].x = p[2].x + (p[1].x - p[0].x);
    p[3].y = p[2].y + (p[1].y - p[0].y);
    break;
  case 2: /* the point stays on the segment's line */
    p[4] = lerp(p[0], p[2], unit() * 3 - 1);
    p[5] = lerp(p[1], p[3], unit() * 3 - 1);
    break;
  case 3: /* something does not move */
    i = 2 * below(3);
    p[i + 1] = p[i];
    break;
  case 4: /* the point crosses an end of the segment */
    i = 2 * below(2);
    p[4] = lerp(p[i], p[i + 1], unit());
    p[5] = lerp(p[4], p[5], 2);
    break;
  default: break;
  }
  if (below(4) == 0) p[4 + below(2)] = nudged(p[4 + below(2)]);
  if (below(16) == 0) p[below(6)].x = wild(p[0].x);
  junk(t, rt, sizeof t);
  junk(s, rs, sizeof s);
  memcpy(dt, t, sizeof t);
  memcpy(ds, s, sizeof s);
  n = imp_sweep_segment_point(p[0], p[1], p[2], p[3], p[4], p[5], t, s);
  /* The copy that Dekker's products serve, checked too where the
  ** processor has fused multiply-add and the call above took the other. */
  nd = imp_sweep_segment_point_dekker(p[0], p[1], p[2], p[3], p[4], p[5],
                                      dt, ds);
  want = imp_segpoint_clear(p[0], p[1], p[2], p[3], p[4], p[5])
             ? 0
             : imp_segpoint_solve(p[0], p[1], p[2], p[3], p[4], p[5], 0, rt,
                                  rs);
  keep_bits((uint64_t)n);
  for (i = 0; i < n; i++) {
    keep(t[i]);
    keep(s[i]);
  }
  checked++;
  if (differs(n, t, s, want, rt, rs) || differs(nd, dt, ds, want, rt, rs))
    fail("(%a, %a)->(%a, %a) (%a, %a)->(%a, %a), point (%a, %a)->(%a, %a): "
         "%d hits (%a, %a), (%a, %a), by Dekker's products %d (%a, %a), "
         "(%a, %a); the reference %d (%a, %a), (%a, %a)",
         p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y,
         p[4].x, p[4].y, p[5].x, p[5].y, n, t[0], s[0], t[1], s[1], nd,
         dt[0], ds[0], dt[1], ds[1], want, rt[0], rs[0], rt[1], rs[1]);
}

#ifdef IMPACT_HAS_OBB

/* Rotated rectangles. */

static double angle(void) {
  switch (below(6)) {
  case 0: return 0.0;
  case 1: return -0.0;
  case 2: return (below(8) - 4) * 0.78539816339744831;  /* multiples of pi/4 */
  default: return (unit() - 0.5) * 8;
  }
}

static imp_obb obb(void) {
  imp_obb o;
  imp_aabb b = box();
  uint64_t bits;
  o.pos = b.pos;
  o.half = b.half;
  imp_obb_set_angle(&o, angle());
  keep(o.c);
  keep(o.s);
  memcpy(&bits, &o.c, sizeof bits);
  angles = mix(angles, bits);
  memcpy(&bits, &o.s, sizeof bits);
  angles = mix(angles, bits);
  drew_angles = 1;
  return o;
}

/* The corners, counter-clockwise, computed here from the angle alone. */
static void polygon(const imp_obb *o, double dx, double dy, imp_vec2 q[4]) {
  static const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
  double c = cos(o->angle), s = sin(o->angle);
  int i;
  for (i = 0; i < 4; i++) {
    double x = sx[i] * o->half.x, y = sy[i] * o->half.y;
    q[i].x = o->pos.x + dx + c * x - s * y;
    q[i].y = o->pos.y + dy + s * x + c * y;
  }
}

static double cross3(imp_vec2 o, imp_vec2 a, imp_vec2 b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* The convex hull of n points (monotone chain), counter-clockwise, into
** out (room for n + 1); returns its size (1 or 2 when degenerate). */
static int hull(imp_vec2 *v, int n, imp_vec2 *out) {
  int i, j, k = 0, t;
  for (i = 1; i < n; i++)  /* insertion sort by x, then y */
    for (j = i; j > 0 && (v[j].x < v[j - 1].x ||
                          (v[j].x == v[j - 1].x && v[j].y < v[j - 1].y)); j--) {
      imp_vec2 w = v[j];
      v[j] = v[j - 1];
      v[j - 1] = w;
    }
  for (i = 0; i < n; i++) {
    while (k >= 2 && cross3(out[k - 2], out[k - 1], v[i]) <= 0) k--;
    out[k++] = v[i];
  }
  for (i = n - 2, t = k + 1; i >= 0; i--) {
    while (k >= t && cross3(out[k - 2], out[k - 1], v[i]) <= 0) k--;
    out[k++] = v[i];
  }
  return k > 1 ? k - 1 : k;
}

/* How deep the origin lies in the convex polygon: the distance to its
** boundary, positive inside, negative outside (and for a polygon with no
** area, which has no inside). An edge between two corners that rounding
** alone keeps apart (a difference of nearly parallel rectangles) has no
** direction to be on the inside of: it counts for the distance only. */
static double depth(const imp_vec2 *p, int n) {
  imp_vec2 o = {0, 0};
  double d = INFINITY, u;
  int i, inside = n >= 3;
  for (i = 0; i < n; i++) {
    imp_vec2 a = p[i], b = p[(i + 1) % n];
    double e = distance(a, b, o, &u);
    double size = fabs(a.x) + fabs(a.y) + fabs(b.x) + fabs(b.y);
    int sliver = fabs(b.x - a.x) + fabs(b.y - a.y) <= 1e-12 * size;
    if (e < d) d = e;
    if (!sliver && !(cross3(a, b, o) > 0)) inside = 0;
  }
  return inside ? d : -d;
}

/* The Minkowski difference of two rectangles, each given as the corners of
** its positions along a move (4 or 8 points): the two overlap exactly when
** the origin is strictly inside it. */
static double overlap_depth(const imp_vec2 *p, int np, const imp_vec2 *q,
                            int nq) {
  imp_vec2 diff[64], h[65];
  int i, j, n = 0;
  for (i = 0; i < np; i++)
    for (j = 0; j < nq; j++) {
      diff[n].x = p[i].x - q[j].x;
      diff[n].y = p[i].y - q[j].y;
      n++;
    }
  return depth(h, hull(diff, n, h));
}

static double obb_size(const imp_obb *a, const imp_obb *b, double dx,
                       double dy) {
  return fabs(a->pos.x) + fabs(a->pos.y) + a->half.x + a->half.y +
         fabs(b->pos.x) + fabs(b->pos.y) + b->half.x + b->half.y + fabs(dx) +
         fabs(dy) + DBL_MIN;
}

#define OBB_FMT "OBB(%a, %a, %a, %a, angle %a)"
#define OBB_ARGS(o) (o).pos.x, (o).pos.y, (o).half.x, (o).half.y, (o).angle

/* An OBB at angle 0 (or -0) is its AABB, result for result. */
static void obb_angle_zero(void) {
  imp_aabb a = box(), b = box();
  imp_obb oa, ob;
  imp_vec2 p = point(), d = delta();
  imp_hit h1, h2;
  imp_sweep s1, s2;
  imp_clip c1, c2;
  imp_aabb bounds;
  int r1, r2;
  oa.pos = a.pos;
  oa.half = a.half;
  imp_obb_set_angle(&oa, below(2) ? 0.0 : -0.0);
  ob.pos = b.pos;
  ob.half = b.half;
  imp_obb_set_angle(&ob, 0.0);
  checked++;
#define SAME(what, ok) \
  if (!(ok)) fail(AABB_FMT " and " AABB_FMT ", point (%a, %a), delta (%a, %a): " \
                 "%s differs at angle %g", AABB_ARGS(a), AABB_ARGS(b), p.x, p.y, \
                 d.x, d.y, what, oa.angle)
  memset(&h1, 0, sizeof h1);
  memset(&h2, 0, sizeof h2);
  r1 = imp_aabb_intersect_point(&a, p.x, p.y, &h1);
  r2 = keep_hit(imp_obb_intersect_point(&oa, p.x, p.y, &h2), &h2);
  SAME("intersect_point", r1 == r2 && memcmp(&h1, &h2, sizeof h1) == 0);
  r1 = imp_aabb_intersect_segment(&a, p.x, p.y, d.x, d.y, 0, 0, &h1);
  r2 = keep_hit(imp_obb_intersect_segment(&oa, p.x, p.y, d.x, d.y, &h2), &h2);
  SAME("intersect_segment", r1 == r2 && memcmp(&h1, &h2, sizeof h1) == 0);
  imp_aabb_clip_segment(&a, p.x, p.y, d.x, d.y, &c1);
  imp_obb_clip_segment(&oa, p.x, p.y, d.x, d.y, &c2);
  keep_clip(&c2);
  SAME("clip_segment", c1.kind == c2.kind && c1.t0 == c2.t0 && c1.t1 == c2.t1);
  r1 = imp_aabb_intersect_aabb(&a, &b, &h1);
  r2 = keep_hit(imp_obb_overlap(&oa, &ob, &h2), &h2);
  SAME("overlap", r1 == r2 && memcmp(&h1, &h2, sizeof h1) == 0);
  SAME("intersect_obb", r1 == imp_obb_intersect_obb(&oa, &ob));
  imp_aabb_sweep_aabb(&a, &b, d.x, d.y, &s1);
  imp_obb_sweep_obb(&oa, &ob, d.x, d.y, &s2);
  keep_sweep(&s2);
  SAME("sweep", same_sweep(&s1, &s2));
  imp_obb_bounds(&oa, &bounds);
  keep_vec2(bounds.pos);
  keep_vec2(bounds.half);
  SAME("bounds", memcmp(&bounds, &a, sizeof a) == 0);
#undef SAME
}

/* OBB overlap is the brute-force polygon overlap (the origin strictly
** inside the Minkowski difference), away from touching, and the push-out
** it reports separates the two. */
static void obb_polygons(void) {
  imp_obb a = obb(), b = obb();
  imp_vec2 pa[4], pb[4];
  imp_hit h;
  double size = obb_size(&a, &b, 0, 0), dep;
  int ov, ov2;
  polygon(&a, 0, 0, pa);
  polygon(&b, 0, 0, pb);
  dep = overlap_depth(pa, 4, pb, 4);
  ov = imp_obb_intersect_obb(&a, &b);
  keep_bits((uint64_t)ov);
  ov2 = keep_hit(imp_obb_overlap(&a, &b, &h), &h);
  checked++;
  if (ov != ov2)
    fail(OBB_FMT " and " OBB_FMT ": intersect_obb %d, overlap %d",
         OBB_ARGS(a), OBB_ARGS(b), ov, ov2);
  if (!ov && dep > 1e-9 * size)
    fail(OBB_FMT " and " OBB_FMT ": miss, but they overlap by %.3g",
         OBB_ARGS(a), OBB_ARGS(b), dep);
  if (ov && dep < -1e-9 * size)
    fail(OBB_FMT " and " OBB_FMT ": overlap, but they are %.3g apart",
         OBB_ARGS(a), OBB_ARGS(b), -dep);
  if (ov2) {
    polygon(&b, h.delta.x, h.delta.y, pb);
    dep = overlap_depth(pa, 4, pb, 4);
    if (dep > 1e-9 * size)
      fail(OBB_FMT " and " OBB_FMT ": pushed out by (%.17g, %.17g), they "
           "still overlap by %.3g", OBB_ARGS(a), OBB_ARGS(b), h.delta.x,
           h.delta.y, dep);
  }
}

/* How far p lies outside o centred at (x, y), in o's frame. */
static double outside_by(const imp_obb *o, double x, double y, imp_vec2 p) {
  double wx = p.x - x, wy = p.y - y;
  double u = fabs(o->c * wx + o->s * wy) - o->half.x;
  double v = fabs(-o->s * wx + o->c * wy) - o->half.y;
  return u > v ? u : v;
}

/* An OBB sweep never ends overlapping what it hit, a path that stays clear
** of the rectangle does not stop, and the contact lies on both rectangles
** at the time of the hit. */
static void obb_sweep(void) {
  imp_obb a = obb(), m = obb();
  imp_vec2 d = delta(), pa[4], pm[4], path[8];
  imp_sweep s;
  double size = obb_size(&a, &m, d.x, d.y), start, clear, end;
  polygon(&a, 0, 0, pa);
  polygon(&m, 0, 0, pm);
  polygon(&m, 0, 0, path);
  polygon(&m, d.x, d.y, path + 4);
  start = overlap_depth(pa, 4, pm, 4);
  clear = overlap_depth(pa, 4, path, 8);
  imp_obb_sweep_obb(&a, &m, d.x, d.y, &s);
  keep_sweep(&s);
  checked++;
  if (!(s.time >= 0 && s.time <= 1))
    fail(OBB_FMT " sweeps " OBB_FMT " by (%a, %a): time %.17g", OBB_ARGS(a),
         OBB_ARGS(m), d.x, d.y, s.time);
  if (clear < -1e-9 * size && (s.has_hit || s.time != 1))
    fail(OBB_FMT " sweeps " OBB_FMT " by (%a, %a): %.3g clear of it, stops "
         "at time %.17g", OBB_ARGS(a), OBB_ARGS(m), d.x, d.y, -clear, s.time);
  if (start > 1e-9 * size && !(s.has_hit && s.time == 0))
    fail(OBB_FMT " sweeps " OBB_FMT " by (%a, %a): starts in it, time %.17g",
         OBB_ARGS(a), OBB_ARGS(m), d.x, d.y, s.time);
  if (s.has_hit && start < -1e-9 * size) {
    double off_mover, off_box;
    polygon(&m, s.pos.x - m.pos.x, s.pos.y - m.pos.y, pm);
    end = overlap_depth(pa, 4, pm, 4);
    if (end > 1e-9 * size)
      fail(OBB_FMT " sweeps " OBB_FMT " by (%a, %a): stops at time %.17g "
           "overlapping it by %.3g", OBB_ARGS(a), OBB_ARGS(m), d.x, d.y,
           s.time, end);
    off_mover = outside_by(&m, m.pos.x + d.x * s.hit.time,
                           m.pos.y + d.y * s.hit.time, s.hit.pos);
    off_box = outside_by(&a, a.pos.x, a.pos.y, s.hit.pos);
    if (off_mover > 1e-9 * size || off_box > 1e-9 * size)
      fail(OBB_FMT " sweeps " OBB_FMT " by (%a, %a): the contact (%.17g, "
           "%.17g) is %.3g off the mover and %.3g off the rectangle at time "
           "%.17g", OBB_ARGS(a), OBB_ARGS(m), d.x, d.y, s.hit.pos.x,
           s.hit.pos.y, off_mover, off_box, s.hit.time);
  }
}

/* Push-outs: the shape moved by a push-out's delta, added in doubles, no
** longer overlaps by the strict tests either way round, nor does the
** collider moved by the mirrored push-out (which is the exact negation of
** it when the axis is the same); the depth is the exact least one (long
** double, from each axis' projections) within 1e-9 of it relative, or a
** rounding of the scene's size; and from there a sweep away along the
** normal goes the whole way, and one sliding along the face is not
** stopped at time 0 (not at all when the face is axis-aligned). */

/* b's centre somewhere over a, now and then both far from the origin. */
static void place_over(const imp_obb *a, imp_obb *b) {
  double reach = a->half.x + a->half.y + b->half.x + b->half.y + scale;
  b->pos.x = a->pos.x + (unit() * 2 - 1) * reach;
  b->pos.y = a->pos.y + (unit() * 2 - 1) * reach;
}

static void far_off(imp_obb *a, imp_obb *b) {
  if (below(4) == 0) {
    double ox = scale * 1e3 * (unit() - 0.5), oy = scale * 1e3 * (unit() - 0.5);
    a->pos.x += ox;
    a->pos.y += oy;
    b->pos.x += ox;
    b->pos.y += oy;
  }
}

/* The least overlap of the projections of a and b on the four axes, in
** long double (b a point when its half sizes are 0 and it has no axes). */
static long double exact_depth(const imp_obb *a, const imp_obb *b, int axes) {
  long double wx = (long double)b->pos.x - a->pos.x;
  long double wy = (long double)b->pos.y - a->pos.y, least = INFINITY;
  const imp_obb *o[2];
  int i, j;
  o[0] = a;
  o[1] = b;
  for (i = 0; i < axes; i++) {
    const imp_obb *f = o[i / 2];
    long double ux = i % 2 == 0 ? f->c : -f->s, uy = i % 2 == 0 ? f->s : f->c;
    long double d = -fabsl(ux * wx + uy * wy);
    for (j = 0; j < 2; j++) {
      long double cx = o[j]->c, sx = o[j]->s;
      d += o[j]->half.x * fabsl(ux * cx + uy * sx) +
           o[j]->half.y * fabsl(-ux * sx + uy * cx);
    }
    if (d < least) least = d;
  }
  return least;
}

#define PUSH_FMT OBB_FMT " pushes " OBB_FMT " out by (%a, %a)"
#define PUSH_ARGS OBB_ARGS(a), OBB_ARGS(b), h.delta.x, h.delta.y

static int depth_off(const imp_hit *h, long double exact, double size) {
  long double got = (long double)h->delta.x * h->normal.x +
                    (long double)h->delta.y * h->normal.y;
  return !(fabsl(got - exact) <= 1e-9L * exact + 1e-13L * size);
}

/* Sweeps from the separated position: moving by (dx, dy), b's stop, and
** a's moving by the opposite. */
static void sweep_pair(const imp_obb *a, const imp_obb *b, double dx,
                       double dy, imp_sweep s[2]) {
  imp_obb_sweep_obb(a, b, dx, dy, &s[0]);
  imp_obb_sweep_obb(b, a, -dx, -dy, &s[1]);
}

/* One pair: a collider, b overlapping it (a point when kind is 1). */
static void push_out_pair(int kind) {
  imp_obb a = obb(), b = obb(), moved;
  imp_hit h, m;
  imp_sweep s[2];
  double size, len = scale * (0.5 + 4 * unit());
  int tries, hit = 0, aligned, i;
  for (tries = 0; tries < 16 && !hit; tries++) {
    a = obb();
    b = obb();
    if (kind == 0) imp_obb_set_angle(&a, 0.0);  /* AABB pairs */
    if (kind <= 1 || kind == 3) imp_obb_set_angle(&b, 0.0);
    if (kind == 1) {  /* a point, against an AABB or an OBB */
      b.half.x = b.half.y = 0;
      if (below(2)) imp_obb_set_angle(&a, 0.0);
    }
    place_over(&a, &b);
    far_off(&a, &b);
    hit = kind == 1 ? imp_obb_intersect_point(&a, b.pos.x, b.pos.y, &h)
                    : imp_obb_overlap(&a, &b, &h);
  }
  if (!hit) return;
  checked++;
  size = obb_size(&a, &b, 0, 0);
  aligned = a.s == 0 && b.s == 0;
  moved = b;
  moved.pos.x = b.pos.x + h.delta.x;
  moved.pos.y = b.pos.y + h.delta.y;
  if (kind == 1 ? imp_obb_intersect_point(&a, moved.pos.x, moved.pos.y, &m)
                : imp_obb_intersect_obb(&a, &moved) ||
                  imp_obb_intersect_obb(&moved, &a) ||
                  imp_obb_overlap(&moved, &a, &m))
    fail(PUSH_FMT ": still overlapping", PUSH_ARGS);
  if (depth_off(&h, exact_depth(&a, &b, kind == 1 ? 2 : 4), size))
    fail(PUSH_FMT ": not the least depth", PUSH_ARGS);
  if (kind != 1 && imp_obb_overlap(&b, &a, &m) &&
      m.normal.x == -h.normal.x && m.normal.y == -h.normal.y) {
    moved = a;
    moved.pos.x = a.pos.x + m.delta.x;
    moved.pos.y = a.pos.y + m.delta.y;
    if (m.delta.x != -h.delta.x || m.delta.y != -h.delta.y ||
        imp_obb_intersect_obb(&b, &moved))
      fail(PUSH_FMT ": mirrored, (%a, %a)", PUSH_ARGS, m.delta.x, m.delta.y);
    moved = b;
    moved.pos.x = b.pos.x + h.delta.x;
    moved.pos.y = b.pos.y + h.delta.y;
  }
  /* Away along the normal, then along the face both ways. */
  for (i = 0; i < 3; i++) {
    double k = i == 0 ? 0 : (i == 1 ? len : -len), ok;
    double dx = i == 0 ? h.normal.x * len : -h.normal.y * k;
    double dy = i == 0 ? h.normal.y * len : h.normal.x * k;
    if (kind == 1) {
      imp_hit g;
      int r = imp_obb_intersect_segment(&a, moved.pos.x, moved.pos.y, dx, dy, &g);
      ok = i == 0 || aligned ? !r : !r || g.time > 0;
    } else {
      sweep_pair(&a, &moved, dx, dy, s);
      ok = i == 0 || aligned
               ? !s[0].has_hit && !s[1].has_hit && s[0].time == 1 && s[1].time == 1
               : s[0].time > 0 && s[1].time > 0;
    }
    if (!ok)
      fail(PUSH_FMT ": then stopped moving by (%a, %a)", PUSH_ARGS, dx, dy);
  }
}

static void push_out_aabb_aabb(void) { push_out_pair(0); }
static void push_out_point(void) { push_out_pair(1); }
static void push_out_obb_obb(void) { push_out_pair(2); }
static void push_out_obb_aabb(void) { push_out_pair(3); }

#endif

/* The World's rules (bump's): a rectangle with a positive size. */
static imp_rect rect(void) {
  imp_rect r;
  r.x = coord();
  r.y = coord();
  r.w = extent() + scale * 0.5;
  r.h = extent() + scale * 0.5;
  return r;
}

/* How deep two rectangles overlap (negative: how far apart). */
/* How far lo .. lo + size and lo2 .. lo2 + size2 overlap (negative: apart). */
static double axis_overlap(double lo, double size, double lo2, double size2) {
  return fmin(lo + size, lo2 + size2) - fmax(lo, lo2);
}

/* An overlap that the seam rule may take as grazing, with room for the
** rounding of the two ways to compute it. */
static int seam(double overlap) {
  return fabs(overlap) <= 2 * IMP_RECT_DELTA;
}

static double rect_depth(const imp_rect *a, const imp_rect *b) {
  return fmin(axis_overlap(a->x, a->w, b->x, b->w),
              axis_overlap(a->y, a->h, b->y, b->h));
}

#define RECT_FMT "rect(%a, %a, %a, %a)"
#define RECT_ARGS(r) (r).x, (r).y, (r).w, (r).h

/* detect finds every movement that goes into the other rectangle, sampled
** along the path, and the swept-box rejection in front of it never drops
** one; the touch is where the item is at time ti. bump's rules ignore an
** overlap at the start that is no deeper than IMP_RECT_DELTA, and then the
** whole movement; and they compare times with IMP_RECT_DELTA, which a
** movement too slow for the rounding of the coordinates blurs; and the seam
** rule (rect.c) lets a movement with no component across an axis graze
** what it overlaps on that axis by IMP_RECT_DELTA or less, however deep on
** the other (at the scale of 1e-6, that is deep): those cases are not
** checked. */
static void rect_detect_sampling(void) {
  imp_rect a = rect(), b = rect(), at;
  imp_vec2 d = delta();
  imp_rect_collision c;
  double size = fabs(a.x) + fabs(b.x) + fabs(a.y) + fabs(b.y) + a.w + b.w +
                a.h + b.h + fabs(d.x) + fabs(d.y), start = rect_depth(&a, &b);
  imp_rect swept = imp_rect_swept(&a, d.x, d.y);
  int hit = keep_collision(imp_rect_detect(&a, &b, a.x + d.x, a.y + d.y, &c),
                           &c), k;
  keep(swept.x);
  keep(swept.y);
  keep(swept.w);
  keep(swept.h);
  if (hit && imp_rect_apart(&swept, &b)) {
    checked++;
    fail(RECT_FMT " moving by (%a, %a) into " RECT_FMT ": a collision, and "
         "the swept box is apart", RECT_ARGS(a), d.x, d.y, RECT_ARGS(b));
    return;
  }
  if ((start > 0 && start <= IMP_RECT_DELTA) ||
      size * 0x1p-50 > IMP_RECT_DELTA / 4 * fmax(fabs(d.x), fabs(d.y)) ||
      (d.x == 0 && seam(axis_overlap(a.x, a.w, b.x, b.w))) ||
      (d.y == 0 && seam(axis_overlap(a.y, a.h, b.y, b.h))))
    return;
  checked++;
  for (k = 0; k <= 64; k++) {
    at = a;
    at.x += d.x * (k / 64.0);
    at.y += d.y * (k / 64.0);
    if (k < 64 && rect_depth(&at, &b) > 1e-9 * size && !hit) {
      fail(RECT_FMT " moving by (%a, %a) into " RECT_FMT ": %.3g deep at "
           "time %d/64, no collision", RECT_ARGS(a), d.x, d.y, RECT_ARGS(b),
           rect_depth(&at, &b), k);
      return;
    }
  }
  if (hit && !c.overlaps &&
      (fabs(c.touch.x - (a.x + d.x * c.ti)) > 1e-12 * size ||
       fabs(c.touch.y - (a.y + d.y * c.ti)) > 1e-12 * size ||
       !(c.ti < 1 && c.ti > -1e-9)))
    fail(RECT_FMT " moving by (%a, %a) into " RECT_FMT ": ti %.17g, touch "
         "(%.17g, %.17g)", RECT_ARGS(a), d.x, d.y, RECT_ARGS(b), c.ti,
         c.touch.x, c.touch.y);
}

/* The segment query's test, one clip of the line, against its definition:
** the segment clipped over [0, 1] with an end of the part inside strictly
** within it, and the line clipped over all the reals for the order; bit for
** bit, on segments that start, end or run on the rectangle's sides, and on
** lines through a corner an ulp or two off, where the test's products
** (rect.c's surely_missed) must leave the decision to the divisions. */
static void crossed_by_definition(void) {
  imp_rect r = rect();
  imp_rect_span in, line;
  double x1 = coord(), y1 = coord(), x2, y2, ti1 = 0, ti2 = 0, weight = 0;
  imp_vec2 d = delta(), end;
  int got, want;
  x2 = below(4) ? x1 + d.x : coord();
  y2 = below(4) ? y1 + d.y : coord();
  if (below(3) == 0) {  /* through a corner, to it, or beyond it */
    double cx = r.x + below(2) * r.w, cy = r.y + below(2) * r.h;
    int k = below(3);
    end.x = cx + (cx - x1) * k;
    end.y = cy + (cy - y1) * k;
    end = nudged(end);
    x2 = end.x;
    y2 = end.y;
  }
  got = imp_rect_crossed(&r, x1, y1, x2, y2, &ti1, &ti2, &weight);
  want = imp_rect_segment(&r, x1, y1, x2, y2, 0, 1, &in) &&
         ((0 < in.ti1 && in.ti1 < 1) || (0 < in.ti2 && in.ti2 < 1));
  keep_bits((uint64_t)got);
  if (got) {
    keep(ti1);
    keep(ti2);
    keep(weight);
  }
  checked++;
  if (got != want) {
    fail(RECT_FMT " segment (%a, %a)-(%a, %a): crossed %d, by definition %d",
         RECT_ARGS(r), x1, y1, x2, y2, got, want);
    return;
  }
  if (!got) return;
  imp_rect_segment(&r, x1, y1, x2, y2, -HUGE_VAL, HUGE_VAL, &line);
  if (!same_double(ti1, in.ti1) || !same_double(ti2, in.ti2) ||
      !same_double(weight, line.ti1 < line.ti2 ? line.ti1 : line.ti2))
    fail(RECT_FMT " segment (%a, %a)-(%a, %a): crossed at %a, %a (order %a), "
         "by definition %a, %a", RECT_ARGS(r), x1, y1, x2, y2, ti1, ti2,
         weight, in.ti1, in.ti2);
}

/* The grid finds every item that a rectangle overlaps or a segment
** crosses, among items of every size (some too big for the cells) after
** adds, moves and removals. */
static void grid_finds_all(void) {
  static const double cells[] = {1, 7, 64, 0.5};
  imp_grid *g = imp_grid_new(scale * cells[below(4)]);
  imp_rect r[40], q = rect();
  size_t id[40], found[80], n, i, j;
  imp_vec2 p = {0, 0}, e;
  int live[40];
  if (g == NULL) {
    fail("out of memory");
    return;
  }
  p.x = coord();
  p.y = coord();
  e.x = coord();
  e.y = coord();
  for (i = 0; i < 40; i++) {
    r[i] = rect();
    if (below(10) == 0) r[i].w *= 1e4;
    live[i] = imp_grid_add(g, &r[i], &id[i]);
    keep_bits(live[i] ? id[i] : (size_t)-1);
  }
  for (i = 0; i < 40; i++) {
    if (!live[i]) continue;
    if (below(4) == 0) {
      imp_grid_remove(g, id[i]);
      live[i] = 0;
    } else if (below(2) == 0) {
      r[i] = rect();
      live[i] = imp_grid_update(g, id[i], &r[i]);
      keep_bits((uint64_t)live[i]);
    }
  }
  for (i = 0; i < 40; i++) {
    imp_rect_span span;
    int inrect, onsegment, seenrect = 0, seensegment = 0;
    if (!live[i]) continue;
    checked++;
    inrect = imp_rect_intersects(&q, &r[i]);
    onsegment = imp_rect_segment(&r[i], p.x, p.y, e.x, e.y, 0, 1, &span) &&
                ((0 < span.ti1 && span.ti1 < 1) || (0 < span.ti2 && span.ti2 < 1));
    keep_bits((uint64_t)inrect);
    keep_bits((uint64_t)onsegment);
    n = imp_grid_query_rect(g, q.x, q.y, q.w, q.h, found, 80);
    keep_ids(n, found, 80);
    for (j = 0; j < n && j < 80; j++) seenrect |= found[j] == id[i];
    n = imp_grid_query_segment(g, p.x, p.y, e.x, e.y, found, 80);
    keep_ids(n, found, 80);
    for (j = 0; j < n && j < 80; j++) seensegment |= found[j] == id[i];
    if (inrect && !seenrect)
      fail("cell %a: " RECT_FMT " overlaps " RECT_FMT ", not found", g->cell,
           RECT_ARGS(r[i]), RECT_ARGS(q));
    if (onsegment && !seensegment)
      fail("cell %a: " RECT_FMT " is crossed by (%a, %a)-(%a, %a), not found",
           g->cell, RECT_ARGS(r[i]), p.x, p.y, e.x, e.y);
  }
  imp_grid_free(g);
}

/* A projection lists every rectangle that the movement collides with, by
** detect's own answer, each once, in order of time and then distance; and
** its first is the first step of the slide of the same movement, which
** picks its collision another way (the least as it goes). Grids of up to
** 60 items, some of them on a lattice, so that times and distances tie. */
static void project_lists_all(void) {
  imp_grid *g = imp_grid_new(scale * (below(2) ? 1 : 16));
  imp_rect r[60], from;
  imp_grid_collision listed[60], slid[60];
  imp_vec2 goal, end;
  size_t id[60], skip;
  int n, count = 0, i, k, mover;
  if (g == NULL) {
    fail("out of memory");
    return;
  }
  for (i = 0; i < 60; i++) {
    r[i] = rect();
    if (below(2)) {  /* on a lattice of unit squares */
      r[i].x = scale * (double)(below(12) - 6);
      r[i].y = scale * (double)(below(12) - 6);
      r[i].w = r[i].h = scale;
    }
    if (!imp_grid_add(g, &r[i], &id[i])) {
      fail("out of memory");
      imp_grid_free(g);
      return;
    }
  }
  mover = below(2) ? below(60) : -1;  /* one of them, or a rectangle not in it */
  from = mover >= 0 ? r[mover] : rect();
  skip = mover >= 0 ? id[mover] : (size_t)-1;
  goal.x = below(4) ? from.x + coord() : from.x;
  goal.y = below(4) ? from.y + coord() : from.y;
  n = imp_grid_project(g, skip, &from, goal, listed, 60);
  keep_bits((uint64_t)n);
  checked++;
  for (i = 0; i < 60; i++) {
    imp_rect_collision c;
    int times = 0;
    if (i == mover || !imp_rect_detect(&from, &r[i], goal.x, goal.y, &c))
      continue;
    count++;
    for (k = 0; k < n; k++) {
      if (listed[k].id != id[i]) continue;
      times++;
      if (listed[k].c.overlaps != c.overlaps || !same_double(listed[k].c.ti, c.ti) ||
          !same_vec2(listed[k].c.touch, c.touch) ||
          !same_vec2(listed[k].c.normal, c.normal))
        fail(RECT_FMT " to (%a, %a) into " RECT_FMT ": listed otherwise than "
             "detect finds it", RECT_ARGS(from), goal.x, goal.y, RECT_ARGS(r[i]));
    }
    if (times != 1)
      fail(RECT_FMT " to (%a, %a) into " RECT_FMT ": listed %d times",
           RECT_ARGS(from), goal.x, goal.y, RECT_ARGS(r[i]), times);
  }
  if (n != count)
    fail(RECT_FMT " to (%a, %a): %d listed, %d collisions", RECT_ARGS(from),
         goal.x, goal.y, n, count);
  for (k = 1; k < n; k++) {
    double d0 = imp_rect_square_distance(&from, &listed[k - 1].other);
    double d1 = imp_rect_square_distance(&from, &listed[k].other);
    if (listed[k].c.ti < listed[k - 1].c.ti ||
        (listed[k].c.ti == listed[k - 1].c.ti && d1 < d0))
      fail(RECT_FMT " to (%a, %a): out of order at %d", RECT_ARGS(from),
           goal.x, goal.y, k);
  }
  end = goal;
  if (mover >= 0 && n > 0 && imp_grid_slide(g, skip, &end, slid, 60) > 0 &&
      (slid[0].id != listed[0].id || !same_double(slid[0].c.ti, listed[0].c.ti)))
    fail(RECT_FMT " to (%a, %a): the slide meets %lu first, the projection "
         "lists %lu", RECT_ARGS(from), goal.x, goal.y,
         (unsigned long)slid[0].id, (unsigned long)listed[0].id);
  imp_grid_free(g);
}

typedef struct check {
  const char *name;
  void (*run)(void);
  long weight;  /* scenes per round */
} check;

static const check checks[] = {
  {"intersect_segment agrees with clip_segment", segment_against_clip, 20},
  {"clip_segment decides corners exactly", clip_corners_exact, 20},
  {"a sweep neither tunnels nor stops for nothing", sweep_no_tunnel, 20},
  {"sweep_into is the minimum of single sweeps", sweep_into_minimum, 5},
  {"the AABB kernels match the reference bit for bit",
   kernels_match_reference, 20},
  {"sweep_segment_point agrees with sampling", segment_point_sampling, 1},
  {"sweep_segment_point matches the reference bit for bit",
   segment_point_matches_reference, 20},
  {"the World's detect finds every movement into", rect_detect_sampling, 20},
  {"querySegment's test is its definition", crossed_by_definition, 20},
  {"the grid finds every item a query reaches", grid_finds_all, 1},
  {"a projection lists every collision, in order", project_lists_all, 1},
#ifdef IMPACT_HAS_OBB
  {"an OBB at angle 0 is its AABB", obb_angle_zero, 5},
  {"OBB overlap agrees with polygons", obb_polygons, 5},
  {"an OBB sweep neither tunnels nor stops for nothing", obb_sweep, 5},
  {"push-outs separate: AABB from AABB", push_out_aabb_aabb, 3},
  {"push-outs separate: point from AABB or OBB", push_out_point, 3},
  {"push-outs separate: OBB from OBB", push_out_obb_obb, 3},
  {"push-outs separate: AABB from OBB", push_out_obb_aabb, 3},
#endif
};

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 50000, r, j;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  size_t i;
  long total = 0;
  clock_t begun = clock();
  printf("properties: %ld rounds, seed %llu\n", rounds, seed);
  for (i = 0; i < sizeof checks / sizeof *checks; i++) {
    property = checks[i].name;
    checked = failed = shown = 0;
    digest = angles = 0;
    drew_angles = 0;
    state = seed * 0x2545f4914f6cdd1du + i;
    for (r = 0; r < rounds; r++) {
      newscale();
      for (j = 0; j < checks[i].weight; j++) checks[i].run();
    }
    printf("%-52s %9ld checks, %ld counterexamples, digest %016llx",
           property, checked, failed, (unsigned long long)digest);
    if (drew_angles) printf(", angles %016llx", (unsigned long long)angles);
    printf("\n");
    total += failed;
  }
  printf("properties: %.2f s\n", (double)(clock() - begun) / CLOCKS_PER_SEC);
  return total == 0 ? 0 : 1;
}
