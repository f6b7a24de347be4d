/*
** Property checks of the core's World move (imp_grid_slide): random
** Worlds of shape items and bump rectangles (scenes.h) on grids of several
** cell sizes, a shape item starting clear of them all making moves to
** random goals, near and up to a hundred times its size away:
**
** - it never ends overlapping an item (imp_shape_intersects; a rectangle
**   as its polygon, imp_shape_meets_rect);
** - nor overlaps one on the way to it: every leg (from the start or a
**   touch to the next touch, and on to the end) is sampled. An item that
**   the move has met already is met no more (bump's rule: each other item
**   collides at most once), so a slide along one face of it may cut its
**   corner: those overlaps are counted, not failed;
**   overlaps within rounding of exact touch (1e-9 of the coordinates'
**   size, or where two boxes' push-out finds none) are counted as
**   grazes;
** - it never passes through a thin wall across its way: a rectangle, a
**   rotated box or a polygon a hundredth of the mover's size thick, with
**   the goal a hundred sizes beyond; it ends on its own side;
** - the queries' first tests on an item's rectangle never turn away a
**   point, a segment or a rectangle that meets its shape.
**
** Usage: impact_shapes_world [rounds [seed]]. Each counterexample is
** printed with its round, and makes the run fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impact.h"

#include "scenes.h"

#define ITEMS 24
#define MOVES 6
#define SAMPLES 32

static long checked, failed, round_number, declined, cut, grazes, rejected;

static void check(int ok, const char *what) {
  checked++;
  if (ok) return;
  failed++;
  if (failed <= 20) printf("round %ld: %s\n", round_number, what);
}

static void *allocate(void *ud, void *block, size_t size, size_t newsize) {
  (void)ud;
  (void)size;
  if (newsize == 0) {
    free(block);
    return NULL;
  }
  return realloc(block, newsize);
}

typedef struct world {
  imp_grid *g;
  size_t n;  /* items 0 .. n - 1; the mover is one of them */
} world;

/* Whether the shape at pos overlaps item id (other than itself) deeper
** than rounding: a start in exact touch (a zero-width box along a
** polygon's corner) may slide an ulp in; those are counted. */
static int overlaps(const world *w, const shape *s, imp_vec2 pos, size_t id) {
  imp_item_shape other;
  imp_any_shape at;
  imp_hit push;
  double depth;
  imp_shape_moved(s->kind, &s->s, pos, &at);
  imp_item_geometry(w->g, id, &other);
  if (!imp_shape_intersects(s->kind, &at, other.kind, &other.shape)) return 0;
  if (!imp_shape_overlap(other.kind, &other.shape, s->kind, &at, &push)) {
    /* Two boxes' push-out is the OBB kernel's, in rounded arithmetic: it
    ** finds no depth where the overlap is within its rounding. */
    int boxes = s->kind <= IMP_SHAPE_OBB && other.kind <= IMP_SHAPE_OBB;
    grazes += boxes;
    return !boxes;
  }
  depth = fabs(push.delta.x) + fabs(push.delta.y);
  if (depth > 1e-9 * (1 + fabs(pos.x) + fabs(pos.y))) return 1;
  grazes++;
  return 0;
}

static int clear(const world *w, const shape *s, imp_vec2 pos, size_t self) {
  size_t id;
  for (id = 0; id < w->n; id++)
    if (id != self && overlaps(w, s, pos, id)) return 0;
  return 1;
}

/* Adds a shape item (its bounds in the grid), or a rectangle when s is
** NULL: 0 when its bounds are empty. */
static int add(world *w, const shape *s, const imp_rect *r) {
  imp_rect bounds;
  size_t id;
  if (s != NULL) imp_shape_rect(s->kind, &s->s, &bounds);
  else bounds = *r;
  if (!(bounds.w > 0 && bounds.h > 0)) return 0;
  if (!(s != NULL ? imp_grid_add_shape(w->g, s->kind, &s->s, &id)
                  : imp_grid_add(w->g, &bounds, &id)))
    abort();
  w->n = id + 1;
  return 1;
}

