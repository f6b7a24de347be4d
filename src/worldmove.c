/*
** World:project, check and move, by bump.lua 3.1.7's rules: a projection
** lists the collisions of a rectangle moving to a goal, sorted by time;
** check resolves the first with its response (touch, cross, slide, bounce
** or a custom one), which projects the rest of the movement again, each
** other item colliding at most once. All of it runs in C, calling Lua only
** for filters and custom responses.
**
** Filters are asked only about the items that the movement reaches, so
** they run less often than in bump.lua, with the same results. Callbacks
** may add, remove and move items: a candidate is looked up again after
** one, and once an item has been removed (its id free for reuse), visited
** items are compared by value, in a set private to the move.
**
** A cross goes on from where it started to the same goal, so projecting
** again would find the rest of the same list: the list is kept, and a move
** through N items costs O(N log N), not N projections.
*/
#include <stdlib.h>
#include <string.h>

#include "shapes.h"
#include "world.h"

enum { R_TOUCH, R_CROSS, R_SLIDE, R_BOUNCE, R_CUSTOM };
static const char *const response_names[] = {"touch", "cross", "slide",
                                             "bounce"};
static const int response_keys[] = {K_TOUCH, K_CROSS, K_SLIDE, K_BOUNCE};

/* Where a collision's values are: a stack index, or minus their index in
** the move's spill table when the stack had no more room (LuaJIT and Lua
** 5.1 allow some 8000 slots); 0 for none. */
typedef struct Collision {
  imp_rect_collision c;
  imp_rect other;   /* the other item's rectangle when found */
  int shaped;       /* a shape's sweep found it, not bump's rules */
  double distance;  /* squared, between the centres: orders equal times */
  int otherslot;    /* the other item */
  int typeslot;     /* what the filter answered; 0: the response's name */
  int order;        /* found first, first */
  int response;     /* R_* */
  size_t id;        /* the other item's id */
} Collision;

/* Room on the C stack for a projection; more goes in a Lua userdata. */
#define LOCALCANDIDATES 128
#define LOCALCOLLISIONS 32

typedef struct Scratch {
  size_t ids[LOCALCANDIDATES];
  Collision cols[LOCALCOLLISIONS];
} Scratch;

/* What a move knows: where its values are on the Lua stack, and the other
** items already visited: the first ids here, and by value the first
** LOCALHELD in stack slots, the others in the visited set (a table from the
** World's pool, made when needed). */
#define LOCALVISITED 32
#define LOCALHELD 8
typedef struct Move {
  World *w;
  const char *fname;
  int ids, items;  /* the World's W_IDS and W_ITEMS tables */
  int item;        /* the moving item (nil for project(nil, ...)) */
  int filter;      /* 0: every other item slides */
  int visited;     /* the slot of the visited set (nil until needed) */
  int held;        /* the first of LOCALHELD slots of visited items */
  int shared;      /* a visiting filter holds the set: not back to the pool */
  int callbacks;   /* a filter or custom responses: Lua may run mid-move */
  int spill, nspill;  /* the table of values the stack had no room for */
  size_t itemid;   /* (size_t)-1 when the item is not in the World */
  unsigned long removals;  /* the World's count when the move began */
  size_t visitedids[LOCALVISITED];
  int nvisited;
  imp_mover mover;  /* the item or the shape projected, and its creases */
} Move;

/* Whether ids still tell the visited items apart. */
static int byid(const Move *m) {
  return m->removals == m->w->removals && m->nvisited <= LOCALVISITED;
}

static int visited_id(const Move *m, size_t id) {
  int i;
  if (id == m->itemid) return 1;
  for (i = 0; i < m->nvisited; i++)
    if (m->visitedids[i] == id) return 1;
  return 0;
}

/* Whether the value at slot is the item at item or in the set at set (a
** table, or nil for none). */
static int inset(lua_State *L, int item, int set, int slot) {
  int found;
  if (lua_rawequal(L, slot, item)) return 1;
  if (!lua_istable(L, set) || lua_isnil(L, slot)) return 0;
  lua_pushvalue(L, slot);
  lua_rawget(L, set);
  found = !lua_isnil(L, -1);
  lua_pop(L, 1);
  return found;
}

/* The visited set, made (or taken from the pool) when there is none. */
static int visitedset(lua_State *L, Move *m) {
  if (lua_isnil(L, m->visited)) {
    if (!imp_poolget(L, m->w, P_VISITED)) lua_newtable(L);
    lua_replace(L, m->visited);
  }
  return m->visited;
}

/* Adds the value at slot to the visited set. */
static void setvisited(lua_State *L, Move *m, int slot) {
  int set = visitedset(L, m);
  if (lua_isnil(L, slot) || (lua_type(L, slot) == LUA_TNUMBER &&
                             lua_tonumber(L, slot) != lua_tonumber(L, slot)))
    return;  /* a custom response's collision may name no item */
  lua_pushvalue(L, slot);
  lua_pushboolean(L, 1);
  lua_rawset(L, set);
}

