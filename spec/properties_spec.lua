-- The core's properties (spec/core/properties.c checks them in C on many
-- random scenes) seen from Lua, under every Lua and both LuaJIT paths:
-- named cases at the boundaries the property checks probe, and a seeded
-- random run of the same agreements through the module's API.
local impact = require "impact"
local AABB = impact.AABB

local function overlaps(a, b)
  return math.abs(a.pos.x - b.pos.x) < a.half.x + b.half.x
     and math.abs(a.pos.y - b.pos.y) < a.half.y + b.half.y
end

describe("intersectSegment against clipSegment", function()
  local box = AABB(0, 0, 2, 1)

  it("a segment grazing a corner: a hit, and a clip of one point", function()
    local hit = box:intersectSegment(-3, 0, 2, 2)
    assert.are.equal(0.5, hit.time)
    local kind, t0, t1 = box:clipSegment(-3, 0, 2, 2)
    assert.are.equal("traverse", kind)
    assert.are.equal(t0, t1)
  end)

  it("a segment ending at contact: a miss, and a clip that enters at its end", function()
    assert.is_nil(box:intersectSegment(-4, 0, 2, 0))
    local kind, t0, t1 = box:clipSegment(-4, 0, 2, 0)
    assert.are.equal("enter", kind)
    assert.are.equal(1, t0)
    assert.are.equal(1, t1)
  end)

  it("a segment along an edge: a miss, though the closed box holds it", function()
    assert.is_nil(box:intersectSegment(-3, 1, 6, 0))
    assert.are.equal("traverse", (box:clipSegment(-3, 1, 6, 0)))
  end)

  it("a segment crossing the open box: a hit at clip's entry time", function()
    local hit = box:intersectSegment(-4, 0.5, 8, 0)
    local kind, t0 = box:clipSegment(-4, 0.5, 8, 0)
    assert.are.equal("traverse", kind)
    assert.are.equal(t0, hit.time)
  end)

  it("a padding is a bigger box", function()
    local a = box:intersectSegment(-5, 1.5, 10, 0.25, 1, 1)
    local b = AABB(0, 0, 3, 2):intersectSegment(-5, 1.5, 10, 0.25)
    assert.are.equal(b.time, a.time)
    assert.are.equal(b.normal, a.normal)
  end)
end)

describe("sweeps", function()
  it("do not tunnel on a slow move far from the origin", function()
    local wall = AABB(2 ^ 29 + 0.75, 0, 0.5, 0.5)
    local mover = AABB(2 ^ 29 - 0.25 - 3e-9, 0, 0.5, 0.5)
    local s = wall:sweepAABB(mover, 1e-8, 0)
    assert.is_truthy(s.hit)
    mover.pos = s.pos
    assert.is_false(overlaps(wall, mover))
  end)

  it("leave a box they start touching, unhindered", function()
    local wall = AABB(0, 0, 1, 1)
    local s = wall:sweepAABB(AABB(2, 0, 1, 1), 3, 0)
    assert.is_nil(s.hit)
    assert.are.equal(1, s.time)
  end)

  it("stop at once in a box they start in", function()
    local s = AABB(0, 0, 1, 1):sweepAABB(AABB(1.5, 0, 1, 1), 3, 0)
    assert.is_truthy(s.hit)
    assert.are.equal(0, s.time)
  end)
end)

describe("random scenes through the API", function()
  local random = math.random
  local function coord() return random(-12, 12) * 0.5 end
  local function size() return random(0, 8) * 0.5 end
  local function box() return AABB(coord(), coord(), size(), size()) end

  it("sweepInto is the nearest of the single sweeps, ties to the first", function()
    math.randomseed(7)
    for _ = 1, 2000 do
      local mover, list = box(), {}
      for i = 1, random(0, 6) do list[i] = random(4) == 1 and list[random(i)] or box() end
      if list[1] and random(4) == 1 then list[random(#list)] = mover end
      local dx, dy = coord(), coord()
      local got = mover:sweepInto(list, dx, dy)
      local best, which = 1, nil
      for i, c in ipairs(list) do
        if c ~= mover then
          local s = c:sweepAABB(mover, dx, dy)
          if s.time < best then best, which = s.time, i end
        end
      end
      assert.are.equal(best, got.time)
      assert.are.equal(which and list[which], got.hit and got.hit.collider)
    end
  end)

  it("a sweep that hits ends clear of what it hit", function()
    math.randomseed(8)
    for _ = 1, 2000 do
      local wall, mover = box(), box()
      if not overlaps(wall, mover) then
        local s = wall:sweepAABB(mover, coord(), coord())
        if s.hit then
          local stopped = AABB(s.pos, mover.half)
          assert.is_false(overlaps(wall, stopped), tostring(stopped))
        end
      end
    end
  end)

  it("intersectSegment hits where clipSegment finds a part inside the open box", function()
    math.randomseed(9)
    for _ = 1, 2000 do
      local b = box()
      local px, py, dx, dy = coord(), coord(), coord(), coord()
      local kind, t0, t1 = "outside"
      if b.half.x > 1e-9 and b.half.y > 1e-9 then
        local shrunk = AABB(b.pos.x, b.pos.y, b.half.x - 1e-9, b.half.y - 1e-9)
        kind, t0, t1 = shrunk:clipSegment(px, py, dx, dy)
      end
      local hit = b:intersectSegment(px, py, dx, dy)
      if kind ~= "outside" and (t1 - t0 > 1e-6 or (dx == 0 and dy == 0)) then
        assert.is_truthy(hit)
      end
      if hit then assert.are_not.equal("outside", (b:clipSegment(px, py, dx, dy))) end
    end
  end)
end)
