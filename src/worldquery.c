/*
** The World's queries, by bump.lua 3.1.7's rules: the items whose
** rectangle overlaps a rectangle, holds a point (deeper than
** IMP_RECT_DELTA) or is crossed by a segment (in order along it). An
** optional filter(item) keeps the items it answers true for; an optional
** last table receives the results instead of a new one. Shape items answer
** on their shapes, exactly; queryShape finds the items a shape overlaps,
** and queryArc those a thrown point meets along its arc, in order.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shapes.h"
#include "world.h"

typedef enum Query { Q_RECT, Q_POINT, Q_SEGMENT, Q_SHAPE, Q_ARC } Query;

/* What a query asks, and what it found of one item. */
typedef struct Ask {
  Query q;
  imp_rect r;              /* Q_RECT */
  double x1, y1, x2, y2;   /* Q_POINT: (x1, y1); Q_SEGMENT: the segment */
  int coords;              /* Q_SEGMENT: where items are left too */
  imp_item_shape shape;    /* Q_SHAPE, with its bounds in r */
  double vx, vy, gx, gy;   /* Q_ARC: from (x1, y1), its box in r */
} Ask;

typedef struct Found {
  int index;             /* where it went in the out table, from 1 */
  double ti1, ti2;       /* Q_SEGMENT: where it enters and leaves */
  double weight;         /* Q_SEGMENT: the order along the line */
} Found;

/* Room on the C stack for the candidates (a segment across a level
** passes many) and for the items found; more goes in a Lua userdata. */
#define LOCALCANDIDATES 512
#define LOCALFOUND 128

/* Whether item id answers the query: by bump's rules on its rectangle, or
** exactly on a shape item's shape (a point strictly inside). */
static int test(const Ask *a, const World *w, size_t id, Found *f) {
  imp_rect box = imp_grid_rect(w->g, id);
  const imp_rect *r = &box;
  imp_item_shape it;
  if (a->q == Q_ARC) {
    imp_hit h;
    imp_item_geometry(w->g, id, &it);
    if (!imp_shape_intersect_arc(it.kind, &it.shape, a->x1, a->y1, a->vx,
                                 a->vy, a->gx, a->gy, 0, &h))
      return 0;
    f->ti1 = f->ti2 = f->weight = h.time;
    return 1;
  }
  if (a->q == Q_SHAPE) {
    if (imp_rects_apart(&a->r, r)) return 0;
    if (!imp_grid_shape(w->g, id, &it))
      return imp_shape_meets_rect(a->shape.kind, &a->shape.shape, r);
    return imp_shape_intersects(a->shape.kind, &a->shape.shape, it.kind,
                                &it.shape);
  }
  if (imp_grid_has_shape(w->g, id)) {
    imp_hit h;
    if (a->q == Q_RECT ? imp_rects_apart(&a->r, r)
                       : imp_segment_passes_rect(r, a->x1, a->y1, a->x2, a->y2))
      return 0;
    imp_grid_shape(w->g, id, &it);
    switch (a->q) {
      case Q_RECT: return imp_shape_meets_rect(it.kind, &it.shape, &a->r);
      case Q_POINT:
        return imp_shape_intersect_point(it.kind, &it.shape, a->x1, a->y1,
                                         &h);
      default: break;
    }
    if (!imp_shape_crossed(it.kind, &it.shape, a->x1, a->y1, a->x2, a->y2,
                           &f->ti1, a->coords ? &f->ti2 : NULL))
      return 0;
    f->weight = f->ti1;
    return 1;
  }
  switch (a->q) {
    case Q_RECT: return imp_rect_intersects(&a->r, r);
    case Q_POINT: return imp_rect_contains_point(r, a->x1, a->y1);
    default: break;
  }
  return imp_rect_crossed(r, a->x1, a->y1, a->x2, a->y2, &f->ti1, &f->ti2,
                          &f->weight);
}

