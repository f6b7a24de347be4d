/* segpoint.c again, for x86-64 processors with fused multiply-add: its
** exact products (two dozen in a contact) each take one instruction in
** place of Dekker's seventeen, a fifth of a hit's time. The dispatch, and
** why the results stay the same, are in scalar.h and segsolve.h. */
#define IMP_FMA_VARIANT
#include "scalar.h"

#ifdef IMP_FMA_DISPATCH
#include "segpoint.c"
#else
typedef int imp_no_fma_variant;  /* ISO C: no empty translation unit */
#endif
