local impact = require "impact"

-- The allocation-free path: with out objects and number arguments, calls
-- allocate nothing, under every Lua (and, under LuaJIT, on the FFI fast path
-- as well as through the C API). Each loop runs once as long to warm up
-- (first views, first collider entries), then 100000 times with the
-- collector stopped, and must leave collectgarbage("count") where it was.
-- LuaJIT keeps the traces it compiles on the same heap, so a trace that
-- happens to compile during the measured loop shows up once: the best of
-- three runs is taken, which any garbage per call would still show.

local N = 100000

local function garbage(loop)
  local best = math.huge
  loop(N)
  for _ = 1, 3 do
    collectgarbage()
    collectgarbage()
    collectgarbage("stop")
    local before = collectgarbage("count")
    loop(N)
    best = math.min(best, (collectgarbage("count") - before) * 1024)
    collectgarbage("restart")
    if best == 0 then break end
  end
  return best
end

describe("the allocation-free path", function()
  local box = impact.AABB(0, 0, 8, 8)
  local mover = impact.AABB(-16, 0, 4, 4)
  local hit, sweep = impact.Hit(), impact.Sweep()
  local tiles = {}
  for i = 1, 8 do tiles[i] = impact.AABB(i * 16, 0, 8, 8) end

  it("intersectSegment with an out Hit allocates nothing", function()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do box:intersectSegment(-16, (i % 8) - 4, 32, 1, hit) end
    end))
  end)

  it("intersectSegment with padding and an out Hit allocates nothing", function()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do box:intersectSegment(-16, (i % 8) - 4, 32, 1, 2, 2, hit) end
    end))
  end)

  it("intersectPoint and intersectAABB with an out Hit allocate nothing", function()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do
        box:intersectPoint((i % 8) - 4, 1, hit)
        box:intersectAABB(mover, hit)
      end
    end))
  end)

  it("sweepAABB with an out Sweep allocates nothing, hit or miss", function()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do box:sweepAABB(mover, 32, (i % 8) * 4, sweep) end
    end))
  end)

  it("sweepInto with an out Sweep allocates nothing", function()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do mover:sweepInto(tiles, 200, (i % 8) - 4, sweep) end
    end))
  end)

  it("clipSegment allocates nothing", function()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do box:clipSegment(-16, (i % 8) - 4, 32, 1) end
    end))
  end)

  it("reading results and cached views allocates nothing", function()
    box:sweepAABB(mover, 32, 1, sweep)
    local s = 0
    assert.are.equal(0, garbage(function(n)
      for _ = 1, n do
        local h = sweep.hit
        s = s + sweep.time + sweep.pos.x + h.time + h.normal.x + h.pos.y
            + h.delta.x + box.pos.x + box.half.y
        if h.collider ~= box then error("wrong collider") end
      end
    end))
    assert.is_true(s ~= 0)
  end)

  it("writing Point fields allocates nothing", function()
    local p = impact.Point()
    assert.are.equal(0, garbage(function(n)
      for i = 1, n do
        p.x, p.y = i, -i
        mover.pos.y = (i % 8) * 0.5
      end
    end))
  end)
end)

describe("object lifetimes", function()
  it("a Hit keeps its collider alive", function()
    local hit = impact.AABB(0, 0, 8, 8):intersectPoint(1, 1)
    collectgarbage()
    collectgarbage()
    assert.are.equal("AABB", impact.type(hit.collider))
    assert.are.equal(8, hit.collider.half.x)
  end)

  it("a view keeps its owner alive", function()
    local pos = impact.AABB(1, 2, 3, 4).pos
    local half = impact.AABB(5, 6, 7, 8).half
    collectgarbage()
    collectgarbage()
    assert.are.same({ 1, 2, 7, 8 }, { pos.x, pos.y, half.x, half.y })
    pos.x = 10  -- still writes into the (live) box
    assert.are.equal(10, pos.x)
  end)

  it("a Sweep's hit keeps the Sweep and its collider alive", function()
    local hit = impact.AABB(0, 0, 2, 2):sweepAABB(impact.AABB(-8, 0, 2, 2), 8, 0).hit
    collectgarbage()
    collectgarbage()
    -- near x = (0 - 4 + 8) / 8 = 0.5: the contact point is (-2, 0).
    assert.are.same({ 0.5, -2, 0, -1 }, { hit.time, hit.pos.x, hit.pos.y, hit.normal.x })
    assert.are.equal(2, hit.collider.half.x)
  end)

  it("a collider is collected once no Hit refers to it", function()
    local hit = impact.Hit()
    local probe = setmetatable({}, { __mode = "v" })
    do
      local box = impact.AABB(0, 0, 8, 8)
      probe[1] = box
      box:intersectPoint(1, 1, hit)
    end
    collectgarbage()
    collectgarbage()
    assert.is_not_nil(probe[1])  -- held by hit.collider
    hit.collider = nil
    collectgarbage()
    collectgarbage()
    assert.is_nil(probe[1])
  end)
end)