static int byweight(const void *pa, const void *pb) {
  const Found *a = (const Found *)pa, *b = (const Found *)pb;
  if (a->weight != b->weight) return a->weight < b->weight ? -1 : 1;
  return a->index - b->index;
}

/* Sorts the n items found along the line. They come in the order the
** grid's walk met them, and it walks from the lower coordinate to the
** higher: nearly sorted already, or nearly reversed (a segment going the
** other way), which turning them around sorts nearly. Insertion then sorts
** in about n steps, with no call and no copy through a buffer (as the C
** library's qsort makes); past a budget of 8 n steps (many items in one
** cell, in no order) qsort finishes. The order is total, so every way
** gives the same result. */
static void sortfound(Found *found, size_t n) {
  size_t i, j, budget = 8 * n;
  if (byweight(&found[0], &found[n - 1]) > 0)
    for (i = 0, j = n - 1; i < j; i++, j--) {
      Found f = found[i];
      found[i] = found[j];
      found[j] = f;
    }
  for (i = 1; i < n; i++) {
    Found f = found[i];
    for (j = i; j > 0 && byweight(&f, &found[j - 1]) < 0; j--) {
      if (budget-- == 0) {
        found[j] = f;
        qsort(found, n, sizeof *found, byweight);
        return;
      }
      found[j] = found[j - 1];
    }
    found[j] = f;
  }
}

/* What bump's info table says of an item the segment crosses: ti1, ti2,
** then where it enters and leaves (x1, y1, x2, y2). An arc's says when and
** where it first meets the item: ti, x, y (the path's own formula, as
** intersectArc places its hit). Returns how many numbers. */
static int info(const Ask *a, const Found *f, double v[6]) {
  double dx = a->x2 - a->x1, dy = a->y2 - a->y1;
  if (a->q == Q_ARC) {
    double t = f->ti1;
    v[0] = t;
    v[1] = a->x1 + t * (a->vx + t * (a->gx * 0.5));
    v[2] = a->y1 + t * (a->vy + t * (a->gy * 0.5));
    return 3;
  }
  v[0] = f->ti1;
  v[1] = f->ti2;
  v[2] = a->x1 + dx * f->ti1;
  v[3] = a->y1 + dy * f->ti1;
  v[4] = a->x1 + dx * f->ti2;
  v[5] = a->y1 + dy * f->ti2;
  return 6;
}

/* Replaces the items 1..n of the out table by bump's info tables (or an
** arc's), taken from the pool (where the out table's own went first, so
** each place gets its table back) or made. */
static void infos(lua_State *L, World *w, const Ask *a, const Found *found,
                  int out, int n) {
  static const int segment_keys[6] = {K_TI1, K_TI2, K_X1, K_Y1, K_X2, K_Y2};
  static const int arc_keys[3] = {K_TI, K_X, K_Y};
  const int *keys = a->q == Q_ARC ? arc_keys : segment_keys;
  int k, i;
  for (k = 1; k <= n; k++) {
    double v[6];
    int t, m;
    if (!imp_poolget(L, w, P_INFOS)) lua_createtable(L, 0, 7);
    t = lua_gettop(L);
    imp_pushkey(L, K_ITEM);
    lua_rawgeti(L, out, k);
    lua_rawset(L, t);
    m = info(a, &found[k - 1], v);
    for (i = 0; i < m; i++) imp_setnumber(L, t, keys[i], v[i]);
    lua_rawseti(L, out, k);
  }
}

/* Puts entries 1..n of the out table in the order of found, whose index
** says where each is now (and is 0 once it is in place). */
static void reorder(lua_State *L, int out, Found *found, int n) {
  int j;
  for (j = 1; j <= n; j++) {
    int at = j, src = found[j - 1].index;
    if (src == 0 || src == j) continue;
    lua_rawgeti(L, out, j);  /* the first one moved aside, then a cycle */
    while (src != j) {
      lua_rawgeti(L, out, src);
      lua_rawseti(L, out, at);
      found[at - 1].index = 0;
      at = src;
      src = found[at - 1].index;
    }
    lua_rawseti(L, out, at);
    found[at - 1].index = 0;
  }
}

