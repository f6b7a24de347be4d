---@meta impact
-- Type definitions of impact's public API for the Lua language server
-- (LuaLS): completion, signatures and type checks in editors. Not loaded at
-- run time. In a game holding the impact folder the server finds this file
-- by itself; elsewhere add its folder to "workspace.library".
-- make test checks it against the module (tools/check-defs.lua).

---@class impact
---@field EPSILON number how far sweeps stop short of contact, in time (1e-8)
---@field _VERSION string "impact 0.2.0"
---@field _VERSION_NUM integer major * 10000 + minor * 100 + patch (200 for 0.2.0)
---@field backend "native"|"lua" which backend runs: the native module, or the pure-Lua one where it cannot load
---@field nativeError? string why the native module did not load (the platform and every path tried); nil when it did
local impact = {}

---@alias impact.ClipKind "outside"|"inside"|"enter"|"exit"|"traverse"
---@alias impact.Shape impact.AABB|impact.OBB|impact.Circle|impact.Capsule|impact.Polygon
---@alias impact.TypeName "Point"|"AABB"|"OBB"|"Hit"|"Sweep"|"World"|"Circle"|"Capsule"|"Polygon"|"Manifold"

--------------------------------------------------------------------------
-- Point

---A 2D vector. Fields of other objects that hold a Point (`box.pos`,
---`hit.normal`, ...) are live views into their owner.
---@class impact.Point
---@overload fun(x?: number, y?: number): impact.Point
---@field x number
---@field y number
---@operator add(impact.Point): impact.Point
---@operator sub(impact.Point): impact.Point
---@operator mul(number): impact.Point
---@operator div(number): impact.Point
---@operator unm: impact.Point
impact.Point = {}

---@return impact.Point
function impact.Point:clone() end

---@param x number
---@param y number
---@return impact.Point self
function impact.Point:set(x, y) end

---@return number x
---@return number y
function impact.Point:unpack() end

---@return number
function impact.Point:length() end

---@param x number
---@param y number
---@return number
---@overload fun(self: impact.Point, other: impact.Point): number
function impact.Point:dot(x, y) end

---The 2D cross product, a scalar.
---@param x number
---@param y number
---@return number
---@overload fun(self: impact.Point, other: impact.Point): number
function impact.Point:cross(x, y) end

---Scales the point to unit length in place; the zero vector becomes (1, 0).
---@return number length the length before
function impact.Point:normalize() end

--------------------------------------------------------------------------
-- Results

---Where a test found contact.
---@class impact.Hit
---@overload fun(): impact.Hit
---@field collider impact.Shape the shape that was hit
---@field pos impact.Point the point of contact
---@field delta impact.Point the movement that undoes the overlap
---@field normal impact.Point the unit normal of the face hit, out of the collider
---@field time number the fraction of the movement travelled before contact
impact.Hit = {}

---A box moved through a scene: where it stopped and what stopped it.
---@class impact.Sweep
---@overload fun(): impact.Sweep
---@field hit impact.Hit? what stopped it, nil when nothing did
---@field pos impact.Point where the moving box stopped
---@field time number the fraction of the movement travelled
---@field angle number the moving shape's angle at the stop (a sweep with dangle turns it; a Circle's and an AABB's own is 0)
impact.Sweep = {}

--------------------------------------------------------------------------
-- AABB

---An axis-aligned box: centre and half extents. Scripts may set fields of
---their own on it (`box.owner = enemy`).
---@class impact.AABB
---@overload fun(x: number, y: number, halfX: number, halfY: number): impact.AABB
---@overload fun(pos: impact.Point, half: impact.Point): impact.AABB
---@field pos impact.Point the centre
---@field half impact.Point the half extents
---@field [string] any
impact.AABB = {}

---A box from a bump-style rectangle.
---@param left number
---@param top number
---@param width number
---@param height number
---@return impact.AABB
function impact.AABB.fromRect(left, top, width, height) end

---Is the point inside (faces excluded)? The push-out along the axis of least overlap.
---@param x number
---@param y number
---@param out? impact.Hit filled and returned instead of a new Hit
---@return impact.Hit?
---@overload fun(self: impact.AABB, point: impact.Point, out?: impact.Hit): impact.Hit?
function impact.AABB:intersectPoint(x, y, out) end

