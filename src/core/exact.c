/* Exact signs of sums and of sums of products, for the tests that decide
** their close calls exactly (aabb.c, clip.c, slab.c). */
#include "scalar.h"

/* Adds x to the expansion sum[0..len), by Shewchuk's expansion growth with
** zero elimination: the sum stays exact as parts that do not overlap, in
** increasing magnitude, so the last one has its sign. Returns the new
** length. */
static int grow(double *sum, int len, double x) {
  int k, m = 0;
  for (k = 0; k < len; k++) {
    double err;
    x = imp_two_sum(x, sum[k], &err);
    if (err != 0) sum[m++] = err;
  }
  if (x != 0) sum[m++] = x;
  return m;
}

static int sign_of(const double *sum, int len) {
  return len == 0 ? 0 : (sum[len - 1] < 0 ? -1 : 1);
}

int imp_sign_of_sum(const double *v, int n) {
  double sum[IMP_MAX_PRODUCTS];
  int i, len = 0;
  for (i = 0; i < n; i++) len = grow(sum, len, v[i]);
  return sign_of(sum, len);
}

/* Each product as its two exact parts, rounded and what rounding left
** out. */
int imp_sign_of_products(const double *a, const double *b, int n) {
  double sum[2 * IMP_MAX_PRODUCTS];
  int i, len = 0;
  for (i = 0; i < n; i++) {
    double product = a[i] * b[i];
    len = grow(sum, len, product);
    len = grow(sum, len, imp_product_error(a[i], b[i], product));
  }
  return sign_of(sum, len);
}
