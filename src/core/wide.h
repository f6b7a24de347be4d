/*
** Wide integers (private to src/core): the exact decisions of the shape
** tests as polynomials in the input doubles. A double of imp_exact_input
** is an integer multiple of 2^-148 below 2^97 in size, so it is held
** exactly as that integer; a product of four such numbers, and a few such
** products summed, stay below 2^1000, within IMP_WIDE_LIMBS limbs. Each
** decision compares two polynomials of the same degree, so the common
** scale never needs undoing. Slow next to doubles: the shape tests reach
** them only when a rounded computation cannot be certified.
*/
#ifndef IMPACT_WIDE_H
#define IMPACT_WIDE_H

#include <math.h>
#include <stdint.h>

#define IMP_WIDE_LIMBS 34

/* sign * (sum of limb[i] 2^(32 i) for i < n), limb[n - 1] != 0 unless n
** is 0 (then the value is 0 and sign is 0). */
typedef struct imp_wide {
  int sign, n;
  uint32_t limb[IMP_WIDE_LIMBS];
} imp_wide;

/* Whether v is 0 or within 2^-96 and 2^96 in size: then every decision
** that involves it is exact (the error of a sum of two such doubles is a
** multiple of 2^-148 too, and is taken as well). */
static inline int imp_exact_input(double v) {
  return v == 0 || (fabs(v) >= 0x1p-96 && fabs(v) <= 0x1p96);
}

/* v 2^148 exactly, for a v that is a multiple of 2^-148 below 2^200. */
imp_wide imp_wide_of(double v);
imp_wide imp_wide_add(imp_wide a, imp_wide b);
imp_wide imp_wide_sub(imp_wide a, imp_wide b);
imp_wide imp_wide_mul(imp_wide a, imp_wide b);
/* -1, 0 or 1. */
static inline int imp_wide_sign(const imp_wide *a) { return a->sign; }
/* The sign of a - b. */
int imp_wide_compare(imp_wide a, imp_wide b);

#endif
