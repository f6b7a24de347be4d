/*
** A uniform grid of square cells holding items by integer id: bump
** rectangles, and shapes by their bounds (circles in their records, the
** others in the grid's book). Cells live in an open-addressing hash keyed
** by their integer coordinates and are deleted only by imp_grid_compact,
** so a cell once used stays counted until then (as in bump.lua, until the
** garbage collector runs); a grid whose stored cells are mostly empty
** compacts itself as it adds cells. Items too large for the grid, or too
** far out for integer cells, are kept in a separate list that every query
** includes.
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shapebook.h"

/* Cells beyond this index (in either direction) are never stored, so every
** cell coordinate converts to long long without overflow. */
#define MAXCELL 1e15
/* How many empty cells, beyond as many as there are occupied ones, are kept
** before adding a cell compacts the grid. */
#define SPARECELLS 1024
/* An item covering more cells than this goes to the big list. */
#define BIGCELLS 4096.0

static void *libc_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, nsize);
}

static void release(imp_grid *g, void *p, size_t size) {
  if (p != NULL) g->alloc(g->ud, p, size, 0);
}

/* Grows *p (of *cap elements of size sz) to hold at least need elements. */
static int grow(imp_grid *g, void *p, size_t *cap, size_t need, size_t sz) {
  size_t n = *cap ? *cap : 8;
  void *q;
  if (need <= *cap) return 1;
  while (n < need) {
    if (n > SIZE_MAX / 2) return 0;
    n *= 2;
  }
  if (n > SIZE_MAX / sz) return 0;
  q = g->alloc(g->ud, *(void **)p, *cap * sz, n * sz);
  if (q == NULL) return 0;
  *(void **)p = q;
  *cap = n;
  return 1;
}

imp_grid *imp_grid_new_alloc(double cell_size, imp_alloc alloc, void *ud) {
  imp_grid *g;
  int exponent;
  if (!(cell_size > 0) || !isfinite(cell_size)) return NULL;
  g = (imp_grid *)alloc(ud, NULL, 0, sizeof *g);
  if (g == NULL) return NULL;
  memset(g, 0, sizeof *g);
  g->cell = cell_size;
  /* a power of two: dividing by it is multiplying by its inverse, exactly */
  if (frexp(cell_size, &exponent) == 0.5 && isfinite(1 / cell_size))
    g->inverse = 1 / cell_size;
  g->alloc = alloc;
  g->ud = ud;
  imp_shapebook_init(&g->book, alloc, ud);
  return g;
}

imp_grid *imp_grid_new(double cell_size) {
  return imp_grid_new_alloc(cell_size, libc_alloc, NULL);
}

void imp_grid_free(imp_grid *g) {
  size_t i;
  if (g == NULL) return;
  for (i = 0; i < g->ncells; i++)
    release(g, g->cells[i].ids, g->cells[i].cap * sizeof *g->cells[i].ids);
  release(g, g->cells, g->capcells * sizeof *g->cells);
  release(g, (void *)g->scan, g->capscan * sizeof *g->scan);
  release(g, g->table, g->tablecap * sizeof *g->table);
  release(g, g->items, g->capitems * sizeof *g->items);
  release(g, g->big, g->capbig * sizeof *g->big);
  imp_shapebook_free(&g->book);
  g->alloc(g->ud, g, sizeof *g, 0);
}

/* v / g->cell, the same to the bit, quicker when the size is a power of
** two (the usual 16, 32, 64). */
static double incells(const imp_grid *g, double v) {
  return g->inverse != 0 ? v * g->inverse : v / g->cell;
}

/* floor(v) and ceil(v) for v within MAXCELL + 1 of 0: a conversion and a
** comparison, where floor and ceil, made for any double, take branches. */
static long long floor_cell(double v) {
  long long i = (long long)v;  /* toward zero */
  return i - (v < (double)i);
}

static long long ceil_cell(double v) {
  long long i = (long long)v;
  return i + (v > (double)i);
}

/* The index of the cell holding coordinate v, clamped to the stored range. */
static long long cellof(const imp_grid *g, double v) {
  v = incells(g, v);
  if (!(v >= -MAXCELL)) return (long long)-MAXCELL;  /* NaN too */
  if (v >= MAXCELL) return (long long)MAXCELL;
  return floor_cell(v);
}

