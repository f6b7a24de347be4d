/*
** World:push: an item that overlaps others (after a teleport, a resize or
** a turn) goes out of them by the shortest way that the core's search
** finds (imp_push_search), every pair tested as shapes, a rectangle as the
** polygon of its corners. The filter is asked once about each other item
** the search meets: a false answer or "cross" lets the item overlap it.
*/
#include <math.h>
#include <string.h>

#include "world.h"

/* The most items found overlapping at the start, reported as collisions. */
#define PUSHED 64

typedef struct Push {
  lua_State *L;
  World *w;
  size_t id;
  int item, filter;  /* the item's and the filter's indices (0: none) */
  int answers;       /* other item -> whether it holds the item */
  int items;         /* the World's W_ITEMS */
  int others;        /* what overlaps at the start, as found */
  imp_item_shape mover;  /* pos aside */
  int first;         /* the search's first call, at the start */
  int npushed;
  imp_rect rects[PUSHED];  /* their rectangles and push-outs then */
  imp_hit hits[PUSHED];
} Push;

/* Whether the other item at slot holds the item: the filter's answer,
** asked once and kept in answers (false for one that lets it overlap). */
static int holds(Push *p, int slot) {
  lua_State *L = p->L;
  int yes;
  lua_pushvalue(L, slot);
  lua_rawget(L, p->answers);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushvalue(L, slot);
    if (!p->filter) {
      lua_pushliteral(L, "slide");
    } else {
      lua_pushvalue(L, p->filter);
      lua_pushvalue(L, p->item);
      lua_pushvalue(L, slot);
      lua_call(L, 2, 1);
      if (lua_type(L, -1) == LUA_TSTRING &&
          strcmp(lua_tostring(L, -1), "cross") == 0) {
        lua_pop(L, 1);
        lua_pushboolean(L, 0);
      } else if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 0);
      }
    }
    lua_pushvalue(L, -1);
    lua_insert(L, -3);
    lua_rawset(L, p->answers);
  }
  yes = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return yes;
}

/* imp_push_search's question: the push-outs of the items that hold the
** item placed at at. */
static int blocking(void *ud, imp_vec2 at, imp_vec2 *push, int cap) {
  Push *p = (Push *)ud;
  lua_State *L = p->L;
  imp_grid *g = imp_worldgrid(L, p->w, "push");
  imp_any_shape placed;
  imp_rect box;
  Near q;
  size_t local[128], *ids, n, i;
  int count = 0, top = lua_gettop(L);
  imp_shape_moved(p->mover.kind, &p->mover.shape, at, &placed);
  imp_shape_rect(p->mover.kind, &placed, &box);
  q.segment = 0;
  q.a = box.x, q.b = box.y, q.c = box.w, q.d = box.h;
  n = imp_worldnear(L, g, &q, local, 128, &ids);
  for (i = 0; i < n && count < cap; i++) {
    imp_item_shape other;
    imp_hit hit;
    int slot;
    g = imp_worldgrid(L, p->w, "push");  /* a filter may have freed it */
    if (ids[i] == p->id || !imp_grid_alive(g, ids[i])) continue;
    imp_item_geometry(g, ids[i], &other);
    if (!imp_shape_overlap(other.kind, &other.shape, p->mover.kind, &placed,
                           &hit))
      continue;
    lua_rawgeti(L, p->items, (lua_Integer)ids[i] + 1);
    slot = lua_gettop(L);
    if (holds(p, slot)) {
      push[count++] = hit.delta;
      if (p->first && p->npushed < PUSHED) {
        p->rects[p->npushed] = imp_grid_rect(g, ids[i]);
        p->hits[p->npushed++] = hit;
        lua_pushvalue(L, slot);
        lua_rawseti(L, p->others, p->npushed);
      }
    }
    lua_settop(L, slot - 1);
  }
  p->first = 0;
  lua_settop(L, top);
  return count;
}

/* world:push(item[, filter[, out]]) -> x, y, cols, len: the item goes where
** it overlaps nothing that holds it, by the shortest way found (it stays
** when none is found); cols are the collisions it started in, each with
** its own push-out. */
static int world_push(lua_State *L) {
  const char *fname = "push";
  World *w = imp_checkworld(L, fname);
  Push p;
  imp_vec2 start, to;
  imp_rect box;
  int out, i, found;
  unsigned long changes;
  lua_settop(L, 4);
  luaL_checkstack(L, W_STACKROOM, NULL);
  imp_worldslot(L, W_IDS);  /* 5 */
  p.id = imp_checkitem(L, w, 5, fname);
  p.filter = imp_optfilter(L, 3, fname);
  out = imp_optouttable(L, 4, fname);
  if (!out) {
    lua_newtable(L);
    lua_replace(L, 4);
  }
  p.items = imp_worldslot(L, W_ITEMS);  /* 6 */
  lua_newtable(L);
  p.answers = lua_gettop(L);  /* 7 */
  lua_newtable(L);
  p.others = lua_gettop(L);  /* 8 */
  p.L = L;
  p.w = w;
  p.item = 2;
  p.first = 1;
  p.npushed = 0;
  imp_item_geometry(w->g, p.id, &p.mover);
  start = imp_shape_pos(p.mover.kind, &p.mover.shape);
  imp_shape_rect(p.mover.kind, &p.mover.shape, &box);
  changes = w->changes;
  found = imp_push_search(start, blocking, &p, &to);
  if (!found) to = start;
  for (i = 0; i < p.npushed; i++) {
    ColFill f;
    imp_rect_collision c;
    c.overlaps = 1;
    c.ti = -sqrt(p.hits[i].delta.x * p.hits[i].delta.x +
                 p.hits[i].delta.y * p.hits[i].delta.y);
    c.move.x = c.move.y = 0;
    c.normal = p.hits[i].normal;
    c.touch.x = start.x + p.hits[i].delta.x;
    c.touch.y = start.y + p.hits[i].delta.y;
    lua_rawgeti(L, p.others, i + 1);
    lua_pushvalue(L, -1);
    lua_rawget(L, p.answers);
    f.item = &box;
    f.other = &p.rects[i];
    f.c = &c;
    f.itemslot = 2;
    f.otherslot = lua_gettop(L) - 1;
    f.typeslot = lua_gettop(L);
    f.extra = 0;
    f.extrav = to;
    imp_pushcollision(L, w, out ? 4 : 0, i + 1, &f);
    lua_rawseti(L, 4, i + 1);
    lua_pop(L, 2);
  }
  if (out) imp_trimpool(L, w, 4, p.npushed, P_COLS);
  if (found) imp_worldarrive(L, w, fname, 5, p.id, changes, to);
  lua_pushnumber(L, to.x);
  lua_pushnumber(L, to.y);
  lua_pushvalue(L, 4);
  lua_pushinteger(L, p.npushed);
  return 4;
}

const luaL_Reg imp_world_push_methods[] = {
  {"push", world_push}, {NULL, NULL}
};
