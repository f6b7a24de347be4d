/*
** Checks of the grid's shape items (grid.c, shapebook.c), through an
** allocator that counts the bytes it holds and can be told to fail:
**
** - every kind, and a polygon of every vertex count, comes back as it was
**   added or changed, a polygon's unused vertices 0; a rectangle item has
**   no shape;
** - a circle item's bounds, worked out from the circle it keeps, are
**   imp_shape_bounds' to the bit, for radius 0 and -0 and far from 0;
** - each takes the room its kind needs: a circle item takes as many bytes
**   as a rectangle item, to the byte; another shape that and its record
**   in the book (40 + 16 per vertex a polygon);
** - a removed item's slot is used again; changing a shape into one of its
**   kind takes no memory, into one of another kind moves it to that pool;
** - out of memory at any allocation, a change changes nothing;
** - freeing the grid gives back every byte.
**
** Usage: impact_shapes_items. Each failure is printed, and makes the run
** fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impact.h"

static long checked, failed;
static size_t held;   /* bytes the allocator has handed out */
static long calls;    /* allocations asked of a failing grid (ud not NULL) */
static long fail_at;  /* which of them fails, from 1; 0: none */
static void check(int ok, const char *what) {
  checked++;
  if (ok) return;
  failed++;
  if (failed <= 20) printf("%s\n", what);
}

static void *allocate(void *ud, void *block, size_t size, size_t newsize) {
  void *now;
  if (newsize == 0) {
    free(block);
    held -= size;
    return NULL;
  }
  if (ud != NULL && ++calls == fail_at) return NULL;
  now = realloc(block, newsize);
  if (now != NULL) held += newsize - size;
  return now;
}

static imp_circle circle_at(double x) {
  imp_circle c;
  c.pos.x = x;
  c.pos.y = -x / 3;
  c.radius = 1 + x / 7;
  return c;
}

/* A regular polygon of count vertices, turned by angle. */
static imp_polygon polygon_of(int count, double angle) {
  imp_polygon p;
  int k;
  memset(&p, 0, sizeof p);
  p.pos.x = count * 10.5;
  p.pos.y = -count / 3.0;
  p.count = count;
  for (k = 0; k < count; k++) {
    p.v[k].x = 5 * cos(6.283185307179586 * k / count);
    p.v[k].y = 5 * sin(6.283185307179586 * k / count);
  }
  imp_polygon_set_angle(&p, angle);
  return p;
}

static int same_polygon(const imp_polygon *a, const imp_polygon *b) {
  int k;
  if (a->pos.x != b->pos.x || a->pos.y != b->pos.y || a->angle != b->angle ||
      a->c != b->c || a->s != b->s || a->count != b->count)
    return 0;
  for (k = 0; k < IMP_MAX_VERTICES; k++)
    if (a->v[k].x != b->v[k].x || a->v[k].y != b->v[k].y) return 0;
  return 1;
}

static imp_obb turned_box(void) {
  imp_obb obb;
  memset(&obb, 0, sizeof obb);
  obb.pos.x = -5;
  obb.half.x = 2;
  obb.half.y = 0.5;
  imp_obb_set_angle(&obb, 0.7);
  return obb;
}

static imp_capsule capsule_of(void) {
  imp_capsule cap;
  memset(&cap, 0, sizeof cap);
  cap.pos.y = 8;
  cap.a.x = -3;
  cap.b.x = 3;
  cap.radius = 1.5;
  imp_capsule_set_angle(&cap, -0.2);
  return cap;
}

static int same_shape(const imp_item_shape *x, const imp_item_shape *y) {
  if (x->kind != y->kind) return 0;
  if (x->kind == IMP_SHAPE_POLYGON)
    return same_polygon(&x->shape.polygon, &y->shape.polygon);
  return memcmp(&x->shape, &y->shape, imp_shape_size(x->kind)) == 0;
}