static size_t hash(long long cx, long long cy) {
  uint64_t h = (uint64_t)cx * 0x9E3779B97F4A7C15u ^ (uint64_t)cy * 0xC2B2AE3D27D4EB4Fu;
  return (size_t)(h ^ (h >> 29));
}

/* The cell (cx, cy), or NULL when it was never used. */
static imp_grid_cell *findcell(const imp_grid *g, long long cx, long long cy) {
  size_t mask, i;
  if (g->tablecap == 0) return NULL;
  mask = g->tablecap - 1;
  for (i = hash(cx, cy) & mask; g->table[i] != 0; i = (i + 1) & mask) {
    imp_grid_cell *c = &g->cells[g->table[i] - 1];
    if (c->cx == cx && c->cy == cy) return c;
  }
  return NULL;
}

/* Records cell index i (stored as i + 1) in the hash table t of cap slots. */
static void slot_insert(size_t *t, size_t cap, const imp_grid_cell *c,
                        size_t i) {
  size_t j = hash(c->cx, c->cy) & (cap - 1);
  while (t[j] != 0) j = (j + 1) & (cap - 1);
  t[j] = i + 1;
}

/* Rebuilds the hash table at twice its size. */
static int rehash(imp_grid *g) {
  size_t cap = g->tablecap ? g->tablecap * 2 : 64, i;
  size_t *t;
  if (cap > SIZE_MAX / sizeof *t) return 0;
  t = (size_t *)g->alloc(g->ud, NULL, 0, cap * sizeof *t);
  if (t == NULL) return 0;
  memset(t, 0, cap * sizeof *t);
  for (i = 0; i < g->ncells; i++) slot_insert(t, cap, &g->cells[i], i);
  release(g, g->table, g->tablecap * sizeof *g->table);
  g->table = t;
  g->tablecap = cap;
  return 1;
}

/* Rebuilds the hash table for the cells as they are now (its size stays,
** so this cannot fail). */
static void rebuild(imp_grid *g) {
  size_t i;
  if (g->tablecap == 0) return;
  memset(g->table, 0, g->tablecap * sizeof *g->table);
  for (i = 0; i < g->ncells; i++)
    slot_insert(g->table, g->tablecap, &g->cells[i], i);
}

/* Drops the cells from index n on (made by a step that then failed). */
static void dropcells(imp_grid *g, size_t n) {
  size_t i;
  for (i = n; i < g->ncells; i++)
    release(g, g->cells[i].ids, g->cells[i].cap * sizeof *g->cells[i].ids);
  g->ncells = n;
  rebuild(g);
}

void imp_grid_compact(imp_grid *g) {
  size_t i, n = 0;
  for (i = 0; i < g->ncells; i++) {
    imp_grid_cell c = g->cells[i];
    if (c.n > 0) g->cells[n++] = c;
    else release(g, c.ids, c.cap * sizeof *c.ids);
  }
  g->ncells = g->nonempty = n;
  rebuild(g);
}

/* A new, empty cell (cx, cy) with room for one id; NULL when out of
** memory. */
static imp_grid_cell *newcell(imp_grid *g, long long cx, long long cy) {
  imp_grid_cell *c;
  if ((g->ncells + 1) * 2 > g->tablecap && !rehash(g)) return NULL;
  if (!grow(g, &g->cells, &g->capcells, g->ncells + 1, sizeof *g->cells) ||
      !grow(g, (void *)&g->scan, &g->capscan, g->ncells + 1, sizeof *g->scan))
    return NULL;
  c = &g->cells[g->ncells];
  memset(c, 0, sizeof *c);
  if (!grow(g, &c->ids, &c->cap, 1, sizeof *c->ids)) return NULL;
  c->cx = cx;
  c->cy = cy;
  slot_insert(g->table, g->tablecap, c, g->ncells++);
  return c;
}