---The segment from (px, py) along (dx, dy) against the box grown by the padding.
---@param px number
---@param py number
---@param dx number
---@param dy number
---@param paddingX? number
---@param paddingY? number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.AABB, pos: impact.Point, delta: impact.Point, paddingX?: number, paddingY?: number, out?: impact.Hit): impact.Hit?
---@overload fun(self: impact.AABB, pos: impact.Point, dx: number, dy: number, paddingX?: number, paddingY?: number, out?: impact.Hit): impact.Hit?
---@overload fun(self: impact.AABB, px: number, py: number, delta: impact.Point, paddingX?: number, paddingY?: number, out?: impact.Hit): impact.Hit?
---@overload fun(self: impact.AABB, pos: impact.Point, delta: impact.Point, out?: impact.Hit): impact.Hit?
---@overload fun(self: impact.AABB, px: number, py: number, dx: number, dy: number, out?: impact.Hit): impact.Hit?
function impact.AABB:intersectSegment(px, py, dx, dy, paddingX, paddingY, out) end

---First contact of a point, or a disc of radius (default 0) centred on it,
---along p0 + v t + g t^2 / 2 for t in [0, 1]; touching is no hit.
---@param x0 number
---@param y0 number
---@param vx number
---@param vy number
---@param gx number
---@param gy number
---@param radius? number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.AABB, pos: impact.Point, velocity: impact.Point, gravity: impact.Point, radius?: number, out?: impact.Hit): impact.Hit?
function impact.AABB:intersectArc(x0, y0, vx, vy, gx, gy, radius, out) end

---Static overlap (touching is none): the push-out for `other`.
---@param other impact.AABB
---@param out? impact.Hit
---@return impact.Hit?
function impact.AABB:intersectAABB(other, out) end

---Strict overlap with a rotated rectangle.
---@param obb impact.OBB
---@return boolean
function impact.AABB:intersectOBB(obb) end

---The shortest way out for `shape` (an AABB or an OBB).
---@param shape impact.Shape
---@param out? impact.Hit
---@return impact.Hit?
function impact.AABB:overlap(shape, out) end

---`moving` travels (dx, dy) towards this box and stops just short of it.
---@param moving impact.AABB
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.AABB, moving: impact.AABB, delta: impact.Point, out?: impact.Sweep): impact.Sweep
function impact.AABB:sweepAABB(moving, dx, dy, out) end

---A rotated rectangle `moving` (not turning) travels (dx, dy) towards this box.
---@param moving impact.OBB
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.AABB, moving: impact.OBB, delta: impact.Point, out?: impact.Sweep): impact.Sweep
function impact.AABB:sweepOBB(moving, dx, dy, out) end

---This box travels (dx, dy), turning by `dangle` when given: the nearest stop among the colliders (ties: the first listed).
---@param colliders impact.Shape[]
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.AABB, colliders: impact.Shape[], delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.AABB, colliders: impact.Shape[], dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.AABB, colliders: impact.Shape[], delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.AABB:sweepInto(colliders, dx, dy, out) end

---The part of the segment in the closed box: `pos + t * delta` for t in [t0, t1].
---@param px number
---@param py number
---@param dx number
---@param dy number
---@return impact.ClipKind kind
---@return number? t0
---@return number? t1
---@overload fun(self: impact.AABB, pos: impact.Point, delta: impact.Point): impact.ClipKind, number?, number?
---@overload fun(self: impact.AABB, pos: impact.Point, dx: number, dy: number): impact.ClipKind, number?, number?
---@overload fun(self: impact.AABB, px: number, py: number, delta: impact.Point): impact.ClipKind, number?, number?
function impact.AABB:clipSegment(px, py, dx, dy) end

-------------------------------------------------------------------Strict overlap with any shape, decided exactly (touching is no overlap).
---@param other impact.Shape
---@return boolean
function impact.AABB:intersects(other) end

---The distance between the closed shapes and a closest pair of points (on self, on `other`); 0 alone when they touch or overlap.
---@param other impact.Shape
---@return number d
---@return number? ax
---@return number? ay
---@return number? bx
---@return number? by
function impact.AABB:distance(other) end

---Where the two overlap: the normal (from self towards `other`) and 1 or 2 contact points with their depths; nil when apart.
---@param other impact.Shape
---@param out? impact.Manifold filled and returned instead of a new Manifold
---@return impact.Manifold?
function impact.AABB:manifold(other, out) end

---`moving` (any shape) translates by the delta: where it stops, `impact.EPSILON` of the time short of contact. With `dangle` it also turns by that about its pos (an AABB as the OBB it is), stopping within 1e-6 of the scene before first contact, never past it; `sweep.angle` is the angle reached.
---@param moving impact.Shape
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.AABB, moving: impact.Shape, delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.AABB, moving: impact.Shape, dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.AABB, moving: impact.Shape, delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.AABB:sweep(moving, dx, dy, out) end

