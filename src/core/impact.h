/*
** impact: 2D collision tests in plain C99.
**
** Every function reads its inputs and writes results into caller-owned
** structs; nothing allocates. A function that reports a hit returns nonzero
** and fills *out; on a miss it returns 0 and leaves *out untouched.
** The core is NaN-safe: every rejection is written so that a NaN compares
** as a miss. Numbers are doubles and no axis direction is assumed.
*/
#ifndef IMPACT_H
#define IMPACT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IMP_EPSILON 1e-8  /* how far sweeps stop short of contact, in time */

/* A push-out's depth grows from the exact one by at most this many
** doubling steps until the shapes are apart by the tests' own rounding
** (a few suffice for finite input; the bound stops overflowed ones). */
#define IMP_SEPARATE_STEPS 64

typedef struct imp_vec2 { double x, y; } imp_vec2;

/* The length of v, without overflow or underflow on the way. */
double imp_vec2_length(imp_vec2 v);

/* Scales v to unit length in place and returns its old length; the zero
** vector (and one that is not finite) becomes (1, 0). */
double imp_vec2_normalize(imp_vec2 *v);

/* Axis-aligned box: centre and half extents (half >= 0). */
typedef struct imp_aabb { imp_vec2 pos, half; } imp_aabb;

/* Where a test found contact: the contact point, the movement that undoes
** the overlap (or the rest of the segment pushed back), the unit normal of
** the face that was hit (pointing out of the collider), and the fraction of
** the movement travelled before contact. */
typedef struct imp_hit {
  imp_vec2 pos, delta, normal;
  double time;
} imp_hit;

/* A box moved through a scene: where it stopped, how far along its
** movement that is, and what stopped it (hit is valid when has_hit).
** angle is the moving shape's angle at the stop: imp_shape_turn_sweep
** and its kin fill it; the straight sweeps leave it as it was (the
** moving shape's own angle is imp_shape_angle). */
typedef struct imp_sweep {
  imp_hit hit;
  imp_vec2 pos;
  double time;
  int has_hit;
  double angle;
} imp_sweep;

/* Point inside the box (faces excluded): push-out along the least overlap.
** Push-outs separate: the point or box moved by out->delta (added in
** doubles) is outside, touching at most, by every test here, and a sweep
** from there along the face or away from it is not stopped by this box. */
int imp_aabb_intersect_point(const imp_aabb *box, double x, double y,
                             imp_hit *out);

/* Segment from (px, py) along (dx, dy), against the box grown by the
** padding on each axis: slab test; out->time is the fraction of the delta
** travelled at first contact (0 when starting inside). */
int imp_aabb_intersect_segment(const imp_aabb *box, double px, double py,
                               double dx, double dy,
                               double padx, double pady, imp_hit *out);

/* Static overlap of two boxes (touching is no overlap): push-out for other. */
int imp_aabb_intersect_aabb(const imp_aabb *box, const imp_aabb *other,
                            imp_hit *out);

/* Moving box travels (dx, dy) towards the static box; always fills *out.
** The stop time is backed off by IMP_EPSILON so the box ends short of
** contact; a zero delta falls back to the static overlap test. */
void imp_aabb_sweep_aabb(const imp_aabb *box, const imp_aabb *moving,
                         double dx, double dy, imp_sweep *out);

/* An unobstructed sweep: the moving box travels the whole delta. */
void imp_sweep_clear(imp_sweep *s, const imp_aabb *moving,
                     double dx, double dy);

/* Sweeps moving against collider and replaces *nearest when it stops the
** box strictly earlier (so ties keep the earlier candidate). A collider that
** is the moving box itself is skipped. Returns nonzero when replaced. */
int imp_aabb_sweep_nearer(const imp_aabb *collider, const imp_aabb *moving,
                          double dx, double dy, imp_sweep *nearest);

/* The nearest stop among n colliders (ties: the first listed). Returns the
** index of the collider that stopped the box, or -1 when nothing did. */
ptrdiff_t imp_aabb_sweep_into(const imp_aabb *moving,
                              const imp_aabb *const *colliders, ptrdiff_t n,
                              double dx, double dy, imp_sweep *out);

/* Moving segment against moving point: the segment's ends move linearly
** from a0 to a1 and from b0 to b1 while the point moves from c0 to c1, all
** over time [0, 1]. Fills t (ascending) with the times at which the point
** lies on the closed segment and s with where, from 0 at the a end to 1 at
** the b end (0 when the segment is a point), and returns how many: 0, 1 or
** 2. The times at which the point is on the segment form at most two parts
** (touches or intervals): the start of each is returned, earliest first. */
int imp_sweep_segment_point(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                            imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                            double t[2], double s[2]);