/* The cells a rectangle occupies, as bump.lua assigns them: from
** floor(x / s) to ceil((x + w) / s) - 1, in c (left, top, right, bottom).
** Returns 0 when it belongs in the big list. */
static int rectcells(const imp_grid *g, const imp_rect *r, long long c[4]) {
  double x0 = incells(g, r->x), y0 = incells(g, r->y);
  double x1 = incells(g, r->x + r->w), y1 = incells(g, r->y + r->h);
  /* floor(x0) >= -MAXCELL and ceil(x1) - 1 <= MAXCELL, tested before
  ** rounding; x0 <= x1 and y0 <= y1, so all four are then in range */
  if (!(x0 >= -MAXCELL && y0 >= -MAXCELL && x1 <= MAXCELL + 1 &&
        y1 <= MAXCELL + 1))
    return 0;
  c[0] = floor_cell(x0);
  c[1] = floor_cell(y0);
  c[2] = ceil_cell(x1) - 1;
  c[3] = ceil_cell(y1) - 1;
  if (c[2] < c[0]) c[2] = c[0];
  if (c[3] < c[1]) c[3] = c[1];
  return ((double)(c[2] - c[0]) + 1) * ((double)(c[3] - c[1]) + 1) <= BIGCELLS;
}

/*
** Adding an item to cells is done in two steps, so that running out of
** memory leaves the grid as it was: reserve makes every cell and the room
** in it (and on failure drops the cells it made), then link_cells only writes.
** skip, when not NULL, is a range of cells the item is in already.
*/
static int inrange(const long long c[4], long long cx, long long cy) {
  return c != NULL && cx >= c[0] && cx <= c[2] && cy >= c[1] && cy <= c[3];
}

static int reserve(imp_grid *g, const long long c[4], const long long *skip) {
  size_t before;
  long long cx, cy;
  if (g->ncells - g->nonempty > g->nonempty + SPARECELLS) imp_grid_compact(g);
  before = g->ncells;
  for (cy = c[1]; cy <= c[3]; cy++)
    for (cx = c[0]; cx <= c[2]; cx++) {
      imp_grid_cell *cell;
      if (inrange(skip, cx, cy)) continue;
      cell = findcell(g, cx, cy);
      if (cell == NULL) cell = newcell(g, cx, cy);
      if (cell == NULL ||
          !grow(g, &cell->ids, &cell->cap, cell->n + 1, sizeof *cell->ids)) {
        dropcells(g, before);
        return 0;
      }
    }
  return 1;
}

static void link_cells(imp_grid *g, size_t id, const long long c[4],
                 const long long *skip) {
  long long cx, cy;
  for (cy = c[1]; cy <= c[3]; cy++)
    for (cx = c[0]; cx <= c[2]; cx++) {
      imp_grid_cell *cell;
      if (inrange(skip, cx, cy)) continue;
      cell = findcell(g, cx, cy);
      if (cell->n++ == 0) g->nonempty++;
      cell->ids[cell->n - 1] = (uint32_t)id;
    }
}

static void unlink_cells(imp_grid *g, size_t id, const long long c[4],
                   const long long *skip) {
  long long cx, cy;
  size_t i;
  for (cy = c[1]; cy <= c[3]; cy++)
    for (cx = c[0]; cx <= c[2]; cx++) {
      imp_grid_cell *cell = inrange(skip, cx, cy) ? NULL : findcell(g, cx, cy);
      for (i = 0; cell != NULL && i < cell->n; i++)
        if (cell->ids[i] == id) {
          cell->ids[i] = cell->ids[--cell->n];
          if (cell->n == 0) g->nonempty--;
          break;
        }
    }
}

static void big_remove(imp_grid *g, size_t id) {
  size_t i;
  for (i = 0; i < g->nbig; i++)
    if (g->big[i] == id) {
      g->big[i] = g->big[--g->nbig];
      return;
    }
}

/* Item n's record set to what item says it is, its mark kept. */
static void set(imp_grid *g, size_t n, const imp_grid_item *item) {
  imp_grid_item *it = &g->items[n];
  if (it->shape <= IMP_ITEM_RECT && item->shape > IMP_ITEM_RECT)
    g->nshapes++;
  else if (it->shape > IMP_ITEM_RECT && item->shape <= IMP_ITEM_RECT)
    g->nshapes--;
  it->at = item->at;
  it->shape = item->shape;
}