---The smallest AABB that holds the shape exactly.
---@param out? impact.AABB filled and returned instead of a new AABB
---@return impact.AABB
function impact.AABB:bounds(out) end

----------
-- OBB

---A rectangle turned by `angle` radians about its centre. Scripts may set
---fields of their own on it.
---@class impact.OBB
---@overload fun(x: number, y: number, halfX: number, halfY: number, angle?: number): impact.OBB
---@overload fun(pos: impact.Point, half: impact.Point, angle?: number): impact.OBB
---@field pos impact.Point the centre
---@field half impact.Point the half extents
---@field angle number radians
---@field [string] any
impact.OBB = {}

---Strict overlap (separating axes).
---@param other impact.OBB
---@return boolean
function impact.OBB:intersectOBB(other) end

---Strict overlap with a box.
---@param box impact.AABB
---@return boolean
function impact.OBB:intersectAABB(box) end

---The shortest way out for `other`, along a face of either rectangle.
---@param other impact.Shape
---@param out? impact.Hit
---@return impact.Hit?
function impact.OBB:overlap(other, out) end

---@param x number
---@param y number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.OBB, point: impact.Point, out?: impact.Hit): impact.Hit?
function impact.OBB:intersectPoint(x, y, out) end

---@param px number
---@param py number
---@param dx number
---@param dy number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.OBB, pos: impact.Point, delta: impact.Point, out?: impact.Hit): impact.Hit?
---@overload fun(self: impact.OBB, pos: impact.Point, dx: number, dy: number, out?: impact.Hit): impact.Hit?
---@overload fun(self: impact.OBB, px: number, py: number, delta: impact.Point, out?: impact.Hit): impact.Hit?
function impact.OBB:intersectSegment(px, py, dx, dy, out) end

---First contact of a point, or a disc of radius (default 0) centred on it,
---along p0 + v t + g t^2 / 2 for t in [0, 1]; touching is no hit.
---@param x0 number
---@param y0 number
---@param vx number
---@param vy number
---@param gx number
---@param gy number
---@param radius? number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.OBB, pos: impact.Point, velocity: impact.Point, gravity: impact.Point, radius?: number, out?: impact.Hit): impact.Hit?
function impact.OBB:intersectArc(x0, y0, vx, vy, gx, gy, radius, out) end

---@param px number
---@param py number
---@param dx number
---@param dy number
---@return impact.ClipKind kind
---@return number? t0
---@return number? t1
---@overload fun(self: impact.OBB, pos: impact.Point, delta: impact.Point): impact.ClipKind, number?, number?
---@overload fun(self: impact.OBB, pos: impact.Point, dx: number, dy: number): impact.ClipKind, number?, number?
---@overload fun(self: impact.OBB, px: number, py: number, delta: impact.Point): impact.ClipKind, number?, number?
function impact.OBB:clipSegment(px, py, dx, dy) end

---The smallest AABB around the rectangle, its half sizes rounded up so that it holds the rectangle exactly.
---@param out? impact.AABB filled and returned instead of a new AABB
---@return impact.AABB
function impact.OBB:bounds(out) end

---The four corners.
---@return number x1
---@return number y1
---@return number x2
---@return number y2
---@return number x3
---@return number y3
---@return number x4
---@return number y4
function impact.OBB:corners() end

---@param moving impact.AABB
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.OBB, moving: impact.AABB, delta: impact.Point, out?: impact.Sweep): impact.Sweep
function impact.OBB:sweepAABB(moving, dx, dy, out) end

---@param moving impact.OBB
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.OBB, moving: impact.OBB, delta: impact.Point, out?: impact.Sweep): impact.Sweep
function impact.OBB:sweepOBB(moving, dx, dy, out) end

---@param colliders impact.Shape[]
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.OBB, colliders: impact.Shape[], delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.OBB, colliders: impact.Shape[], dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.OBB, colliders: impact.Shape[], delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.OBB:sweepInto(colliders, dx, dy, out) end

---Strict overlap with any shape, decided exactly (touching is no overlap).
---@param other impact.Shape
---@return boolean
function impact.OBB:intersects(other) end

---The distance between the closed shapes and a closest pair of points (on self, on `other`); 0 alone when they touch or overlap.
---@param other impact.Shape
---@return number d
---@return number? ax
---@return number? ay
---@return number? bx
---@return number? by
function impact.OBB:distance(other) end

