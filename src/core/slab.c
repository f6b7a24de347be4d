/*
** The slab test's close calls (slab.h), decided exactly. A side's offset
** from the start is the sum N = c - s (h + pad) - p of four doubles, its
** time N / d, and each decision the sign of a sum of products: N - d for
** entering before the end, N for leaving after the start, and
** s_u N_u |d_v| - s_v N_v |d_u| for the order of two times (s the sign of
** the delta). imp_sign_of_products is exact while every input is in
** imp_in_exact_range; beyond it (NaN and infinities included) the rounded
** decision stands.
*/
#include "slab.h"

/* One axis: the terms of its near side's offset, and -d after them (for N
** - d, how far past the side the segment ends); of its far side's; its
** delta, and the sign that makes s d positive. */
typedef struct axis { double near[5], far[4], d, s; } axis;

static axis axis_of(double c, double h, double pad, double p, double d,
                    double s) {
  axis a;
  a.near[0] = a.far[0] = c;
  a.near[1] = -s * h;
  a.near[2] = -s * pad;
  a.far[1] = s * h;
  a.far[2] = s * pad;
  a.near[3] = a.far[3] = -p;
  a.near[4] = -d;
  a.d = d;
  a.s = s;
  return a;
}

static int in_range(const axis *a) {
  int i;
  for (i = 0; i < 5; i++)
    if (!imp_in_exact_range(a->near[i])) return 0;
  return imp_in_exact_range(a->far[1]) && imp_in_exact_range(a->far[2]);
}

/* s times the sign of the first n terms of v, summed. */
static int signed_sum(const axis *a, const double *v, int n) {
  return (int)a->s * imp_sign_of_sum(v, n);
}

/* Whether the segment starts strictly inside the slab (a zero delta), or
** enters it before its end and leaves it after its start. */
static int crosses(const axis *a) {
  int before_end = signed_sum(a, a->near, a->d == 0 ? 4 : 5) < 0;
  return before_end && signed_sum(a, a->far, 4) > 0;
}

/* The sign of time nu of axis u minus time nv of axis v, both deltas
** nonzero. */
static int compare_times(const axis *u, const double *nu, const axis *v,
                         const double *nv) {
  double terms[8], factors[8];
  int i;
  for (i = 0; i < 4; i++) {
    terms[i] = nu[i];
    factors[i] = u->s * fabs(v->d);
    terms[4 + i] = nv[i];
    factors[4 + i] = -v->s * fabs(u->d);
  }
  return imp_sign_of_products(terms, factors, 8);
}

int imp_slab_exact(const imp_aabb *box, double padx, double pady,
                   const imp_ray *r, double near_x, double near_y,
                   int rounded_hit, double *near, int *x_face) {
  axis x = axis_of(box->pos.x, box->half.x, padx, r->px, r->dx, r->sign_x);
  axis y = axis_of(box->pos.y, box->half.y, pady, r->py, r->dy, r->sign_y);
  if (!in_range(&x) || !in_range(&y)) return rounded_hit;
  if (!crosses(&x) || !crosses(&y)) return 0;
  if (r->aligned) {  /* that axis inside from -inf to inf */
    *x_face = y.d == 0 && x.d != 0;
    *near = x.d == 0 ? (y.d == 0 ? -INFINITY : near_y) : near_x;
    return 1;
  }
  /* Each axis entered no later than the other is left. */
  if (compare_times(&x, x.near, &y, y.far) > 0 ||
      compare_times(&y, y.near, &x, x.far) > 0)
    return 0;
  *x_face = compare_times(&x, x.near, &y, y.near) > 0;
  *near = *x_face ? near_x : near_y;
  return 1;
}