/* Gives back the book's slot of an item that has one. */
static void drop(imp_grid *g, const imp_grid_item *item) {
  if (item->shape >= IMP_ITEM_BOOKED)
    imp_shapebook_release(&g->book, item->shape - IMP_ITEM_BOOKED);
}

/* The record of the rectangle r. */
static imp_grid_item rect_item(const imp_rect *r) {
  imp_grid_item item;
  item.at.rect = *r;
  item.mark = 0;
  item.shape = IMP_ITEM_RECT;
  return item;
}

/* The record of the shape, and its bounds: a circle in place, another
** shape in a new slot of the book (0 when out of memory). */
static int shape_item(imp_grid *g, imp_shape kind, const void *shape,
                      imp_grid_item *item, imp_rect *bounds) {
  uint32_t handle;
  item->mark = 0;
  if (kind == IMP_SHAPE_CIRCLE) {
    item->at.circle = *(const imp_circle *)shape;
    item->shape = IMP_ITEM_CIRCLE;
    *bounds = imp_circle_rect(&item->at.circle);
    return 1;
  }
  if (!imp_shapebook_add(&g->book, kind, shape, &handle)) return 0;
  imp_shape_rect(kind, shape, &item->at.rect);
  item->shape = IMP_ITEM_BOOKED + handle;
  *bounds = item->at.rect;
  return 1;
}

/* Adds the item in its cells (r), or in the big list, at a new id. */
static int add(imp_grid *g, const imp_grid_item *item, const imp_rect *r,
               size_t *id) {
  size_t n = g->freeid > 0 ? g->freeid - 1 : g->nitems;
  long long c[4];
  int incells = rectcells(g, r, c);
  if (n >= UINT32_MAX) return 0;
  if (!grow(g, &g->items, &g->capitems, g->nitems + 1, sizeof *g->items))
    return 0;
  if (incells ? !reserve(g, c, NULL)
              : !grow(g, &g->big, &g->capbig, g->nbig + 1, sizeof *g->big))
    return 0;
  if (incells) link_cells(g, n, c, NULL);
  else g->big[g->nbig++] = (uint32_t)n;
  if (g->freeid > 0) memcpy(&g->freeid, &g->items[n].at, sizeof g->freeid);
  else g->nitems++;
  g->items[n].mark = 0;
  g->items[n].shape = IMP_ITEM_FREE;
  set(g, n, item);
  g->count++;
  *id = n;
  return 1;
}

int imp_grid_add(imp_grid *g, const imp_rect *r, size_t *id) {
  imp_grid_item item = rect_item(r);
  return add(g, &item, r, id);
}

int imp_grid_add_shape(imp_grid *g, imp_shape kind, const void *shape,
                       size_t *id) {
  imp_grid_item item;
  imp_rect bounds;
  if (!shape_item(g, kind, shape, &item, &bounds)) return 0;
  if (add(g, &item, &bounds, id)) return 1;
  drop(g, &item);
  return 0;
}

int imp_grid_remove(imp_grid *g, size_t id) {
  imp_grid_item *it;
  imp_rect r;
  long long c[4];
  if (!imp_grid_alive(g, id)) return 0;
  it = &g->items[id];
  r = imp_grid_rect(g, id);
  if (rectcells(g, &r, c)) unlink_cells(g, id, c, NULL);
  else big_remove(g, id);
  drop(g, it);
  if (it->shape > IMP_ITEM_RECT) g->nshapes--;
  it->shape = IMP_ITEM_FREE;
  memcpy(&it->at, &g->freeid, sizeof g->freeid);
  g->freeid = id + 1;
  g->count--;
  return 1;
}

/* Moves item id to the cells of r, its record left as it is. */
static int recell(imp_grid *g, size_t id, const imp_rect *r) {
  imp_rect now = imp_grid_rect(g, id);
  long long c[4], was[4];
  int incells = rectcells(g, r, c), inwas = rectcells(g, &now, was);
  const long long *old = inwas ? was : NULL;
  if (incells == inwas && (!incells || memcmp(c, was, sizeof c) == 0))
    return 1;
  if (incells ? !reserve(g, c, old)
              : !grow(g, &g->big, &g->capbig, g->nbig + 1, sizeof *g->big))
    return 0;
  if (old != NULL) unlink_cells(g, id, old, incells ? c : NULL);
  else big_remove(g, id);
  if (incells) link_cells(g, id, c, old);
  else g->big[g->nbig++] = (uint32_t)id;
  return 1;
}