---Where the two overlap: the normal (from self towards `other`) and 1 or 2 contact points with their depths; nil when apart.
---@param other impact.Shape
---@param out? impact.Manifold filled and returned instead of a new Manifold
---@return impact.Manifold?
function impact.OBB:manifold(other, out) end

---`moving` (any shape) translates by the delta: where it stops, `impact.EPSILON` of the time short of contact. With `dangle` it also turns by that about its pos (an AABB as the OBB it is), stopping within 1e-6 of the scene before first contact, never past it; `sweep.angle` is the angle reached.
---@param moving impact.Shape
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.OBB, moving: impact.Shape, delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.OBB, moving: impact.Shape, dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.OBB, moving: impact.Shape, delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.OBB:sweep(moving, dx, dy, out) end
--------------------------------------------------------------------------
-- Circle, Capsule, Polygon, Manifold

---A disc: a centre and a radius (0 is a point).
---@class impact.Circle
---@overload fun(x: number, y: number, radius: number): impact.Circle
---@overload fun(pos: impact.Point, radius: number): impact.Circle
---@field pos impact.Point the centre
---@field radius number
---@field [string] any
impact.Circle = {}

---Strict overlap with any shape, decided exactly (touching is no overlap).
---@param other impact.Shape
---@return boolean
function impact.Circle:intersects(other) end

---The distance between the closed shapes and a closest pair of points (on self, on `other`); 0 alone when they touch or overlap.
---@param other impact.Shape
---@return number d
---@return number? ax
---@return number? ay
---@return number? bx
---@return number? by
function impact.Circle:distance(other) end

---Where the two overlap: the normal (from self towards `other`) and 1 or 2 contact points with their depths; nil when apart.
---@param other impact.Shape
---@param out? impact.Manifold filled and returned instead of a new Manifold
---@return impact.Manifold?
function impact.Circle:manifold(other, out) end

---`moving` (any shape) translates by the delta: where it stops, `impact.EPSILON` of the time short of contact. With `dangle` it also turns by that about its pos (an AABB as the OBB it is), stopping within 1e-6 of the scene before first contact, never past it; `sweep.angle` is the angle reached.
---@param moving impact.Shape
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.Circle, moving: impact.Shape, delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Circle, moving: impact.Shape, dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Circle, moving: impact.Shape, delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.Circle:sweep(moving, dx, dy, out) end

---The smallest AABB that holds the shape exactly.
---@param out? impact.AABB filled and returned instead of a new AABB
---@return impact.AABB
function impact.Circle:bounds(out) end

---The push-out for `other` (any shape): normal from self towards it, pos on self's boundary; nil when they do not overlap.
---@param other impact.Shape
---@param out? impact.Hit
---@return impact.Hit?
function impact.Circle:overlap(other, out) end

---The push-out of a point strictly inside.
---@param x number
---@param y number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Circle, point: impact.Point, out?: impact.Hit): impact.Hit?
function impact.Circle:intersectPoint(x, y, out) end

---The first contact of the segment from (px, py) along (dx, dy).
---@param px number
---@param py number
---@param dx number
---@param dy number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Circle, pos: impact.Point, delta: impact.Point, out?: impact.Hit): impact.Hit?
function impact.Circle:intersectSegment(px, py, dx, dy, out) end

---First contact of a point, or a disc of radius (default 0) centred on it,
---along p0 + v t + g t^2 / 2 for t in [0, 1]; touching is no hit.
---@param x0 number
---@param y0 number
---@param vx number
---@param vy number
---@param gx number
---@param gy number
---@param radius? number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Circle, pos: impact.Point, velocity: impact.Point, gravity: impact.Point, radius?: number, out?: impact.Hit): impact.Hit?
function impact.Circle:intersectArc(x0, y0, vx, vy, gx, gy, radius, out) end

---The part of the segment in the closed shape.
---@param px number
---@param py number
---@param dx number
---@param dy number
---@return impact.ClipKind kind
---@return number? t0
---@return number? t1
---@overload fun(self: impact.Circle, pos: impact.Point, delta: impact.Point): impact.ClipKind, number?, number?
function impact.Circle:clipSegment(px, py, dx, dy) end

---The nearest stop among an array of shapes (ties: the first listed), turning by `dangle` when given.
---@param colliders impact.Shape[]
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.Circle, colliders: impact.Shape[], delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Circle, colliders: impact.Shape[], dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Circle, colliders: impact.Shape[], delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.Circle:sweepInto(colliders, dx, dy, out) end

