local impact = require "impact"
local scenes = require "shape_scenes"

-- S:overlap(other[, out]) -> Hit|nil: the push-out for other (the minimum
-- translation), its unit normal from S towards other and pos on S's
-- boundary. Push-outs separate: other moved by hit.delta no longer
-- overlaps S, and a sweep from there away or along the contact is not
-- stopped. Each delta is worked out by hand and must match within 1e-9
-- relative, as the contract allows.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB, Hit = impact.AABB, impact.OBB, impact.Hit
local near, SQUARE = scenes.near, scenes.SQUARE
local R2 = math.sqrt(2)

-- Whether (x, y) lies on shape's boundary, within the rounding of a point
-- computed on a round side: at most 1e-12 outside it or inside it.
local function onBoundary(shape, x, y)
  local point = Circle(x, y, 0)
  if shape:distance(point) > 1e-12 then return false end
  local h = shape:overlap(point)
  return h == nil or h.delta:length() <= 1e-12
end

-- The push-out of b from a is (dx, dy) within 1e-9 relative (or within
-- tol), its normal that direction made unit; b moved by the delta is apart
-- from a, and sweeps from there away (along the normal) and both ways along
-- the contact are not stopped.
local function assertPushOut(dx, dy, a, b, what, tol)
  local h = a:overlap(b)
  assert.are.equal("Hit", impact.type(h), what)
  local length = math.sqrt(dx * dx + dy * dy)
  near(dx, h.delta.x, what .. ": delta.x", tol or 1e-9 * length)
  near(dy, h.delta.y, what .. ": delta.y", tol or 1e-9 * length)
  near(dx / length, h.normal.x, what .. ": normal.x")
  near(dy / length, h.normal.y, what .. ": normal.y")
  b.pos = b.pos + h.delta
  assert.is_false(a:intersects(b), what .. ": separated")
  local nx, ny = h.normal.x, h.normal.y
  for _, move in ipairs({ { nx, ny }, { -ny, nx }, { ny, -nx } }) do
    assert.is_nil(a:sweep(b, move[1], move[2]).hit, what .. ": swept away or along")
  end
  return h
end

describe("overlap, every pair of kinds", function()
  it("0.5 deep through the face x = 2 is pushed out by (0.5, 0)", function()
    -- The right shape's leftmost part is at x = 1.5; every other way out is
    -- longer (the shapes are 2 high, a capsule 4).
    scenes.eachPair(1.5, function(a, b, name)
      local h = assertPushOut(0.5, 0, a, b, name)
      near(2, h.pos.x, name .. ": pos.x")
    end)
  end)

  it("the other way round, by (-0.5, 0)", function()
    scenes.eachPair(1.5, function(a, b, name)
      assertPushOut(-0.5, 0, b, a, name .. ", swapped")
    end)
  end)

  it("2^-51 deep is pushed out by 2^-51, up to a few roundings of x = 3", function()
    -- Relative to so small a push, the rounding of b.pos + delta (an ulp
    -- of 3 is 2^-51 itself) is not small: the tolerance is 16 such ulps.
    scenes.eachPair(2 - 2 ^ -51, function(a, b, name)
      assertPushOut(2 ^ -51, 0, a, b, name, 2 ^ -47)
    end)
  end)

  it("touching gives nil and leaves out untouched", function()
    scenes.eachPair(2, function(a, b, name)
      local out = Hit()
      out.time = 0.25
      assert.is_nil(a:overlap(b, out), name)
      assert.is_nil(b:overlap(a, out), name)
      assert.are.equal(0.25, out.time)
    end)
  end)
end)