static void place(world *w, size_t id, shape *s, imp_vec2 pos) {
  imp_any_shape moved;
  imp_shape_moved(s->kind, &s->s, pos, &moved);
  s->s = moved;
  if (!imp_grid_update_shape(w->g, id, s->kind, &s->s)) abort();
}

/* Samples the leg from a to b (the last sample is b itself) for overlaps
** with items other than the mover self and the n met in cols. */
static int leg_clear(const world *w, const shape *s, imp_vec2 a, imp_vec2 b,
                     size_t self, const imp_grid_collision *cols, int n) {
  int k, i, met = 0;
  size_t id;
  for (k = 1; k <= SAMPLES; k++) {
    imp_vec2 p;
    double t = (double)k / SAMPLES;
    p.x = k == SAMPLES ? b.x : a.x + (b.x - a.x) * t;
    p.y = k == SAMPLES ? b.y : a.y + (b.y - a.y) * t;
    for (id = 0; id < w->n; id++) {
      if (id == self || !overlaps(w, s, p, id)) continue;
      for (i = 0; i < n && cols[i].id != id; i++) continue;
      if (i == n) return 0;
      met = 1;
    }
  }
  cut += met;
  return 1;
}

/* The mover's size: its bounds' larger side. */
static double extent(const shape *s) {
  imp_rect r;
  imp_shape_rect(s->kind, &s->s, &r);
  return r.w > r.h ? r.w : r.h;
}

/* Moves item id to goal as the World does, then puts it there; checks
** the way and the end. */
static void move(world *w, size_t id, shape *s, imp_vec2 goal) {
  imp_grid_collision cols[32];
  imp_vec2 from = imp_shape_pos(s->kind, &s->s), end = goal;
  int n = imp_grid_slide(w->g, id, &end, cols, 32), k;
  if (n < 0) {
    declined++;
    return;
  }
  for (k = 0; k < n; k++) {
    check(!cols[k].c.overlaps ||
              -cols[k].c.ti <= 1e-9 * (1 + fabs(from.x) + fabs(from.y)),
          "a move from clear starts deep in overlap");
    check(leg_clear(w, s, from, cols[k].c.touch, id, cols, k),
          "overlap on the way to a touch");
    from = cols[k].c.touch;
  }
  check(leg_clear(w, s, from, end, id, cols, n),
        "overlap on the last leg");
  check(clear(w, s, end, id), "ends in overlap");
  place(w, id, s, end);
}

/* A thin wall across the mover's way, right of it (a rectangle, a box
** turned a little or a polygon), the goal a hundred sizes beyond: the
** mover never ends wholly past the wall. */
static void wall(world *w, size_t id, shape *s) {
  double e = extent(s), thin = e / 100;
  imp_vec2 pos = imp_shape_pos(s->kind, &s->s), goal;
  imp_rect r, b, after;
  shape t;
  imp_shape_rect(s->kind, &s->s, &b);
  r.x = b.x + b.w + e * unit();
  r.y = b.y - 100 * e;  /* longer than a slide along it can go */
  r.w = thin;
  r.h = 200 * e;
  memset(&t, 0, sizeof t);
  switch (below(3)) {
  case 0: t.kind = (imp_shape)-1; break;
  case 1:
    t.kind = IMP_SHAPE_OBB;
    t.s.obb.pos.x = r.x + thin / 2;
    t.s.obb.pos.y = r.y + r.h / 2;
    t.s.obb.half.x = thin / 2;
    t.s.obb.half.y = r.h / 2;
    imp_obb_set_angle(&t.s.obb, (unit() - 0.5) * 0.5);
    break;
  default:
    t.kind = IMP_SHAPE_POLYGON;
    t.s.polygon.pos.x = r.x;
    t.s.polygon.pos.y = r.y;
    t.s.polygon.count = 4;
    t.s.polygon.v[1].x = thin;
    t.s.polygon.v[2].x = thin;
    t.s.polygon.v[2].y = r.h;
    t.s.polygon.v[3].y = r.h;
    imp_polygon_set_angle(&t.s.polygon, 0);
  }
  if (t.kind != (imp_shape)-1) imp_shape_rect(t.kind, &t.s, &r);
  if (!add(w, t.kind == (imp_shape)-1 ? NULL : &t, &r) ||
      !clear(w, s, pos, id))
    return;
  goal.x = pos.x + 100 * e;
  goal.y = pos.y + (unit() - 0.5) * 40 * e;
  move(w, id, s, goal);
  imp_shape_rect(s->kind, &s->s, &after);
  check(after.x < r.x + r.w, "passed through a thin wall");
}

