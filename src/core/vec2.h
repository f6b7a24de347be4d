/*
** The vector helpers that the core's files share (private to src/core).
*/
#ifndef IMPACT_VEC2_H
#define IMPACT_VEC2_H

#include "impact.h"

static inline imp_vec2 vec2(double x, double y) {
  imp_vec2 v;
  v.x = x;
  v.y = y;
  return v;
}

static inline double dot(imp_vec2 u, imp_vec2 v) {
  return u.x * v.x + u.y * v.y;
}

static inline double cross(imp_vec2 u, imp_vec2 v) {
  return u.x * v.y - u.y * v.x;
}

#endif
