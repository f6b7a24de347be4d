/*
** What the World's files share (world.c: items and fields; worldmove.c:
** project, check and move; worldquery.c: the queries). The rectangles and
** the grid are in C (core/grid.c); the items, which may be any Lua value,
** are in the World's slots.
*/
#ifndef IMPACT_WORLD_H
#define IMPACT_WORLD_H

#include "object.h"

/* The World's pools of tables to reuse, so that a warm World allocates
** nothing: collision tables and querySegmentWithCoords' info tables left
** over from out tables, and the visited sets of moves. */
enum { P_COLS, P_INFOS, P_VISITED, P_COUNT };

typedef struct World {
  imp_grid *g;
  const size_t *gccycles;  /* the module's count (gccycles.c) */
  size_t gcseen;           /* its value when the cells were last settled */
  unsigned long removals;  /* items removed so far: after one, ids are reused */
  unsigned long changes;   /* items added, moved or removed so far */
  int hasfields;           /* a script set a field (slot W_FIELDS) */
  int hasresponses;        /* addResponse was called (slot W_RESPONSES) */
  int npool[P_COUNT];      /* tables in each pool */
} World;

/* The World's slots. */
enum {
  W_IDS = 1,    /* item -> id */
  W_ITEMS,      /* id + 1 -> item */
  W_FIELDS,     /* fields that scripts set, as on bump's world tables */
  W_RESPONSES,  /* name -> custom response */
  W_POOLS,      /* the pools, P_COUNT slots from here */
  W_NSLOTS = W_POOLS + P_COUNT - 1
};

/* Pushes a table from pool p and returns 1, or returns 0 (pushing
** nothing) when the pool is empty. */
int imp_poolget(lua_State *L, World *w, int p);
/* Pops the value on top into pool p, when a table and there is room. */
void imp_poolput(lua_State *L, World *w, int p);
/* The LuaJIT fast path's side of the same (it holds the pool's table):
** the index a table goes in (put), or the index of the table taken out;
** 0 when the pool is full or empty. The count changes at once. */
int imp_poolslot(World *w, int p, int put);

/* The keys of bump's tables and its response names, numbered from 1 as in
** imp_keys, in the IMP_KEYS upvalue. */
enum {
  K_ITEM = 1, K_OTHER, K_TYPE, K_OVERLAPS, K_TI, K_MOVE, K_NORMAL,
  K_TOUCH, K_ITEMRECT, K_OTHERRECT, K_SLIDE, K_BOUNCE, K_CROSS,
  K_X, K_Y, K_W, K_H, K_TI1, K_TI2, K_X1, K_Y1, K_X2, K_Y2,
  K_FILL  /* not a key: the function that fills collision tables */
};
extern const char *const imp_keys[];

/* Pushes key k. */
#define imp_pushkey(L, k) lua_rawgeti(L, IMP_KEYS, (k))

/* Stack room that the World's functions keep free above what they have
** pushed, for the pushes of any one step (a call, a table filled). */
#define W_STACKROOM 24

World *imp_checkworld(lua_State *L, const char *fname);
/* The grid of w again after a call into Lua, which may have freed it (a
** script can call __gc): a Lua error for fname then. */
imp_grid *imp_worldgrid(lua_State *L, World *w, const char *fname);
/* Pushes slot n of the World at 1 and returns its index: a Lua error when
** a script replaced it (debug.setuservalue) with something not a table. */
int imp_worldslot(lua_State *L, int n);
/* The id of the item at i (W_IDS at ids), or -1 when it is not in the
** World. An id is checked against the grid before use, since the debug
** library can write any value into W_IDS. */
ptrdiff_t imp_worldid(lua_State *L, const World *w, int ids, int i);
/* The id of the item at 2, which must be in the World. */
size_t imp_checkitem(lua_State *L, const World *w, int ids,
                     const char *fname);
/* Makes an item that is in the World the rectangle r, or the shape it: 1,
** or 0 when memory runs out, and then the item stays as it was. */
int imp_worldupdate(World *w, size_t id, const imp_rect *r);
int imp_worldreshape(World *w, size_t id, const imp_item_shape *it);
/* The same, out of memory a Lua error. */
void imp_worldput(lua_State *L, World *w, size_t id, const imp_rect *r);
/* Moves the item id to (x, y): a shape item's pos (its bounds in the
** grid), a rectangle's corner: 1, or 0 when memory runs out, nothing
** moved. */
int imp_worldgoto(World *w, size_t id, imp_vec2 to);
/* The same, out of memory a Lua error. */
void imp_worldmoveto(lua_State *L, World *w, size_t id, imp_vec2 to);
/* Ends a move or a push: the item at 2, which had id id when the World had
** made changes changes, goes to goal. Callbacks, and finalizers run by the
** tables a move makes, may have moved or removed it, or freed the World,
** since: then it is looked up again (W_IDS at ids). Moving last keeps a
** move atomic: an error before leaves the item where it was. */
void imp_worldarrive(lua_State *L, World *w, const char *fname, int ids,
                     size_t id, unsigned long changes, imp_vec2 goal);
