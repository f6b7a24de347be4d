/*
** bump.lua's project and check when every collision slides (no filter, no
** custom response), on the grid alone. A projection lists the collisions
** of an item moving to a goal by time, then by the distance between the
** centres, then in the order the grid found them. A check's each step
** takes the first collision of the rest of the movement, slides along it
** (creased: imp_mover_slide) and goes on from where it touched; each
** other item collides at most once. The World's general project and
** check (worldmove.c) give the same collisions in the same order; these
** need no Lua, so the C API, the LuaJIT fast path and C hosts run the
** common case through them.
*/
#include "impact.h"

/* Room for the ids near one step of the movement. */
#define NEARBY 256

/* Whether the placed mover, heading for goal (sweeping swept), collides
** with the item other: the collision in *col, and in *distance the squared
** distance between the centres, which orders equal times. */
static int collides(imp_grid *g, const imp_mover *m, const imp_rect *swept,
                    imp_vec2 goal, size_t other, imp_rect_collision *col,
                    double *distance) {
  imp_rect r;
  if (!imp_grid_alive(g, other)) return 0;
  r = imp_grid_rect(g, other);
  if (imp_rect_apart(swept, &r) ||
      !imp_mover_detect(m, g, other, goal, col))
    return 0;
  *distance = imp_rect_square_distance(&m->box, &r);
  return 1;
}

/* Places the mover at from and finds the ids near its way to goal, into
** nearby: how many, or -1 when there are too many. */
static int look_around(imp_grid *g, imp_mover *m, const imp_rect *from,
                       imp_vec2 goal, imp_rect *swept, size_t *nearby) {
  size_t found;
  imp_mover_place(m, g, from);
  *swept = imp_rect_swept(&m->box, goal.x - from->x, goal.y - from->y);
  found = imp_grid_query_rect(g, swept->x, swept->y, swept->w, swept->h,
                              nearby, NEARBY);
  return found > NEARBY ? -1 : (int)found;
}

/* Whether a collision at time ti and distance d comes before one at ti0
** and d0 (found before it, which keeps ties). */
static int before(double ti, double d, double ti0, double d0) {
  return ti < ti0 || (ti == ti0 && d < d0);
}

static int visited(const imp_grid_collision *out, size_t n, size_t id) {
  size_t i;
  for (i = 0; i < n; i++)
    if (out[i].id == id) return 1;
  return 0;
}

int imp_grid_slide(imp_grid *g, size_t id, imp_vec2 *goal,
                   imp_grid_collision *out, size_t cap) {
  imp_item_shape it;
  int shaped = imp_grid_shape(g, id, &it);
  imp_rect from = imp_grid_rect(g, id);
  imp_vec2 to = *goal;
  imp_mover m;
  size_t nearby[NEARBY], n = 0;
  imp_mover_init(&m, shaped ? &it : NULL);
  if (shaped) {
    imp_vec2 pos = imp_shape_pos(it.kind, &it.shape);
    from.x = pos.x;
    from.y = pos.y;
  }
  for (;;) {
    imp_rect swept;
    imp_grid_collision *c = &out[n];
    double best = 0;
    int i, hit = 0;
    int found = look_around(g, &m, &from, to, &swept, nearby);
    if (found < 0) return -1;
    for (i = 0; i < found; i++) {
      size_t other = nearby[i];
      imp_rect_collision col;
      double distance;
      if (other == id || visited(out, n, other) ||
          !collides(g, &m, &swept, to, other, &col, &distance) ||
          (hit && !before(col.ti, distance, c->c.ti, best)))
        continue;
      if (n == cap) return -1;
      c->c = col;
      c->id = other;
      best = distance;
      hit = 1;
    }
    if (!hit) {
      *goal = to;
      return (int)n;
    }
    c->item = m.box;
    c->other = imp_grid_rect(g, c->id);
    c->slide = imp_mover_slide(&m, &c->c, m.byshapes, to);
    to = c->slide;
    from.x = c->c.touch.x;
    from.y = c->c.touch.y;
    n++;
  }
}

int imp_grid_project_shapes(imp_grid *g, size_t skip,
                            const imp_item_shape *shape, const imp_rect *from,
                            imp_vec2 goal, imp_grid_collision *out,
                            size_t cap) {
  imp_rect swept;
  imp_mover m;
  size_t nearby[NEARBY], n = 0;
  double distance[NEARBY];
  int i, found;
  imp_mover_init(&m, shape);
  found = look_around(g, &m, from, goal, &swept, nearby);
  if (found < 0) return -1;
  for (i = 0; i < found; i++) {
    size_t other = nearby[i], k;
    imp_rect_collision col;
    double d;
    if (other == skip ||
        !collides(g, &m, &swept, goal, other, &col, &d))
      continue;
    if (n == cap) return -1;
    /* insertion after every earlier one that is not later: stable */
    for (k = n; k > 0 && before(col.ti, d, out[k - 1].c.ti, distance[k - 1]);
         k--) {
      out[k] = out[k - 1];
      distance[k] = distance[k - 1];
    }
    out[k].id = other;
    out[k].c = col;
    out[k].item = m.box;
    out[k].other = imp_grid_rect(g, other);
    out[k].slide = goal;
    distance[k] = d;
    n++;
  }
  return (int)n;
}

int imp_grid_project(imp_grid *g, size_t skip, const imp_rect *from,
                     imp_vec2 goal, imp_grid_collision *out, size_t cap) {
  return imp_grid_project_shapes(g, skip, NULL, from, goal, out, cap);
}