/* The item id holds the shape, bounded by imp_shape_rect. */
static int holds(const imp_grid *g, size_t id, imp_shape kind,
                 const void *shape) {
  imp_item_shape it, want;
  imp_rect r = imp_grid_rect(g, id), bounds;
  want.kind = kind;
  memcpy(&want.shape, shape, imp_shape_size(kind));
  memset(&it, 0xff, sizeof it);  /* a polygon's tail must be written as 0 */
  imp_shape_rect(kind, shape, &bounds);
  return imp_grid_alive(g, id) && imp_grid_has_shape(g, id) &&
         imp_grid_shape(g, id, &it) && same_shape(&it, &want) &&
         memcmp(&r, &bounds, sizeof r) == 0;
}

static void every_kind(void) {
  imp_grid *g = imp_grid_new_alloc(4, allocate, NULL);
  imp_item_shape it;
  imp_aabb box = {{1, 2}, {3, 4}};
  imp_obb obb = turned_box();
  imp_capsule cap = capsule_of();
  imp_circle c = circle_at(9);
  imp_rect r = {-1, -2, 3, 4}, got;
  size_t ids[8], pid[IMP_MAX_VERTICES + 1];
  int count;
  check(g != NULL && imp_grid_add(g, &r, &ids[0]) &&
            imp_grid_add_shape(g, IMP_SHAPE_AABB, &box, &ids[1]) &&
            imp_grid_add_shape(g, IMP_SHAPE_OBB, &obb, &ids[2]) &&
            imp_grid_add_shape(g, IMP_SHAPE_CIRCLE, &c, &ids[3]) &&
            imp_grid_add_shape(g, IMP_SHAPE_CAPSULE, &cap, &ids[4]),
        "add failed");
  got = imp_grid_rect(g, ids[0]);
  check(!imp_grid_has_shape(g, ids[0]) && !imp_grid_shape(g, ids[0], &it) &&
            memcmp(&got, &r, sizeof r) == 0,
        "a rectangle item changed");
  check(holds(g, ids[1], IMP_SHAPE_AABB, &box), "AABB changed");
  check(holds(g, ids[2], IMP_SHAPE_OBB, &obb), "OBB changed");
  check(holds(g, ids[3], IMP_SHAPE_CIRCLE, &c), "circle changed");
  check(holds(g, ids[4], IMP_SHAPE_CAPSULE, &cap), "capsule changed");
  for (count = 3; count <= IMP_MAX_VERTICES; count++) {
    imp_polygon p = polygon_of(count, count / 5.0);
    check(imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &p, &pid[count]),
          "polygon add failed");
  }
  for (count = 3; count <= IMP_MAX_VERTICES; count++) {
    imp_polygon p = polygon_of(count, count / 5.0);
    check(holds(g, pid[count], IMP_SHAPE_POLYGON, &p), "polygon changed");
  }
  check(g->nshapes == 4 + IMP_MAX_VERTICES - 2, "shapes counted");
  /* a shape into a rectangle and back, a circle into a polygon */
  check(imp_grid_update(g, ids[4], &r) && !imp_grid_has_shape(g, ids[4]) &&
            imp_grid_update_shape(g, ids[0], IMP_SHAPE_CAPSULE, &cap) &&
            holds(g, ids[0], IMP_SHAPE_CAPSULE, &cap),
        "rectangle and shape swapped badly");
  imp_grid_free(g);
  check(held == 0, "bytes left after free");
}

/* imp_shape_bounds' rectangle, as imp_shape_rect made it for every shape
** before circles kept theirs: through the circle's hull. */
static imp_rect hull_rect(const imp_circle *c) {
  imp_aabb box;
  imp_rect r;
  imp_shape_bounds(IMP_SHAPE_CIRCLE, c, &box);
  r.x = box.pos.x - box.half.x;
  r.y = box.pos.y - box.half.y;
  r.w = box.half.x + box.half.x;
  r.h = box.half.y + box.half.y;
  return r;
}

static unsigned long long state = 88172645463325252ull;

static double any_double(void) {  /* any finite double, sign and all */
  for (;;) {
    double d;
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    memcpy(&d, &state, sizeof d);
    if (isfinite(d)) return d;
  }
}