---The segment a-b of its own frame grown by a radius, placed at (x, y) turned by angle.
---@class impact.Capsule
---@overload fun(ax: number, ay: number, bx: number, by: number, radius: number, x?: number, y?: number, angle?: number): impact.Capsule
---@field pos impact.Point
---@field angle number radians
---@field radius number
---@field [string] any
impact.Capsule = {}

---The ends in the world.
---@return number ax
---@return number ay
---@return number bx
---@return number by
function impact.Capsule:ends() end

---Strict overlap with any shape, decided exactly (touching is no overlap).
---@param other impact.Shape
---@return boolean
function impact.Capsule:intersects(other) end

---The distance between the closed shapes and a closest pair of points (on self, on `other`); 0 alone when they touch or overlap.
---@param other impact.Shape
---@return number d
---@return number? ax
---@return number? ay
---@return number? bx
---@return number? by
function impact.Capsule:distance(other) end

---Where the two overlap: the normal (from self towards `other`) and 1 or 2 contact points with their depths; nil when apart.
---@param other impact.Shape
---@param out? impact.Manifold filled and returned instead of a new Manifold
---@return impact.Manifold?
function impact.Capsule:manifold(other, out) end

---`moving` (any shape) translates by the delta: where it stops, `impact.EPSILON` of the time short of contact. With `dangle` it also turns by that about its pos (an AABB as the OBB it is), stopping within 1e-6 of the scene before first contact, never past it; `sweep.angle` is the angle reached.
---@param moving impact.Shape
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.Capsule, moving: impact.Shape, delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Capsule, moving: impact.Shape, dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Capsule, moving: impact.Shape, delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.Capsule:sweep(moving, dx, dy, out) end

---The smallest AABB that holds the shape exactly.
---@param out? impact.AABB filled and returned instead of a new AABB
---@return impact.AABB
function impact.Capsule:bounds(out) end

---The push-out for `other` (any shape): normal from self towards it, pos on self's boundary; nil when they do not overlap.
---@param other impact.Shape
---@param out? impact.Hit
---@return impact.Hit?
function impact.Capsule:overlap(other, out) end

---The push-out of a point strictly inside.
---@param x number
---@param y number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Capsule, point: impact.Point, out?: impact.Hit): impact.Hit?
function impact.Capsule:intersectPoint(x, y, out) end

---The first contact of the segment from (px, py) along (dx, dy).
---@param px number
---@param py number
---@param dx number
---@param dy number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Capsule, pos: impact.Point, delta: impact.Point, out?: impact.Hit): impact.Hit?
function impact.Capsule:intersectSegment(px, py, dx, dy, out) end

---First contact of a point, or a disc of radius (default 0) centred on it,
---along p0 + v t + g t^2 / 2 for t in [0, 1]; touching is no hit.
---@param x0 number
---@param y0 number
---@param vx number
---@param vy number
---@param gx number
---@param gy number
---@param radius? number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Capsule, pos: impact.Point, velocity: impact.Point, gravity: impact.Point, radius?: number, out?: impact.Hit): impact.Hit?
function impact.Capsule:intersectArc(x0, y0, vx, vy, gx, gy, radius, out) end

---The part of the segment in the closed shape.
---@param px number
---@param py number
---@param dx number
---@param dy number
---@return impact.ClipKind kind
---@return number? t0
---@return number? t1
---@overload fun(self: impact.Capsule, pos: impact.Point, delta: impact.Point): impact.ClipKind, number?, number?
function impact.Capsule:clipSegment(px, py, dx, dy) end

---The nearest stop among an array of shapes (ties: the first listed), turning by `dangle` when given.
---@param colliders impact.Shape[]
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.Capsule, colliders: impact.Shape[], delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Capsule, colliders: impact.Shape[], dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Capsule, colliders: impact.Shape[], delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.Capsule:sweepInto(colliders, dx, dy, out) end

---A strictly convex polygon of 3 to 16 vertices in its own frame (either winding), placed at (x, y) turned by angle.
---@class impact.Polygon
---@overload fun(vertices: number[], x?: number, y?: number, angle?: number): impact.Polygon
---@field pos impact.Point
---@field angle number radians
---@field count integer read-only
---@field [string] any
impact.Polygon = {}

---The polygon of the convex hull of a flat array of points.
---@param points number[]
---@param x? number
---@param y? number
---@param angle? number
---@return impact.Polygon
function impact.Polygon.hull(points, x, y, angle) end