/* The queries' first tests (imp_rects_apart, imp_segment_passes_rect)
** against each shape item's exact ones: a probe they find apart from its
** rectangle never meets its shape. Probes are random, and on the grid
** they touch sides and corners exactly. */
static void probes(const world *w) {
  size_t id;
  int k;
  for (id = 0; id < w->n; id++) {
    imp_item_shape it;
    imp_rect box = imp_grid_rect(w->g, id);
    const imp_rect *r = &box;
    if (!imp_grid_shape(w->g, id, &it)) continue;
    for (k = 0; k < 8; k++) {
      double x1 = coord(), y1 = coord(), t1, t2;
      double x2 = below(4) ? coord() : x1, y2 = below(4) ? coord() : y1;
      imp_rect q;
      imp_hit h;
      q.x = x1;
      q.y = y1;
      q.w = size() + scale;
      q.h = size() + scale;
      if (imp_segment_passes_rect(r, x1, y1, x2, y2)) {
        rejected++;
        check(!imp_shape_crossed(it.kind, &it.shape, x1, y1, x2, y2, &t1,
                                 &t2) &&
                  !imp_shape_intersect_point(it.kind, &it.shape, x1, y1, &h),
              "a segment or point passing the rectangle meets the shape");
      }
      if (imp_rects_apart(&q, r)) {
        rejected++;
        check(!imp_shape_meets_rect(it.kind, &it.shape, &q),
              "a rectangle apart from the rectangle meets the shape");
      }
    }
  }
}

static void round_of(void) {
  world w;
  shape s, m;
  imp_rect r;
  size_t id;
  int i, tries;
  w.g = imp_grid_new_alloc(below(2) ? 1 + below(16) : 0.5 + unit() * 8,
                           allocate, NULL);
  w.n = 0;
  if (w.g == NULL) abort();
  for (i = 0; i < ITEMS; i++) {
    if (below(3)) {
      random_shape(&s);
      add(&w, &s, NULL);
    } else {
      r.x = coord();
      r.y = coord();
      r.w = size() + scale;
      r.h = size() + scale;
      add(&w, NULL, &r);
    }
  }
  probes(&w);
  for (tries = 0;; tries++) {  /* a mover with room, clear of every item */
    random_shape(&m);
    if (tries == 100) goto done;
    if (extent(&m) > 0 && clear(&w, &m, imp_shape_pos(m.kind, &m.s), w.n))
      break;
  }
  if (!add(&w, &m, NULL)) goto done;
  id = w.n - 1;
  for (i = 0; i < MOVES; i++) {
    imp_vec2 goal = imp_shape_pos(m.kind, &m.s);
    double reach = below(4) ? 1 : 100 * extent(&m) / scale;
    goal.x += coord() * reach;
    goal.y += coord() * reach;
    move(&w, id, &m, goal);
  }
  wall(&w, id, &m);
done:
  imp_grid_free(w.g);
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 500, i;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  printf("shapes_world: %ld rounds, seed %llu\n", rounds, seed);
  for (i = 0; i < rounds; i++) {
    round_number = i;
    state = seed * 0x2545f4914f6cdd1du + (uint64_t)i;
    grid = below(2);
    scale = below(2) ? 1 : 4;
    round_of();
  }
  printf("%ld checks, %ld failed, %ld moves declined (too many near), "
         "%ld legs cutting an item met before, %ld grazes, %ld probes "
         "found apart first\n", checked, failed, declined, cut, grazes,
         rejected);
  return failed != 0;
}