/* Where the grid is to look for the query's items. */
static Near nearof(const Ask *a) {
  Near q;
  q.segment = a->q == Q_SEGMENT;
  if (a->q == Q_RECT || a->q == Q_SHAPE || a->q == Q_ARC) {
    q.a = a->r.x, q.b = a->r.y, q.c = a->r.w, q.d = a->r.h;
  } else if (a->q == Q_POINT) {
    q.a = a->x1, q.b = a->y1, q.c = 0, q.d = 0;
  } else {
    q.a = a->x1, q.b = a->y1, q.c = a->x2, q.d = a->y2;
  }
  return q;
}

/* Writes the items the query finds into the out table at out, in order,
** holding none on the Lua stack (results may outnumber its slots); returns
** how many, and what was found of each, in that order, in *found. filter
** is the index of the filter or 0. */
static int collect(lua_State *L, World *w, const Ask *a, int filter,
                   const char *fname, int out, size_t *local,
                   Found *localfound, Found **found) {
  imp_grid *g = w->g;
  size_t *ids, n, i;
  int items, idtable, k = 0;
  Near q;
  items = imp_worldslot(L, W_ITEMS);
  idtable = imp_worldslot(L, W_IDS);
  q = nearof(a);
  n = imp_worldnear(L, g, &q, local, LOCALCANDIDATES, &ids);
  for (i = 0; i < n; i++) {
    size_t id = ids[i];
    Found *f;
    if (k == LOCALFOUND && *found == localfound) {  /* room for all */
      *found = (Found *)lua_newuserdata(L, n * sizeof **found);
      memcpy(*found, localfound, k * sizeof **found);
    }
    f = &(*found)[k];
    if (!imp_grid_alive(g, id) || !test(a, w, id, f)) continue;
    lua_rawgeti(L, items, (lua_Integer)id + 1);
    if (filter) {
      unsigned long changes = w->changes;
      int ok;
      lua_pushvalue(L, filter);
      lua_pushvalue(L, -2);
      lua_call(L, 1, 1);
      ok = lua_toboolean(L, -1);
      lua_pop(L, 1);
      g = imp_worldgrid(L, w, fname);
      if (ok && w->changes != changes) {  /* is it still there, and hit? */
        ptrdiff_t now = imp_worldid(L, w, idtable, lua_gettop(L));
        ok = now >= 0 && test(a, w, (size_t)now, f);
      }
      if (!ok) {
        lua_pop(L, 1);
        continue;
      }
    }
    f->index = ++k;
    lua_rawseti(L, out, k);
  }
  if ((a->q == Q_SEGMENT || a->q == Q_ARC) && k > 1) {
    sortfound(*found, (size_t)k);
    reorder(L, out, *found, k);
  }
  return k;
}

/* Runs the query with the filter at i and the out table at i + 1; pushes
** the items (or with coords, bump's info tables) and their count. Info
** tables past the count go to the World's pool, for the next query. */
static int query(lua_State *L, const Ask *a, int i, const char *fname,
                 int coords) {
  World *w = imp_checkworld(L, fname);
  int filter = imp_optfilter(L, i, fname);
  int out = imp_optouttable(L, i + 1, fname), n;
  size_t local[LOCALCANDIDATES];
  Found localfound[LOCALFOUND], *found = localfound;
  lua_settop(L, i + 1);
  luaL_checkstack(L, W_STACKROOM, NULL);
  if (!out) {
    lua_newtable(L);
    lua_replace(L, i + 1);
  }
  out = i + 1;
  if (coords) imp_trimpool(L, w, out, 0, P_INFOS);
  n = collect(L, w, a, filter, fname, out, local, localfound, &found);
  imp_trimout(L, out, n);
  if (coords) infos(L, w, a, found, out, n);
  lua_pushvalue(L, out);
  lua_pushinteger(L, (lua_Integer)n);
  return 2;
}