/* The same with the point a disc of radius >= 0: the first time t in
** [0, 1] at which the disc touches the closed segment (0 when it does at
** time 0), and s, where the segment's point nearest the centre is then.
** Returns 1, or 0 on a miss (and for a NaN or negative radius). Times are
** found to within 2^-50, and a disc that comes within about 2^-46 of the
** scene's size of touching touches (thickseg.c). Radius 0 gives the first
** contact of imp_sweep_segment_point. */
int imp_sweep_thick_segment_point(imp_vec2 a0, imp_vec2 a1, imp_vec2 b0,
                                  imp_vec2 b1, imp_vec2 c0, imp_vec2 c1,
                                  double radius, double *t, double *s);

/* Segment clipping (Liang–Barsky) against the closed box: its boundary
** belongs to it. The kind follows from the endpoints. */
typedef enum imp_clip_kind {
  IMP_CLIP_OUTSIDE,   /* no point of the segment is in the box */
  IMP_CLIP_INSIDE,    /* both endpoints are in the box */
  IMP_CLIP_ENTER,     /* starts outside, ends inside */
  IMP_CLIP_EXIT,      /* starts inside, ends outside */
  IMP_CLIP_TRAVERSE   /* both endpoints outside, some point inside */
} imp_clip_kind;

/* The points p + t d with t in [t0, t1] are the part in the box. t0 == 0
** exactly when the start is in the box and t1 == 1 exactly when the end is;
** a segment that only touches the box has t0 == t1. Outside gives the empty
** t0 = 1 > t1 = 0. */
typedef struct imp_clip {
  imp_clip_kind kind;
  double t0, t1;
} imp_clip;

/* Clips the segment from (px, py) along (dx, dy) to the box; fills *out and
** returns the kind. A zero delta is inside with [0, 1] or outside; a NaN
** anywhere is outside. */
imp_clip_kind imp_aabb_clip_segment(const imp_aabb *box, double px, double py,
                                    double dx, double dy, imp_clip *out);

/*
** Rotated rectangles (OBB). Corners are pos + R(angle) (+-half.x, +-half.y)
** with R(a) = [cos a, -sin a; sin a, cos a]. The cosine and sine are cached
** in c and s: set the angle with imp_obb_set_angle, and no test computes
** them again. Overlap tests are strict (touching is no overlap), as for
** boxes; a rectangle whose cached sine is 0 is axis-aligned, and its tests
** are the AABB tests themselves, so angle 0 gives the AABB results exactly.
*/
typedef struct imp_obb {
  imp_vec2 pos, half;  /* centre and half extents (half >= 0) */
  double angle;        /* radians, counter-clockwise for a y-up world */
  double c, s;         /* cos(angle) and sin(angle) */
} imp_obb;

void imp_obb_set_angle(imp_obb *box, double angle);

/* A shape's kind, for the functions that take any: the rectangle
** functions below take the first two, the shape functions (after the
** World's rectangles) all five. */
typedef enum imp_shape {
  IMP_SHAPE_AABB, IMP_SHAPE_OBB, IMP_SHAPE_CIRCLE, IMP_SHAPE_CAPSULE,
  IMP_SHAPE_POLYGON
} imp_shape;

/* Copies the rectangle into *out as an OBB (an AABB is one at angle 0). */
void imp_shape_obb(imp_shape kind, const void *shape, imp_obb *out);

/* The smallest box holding the rectangle, and its corners: (-, -), (+, -),
** (+, +), (-, +) in the rectangle's frame, counter-clockwise for y up. */
void imp_obb_bounds(const imp_obb *box, imp_aabb *out);
void imp_obb_corners(const imp_obb *box, imp_vec2 out[4]);

/* Whether the two overlap (separating axes: box's two, then other's). */
int imp_obb_intersect_obb(const imp_obb *box, const imp_obb *other);

/* The same test, with the minimum translation that separates them: the
** push-out for other along the axis of least overlap (ties pick box's y
** axis, then box's axes over other's); out->pos lies on box's boundary
** across from other's centre. The push-out separates strictly (a face of
** a turned rectangle is slid along with a rounding error across it), and
** is the exact negation of imp_obb_overlap(other, box) on the same axis. */
int imp_obb_overlap(const imp_obb *box, const imp_obb *other, imp_hit *out);

/* Point strictly inside: push-out along the face of least overlap, which
** leaves the point strictly outside. */
int imp_obb_intersect_point(const imp_obb *box, double x, double y,
                            imp_hit *out);

/* Segment from (px, py) along (dx, dy): the AABB slab test in the
** rectangle's frame, with the results in world coordinates. */
int imp_obb_intersect_segment(const imp_obb *box, double px, double py,
                              double dx, double dy, imp_hit *out);

/* Clipping to the closed rectangle, as imp_aabb_clip_segment in its frame. */
imp_clip_kind imp_obb_clip_segment(const imp_obb *box, double px, double py,
                                   double dx, double dy, imp_clip *out);

