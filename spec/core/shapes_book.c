/*
** Checks of the World's shape storage (imp_shapebook), through an
** allocator that counts the bytes it holds and can be told to fail:
**
** - every kind, and a polygon of every vertex count, comes back as it was
**   set, a polygon's unused vertices 0;
** - each takes the room its kind needs: a pool of records of one size per
**   kind and vertex count (24 bytes a circle, 40 + 16 per vertex a
**   polygon), and 4 bytes per id;
** - a cleared slot is used again; replacing a shape by one of its kind
**   takes no memory, by one of another kind moves it to that pool;
** - out of memory at any allocation, a set changes nothing;
** - freeing the book gives back every byte.
**
** Usage: impact_shapes_book. Each failure is printed, and makes the run
** fail.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impact.h"

static long checked, failed;
static size_t held;   /* bytes the allocator has handed out */
static long calls;    /* allocations asked of a failing book (ud not NULL) */
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

static void every_kind(void) {
  imp_shapebook b;
  imp_item_shape it;
  imp_aabb box = {{1, 2}, {3, 4}};
  imp_obb obb;
  imp_capsule cap;
  imp_circle c = circle_at(9);
  int count;
  memset(&obb, 0, sizeof obb);
  obb.pos.x = -5;
  obb.half.x = 2;
  obb.half.y = 0.5;
  imp_obb_set_angle(&obb, 0.7);
  memset(&cap, 0, sizeof cap);
  cap.pos.y = 8;
  cap.a.x = -3;
  cap.b.x = 3;
  cap.radius = 1.5;
  imp_capsule_set_angle(&cap, -0.2);
  imp_shapebook_init(&b, allocate, NULL);
  check(!imp_shapebook_get(&b, 0, &it), "an empty book has a shape");
  check(imp_shapebook_set(&b, 0, IMP_SHAPE_AABB, &box) &&
            imp_shapebook_set(&b, 1, IMP_SHAPE_OBB, &obb) &&
            imp_shapebook_set(&b, 2, IMP_SHAPE_CIRCLE, &c) &&
            imp_shapebook_set(&b, 40, IMP_SHAPE_CAPSULE, &cap),
        "set failed");
  check(imp_shapebook_get(&b, 0, &it) && it.kind == IMP_SHAPE_AABB &&
            memcmp(&it.shape.aabb, &box, sizeof box) == 0,
        "AABB changed");
  check(imp_shapebook_get(&b, 1, &it) && it.kind == IMP_SHAPE_OBB &&
            memcmp(&it.shape.obb, &obb, sizeof obb) == 0,
        "OBB changed");
  check(imp_shapebook_get(&b, 2, &it) && it.kind == IMP_SHAPE_CIRCLE &&
            memcmp(&it.shape.circle, &c, sizeof c) == 0,
        "circle changed");
  check(imp_shapebook_get(&b, 40, &it) && it.kind == IMP_SHAPE_CAPSULE &&
            memcmp(&it.shape.capsule, &cap, sizeof cap) == 0,
        "capsule changed");
  check(!imp_shapebook_get(&b, 3, &it) && !imp_shapebook_get(&b, 1000, &it),
        "an id without a shape has one");
  for (count = 3; count <= IMP_MAX_VERTICES; count++) {
    imp_polygon p = polygon_of(count, count / 5.0);
    check(imp_shapebook_set(&b, (size_t)(100 + count), IMP_SHAPE_POLYGON, &p),
          "polygon set failed");
  }
  for (count = 3; count <= IMP_MAX_VERTICES; count++) {
    imp_polygon p = polygon_of(count, count / 5.0);
    memset(&it, 0xff, sizeof it);  /* the tail must be written as 0 */
    check(imp_shapebook_get(&b, (size_t)(100 + count), &it) &&
              it.kind == IMP_SHAPE_POLYGON &&
              same_polygon(&it.shape.polygon, &p),
          "polygon changed");
  }
  check(b.count == 4 + IMP_MAX_VERTICES - 2, "count");
  imp_shapebook_free(&b);
  check(held == 0, "bytes left after free");
}

