/*
** The property programs' random driver: splitmix64, so that a seed gives
** the same run anywhere; below(n) draws from 0 to n - 1, unit() from
** [0, 1).
*/
#ifndef IMPACT_RANDOM_H
#define IMPACT_RANDOM_H

#include <stdint.h>

static uint64_t state;

static uint64_t next(void) {
  uint64_t z = (state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static inline int below(int n) { return (int)(next() % (uint64_t)n); }
static inline double unit(void) {
  return (double)(next() >> 11) * 0x1p-53;
}

#endif