/* Moving rectangle (not rotating) travels (dx, dy) towards the static one:
** the swept separating-axis test, with the stop and the fields of
** imp_aabb_sweep_aabb (a zero delta falls back to imp_obb_overlap). */
void imp_obb_sweep_obb(const imp_obb *box, const imp_obb *moving,
                       double dx, double dy, imp_sweep *out);

/* imp_sweep_clear and imp_aabb_sweep_nearer for rectangles of either
** kind: where a sweep into many colliders starts, and each one's step. */
void imp_sweep_clear_shape(imp_sweep *s, imp_shape mkind, const void *moving,
                           double dx, double dy);
int imp_sweep_nearer(imp_shape ckind, const void *collider, imp_shape mkind,
                     const void *moving, double dx, double dy,
                     imp_sweep *nearest);

/*
** Circles, capsules and polygons, and every shape against every other.
**
** Each shape is, in the world, the closed set of points within its radius
** of the convex hull of its world vertices (imp_hull). A polygon's and a
** capsule's world vertices are X = x + (c vx - s vy), Y = y + (s vx + c vy)
** from their own frame, each operation rounded; an OBB's are its corners
** (imp_obb_corners), or its AABB's when its cached sine is 0; an AABB's are
** pos -+ half exactly (two doubles each where the sum rounds); a circle's
** is its centre. Every decision (overlap or not, hit or miss, clip kind)
** is exact on those vertices and the exact sum of the radii, while every
** coordinate and radius is 0 or within 2^-96 and 2^96 in size
** (imp_exact_input); beyond, it is made in rounded doubles.
*/
#define IMP_MAX_VERTICES 16

typedef struct imp_circle { imp_vec2 pos; double radius; } imp_circle;

/* The segment a-b of its own frame grown by radius, placed at pos turned
** by angle (c and s cached as for OBB: imp_capsule_set_angle). */
typedef struct imp_capsule {
  imp_vec2 pos;
  double angle, c, s;
  imp_vec2 a, b;
  double radius;
} imp_capsule;

/* A strictly convex polygon of 3 to IMP_MAX_VERTICES vertices in its own
** frame, in the order given (either winding), placed at pos turned by
** angle (imp_polygon_set_angle). */
typedef struct imp_polygon {
  imp_vec2 pos;
  double angle, c, s;
  int count;
  imp_vec2 v[IMP_MAX_VERTICES];
} imp_polygon;

void imp_capsule_set_angle(imp_capsule *cap, double angle);
void imp_polygon_set_angle(imp_polygon *poly, double angle);

/* Why a polygon's own vertices are refused, or IMP_POLYGON_OK. The
** decision is exact: three vertices on a line (a repeated one included)
** and a reflex corner are refused whatever their winding. */
typedef enum imp_polygon_check {
  IMP_POLYGON_OK, IMP_POLYGON_TOO_FEW, IMP_POLYGON_TOO_MANY,
  IMP_POLYGON_REPEATED, IMP_POLYGON_COLLINEAR, IMP_POLYGON_REFLEX
} imp_polygon_check;
imp_polygon_check imp_polygon_check_vertices(const imp_vec2 *v, int count);
/* The same, and in *where the vertex (from 1) where the problem was found
** (0 for OK, too few or too many): the later of two equal ones, the
** middle of three on a line, the first corner turning against the lowest
** one (no corner can turn reflex there), or, for a boundary that turns
** one way but winds round twice or more, the corner where its second
** round begins (refused as reflex). */
imp_polygon_check imp_polygon_check_at(const imp_vec2 *v, int count,
                                       int *where);

/* The convex hull of n points (any order, repeats allowed) into out,
** counter-clockwise for y up (anticlockwise in the x-right y-up sense:
** positive signed area), starting from the lowest-then-leftmost point,
** with no three on a line; returns how many: 1 (all equal), 2 (all on a
** line: its two ends) or more. out has room for n. Exact. */
int imp_convex_hull(const imp_vec2 *points, int n, imp_vec2 *out);

/* A shape in the world: its world vertices' convex hull, exact, and its
** radius. v + lo is each vertex exactly (lo is 0 but for an AABB corner
** whose sum rounds: then rounded says so). count 1 is a point, 2 a
** segment; 3 and more a polygon, counter-clockwise for y up, no three on
** a line. */
typedef struct imp_hull {
  int count, rounded;
  imp_vec2 v[IMP_MAX_VERTICES], lo[IMP_MAX_VERTICES];
  double radius;
} imp_hull;

void imp_shape_hull(imp_shape kind, const void *shape, imp_hull *out);

/* The smallest AABB that holds the shape exactly (its half sizes rounded
** up where needed, as imp_obb_bounds does). */
void imp_shape_bounds(imp_shape kind, const void *shape, imp_aabb *out);