/* Records the other item at slot (id -1 when unknown) as visited. Without
** callbacks no item can be removed, so ids tell the first ones apart and
** the set is made only past LOCALVISITED, from their ids. */
static void visit(lua_State *L, Move *m, int slot, ptrdiff_t id) {
  if (m->nvisited < LOCALVISITED)
    m->visitedids[m->nvisited] = id < 0 ? (size_t)-1 : (size_t)id;
  if (!m->callbacks && m->nvisited == LOCALVISITED) {
    int i;
    for (i = 0; i < LOCALVISITED; i++) {
      lua_rawgeti(L, m->items, (lua_Integer)m->visitedids[i] + 1);
      setvisited(L, m, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  if (m->callbacks && !m->shared && m->nvisited < LOCALHELD) {
    lua_pushvalue(L, slot);
    lua_replace(L, m->held + m->nvisited);
  } else if (m->callbacks || m->nvisited >= LOCALVISITED) {
    setvisited(L, m, slot);
  }
  m->nvisited++;
}

/* Whether the value at slot is the moving item or a visited one. */
static int visited_value(lua_State *L, const Move *m, int slot) {
  int i;
  for (i = 0; i < m->nvisited && i < LOCALHELD; i++)
    if (lua_rawequal(L, m->held + i, slot)) return 1;
  return inset(L, m->item, m->visited, slot);
}

/* The visited set with every visited item in it, to be shared with a
** visiting filter: from then on every visit goes into it. */
static int sharedset(lua_State *L, Move *m) {
  int set = visitedset(L, m), i;
  if (!m->shared && m->callbacks)
    for (i = 0; i < m->nvisited && i < LOCALHELD; i++)
      setvisited(L, m, m->held + i);
  m->shared = 1;
  return set;
}

/* Empties the visited set into the pool, unless a filter still holds it. */
static void endvisits(lua_State *L, Move *m) {
  if (m->shared || !lua_istable(L, m->visited)) return;
  lua_pushnil(L);
  while (lua_next(L, m->visited)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, m->visited);
  }
  lua_pushvalue(L, m->visited);
  imp_poolput(L, m->w, P_VISITED);
}

/* The response named by the value at i: a builtin unless addResponse
** replaced it. */
static int response_of(lua_State *L, const World *w, int i) {
  int r;
  const char *name;
  if (lua_type(L, i) != LUA_TSTRING) return R_CUSTOM;
  name = lua_tostring(L, i);
  for (r = R_TOUCH; r < R_CUSTOM; r++)
    if (strcmp(name, response_names[r]) == 0) break;
  if (r == R_CUSTOM || !w->hasresponses) return r;
  imp_worldslot(L, W_RESPONSES);
  lua_pushvalue(L, i);
  lua_rawget(L, -2);
  if (!lua_isnil(L, -1)) r = R_CUSTOM;
  lua_pop(L, 2);
  return r;
}

static int bytime(const void *pa, const void *pb) {
  const Collision *a = (const Collision *)pa, *b = (const Collision *)pb;
  if (a->c.ti != b->c.ti) return a->c.ti < b->c.ti ? -1 : 1;
  if (a->distance != b->distance) return a->distance < b->distance ? -1 : 1;
  return a->order - b->order;
}

/* Asks the filter about the other item at slot: pushes its answer and
** returns the response, or returns -1 (pushing nothing) when it declines. */
static int ask(lua_State *L, const Move *m, int slot) {
  lua_pushvalue(L, m->filter);
  lua_pushvalue(L, m->item);
  lua_pushvalue(L, slot);
  lua_call(L, 2, 1);
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    return -1;
  }
  return response_of(L, m->w, slot + 1);
}

/* Moves the collision's values, on top of the stack, into the spill
** table, which is made below them the first time. */
static void spill(lua_State *L, Move *m, Collision *c) {
  if (m->spill == 0) {
    lua_newtable(L);
    lua_insert(L, c->otherslot);
    m->spill = c->otherslot++;
    if (c->typeslot) c->typeslot++;
  }
  if (c->typeslot) {
    lua_rawseti(L, m->spill, ++m->nspill);
    c->typeslot = -m->nspill;
  }
  lua_rawseti(L, m->spill, ++m->nspill);
  c->otherslot = -m->nspill;
}

/* Brings a collision's spilled values back onto the stack. */
static void unspill(lua_State *L, const Move *m, Collision *c) {
  if (c->otherslot < 0) {
    lua_rawgeti(L, m->spill, -c->otherslot);
    c->otherslot = lua_gettop(L);
  }
  if (c->typeslot < 0) {
    lua_rawgeti(L, m->spill, -c->typeslot);
    c->typeslot = lua_gettop(L);
  }
}

/* The collision of the mover, placed, heading for goal with item id. */
static int detect(const Move *m, const imp_grid *g, size_t id, imp_vec2 goal,
                  Collision *c) {
  c->shaped = m->mover.byshapes;
  return imp_mover_detect(&m->mover, g, id, goal, &c->c);
}

/* The collisions of from moving to the goal, sorted, in *cols (the other
** items and the filter's answers pushed on the Lua stack, or spilled). A
** shape mover is at from's x and y, its pos; m->mover.box gets its
** bounds. */
static size_t project(lua_State *L, Move *m, const imp_rect *from,
                      imp_vec2 goal, Scratch *s, Collision **cols) {
  imp_grid *g = imp_worldgrid(L, m->w, m->fname);
  imp_rect swept;
  imp_mover_place(&m->mover, m->w->g, from);
  swept =
      imp_rect_swept(&m->mover.box, goal.x - from->x, goal.y - from->y);
  Near q;
  size_t *ids, n, i, found = 0;
  Collision *out = s->cols;
  m->spill = m->nspill = 0;
  q.segment = 0;
  q.a = swept.x;
  q.b = swept.y;
  q.c = swept.w;
  q.d = swept.h;
  n = imp_worldnear(L, g, &q, s->ids, LOCALCANDIDATES, &ids);
  for (i = 0; i < n; i++) {
    size_t id = ids[i];
    Collision *c;
    int fast = byid(m);
    if (found == LOCALCOLLISIONS && out == s->cols) {  /* room for all */
      out = (Collision *)lua_newuserdata(L, n * sizeof *out);
      memcpy(out, s->cols, found * sizeof *out);
    }
    c = &out[found];
    if (!imp_grid_alive(g, id) || (fast && visited_id(m, id))) continue;
    c->other = imp_grid_rect(g, id);
    if (imp_rect_apart(&swept, &c->other) || !detect(m, g, id, goal, c))
      continue;
    lua_rawgeti(L, m->items, (lua_Integer)id + 1);
    c->otherslot = lua_gettop(L);
    c->typeslot = 0;
    c->response = R_SLIDE;
    if (!fast && visited_value(L, m, c->otherslot)) {
      lua_pop(L, 1);
      continue;
    }
    if (m->filter) {
      unsigned long changes = m->w->changes;
      c->response = ask(L, m, c->otherslot);
      if (c->response < 0) {
        lua_pop(L, 1);
        continue;
      }
      c->typeslot = c->otherslot + 1;
      g = imp_worldgrid(L, m->w, m->fname);
      if (m->w->changes != changes) {  /* look again: is it still hit? */
        ptrdiff_t now = imp_worldid(L, m->w, m->ids, c->otherslot);
        if (now < 0 || !detect(m, g, (size_t)now, goal, c)) {
          lua_pop(L, 2);
          continue;
        }
        id = (size_t)now;
        c->other = imp_grid_rect(g, id);
      }
    } else if (m->w->hasresponses) {  /* slide may have been replaced */
      imp_pushkey(L, K_SLIDE);
      c->typeslot = c->otherslot + 1;
      c->response = response_of(L, m->w, c->typeslot);
    }
    c->distance = imp_rect_square_distance(&m->mover.box, &c->other);
    c->id = id;
    c->order = (int)found;
    found++;
    if (!lua_checkstack(L, 2 * W_STACKROOM)) spill(L, m, c);
  }
  if (found > 1) qsort(out, found, sizeof *out, bytime);
  *cols = out;
  return found;
}

/* Pushes the collision as bump's collision table for entry k of the out
** table at out (0: a new table), with slide or bounce when extra says. */
static void pushcol(lua_State *L, World *w, const imp_rect *from,
                    const Collision *c, int out, int k, int extra,
                    imp_vec2 extrav) {
  ColFill f;
  f.item = from;
  f.other = &c->other;
  f.c = &c->c;
  f.itemslot = 2;
  f.otherslot = c->otherslot;
  f.typeslot = c->typeslot;
  f.extra = extra;
  f.extrav = extrav;
  if (!f.typeslot) {
    imp_pushkey(L, response_keys[c->response]);
    f.typeslot = lua_gettop(L);
  }
  imp_pushcollision(L, w, out, k, &f);
}

/* The out table at i, or 0 when there is none: then a new table goes
** there. */
static int prepareout(lua_State *L, int i, const char *fname) {
  if (imp_optouttable(L, i, fname)) return i;
  lua_newtable(L);
  lua_replace(L, i);
  return 0;
}

/* Starts a move of the item at 2 (id -1 when it is not in the World), the
** World's W_IDS at ids; pushes the slot of its visited set. */
static void begin(lua_State *L, Move *m, World *w, const char *fname, int ids,
                  ptrdiff_t id, int filter) {
  m->w = w;
  m->fname = fname;
  m->ids = ids;
  m->items = imp_worldslot(L, W_ITEMS);
  m->item = 2;
  m->filter = filter;
  m->callbacks = filter || w->hasresponses;
  m->itemid = id < 0 ? (size_t)-1 : (size_t)id;
  m->removals = w->removals;
  m->nvisited = 0;
  m->shared = 0;
  imp_mover_init(&m->mover, NULL);
  m->spill = m->nspill = 0;
  luaL_checkstack(L, 1 + LOCALHELD + W_STACKROOM, NULL);
  lua_settop(L, lua_gettop(L) + 1 + LOCALHELD);  /* nils */
  m->visited = lua_gettop(L) - LOCALHELD;
  m->held = m->visited + 1;
}

/* A value for an error message: a string or number as is, else its type. */
static const char *describe(lua_State *L, int i) {
  int t = lua_type(L, i);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) return lua_tostring(L, i);
  return imp_typename(L, i);
}

