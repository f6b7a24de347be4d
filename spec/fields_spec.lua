-- Shapes carry the game's data: a script sets its own fields on AABBs and
-- OBBs (box.owner = enemy), reads them back, clears them with nil; the
-- built-in fields and the methods keep their meaning; an object that never
-- gets a field has no table for them, and the allocation-free paths stay so.
local impact = require "impact"
local helpers = require "helpers"
local AABB, OBB, Hit = impact.AABB, impact.OBB, impact.Hit

-- The bytes a run of f allocates once warm (helpers.allocated).
local function garbage(f) return helpers.allocated(f, 1) end

for _, make in ipairs({ function() return AABB(1, 2, 3, 4) end,
                        function() return OBB(1, 2, 3, 4, 0.5) end }) do
  local name = impact.type(make())

  describe(name .. " fields set by a script", function()
    it("read back as set, nil when unset, and clear with nil", function()
      local box, enemy = make(), {}
      assert.is_nil(box.owner)
      box.owner, box.kind, box[1], box[enemy] = enemy, "spike", "first", true
      assert.are.equal(enemy, box.owner)
      assert.are.equal("spike", box.kind)
      assert.are.equal("first", box[1])
      assert.is_true(box[enemy])
      box.kind = nil
      assert.is_nil(box.kind)
      assert.are.equal(enemy, box.owner)
      assert.is_nil(make().owner)  -- each object has its own
    end)

    it("leave the built-in fields, the methods and tostring as they were", function()
      local box = make()
      local text = tostring(box)
      box.owner = "me"
      box.pos = impact.Point(5, 6)
      assert.are.same({ 5, 6 }, { box.pos.x, box.pos.y })
      assert.are.equal(impact[name].intersectPoint, box.intersectPoint)
      assert.are.equal(text:gsub("%(1, 2%)", "(5, 6)"), tostring(box))
      assert.is_false(pcall(function() box.intersectPoint = 1 end))
      assert.is_false(pcall(function() box.half = 3 end))
      assert.are.equal(impact[name].intersectPoint, box.intersectPoint)
    end)

    it("lead from a hit back to the game object", function()
      local box, enemy = make(), { name = "spike" }
      box.owner = enemy
      local hit = box:intersectPoint(1, 2, Hit())
      assert.are.equal("spike", hit.collider.owner.name)
    end)

    it("survive garbage collections, and go with their object", function()
      local weak = setmetatable({}, { __mode = "v" })
      local keep = {}
      for i = 1, 200 do
        local box, data = make(), { i = i }
        box.data = data
        data.box = box  -- a cycle through the field
        keep[i] = box
        weak[i] = data
      end
      collectgarbage()
      collectgarbage()
      for i = 1, 200 do assert.are.equal(i, keep[i].data.i) end
      keep = nil  -- luacheck: ignore
      collectgarbage()
      collectgarbage()
      assert.is_nil(next(weak))
    end)

    it("cost nothing until the first is set: reading or clearing an unset one allocates nothing", function()
      -- Fresh objects for each run, warm-up runs included: a table made on
      -- a read or a clear would show once per object, in every run.
      local sets, used = {}, 0
      for k = 1, 2 * helpers.RUNS do  -- as many as helpers.allocated may call f
        sets[k] = {}
        for i = 1, 250 do sets[k][i] = make() end
      end
      -- PUC Lua 5.1 makes a table's slot for a new key before it calls
      -- __newindex, and the pure backend's objects are tables: there a
      -- clear costs that slot, so only reads are measured.
      local clears = not (impact.backend == "lua" and _VERSION == "Lua 5.1" and not jit)
      assert.are.equal(0, garbage(function()
        used = used + 1
        local boxes = sets[used]
        for i = 1, #boxes do
          local _ = boxes[i].owner
          if clears then boxes[i].owner = nil end
        end
      end))
    end)

    it("are read and written without garbage once set", function()
      local box, enemy = make(), {}
      box.owner = enemy
      local hit = Hit()
      assert.are.equal(0, garbage(function()
        for i = 1, 10000 do
          box.count = i
          local _, _, _ = box.owner, box.pos.x, box:intersectPoint(1, 2, hit)
        end
      end))
      assert.are.equal(10000, box.count)
    end)
  end)
end

describe("a Hit's and a Sweep's time", function()
  it("comes before a method of that name that a script adds to the type", function()
    local hit, sweep = Hit(), impact.Sweep()
    hit.time, sweep.time = 0.25, 0.75
    local function time() return "method" end
    impact.Hit.time, impact.Sweep.time = time, time
    local ok, got = pcall(function() return { hit.time, sweep.time } end)
    impact.Hit.time, impact.Sweep.time = nil, nil
    assert(ok, got)
    assert.are.same({ 0.25, 0.75 }, got)
  end)
end)