/* The shape's position, and a copy of it moved to pos (everything else
** kept), so that push-outs and sweeps can place a shape where they test
** it. *out is a buffer the size of the largest shape. */
typedef union imp_any_shape {
  imp_aabb aabb;
  imp_obb obb;
  imp_circle circle;
  imp_capsule capsule;
  imp_polygon polygon;
} imp_any_shape;
imp_vec2 imp_shape_pos(imp_shape kind, const void *shape);
/* The size of the kind's struct (a polygon's in full). */
size_t imp_shape_size(imp_shape kind);
void imp_shape_moved(imp_shape kind, const void *shape, imp_vec2 pos,
                     imp_any_shape *out);

/* Strict overlap: with a positive sum of radii, the hulls are closer than
** it; with both radii 0, the origin is strictly inside the Minkowski
** difference of the hulls. Touching is no overlap. */
int imp_shape_intersects(imp_shape akind, const void *a, imp_shape bkind,
                         const void *b);

/* The distance between the closed shapes, and in *pa, *pb a closest pair
** of points (on a's boundary and b's). Touching or overlapping (decided
** exactly) gives 0 and leaves *pa, *pb untouched; otherwise the result is
** positive. */
double imp_shape_distance(imp_shape akind, const void *a, imp_shape bkind,
                          const void *b, imp_vec2 *pa, imp_vec2 *pb);

/* Push-out (minimum translation) for b when the two overlap: delta moves b
** out; normal is unit, from a towards b; pos lies on a's boundary. b moved
** by delta (added in doubles) overlaps a no more by imp_shape_intersects,
** and a sweep from there away or along is not stopped by a (it is left a
** rounding error apart). The axis is the face of the hulls' Minkowski
** difference needing the least push (a's faces, then b's, each in vertex
** order, the first of equals), or the line of the hulls' nearest points
** where only the radii overlap. Two rectangles give imp_obb_overlap's. */
int imp_shape_overlap(imp_shape akind, const void *a, imp_shape bkind,
                      const void *b, imp_hit *out);

/* Contact points for an impulse solver where the two overlap: normal
** (unit, from a towards b), 1 or 2 points in the closed overlap region,
** each with its depth (the penetration along the normal). The normal is
** imp_shape_overlap's; each point lies midway between the two surfaces
** along it, and the deepest is, within rounding, as deep as the push-out
** is long. */
typedef struct imp_manifold {
  imp_vec2 normal;
  int count;
  imp_vec2 point[2];
  double depth[2];
} imp_manifold;
int imp_shape_manifold(imp_shape akind, const void *a, imp_shape bkind,
                       const void *b, imp_manifold *out);

/* A point strictly inside: push-out for it, as imp_shape_overlap with a
** point for b. */
int imp_shape_intersect_point(imp_shape kind, const void *shape, double x,
                              double y, imp_hit *out);

/* Segment from (px, py) along (dx, dy), first contact, with the AABB
** test's conventions: time in [0, 1] (0 when it starts inside), delta the
** rest pushed back, normal out of the shape; a segment that only touches
** along a flat face, ends exactly at contact or leaves at time 0 misses;
** one that grazes a corner or a round side at one point hits. */
int imp_shape_intersect_segment(imp_shape kind, const void *shape, double px,
                                double py, double dx, double dy,
                                imp_hit *out);

/* A point, or a disc of radius >= 0 centred on it, along p0 + v t +
** g t^2 / 2 for t in [0, 1]: its first contact, hit or miss decided exactly
** where the interiors meet (touching is no hit), time within 2^-52 after
** it, pos the centre then, normal out of the shape, delta from the path's
** end back to pos. g 0 is imp_shape_intersect_segment (radius 0) or
** imp_shape_sweep of the disc with the contact's own time. */
int imp_shape_intersect_arc(imp_shape kind, const void *shape, double x0,
                            double y0, double vx, double vy, double gx,
                            double gy, double radius, imp_hit *out);

/* Clipping to the closed shape, with imp_aabb_clip_segment's kinds. */
imp_clip_kind imp_shape_clip_segment(imp_shape kind, const void *shape,
                                     double px, double py, double dx,
                                     double dy, imp_clip *out);

/* moving translates by (dx, dy) towards the static shape: first contact
** decided exactly, the stop IMP_EPSILON of the time short of it, and at
** out->pos the two do not overlap by imp_shape_intersects; starting in
** overlap stops at time 0; starting in touch and moving away or along is
** no hit. A zero delta falls back to imp_shape_overlap. Two rectangles
** give imp_obb_sweep_obb's (or imp_aabb_sweep_aabb's) results exactly. */
void imp_shape_sweep(imp_shape kind, const void *shape, imp_shape mkind,
                     const void *moving, double dx, double dy,
                     imp_sweep *out);

