/* Vector helpers that the core and the Lua Point type share. */
#include <float.h>
#include <math.h>

#include "impact.h"

double imp_vec2_length(imp_vec2 v) {
  double squares = v.x * v.x + v.y * v.y;
  /* The plain formula (the one intersect uses, so sweeps match it to the
  ** bit) unless the squares overflow or underflow. */
  if (squares >= DBL_MIN && squares <= DBL_MAX) return sqrt(squares);
  return hypot(v.x, v.y);
}

double imp_vec2_normalize(imp_vec2 *v) {
  double length = imp_vec2_length(*v);
  if (length >= DBL_MIN && length <= DBL_MAX) {
    double inverse = 1.0 / length;
    if (inverse >= DBL_MIN) {
      v->x *= inverse;
      v->y *= inverse;
    } else {  /* 1 / length would lose bits as a subnormal */
      v->x /= length;
      v->y /= length;
    }
  } else if (length > 0 && length < DBL_MIN) {  /* subnormal: scale up */
    v->x *= 0x1p600;
    v->y *= 0x1p600;
    imp_vec2_normalize(v);
  } else {  /* zero, or not finite: a direction all the same */
    v->x = 1;
    v->y = 0;
  }
  return length;
}
