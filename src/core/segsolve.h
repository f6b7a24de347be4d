/* The exact solver of sweep_segment_point (private to src/core):
** segsolve.c decides in double-double arithmetic, and segpoint.c puts a
** floating-point filter in front of it. */
#ifndef IMPACT_SEGSOLVE_H
#define IMPACT_SEGSOLVE_H

#include "impact.h"

/* Which of the solver's two roots a caller knows contact() would reject;
** both is a miss. */
enum { SKIP_FIRST = 1, SKIP_SECOND = 2, MISS = 3 };

static inline double imp_min4(double a, double b, double c, double d) {
  double x = a < b ? a : b, y = c < d ? c : d;
  return x < y ? x : y;
}

static inline double imp_max4(double a, double b, double c, double d) {
  double x = a > b ? a : b, y = c > d ? c : d;
  return x > y ? x : y;
}

/* Whether, on one axis, the point's path from c0 to c1 stays clear of the
** range that the segment sweeps: then they never meet. Exact, since it
** only compares the inputs. */
static inline int imp_segpoint_clear_axis(double a0, double a1, double b0,
                                          double b1, double c0, double c1) {
  return (c0 > c1 ? c1 : c0) > imp_max4(a0, a1, b0, b1) ||
         (c0 > c1 ? c0 : c1) < imp_min4(a0, a1, b0, b1);
}

/* Whether the point's path stays clear of the segment's on either axis. */
static inline int imp_segpoint_clear(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                                     imp_vec2 b1, imp_vec2 c0, imp_vec2 c1) {
  return imp_segpoint_clear_axis(a0.x, a1.x, b0.x, b1.x, c0.x, c1.x) ||
         imp_segpoint_clear_axis(a0.y, a1.y, b0.y, b1.y, c0.y, c1.y);
}

/* imp_sweep_segment_point's answer for a scene not clear, leaving
** uncomputed the roots that skip names: the same answer as with skip 0
** when contact() would indeed reject them. The solver alone would take a
** point that the clear test puts off the segment by less than its error
** bounds as touching it. */
int imp_segpoint_solve(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0, imp_vec2 b1,
                       imp_vec2 c0, imp_vec2 c1, int skip, double t[2],
                       double s[2]);

/* imp_sweep_segment_point as segpoint.c computes it, its exact products
** by Dekker's; where IMP_FMA_DISPATCH, also by fused multiply-adds, for
** processors that have them (segpoint_fma.c). The same results bit for
** bit: imp_sweep_segment_point takes the second where it can, and the
** property driver compares the two. */
int imp_sweep_segment_point_dekker(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                                   imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                                   double t[2], double s[2]);
int imp_sweep_segment_point_fma(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                                imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                                double t[2], double s[2]);

/* Two contacts, put in time order: 2. */
static inline int imp_segpoint_in_order(double t[2], double s[2]) {
  if (t[1] < t[0]) {
    double x = t[0];
    t[0] = t[1];
    t[1] = x;
    x = s[0];
    s[0] = s[1];
    s[1] = x;
  }
  return 2;
}

#endif
