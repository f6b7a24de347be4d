/*
** The vector helpers that the core's files share (private to src/core).
*/
#ifndef IMPACT_VEC2_H
#define IMPACT_VEC2_H

#include <float.h>
#include <math.h>

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

/* imp_vec2_normalize, with its usual case inline: squares and inverse
** length normal doubles, where it computes just this. */
static inline double normalize(imp_vec2 *v) {
  double squares = v->x * v->x + v->y * v->y;
  if (squares >= DBL_MIN && squares <= DBL_MAX) {
    double length = sqrt(squares), inverse = 1.0 / length;
    if (inverse >= DBL_MIN) {
      v->x *= inverse;
      v->y *= inverse;
      return length;
    }
  }
  return imp_vec2_normalize(v);
}

#endif