/* 1000 circles, then 1000 8-gons: the bytes held, to the byte. Pools and
** the ids' handles grow by doubling from 16. */
static void room(void) {
  imp_shapebook b;
  imp_polygon p = polygon_of(8, 0.25);
  size_t id;
  int ok = 1;
  imp_shapebook_init(&b, allocate, NULL);
  for (id = 0; id < 1000; id++) {
    imp_circle c = circle_at((double)id);
    ok &= imp_shapebook_set(&b, id, IMP_SHAPE_CIRCLE, &c);
  }
  check(ok, "circles set");
  /* 1024 handles of 4 bytes, 1024 circles of 24 */
  check(held == 1024 * 4 + 1024 * 24, "circles' bytes");
  imp_shapebook_clear(&b, 10);
  imp_shapebook_clear(&b, 500);
  ok = 1;
  for (id = 0; id < 1000; id++) {
    imp_circle c = circle_at(-(double)id);
    ok &= imp_shapebook_set(&b, id, IMP_SHAPE_CIRCLE, &c);  /* in place */
  }
  check(ok && held == 1024 * 4 + 1024 * 24, "replacing took memory");
  check(b.count == 1000 && b.pools[IMP_SHAPE_CIRCLE].used == 1000,
        "cleared slots not used again");
  for (id = 0; id < 1000; id++)
    ok &= imp_shapebook_set(&b, id, IMP_SHAPE_POLYGON, &p);
  /* the circles' pool stays, its slots free; 8-gons of 40 + 8 * 16 */
  check(ok && held == 1024 * 4 + 1024 * 24 + 1024 * 168, "8-gons' bytes");
  check(b.count == 1000 && b.pools[IMP_SHAPE_CIRCLE].freeslot != 0,
        "moved between pools");
  imp_shapebook_free(&b);
  check(held == 0, "bytes left after free");
}

/* The book as a list of what each id holds. */
static int same_book(const imp_shapebook *a, const imp_shapebook *b,
                     size_t ids) {
  size_t id;
  if (a->count != b->count) return 0;
  for (id = 0; id < ids; id++) {
    imp_item_shape x, y;
    int hx = imp_shapebook_get(a, id, &x), hy = imp_shapebook_get(b, id, &y);
    if (hx != hy) return 0;
    if (!hx) continue;
    if (x.kind != y.kind) return 0;
    if (x.kind == IMP_SHAPE_POLYGON
            ? !same_polygon(&x.shape.polygon, &y.shape.polygon)
            : memcmp(&x.shape, &y.shape, sizeof x.shape.circle) != 0)
      return 0;  /* (the workload's shapes are circles and polygons) */
  }
  return 1;
}

/* One step of the workload, at an id that moves about (61 ids): a circle
** for each id first, then a circle, a polygon of 3 to 16 vertices or a
** clear, so that new pools are made for ids that have a shape. */
static int step(imp_shapebook *b, int i) {
  size_t id = (size_t)(i * 7 % 61);
  if (i >= 61 && i % 5 == 4) {
    imp_shapebook_clear(b, id);
    return 1;
  }
  if (i < 61 || i % 3 == 0) {
    imp_circle c = circle_at(i);
    return imp_shapebook_set(b, id, IMP_SHAPE_CIRCLE, &c);
  } else {
    imp_polygon p = polygon_of(3 + i % 14, i);
    return imp_shapebook_set(b, id, IMP_SHAPE_POLYGON, &p);
  }
}

/* The workload with allocation number k failing, beside a book that never
** fails: the failed set leaves the book as the other is before the step,
** and once memory is there again the step and all later ones do as in
** the other. */
#define STEPS 400
static void failing(void) {
  static char may_fail;
  for (fail_at = 1;; fail_at++) {
    imp_shapebook b, mirror;
    int i, failures = 0;
    calls = 0;
    imp_shapebook_init(&b, allocate, &may_fail);
    imp_shapebook_init(&mirror, allocate, NULL);
    for (i = 0; i < STEPS; i++) {
      if (!step(&b, i)) {
        failures++;
        check(same_book(&b, &mirror, 61), "a failed set changed the book");
        check(step(&b, i), "the step failed again");
      }
      step(&mirror, i);
      check(same_book(&b, &mirror, 61), "the books differ after a step");
    }
    imp_shapebook_free(&b);
    imp_shapebook_free(&mirror);
    check(held == 0, "bytes left after free");
    check(failures <= 1, "more than one failure");
    if (failures == 0) break;
  }
  printf("shapes_book: %ld allocations failed in turn\n", fail_at - 1);
  check(fail_at > 10, "too few allocations to fail");
  fail_at = 0;
}

int main(void) {
  every_kind();
  room();
  failing();
  printf("shapes_book: %ld checks, %ld failed\n", checked, failed);
  return failed != 0;
}