int imp_grid_update(imp_grid *g, size_t id, const imp_rect *r) {
  imp_grid_item item = rect_item(r);
  if (!recell(g, id, r)) return 0;
  drop(g, &g->items[id]);
  set(g, id, &item);
  return 1;
}

int imp_grid_update_shape(imp_grid *g, size_t id, imp_shape kind,
                          const void *shape) {
  imp_grid_item *it = &g->items[id], item;
  uint32_t handle = it->shape - IMP_ITEM_BOOKED;
  imp_rect bounds;
  int kept = it->shape >= IMP_ITEM_BOOKED &&
             imp_shapebook_fits(handle, kind, shape);
  if (kept) {  /* the same slot of the book */
    imp_shape_rect(kind, shape, &item.at.rect);
    item.shape = it->shape;
    bounds = item.at.rect;
  } else if (!shape_item(g, kind, shape, &item, &bounds)) {
    return 0;
  }
  if (!recell(g, id, &bounds)) {
    if (!kept) drop(g, &item);
    return 0;
  }
  if (kept) imp_shapebook_write(&g->book, handle, shape);
  else drop(g, it);
  set(g, id, &item);
  return 1;
}

int imp_grid_alive(const imp_grid *g, size_t id) {
  return id < g->nitems && g->items[id].shape != IMP_ITEM_FREE;
}

int imp_grid_shape(const imp_grid *g, size_t id, imp_item_shape *out) {
  const imp_grid_item *it = &g->items[id];
  if (it->shape == IMP_ITEM_CIRCLE) {
    out->kind = IMP_SHAPE_CIRCLE;
    out->shape.circle = it->at.circle;
    return 1;
  }
  if (it->shape < IMP_ITEM_BOOKED) return 0;
  imp_shapebook_copy(&g->book, it->shape - IMP_ITEM_BOOKED, out);
  return 1;
}

/* A query's results: the caller's buffer, its room, how many found. */
typedef struct Found {
  size_t *ids, cap, n;
} Found;

/* Starts a query: every mark becomes stale. */
static void begin(imp_grid *g, Found *f, size_t *ids, size_t cap) {
  f->ids = ids;
  f->cap = cap;
  f->n = 0;
  if (++g->stamp == 0) {
    size_t i;
    for (i = 0; i < g->nitems; i++) g->items[i].mark = 0;
    g->stamp = 1;
  }
}

static void take(imp_grid *g, Found *f, const uint32_t *ids, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    imp_grid_item *it = &g->items[ids[i]];
    if (it->mark == g->stamp) continue;
    it->mark = g->stamp;
    if (f->n < f->cap) f->ids[f->n] = ids[i];
    f->n++;
  }
}

/* Ends a query: the items in the big list are near everything. */
static size_t end(imp_grid *g, Found *f) {
  take(g, f, g->big, g->nbig);
  return f->n;
}

/* A margin, in cells, that makes lookups immune to rounding. */
#define PAD 1e-6

/* Orders of cells, by row (y, then x) or by column (x, then y). */
static int by_row(const void *p, const void *q) {
  const imp_grid_cell *a = *(const imp_grid_cell *const *)p;
  const imp_grid_cell *b = *(const imp_grid_cell *const *)q;
  if (a->cy != b->cy) return a->cy < b->cy ? -1 : 1;
  return a->cx < b->cx ? -1 : a->cx > b->cx;
}

static int by_column(const void *p, const void *q) {
  const imp_grid_cell *a = *(const imp_grid_cell *const *)p;
  const imp_grid_cell *b = *(const imp_grid_cell *const *)q;
  if (a->cx != b->cx) return a->cx < b->cx ? -1 : 1;
  return a->cy < b->cy ? -1 : a->cy > b->cy;
}

/* Takes the items of the n cells in g->scan, sorted by order. A query
** that scans the stored cells rather than walk its range sorts them in the
** walk's order: the order of its results must not depend on where the
** cells are stored, which a compaction (when the World's garbage is
** collected) changes. */
static void take_sorted(imp_grid *g, Found *f, size_t n,
                        int (*order)(const void *, const void *)) {
  size_t i;
  if (n > 1) qsort((void *)g->scan, n, sizeof *g->scan, order);  /* NULL at 0 */
  for (i = 0; i < n; i++) take(g, f, g->scan[i]->ids, g->scan[i]->n);
}

