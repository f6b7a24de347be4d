local impact = require "impact"
local scenes = require "shape_scenes"

-- S:manifold(other[, out]) -> Manifold|nil: the normal (unit, from S
-- towards other, the push-out's), count 1 or 2 and manifold:point(i) ->
-- x, y, depth. Each point lies midway between the two surfaces along the
-- normal, within both closed shapes; the deepest is as deep as the
-- push-out is long. The scenes are dyadic; points and depths are worked
-- out in the comments. The order of the two points is not part of the
-- contract: they are compared sorted.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB, Manifold = impact.AABB, impact.OBB, impact.Manifold
local near, SQUARE = scenes.near, scenes.SQUARE

local function points(m)
  local list = {}
  for i = 1, m.count do list[i] = { m:point(i) } end
  table.sort(list, function(p, q) return p[1] < q[1] or p[1] == q[1] and p[2] < q[2] end)
  return list
end

-- The manifold of a and b: normal (nx, ny) and the expected points
-- {x, y, depth}, sorted by x then y; and what holds of any manifold.
local function assertManifold(nx, ny, expected, a, b, what)
  what = what or impact.type(a) .. " with " .. impact.type(b)
  local m = a:manifold(b)
  assert.are.equal("Manifold", impact.type(m), what)
  near(nx, m.normal.x, what .. ": normal.x"); near(ny, m.normal.y, what .. ": normal.y")
  assert.are.equal(#expected, m.count, what .. ": count")
  local got = points(m)
  for i, p in ipairs(expected) do
    near(p[1], got[i][1], what .. ": x" .. i); near(p[2], got[i][2], what .. ": y" .. i)
    near(p[3], got[i][3], what .. ": depth" .. i)
  end
  -- The push-out's normal; its length is the deepest depth.
  local h = a:overlap(b)
  near(h.normal.x, m.normal.x, what .. ": overlap's normal.x")
  near(h.normal.y, m.normal.y, what .. ": overlap's normal.y")
  local deepest = math.max(got[1][3], got[#got][3])
  near(h.delta:length(), deepest, what .. ": deepest against the push-out")
  -- Every point in both closed shapes.
  for i, p in ipairs(got) do
    local point = Circle(p[1], p[2], 0)
    assert.is_true(a:distance(point) <= 1e-12, what .. ": point " .. i .. " in a")
    assert.is_true(b:distance(point) <= 1e-12, what .. ": point " .. i .. " in b")
  end
  return m
end

local function squares()
  return { Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0) }
end

describe("manifold, boxes resting face to face", function()
  it("a narrower box 0.25 deep on the top face: two points at its corners", function()
    -- b spans x in [0.5, 1.5], y in [1.75, 3.75]; the surfaces along
    -- (0, 1) are y = 2 and y = 1.75, midway 1.875.
    local tops = { Polygon({ 0.5, 1.75, 1.5, 1.75, 1.5, 3.75, 0.5, 3.75 }),
                   AABB(1, 2.75, 0.5, 1), OBB(1, 2.75, 0.5, 1, 0) }
    for _, a in ipairs(squares()) do
      for _, b in ipairs(tops) do
        assertManifold(0, 1, { { 0.5, 1.875, 0.25 }, { 1.5, 1.875, 0.25 } }, a, b)
      end
    end
  end)

  it("a wider box on top: the points at the ends of the lower top face", function()
    -- b spans x in [-1, 3]: the contact is clipped to x in [0, 2].
    local tops = { Polygon({ -1, 1.75, 3, 1.75, 3, 3.75, -1, 3.75 }), AABB(1, 2.75, 2, 1) }
    for _, a in ipairs(squares()) do
      for _, b in ipairs(tops) do
        assertManifold(0, 1, { { 0, 1.875, 0.25 }, { 2, 1.875, 0.25 } }, a, b)
      end
    end
  end)

  it("a tilted bottom face: two depths", function()
    -- b's bottom runs from (0.5, 1.5) to (1.5, 1.75): 0.5 and 0.25 below
    -- y = 2, midway at 1.75 and 1.875. The push up by 0.5 is the least
    -- (sideways 1.5, across the tilted face 1.875 / sqrt(1.0625)).
    local b = Polygon({ 0.5, 1.5, 1.5, 1.75, 1.5, 3, 0.5, 3 })
    for _, a in ipairs(squares()) do
      assertManifold(0, 1, { { 0.5, 1.75, 0.5 }, { 1.5, 1.875, 0.25 } }, a, b)
    end
  end)

  it("a diamond's corner in the top face: one point", function()
    -- Its bottom corner (1, 1.75) is 0.25 deep; its side corners
    -- (0.5, 2.25) and (1.5, 2.25) are above the face.
    local b = Polygon({ 1, 1.75, 1.5, 2.25, 1, 2.75, 0.5, 2.25 })
    for _, a in ipairs(squares()) do
      assertManifold(0, 1, { { 1, 1.875, 0.25 } }, a, b)
    end
  end)

  it("seen from the top box: the normal turned round, the same points", function()
    local b = AABB(1, 2.75, 0.5, 1)
    for _, a in ipairs(squares()) do
      assertManifold(0, -1, { { 0.5, 1.875, 0.25 }, { 1.5, 1.875, 0.25 } }, b, a)
    end
  end)
end)

describe("manifold, round shapes", function()
  it("a circle on a polygon gives one point", function()
    -- Lowest point y = 1.75, 0.25 below the top face.
    for _, a in ipairs(squares()) do
      assertManifold(0, 1, { { 1, 1.875, 0.25 } }, a, Circle(1, 2.75, 1))
    end
  end)

  it("circle on circle: one point midway on the line of centres", function()
    -- Surfaces at x = 1 and x = 0.5 along (1, 0).
    assertManifold(1, 0, { { 0.75, 0, 0.5 } }, Circle(0, 0, 1), Circle(1.5, 0, 1))
    -- Along a 3-4-5 line: centres 4 apart, radii 2.5: depth 1; the
    -- surfaces at 2.5 and 1.5 along (0.6, 0.8), midway 2.
    assertManifold(0.6, 0.8, { { 1.2, 1.6, 1 } }, Circle(0, 0, 2.5), Circle(2.4, 3.2, 2.5))
  end)

  it("a capsule lying on a face gives two points, standing on its end one", function()
    -- Axis y = 2.75, radius 1: its side is 0.25 deep over x in [0.5, 1.5].
    for _, a in ipairs(squares()) do
      assertManifold(0, 1, { { 0.5, 1.875, 0.25 }, { 1.5, 1.875, 0.25 } }, a,
                     Capsule(0.5, 2.75, 1.5, 2.75, 1))
      assertManifold(0, 1, { { 1, 1.875, 0.25 } }, a, Capsule(1, 2.75, 1, 4, 1))
    end
  end)

  it("a capsule standing end-on over a polygon's corner, along its face's normal, keeps its deep end", function()
    -- The face from (0, 0) to (-4, 3) faces (0.6, 0.8); the capsule's axis
    -- runs along that normal from 0.36 to 1.86 out of the corner, so its
    -- axis lies on the line that bounds the face at (0, 0), within
    -- rounding. Its near end reaches 1 - 0.36 = 0.64 in, its far end not
    -- at all: one point, 0.64 deep, in both shapes.
    local tri = Polygon({ 0, 0, -4, 3, -4, -3 })
    local a, b = 0.36, 0.36 + 1.5
    local cap = Capsule(0.6 * a, 0.8 * a, 0.6 * b, 0.8 * b, 1)
    local m = tri:manifold(cap)
    assert.are.equal(1, m.count)
    near(0.6, m.normal.x, "normal.x"); near(0.8, m.normal.y, "normal.y")
    local x, y, depth = m:point(1)
    near(0.64, depth, "depth")
    assert.is_true(tri:distance(Circle(x, y, 0)) == 0 and cap:distance(Circle(x, y, 0)) == 0)
  end)

  it("a zero-length capsule is a circle", function()
    for _, a in ipairs(squares()) do
      assertManifold(0, 1, { { 1, 1.875, 0.25 } }, a, Capsule(1, 2.75, 1, 2.75, 1))
    end
  end)
end)

describe("manifold, every pair of kinds", function()
  it("0.5 deep through x = 2: points at x = 1.75, two where flat faces meet", function()
    -- Flat against flat: the left shapes' side x = 2 and the right ones'
    -- x = 1.5 both span y in [0, 2]. A circle or the triangle's vertex
    -- meets at y = 1 alone.
    scenes.eachPair(1.5, function(a, b, name)
      local flat = impact.type(a) ~= "Circle" and impact.type(b) ~= "Circle"
                   and impact.type(b) ~= "Polygon"
      local expected = flat and { { 1.75, 0, 0.5 }, { 1.75, 2, 0.5 } } or { { 1.75, 1, 0.5 } }
      assertManifold(1, 0, expected, a, b, name)
      assertManifold(-1, 0, expected, b, a, name .. ", swapped")
    end)
  end)

  it("touching gives nil and leaves out untouched", function()
    scenes.eachPair(2, function(a, b, name)
      local out = Manifold()
      assert.is_nil(a:manifold(b, out), name)
      assert.is_nil(b:manifold(a, out), name)
      assert.are.equal(0, out.count)
    end)
  end)
end)

describe("manifold, degenerate shapes and windings", function()
  it("walls that cross: the point where they cross", function()
    -- The push-out is 0.75 along (1, 0) (b's wall to a's end); the only
    -- point in both is (0.25, 0).
    local m = Capsule(-1, 0, 1, 0, 0):manifold(Capsule(0.25, -1, 0.25, 1, 0))
    near(1, m.normal.x, "normal.x"); near(0, m.normal.y, "normal.y")
    for i = 1, m.count do
      local x, y, depth = m:point(i)
      near(0.25, x, "x"); near(0, y, "y")
      assert.is_true(depth > 0 and depth <= 0.75 + 1e-12, "depth")
    end
  end)

  it("a point strictly inside: one point", function()
    -- (1, 1.75): 0.25 below the top face.
    assertManifold(0, 1, { { 1, 1.75, 0.25 } }, Polygon(SQUARE), Circle(1, 1.75, 0))
  end)

  it("a polygon given clockwise gives the same manifold", function()
    local b = Polygon({ 0.5, 1.5, 1.5, 1.75, 1.5, 3, 0.5, 3 })
    local cw = Polygon(scenes.reversed(SQUARE))
    assertManifold(0, 1, { { 0.5, 1.75, 0.5 }, { 1.5, 1.875, 0.25 } }, cw, b)
    assertManifold(0, -1, { { 0.5, 1.75, 0.5 }, { 1.5, 1.875, 0.25 } },
                   Polygon(scenes.reversed({ 0.5, 1.5, 1.5, 1.75, 1.5, 3, 0.5, 3 })), cw)
  end)

  it("fills the out Manifold given and returns it", function()
    local out = Manifold()
    assert.are.equal(out, Circle(0, 0, 1):manifold(Circle(1.5, 0, 1), out))
    assert.are.same({ 0.75, 0, 0.5 }, { out:point(1) })
  end)
end)
