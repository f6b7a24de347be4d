/*
** Two circles (private to src/core): the general shape tests' answers,
** bit for bit, without hulls (circles.c). imp_shape_intersects,
** imp_shape_overlap and imp_shape_manifold hand two circles here.
*/
#ifndef IMPACT_CIRCLES_H
#define IMPACT_CIRCLES_H

#include "impact.h"

/* The sign of |q - p|^2 - (rp + rq)^2 where doubles certify it exactly,
** else 2 (circles.c). */
int imp_disc_sign(imp_vec2 p, imp_vec2 q, double rp, double rq);

int imp_circles_intersect(const imp_circle *a, const imp_circle *b);
/* imp_shape_overlap's and imp_shape_manifold's answers, or -1 where the
** general tests must give them: centres apart by about 2^-990 or less, or
** by 2^1000 or more, or a manifold point not certainly in both discs. */
int imp_circles_overlap(const imp_circle *a, const imp_circle *b,
                        imp_hit *out);
int imp_circles_manifold(const imp_circle *a, const imp_circle *b,
                         imp_manifold *out);

#endif
