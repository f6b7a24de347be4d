/*
** The grid's book of shapes (private to src/core; shapebook.c), by handle:
** the grid keeps each shape item's handle in the item (imp_grid_item).
*/
#ifndef IMPACT_SHAPEBOOK_H
#define IMPACT_SHAPEBOOK_H

#include "impact.h"

void imp_shapebook_init(imp_shapebook *b, imp_alloc alloc, void *ud);
void imp_shapebook_free(imp_shapebook *b);
/* Keeps a copy of the shape in a new slot and sets *handle (below
** 2^32 - 8): 0 when out of memory. */
int imp_shapebook_add(imp_shapebook *b, imp_shape kind, const void *shape,
                      uint32_t *handle);
/* Whether the shape fits handle's slot: of its kind, a polygon of as many
** vertices. imp_shapebook_write then puts it there. */
int imp_shapebook_fits(uint32_t handle, imp_shape kind, const void *shape);
void imp_shapebook_write(imp_shapebook *b, uint32_t handle,
                         const void *shape);
void imp_shapebook_release(imp_shapebook *b, uint32_t handle);
/* A copy of handle's shape in *out, a polygon's unused vertices 0. */
void imp_shapebook_copy(const imp_shapebook *b, uint32_t handle,
                        imp_item_shape *out);

#endif