---Vertex i (from 1, in the order given) in the world.
---@param i integer
---@return number x
---@return number y
function impact.Polygon:vertex(i) end

---The vertices in the world, `{x1, y1, ...}` (the form love.graphics.polygon takes); fills `out` when given:
---its first `2 * count` entries, leaving any after them as they were.
---@param out? number[]
---@return number[]
function impact.Polygon:vertices(out) end

---Strict overlap with any shape, decided exactly (touching is no overlap).
---@param other impact.Shape
---@return boolean
function impact.Polygon:intersects(other) end

---The distance between the closed shapes and a closest pair of points (on self, on `other`); 0 alone when they touch or overlap.
---@param other impact.Shape
---@return number d
---@return number? ax
---@return number? ay
---@return number? bx
---@return number? by
function impact.Polygon:distance(other) end

---Where the two overlap: the normal (from self towards `other`) and 1 or 2 contact points with their depths; nil when apart.
---@param other impact.Shape
---@param out? impact.Manifold filled and returned instead of a new Manifold
---@return impact.Manifold?
function impact.Polygon:manifold(other, out) end

---`moving` (any shape) translates by the delta: where it stops, `impact.EPSILON` of the time short of contact. With `dangle` it also turns by that about its pos (an AABB as the OBB it is), stopping within 1e-6 of the scene before first contact, never past it; `sweep.angle` is the angle reached.
---@param moving impact.Shape
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.Polygon, moving: impact.Shape, delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Polygon, moving: impact.Shape, dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Polygon, moving: impact.Shape, delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.Polygon:sweep(moving, dx, dy, out) end

---The smallest AABB that holds the shape exactly.
---@param out? impact.AABB filled and returned instead of a new AABB
---@return impact.AABB
function impact.Polygon:bounds(out) end

---The push-out for `other` (any shape): normal from self towards it, pos on self's boundary; nil when they do not overlap.
---@param other impact.Shape
---@param out? impact.Hit
---@return impact.Hit?
function impact.Polygon:overlap(other, out) end

---The push-out of a point strictly inside.
---@param x number
---@param y number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Polygon, point: impact.Point, out?: impact.Hit): impact.Hit?
function impact.Polygon:intersectPoint(x, y, out) end

---The first contact of the segment from (px, py) along (dx, dy).
---@param px number
---@param py number
---@param dx number
---@param dy number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Polygon, pos: impact.Point, delta: impact.Point, out?: impact.Hit): impact.Hit?
function impact.Polygon:intersectSegment(px, py, dx, dy, out) end

---First contact of a point, or a disc of radius (default 0) centred on it,
---along p0 + v t + g t^2 / 2 for t in [0, 1]; touching is no hit.
---@param x0 number
---@param y0 number
---@param vx number
---@param vy number
---@param gx number
---@param gy number
---@param radius? number
---@param out? impact.Hit
---@return impact.Hit?
---@overload fun(self: impact.Polygon, pos: impact.Point, velocity: impact.Point, gravity: impact.Point, radius?: number, out?: impact.Hit): impact.Hit?
function impact.Polygon:intersectArc(x0, y0, vx, vy, gx, gy, radius, out) end

---The part of the segment in the closed shape.
---@param px number
---@param py number
---@param dx number
---@param dy number
---@return impact.ClipKind kind
---@return number? t0
---@return number? t1
---@overload fun(self: impact.Polygon, pos: impact.Point, delta: impact.Point): impact.ClipKind, number?, number?
function impact.Polygon:clipSegment(px, py, dx, dy) end

---The nearest stop among an array of shapes (ties: the first listed), turning by `dangle` when given.
---@param colliders impact.Shape[]
---@param dx number
---@param dy number
---@param out? impact.Sweep
---@return impact.Sweep
---@overload fun(self: impact.Polygon, colliders: impact.Shape[], delta: impact.Point, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Polygon, colliders: impact.Shape[], dx: number, dy: number, dangle: number, out?: impact.Sweep): impact.Sweep
---@overload fun(self: impact.Polygon, colliders: impact.Shape[], delta: impact.Point, dangle: number, out?: impact.Sweep): impact.Sweep
function impact.Polygon:sweepInto(colliders, dx, dy, out) end

---Where two shapes overlap: the out type of `manifold`.
---@class impact.Manifold
---@overload fun(): impact.Manifold
---@field normal impact.Point unit, from the first shape towards the other
---@field count integer 1 or 2
impact.Manifold = {}