/* The filter that custom responses pass on to project: false for the item
** and the others already visited, else the filter's answer. Upvalues:
** filter (or nil), item, the visited set. */
static int visiting_filter(lua_State *L) {
  lua_settop(L, 2);
  lua_pushboolean(L, 0);
  if (inset(L, lua_upvalueindex(2), lua_upvalueindex(3), 2)) return 1;
  if (lua_isnil(L, lua_upvalueindex(1))) {
    lua_pushstring(L, response_names[R_SLIDE]);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);
  return 1;
}

/* The collision that a check resolves next. */
typedef struct Step {
  int col;       /* its table */
  int typeslot;  /* its type */
  int response;
  imp_rect_collision c;  /* touch, move and normal */
} Step;

/* Calls the custom response for the step: its new goal in *goal, its
** collisions (a table) replacing the value at list; returns their count. */
static lua_Integer respond(lua_State *L, Move *m, const Step *st,
                           const imp_rect *start, imp_vec2 *goal, int list) {
  int top;
  lua_Integer n;
  imp_worldslot(L, W_RESPONSES);
  lua_pushvalue(L, st->typeslot);
  lua_rawget(L, -2);
  if (lua_isnil(L, -1))
    imp_error(L, "%s: Unknown collision type: %s (%s)", m->fname,
              describe(L, st->typeslot), imp_typename(L, st->typeslot));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, st->col);
  lua_pushnumber(L, start->x);
  lua_pushnumber(L, start->y);
  lua_pushnumber(L, start->w);
  lua_pushnumber(L, start->h);
  lua_pushnumber(L, goal->x);
  lua_pushnumber(L, goal->y);
  if (m->filter) lua_pushvalue(L, m->filter);
  else lua_pushnil(L);
  lua_pushvalue(L, m->item);
  lua_pushvalue(L, sharedset(L, m));
  lua_pushcclosure(L, visiting_filter, 3);
  lua_call(L, 9, 4);
  top = lua_gettop(L);
  goal->x = lua_tonumber(L, top - 3);
  goal->y = lua_tonumber(L, top - 2);
  /* bump.lua needs all four: it compares len and indexes cols */
  if (lua_type(L, top - 3) != LUA_TNUMBER ||
      lua_type(L, top - 2) != LUA_TNUMBER || goal->x - goal->x != 0 ||
      goal->y - goal->y != 0 || lua_type(L, top) != LUA_TNUMBER ||
      (lua_tonumber(L, top) > 0 && lua_type(L, top - 1) != LUA_TTABLE))
    imp_error(L, "%s: response '%s' must return goalX, goalY (finite "
              "numbers), cols, len", m->fname, describe(L, st->typeslot));
  n = lua_tointeger(L, top);
  lua_pushvalue(L, top - 1);
  lua_replace(L, list);
  return n;
}

