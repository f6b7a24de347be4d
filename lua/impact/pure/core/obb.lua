-- Rotated rectangles (src/core/obb.c), the same double operations in the
-- same order. A rectangle is a table with the keys of an OBB object:
-- "\0px", "\0py" (centre), "\0hx", "\0hy" (half size), "\0c", "\0s" (its
-- cosine and sine). Hits are returned as in core/aabb.lua.
local core = require "impact.pure.core.aabb"
local clip = require "impact.pure.core.clip"
local exact = require "impact.pure.core.exact"

local scratch, inrange, signofproducts = exact.scratch, exact.inrange, exact.signofproducts

local huge = math.huge
local sign, clamp = core.sign, core.clamp

local obb = {}

local abs = exact.fabs  -- fabs: -0 is +0

-- sin(angle) is 0 only for angle +-0, where cos is 1.
local function aligned(o) return o["\0s"] == 0 and o["\0c"] == 1 end
obb.aligned = aligned

-- A world direction in the rectangle's frame, R(-angle) v, and back.
local function toframe(o, x, y)
  local c, s = o["\0c"], o["\0s"]
  return c * x + s * y, c * y - s * x
end

local function toworld(o, x, y)
  local c, s = o["\0c"], o["\0s"]
  return c * x - s * y, s * x + c * y
end

