-- Checks the LuaLS definitions (library/impact.lua) against the module:
-- every function and field in the module's tables (impact, each type's
-- method table, impact.bump and its parts) is annotated, and every
-- annotated method and field exists, read from real objects.
--   luajit tools/check-defs.lua library/impact.lua   (impact on the paths)
local impact = require "impact"
local bump = require "impact.bump"

-- The classes of the file: fields and functions by name.
local classes, order = {}, {}
local function class(name)
  if not classes[name] then
    classes[name] = { fields = {}, functions = {} }
    order[#order + 1] = name
  end
  return classes[name]
end

local locals = { impact = "impact", bump = "impact.bump" }
local current
for line in io.lines(arg[1]) do
  local name = line:match("^%-%-%-@class ([%w._]+)")
  if name then current = class(name) end
  -- An optional field (name?) may be nil: it is only checked when set.
  local field, optional = line:match("^%-%-%-@field ([%w_]+)(%??)")
  if field then current.fields[field] = optional == "?" and "optional" or true end
  local path, fn = line:match("^function ([%w._]+)[.:]([%w_]+)%(")
  if path then
    local head, rest = path:match("^([%w_]+)(.*)$")
    class((locals[head] or head) .. rest).functions[fn] = true
  end
end

-- Objects whose fields are all set, to read the annotated fields from.
local box = impact.AABB(0, 0, 1, 1)
local world = impact.World(64)
world:add("wall", 0, 0, 10, 10)
world:add("ball", -20, 0, 5, 5)
local _, _, slid = world:check("ball", 5, 0)
local _, _, bounced = world:check("ball", 5, 0, function() return "bounce" end)
local infos = world:querySegmentWithCoords(-1, 5, 20, 5)
local arcs = world:queryArc(-1, 5, 20, 0, 0, 1)

local runtime = {
  impact = { table = impact, samples = { impact } },
  ["impact.Point"] = { table = impact.Point, samples = { impact.Point(1, 2) } },
  ["impact.AABB"] = { table = impact.AABB, samples = { box } },
  ["impact.OBB"] = { table = impact.OBB, samples = { impact.OBB(0, 0, 1, 1, 0.5) } },
  ["impact.Hit"] = { table = impact.Hit, samples = { box:intersectPoint(0.5, 0) } },
  ["impact.Sweep"] = { table = impact.Sweep,
                       samples = { box:sweepAABB(impact.AABB(-5, 0, 1, 1), 10, 0) } },
  ["impact.World"] = { table = impact.World, samples = { world } },
  ["impact.Circle"] = { table = impact.Circle, samples = { impact.Circle(0, 0, 1) } },
  ["impact.Capsule"] = { table = impact.Capsule, samples = { impact.Capsule(0, 0, 1, 0, 1) } },
  ["impact.Polygon"] = { table = impact.Polygon,
                         samples = { impact.Polygon({ 0, 0, 1, 0, 0, 1 }) } },
  ["impact.Manifold"] = { table = impact.Manifold,
                          samples = { impact.Circle(0, 0, 1):manifold(impact.Circle(1, 0, 1)) } },
  ["impact.Collision"] = { samples = { slid[1], bounced[1] } },
  ["impact.SegmentInfo"] = { samples = { infos[1] } },
  ["impact.ArcInfo"] = { samples = { arcs[1] } },
  ["impact.bump"] = { table = bump, samples = { bump } },
  ["impact.bump.rect"] = { table = bump.rect, samples = { bump.rect } },
  ["impact.bump.responses"] = { table = bump.responses, samples = { bump.responses } },
}

local problems, count = {}, 0
local function problem(...) problems[#problems + 1] = table.concat({ ... }) end

local function present(r, name)
  for _, sample in ipairs(r.samples) do
    if sample[name] ~= nil then return true end
  end
  return false
end

-- Every annotated name exists.
for _, name in ipairs(order) do
  local c, r = classes[name], runtime[name]
  if not r then
    problem(name, ": a class the module has no counterpart for")
  else
    for field, kind in pairs(c.fields) do
      count = count + 1
      if kind ~= "optional" and not present(r, field) then
        problem(name, ".", field, ": annotated, not in the module")
      end
    end
    for fn in pairs(c.functions) do
      count = count + 1
      if type(r.table and rawget(r.table, fn)) ~= "function" then
        problem(name, ".", fn, ": annotated, not a function of the module")
      end
    end
  end
end

-- Every name in the module's tables is annotated (a type's method table as
-- its class).
for name, r in pairs(runtime) do
  local c = classes[name]
  for key in pairs(r.table or {}) do
    if c and not (c.fields[key] or c.functions[key] or classes[name .. "." .. key]) then
      problem(name, ".", tostring(key), ": in the module, not annotated")
    end
  end
end

table.sort(problems)
for _, p in ipairs(problems) do print("defs: " .. p) end
print(("defs: %d annotated names checked, %d problems"):format(count, #problems))
os.exit(#problems == 0 and 0 or 1)