/* The angle of a shape: 0 for an AABB and a circle. */
double imp_shape_angle(imp_shape kind, const void *shape);
/* Turns an OBB, capsule or polygon to angle; an AABB or a circle stays. */
void imp_shape_set_angle(imp_shape kind, void *shape, double angle);

/* moving translates by (dx, dy) and turns by dangle about its pos, both
** linearly in time, towards the static shape (an AABB turns as the OBB it
** is; a circle's turn changes nothing). Conservative advancement: at the
** stop the two do not overlap by imp_shape_intersects, nor at any earlier
** pose of the motion, and first contact comes before moving travels a
** further 2^-21 of the scene (the farthest point of moving from its pos
** plus the path of that point). A pose it cannot separate is contact.
** Starting in overlap stops at time 0 with imp_shape_overlap's normal and
** pos; otherwise normal and pos come from the nearest points at the stop,
** pos on the static shape, and hit.time is when contact has come by. With
** dangle 0 (or a circle) it is imp_shape_sweep; out->angle is the angle
** reached. */
void imp_shape_turn_sweep(imp_shape kind, const void *shape,
                          imp_shape mkind, const void *moving, double dx,
                          double dy, double dangle, imp_sweep *out);
/* imp_sweep_clear_shape and imp_sweep_nearer for a turning shape. */
void imp_turn_sweep_clear(imp_sweep *s, imp_shape mkind, const void *moving,
                          double dx, double dy, double dangle);
int imp_turn_sweep_nearer(imp_shape ckind, const void *collider,
                          imp_shape mkind, const void *moving, double dx,
                          double dy, double dangle, imp_sweep *nearest);

/*
** Rectangles by left, top, width and height, with the rules of bump.lua
** 3.1.7 (the World's, so that it answers exactly as bump does): touching is
** no collision, and a point is inside only when deeper than IMP_RECT_DELTA.
*/
#define IMP_RECT_DELTA 1e-10

typedef struct imp_rect { double x, y, w, h; } imp_rect;

int imp_rect_contains_point(const imp_rect *r, double px, double py);
int imp_rect_intersects(const imp_rect *a, const imp_rect *b);
/* The squared distance between the centres. */
double imp_rect_square_distance(const imp_rect *a, const imp_rect *b);
/* The Minkowski difference b minus a: where a's corner meets b. */
imp_rect imp_rect_diff(const imp_rect *a, const imp_rect *b);

/* The box that r sweeps moving by (dx, dy). */
imp_rect imp_rect_swept(const imp_rect *r, double dx, double dy);

/* Whether a and b are apart by more than rounding in the tests below could
** close: then no test finds them touching, let alone colliding, and a
** movement whose swept box is apart from a rectangle does not hit it (a
** cheap rejection before imp_rect_detect; one branch, on the answer, since
** which side a neighbour lies on varies). */
static inline int imp_rect_apart(const imp_rect *a, const imp_rect *b) {
  double tx = 1e-9 * ((a->x < 0 ? -a->x : a->x) + a->w +
                      (b->x < 0 ? -b->x : b->x) + b->w);
  double ty = 1e-9 * ((a->y < 0 ? -a->y : a->y) + a->h +
                      (b->y < 0 ? -b->y : b->y) + b->h);
  return (b->x - (a->x + a->w) > tx) | (a->x - (b->x + b->w) > tx) |
         (b->y - (a->y + a->h) > ty) | (a->y - (b->y + b->h) > ty);
}

/* Where the segment (x1, y1)-(x2, y2) crosses the rectangle, as parameters
** ti1 <= ti2 kept within the given [ti1, ti2], with the normals of the sides
** it enters (n1) and leaves (n2) by; (0, 0) when the range, not a side,
** bounds it. Liang-Barsky on the open rectangle: returns 0 on a miss. */
typedef struct imp_rect_span {
  double ti1, ti2;
  imp_vec2 n1, n2;
} imp_rect_span;
int imp_rect_segment(const imp_rect *r, double x1, double y1, double x2,
                     double y2, double ti1, double ti2, imp_rect_span *out);
/* bump's querySegment test: whether the segment crosses r with an end of
** its part inside strictly within the segment; then where it enters and
** leaves (ti1, ti2 within [0, 1]) and, for the order along it, the first
** parameter at which the infinite line meets r. */
int imp_rect_crossed(const imp_rect *r, double x1, double y1, double x2,
                     double y2, double *ti1, double *ti2, double *weight);

/* item moving to (goalx, goaly) against the static other. Overlapping at
** the start gives overlaps and ti = minus the area of their intersection;
** otherwise ti in [0, 1) is when they first meet. touch is where item is
** then, normal the side of other it meets, move the goal minus the start. */
typedef struct imp_rect_collision {
  int overlaps;
  double ti;
  imp_vec2 move, normal, touch;
} imp_rect_collision;
int imp_rect_detect(const imp_rect *item, const imp_rect *other, double goalx,
                    double goaly, imp_rect_collision *out);