size_t imp_grid_query_rect(imp_grid *g, double x, double y, double w,
                           double h, size_t *ids, size_t cap) {
  long long l = cellof(g, x - PAD * g->cell), t = cellof(g, y - PAD * g->cell);
  long long r = cellof(g, x + w + PAD * g->cell);
  long long b = cellof(g, y + h + PAD * g->cell), cx, cy;
  Found f;
  begin(g, &f, ids, cap);
  if (((double)r - l + 1) * ((double)b - t + 1) > (double)g->ncells) {
    size_t i, n = 0;  /* fewer cells stored than in the range: scan them */
    for (i = 0; i < g->ncells; i++) {
      const imp_grid_cell *c = &g->cells[i];
      if (c->cx >= l && c->cx <= r && c->cy >= t && c->cy <= b)
        g->scan[n++] = c;
    }
    take_sorted(g, &f, n, by_row);
    return end(g, &f);
  }
  for (cy = t; cy <= b; cy++)
    for (cx = l; cx <= r; cx++) {
      const imp_grid_cell *c = findcell(g, cx, cy);
      if (c != NULL) take(g, &f, c->ids, c->n);
    }
  return end(g, &f);
}

/* Whether the segment meets cell (cx, cy), grown by the margin. */
static int segment_meets(const imp_grid *g, long long cx, long long cy,
                         double x1, double y1, double dx, double dy) {
  imp_aabb box;
  imp_clip clip;
  box.half.x = box.half.y = g->cell * (0.5 + PAD);
  box.pos.x = ((double)cx + 0.5) * g->cell;
  box.pos.y = ((double)cy + 0.5) * g->cell;
  return imp_aabb_clip_segment(&box, x1, y1, dx, dy, &clip) != IMP_CLIP_OUTSIDE;
}

size_t imp_grid_query_segment(imp_grid *g, double x1, double y1, double x2,
                              double y2, size_t *ids, size_t cap) {
  /* Walk along the major axis u one column of cells at a time; the minor
  ** axis v changes by at most one cell size per column. */
  int swap = fabs(y2 - y1) > fabs(x2 - x1);
  double u1 = swap ? y1 : x1, u2 = swap ? y2 : x2;
  double v1 = swap ? x1 : y1, v2 = swap ? x2 : y2;
  double umin = u1 < u2 ? u1 : u2, umax = u1 < u2 ? u2 : u1;
  double pad = PAD * g->cell;
  long long lo = cellof(g, umin - pad), hi = cellof(g, umax + pad), cu, cv;
  Found f;
  begin(g, &f, ids, cap);
  if ((double)hi - lo + 1 > (double)g->ncells) {
    size_t i, n = 0;  /* a longer walk than there are cells: test each */
    for (i = 0; i < g->ncells; i++) {
      const imp_grid_cell *c = &g->cells[i];
      if (segment_meets(g, c->cx, c->cy, x1, y1, x2 - x1, y2 - y1))
        g->scan[n++] = c;
    }
    take_sorted(g, &f, n, swap ? by_row : by_column);
    return end(g, &f);
  }
  for (cu = lo; cu <= hi; cu++) {
    double a = (double)cu * g->cell, b = a + g->cell, va, vb;
    if (a < umin) a = umin;
    if (b > umax) b = umax;
    if (u1 == u2) {
      va = v1;
      vb = v2;
    } else {
      va = v1 + (v2 - v1) * ((a - u1) / (u2 - u1));
      vb = v1 + (v2 - v1) * ((b - u1) / (u2 - u1));
    }
    if (va > vb) {
      double s = va;
      va = vb;
      vb = s;
    }
    for (cv = cellof(g, va - pad); cv <= cellof(g, vb + pad); cv++) {
      const imp_grid_cell *c = swap ? findcell(g, cv, cu) : findcell(g, cu, cv);
      if (c != NULL) take(g, &f, c->ids, c->n);
    }
  }
  return end(g, &f);
}
