/*
** The penetration of two overlapping shapes (private to src/core): the
** direction in which b leaves a soonest and how far it must go, which the
** push-out (pushout.c) and the contact manifold (manifold.c) share.
*/
#ifndef IMPACT_PENETRATION_H
#define IMPACT_PENETRATION_H

#include "impact.h"

/* normal is unit, from a towards b, and depth how far b must move along it
** to touch a at most. The axis is a face normal of the hulls' Minkowski
** difference when the hulls meet: face (0 .. a->count - 1) of a, or face
** a->count + j of b (b's face j turned round), ties going to the earlier;
** it is the line from a's nearest point to b's (pa, pb, on the hulls) when
** the hulls are apart and only the radii overlap: face is then -1.
** contact says that pa is where b, pushed out, touches a's bare hull:
** always so where face is -1, and across a face on a disc's path. meet
** is whether the hulls overlap where the disc's path certifies it in
** doubles (1 or 0), else 2. */
typedef struct imp_penetration {
  imp_vec2 normal, pa, pb;
  double depth;
  int face, contact, meet;
} imp_penetration;

void imp_penetration_of(const imp_hull *ha, const imp_hull *hb,
                        imp_penetration *out);

/* Whether the shapes overlap, exactly (imp_shape_intersects); where they
** do, their hulls in ha and hb and the penetration in p. A circle against
** a polygon or a box takes its penetration before the exact test, which
** it mostly certifies. */
int imp_shapes_penetration(imp_shape akind, const void *a, imp_shape bkind,
                           const void *b, imp_hull *ha, imp_hull *hb,
                           imp_penetration *p);

/* Whether b placed at pos overlaps a no more: what a push-out's
** separation tests, with test its own data. */
typedef int (*imp_clear_test)(const void *test, imp_vec2 pos);

/* The push-out's delta into out->delta, along out->normal from b's
** position pos, and its separation: from depth, and a margin of the scene
** (size, the hulls' spans and radii, and the depth), out until clear()
** holds there and a rounding error short of there; out->pos is the
** contact. */
void imp_push_clear(imp_vec2 pos, double depth, double size,
                    imp_clear_test clear, const void *test, imp_hit *out);

/* Whether the kind is a rectangle: two of them keep obb.c's push-out. */
static inline int imp_is_rect(imp_shape kind) {
  return kind == IMP_SHAPE_AABB || kind == IMP_SHAPE_OBB;
}

/* How many faces the hull has: a point none, a segment its two sides. */
int imp_hull_face_count(const imp_hull *h);

/* The outward unit normal of face i of the hull, i < count (a segment's
** faces 0 and 1 are its two sides; a point has none). */
imp_vec2 imp_hull_face_normal(const imp_hull *h, int i);

/* The hull's width plus its height, its radius left out: its size. */
double imp_hull_span(const imp_hull *h);

/* The largest u . v over the hull's vertices. */
double imp_hull_support(const imp_hull *h, imp_vec2 u);

#endif