/* bump's responses: where the item heads after the collision c on its way
** to goal, sliding along the side it touched or bouncing off it. */
imp_vec2 imp_rect_slide(const imp_rect_collision *c, imp_vec2 goal);
imp_vec2 imp_rect_bounce(const imp_rect_collision *c, imp_vec2 goal);

/* The corner of r nearest to (px, py), one axis at a time. */
imp_vec2 imp_rect_nearest_corner(const imp_rect *r, double px, double py);

/*
** A uniform grid of square cells (the world's broad phase): items by
** integer id, each a bump rectangle (left, top, width, height) or a shape
** by its bounds, and the ids near a rectangle or a segment. Queries find
** a superset of the items that touch the region (callers make the exact
** test) and allocate nothing. Functions that may allocate return 0 when
** out of memory, leaving the grid as it was; removing never needs memory.
*/
/* An allocator with lua_Alloc's contract: frees ptr (of osize bytes) when
** nsize is 0, else resizes it (NULL: a new block), returning NULL when it
** cannot (the old block is then kept). */
typedef void *(*imp_alloc)(void *ud, void *ptr, size_t osize, size_t nsize);

/* A shape item's shape, as readers get it: a copy, in full. */
typedef struct imp_item_shape {
  imp_shape kind;
  imp_any_shape shape;
} imp_item_shape;

/* Shapes kept by 32-bit handle (shapebook.c), each in the room its kind
** needs: a pool of records of one size per kind, and per vertex count for
** polygons, which keep their own vertices only. A free slot holds the next
** free one; slots stay where they are, so a handle stays good until
** released. A pool holds fewer than 2^27 shapes. */
typedef struct imp_shapepool {
  unsigned char *records;
  uint32_t used, cap;  /* slots handed out (free ones among them), room */
  uint32_t freeslot;   /* the first free slot below used, + 1; 0: none */
} imp_shapepool;

/* AABB, OBB, circle, capsule, and a polygon pool per vertex count. */
#define IMP_SHAPEPOOLS (4 + IMP_MAX_VERTICES - 2)

typedef struct imp_shapebook {
  imp_shapepool pools[IMP_SHAPEPOOLS];
  imp_alloc alloc;
  void *ud;
} imp_shapebook;

/* What a grid item is (imp_grid_item.shape): a free id, a bump rectangle,
** a circle, or, from IMP_ITEM_BOOKED on, another shape, whose handle in
** the grid's book is the value minus IMP_ITEM_BOOKED. */
enum { IMP_ITEM_FREE, IMP_ITEM_RECT, IMP_ITEM_CIRCLE, IMP_ITEM_BOOKED };

/* An item's cells are not stored: its rectangle gives them again. A bump
** rectangle keeps its rectangle in at; a circle, the commonest shape,
** keeps itself there and its bounds are worked out when asked for, so that
** it takes no more room than a rectangle; another shape keeps its bounds
** there, itself in the book. A free id's at holds the next free id (the
** free list needs no memory of its own). */
typedef struct imp_grid_item {
  union {
    imp_rect rect;
    imp_circle circle;
  } at;
  unsigned mark;   /* == stamp when already in found */
  uint32_t shape;  /* IMP_ITEM_FREE, _RECT, _CIRCLE, or _BOOKED + handle */
} imp_grid_item;

/* Ids in cells are 32-bit, which halves the cells' memory: a grid holds
** fewer than 2^32 items (adding more fails as out of memory). */
typedef struct imp_grid_cell {
  long long cx, cy;      /* which cell: x from cx * cell to (cx + 1) * cell */
  uint32_t *ids;         /* the ids of the items in it */
  size_t n, cap;
} imp_grid_cell;

typedef struct imp_grid {
  double cell;                        /* cell size, > 0 */
  double inverse;                     /* 1 / cell when exact, else 0 */
  imp_grid_item *items;               /* by id */
  size_t nitems, capitems, count;     /* ids used, room, items alive */
  size_t freeid;                      /* the first id to reuse, + 1; 0: none */
  struct imp_grid_cell *cells;        /* cells used since the last compact */
  size_t ncells, capcells, nonempty;
  const struct imp_grid_cell **scan;  /* room for a query's cells, sorted */
  size_t capscan;
  size_t *table, tablecap;            /* hash of cells: index + 1, 0 empty */
  uint32_t *big;                      /* items kept outside the cells */
  size_t nbig, capbig;
  unsigned stamp;
  imp_shapebook book;                 /* the shapes other than circles */
  size_t nshapes;                     /* shape items alive */
  imp_alloc alloc;                    /* where its memory comes from */
  void *ud;
} imp_grid;

