/* Scalar helpers shared by the core's families (private to src/core). */
#ifndef IMPACT_SCALAR_H
#define IMPACT_SCALAR_H

/* +1 for zero and -0 alike: a face is chosen even when a coordinate is 0. */
static inline double imp_sign(double v) { return v < 0 ? -1.0 : 1.0; }

static inline double imp_clamp(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

#endif