/* The first collision of a custom response's list (at list) as a step. */
static void liststep(lua_State *L, Move *m, int list, Step *st) {
  lua_rawgeti(L, list, 1);
  if (lua_type(L, -1) != LUA_TTABLE)
    imp_error(L, "%s: a response returned a collision that is not a table",
              m->fname);
  st->col = lua_gettop(L);
  lua_getfield(L, st->col, "type");
  st->typeslot = lua_gettop(L);
  st->response = response_of(L, m->w, st->typeslot);
  imp_readcollision(L, st->col, &st->c, m->fname);
  lua_getfield(L, st->col, "other");
  visit(L, m, lua_gettop(L), imp_worldid(L, m->w, m->ids, lua_gettop(L)));
}


/* Fills the table at list with the collision tables of n collisions that
** no callback saw (the core's), reusing those of the out table at out (0:
** none); extra is K_SLIDE for a move's, 0 for a projection's. The other
** items are looked up before any table is made, since making one may run a
** finalizer that changes the World. */
static void putcollisions(lua_State *L, World *w, int list, int out,
                          const imp_grid_collision *cols, int n, int extra) {
  int first = 0, k;
  if (n > 0) {
    int items = imp_worldslot(L, W_ITEMS);
    luaL_checkstack(L, n + W_STACKROOM, NULL);
    first = lua_gettop(L) + 1;
    for (k = 0; k < n; k++)
      lua_rawgeti(L, items, (lua_Integer)cols[k].id + 1);
    imp_pushkey(L, K_SLIDE);
  }
  for (k = 0; k < n; k++) {
    ColFill f;
    f.item = &cols[k].item;
    f.other = &cols[k].other;
    f.c = &cols[k].c;
    f.itemslot = 2;
    f.otherslot = first + k;
    f.typeslot = first + n;
    f.extra = extra;
    f.extrav = cols[k].slide;
    imp_pushcollision(L, w, out, k + 1, &f);
    lua_rawseti(L, list, k + 1);
  }
  if (out) imp_trimpool(L, w, out, n, P_COLS);
}