/* The query without a filter, for the LuaJIT fast path (lua/impact/ffi.lua,
** through api.c), in a step that needs no Lua state: the ids of the items
** it finds, in order, into r (querySegmentWithCoords: each id followed by
** its info, IMP_QUERY_VALUES numbers in all); returns how many, or -1
** where the C function must judge: a freed World, arguments it would
** refuse, more candidates or items than the buffers here hold. The numbers
** are a, b, c, d as the methods take them (queryPoint's c and d unused). */
int imp_world_query(World *w, int kind, double a, double b, double c,
                    double d, double *r) {
  size_t local[LOCALCANDIDATES], found_ids[IMP_QUERY_FOUND], n, i;
  Found found[IMP_QUERY_FOUND];
  Ask q;
  Near where;
  int k = 0, coords = kind == IMP_QUERY_COORDS;
  if (coords) kind = Q_SEGMENT;
  if (kind == Q_POINT) c = d = 0;
  if (w->g == NULL || a - a != 0 || b - b != 0 ||
      c - c != 0 || d - d != 0 ||
      (kind == Q_RECT && !(c > 0 && d > 0)) || kind < Q_RECT ||
      kind > Q_SEGMENT)
    return -1;
  q.q = (Query)kind;
  q.coords = coords;
  q.r.x = q.x1 = a, q.r.y = q.y1 = b, q.r.w = q.x2 = c, q.r.h = q.y2 = d;
  if (kind == Q_POINT) q.x2 = a, q.y2 = b;
  where = nearof(&q);
  n = imp_gridnear(w->g, &where, local, LOCALCANDIDATES);
  if (n > LOCALCANDIDATES) return -1;
  for (i = 0; i < n; i++) {
    if (k == IMP_QUERY_FOUND) return -1;
    if (!imp_grid_alive(w->g, local[i]) || !test(&q, w, local[i], &found[k]))
      continue;
    found_ids[k] = local[i];
    found[k].index = k + 1;
    k++;
  }
  if (kind == Q_SEGMENT && k > 1) sortfound(found, (size_t)k);
  for (i = 0; i < (size_t)k; i++) {
    *r++ = (double)found_ids[found[i].index - 1];
    if (coords) {
      info(&q, &found[i], r);
      r += IMP_QUERY_VALUES - 1;
    }
  }
  return k;
}

/* world:queryRect(x, y, w, h[, filter, out]) -> items, len */
static int world_queryrect(lua_State *L) {
  Ask a;
  a.q = Q_RECT;
  imp_checkworld(L, "queryRect");
  imp_checkrect(L, 2, "queryRect", &a.r);
  return query(L, &a, 6, "queryRect", 0);
}

/* world:queryPoint(x, y[, filter, out]) -> items, len */
static int world_querypoint(lua_State *L) {
  Ask a;
  a.q = Q_POINT;
  imp_checkworld(L, "queryPoint");
  a.x1 = a.x2 = imp_checknumber(L, 2, "queryPoint");
  a.y1 = a.y2 = imp_checknumber(L, 3, "queryPoint");
  return query(L, &a, 4, "queryPoint", 0);
}

static int segment(lua_State *L, const char *fname, int coords) {
  Ask a;
  a.q = Q_SEGMENT;
  a.coords = coords;
  imp_checkworld(L, fname);
  a.x1 = imp_checknumber(L, 2, fname);
  a.y1 = imp_checknumber(L, 3, fname);
  a.x2 = imp_checknumber(L, 4, fname);
  a.y2 = imp_checknumber(L, 5, fname);
  return query(L, &a, 6, fname, coords);
}