describe("overlap, the shortest way out", function()
  it("a circle deep in a square goes out by its nearest face", function()
    -- Centre 0.5 from the face x = 0, radius 0.25: 0.75 to the left.
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0) }) do
      assertPushOut(-0.75, 0, sq, Circle(0.5, 1, 0.25), impact.type(sq))
    end
  end)

  it("a point strictly inside goes out by its nearest face", function()
    assertPushOut(0, 0.25, Polygon(SQUARE), Circle(1, 1.75, 0), "polygon")
    assertPushOut(0, 0.25, AABB(1, 1, 1, 1), Circle(1, 1.75, 0), "box")
  end)

  -- The push-out (dx, dy) of the circle from the square as a polygon and
  -- as a box, each touching it at the corner (2, 2) where at says so.
  local function fromSquares(dx, dy, x, y, r, at)
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1) }) do
      local h = assertPushOut(dx, dy, sq, Circle(x, y, r), impact.type(sq))
      if at then near(2, h.pos.x, "pos.x"); near(2, h.pos.y, "pos.y") end
    end
  end

  it("a circle over a square's corner goes out along the 3-4-5 line", function()
    -- Centre (5, 6) is 5 from the corner (2, 2) along (0.6, 0.8); radius
    -- 5.5 is 0.5 too many.
    fromSquares(0.3, 0.4, 5, 6, 5.5, "corner")
  end)

  it("a circle level with a square's top, beyond its side, goes out across the side", function()
    -- Centre (3, 2) is 1 from the side x = 2, and projects onto its end
    -- (2, 2): the side and that corner give the same way out.
    fromSquares(0.5, 0, 3, 2, 1.5, "corner")
  end)

  it("a circle centred on a square's corner goes out across the first face there", function()
    -- The side x = 2 (face 1) and the top y = 2 (face 2) are both 0.5
    -- deep: a tie, to the earlier face.
    fromSquares(0.5, 0, 2, 2, 0.5)
  end)

  it("a circle on a capsule's side goes out across it", function()
    -- Centre 2.5 above the axis; radii 1 + 2 = 3.
    assertPushOut(0, 0.5, Capsule(0, 0, 4, 0, 1), Circle(2, 2.5, 2), "side")
    -- Beyond the end (4, 0), along the 3-4-5 line: 5 < 1 + 4.5.
    assertPushOut(0.3, 0.4, Capsule(0, 0, 4, 0, 1), Circle(7, 4, 4.5), "end cap")
  end)

  it("a square's corner in a slanted face goes out across that face", function()
    -- Hypotenuse x + y = 3.5; the corner (2, 2) has x + y = 4, so it is
    -- 0.5 / sqrt(2) deep along (1, 1) / sqrt(2): the push is (0.25, 0.25).
    -- Along x or y it would take 0.5, along the square's faces 2.
    local tri = { 3.5, 0, 3.5, 3.5, 0, 3.5 }
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1) }) do
      local h = assertPushOut(0.25, 0.25, sq, Polygon(tri), impact.type(sq))
      near(1 / R2, h.normal.x, "normal.x")
    end
  end)

  it("concentric circles go out by the sum of the radii, any way", function()
    local a, b = Circle(1, 1, 1), Circle(1, 1, 2)
    local h = a:overlap(b)
    near(3, h.delta:length(), "|delta|", 3e-9)
    near(1, h.normal:length(), "|normal|")
    b.pos = b.pos + h.delta
    assert.is_false(a:intersects(b))
  end)

  it("walls that cross: the wall is pushed to the other's end", function()
    -- b - a is the rectangle x in [-0.75, 1.25], y in [-1, 1]; the origin
    -- is 0.75 from its side x = -0.75, so b goes 0.75 right: a T at (1, 0).
    local a, b = Capsule(-1, 0, 1, 0, 0), Capsule(0.25, -1, 0.25, 1, 0)
    assertPushOut(0.75, 0, a, b, "crossing walls")
    near(1, b:ends(), "b's x")
  end)

  it("a turned rectangle pushes a circle out of its top face", function()
    -- Half (2, 1) turned a quarter spans y in [-2, 2]; the circle's
    -- bottom is at 1.5.
    assertPushOut(0, 0.5, OBB(0, 0, 2, 1, math.pi / 2), Circle(0, 2.5, 1), "OBB")
    assertPushOut(0, 0.5, Polygon({ -2, -1, 2, -1, 2, 1, -2, 1 }, 0, 0, math.pi / 2),
                  Circle(0, 2.5, 1), "Polygon")
  end)
end)

describe("overlap, pos", function()
  local function assertPosOnA(a, b, what)
    local h = a:overlap(b)
    assert.is_true(onBoundary(a, h.pos.x, h.pos.y),
      ("%s: pos (%.17g, %.17g) on a's boundary"):format(what, h.pos.x, h.pos.y))
  end

  it("lies on S's boundary, every pair either way round", function()
    scenes.eachPair(1.5, function(a, b, name)
      assertPosOnA(a, b, name)
      assertPosOnA(b, a, name .. ", swapped")
    end)
  end)

  it("lies on S's boundary where S touches b's face with a corner", function()
    -- The square's corner (2, 2) in the triangle's face x + y = 3.5.
    assertPosOnA(Polygon(SQUARE), Polygon({ 3.5, 0, 3.5, 3.5, 0, 3.5 }), "corner in a face")
    -- The wall b, pushed right, meets a at a's end (1, 0).
    assertPosOnA(Capsule(-1, 0, 1, 0, 0), Capsule(0.25, -1, 0.25, 1, 0), "crossing walls")
  end)
end)

describe("overlap, windings and placements", function()
  it("a polygon given clockwise pushes out the same way", function()
    for _, kind in ipairs(scenes.KINDS) do
      local ccw = Polygon(SQUARE):overlap(scenes.right[kind](1.5))
      local cw = Polygon(scenes.reversed(SQUARE)):overlap(scenes.right[kind](1.5))
      for _, f in ipairs({ "delta", "normal", "pos" }) do
        near(ccw[f].x, cw[f].x, kind .. " " .. f .. ".x")
        near(ccw[f].y, cw[f].y, kind .. " " .. f .. ".y")
      end
    end
  end)

  it("a zero-length capsule is pushed out as a circle", function()
    -- Centre 0.5 from the face x = 0, radius 1: out to x = -1.
    assertPushOut(-1.5, 0, Polygon(SQUARE), Capsule(0.5, 1, 0.5, 1, 1), "dot")
    assertPushOut(-1.5, 0, Polygon(SQUARE), Circle(0.5, 1, 1), "circle")
  end)

  it("fills the out Hit given and returns it", function()
    local out = Hit()
    assert.are.equal(out, Circle(0, 0, 1):overlap(Circle(1.5, 0, 1), out))
    near(0.5, out.delta.x, "delta.x"); near(1, out.normal.x, "normal.x")
  end)
end)