/* Ends a move of item id (2) that no callback can see (imp_grid_slide gave
** its n collisions and goal): the collision tables fill the table at 6,
** then the item moves (W_IDS at 7). */
static int slid(lua_State *L, World *w, const char *fname, size_t id,
                int out, int moving, const imp_grid_collision *cols, int n,
                imp_vec2 goal) {
  unsigned long changes = w->changes;
  putcollisions(L, w, 6, out, cols, n, K_SLIDE);
  if (moving) imp_worldarrive(L, w, fname, 7, id, changes, goal);
  lua_pushnumber(L, goal.x);
  lua_pushnumber(L, goal.y);
  lua_pushvalue(L, 6);
  lua_pushinteger(L, n);
  return 4;
}

/* Writes what the fast path reads (see below) into r; returns n. */
static int putvalues(const World *w, imp_vec2 goal,
                     const imp_grid_collision *cols, int n, double *r) {
  int k;
  *r++ = goal.x;
  *r++ = goal.y;
  *r++ = (double)w->changes;
  for (k = 0; k < n; k++) {
    const imp_grid_collision *c = &cols[k];
    *r++ = (double)c->id;
    *r++ = c->c.overlaps;
    *r++ = c->c.ti;
    *r++ = c->c.move.x, *r++ = c->c.move.y;
    *r++ = c->c.normal.x, *r++ = c->c.normal.y;
    *r++ = c->c.touch.x, *r++ = c->c.touch.y;
    *r++ = c->item.x, *r++ = c->item.y, *r++ = c->item.w, *r++ = c->item.h;
    *r++ = c->other.x, *r++ = c->other.y, *r++ = c->other.w;
    *r++ = c->other.h;
    *r++ = c->slide.x, *r++ = c->slide.y;
  }
  return n;
}

/* Whether id is that of an item of the World (which has its grid). */
static int isitem(const World *w, double id) {
  return id >= 0 && id < w->g->nitems && (double)(size_t)id == id &&
         imp_grid_alive(w->g, (size_t)id);
}

/* The same move for the LuaJIT fast path (lua/impact/ffi.lua, through
** api.c), in steps that need no Lua state. imp_world_slide finds the
** collisions of the item whose id the World's id table gives, moving
** nothing; returns -1 where the C function must judge: a freed World,
** custom responses, an id that is no item's, a goal not finite, more
** collisions than most (at most IMP_SLIDES; 0 for a move with a filter,
** which is asked about what a move meets, so that only a move meeting
** nothing goes without it). Else r gets where the item ends (x, y), the
** World's count of changes, then IMP_SLIDE_VALUES numbers per collision:
** the other item's id, overlaps (0 or 1), ti, move, normal, touch,
** itemRect, otherRect and slide; returns how many collisions.
** imp_world_project is the same for a projection of the rectangle (x, y,
** width, height) to the goal, of the item with id id, or -1 for a value not
** in the World; r gets the goal (its slides) and the count of changes
** first, as a move's. */
int imp_world_slide(World *w, double id, double goalx, double goaly,
                    int most, double *r) {
  imp_grid_collision cols[IMP_SLIDES];
  imp_vec2 goal;
  int n;
  /* with a filter (most 0) only a move meeting nothing goes this way: in
  ** a World of shapes, finding that it meets something costs its sweeps,
  ** which the C function would make again */
  if (w->g == NULL || w->hasresponses || !isitem(w, id) ||
      goalx - goalx != 0 || goaly - goaly != 0 || most < 0 ||
      most > IMP_SLIDES || (most == 0 && w->g->nshapes > 0))
    return -1;
  goal.x = goalx;
  goal.y = goaly;
  n = imp_grid_slide(w->g, (size_t)id, &goal, cols, (size_t)most);
  return n < 0 ? -1 : putvalues(w, goal, cols, n, r);
}

