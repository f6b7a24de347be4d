/*
** The grid's shapes other than circles, each in the room its kind needs: a
** pool of records of one size per kind, and per vertex count for polygons,
** which keep their own vertices only. A handle is the pool in the low bits
** and the slot above. All memory comes from the book's allocator.
*/
#include <string.h>

#include "shapebook.h"

#define POOL_BITS 5
#define POOL_MASK ((1u << POOL_BITS) - 1)
#define MAX_SLOTS ((uint32_t)1 << (32 - POOL_BITS))
/* A polygon's record: pos, angle, c and s, then its vertices. */
#define POLYGON_HEAD offsetof(imp_polygon, count)

static int pool_of(imp_shape kind, const void *shape) {
  if (kind != IMP_SHAPE_POLYGON) return (int)kind;
  return IMP_SHAPE_POLYGON + ((const imp_polygon *)shape)->count - 3;
}

static int pool_vertices(int pool) { return pool - IMP_SHAPE_POLYGON + 3; }

static size_t record_size(int pool) {
  if (pool < IMP_SHAPE_POLYGON) return imp_shape_size((imp_shape)pool);
  return POLYGON_HEAD + (size_t)pool_vertices(pool) * sizeof(imp_vec2);
}

static unsigned char *record(const imp_shapebook *b, uint32_t handle) {
  int pool = (int)(handle & POOL_MASK);
  return b->pools[pool].records +
         (size_t)(handle >> POOL_BITS) * record_size(pool);
}

void imp_shapebook_init(imp_shapebook *b, imp_alloc alloc, void *ud) {
  memset(b, 0, sizeof *b);
  b->alloc = alloc;
  b->ud = ud;
}

void imp_shapebook_free(imp_shapebook *b) {
  int pool;
  for (pool = 0; pool < IMP_SHAPEPOOLS; pool++) {
    imp_shapepool *p = &b->pools[pool];
    if (p->records != NULL)
      b->alloc(b->ud, p->records, p->cap * record_size(pool), 0);
  }
  imp_shapebook_init(b, b->alloc, b->ud);
}

/* A slot of the pool: a free one, else the next, the block doubled when
** full. 0 when out of memory. */
static int take(imp_shapebook *b, int pool, uint32_t *slot) {
  imp_shapepool *p = &b->pools[pool];
  size_t size = record_size(pool);
  if (p->freeslot != 0) {
    *slot = p->freeslot - 1;
    memcpy(&p->freeslot, p->records + *slot * size, sizeof p->freeslot);
    return 1;
  }
  if (p->used == p->cap) {
    uint32_t cap = p->cap < 16 ? 16 : p->cap * 2;
    void *at;
    if (p->cap == MAX_SLOTS || cap > (size_t)-1 / size) return 0;
    if (cap > MAX_SLOTS) cap = MAX_SLOTS;
    at = b->alloc(b->ud, p->records, p->cap * size, cap * size);
    if (at == NULL) return 0;
    p->records = (unsigned char *)at;
    p->cap = cap;
  }
  *slot = p->used++;
  return 1;
}

int imp_shapebook_add(imp_shapebook *b, imp_shape kind, const void *shape,
                      uint32_t *handle) {
  int pool = pool_of(kind, shape);
  uint32_t slot;
  if (!take(b, pool, &slot)) return 0;
  *handle = slot << POOL_BITS | (uint32_t)pool;
  imp_shapebook_write(b, *handle, shape);
  return 1;
}

int imp_shapebook_fits(uint32_t handle, imp_shape kind, const void *shape) {
  return (int)(handle & POOL_MASK) == pool_of(kind, shape);
}

void imp_shapebook_write(imp_shapebook *b, uint32_t handle,
                         const void *shape) {
  int pool = (int)(handle & POOL_MASK);
  unsigned char *at = record(b, handle);
  if (pool < IMP_SHAPE_POLYGON) {
    memcpy(at, shape, record_size(pool));
  } else {
    const imp_polygon *poly = (const imp_polygon *)shape;
    memcpy(at, poly, POLYGON_HEAD);
    memcpy(at + POLYGON_HEAD, poly->v, (size_t)poly->count * sizeof *poly->v);
  }
}

void imp_shapebook_release(imp_shapebook *b, uint32_t handle) {
  imp_shapepool *p = &b->pools[handle & POOL_MASK];
  memcpy(record(b, handle), &p->freeslot, sizeof p->freeslot);
  p->freeslot = (handle >> POOL_BITS) + 1;
}

void imp_shapebook_copy(const imp_shapebook *b, uint32_t handle,
                        imp_item_shape *out) {
  int pool = (int)(handle & POOL_MASK);
  const unsigned char *at = record(b, handle);
  if (pool < IMP_SHAPE_POLYGON) {
    out->kind = (imp_shape)pool;
    memcpy(&out->shape, at, record_size(pool));
  } else {
    imp_polygon *poly = &out->shape.polygon;
    int count = pool_vertices(pool);
    out->kind = IMP_SHAPE_POLYGON;
    memcpy(poly, at, POLYGON_HEAD);
    poly->count = count;
    memcpy(poly->v, at + POLYGON_HEAD, (size_t)count * sizeof *poly->v);
    memset(poly->v + count, 0,
           (size_t)(IMP_MAX_VERTICES - count) * sizeof *poly->v);
  }
}