/* A circle item's bounds against the hull's, on hand-picked circles (radius
** 0 and -0, a centre at -0, sums that round, overflow to infinity) and on
** random bits: equal to the bit. */
static void circle_bounds(void) {
  static const double cases[][3] = {
      {0, 0, 0},          {-0.0, 1, -0.0},    {3, -4, 0},
      {0.1, 0.2, 0.3},    {1e300, -1e300, 1e308}, {-1e308, 5, 1e308},
      {1, 1, 0x1p-1074},  {0x1p53, 1, 0.5},   {-0.0, -0.0, 2}};
  int i;
  for (i = 0; i < (int)(sizeof cases / sizeof cases[0]) + 100000; i++) {
    imp_circle c;
    imp_rect a, b;
    if (i < (int)(sizeof cases / sizeof cases[0])) {
      c.pos.x = cases[i][0];
      c.pos.y = cases[i][1];
      c.radius = cases[i][2];
    } else {
      c.pos.x = any_double();
      c.pos.y = i % 2 ? any_double() : c.pos.x * 0.75;
      c.radius = fabs(any_double());
      if (i % 3 == 0) c.radius = ldexp(c.radius, -ilogb(c.radius));
    }
    a = imp_circle_rect(&c);
    b = hull_rect(&c);
    check(memcmp(&a, &b, sizeof a) == 0, "a circle's bounds differ");
  }
}

/* 1000 items of a kind in a fresh grid, each at the bounds of circle_at:
** the bytes the grid then holds. */
static size_t grid_of(imp_shape kind) {
  imp_grid *g = imp_grid_new_alloc(8, allocate, NULL);
  imp_polygon p = polygon_of(8, 0.25);
  size_t id, bytes;
  int ok = g != NULL;
  for (id = 0; ok && id < 1000; id++) {
    imp_circle c = circle_at((double)id);
    imp_rect r = imp_circle_rect(&c);
    if (kind == IMP_SHAPE_CIRCLE)
      ok = imp_grid_add_shape(g, kind, &c, &id);
    else if (kind == IMP_SHAPE_POLYGON)
      ok = imp_grid_add_shape(g, kind, &p, &id);
    else
      ok = imp_grid_add(g, &r, &id);
  }
  check(ok, "items added");
  bytes = held;
  imp_grid_free(g);
  return bytes;
}

/* The bytes held, to the byte. Pools grow by doubling from 16. */
static void room(void) {
  size_t rects = grid_of(IMP_SHAPE_AABB), circles = grid_of(IMP_SHAPE_CIRCLE);
  /* cells so large that the shapes below share theirs */
  imp_grid *g = imp_grid_new_alloc(1024, allocate, NULL);
  imp_polygon p = polygon_of(8, 0.25), q = polygon_of(9, 1);
  imp_capsule cap = capsule_of();
  size_t id, ids[1000], base;
  int ok = g != NULL;
  check(circles == rects, "a circle item takes more than a rectangle");
  for (id = 0; ok && id < 1000; id++)
    ok = imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &p, &ids[id]);
  check(ok, "8-gons added");
  base = held;
  for (id = 0; ok && id < 1000; id++) {
    imp_polygon moved = polygon_of(8, 0.5 + (double)id);
    ok = imp_grid_update_shape(g, ids[id], IMP_SHAPE_POLYGON, &moved);
  }
  check(ok && held == base, "changing an 8-gon's pose took memory");
  check(g->book.pools[IMP_SHAPE_POLYGON + 5].used == 1000,
        "8-gons kept other than one a slot");
  imp_grid_remove(g, ids[10]);
  imp_grid_remove(g, ids[500]);
  check(imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &p, &ids[10]) &&
            imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &p, &ids[500]) &&
            held == base && g->book.pools[IMP_SHAPE_POLYGON + 5].used == 1000,
        "removed items' slots not used again");
  /* a 9-gon moves to its pool: 16 records of 40 + 9 * 16 */
  check(imp_grid_update_shape(g, ids[7], IMP_SHAPE_POLYGON, &q) &&
            held == base + 16 * 184 &&
            g->book.pools[IMP_SHAPE_POLYGON + 5].freeslot != 0 &&
            holds(g, ids[7], IMP_SHAPE_POLYGON, &q),
        "moved between pools");
  cap.pos.x = 90;
  check(imp_grid_update_shape(g, ids[8], IMP_SHAPE_CAPSULE, &cap) &&
            holds(g, ids[8], IMP_SHAPE_CAPSULE, &cap) &&
            held == base + 16 * 184 + 16 * sizeof(imp_capsule),
        "a capsule's pool");
  imp_grid_free(g);
  check(held == 0, "bytes left after free");
}

