/* segpoint.c again, for x86-64 processors with fused multiply-add: the
** ten exact products of a contact each take one instruction in place of
** Dekker's seventeen, about 15% of the contact's time. The dispatch is in
** scalar.h and segpoint.c. The products agree bit for bit, but for those
** that underflow (products below about 2^-969), which both copies compute
** within the error bounds that segpoint.c's filter allows: then both give
** the exact solver's answer, or leave the scene to it. */
#define IMP_FMA_VARIANT
#include "scalar.h"

#ifdef IMP_FMA_DISPATCH
#include "segpoint.c"
#else
typedef int imp_no_fma_variant;  /* ISO C: no empty translation unit */
#endif
