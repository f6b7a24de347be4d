/*
** Property checks of the arcs (arc.c): over random shapes of every kind
** (scenes.h) and random arcs p(t) = p0 + v t + g t^2 / 2, with a radius or
** none, dense sampling of p(t) by imp_shape_intersects of the disc there:
**
** - a hit has no overlap at any sample before its time (less 1e-9, for
**   the rounding of p(t)), and an overlap within 1e-6 after it (but with
**   g 0, where a graze hits as intersectSegment and sweep have it);
** - a miss has no overlap at any sample;
** - where the samples look for no overlap, an overlap counts when the
**   disc moved by 1e-9 of the scene along each diagonal overlaps too: a
**   rounded p(t) on a path along a side falls an ulp inside it;
** - a hit's pos is p(time) and its normal is a unit vector.
**
** Usage: impact_shapes_arc [rounds [seed]]. Each counterexample is printed
** with its round, and makes the run fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "impact.h"

#include "scenes.h"

#define SAMPLES 2000

static long checked, failed, round_number;

static void check(int ok, const char *what) {
  checked++;
  if (ok) return;
  failed++;
  if (failed <= 20) printf("round %ld: %s\n", round_number, what);
}

typedef struct arc { double x0, y0, vx, vy, gx, gy, r; } arc;

static int overlaps_at(const shape *s, const arc *a, double t) {
  imp_circle disc;
  disc.pos.x = a->x0 + t * (a->vx + t * (a->gx * 0.5));
  disc.pos.y = a->y0 + t * (a->vy + t * (a->gy * 0.5));
  disc.radius = a->r;
  return imp_shape_intersects(s->kind, &s->s, IMP_SHAPE_CIRCLE, &disc);
}

/* The disc at p(t) overlaps the shape wherever rounding could put it. */
static int deep_overlaps_at(const shape *s, const arc *a, double t) {
  static const double sx[5] = {0, 1, -1, 1, -1}, sy[5] = {0, 1, 1, -1, -1};
  arc moved = *a;
  double slack = 1e-9 * (fabs(a->x0) + fabs(a->y0) + fabs(a->vx) +
                         fabs(a->vy) + fabs(a->gx) + fabs(a->gy) + scale);
  int i;
  for (i = 0; i < 5; i++) {
    moved.x0 = a->x0 + sx[i] * slack;
    moved.y0 = a->y0 + sy[i] * slack;
    if (!overlaps_at(s, &moved, t)) return 0;
  }
  return 1;
}

static void one_round(void) {
  shape s;
  arc a;
  imp_hit h;
  int hit, k, before = 0, after = 0;
  grid = below(2);
  random_shape(&s);
  a.x0 = coord();
  a.y0 = coord();
  a.vx = 2 * coord();
  a.vy = 2 * coord();
  a.gx = below(4) ? 0 : coord();
  a.gy = below(8) ? 4 * coord() : 0;
  a.r = below(2) ? 0 : size() / 2;
  hit = imp_shape_intersect_arc(s.kind, &s.s, a.x0, a.y0, a.vx, a.vy, a.gx,
                                a.gy, a.r, &h);
  for (k = 0; k <= SAMPLES; k++) {
    double t = (double)k / SAMPLES;
    if (hit && t >= h.time - 1e-9) break;
    before += deep_overlaps_at(&s, &a, t);
  }
  check(!before, hit ? "overlap before the time" : "overlap on a miss");
  if (!hit) return;
  check(h.time >= 0 && h.time <= 1, "time in [0, 1]");
  for (k = 0; k <= 64 && !after; k++) {
    double t = h.time + 1e-6 * k / 64;
    after = t <= 1 && overlaps_at(&s, &a, t);
  }
  /* with g 0, a graze is the segment's or the sweep's hit */
  check(after || (a.gx == 0 && a.gy == 0), "no overlap just after the time");
  check(fabs(hypot(h.normal.x, h.normal.y) - 1) < 1e-12, "unit normal");
  check(h.pos.x == a.x0 + h.time * (a.vx + h.time * (a.gx * 0.5)) ||
        (a.gx == 0 && a.gy == 0), "pos is p(time)");
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 3000;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 40;
  for (round_number = 0; round_number < rounds; round_number++) one_round();
  printf("%ld checks, %ld failed\n", checked, failed);
  return failed != 0;
}