/* world:queryShape(shape[, filter, out]) -> items, len: the items the shape
** overlaps (touching is no overlap), in the grid's order. */
static int world_queryshape(lua_State *L) {
  Ask a;
  const void *shape;
  a.q = Q_SHAPE;
  imp_checkworld(L, "queryShape");
  shape = imp_checkshape(L, 2, "queryShape", &a.shape.kind);
  imp_shape_moved(a.shape.kind, shape, imp_shape_pos(a.shape.kind, shape),
                  &a.shape.shape);
  imp_shape_rect(a.shape.kind, &a.shape.shape, &a.r);
  return query(L, &a, 3, "queryShape", 0);
}

/* The box that holds the arc from (x1, y1) over t in [0, 1]: its ends and
** its turning point, a little wider for their rounding. */
static void arcbox(const Ask *a, imp_rect *out) {
  double t[3], lox = a->x1, hix = a->x1, loy = a->y1, hiy = a->y1, mx, my;
  int i, n = 1;
  t[0] = 1;
  if (a->gx != 0 && -a->vx / a->gx > 0 && -a->vx / a->gx < 1)
    t[n++] = -a->vx / a->gx;
  if (a->gy != 0 && -a->vy / a->gy > 0 && -a->vy / a->gy < 1)
    t[n++] = -a->vy / a->gy;
  for (i = 0; i < n; i++) {
    double x = a->x1 + t[i] * (a->vx + t[i] * (a->gx * 0.5));
    double y = a->y1 + t[i] * (a->vy + t[i] * (a->gy * 0.5));
    if (x < lox) lox = x;
    if (x > hix) hix = x;
    if (y < loy) loy = y;
    if (y > hiy) hiy = y;
  }
  mx = (fabs(a->x1) + fabs(a->vx) + fabs(a->gx)) * 0x1p-40;
  my = (fabs(a->y1) + fabs(a->vy) + fabs(a->gy)) * 0x1p-40;
  out->x = lox - mx;
  out->y = loy - my;
  out->w = (hix + mx) - out->x;
  out->h = (hiy + my) - out->y;
}

/* world:queryArc(x0, y0, vx, vy, gx, gy[, filter, out]) -> infos, len: the
** items that a point thrown along p0 + v t + g t^2 / 2, t in [0, 1], meets
** (intersectArc: touching is no meeting), in order of first contact, each
** as {item, ti, x, y}: when and where. */
static int world_queryarc(lua_State *L) {
  const char *fname = "queryArc";
  Ask a;
  a.q = Q_ARC;
  imp_checkworld(L, fname);
  a.x1 = imp_checknumber(L, 2, fname);
  a.y1 = imp_checknumber(L, 3, fname);
  a.vx = imp_checknumber(L, 4, fname);
  a.vy = imp_checknumber(L, 5, fname);
  a.gx = imp_checknumber(L, 6, fname);
  a.gy = imp_checknumber(L, 7, fname);
  a.x2 = a.x1, a.y2 = a.y1;
  arcbox(&a, &a.r);
  return query(L, &a, 8, fname, 1);
}

/* world:querySegment(x1, y1, x2, y2[, filter, out]) -> items, len: in
** order along the segment. */
static int world_querysegment(lua_State *L) {
  return segment(L, "querySegment", 0);
}

/* world:querySegmentWithCoords(x1, y1, x2, y2[, filter, out]) -> infos,
** len: {item, ti1, ti2, x1, y1, x2, y2}, where the segment enters and
** leaves each item. */
static int world_querysegmentwithcoords(lua_State *L) {
  return segment(L, "querySegmentWithCoords", 1);
}

const luaL_Reg imp_world_query_methods[] = {
  {"queryRect", world_queryrect}, {"queryPoint", world_querypoint},
  {"queryShape", world_queryshape}, {"queryArc", world_queryarc},
  {"querySegment", world_querysegment},
  {"querySegmentWithCoords", world_querysegmentwithcoords}, {NULL, NULL}
};
