-- Per-call cost of the shape tests against plainshapes.lua's baselines and,
-- when HC_DIR names a checkout of HC (vrld/HC), against HC's
-- shape:collidesWith(other), on the same pairs, side by side in one run.
-- Prints a row for a case: ns and bytes of garbage per call of each, how
-- many times faster impact is, and how often each other answers as impact
-- does (they decide in rounded doubles; impact exactly).
--   lua bench/shapes.lua <label> [case]   (bench/run.sh runs every case)
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local measure = require "measure"
local impact = require "impact"
local plain = require "plainshapes"

local label = arg[1] or _VERSION
local N = math.floor((tonumber(os.getenv("BENCH_CALLS")) or 1000000) / 10)

-- HC's shapes module, loaded as HC loads it (by its directory's name), or
-- nil and why not.
local function load_hc()
  local dir = os.getenv("HC_DIR")
  if not dir or dir == "" then return nil, "HC_DIR unset" end
  local parent, name = dir:match("^(.-)/*([^/]+)/*$")
  if parent == "" then parent = "." end
  package.path = parent .. "/?.lua;" .. parent .. "/?/init.lua;" .. package.path
  local ok, shapes = pcall(require, name .. ".shapes")
  if not ok then return nil, "HC does not load: " .. tostring(shapes) end
  return shapes
end
local hc, why = load_hc()

-- CASES pairs, half of them overlapping by impact, walked in their random
-- order: no branch predictor or trace learns the outcomes. The draws are
-- Park-Miller's, the same under every Lua.
local CASES, seed = 4096, 7
local function uniform(lo, hi)
  seed = seed * 48271 % 2147483647
  return lo + (hi - lo) * seed / 2147483647
end

-- A convex polygon of 3 to 8 vertices at sorted angles at least 0.2 apart
-- on a circle around its own origin (counter-clockwise), placed at random:
-- the impact Polygon, its world vertices, and HC's shape of them.
local function polygon()
  local count, turns = 3 + math.floor(uniform(0, 6)), {}
  repeat
    for i = 1, count do turns[i] = uniform(0, 2 * math.pi) end
    table.sort(turns)
    local apart = turns[1] + 2 * math.pi - turns[count] >= 0.2
    for i = 2, count do apart = apart and turns[i] - turns[i - 1] >= 0.2 end
  until apart
  local r, own = uniform(1, 4), {}
  for i = 1, count do
    own[2 * i - 1], own[2 * i] = r * math.cos(turns[i]), r * math.sin(turns[i])
  end
  local shape = impact.Polygon(own, uniform(-6, 6), uniform(-6, 6),
                               uniform(0, 2 * math.pi))
  local world = shape:vertices()
  local unpack = table.unpack or unpack
  return { shape = shape, world = world,
           hc = hc and hc.newPolygonShape(unpack(world)) }
end

local function circle()
  local x, y, r = uniform(-6, 6), uniform(-6, 6), uniform(0.5, 3)
  return { shape = impact.Circle(x, y, r), x = x, y = y, r = r,
           hc = hc and hc.newCircleShape(x, y, r) }
end