int imp_world_project(World *w, double id, double x, double y, double width,
                      double height, double goalx, double goaly, int most,
                      double *r) {
  imp_grid_collision cols[IMP_SLIDES];
  imp_rect from;
  imp_vec2 goal;
  int n;
  if (w->g == NULL || w->hasresponses || !(id == -1 || isitem(w, id)) ||
      x - x != 0 || y - y != 0 || !(width > 0 && width - width == 0) ||
      !(height > 0 && height - height == 0) || goalx - goalx != 0 ||
      goaly - goaly != 0 || most < 0 || most > IMP_SLIDES ||
      (most == 0 && w->g->nshapes > 0))
    return -1;
  from.x = x, from.y = y, from.w = width, from.h = height;
  goal.x = goalx;
  goal.y = goaly;
  n = imp_grid_project(w->g, id < 0 ? (size_t)-1 : (size_t)id, &from, goal,
                       cols, (size_t)most);
  return n < 0 ? -1 : putvalues(w, goal, cols, n, r);
}

/* Then, once the collision tables are made, the item moves to (x, y):
** returns 1, or 0 having done nothing when the World has changed since
** imp_world_slide counted changes (or was freed), or memory runs out; then
** imp_world_arrive finishes the move. */
int imp_world_moveto(World *w, double id, double x, double y,
                     double changes) {
  imp_vec2 to;
  if (w->g == NULL || (double)w->changes != changes) return 0;
  to.x = x;
  to.y = y;
  return imp_worldgoto(w, (size_t)id, to);
}

/* imp_world_arrive(world, item, x, y, id, changes): the end of a move as
** the C function makes it, errors included. (Only the fast path calls it,
** with a World that it has moved, but a script can reach it too.) */
int imp_world_arrive(lua_State *L) {
  World *w = (World *)imp_checkobject(L, 1, T_WORLD, "move");
  imp_vec2 goal;
  lua_settop(L, 6);
  goal.x = lua_tonumber(L, 3);
  goal.y = lua_tonumber(L, 4);
  imp_worldslot(L, W_IDS);
  imp_worldarrive(L, w, "move", 7, (size_t)lua_tonumber(L, 5),
         (unsigned long)lua_tonumber(L, 6), goal);
  return 0;
}

/* world:project(item, x, y, w, h[, goalX, goalY, filter, out]) -> cols,
** len, or world:project(item, shape[, goalX, goalY, filter, out]) from the
** shape's pos: the item need not be in the World. */
static int world_project(lua_State *L) {
  const char *fname = "project";
  World *w = imp_checkworld(L, fname);
  imp_rect from;
  imp_vec2 goal;
  int filter, out, top;
  ptrdiff_t id;
  Move m;
  Scratch s;
  Collision *cols;
  size_t n, i;
  imp_item_shape mover;
  const void *shape = imp_toshape(L, 3, &mover.kind);
  if (shape != NULL) {  /* checked, then where a rectangle's would be */
    imp_vec2 pos = imp_shape_pos(mover.kind, shape);
    int k;
    imp_shape_moved(mover.kind, shape, pos, &mover.shape);
    lua_settop(L, 7);
    if (!lua_isnil(L, 4)) imp_checknumber(L, 4, fname);
    if (!lua_isnil(L, 5)) imp_checknumber(L, 5, fname);
    imp_optfilter(L, 6, fname);
    imp_optouttable(L, 7, fname);
    for (k = 0; k < 3; k++) {
      lua_pushnil(L);
      lua_insert(L, 4);
    }
    from.x = pos.x;
    from.y = pos.y;
    from.w = from.h = 0;
  }
  lua_settop(L, 10);
  luaL_checkstack(L, W_STACKROOM, NULL);
  if (shape == NULL) imp_checkrect(L, 3, fname, &from);
  goal.x = lua_isnil(L, 7) ? from.x : imp_checknumber(L, 7, fname);
  goal.y = lua_isnil(L, 8) ? from.y : imp_checknumber(L, 8, fname);
  filter = imp_optfilter(L, 9, fname);
  out = prepareout(L, 10, fname);
  imp_worldslot(L, W_IDS);
  id = imp_worldid(L, w, 11, 2);
  if (!filter && !w->hasresponses) {  /* every collision slides */
    imp_grid_collision found[IMP_SLIDES];
    int nf = imp_grid_project_shapes(w->g, id < 0 ? (size_t)-1 : (size_t)id,
                                     shape != NULL ? &mover : NULL, &from,
                                     goal, found, IMP_SLIDES);
    if (nf >= 0) {
      putcollisions(L, w, 10, out, found, nf, 0);
      lua_pushvalue(L, 10);
      lua_pushinteger(L, nf);
      return 2;
    }
  }
  begin(L, &m, w, fname, 11, id, filter);
  if (shape != NULL) imp_mover_init(&m.mover, &mover);
  n = project(L, &m, &from, goal, &s, &cols);
  top = lua_gettop(L);
  for (i = 0; i < n; i++) {
    unspill(L, &m, &cols[i]);
    pushcol(L, w, &m.mover.box, &cols[i], out, (int)i + 1, 0, goal);
    lua_rawseti(L, 10, (lua_Integer)i + 1);
    lua_settop(L, top);
  }
  if (out) imp_trimpool(L, w, out, (int)n, P_COLS);
  lua_pushvalue(L, 10);
  lua_pushinteger(L, (lua_Integer)n);
  return 2;
}

