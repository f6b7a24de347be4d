/* Vector helpers that the core and the Lua Point type share. */
#include <float.h>
#include <math.h>

#include "impact.h"

double imp_vec2_length(imp_vec2 v) {
  double squares = v.x * v.x + v.y * v.y, k;
  /* The plain formula (the one intersect uses, so sweeps match it to the
  ** bit) unless the squares overflow or underflow. */
  if (squares >= DBL_MIN && squares <= DBL_MAX) return sqrt(squares);
  /* Then the same formula on the vector scaled by a power of two (exact)
  ** and scaled back: not hypot, so that the pure-Lua backend, which has no
  ** hypot, gets the same bits. */
  k = squares > DBL_MAX ? 0x1p-600 : 0x1p600;
  v.x *= k;
  v.y *= k;
  return sqrt(v.x * v.x + v.y * v.y) / k;
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
