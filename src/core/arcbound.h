/*
** The arcs' filters in doubles (private to src/core, used by arc.c): each
** polynomial of a piece also as double-doubles with a bound on their
** error, so that most of the exact search's decisions are taken without
** wide integers, and the last halvings towards a contact are replaced by
** a root found in doubles and certified.
*/
#ifndef IMPACT_ARCBOUND_H
#define IMPACT_ARCBOUND_H

/* A double-double hi + lo within 2^-96 m of an exact value, m a bound on
** the size of the terms summed into it (how far it may cancel). */
typedef struct imp_dd {
  double hi, lo, m;
} imp_dd;

/* A polynomial of degree n at most: a[i] the coefficient of t^i. */
typedef struct imp_dd_poly {
  int n;
  imp_dd a[5];
} imp_dd_poly;

/* The answer of imp_dd_classify when doubles cannot decide. */
#define IMP_ARC_UNSURE 2

imp_dd imp_dd_exact(double v);
imp_dd imp_dd_add(imp_dd a, imp_dd b);
imp_dd imp_dd_sub(imp_dd a, imp_dd b);
imp_dd imp_dd_mul(imp_dd a, imp_dd b);

/* As arc.c's exact classify on [k, k + 1] 2^-d (-1 inside nowhere, 1 just
** after the start throughout, 0 neither), or IMP_ARC_UNSURE. */
int imp_dd_classify(const imp_dd_poly *p, double k, int d);

/* For a p certified increasing on [k, k + 1] 2^-d, the exact search's
** answer there when the piece's other polynomials are positive on it: the
** start of the first interval of 2^-depth whose Bernstein signs put the
** centre inside, within [k 2^-d, limit), or 2 for none; -1 when the
** doubles cannot certify it (or p is not certified increasing). */
double imp_dd_entry(const imp_dd_poly *p, double k, int d, int depth,
                    double limit);

#endif
