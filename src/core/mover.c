/*
** The World's rules for a moving item, one copy for every path that moves
** one (the binding's general move and the core's all-slide move): which
** rule a pair collides by, and where a slide goes on to when the move has
** slid along shapes before.
*/
#include "impact.h"

void imp_mover_init(imp_mover *m, const imp_item_shape *shape) {
  m->shaped = shape != NULL;
  if (m->shaped) m->shape = *shape;
  m->ncreases = 0;
}

/* A World of rectangles stays bump's, number for number; once a shape is
** about, every pair collides by the exact sweep. */
void imp_mover_place(imp_mover *m, const imp_grid *g, const imp_rect *from) {
  m->from = *from;
  m->byshapes = m->shaped || g->nshapes > 0;
  if (m->shaped) {
    imp_vec2 at;
    at.x = from->x;
    at.y = from->y;
    imp_shape_moved(m->shape.kind, &m->shape.shape, at, &m->placed);
    imp_shape_rect(m->shape.kind, &m->placed, &m->box);
  } else {
    m->box = *from;
  }
}

/* By the exact sweep a rectangle is the polygon it is, so that bump's
** rounding (a rectangle left an ulp into the one it rests on) cannot snag
** it on a shape's side. */
int imp_mover_detect(const imp_mover *m, const imp_grid *g, size_t id,
                     imp_vec2 goal, imp_rect_collision *out) {
  imp_item_shape other;
  imp_polygon mrect;
  imp_shape mkind = IMP_SHAPE_POLYGON;
  const void *mover = &mrect;
  if (!m->byshapes)
    return imp_rect_detect(&m->from, &g->items[id].at.rect, goal.x, goal.y,
                           out);
  imp_item_geometry(g, id, &other);
  if (m->shaped) mkind = m->shape.kind, mover = &m->placed;
  else imp_rect_polygon(&m->from, &mrect);
  return imp_shape_detect(other.kind, &other.shape, mkind, mover, goal.x,
                          goal.y, out);
}

/* Whether the movement v heads into a face of normal n. */
static int into(imp_vec2 v, imp_vec2 n) { return v.x * n.x + v.y * n.y < 0; }

/* A slide's goal from touch along the normal n, kept out of the faces slid
** along before: along the crease where it heads into one, and nowhere
** where it heads into two (a corner holds it). */
static imp_vec2 crease(const imp_mover *m, imp_vec2 n, imp_vec2 touch,
                       imp_vec2 goal) {
  imp_vec2 v;
  int i, k;
  v.x = goal.x - touch.x;
  v.y = goal.y - touch.y;
  for (i = 0; i < m->ncreases; i++) {
    if (into(v, m->creases[i])) {
      double along = v.y * n.x - v.x * n.y;
      v.x = along * -n.y;
      v.y = along * n.x;
      for (k = 0; k < m->ncreases; k++)
        if (into(v, m->creases[k])) return touch;
      goal.x = touch.x + v.x;
      goal.y = touch.y + v.y;
      return goal;
    }
  }
  return goal;
}

imp_vec2 imp_mover_slide(imp_mover *m, const imp_rect_collision *c,
                         int shaped, imp_vec2 goal) {
  imp_vec2 next = imp_rect_slide(c, goal);
  if (m->ncreases > 0) next = crease(m, c->normal, c->touch, next);
  if (shaped && m->ncreases < IMP_CREASES)
    m->creases[m->ncreases++] = c->normal;
  return next;
}
