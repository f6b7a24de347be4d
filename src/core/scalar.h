/* Scalar helpers shared by the core's families (private to src/core). */
#ifndef IMPACT_SCALAR_H
#define IMPACT_SCALAR_H

#include <stdint.h>
#include <string.h>

/* c ? a : b, as a mask on the bits rather than a branch, for choices that
** follow the data and that a branch predictor would keep missing.
** Compilers turn a ternary with a constant arm back into a branch. */
static inline double imp_pick(int c, double a, double b) {
  uint64_t mask = (uint64_t)0 - (uint64_t)(c != 0), ua, ub;
  memcpy(&ua, &a, sizeof ua);
  memcpy(&ub, &b, sizeof ub);
  ua = (ua & mask) | (ub & ~mask);
  memcpy(&a, &ua, sizeof a);
  return a;
}

/* +1 for zero and -0 alike: a face is chosen even when a coordinate is 0. */
static inline double imp_sign(double v) { return imp_pick(v < 0, -1.0, 1.0); }

/* v < lo ? lo : (v > hi ? hi : v), without a branch. */
static inline double imp_clamp(double v, double lo, double hi) {
  return imp_pick(v < lo, lo, imp_pick(v > hi, hi, v));
}

#endif
