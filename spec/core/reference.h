/*
** The references that the core must match bit for bit (spec/core/
** properties.c); only the tests use them. reference.c: the AABB kernels as
** first written, with a branch at every decision, for the branch-free ones
** of src/core/aabb.c.
*/
#ifndef IMPACT_REFERENCE_H
#define IMPACT_REFERENCE_H

#include "impact.h"

int ref_aabb_intersect_point(const imp_aabb *box, double x, double y,
                             imp_hit *out);
int ref_aabb_intersect_aabb(const imp_aabb *box, const imp_aabb *other,
                            imp_hit *out);
int ref_aabb_intersect_segment(const imp_aabb *box, double px, double py,
                               double dx, double dy, double padx, double pady,
                               imp_hit *out);
void ref_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                         double dx, double dy, imp_sweep *out);
ptrdiff_t ref_aabb_sweep_into(const imp_aabb *moving,
                              const imp_aabb *const *colliders, ptrdiff_t n,
                              double dx, double dy, imp_sweep *out);

#endif
