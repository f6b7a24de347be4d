/*
** Random scenes for the shapes' property programs (spec/core/shapes_*.c):
** a seeded generator, and shapes of every kind drawn on an integer grid
** (where sides, corners and tangents meet exactly) or anywhere, at a
** scale.
*/
#ifndef IMPACT_SCENES_H
#define IMPACT_SCENES_H

#include <stdint.h>
#include <string.h>

#include "impact.h"
#include "random.h"

static int grid;  /* the scene is on the integer grid */
static double scale = 1;

static double coord(void) {
  if (grid) return scale * (below(13) - 6);
  return scale * (unit() - 0.5) * 12;
}

static double size(void) {
  if (grid) return scale * below(4);
  return scale * unit() * 4;
}

static double angle(void) {
  static const double angles[] = {0, 0.5, -1.25, 3.14159, 0.7853981633974483};
  return below(3) ? angles[below(5)] : unit() * 6.3;
}

typedef struct shape {
  imp_shape kind;
  imp_any_shape s;
} shape;

static void random_shape(shape *out) {
  imp_vec2 pos;
  pos.x = coord();
  pos.y = coord();
  memset(&out->s, 0, sizeof out->s);
  out->kind = (imp_shape)below(5);
  switch (out->kind) {
  case IMP_SHAPE_AABB:
    out->s.aabb.pos = pos;
    out->s.aabb.half.x = size();
    out->s.aabb.half.y = size();
    break;
  case IMP_SHAPE_OBB:
    out->s.obb.pos = pos;
    out->s.obb.half.x = size();
    out->s.obb.half.y = size();
    imp_obb_set_angle(&out->s.obb, angle());
    break;
  case IMP_SHAPE_CIRCLE:
    out->s.circle.pos = pos;
    out->s.circle.radius = size();
    break;
  case IMP_SHAPE_CAPSULE:
    out->s.capsule.pos = pos;
    out->s.capsule.a.x = coord() / 2;
    out->s.capsule.a.y = coord() / 2;
    out->s.capsule.b.x = below(4) ? coord() / 2 : out->s.capsule.a.x;
    out->s.capsule.b.y = coord() / 2;
    out->s.capsule.radius = size();
    imp_capsule_set_angle(&out->s.capsule, grid ? 0 : angle());
    break;
  case IMP_SHAPE_POLYGON: {
    imp_vec2 points[8], hull[8];
    int i, n = 3 + below(6), count;
    do {
      for (i = 0; i < n; i++) {
        points[i].x = coord() / 2;
        points[i].y = coord() / 2;
      }
      count = imp_convex_hull(points, n, hull);
    } while (count < 3);
    out->s.polygon.pos = pos;
    out->s.polygon.count = count;
    for (i = 0; i < count; i++) out->s.polygon.v[i] = hull[i];
    imp_polygon_set_angle(&out->s.polygon, grid ? 0 : angle());
    break;
  }
  }
}

#endif
