/* Vector helpers that the core and the Lua Point type share. */
#include <math.h>

#include "impact.h"

double imp_vec2_normalize(imp_vec2 *v) {
  double length = v->x * v->x + v->y * v->y;
  if (length > 0) {
    double inverse;
    length = sqrt(length);
    inverse = 1.0 / length;
    v->x *= inverse;
    v->y *= inverse;
  } else {
    v->x = 1;
    v->y = 0;
  }
  return length;
}
