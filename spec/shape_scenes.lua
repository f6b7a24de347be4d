-- Scenes that the shape specs share: one shape of each kind on the left,
-- its right side on the line x = 2 around (2, 1), and one of each kind on
-- the right whose leftmost point is (x0, 1). Every coordinate is a small
-- dyadic number at angle 0, so the world vertices are the given numbers
-- exactly and where the two meet follows by hand: with x0 = 2 they touch,
-- with x0 below 2 they overlap by 2 - x0, measured along x.
local impact = require "impact"
local assert = require "luassert"

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB = impact.AABB, impact.OBB

local scenes = {}

scenes.KINDS = { "AABB", "OBB", "Circle", "Capsule", "Polygon" }

-- The doubles next to 2: 2 - 2^-52 below it, 2 + 2^-51 above it.
scenes.BELOW2, scenes.ABOVE2 = 2 - 2 ^ -52, 2 + 2 ^ -51

-- The square [0, 2] x [0, 2] as a flat vertex array, counter-clockwise for
-- y up, and any such array with its vertices in the reverse order.
scenes.SQUARE = { 0, 0, 2, 0, 2, 2, 0, 2 }
function scenes.reversed(vertices)
  local out = {}
  for i = #vertices - 1, 1, -2 do
    out[#out + 1], out[#out + 2] = vertices[i], vertices[i + 1]
  end
  return out
end

-- Left shapes: the square as a box, a rectangle at angle 0 and a polygon;
-- the unit circle round (1, 1); the segment x = 1, y in [0, 2] grown by 1.
scenes.left = {
  AABB = function() return AABB(1, 1, 1, 1) end,
  OBB = function() return OBB(1, 1, 1, 1, 0) end,
  Circle = function() return Circle(1, 1, 1) end,
  Capsule = function() return Capsule(1, 0, 1, 2, 1) end,
  Polygon = function() return Polygon(scenes.SQUARE) end,
}

-- Right shapes, leftmost at x0: a 2 x 2 square (flat left face), a unit
-- circle, a vertical capsule (flat left side y in [0, 2]) and a triangle
-- whose vertex (x0, 1) points left.
scenes.right = {
  AABB = function(x0) return AABB(x0 + 1, 1, 1, 1) end,
  OBB = function(x0) return OBB(x0 + 1, 1, 1, 1, 0) end,
  Circle = function(x0) return Circle(x0 + 1, 1, 1) end,
  Capsule = function(x0) return Capsule(x0 + 1, 0, x0 + 1, 2, 1) end,
  Polygon = function(x0) return Polygon({ x0, 1, x0 + 2, 0, x0 + 2, 2 }) end,
}

-- Calls f(a, b, name) for every ordered pair of kinds, left against right.
function scenes.eachPair(x0, f)
  for _, ka in ipairs(scenes.KINDS) do
    for _, kb in ipairs(scenes.KINDS) do
      f(scenes.left[ka](), scenes.right[kb](x0), ka .. " with " .. kb)
    end
  end
end

-- |expected - actual| within tol (absolute, 1e-12 by default).
function scenes.near(expected, actual, what, tol)
  assert.is_true(math.abs(expected - actual) <= (tol or 1e-12),
    ("%s: expected %.17g, got %.17g"):format(what or "value", expected, actual))
end

return scenes