local function pairs_of(draw_a, draw_b)
  local a, b, counts = {}, {}, { [true] = 0, [false] = 0 }
  while #a < CASES do
    local p, q = draw_a(), draw_b()
    local hit = p.shape:intersects(q.shape)
    if counts[hit] < CASES / 2 then
      counts[hit] = counts[hit] + 1
      a[#a + 1], b[#b + 1] = p, q
    end
  end
  return a, b
end

-- The loops: each sums its hits, so that no call can be dropped.
local hit = impact.Hit()
local function impact_overlap(a, b)
  return function(n)
    local s = 0
    for i = 1, n do
      local k = i % CASES + 1
      if a[k]:overlap(b[k], hit) then s = s + 1 end
    end
    return s
  end
end

local function impact_intersects(a, b)
  return function(n)
    local s = 0
    for i = 1, n do
      local k = i % CASES + 1
      if a[k]:intersects(b[k]) then s = s + 1 end
    end
    return s
  end
end

local function hc_collides(a, b)
  return function(n)
    local s = 0
    for i = 1, n do
      local k = i % CASES + 1
      if a[k]:collidesWith(b[k]) then s = s + 1 end
    end
    return s
  end
end

local function plain_test(test, a, b)
  return function(n)
    local s = 0
    for i = 1, n do
      local k = i % CASES + 1
      if test(a[k], b[k]) then s = s + 1 end
    end
    return s
  end
end

local function field(list, name)
  local out = {}
  for i, v in ipairs(list) do out[i] = v[name] end
  return out
end

-- How often test answers as impact's intersects does over the pairs.
local function agreement(test, a, b)
  local same = 0
  for k = 1, CASES do
    if (test(a[k], b[k]) and true or false) ==
       a[k].shape:intersects(b[k].shape) then
      same = same + 1
    end
  end
  return string.format("%5.1f%%", 100 * same / CASES)
end

-- A case: its name, the pairs, impact's loop, the plain test, and whether
-- HC takes part (HC has no test without the push-out). Gives the loops and
-- the agreements.
local function case(name, draw_a, draw_b, impact_loop, plain_call, with_hc)
  return { name, function()
    local a, b = pairs_of(draw_a, draw_b)
    local sa, sb = field(a, "shape"), field(b, "shape")
    local loops = { impact_loop(sa, sb), plain_test(plain_call, a, b) }
    local agrees = { agreement(plain_call, a, b) }
    if with_hc and hc then
      loops[3] = hc_collides(field(a, "hc"), field(b, "hc"))
      agrees[2] = agreement(function(p, q) return p.hc:collidesWith(q.hc) end,
                            a, b)
    end
    return loops, agrees
  end }
end

local cases = {
  case("circles intersect", circle, circle, impact_intersects,
       function(p, q) return plain.circles(p.x, p.y, p.r, q.x, q.y, q.r) end),
  case("circles overlap", circle, circle, impact_overlap,
       function(p, q) return plain.circles(p.x, p.y, p.r, q.x, q.y, q.r) end,
       true),
  case("polygons intersect", polygon, polygon, impact_intersects,
       function(p, q) return plain.polygonsOverlap(p.world, q.world) end),
  case("polygons overlap", polygon, polygon, impact_overlap,
       function(p, q) return plain.polygons(p.world, q.world) end, true),
  case("poly-circle overlap", polygon, circle, impact_overlap,
       function(p, q) return plain.polygonCircle(p.world, q.x, q.y, q.r) end,
       true),
}

-- With a case number, measures that case alone (bench/run.sh runs each in
-- a fresh process); without one, prints how many cases there are.
local which = tonumber(arg[2])
if not which then
  if not hc and os.getenv("HC_DIR") then
    io.stderr:write(label, ": ", why, "\n")
  end
  print(#cases)
  return
end

local name, build = cases[which][1], cases[which][2]
local loops, agrees = build()
local m = 20000
local ns, bytes = measure(loops[1], N, m)
local pns, pbytes = measure(loops[2], N, m)
local cells = string.format("%7.1f | %5.0f | %7.1f | %5.0f",
                            ns, bytes, pns, pbytes)
local ratios = string.format("%5.1fx", pns / ns)
if loops[3] then
  local hns, hbytes = measure(loops[3], N, m)
  cells = cells .. string.format(" | %7.1f | %5.0f", hns, hbytes)
  ratios = ratios .. string.format(" | %5.1fx", hns / ns)
else
  cells, ratios, agrees[2] = cells .. " | - | -", ratios .. " | -", "-"
end
print(string.format("| %-19s | %-12s | %s | %s | %s |", name, label, cells,
                    ratios, table.concat(agrees, " | ")))
