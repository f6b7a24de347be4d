/* Wide integers: sign and magnitude, little-endian 32-bit limbs. */
#include <string.h>

#include "wide.h"

static imp_wide zero(void) {
  imp_wide w;
  w.sign = 0;
  w.n = 0;
  return w;
}

static void trim(imp_wide *w) {
  while (w->n > 0 && w->limb[w->n - 1] == 0) w->n--;
  if (w->n == 0) w->sign = 0;
}

imp_wide imp_wide_of(double v) {
  imp_wide w = zero();
  int e, shift, bit, i;
  uint64_t m;
  double f;
  if (v == 0) return w;
  f = frexp(fabs(v), &e);              /* |v| = f 2^e, f in [0.5, 1) */
  m = (uint64_t)ldexp(f, 53);          /* exact: 53 bits */
  shift = e - 53 + 148;                /* |v| 2^148 = m 2^shift */
  w.sign = v < 0 ? -1 : 1;
  if (shift < 0) {                     /* below the unit: not an input */
    m >>= -shift < 64 ? -shift : 63;
    shift = 0;
  }
  w.n = shift / 32 + 3;
  for (i = 0; i < w.n; i++) w.limb[i] = 0;
  /* m 2^shift: m's 53 bits shifted by shift % 32 span three limbs. */
  bit = shift % 32;
  w.limb[shift / 32] = (uint32_t)(m << bit);
  w.limb[shift / 32 + 1] = (uint32_t)(m >> (32 - bit));
  w.limb[shift / 32 + 2] = bit ? (uint32_t)(m >> (64 - bit)) : 0;
  trim(&w);
  return w;
}

static int compare_magnitude(const imp_wide *a, const imp_wide *b) {
  int i;
  if (a->n != b->n) return a->n < b->n ? -1 : 1;
  for (i = a->n - 1; i >= 0; i--)
    if (a->limb[i] != b->limb[i]) return a->limb[i] < b->limb[i] ? -1 : 1;
  return 0;
}

/* |a| + |b| with the given sign. */
static imp_wide add_magnitudes(const imp_wide *a, const imp_wide *b,
                               int sign) {
  imp_wide r;
  uint64_t carry = 0;
  int i, n = a->n > b->n ? a->n : b->n;
  for (i = 0; i < n; i++) {
    uint64_t s = carry;
    if (i < a->n) s += a->limb[i];
    if (i < b->n) s += b->limb[i];
    r.limb[i] = (uint32_t)s;
    carry = s >> 32;
  }
  r.n = n;
  if (carry && n < IMP_WIDE_LIMBS) r.limb[r.n++] = (uint32_t)carry;
  r.sign = sign;
  trim(&r);
  return r;
}

/* |a| - |b| for |a| >= |b|, with the given sign. */
static imp_wide sub_magnitudes(const imp_wide *a, const imp_wide *b,
                               int sign) {
  imp_wide r;
  int64_t borrow = 0;
  int i;
  for (i = 0; i < a->n; i++) {
    int64_t d = (int64_t)a->limb[i] - borrow - (i < b->n ? b->limb[i] : 0);
    borrow = d < 0;
    r.limb[i] = (uint32_t)(d + (borrow ? (int64_t)1 << 32 : 0));
  }
  r.n = a->n;
  r.sign = sign;
  trim(&r);
  return r;
}

imp_wide imp_wide_add(imp_wide a, imp_wide b) {
  int c;
  if (a.sign == 0) return b;
  if (b.sign == 0) return a;
  if (a.sign == b.sign) return add_magnitudes(&a, &b, a.sign);
  c = compare_magnitude(&a, &b);
  if (c == 0) return zero();
  return c > 0 ? sub_magnitudes(&a, &b, a.sign) : sub_magnitudes(&b, &a, b.sign);
}

imp_wide imp_wide_sub(imp_wide a, imp_wide b) {
  b.sign = -b.sign;
  return imp_wide_add(a, b);
}

imp_wide imp_wide_mul(imp_wide a, imp_wide b) {
  imp_wide r;
  int i, j;
  if (a.sign == 0 || b.sign == 0) return zero();
  r.n = a.n + b.n;
  if (r.n > IMP_WIDE_LIMBS) r.n = IMP_WIDE_LIMBS;  /* beyond any input's */
  memset(r.limb, 0, sizeof r.limb);
  for (i = 0; i < a.n; i++) {
    uint64_t carry = 0;
    for (j = 0; j < b.n && i + j < IMP_WIDE_LIMBS; j++) {
      uint64_t t = (uint64_t)a.limb[i] * b.limb[j] + r.limb[i + j] + carry;
      r.limb[i + j] = (uint32_t)t;
      carry = t >> 32;
    }
    if (i + j < IMP_WIDE_LIMBS) r.limb[i + j] = (uint32_t)carry;
  }
  r.sign = a.sign * b.sign;
  trim(&r);
  return r;
}

int imp_wide_compare(imp_wide a, imp_wide b) {
  imp_wide d = imp_wide_sub(a, b);
  return d.sign;
}
