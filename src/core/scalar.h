/* Scalar helpers shared by the core's families (private to src/core). */
#ifndef IMPACT_SCALAR_H
#define IMPACT_SCALAR_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Inlined whatever the compiler's size estimate says, for small helpers
** that a long kernel calls many times: GCC at -O2 keeps them as calls,
** which also stops it from sharing the work they repeat (the splits of
** one factor in several exact products). */
#if defined(__GNUC__)
#define IMP_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define IMP_ALWAYS_INLINE __forceinline
#else
#define IMP_ALWAYS_INLINE inline
#endif

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

/* Error-free transformations, for the families that decide ties exactly.
** Exact, so they give the same bits however they are computed: the pure
** backend has no fused multiply-add, and C has it only as a library call
** (mingw-w64's rounds wrongly in places) or where the processor has it. */

/* Knuth's two-sum: the sum rounded, and in *e what rounding left out
** (s + e == a + b exactly, for finite a and b). */
static inline double imp_two_sum(double a, double b, double *e) {
  double s = a + b, bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

/* Most x86-64 processors of the last decade have fused multiply-add, but
** not all of them: with GCC, a file whose time goes into exact products is
** compiled a second time for them (segpoint_fma.c, which defines
** IMP_FMA_VARIANT before it includes this) and picks its copy at run
** time. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define IMP_FMA_DISPATCH 1
#if defined(IMP_FMA_VARIANT)
#pragma GCC target("fma")  /* for the rest of that copy */
#endif
#endif

/* a b - p exactly, where p is a b rounded: one fused multiply-add, or
** Dekker's product on Veltkamp's split, seventeen operations. Exact while
** nothing overflows or underflows, so the two agree. */
static inline double imp_product_error(double a, double b, double p) {
#if defined(IMP_FMA_VARIANT) && defined(IMP_FMA_DISPATCH)
  return __builtin_fma(a, b, -p);  /* the instruction, not libm's fma */
#else
  const double split = 134217729.0;  /* 2^27 + 1 */
  double t = split * a, ah = t - (t - a), al = a - ah;
  double u = split * b, bh = u - (u - b), bl = b - bh;
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
}

/* The sign (-1, 0 or 1) of the sum of v[i] for i < n, exactly while it
** does not overflow; and of the sum of a[i] b[i], exactly while every
** factor is imp_in_exact_range; n at most IMP_MAX_PRODUCTS (exact.c). */
#define IMP_MAX_PRODUCTS 8
int imp_sign_of_sum(const double *v, int n);
int imp_sign_of_products(const double *a, const double *b, int n);

/* Whether v is 0 or within 2^-450 and 2^450 in size: products of two such
** numbers neither overflow nor underflow, nor do their rounding errors. */
static inline int imp_in_exact_range(double v) {
  return v == 0 || (fabs(v) >= 0x1p-450 && fabs(v) <= 0x1p450);
}

#endif