/* Pushes a new shape object, a copy of the item's shape. */
void imp_pushitemshape(lua_State *L, const imp_item_shape *it);
/* The ids that the grid finds near a rectangle (x, y, w, h) or, with
** segment set, a segment (x1, y1, x2, y2 in a, b, c, d): into local (room
** for cap), or when there are more, into a userdata pushed on the stack.
** Sets *ids and returns how many. */
typedef struct Near {
  int segment;
  double a, b, c, d;
} Near;
size_t imp_worldnear(lua_State *L, imp_grid *g, const Near *q, size_t *local,
                     size_t cap, size_t **ids);
/* The same into ids alone: returns how many there are, of which the first
** cap are written. */
size_t imp_gridnear(imp_grid *g, const Near *q, size_t *ids, size_t cap);
/* bump's rectangle arguments x, y, w, h from i on: w and h positive. */
void imp_checkrect(lua_State *L, int i, const char *fname, imp_rect *r);
/* An optional filter (a function or callable) at i: its index, or 0 when
** absent or nil. */
int imp_optfilter(lua_State *L, int i, const char *fname);
/* An optional output table at i: its index, or 0 when absent or nil. */
int imp_optouttable(lua_State *L, int i, const char *fname);
/* Ends an output table of n entries: removes the ones after it. */
void imp_trimout(lua_State *L, int out, int n);

/* Collision tables (worldcols.c), the World at 1. */
typedef struct ColFill {
  const imp_rect *item, *other;    /* itemRect and otherRect */
  const imp_rect_collision *c;
  int itemslot, otherslot, typeslot;  /* their values (0: nil) */
  int extra;                       /* K_SLIDE, K_BOUNCE, or 0 for neither */
  imp_vec2 extrav;
} ColFill;
/* Pushes the collision table: entry k of the out table at out, reused,
** else one from the pool, else a new one (always new when out is 0). */
void imp_pushcollision(lua_State *L, World *w, int out, int k,
                       const ColFill *f);
/* Moves the entries of the out table after n into pool p. */
void imp_trimpool(lua_State *L, World *w, int out, int n, int p);
/* Reads touch, move and normal back from the collision table at t (a
** Lua error for fname when they are not finite numbers). */
void imp_readcollision(lua_State *L, int t, imp_rect_collision *c,
                       const char *fname);
/* t[k] = v, and t[k] = {x = v.x, y = v.y} reusing the table there. */
void imp_setnumber(lua_State *L, int t, int k, double v);
void imp_setxy(lua_State *L, int t, int k, imp_vec2 v);
/* Pushes the function that fills collision tables (for IMP_KEYS). */
void imp_loadfill(lua_State *L);

/* Pushes the snapshot that field k of bump's worlds (rows, rects,
** responses) gives and returns 1, or returns 0 for another key
** (worldview.c). */
int imp_worldview(lua_State *L, const World *w, const char *k);

/* How many collisions a move or projection without callbacks resolves in C
** alone (more go the general way), and the numbers imp_world_slide and
** imp_world_project write for each. */
#define IMP_SLIDES 32
#define IMP_SLIDE_VALUES 19
int imp_world_slide(World *w, double id, double goalx, double goaly,
                    int most, double *r);
int imp_world_project(World *w, double id, double x, double y, double width,
                      double height, double goalx, double goaly, int most,
                      double *r);
int imp_world_moveto(World *w, double id, double x, double y,
                     double changes);
int imp_world_arrive(lua_State *L);
/* The queries without a filter for the fast path (worldquery.c): kind 0
** queryRect, 1 queryPoint, 2 querySegment, IMP_QUERY_COORDS
** querySegmentWithCoords; r gets at most IMP_QUERY_FOUND ids, each with
** ti1, ti2, x1, y1, x2, y2 after it for the last (IMP_QUERY_VALUES numbers
** per item). */
#define IMP_QUERY_FOUND 256
#define IMP_QUERY_COORDS 3
#define IMP_QUERY_VALUES 7
int imp_world_query(World *w, int kind, double a, double b, double c,
                    double d, double *r);

extern const luaL_Reg imp_world_move_methods[];   /* worldmove.c */
extern const luaL_Reg imp_world_query_methods[];  /* worldquery.c */
extern const luaL_Reg imp_world_push_methods[];   /* worldpush.c */
extern const luaL_Reg imp_world_rotate_methods[]; /* worldrotate.c */
extern const luaL_Reg imp_rect_functions[];       /* bumprect.c: bump.rect */
/* The registry key (its address) of bump.responses' table (module.c). */
extern const char imp_responses_key;
extern const luaL_Reg imp_response_functions[];   /* bump.responses */

#endif