-- c h + s k rounded up, for c, s, h, k >= 0 (obb.c's reach_up): the sum
-- as the corners have it, stepped up to the next double while it is short
-- of the exact value.
local factors, otherfactors = scratch(3), scratch(3)
otherfactors[3] = -1.0  -- for -half
local function reachup(c, h, s, k)
  local half = c * h + s * k
  if not (inrange(c) and inrange(h) and inrange(s) and inrange(k)) then return half end
  factors[1], factors[2], factors[3], otherfactors[1], otherfactors[2] = c, s, half, h, k
  while signofproducts(factors, otherfactors, 3) > 0 do
    half = half + half * (2 ^ -53 + 2 ^ -105)
    factors[3] = half
  end
  return half
end

-- Half extents of the rectangle's projections on the world axes, rounded
-- up, so that the box they make holds the rectangle exactly. (The hot
-- functions below write fabs out, as calls cost under PUC Lua.)
local function reach(o)
  local c, s, hx, hy = o["\0c"], o["\0s"], o["\0hx"], o["\0hy"]
  c, s = c < 0 and -c or c + 0.0, s < 0 and -s or s + 0.0
  return reachup(c, hx, s, hy), reachup(s, hx, c, hy)
end
obb.reach = reach

local SX, SY = { -1.0, 1.0, 1.0, -1.0 }, { -1.0, -1.0, 1.0, 1.0 }

function obb.corners(o)
  local px, py, hx, hy = o["\0px"], o["\0py"], o["\0hx"], o["\0hy"]
  local x1, y1 = toworld(o, SX[1] * hx, SY[1] * hy)
  local x2, y2 = toworld(o, SX[2] * hx, SY[2] * hy)
  local x3, y3 = toworld(o, SX[3] * hx, SY[3] * hy)
  local x4, y4 = toworld(o, SX[4] * hx, SY[4] * hy)
  return px + x1, py + y1, px + x2, py + y2, px + x3, py + y3, px + x4, py + y4
end

-- The separating-axis quantities of a and b on the four candidate axes (a's
-- x and y, then b's): b's centre from a's along each (four values), then
-- how far a reaches along b's axes and b along a's (along its own axes a
-- rectangle reaches its half size).
local function sat(a, b)
  local wx, wy = b["\0px"] - a["\0px"], b["\0py"] - a["\0py"]
  local ac, as, bc, bs = a["\0c"], a["\0s"], b["\0c"], b["\0s"]
  local cr = ac * bc + as * bs  -- cos(b - a)
  local sr = ac * bs - as * bc  -- sin(b - a)
  cr, sr = cr < 0 and -cr or cr + 0.0, sr < 0 and -sr or sr + 0.0
  local ahx, ahy, bhx, bhy = a["\0hx"], a["\0hy"], b["\0hx"], b["\0hy"]
  return ac * wx + as * wy, ac * wy - as * wx, bc * wx + bs * wy, bc * wy - bs * wx,
         cr * ahx + sr * ahy, sr * ahx + cr * ahy, cr * bhx + sr * bhy, sr * bhx + cr * bhy
end

-- The same quantities into these arrays, indexed by axis (1 to 4).
local dist, reacha, reachb = scratch(4), scratch(4), scratch(4)

local function project(a, b)
  dist[1], dist[2], dist[3], dist[4], reacha[3], reacha[4], reachb[1], reachb[2] = sat(a, b)
  reacha[1], reacha[2] = a["\0hx"], a["\0hy"]
  reachb[3], reachb[4] = b["\0hx"], b["\0hy"]
end

-- Candidate axis k (1 to 4) as a world direction.
local function sataxis(a, b, k)
  local o = k <= 2 and a or b
  if k == 1 or k == 3 then return o["\0c"], o["\0s"] end
  return -o["\0s"], o["\0c"]
end

-- The separating-axis test: sat's quantities written out, a's axes first,
-- since most pairs that miss are told apart on them. Written twice, as
-- core/aabb.lua's slab test is, for the two ways Lua runs it: LuaJIT's
-- compiler takes math.abs without a branch, where a random sign would
-- leave the trace (16.9 against 12.6 ns); the interpreter takes a
-- comparison, where math.abs would be a call costing more than the test.
-- The absolute values only meet comparisons, so both answer alike.
local fabs = math.abs
local function compiledoverlap(a, b)
  local wx, wy = b["\0px"] - a["\0px"], b["\0py"] - a["\0py"]
  local ac, as, bc, bs = a["\0c"], a["\0s"], b["\0c"], b["\0s"]
  local cr, sr = fabs(ac * bc + as * bs), fabs(ac * bs - as * bc)
  local bhx, bhy = b["\0hx"], b["\0hy"]
  if not (fabs(ac * wx + as * wy) < a["\0hx"] + (cr * bhx + sr * bhy)) then return false end
  if not (fabs(ac * wy - as * wx) < a["\0hy"] + (sr * bhx + cr * bhy)) then return false end
  local ahx, ahy = a["\0hx"], a["\0hy"]
  if not (fabs(bc * wx + bs * wy) < (cr * ahx + sr * ahy) + bhx) then return false end
  return fabs(bc * wy - bs * wx) < (sr * ahx + cr * ahy) + bhy
end

local function interpretedoverlap(a, b)
  local wx, wy = b["\0px"] - a["\0px"], b["\0py"] - a["\0py"]
  local ac, as, bc, bs = a["\0c"], a["\0s"], b["\0c"], b["\0s"]
  local cr = ac * bc + as * bs
  local sr = ac * bs - as * bc
  cr, sr = cr < 0 and -cr or cr, sr < 0 and -sr or sr
  local bhx, bhy = b["\0hx"], b["\0hy"]
  local d = ac * wx + as * wy
  if not ((d < 0 and -d or d) < a["\0hx"] + (cr * bhx + sr * bhy)) then return false end
  d = ac * wy - as * wx
  if not ((d < 0 and -d or d) < a["\0hy"] + (sr * bhx + cr * bhy)) then return false end
  local ahx, ahy = a["\0hx"], a["\0hy"]
  d = bc * wx + bs * wy
  if not ((d < 0 and -d or d) < (cr * ahx + sr * ahy) + bhx) then return false end
  d = bc * wy - bs * wx
  return (d < 0 and -d or d) < (sr * ahx + cr * ahy) + bhy
end

obb.intersectOBB = jit and jit.status() and compiledoverlap or interpretedoverlap

-- Push-out of something centred at (x, y), dist from the rectangle's
-- centre along the unit direction (ux, uy), towards the side it is on: the
-- normal and the contact point, on the rectangle's boundary (which reaches
-- r along u), across from (x, y).
local function pushout(ux, uy, d, r, x, y)
  local sg, onto = sign(d), r - abs(d)
  local nx, ny = ux * sg + 0.0, uy * sg + 0.0  -- no -0
  return nx, ny, x + nx * onto, y + ny * onto
end

-- to - from along the frame's x (k even) or y (k odd) axis, as project()
-- and the point tests compute it.
local function along(frame, k, fx, fy, tx, ty)
  local lx, ly = toframe(frame, tx - fx, ty - fy)
  if k % 2 == 0 then return lx end
  return ly
end

-- The hit at (hitx, hity) of normal (nx, ny) whose push-out (normal *
-- depth) separates in doubles (see obb.c): the centre at p moved by it is
-- more than r from the centre at c along axis k (0 to 3) of frame, and
-- with both, c moved back by it is too. (Its callers end in it, a tail
-- call: under LuaJIT no frame below its loop then holds their numbers;
-- see core/aabb.lua's intersectSegment.)
local DBL_EPSILON, DBL_TRUE_MIN, STEPS = 2 ^ -52, 2 ^ -1074, 64
local function separate(frame, k, cx, cy, px, py, r, depth, both, nx, ny, hitx, hity)
  local step = DBL_EPSILON * ((abs(cx) + abs(cy)) + (abs(px) + abs(py)) + depth)
               + DBL_TRUE_MIN
  for _ = 1, STEPS do
    local dx, dy = nx * depth, ny * depth
    if abs(along(frame, k, cx, cy, px + dx, py + dy)) > r and
       (not both or abs(along(frame, k, cx - dx, cy - dy, px, py)) > r) then
      break
    end
    depth = depth + step
    step = step + step
  end
  return 0.0, hitx, hity, nx * depth, ny * depth, nx, ny
end

-- Candidate axes in the order that settles ties: y before x, and the
-- collider's own faces before the other's.
local ORDER = { 2, 1, 4, 3 }
local depth = scratch(4)

function obb.overlap(box, other)
  if aligned(box) and aligned(other) then
    return core.intersectAABB(box["\0px"], box["\0py"], box["\0hx"], box["\0hy"],
      other["\0px"], other["\0py"], other["\0hx"], other["\0hy"])
  end
  project(box, other)
  local best = 2
  for i = 1, 4 do
    local k = ORDER[i]
    depth[k] = reacha[k] + reachb[k] - abs(dist[k])
    if not (depth[k] > 0) then return nil end
    if depth[k] < depth[best] then best = k end
  end
  local ux, uy = sataxis(box, other, best)
  local ox, oy = other["\0px"], other["\0py"]
  local nx, ny, px, py = pushout(ux, uy, dist[best], reacha[best], ox, oy)
  return separate(best <= 2 and box or other, best - 1, box["\0px"], box["\0py"],
    ox, oy, reacha[best] + reachb[best], depth[best], true, nx, ny, px, py)
end

function obb.intersectPoint(box, x, y)
  if aligned(box) then
    return core.intersectPoint(box["\0px"], box["\0py"], box["\0hx"], box["\0hy"], x, y)
  end
  local lx, ly = toframe(box, x - box["\0px"], y - box["\0py"])
  local hx, hy = box["\0hx"], box["\0hy"]
  local px, py = hx - abs(lx), hy - abs(ly)
  if not (px > 0 and py > 0) then return nil end
  local k, nx, ny, cx, cy
  if px < py then
    k, nx, ny, cx, cy = 0, pushout(box["\0c"], box["\0s"], lx, hx, x, y)
  else
    k, nx, ny, cx, cy = 1, pushout(-box["\0s"], box["\0c"], ly, hy, x, y)
  end
  return separate(box, k, box["\0px"], box["\0py"], x, y, k == 0 and hx or hy,
    k == 0 and px or py, false, nx, ny, cx, cy)
end

function obb.intersectSegment(box, px, py, dx, dy)
  if aligned(box) then
    return core.intersectSegment(box["\0px"], box["\0py"], box["\0hx"],
                                 box["\0hy"], px, py, dx, dy, 0.0, 0.0)
  end
  local lpx, lpy = toframe(box, px - box["\0px"], py - box["\0py"])
  local ldx, ldy = toframe(box, dx, dy)
  local t, _, _, _, _, nx, ny = core.intersectSegment(0.0, 0.0, box["\0hx"],
    box["\0hy"], lpx, lpy, ldx, ldy, 0.0, 0.0)
  if not t then return nil end
  nx, ny = toworld(box, nx, ny)
  return t, px + dx * t, py + dy * t, (1.0 - t) * -dx, (1.0 - t) * -dy, nx, ny
end

function obb.clipSegment(box, px, py, dx, dy)
  if aligned(box) then
    return clip.segment(box["\0px"], box["\0py"], box["\0hx"], box["\0hy"],
                        px, py, dx, dy)
  end
  local lpx, lpy = toframe(box, px - box["\0px"], py - box["\0py"])
  local ldx, ldy = toframe(box, dx, dy)
  return clip.segment(0.0, 0.0, box["\0hx"], box["\0hy"], lpx, lpy, ldx, ldy)
end

-- The point of o (centred at x, y) farthest along (ux, uy), corners
-- winning ties.
local function support(o, x, y, ux, uy)
  local lx, ly = toframe(o, ux, uy)
  local vx, vy = toworld(o, sign(lx) * o["\0hx"], sign(ly) * o["\0hy"])
  return x + vx, y + vy
end

-- The point (x, y) moved onto the closed rectangle o centred at (ox, oy)
-- (in its frame, clamped).
local function clamponto(o, ox, oy, x, y)
  local lx, ly = toframe(o, x - ox, y - oy)
  local hx, hy = o["\0hx"], o["\0hy"]
  local vx, vy = toworld(o, clamp(lx, -hx, hx), clamp(ly, -hy, hy))
  return ox + vx, oy + vy
end

-- The swept separating-axis test (see obb.c): the entry time, the axis it
-- was on and the side of box the mover came from, or nil.
local function swept(box, moving, dx, dy)
  local leave, enter, first, side = huge, -huge, 2, -1.0
  project(box, moving)
  for i = 1, 4 do
    local k = ORDER[i]
    local ux, uy = sataxis(box, moving, k)
    local r, v = reacha[k] + reachb[k], ux * dx + uy * dy
    if v == 0 then
      if not (abs(dist[k]) < r) then return nil end
    else
      local sg = sign(v)
      local lo = (-sg * r - dist[k]) / v
      local hi = (sg * r - dist[k]) / v
      if not (lo <= hi) then return nil end  -- a NaN
      if lo > enter then enter, first, side = lo, k, -sg end
      if hi < leave then leave = hi end
    end
  end
  if enter <= leave and enter < 1 and leave > 0 then return enter, first, side end
  return nil
end

-- A rectangle moving by (dx, dy) towards the static one: as
-- core.sweepAABB returns it.
function obb.sweepOBB(box, moving, dx, dy)
  local mx, my, mhx, mhy = moving["\0px"], moving["\0py"], moving["\0hx"], moving["\0hy"]
  if aligned(box) and aligned(moving) then
    return core.sweepAABB(box["\0px"], box["\0py"], box["\0hx"], box["\0hy"],
                          mx, my, mhx, mhy, dx, dy)
  end
  if dx == 0 and dy == 0 then
    local t, px, py, ddx, ddy, nx, ny = obb.overlap(box, moving)
    return t and 0.0 or 1.0, mx, my, t, px, py, ddx, ddy, nx, ny
  end
  local enter, first, side = swept(box, moving, dx, dy)
  if not enter then return 1.0, mx + dx, my + dy end
  local t = clamp(enter, 0.0, 1.0)
  local ux, uy = sataxis(box, moving, first)
  local nx, ny = ux * side + 0.0, uy * side + 0.0  -- no -0
  -- Contact: the mover's point deepest towards box's face, or box's point
  -- deepest towards the mover's face moved onto the mover; kept on box
  -- (see obb.c).
  local ax, ay, cx, cy = mx + dx * t, my + dy * t
  if first <= 2 then
    cx, cy = support(moving, ax, ay, -nx, -ny)
  else
    cx, cy = support(box, box["\0px"], box["\0py"], nx, ny)
    cx, cy = clamponto(moving, ax, ay, cx, cy)
  end
  cx, cy = clamponto(box, box["\0px"], box["\0py"], cx, cy)
  local time = core.stoptime(t)
  return time, mx + dx * time, my + dy * time, t, cx, cy,
         (1.0 - t) * -dx, (1.0 - t) * -dy, nx, ny
end

return obb
