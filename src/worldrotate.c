/*
** World:rotate: a shape item turns about its pos towards an angle and
** stops at the first contact (imp_shape_turn_sweep, which never passes
** through) that the filter's response does not cross. Every item the turn
** can reach is swept first; the filter is then asked about them in order
** of contact, as a move asks about what it meets.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

/* What the turn meets: the other item's id, its sweep, the order found. */
typedef struct Contact {
  size_t id;
  imp_sweep s;
  imp_rect other;
  int overlaps;  /* at the start */
  int order;
} Contact;

#define LOCALCONTACTS 32

static int bytime(const void *pa, const void *pb) {
  const Contact *a = (const Contact *)pa, *b = (const Contact *)pb;
  if (a->s.time != b->s.time) return a->s.time < b->s.time ? -1 : 1;
  return a->order - b->order;
}

/* The box that holds the shape however it turns about its pos: half sizes
** the sum of the bounds' farthest reaches along each axis, a little more
** for rounding. */
static void turnbox(imp_shape kind, const void *shape, imp_rect *out) {
  imp_aabb b;
  imp_vec2 pos = imp_shape_pos(kind, shape);
  double rx, ry, r;
  imp_shape_bounds(kind, shape, &b);
  rx = fabs(b.pos.x - pos.x) + b.half.x;
  ry = fabs(b.pos.y - pos.y) + b.half.y;
  r = (rx + ry) * (1 + 0x1p-20);
  out->x = pos.x - r;
  out->y = pos.y - r;
  out->w = out->h = r + r;
}

/* The contacts of the item (id, shape mover) turning by dangle, into
** local (room for LOCALCONTACTS) or a userdata pushed on the stack;
** sorted by time. Sets *contacts and returns how many. */
static size_t contacts(lua_State *L, World *w, size_t id,
                       const imp_item_shape *mover, double dangle,
                       Contact *local, Contact **contacts) {
  imp_rect box;
  Near q;
  size_t near[128], *ids, n, i, found = 0;
  Contact *out = local;
  turnbox(mover->kind, &mover->shape, &box);
  q.segment = 0;
  q.a = box.x, q.b = box.y, q.c = box.w, q.d = box.h;
  n = imp_worldnear(L, w->g, &q, near, 128, &ids);
  for (i = 0; i < n; i++) {
    imp_item_shape other;
    Contact *c;
    if (ids[i] == id || !imp_grid_alive(w->g, ids[i])) continue;
    if (found == LOCALCONTACTS && out == local) {
      out = (Contact *)lua_newuserdata(L, n * sizeof *out);
      memcpy(out, local, found * sizeof *out);
    }
    c = &out[found];
    c->other = imp_grid_rect(w->g, ids[i]);
    imp_item_geometry(w->g, ids[i], &other);
    imp_shape_turn_sweep(other.kind, &other.shape, mover->kind,
                         &mover->shape, 0, 0, dangle, &c->s);
    if (!c->s.has_hit) continue;
    c->overlaps = c->s.time == 0 &&
                  imp_shape_intersects(other.kind, &other.shape, mover->kind,
                                       &mover->shape);
    c->id = ids[i];
    c->order = (int)found++;
  }
  if (found > 1) qsort(out, found, sizeof *out, bytime);
  *contacts = out;
  return found;
}

/* world:rotate(item, angle[, filter[, out]]) -> angle, cols, len: the angle
** reached, and the collisions on the way (those crossed, then the one that
** stopped it), each other item at most once. */
static int world_rotate(lua_State *L) {
  const char *fname = "rotate";
  World *w = imp_checkworld(L, fname);
  imp_item_shape mover;
  Contact local[LOCALCONTACTS], *cs;
  imp_rect box;
  double angle, reached;
  int filter, out, items, ncols = 0;
  size_t id, n, k;
  unsigned long changes;
  lua_settop(L, 5);
  luaL_checkstack(L, W_STACKROOM, NULL);
  imp_worldslot(L, W_IDS);  /* 6 */
  id = imp_checkitem(L, w, 6, fname);
  angle = imp_checknumber(L, 3, fname);
  filter = imp_optfilter(L, 4, fname);
  out = imp_optouttable(L, 5, fname);
  if (!out) {
    lua_newtable(L);
    lua_replace(L, 5);
  }
  items = imp_worldslot(L, W_ITEMS);  /* 7 */
  if (!imp_grid_shape(w->g, id, &mover))
    imp_argerror(L, 2, fname, "a rectangle item does not turn");
  if (mover.kind == IMP_SHAPE_AABB)
    imp_argerror(L, 2, fname, "an AABB item does not turn");
  reached = angle;
  imp_shape_rect(mover.kind, &mover.shape, &box);
  changes = w->changes;
  n = mover.kind == IMP_SHAPE_CIRCLE
          ? 0
          : contacts(L, w, id, &mover, angle - imp_shape_angle(mover.kind,
                                                               &mover.shape),
                     local, &cs);
  for (k = 0; k < n; k++) {
    Contact *c = &cs[k];
    imp_rect_collision col;
    ColFill f;
    int other, type, stop = 1;
    lua_rawgeti(L, items, (lua_Integer)c->id + 1);
    other = lua_gettop(L);
    if (filter) {
      lua_pushvalue(L, filter);
      lua_pushvalue(L, 2);
      lua_pushvalue(L, other);
      lua_call(L, 2, 1);
      if (!lua_toboolean(L, -1)) {
        lua_settop(L, other - 1);
        continue;
      }
      stop = !(lua_type(L, -1) == LUA_TSTRING &&
               strcmp(lua_tostring(L, -1), "cross") == 0);
    } else {
      lua_pushliteral(L, "slide");
    }
    type = lua_gettop(L);
    col.overlaps = c->overlaps;
    col.ti = c->s.time;
    col.move.x = col.move.y = 0;
    col.normal = c->s.hit.normal;
    col.touch = c->s.pos;
    f.item = &box;
    f.other = &c->other;
    f.c = &col;
    f.itemslot = 2;
    f.otherslot = other;
    f.typeslot = type;
    f.extra = 0;
    f.extrav = col.touch;
    imp_pushcollision(L, w, out ? 5 : 0, ++ncols, &f);
    lua_rawseti(L, 5, ncols);
    lua_settop(L, other - 1);
    if (stop) {
      reached = c->s.angle;
      break;
    }
  }
  if (out) imp_trimpool(L, w, 5, ncols, P_COLS);
  if (mover.kind != IMP_SHAPE_CIRCLE) {
    ptrdiff_t now;
    imp_item_shape at;
    imp_worldgrid(L, w, fname);
    now = w->changes == changes ? (ptrdiff_t)id : imp_worldid(L, w, 6, 2);
    if (now >= 0 && imp_grid_shape(w->g, (size_t)now, &at) &&
        at.kind != IMP_SHAPE_AABB) {
      imp_shape_set_angle(at.kind, &at.shape, reached);
      if (!imp_worldreshape(w, (size_t)now, &at))
        return luaL_error(L, "not enough memory");
    }
  }
  lua_pushnumber(L, reached);
  lua_pushvalue(L, 5);
  lua_pushinteger(L, ncols);
  return 3;
}

const luaL_Reg imp_world_rotate_methods[] = {
  {"rotate", world_rotate}, {NULL, NULL}
};