/* NULL when out of memory or cell_size is not a positive finite number.
** imp_grid_new takes its memory from malloc, imp_grid_new_alloc from
** alloc. */
imp_grid *imp_grid_new(double cell_size);
imp_grid *imp_grid_new_alloc(double cell_size, imp_alloc alloc, void *ud);
void imp_grid_free(imp_grid *g);
/* Adds a bump rectangle (finite, w and h > 0), or a copy of a shape kept
** by its bounds (imp_shape_rect), and sets *id. */
int imp_grid_add(imp_grid *g, const imp_rect *r, size_t *id);
int imp_grid_add_shape(imp_grid *g, imp_shape kind, const void *shape,
                       size_t *id);
int imp_grid_remove(imp_grid *g, size_t id);
/* Makes item id (alive) the rectangle r, or a copy of the shape. Changing
** a shape into one of its kind (a polygon of as many vertices) needs no
** memory but where its bounds reach new cells. */
int imp_grid_update(imp_grid *g, size_t id, const imp_rect *r);
int imp_grid_update_shape(imp_grid *g, size_t id, imp_shape kind,
                          const void *shape);
int imp_grid_alive(const imp_grid *g, size_t id);
/* Whether item id (alive) is a shape; imp_grid_shape: then a copy of it in
** *out (a polygon's unused vertices 0). */
static inline int imp_grid_has_shape(const imp_grid *g, size_t id) {
  return g->items[id].shape >= IMP_ITEM_CIRCLE;
}
int imp_grid_shape(const imp_grid *g, size_t id, imp_item_shape *out);
/* A circle's bounds as left, top, width and height: imp_shape_rect's. */
static inline imp_rect imp_circle_rect(const imp_circle *c) {
  double r = c->radius + 0.0;  /* as imp_shape_bounds: -0 is 0 */
  imp_rect out;
  out.x = c->pos.x - r;
  out.y = c->pos.y - r;
  out.w = r + r;
  out.h = r + r;
  return out;
}
/* Item id's rectangle: a bump rectangle's own, a shape's bounds. */
static inline imp_rect imp_grid_rect(const imp_grid *g, size_t id) {
  const imp_grid_item *it = &g->items[id];
  return it->shape == IMP_ITEM_CIRCLE ? imp_circle_rect(&it->at.circle)
                                      : it->at.rect;
}
/* Forgets the cells that no item occupies any more (frees their memory).
** Adding cells does this by itself once most stored cells are empty. */
void imp_grid_compact(imp_grid *g);
/* The ids of the items in the cells that the rectangle or the segment
** meets, into ids (room for cap); returns how many there are, which may be
** more than cap: then only cap are stored, and a call with room for all
** stores them all. */
size_t imp_grid_query_rect(imp_grid *g, double x, double y, double w,
                           double h, size_t *ids, size_t cap);
size_t imp_grid_query_segment(imp_grid *g, double x1, double y1, double x2,
                              double y2, size_t *ids, size_t cap);

/* One collision of imp_grid_slide: the other item's id, the collision, the
** rectangles (the moving one where that step began) and where the item
** slides on to. */
typedef struct imp_grid_collision {
  size_t id;
  imp_rect_collision c;
  imp_rect item, other;
  imp_vec2 slide;
} imp_grid_collision;
/* bump's check of item id (alive) moving to *goal when every collision
** slides: fills out with the collisions in order and *goal with where the
** item ends, and returns how many; or returns -1, having changed nothing,
** when there are more than cap collisions or too many items near a step.
** The grid itself is not changed: the caller moves the item. With shapes
** about, see imp_grid_project_shapes below. */
int imp_grid_slide(imp_grid *g, size_t id, imp_vec2 *goal,
                   imp_grid_collision *out, size_t cap);
/* bump's project of the rectangle from moving to goal when every collision
** slides, skipping item skip ((size_t)-1: none): fills out with the
** collisions in order (slide is the goal: a projection resolves nothing)
** and returns how many; or returns -1 when there are more than cap
** collisions or too many items near the movement. */
int imp_grid_project(imp_grid *g, size_t skip, const imp_rect *from,
                     imp_vec2 goal, imp_grid_collision *out, size_t cap);

