-- The AABB family (src/core/aabb.c), the same double operations in the same
-- order. A box is cx, cy, hx, hy (centre, half size). Results are returned
-- as values: a hit as time, posx, posy, deltax, deltay, normalx, normaly, or
-- nil on a miss. Numbers stay floats: every constant is written as one.
local exact = require "impact.pure.core.exact"

local sqrt, abs = math.sqrt, math.abs
local twosum, inrange = exact.twosum, exact.inrange
local signofsum, signofproducts = exact.signofsum, exact.signofproducts

local aabb = {}

local EPSILON = 1e-8
aabb.EPSILON = EPSILON

-- imp_sign and imp_clamp; fabs is v < 0 and -v or v + 0.0 (-0 becomes +0).
-- The hot paths write them out: a call costs more than the test under
-- PUC Lua.
local function sign(v) return v < 0 and -1.0 or 1.0 end
local function clamp(v, lo, hi) return v < lo and lo or (v > hi and hi or v) end
aabb.sign, aabb.clamp = sign, clamp

-- Where a sweep whose hit is at time t (0 to 1) stops: backed off by
-- EPSILON, not before 0 (aabb.c's stop_time, after its first clamp).
local function stoptime(t)
  t = t - EPSILON
  return t < 0 and 0.0 or (t > 1 and 1.0 or t)
end
aabb.stoptime = stoptime

-- Push-outs that separate in doubles (see aabb.c): the depth grows from
-- the exact one, by steps doubling from a rounding error of the largest
-- quantity, until the pushed centre is clear by the tests' own arithmetic.
local DBL_EPSILON, DBL_TRUE_MIN, STEPS = 2 ^ -52, 2 ^ -1074, 64

-- Whether s (q - c) >= h1 + h2 exactly where the difference and the sum
-- round to the same double (aabb.c's apart_on_tie): what their rounding
-- left out decides. Where they round apart, clear has decided already;
-- beyond inrange the slab test decides rounded, and the tie is clear.
local function apartontie(c, q, h1, h2, s)
  if not (inrange(c) and inrange(q) and inrange(h1) and inrange(h2)) then return true end
  local _, gaperror = twosum(q, -c)
  local _, sumerror = twosum(h1, h2)
  return s * gaperror >= sumerror
end

-- Whether a centre at q, on side s of a centre at c, is at least h1 + h2
-- from it by every test that measures the two.
local function clear(c, q, h1, h2, s)
  local h, gap = h2 + h1, s * (q - c)
  return gap >= h and s * q >= s * (c + s * h) and s * (q - s * h) >= s * c
     and (gap > h or apartontie(c, q, h1, h2, s))
end

-- The depth that moves the centre at p, on side s of c, clear of it at h1
-- + h2 (and, with both, c moved the other way clear of p).
local function separatingDepth(c, p, h1, h2, s, depth, both)
  local step = DBL_EPSILON * (((c < 0 and -c or c + 0.0) + (p < 0 and -p or p + 0.0))
                              + depth) + DBL_TRUE_MIN
  for _ = 1, STEPS do
    if clear(c, p + s * depth, h1, h2, s)
       and (not both or clear(c - s * depth, p, h1, h2, s)) then
      break
    end
    depth = depth + step
    step = step + step
  end
  return depth
end

-- The hit at (x, y) of a push-out along x (onx) or y, to side s, from the
-- depth that separates centres c and p at h1 + h2. (In a tail call, so
-- that no frame below the depth's loop holds both boxes: see
-- intersectSegment.)
local function pushed(onx, x, y, s, c, p, h1, h2, depth, both)
  depth = separatingDepth(c, p, h1, h2, s, depth, both) * s
  if onx then return 0.0, x, y, depth, 0.0, s, 0.0 end
  return 0.0, x, y, 0.0, depth, 0.0, s
end

-- Push-out of a point (the other's half size 0, not both) or a box (both)
-- of half size (ohx, ohy) centred at (x, y), (dx, dy) from the box's
-- centre, overlapping it by (px, py) > 0: along the axis of least overlap.
local function pushout(cx, cy, hx, hy, x, y, dx, dy, px, py, ohx, ohy, both)
  if px < py then
    local sx = dx < 0 and -1.0 or 1.0
    return pushed(true, cx + hx * sx, y, sx, cx, x, hx, ohx, px, both)
  end
  local sy = dy < 0 and -1.0 or 1.0
  return pushed(false, x, cy + hy * sy, sy, cy, y, hy, ohy, py, both)
end

function aabb.intersectPoint(cx, cy, hx, hy, x, y)
  local dx, dy = x - cx, y - cy
  local px = hx - (dx < 0 and -dx or dx + 0.0)
  local py = hy - (dy < 0 and -dy or dy + 0.0)
  if not (px > 0 and py > 0) then return nil end
  return pushout(cx, cy, hx, hy, x, y, dx, dy, px, py, 0.0, 0.0, false)
end

function aabb.intersectAABB(cx, cy, hx, hy, ox, oy, ohx, ohy)
  local dx, dy = ox - cx, oy - cy
  local sumx, sumy = ohx + hx, ohy + hy
  local px = sumx - (dx < 0 and -dx or dx + 0.0)
  local py = sumy - (dy < 0 and -dy or dy + 0.0)
  if not (px > 0 and py > 0) then return nil end
  return pushout(cx, cy, hx, hy, ox, oy, dx, dy, px, py, ohx, ohy, true)
end

-- The slab test's close calls, decided exactly (slab.c): a side's offset
-- from the start is c - s (h + pad) - p, and each decision the sign of a
-- sum of products. k picks a side: -s the near one, s the far one.
local terms = exact.scratch(8)
local function signedsum(s, c, k, h, pad, p, d, n)
  terms[1], terms[2], terms[3], terms[4], terms[5] = c, k * h, k * pad, -p, -d
  return s * signofsum(terms, n)
end

-- Whether the segment starts strictly inside the slab (a zero delta), or
-- enters it before its end and leaves it after its start.
local function crosses(c, h, pad, p, d, s)
  return signedsum(s, c, -s, h, pad, p, d, d == 0 and 4 or 5) < 0
     and signedsum(s, c, s, h, pad, p, 0.0, 4) > 0
end

-- The sign of the time of side ku of axis u minus that of side kv of axis
-- v, both deltas nonzero: of (s_u N_u |d_v| - s_v N_v |d_u|).
local factors = exact.scratch(8)
local function timeorder(cu, ku, hu, padu, pu, du, su, cv, kv, hv, padv, pv, dv, sv)
  terms[1], terms[2], terms[3], terms[4] = cu, ku * hu, ku * padu, -pu
  terms[5], terms[6], terms[7], terms[8] = cv, kv * hv, kv * padv, -pv
  local fu, fv = su * abs(dv), -sv * abs(du)
  for i = 1, 4 do factors[i], factors[i + 4] = fu, fv end
  return signofproducts(terms, factors, 8)
end

local function axisinrange(c, h, pad, p, d)
  return inrange(c) and inrange(h) and inrange(pad) and inrange(p) and inrange(d)
end

-- A hit's entry time and the normal of the face it enters through, as
-- slab returns them.
local function entry(nearx, neary, xface, sx, sy)
  if xface then return nearx, -sx, 0.0 end
  return neary, 0.0, -sy
end

-- The rounded test's decision, from the slab times, as slab returns it.
local function rounded(nearx, farx, neary, fary, sx, sy)
  local enter = nearx > neary and nearx or neary
  local leave = farx < fary and farx or fary
  if not (nearx <= fary and neary <= farx and enter < 1 and leave > 0) then return nil end
  return entry(nearx, neary, nearx > neary, sx, sy)
end

-- The decision made exactly (slab.c), or beyond inrange the rounded one:
-- the entry as slab returns it, or nil.
local function slabexact(cx, cy, hx, hy, padx, pady, px, py, dx, dy, sx, sy,
                         nearx, farx, neary, fary)
  if not (axisinrange(cx, hx, padx, px, dx) and axisinrange(cy, hy, pady, py, dy)) then
    return rounded(nearx, farx, neary, fary, sx, sy)
  end
  if not (crosses(cx, hx, padx, px, dx, sx) and crosses(cy, hy, pady, py, dy, sy)) then
    return nil
  end
  if dx == 0 or dy == 0 then  -- that axis inside from -inf to inf
    if dx == 0 then return entry(-1 / 0, dy == 0 and -1 / 0 or neary, false, sx, sy) end
    return entry(nearx, neary, true, sx, sy)
  end
  if timeorder(cx, -sx, hx, padx, px, dx, sx, cy, sy, hy, pady, py, dy, sy) > 0
     or timeorder(cy, -sy, hy, pady, py, dy, sy, cx, sx, hx, padx, px, dx, sx) > 0 then
    return nil
  end
  local xface = timeorder(cx, -sx, hx, padx, px, dx, sx, cy, -sy, hy, pady, py, dy, sy) > 0
  return entry(nearx, neary, xface, sx, sy)
end

-- How far a slab time may be from the exact one (slab.h's imp_time_error).
local function timeerror(c, h, p, scale)
  return 2 ^ -50 * ((abs(c) + abs(h)) + abs(p)) * abs(scale)
end

-- Whether the decisions on one axis of a ray with a zero component are
-- sure (slab.h's imp_aligned_sure).
local function alignedsure(c, h, p, d, scale, nearoffset, faroffset, near, far)
  if d == 0 then
    local bound = 2 ^ -51 * ((abs(c) + abs(h)) + abs(p))
    return abs(nearoffset) > bound and abs(faroffset) > bound
  end
  local err = timeerror(c, h, p, scale)
  return abs(1 - near) > err and abs(far) > err
end

-- The slab test of a segment with a zero component (see slab below): the
-- times along it are infinite, or NaN on a side, which misses.
local function alignedslab(cx, cy, hx, hy, padx, pady, px, py, dx, dy)
  local scalex, scaley = 1.0 / dx, 1.0 / dy  -- +-inf for +-0
  local sx, sy = scalex < 0 and -1.0 or 1.0, scaley < 0 and -1.0 or 1.0
  local hpx, hpy = hx + padx, hy + pady
  local nox, fox = cx - sx * hpx - px, cx + sx * hpx - px
  local noy, foy = cy - sy * hpy - py, cy + sy * hpy - py
  local nearx, farx, neary, fary = nox * scalex, fox * scalex, noy * scaley, foy * scaley
  if not (alignedsure(cx, hpx, px, dx, scalex, nox, fox, nearx, farx)
          and alignedsure(cy, hpy, py, dy, scaley, noy, foy, neary, fary)) then
    return slabexact(cx, cy, hx, hy, padx, pady, px, py, dx, dy, sx, sy,
                     nearx, farx, neary, fary)
  end
  return rounded(nearx, farx, neary, fary, sx, sy)
end

-- A sure decision from the smallest gap (see slab).
local function decide(gap, nearx, neary, sx, sy)
  if not (gap > 0) then return nil end
  return entry(nearx, neary, nearx > neary, sx, sy)
end

-- The slab test of the segment (px, py) + t (dx, dy) against the box grown
-- by (padx, pady) (slab.h's imp_slab): the unclamped entry time of a hit
-- and the normal of the face it enters through, or nil. Sure where every
-- comparison has a gap wider than the times' errors; else, or where a
-- time is NaN, slabexact decides.
--
-- It is written twice, for the two ways Lua runs it; since a sure
-- decision is the exact one, both give the same answers. Under LuaJIT's
-- compiler, without branches up to the decision, which comes in a tail
-- call: a side trace leaving a branch where more numbers are live cannot
-- compile (see intersectSegment). No comparison is a tie where the gaps
-- are sure, so the smallest gap (> 0: a hit) and math.max give the rounded
-- test's answer and entry, and a NaN shows in the gaps' sum.
local min, max = math.min, math.max
local function compiledslab(cx, cy, hx, hy, padx, pady, px, py, dx, dy)
  if dx == 0 or dy == 0 then
    return alignedslab(cx, cy, hx, hy, padx, pady, px, py, dx, dy)
  end
  local scalex, scaley = 1.0 / dx, 1.0 / dy
  local sx, sy = dx / abs(dx), dy / abs(dy)  -- exactly +-1
  local hpx, hpy = hx + padx, hy + pady
  local nearx, farx = (cx - sx * hpx - px) * scalex, (cx + sx * hpx - px) * scalex
  local neary, fary = (cy - sy * hpy - py) * scaley, (cy + sy * hpy - py) * scaley
  local err = timeerror(cx, hpx, px, scalex) + timeerror(cy, hpy, py, scaley)
  local gapx, gapy, tie = fary - nearx, farx - neary, nearx - neary
  local gapend, leave = 1 - max(nearx, neary), min(farx, fary)
  local gaps = ((gapx + gapy) + (gapend + leave)) + tie
  if min(abs(gapx), abs(gapy), abs(gapend), abs(leave), abs(tie)) > err and gaps == gaps then
    return decide(min(gapx, gapy, gapend, leave), nearx, neary, sx, sy)
  end
  return slabexact(cx, cy, hx, hy, padx, pady, px, py, dx, dy, sx, sy,
                   nearx, farx, neary, fary)
end

-- Interpreted (PUC Lua, or LuaJIT with its compiler off), with comparisons
-- in place of math's functions, whose calls cost more than the test (383
-- against 168 ns under Lua 5.4). A NaN fails every comparison and goes to
-- slabexact.
local function interpretedslab(cx, cy, hx, hy, padx, pady, px, py, dx, dy)
  if dx == 0 or dy == 0 then
    return alignedslab(cx, cy, hx, hy, padx, pady, px, py, dx, dy)
  end
  local scalex, scaley = 1.0 / dx, 1.0 / dy
  local sx, sy = dx < 0 and -1.0 or 1.0, dy < 0 and -1.0 or 1.0
  local hpx, hpy = hx + padx, hy + pady
  local nearx, farx = (cx - sx * hpx - px) * scalex, (cx + sx * hpx - px) * scalex
  local neary, fary = (cy - sy * hpy - py) * scaley, (cy + sy * hpy - py) * scaley
  -- timeerror on each axis; sx scalex is |scalex|.
  local err = 2 ^ -50 * (((cx < 0 and -cx or cx) + (hpx < 0 and -hpx or hpx))
                         + (px < 0 and -px or px)) * (sx * scalex)
            + 2 ^ -50 * (((cy < 0 and -cy or cy) + (hpy < 0 and -hpy or hpy))
                         + (py < 0 and -py or py)) * (sy * scaley)
  local gapx, gapy, tie = fary - nearx, farx - neary, nearx - neary
  local gapend, leave = 1 - (tie > 0 and nearx or neary), farx < fary and farx or fary
  if (gapx > err or gapx < -err) and (gapy > err or gapy < -err) and (tie > err or tie < -err)
     and (gapend > err or gapend < -err) and (leave > err or leave < -err) then
    if not (gapx > 0 and gapy > 0 and gapend > 0 and leave > 0) then return nil end
    if tie > 0 then return nearx, -sx, 0.0 end
    return neary, 0.0, -sy
  end
  return slabexact(cx, cy, hx, hy, padx, pady, px, py, dx, dy, sx, sy,
                   nearx, farx, neary, fary)
end

local slab = jit and jit.status() and compiledslab or interpretedslab
aabb.slab = slab

-- Where a box of half size pad moving from p by d can meet anything on one
-- axis, grown by more than rounding (slab.h's imp_reach_axis): a loop over
-- many colliders gives the slab test only those that reach into it.
function aabb.reach(p, d, pad)
  local q = p + d
  local low, high = q < p and q or p, q < p and p or q
  local size = pad < 0 and -pad or pad + 0.0
  local slack = 2 ^ -49 * (((p < 0 and -p or p + 0.0) + (q < 0 and -q or q + 0.0)) + size)
  return (low - size) - slack, (high + size) + slack
end

-- The hit of a segment that enters at near through the face of normal
-- (nx, ny).
local function segmenthit(near, nx, ny, px, py, dx, dy)
  local time = near < 0 and 0.0 or (near > 1 and 1.0 or near)
  local rest = 1.0 - time
  return time, px + dx * time, py + dy * time, rest * -dx, rest * -dy, nx, ny
end

-- The slab test, then the hit, in a tail call. Here and below the work is
-- split where LuaJIT needs it: a side trace leaving a branch inherits every
-- number live in the frames below it, and past about 16 of them it cannot
-- compile ("register coalescing too complex").
function aabb.intersectSegment(cx, cy, hx, hy, px, py, dx, dy, padx, pady)
  local near, nx, ny = slab(cx, cy, hx, hy, padx, pady, px, py, dx, dy)
  if not near then return nil end
  return segmenthit(near, nx, ny, px, py, dx, dy)
end
local intersectSegment, intersectAABB = aabb.intersectSegment, aabb.intersectAABB

-- sweepAABB's results once the contact point (px, py) is kept on the
-- static box. A tail call of its own, for LuaJIT: the clamps' branches
-- then leave from a frame without sweepAABB's arguments (see
-- intersectSegment).
local function sweepHit(time, x, y, t, px, py, cx, cy, hx, hy, ddx, ddy, nx, ny)
  local lo, hi = cx - hx, cx + hx
  px = px < lo and lo or (px > hi and hi or px)
  lo, hi = cy - hy, cy + hy
  py = py < lo and lo or (py > hi and hi or py)
  return time, x, y, t, px, py, ddx, ddy, nx, ny
end

-- A box (mx, my, mhx, mhy) moving by (dx, dy) towards the static box:
-- time, posx, posy of the sweep, then its hit (time nil when none).
function aabb.sweepAABB(cx, cy, hx, hy, mx, my, mhx, mhy, dx, dy)
  if dx == 0 and dy == 0 then
    local t, px, py, ddx, ddy, nx, ny = intersectAABB(cx, cy, hx, hy, mx, my, mhx, mhy)
    return t and 0.0 or 1.0, mx, my, t, px, py, ddx, ddy, nx, ny
  end
  local t, px, py, ddx, ddy, nx, ny =
    intersectSegment(cx, cy, hx, hy, mx, my, dx, dy, mhx, mhy)
  if not t then return 1.0, mx + dx, my + dy end
  local time = stoptime(t)
  -- The contact point: half a box further along the direction of travel
  -- (normalized with intersect's plain formula), kept on the static box.
  local length, ux, uy = dx * dx + dy * dy, 1.0, 0.0
  if length > 0 then
    local inverse = 1.0 / sqrt(length)
    ux, uy = dx * inverse, dy * inverse
  end
  return sweepHit(time, mx + dx * time, my + dy * time, t, px + ux * mhx, py + uy * mhy,
                  cx, cy, hx, hy, ddx, ddy, nx, ny)
end

return aabb
