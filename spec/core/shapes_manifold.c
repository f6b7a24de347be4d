/*
** Property checks of the push-outs and manifolds (pushout.c, manifold.c),
** on random scenes of every pair of kinds (scenes.h), against the exact
** overlap test (imp_shape_intersects) and the distance:
**
** - overlap is found exactly when intersects says so, and the push-out
**   separates: b moved by delta overlaps a no more;
** - it is minimal: b moved by 0.999 of delta, or by as much along any of
**   32 other directions, still overlaps (unless the depth is within
**   rounding of the scene);
** - the manifold exists exactly when they overlap, has the push-out's
**   normal, 1 or 2 points, each in both closed shapes (within rounding of
**   the scene) with a depth in [0, the push-out's depth].
**
** Usage: impact_shapes_manifold [rounds [seed]]; a counterexample makes
** the run fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scenes.h"

static long checked, failed;

static void check(int ok, const char *what, long round) {
  checked++;
  if (ok) return;
  if (++failed <= 10) printf("round %ld: %s\n", round, what);
}

static imp_vec2 moved_by(const shape *b, imp_vec2 d, shape *out) {
  imp_vec2 p = imp_shape_pos(b->kind, &b->s);
  *out = *b;
  p.x += d.x;
  p.y += d.y;
  imp_shape_moved(b->kind, &b->s, p, &out->s);
  return p;
}

/* Whether the point lies in the closed shape, within tol. */
static int holds(const shape *s, imp_vec2 p, double tol) {
  imp_circle c;
  imp_vec2 pa, pb;
  c.pos = p;
  c.radius = 0;
  return imp_shape_distance(s->kind, &s->s, IMP_SHAPE_CIRCLE, &c, &pa, &pb) <=
         tol;
}

static void one(long round) {
  shape a, b, m;
  imp_hit h;
  imp_manifold man;
  int overlaps, i, has_hit;
  double depth, tol;
  random_shape(&a);
  random_shape(&b);
  overlaps = imp_shape_intersects(a.kind, &a.s, b.kind, &b.s);
  has_hit = imp_shape_overlap(a.kind, &a.s, b.kind, &b.s, &h);
  /* Rectangle pairs keep the rectangles' rounded push-out (obb.c). */
  if (a.kind <= IMP_SHAPE_OBB && b.kind <= IMP_SHAPE_OBB) return;
  check(has_hit == overlaps, "overlap found exactly when they intersect",
        round);
  check(imp_shape_manifold(a.kind, &a.s, b.kind, &b.s, &man) == overlaps,
        "manifold exactly when they intersect", round);
  if (!overlaps || !has_hit) return;
  depth = sqrt(h.delta.x * h.delta.x + h.delta.y * h.delta.y);
  tol = 1e-9 * scale * 16;
  moved_by(&b, h.delta, &m);
  check(!imp_shape_intersects(a.kind, &a.s, m.kind, &m.s),
        "the push-out separates", round);
  if (depth > tol) {
    imp_vec2 d;
    d.x = h.delta.x * 0.999;
    d.y = h.delta.y * 0.999;
    moved_by(&b, d, &m);
    check(imp_shape_intersects(a.kind, &a.s, m.kind, &m.s),
          "0.999 of the push-out still overlaps", round);
    for (i = 0; i < 32; i++) {
      double t = 6.283185307179586 * i / 32;
      d.x = cos(t) * depth * 0.999;
      d.y = sin(t) * depth * 0.999;
      moved_by(&b, d, &m);
      check(imp_shape_intersects(a.kind, &a.s, m.kind, &m.s),
            "no shorter push-out along another direction", round);
    }
  }
  check(man.count == 1 || man.count == 2, "1 or 2 points", round);
  check(man.normal.x == h.normal.x && man.normal.y == h.normal.y,
        "the manifold's normal is the push-out's", round);
  for (i = 0; i < man.count; i++) {
    check(holds(&a, man.point[i], tol) && holds(&b, man.point[i], tol),
          "a manifold point lies in both shapes", round);
    check(man.depth[i] >= 0 && man.depth[i] <= depth + tol,
          "a point's depth is at most the push-out's", round);
  }
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 40000, r;
  state = argc > 2 ? (uint64_t)atol(argv[2]) : 1;
  for (r = 0; r < rounds; r++) {
    grid = r % 2 == 0;
    scale = r % 3 == 0 ? 1 : r % 3 == 1 ? 0.001 : 1000;
    one(r);
  }
  printf("shapes_manifold: %ld rounds, %ld checks, %ld failures\n", rounds,
         checked, failed);
  return failed != 0;
}