---Contact point i: its position and its depth along the normal.
---@param i integer
---@return number x
---@return number y
---@return number depth
function impact.Manifold:point(i) end

--------------------------------------------------------------------------
-- Functions

---The type of an impact object, or nil.
---@param value any
---@return impact.TypeName?
function impact.type(value) end

---`box:clipSegment(...)` as a function.
---@param box impact.AABB
---@param px number
---@param py number
---@param dx number
---@param dy number
---@return impact.ClipKind kind
---@return number? t0
---@return number? t1
---@overload fun(box: impact.AABB, pos: impact.Point, delta: impact.Point): impact.ClipKind, number?, number?
function impact.clipSegment(box, px, py, dx, dy) end

---A segment whose ends move from a0 to a1 and from b0 to b1 against a
---point moving from c0 to c1, over time [0, 1]: when (t) and where along
---the segment (s, 0 at the a end) they meet, earliest first; nil when never.
---With a positive radius the point is a disc's centre: the first time the
---disc touches the segment (0 if it does at time 0) and s of the segment's
---point nearest the centre then, or nil.
---@param a0 impact.Point
---@param a1 impact.Point
---@param b0 impact.Point
---@param b1 impact.Point
---@param c0 impact.Point
---@param c1 impact.Point
---@param radius? number
---@return number? t1
---@return number? s1
---@return number? t2
---@return number? s2
---@overload fun(a0x: number, a0y: number, a1x: number, a1y: number, b0x: number, b0y: number, b1x: number, b1y: number, c0x: number, c0y: number, c1x: number, c1y: number, radius?: number): number?, number?, number?, number?
function impact.sweepSegmentPoint(a0, a1, b0, b1, c0, c1, radius) end