/* world:check(item, goalX, goalY[, filter, out]) -> x, y, cols, len, and
** world:move (the same, then the item goes to x, y). The collision tables
** go into out when given, reusing its tables, and into a new table
** otherwise. */
static int check(lua_State *L, const char *fname, int moving) {
  World *w = imp_checkworld(L, fname);
  imp_vec2 goal;
  int filter, out, list, projtop, ncols = 0;
  imp_rect start, from;
  Move m;
  Scratch s;
  Collision *cols;
  size_t n, k = 0;
  lua_Integer nlist = -1;  /* >= 0: the next step is list[1] */
  unsigned long changes, projected;
  size_t id;
  imp_item_shape mover;
  int shaped;
  lua_settop(L, 6);  /* up to begin() the slots Lua grants a C function do */
  imp_worldslot(L, W_IDS);
  id = imp_checkitem(L, w, 7, fname);
  start = imp_grid_rect(w->g, id);
  shaped = imp_grid_shape(w->g, id, &mover);
  if (shaped) {
    imp_vec2 pos = imp_shape_pos(mover.kind, &mover.shape);
    start.x = pos.x;
    start.y = pos.y;
  }
  goal.x = imp_checknumber(L, 3, fname);
  goal.y = imp_checknumber(L, 4, fname);
  filter = imp_optfilter(L, 5, fname);
  out = prepareout(L, 6, fname);
  if (!filter && !w->hasresponses) {  /* every collision slides */
    imp_grid_collision slides[IMP_SLIDES];
    imp_vec2 to = goal;
    int ns = imp_grid_slide(w->g, id, &to, slides, IMP_SLIDES);
    if (ns >= 0) return slid(L, w, fname, id, out, moving, slides, ns, to);
  }
  begin(L, &m, w, fname, 7, (ptrdiff_t)id, filter);
  imp_mover_init(&m.mover, shaped ? &mover : NULL);
  changes = w->changes;
  lua_pushnil(L);  /* a custom response's collisions */
  list = lua_gettop(L);
  from = start;
  projected = w->changes;  /* a change from here on: project again */
  n = project(L, &m, &from, goal, &s, &cols);
  projtop = lua_gettop(L);
  for (;;) {
    Step st;
    Collision *c = NULL;
    imp_vec2 next = goal;
    int extra = 0;
    if (nlist >= 0) {
      if (nlist == 0) break;
      liststep(L, &m, list, &st);
    } else {
      if (k == n) break;
      c = &cols[k];
      unspill(L, &m, c);
      st.col = 0;
      st.typeslot = c->typeslot;
      st.response = c->response;
      st.c = c->c;
      visit(L, &m, c->otherslot, (ptrdiff_t)c->id);
    }
    switch (st.response) {  /* where it goes on to */
      case R_TOUCH: next = st.c.touch; break;
      case R_CROSS: break;
      case R_SLIDE:
        next = imp_mover_slide(&m.mover, &st.c, c != NULL && c->shaped, goal);
        extra = K_SLIDE;
        break;
      case R_BOUNCE:
        next = imp_rect_bounce(&st.c, goal);
        extra = K_BOUNCE;
        break;
      default: break;
    }
    if (st.col == 0) {
      pushcol(L, w, &m.mover.box, c, out, ncols + 1, extra, next);
      st.col = lua_gettop(L);
    } else if (extra) {
      imp_setxy(L, st.col, extra, next);
    }
    lua_pushvalue(L, st.col);
    lua_rawseti(L, 6, ++ncols);
    nlist = -1;
    if (st.response == R_CUSTOM) {
      /* its filter sees the collisions so far: only those */
      imp_trimpool(L, w, 6, ncols, P_COLS);
      if (st.typeslot == 0) {
        imp_pushkey(L, response_keys[c->response]);
        st.typeslot = lua_gettop(L);
      }
      nlist = respond(L, &m, &st, &start, &goal, list);
      if (nlist < 0) nlist = 0;
      lua_settop(L, list);
      n = k = 0;
      continue;
    }
    goal = next;
    if (st.response == R_CROSS && c != NULL && w->changes == projected &&
        from.x == start.x && from.y == start.y) {
      /* projecting again, from the start to the same goal, would find the
      ** rest of this list */
      lua_settop(L, projtop);
      k++;
      continue;
    }
    lua_settop(L, list);
    n = k = 0;
    if (st.response == R_TOUCH) continue;
    if (st.response == R_CROSS) from = start;
    else from.x = st.c.touch.x, from.y = st.c.touch.y;
    projected = w->changes;
    n = project(L, &m, &from, goal, &s, &cols);
    projtop = lua_gettop(L);
  }
  if (out) imp_trimpool(L, w, out, ncols, P_COLS);
  endvisits(L, &m);
  if (moving) imp_worldarrive(L, w, fname, m.ids, id, changes, goal);
  lua_pushnumber(L, goal.x);
  lua_pushnumber(L, goal.y);
  lua_pushvalue(L, 6);
  lua_pushinteger(L, (lua_Integer)ncols);
  return 4;
}