/* The rectangle as the polygon at its (x, y) whose corners are bump's. */
void imp_rect_polygon(const imp_rect *r, imp_polygon *out);
/* Item id's geometry into *out: a shape item's shape, or a rectangle item
** as its polygon. */
void imp_item_geometry(const imp_grid *g, size_t id, imp_item_shape *out);
/* The shape's bounds (imp_shape_bounds) as left, top, width and height. */
void imp_shape_rect(imp_shape kind, const void *shape, imp_rect *out);
/* moving (at its pos) heading for (goalx, goaly) against the static other,
** as imp_rect_detect for shapes, positions being the shapes' pos:
** overlapping at the start gives overlaps, touch out by imp_shape_overlap's
** push-out and ti = minus its length; otherwise the sweep's stop (ti in
** [0, 1), IMP_EPSILON of time short of contact), its place as touch and
** its normal. Returns 0 when they do not collide. */
int imp_shape_detect(imp_shape okind, const void *other, imp_shape mkind,
                     const void *moving, double goalx, double goaly,
                     imp_rect_collision *out);
/* The World's queries on a shape item, exact: whether the rectangle
** overlaps the shape (strictly, as imp_shape_intersects); whether the
** segment from (x1, y1) to (x2, y2) hits it (imp_shape_intersect_segment),
** and then where it enters and leaves (ti2 NULL: enters only), as
** parameters along it (cast.c: both on one hull). */
int imp_shape_meets_rect(imp_shape kind, const void *shape,
                         const imp_rect *r);
int imp_shape_crossed(imp_shape kind, const void *shape, double x1,
                      double y1, double x2, double y2, double *ti1,
                      double *ti2);
/* The queries' cheap first tests, before any exact one: whether two
** rectangles, or a segment (a point when it has no length) and a
** rectangle, lie apart by more than rounding. A shape item's rectangle
** holds its shape to within rounding, so that then they cannot meet. */
int imp_rects_apart(const imp_rect *a, const imp_rect *b);
int imp_segment_passes_rect(const imp_rect *r, double x1, double y1,
                            double x2, double y2);

/* An item over one move: a shape (placed where each step starts) or a bump
** rectangle, and the normals of the faces that its slides went along,
** which later slides keep out of (the first IMP_CREASES). */
#define IMP_CREASES 16
typedef struct imp_mover {
  int shaped;            /* a shape, else a bump rectangle */
  imp_item_shape shape;  /* the shape (its pos aside) */
  imp_any_shape placed;  /* the shape where the step starts */
  imp_rect from;         /* there: the rectangle, or the shape's pos as x, y */
  imp_rect box;          /* the bounds there: itemRect */
  int byshapes;          /* pairs collide as shapes, not by bump's rules */
  imp_vec2 creases[IMP_CREASES];
  int ncreases;
} imp_mover;
/* Starts a move of the shape (NULL: of a rectangle). */
void imp_mover_init(imp_mover *m, const imp_item_shape *shape);
/* Places the mover where a step starts: a rectangle at from, a shape at
** from's x and y. Its pairs collide as shapes (imp_shape_detect) when it
** is one or the World has any shape, by bump's rules otherwise. */
void imp_mover_place(imp_mover *m, const imp_grid *g, const imp_rect *from);
/* The collision of the placed mover heading for goal with the item id
** (alive in g: a shape, or a rectangle, then as its polygon). */
int imp_mover_detect(const imp_mover *m, const imp_grid *g, size_t id,
                     imp_vec2 goal, imp_rect_collision *out);
/* Where a slide along c heading for goal goes on to (imp_rect_slide), kept
** out of the faces slid along earlier: along the crease where it heads
** into one, nowhere where it heads into two. A collision found by shapes
** (shaped) gives such a face from then on. */
imp_vec2 imp_mover_slide(imp_mover *m, const imp_rect_collision *c,
                         int shaped, imp_vec2 goal);

/* imp_grid_slide and imp_grid_project where the grid holds shapes: every
** pair collides as imp_mover_detect says and slides crease
** (imp_mover_slide). The item id moves from its shape's pos when it is
** one (touch, goal and slide are then positions); imp_grid_project_shapes'
** mover is shape at from's x and y, or the rectangle from when shape is
** NULL (imp_grid_project's). itemRect is the mover's bounds where each
** step began. */
int imp_grid_project_shapes(imp_grid *g, size_t skip,
                            const imp_item_shape *shape, const imp_rect *from,
                            imp_vec2 goal, imp_grid_collision *out,
                            size_t cap);

/* world:push's search: where a shape at start that overlaps others goes by
** the shortest way out. blocking(ud, at, push, cap) tells what still holds
** the shape placed at at: it writes each blocking item's push-out (as
** imp_shape_overlap gives it) into push and returns how many. From each
** place tried, every push-out gives a place to try; the nearest to start
** not tried yet comes next, until one is clear (*out, and 1) or
** IMP_PUSH_CANDIDATES places are found without one (0). */
#define IMP_PUSH_CANDIDATES 64
typedef int (*imp_blocking)(void *ud, imp_vec2 at, imp_vec2 *push, int cap);
int imp_push_search(imp_vec2 start, imp_blocking blocking, void *ud,
                    imp_vec2 *out);

#ifdef __cplusplus
}
#endif

#endif