--------------------------------------------------------------------------
-- World (bump.lua 3.1.7's API)

---A response name ("touch", "cross", "slide", "bounce" or one added with
---addResponse), or nil to ignore the other item.
---@alias impact.Filter fun(item: any, other: any): string?
---@alias impact.QueryFilter fun(item: any): boolean?

---A collision, as bump.lua reports it.
---@class impact.Collision
---@field item any
---@field other any
---@field type string the response
---@field overlaps boolean
---@field ti number
---@field move {x: number, y: number}
---@field normal {x: integer, y: integer}
---@field touch {x: number, y: number}
---@field itemRect {x: number, y: number, w: number, h: number}
---@field otherRect {x: number, y: number, w: number, h: number}
---@field slide? {x: number, y: number}
---@field bounce? {x: number, y: number}

---What querySegmentWithCoords returns for each item.
---@class impact.ArcInfo
---@field item any
---@field ti number when the arc first meets it
---@field x number where
---@field y number

---@class impact.SegmentInfo
---@field item any
---@field ti1 number
---@field ti2 number
---@field x1 number
---@field y1 number
---@field x2 number
---@field y2 number

---A response: where the item goes after a collision.
---@alias impact.Response fun(world: impact.World, col: impact.Collision, x: number, y: number, w: number, h: number, goalX: number, goalY: number, filter?: impact.Filter): number, number, impact.Collision[], integer

---Rectangles (left, top, width, height) in a uniform grid. Fields that
---scripts set on it are kept.
---@class impact.World
---@overload fun(cellSize?: number): impact.World
---@field cellSize number read-only
---@field [string] any
impact.World = {}

---@generic T
---A bump rectangle, or with a shape for x, a shape item (a copy of it).
---@param item T any value but nil and NaN
---@param x number|impact.Shape
---@param y? number
---@param w? number
---@param h? number
---@return T item
function impact.World:add(item, x, y, w, h) end

---@param item any
function impact.World:remove(item) end

---A shape item's pos goes to (x, y), turned to the angle w when given.
---@param item any
---@param x number
---@param y number
---@param w? number width, or a shape item's angle
---@param h? number
function impact.World:update(item, x, y, w, h) end

---A copy of a shape item's shape (into out, of its type), or nil for a rectangle item.
---@param item any
---@param out? impact.Shape
---@return impact.Shape?
function impact.World:getShape(item, out) end

---Moves the item out of what it overlaps by the shortest way found.
---@param item any
---@param filter? impact.Filter false or "cross": may overlap
---@param out? impact.Collision[]
---@return number x
---@return number y
---@return impact.Collision[] cols the overlaps it started in
---@return integer len
function impact.World:push(item, filter, out) end

---Turns a shape item about its pos towards angle, stopping at the first contact not crossed.
---@param item any
---@param angle number
---@param filter? impact.Filter
---@param out? impact.Collision[]
---@return number angle reached
---@return impact.Collision[] cols
---@return integer len
function impact.World:rotate(item, angle, filter, out) end

---Moves the item towards the goal, stopping or sliding at what it meets.
---@param item any
---@param goalX number
---@param goalY number
---@param filter? impact.Filter default: "slide" for everything
---@param out? impact.Collision[] receives the collisions (reused)
---@return number x
---@return number y
---@return impact.Collision[] cols
---@return integer len
function impact.World:move(item, goalX, goalY, filter, out) end

---As move, without moving the item.
---@param item any
---@param goalX number
---@param goalY number
---@param filter? impact.Filter
---@param out? impact.Collision[]
---@return number x
---@return number y
---@return impact.Collision[] cols
---@return integer len
function impact.World:check(item, goalX, goalY, filter, out) end

---The collisions of that rectangle (or shape, from its pos) moving to the goal, sorted by ti then distance.
---@param item any
---@param x number|impact.Shape
---@param y? number
---@param w? number
---@param h? number
---@param goalX? number
---@param goalY? number
---@param filter? impact.Filter
---@param out? impact.Collision[]
---@return impact.Collision[] cols
---@return integer len
function impact.World:project(item, x, y, w, h, goalX, goalY, filter, out) end

---@param x number
---@param y number
---@param w number
---@param h number
---@param filter? impact.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer len
function impact.World:queryRect(x, y, w, h, filter, out) end

---@param x number
---@param y number
---@param filter? impact.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer len
function impact.World:queryPoint(x, y, filter, out) end

---The items along the segment, in order.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? impact.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer len
function impact.World:querySegment(x1, y1, x2, y2, filter, out) end

---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? impact.QueryFilter
---@param out? impact.SegmentInfo[]
---@return impact.SegmentInfo[] infos
---@return integer len
function impact.World:querySegmentWithCoords(x1, y1, x2, y2, filter, out) end

---The items the shape overlaps.
---@param shape impact.Shape
---@param filter? impact.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer len
function impact.World:queryShape(shape, filter, out) end

---The items a point thrown along p0 + v t + g t^2 / 2 (t in [0, 1]) meets, in order.
---@param x0 number
---@param y0 number
---@param vx number
---@param vy number
---@param gx number
---@param gy number
---@param filter? impact.QueryFilter
---@param out? impact.ArcInfo[]
---@return impact.ArcInfo[] infos
---@return integer len
function impact.World:queryArc(x0, y0, vx, vy, gx, gy, filter, out) end

---@param item any
---@return number x
---@return number y
---@return number w
---@return number h
function impact.World:getRect(item) end

---@param item any
---@return boolean
function impact.World:hasItem(item) end

---@return any[] items
---@return integer len
function impact.World:getItems() end

---@return integer
function impact.World:countItems() end

---@return integer
function impact.World:countCells() end

---The cell holding the point.
---@param x number
---@param y number
---@return integer cx
---@return integer cy
function impact.World:toCell(x, y) end

---The top-left corner of a cell.
---@param cx integer
---@param cy integer
---@return number x
---@return number y
function impact.World:toWorld(cx, cy) end

---@param name string
---@param response impact.Response
function impact.World:addResponse(name, response) end

--------------------------------------------------------------------------
-- impact.bump: bump.lua's module, on impact's World

---@class impact.bump
---@field _VERSION string
---@field _DESCRIPTION string
local bump = {}

---@param cellSize? number default 64
---@return impact.World
function bump.newWorld(cellSize) end

---bump.lua's rectangle functions.
---@class impact.bump.rect
bump.rect = {}

---@return number x
---@return number y
function bump.rect.getNearestCorner(x, y, w, h, px, py) end

---@return number? ti1
---@return number? ti2
---@return number? nx1
---@return number? ny1
---@return number? nx2
---@return number? ny2
function bump.rect.getSegmentIntersectionIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2) end

---@return number x
---@return number y
---@return number w
---@return number h
function bump.rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2) end

---@return boolean
function bump.rect.containsPoint(x, y, w, h, px, py) end

---@return boolean
function bump.rect.isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2) end

---@return number
function bump.rect.getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2) end

---@return impact.Collision?
function bump.rect.detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY) end

---bump.lua's responses.
---@class impact.bump.responses
---@field touch impact.Response
---@field cross impact.Response
---@field slide impact.Response
---@field bounce impact.Response
bump.responses = {}

return impact