static int world_check(lua_State *L) { return check(L, "check", 0); }
static int world_move(lua_State *L) { return check(L, "move", 1); }

/*
** bump.responses.<name>(world, col, x, y, w, h, goalX, goalY, filter) ->
** goalX, goalY, cols, len: the responses as Lua functions, for scripts
** that call them or register them under other names. As bump's, they go on
** through the world's own project method.
*/
static int project_on(lua_State *L, double fromx, double fromy,
                      imp_vec2 goal) {
  World *w = (World *)imp_toobject(L, 1, T_WORLD);
  imp_item_shape it;
  int shaped = 0;
  lua_settop(L, 9);
  lua_pushnumber(L, goal.x);
  lua_pushnumber(L, goal.y);
  lua_getfield(L, 1, "project");
  lua_pushvalue(L, 1);
  lua_getfield(L, 2, "item");
  if (w != NULL && w->g != NULL) {  /* a shape item projects its shape */
    int item = lua_gettop(L);
    ptrdiff_t id = imp_worldid(L, w, imp_worldslot(L, W_IDS), item);
    lua_pop(L, 1);
    if (id >= 0) shaped = imp_grid_shape(w->g, (size_t)id, &it);
  }
  if (shaped) {
    imp_item_shape at = it;
    imp_vec2 from;
    from.x = fromx;
    from.y = fromy;
    imp_shape_moved(it.kind, &it.shape, from, &at.shape);
    imp_pushitemshape(L, &at);
    lua_pushnumber(L, goal.x);
    lua_pushnumber(L, goal.y);
    lua_pushvalue(L, 9);
    lua_call(L, 6, 2);
    return 4;
  }
  lua_pushnumber(L, fromx);
  lua_pushnumber(L, fromy);
  lua_pushvalue(L, 5);
  lua_pushvalue(L, 6);
  lua_pushnumber(L, goal.x);
  lua_pushnumber(L, goal.y);
  lua_pushvalue(L, 9);
  lua_call(L, 9, 2);
  return 4;
}

/* The arguments every response checks: the World and the collision. */
static void checkresponse(lua_State *L, const char *fname) {
  imp_checkworld(L, fname);
  if (lua_type(L, 2) != LUA_TTABLE) imp_typeerror(L, 2, fname, "table");
}

/* goalX and goalY, which default to x and y. */
static imp_vec2 optgoal(lua_State *L, const char *fname) {
  imp_vec2 goal;
  goal.x = imp_checknumber(L, lua_isnoneornil(L, 7) ? 3 : 7, fname);
  goal.y = imp_checknumber(L, lua_isnoneornil(L, 8) ? 4 : 8, fname);
  return goal;
}

static int response_touch(lua_State *L) {
  imp_rect_collision c;
  checkresponse(L, "touch");
  imp_readcollision(L, 2, &c, "touch");
  lua_pushnumber(L, c.touch.x);
  lua_pushnumber(L, c.touch.y);
  lua_newtable(L);
  lua_pushinteger(L, 0);
  return 4;
}

static int response_cross(lua_State *L) {
  imp_vec2 goal;
  double x, y;
  checkresponse(L, "cross");
  x = imp_checknumber(L, 3, "cross");
  y = imp_checknumber(L, 4, "cross");
  goal = optgoal(L, "cross");
  return project_on(L, x, y, goal);
}

/* slide and bounce: on from the touch to the goal that the rule gives. */
static int turn(lua_State *L, int k,
                imp_vec2 (*rule)(const imp_rect_collision *, imp_vec2)) {
  const char *fname = imp_keys[k - 1];
  imp_rect_collision c;
  imp_vec2 goal;
  checkresponse(L, fname);
  imp_readcollision(L, 2, &c, fname);
  goal = rule(&c, optgoal(L, fname));
  imp_setxy(L, 2, k, goal);
  return project_on(L, c.touch.x, c.touch.y, goal);
}

static int response_slide(lua_State *L) {
  return turn(L, K_SLIDE, imp_rect_slide);
}

static int response_bounce(lua_State *L) {
  return turn(L, K_BOUNCE, imp_rect_bounce);
}

const luaL_Reg imp_response_functions[] = {
  {"touch", response_touch}, {"cross", response_cross},
  {"slide", response_slide}, {"bounce", response_bounce}, {NULL, NULL}
};

const luaL_Reg imp_world_move_methods[] = {
  {"project", world_project}, {"check", world_check}, {"move", world_move},
  {NULL, NULL}
};
