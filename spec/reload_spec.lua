-- Hot reloading (lume.hotswap, lurker): clearing package.loaded and
-- requiring again works any number of times, impact.bump included, and the
-- objects made before a reload keep working. An object made by another copy
-- of the native module is refused by name.
local impact = require "impact"
local assertError = require("helpers").assertError

local function clear(pattern)
  for name in pairs(package.loaded) do
    if name:find(pattern) then package.loaded[name] = nil end
  end
end

describe("requiring impact again", function()
  local box = impact.AABB(0, 0, 2, 2)

  it("after package.loaded.impact = nil gives a working module, every time", function()
    for _ = 1, 3 do
      package.loaded.impact = nil
      local again = require "impact"
      local hit = again.AABB(1, 0, 2, 2):intersectAABB(box)
      assert.are.equal(-3, hit.delta.x)
      assert.are.equal(impact.AABB, again.AABB)
    end
  end)

  it("then impact.bump works too, every time", function()
    for _ = 1, 3 do
      package.loaded.impact, package.loaded["impact.bump"] = nil, nil
      local bump = require "impact.bump"
      local world = bump.newWorld(32)
      world:add("a", 0, 0, 10, 10)
      world:add("b", 20, 0, 10, 10)
      local x, y, cols, len = world:move("a", 30, 0)
      assert.are.same({ 10, 0, 1, "b" }, { x, y, len, cols[1].other })
      assert.are.equal("function", type(bump.rect.getDiff))
      assert.are.equal("function", type(bump.responses.slide))
    end
  end)

  it("after every impact module is cleared, and old objects still work", function()
    local world = impact.World(16)
    world:add("wall", 10, 0, 10, 10)
    for _ = 1, 3 do
      clear("^impact")
      local again = require "impact"
      local bump = require "impact.bump"
      assert.is_truthy(again.AABB(1, 0, 2, 2):intersectAABB(box))
      assert.is_truthy(box:intersectAABB(again.AABB(1, 0, 2, 2)))
      assert.are.equal("AABB", again.type(box))
      assert.are.equal("World", again.type(world))
      assert.are.equal(1, world:countItems())
      assert.are.equal(1, bump.newWorld():add(1, 0, 0, 1, 1))
    end
  end)
end)

describe("requiring impact in a Lua state without the debug, io and os libraries", function()
  it("gives the native module, or says that the pure backend needs debug", function()
    local saved = { debug = _G.debug, io = _G.io, os = _G.os }
    clear("^impact")
    _G.debug, _G.io, _G.os = nil, nil, nil
    local ok, again = pcall(require, "impact")
    _G.debug, _G.io, _G.os = saved.debug, saved.io, saved.os
    clear("^impact")  -- Lua 5.1 keeps a failed require's mark there
    if impact.backend == "native" then
      assert.is_true(ok, again)
      assert.are.equal("native", again.backend)
      assert.are.equal(-3, again.AABB(1, 0, 2, 2):intersectAABB(again.AABB(0, 0, 2, 2)).delta.x)
    else
      assert.is_false(ok)
      assert.matches("impact.pure needs the debug library, which this Lua state has not opened",
                     again, 1, true)
      assert.are.equal("lua", require("impact").backend)
    end
  end)
end)

-- The path of the native module that require loads, for a copy of it.
local function nativePath()
  for template in package.cpath:gmatch("[^;]+") do
    local path = template:gsub("%?", "impact/core")
    local f = io.open(path, "rb")
    if f then
      f:close()
      return path
    end
  end
end

describe("#native an object of another copy of the native module", function()
  it("is refused with an error that says so", function()
    local from = assert(io.open(nativePath(), "rb"))
    local copy = os.tmpname()
    local to = assert(io.open(copy, "wb"))
    to:write(from:read("*a"))
    from:close()
    to:close()
    -- A copy of the file is another binary: its own types.
    local other = assert(package.loadlib(copy, "luaopen_impact_core"))()
    os.remove(copy)
    local theirs = other.AABB(0, 0, 1, 1)
    assert.is_nil(impact.type(theirs))
    assertError("bad argument #1 to 'intersectAABB' (AABB expected, got AABB from another load of impact)",
                function() local r = impact.AABB(0, 0, 1, 1):intersectAABB(theirs) return r end)
    assertError("(Point or number expected, got Point from another load of impact)",
                function() local r = impact.AABB(0, 0, 1, 1):intersectPoint(other.Point()) return r end)
  end)
end)