/* The grid as a list of what each id holds, and whether the grid finds it
** in its cells. */
static int same_grid(imp_grid *a, imp_grid *b, size_t ids) {
  static size_t found_a[256], found_b[256];
  size_t id, na, nb;
  if (a->count != b->count || a->nshapes != b->nshapes) return 0;
  for (id = 0; id < ids; id++) {
    imp_item_shape x, y;
    imp_rect ra, rb;
    int alive = imp_grid_alive(a, id);
    if (alive != imp_grid_alive(b, id)) return 0;
    if (!alive) continue;
    ra = imp_grid_rect(a, id);
    rb = imp_grid_rect(b, id);
    if (memcmp(&ra, &rb, sizeof ra) != 0) return 0;
    if (imp_grid_shape(a, id, &x) != imp_grid_shape(b, id, &y)) return 0;
    if (imp_grid_has_shape(a, id) && !same_shape(&x, &y)) return 0;
  }
  na = imp_grid_query_rect(a, -1e3, -1e3, 2e3, 2e3, found_a, 256);
  nb = imp_grid_query_rect(b, -1e3, -1e3, 2e3, 2e3, found_b, 256);
  if (na != a->count || nb != b->count) return 0;
  return 1;
}

/* One step of the workload, at an id that moves about (61 ids): an item
** for each id first (a rectangle, a circle or a polygon), then a circle, a
** polygon of 3 to 16 vertices, a rectangle, or a removal, so that new
** pools and cells are made for ids that are there. */
static int step(imp_grid *g, int i) {
  size_t id = (size_t)(i * 7 % 61), got;
  imp_circle c = circle_at(i % 50 * 3.0);
  imp_polygon p = polygon_of(3 + i % 14, i);
  imp_rect r = {i % 40 * 4.0, -i % 30 * 5.0, 1 + i % 9, 2 + i % 5};
  if (i < 61) {
    switch (i % 3) {
      case 0: return imp_grid_add(g, &r, &got);
      case 1: return imp_grid_add_shape(g, IMP_SHAPE_CIRCLE, &c, &got);
      default: return imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &p, &got);
    }
  }
  if (!imp_grid_alive(g, id))
    return imp_grid_add_shape(g, IMP_SHAPE_POLYGON, &p, &got);
  switch (i % 5) {
    case 0: return imp_grid_update_shape(g, id, IMP_SHAPE_CIRCLE, &c);
    case 1: return imp_grid_update(g, id, &r);
    case 2: imp_grid_remove(g, id); return 1;
    default: return imp_grid_update_shape(g, id, IMP_SHAPE_POLYGON, &p);
  }
}

/* The workload with allocation number k failing, beside a grid that never
** fails: the failed step leaves the grid as the other is before the step,
** and once memory is there again the step and all later ones do as in
** the other. */
#define STEPS 400
static void failing(void) {
  static char may_fail;
  for (fail_at = 1;; fail_at++) {
    imp_grid *g, *mirror;
    int i, failures = 0;
    calls = 0;
    g = imp_grid_new_alloc(16, allocate, &may_fail);
    mirror = imp_grid_new_alloc(16, allocate, NULL);
    if (g == NULL) {  /* the grid itself was the allocation that failed */
      imp_grid_free(mirror);
      continue;
    }
    for (i = 0; i < STEPS; i++) {
      if (!step(g, i)) {
        failures++;
        check(same_grid(g, mirror, 61), "a failed step changed the grid");
        check(step(g, i), "the step failed again");
      }
      step(mirror, i);
      check(same_grid(g, mirror, 61), "the grids differ after a step");
    }
    imp_grid_free(g);
    imp_grid_free(mirror);
    check(held == 0, "bytes left after free");
    check(failures <= 1, "more than one failure");
    if (failures == 0) break;
  }
  printf("shapes_items: %ld allocations failed in turn\n", fail_at - 1);
  check(fail_at > 10, "too few allocations to fail");
  fail_at = 0;
}

int main(void) {
  every_kind();
  circle_bounds();
  room();
  failing();
  printf("shapes_items: %ld checks, %ld failed\n", checked, failed);
  return failed != 0;
}
