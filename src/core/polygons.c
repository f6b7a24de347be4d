/*
** Two polygons' overlap test in doubles on their world points, before any
** hull is built. Where both paths surely turn one way, round once, each
** is its own points' hull, and the exact test's own criterion (distance.c:
** the interiors meet when every side of each has a vertex of the other
** strictly on its inner side) can be read off orientation signs that
** doubles certify. What they cannot certify is left to the exact test.
*/
#include "hulls.h"
#include "predicates.h"

/* Whether every side of the path a, turning turn, has a vertex of b
** surely on its inner side: 1; 0 when a side has every vertex of b surely
** on its outer side (its line parts the two); else 2. The search for each
** side starts from the vertex that held the one before, as the exact
** test's does. */
static int sides_held(const imp_vec2 *a, int n, int turn, const imp_vec2 *b,
                      int m) {
  int i, k, j = 0, held = 1;
  for (i = 0; i < n; i++) {
    imp_vec2 p = a[i], q = a[i + 1 == n ? 0 : i + 1];
    int unsure = 0;
    for (k = 0; k < m; k++, j = j + 1 == m ? 0 : j + 1) {
      int o = imp_plain_orient(q.x - p.x, q.y - p.y, p, b[j]);
      if (o == turn) break;
      unsure |= o == 2;
    }
    if (k == m && !unsure) return 0;
    if (k == m) held = 2;
  }
  return held;
}

int imp_polygons_meet(const imp_vec2 *a, int n, const imp_vec2 *b, int m) {
  int ta, tb, ab, ba;
  /* Boxes apart or touching: a line along an axis parts the two closed
  ** hulls but for their boundaries (the gap's sign is exact). */
  if (n >= 3 && m >= 3 && imp_points_gap(a, n, b, m) >= 0) return 0;
  if (n < 3 || m < 3 || !(ta = imp_surely_convex(a, n)) ||
      !(tb = imp_surely_convex(b, m)))
    return 2;
  if ((ab = sides_held(a, n, ta, b, m)) == 0) return 0;
  if ((ba = sides_held(b, m, tb, a, n)) == 0) return 0;
  return ab == 1 && ba == 1 ? 1 : 2;
}
