-- Exact predicates of the shape tests (src/core/predicates.c), on points
-- given exactly as v + lo, each as four numbers x, y, lox, loy (lo 0 for
-- plain doubles). Each polynomial is evaluated in doubles with a running
-- bound on its error first, the same operations in the same order, and
-- when that cannot settle the sign, exactly in wide integers.
local wide = require "impact.pure.core.wide"

local floor = math.floor
local exactinput, wideof = wide.exactinput, wide.of
local wadd, wsub, wmul, wcompare = wide.add, wide.sub, wide.mul, wide.compare

local predicates = {}

local ROUNDING = 2 ^ -52

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0

-- A value in doubles and a bound on its distance from the exact one, as
-- two numbers x, err; each operation adds its result's rounding.
local function add(ax, aerr, bx, berr)
  local x = ax + bx
  return x, aerr + berr + ROUNDING * abs(x)
end

local function sub(ax, aerr, bx, berr)
  local x = ax - bx
  return x, aerr + berr + ROUNDING * abs(x)
end

local function mul(ax, aerr, bx, berr)
  local x = ax * bx
  return x, abs(ax) * berr + abs(bx) * aerr + aerr * berr + ROUNDING * abs(x)
end

-- Whether the sign of x is certain (a NaN or an infinity is not).
local function certain(x, err)
  return abs(x) > err * (1 + 2 ^ -20) + 2 ^ -1000
end

local function signof(v) return v > 0 and 1 or (v < 0 and -1 or 0) end

-- A rounding error that the wide integers hold exactly.
local function exacterror(lo)
  local scaled = lo * 2 ^ 148
  return lo == 0 or (abs(lo) <= 2 ^ 96 and scaled == floor(scaled))
end

local function exactpoint(x, y, lx, ly)
  return exactinput(x) and exactinput(y) and exacterror(lx) and exacterror(ly)
end
predicates.exactpoint = exactpoint

-- b - a on one axis, in doubles (with its bound) and in wide integers.
local function rounded(a, alo, b, blo)
  return sub(b, abs(blo), a, abs(alo))
end

local function widediff(a, alo, b, blo)
  return wsub(wadd(wideof(b), wideof(blo)), wadd(wideof(a), wideof(alo)))
end

-- The sign of l - r, products of rounded differences of plain doubles,
-- when the static bound certifies it; else 2.
local function plainsign(l, r)
  local bound = 2 ^ -50 * (abs(l) + abs(r)) + 2 ^ -1000
  if l - r > bound then return 1 end
  if r - l > bound then return -1 end
  return 2
end

-- The sign of the cross product (b - a) x (d - c).
function predicates.crosssign(ax, ay, alx, aly, bx, by, blx, bly,
                              cx, cy, clx, cly, dx, dy, dlx, dly)
  if alx == 0 and aly == 0 and blx == 0 and bly == 0 and clx == 0 and cly == 0
     and dlx == 0 and dly == 0 then
    local s = plainsign((bx - ax) * (dy - cy), (by - ay) * (dx - cx))
    if s ~= 2 then return s end
  end
  local abx, abxe = rounded(ax, alx, bx, blx)
  local aby, abye = rounded(ay, aly, by, bly)
  local cdx, cdxe = rounded(cx, clx, dx, dlx)
  local cdy, cdye = rounded(cy, cly, dy, dly)
  local p, pe = mul(abx, abxe, cdy, cdye)
  local q, qe = mul(aby, abye, cdx, cdxe)
  local r, re = sub(p, pe, q, qe)
  if certain(r, re) or not (exactpoint(ax, ay, alx, aly) and exactpoint(bx, by, blx, bly)
     and exactpoint(cx, cy, clx, cly) and exactpoint(dx, dy, dlx, dly)) then
    return signof(r)
  end
  return wcompare(wmul(widediff(ax, alx, bx, blx), widediff(cy, cly, dy, dly)),
                  wmul(widediff(ay, aly, by, bly), widediff(cx, clx, dx, dlx)))
end
local crosssign = predicates.crosssign

-- The sign of the dot product (b - a) . (d - c).
function predicates.dotsign(ax, ay, alx, aly, bx, by, blx, bly,
                            cx, cy, clx, cly, dx, dy, dlx, dly)
  if alx == 0 and aly == 0 and blx == 0 and bly == 0 and clx == 0 and cly == 0
     and dlx == 0 and dly == 0 then
    local s = plainsign((bx - ax) * (dx - cx), -((by - ay) * (dy - cy)))
    if s ~= 2 then return s end
  end
  local abx, abxe = rounded(ax, alx, bx, blx)
  local aby, abye = rounded(ay, aly, by, bly)
  local cdx, cdxe = rounded(cx, clx, dx, dlx)
  local cdy, cdye = rounded(cy, cly, dy, dly)
  local p, pe = mul(abx, abxe, cdx, cdxe)
  local q, qe = mul(aby, abye, cdy, cdye)
  local r, re = add(p, pe, q, qe)
  if certain(r, re) or not (exactpoint(ax, ay, alx, aly) and exactpoint(bx, by, blx, bly)
     and exactpoint(cx, cy, clx, cly) and exactpoint(dx, dy, dlx, dly)) then
    return signof(r)
  end
  return wadd(wmul(widediff(ax, alx, bx, blx), widediff(cx, clx, dx, dlx)),
              wmul(widediff(ay, aly, by, bly), widediff(cy, cly, dy, dly))).sign
end
local dotsign = predicates.dotsign

-- The sign of (b - a) x (c - a): 1 counter-clockwise (for y up), -1
-- clockwise, 0 on a line.
function predicates.orient(ax, ay, alx, aly, bx, by, blx, bly, cx, cy, clx, cly)
  return crosssign(ax, ay, alx, aly, bx, by, blx, bly, ax, ay, alx, aly, cx, cy, clx, cly)
end

-- (ra + rb)^2, rounded and exact.
local function roundedreach(ra, rb)
  local r, re = add(ra, 0.0, rb, 0.0)
  return mul(r, re, r, re)
end

local function widereach(ra, rb)
  local r = wadd(wideof(ra), wideof(rb))
  return wmul(r, r)
end

local function exactradii(ra, rb) return exactinput(ra) and exactinput(rb) end

-- The sign of |p - a|^2 - (ra + rb)^2.
local function pointdistancesign(px, py, plx, ply, ax, ay, alx, aly, ra, rb)
  local dx, dxe = rounded(ax, alx, px, plx)
  local dy, dye = rounded(ay, aly, py, ply)
  local xx, xxe = mul(dx, dxe, dx, dxe)
  local yy, yye = mul(dy, dye, dy, dye)
  local s, se = add(xx, xxe, yy, yye)
  local q, qe = roundedreach(ra, rb)
  local r, re = sub(s, se, q, qe)
  if certain(r, re) or not (exactpoint(px, py, plx, ply) and exactpoint(ax, ay, alx, aly)
     and exactradii(ra, rb)) then
    return signof(r)
  end
  local wx, wy = widediff(ax, alx, px, plx), widediff(ay, aly, py, ply)
  return wcompare(wadd(wmul(wx, wx), wmul(wy, wy)), widereach(ra, rb))
end

-- The sign of dist(p, line a-b)^2 - (ra + rb)^2 for a ~= b, as
-- ((b - a) x (p - a))^2 - (ra + rb)^2 |b - a|^2.
local function linedistancesign(px, py, plx, ply, ax, ay, alx, aly, bx, by, blx, bly,
                                ra, rb)
  local ex, exe = rounded(ax, alx, bx, blx)
  local ey, eye = rounded(ay, aly, by, bly)
  local apx, apxe = rounded(ax, alx, px, plx)
  local apy, apye = rounded(ay, aly, py, ply)
  local u, ue = mul(ex, exe, apy, apye)
  local v, ve = mul(ey, eye, apx, apxe)
  local cross, crosse = sub(u, ue, v, ve)
  local cc, cce = mul(cross, crosse, cross, crosse)
  local q, qe = roundedreach(ra, rb)
  local xx, xxe = mul(ex, exe, ex, exe)
  local yy, yye = mul(ey, eye, ey, eye)
  local len, lene = add(xx, xxe, yy, yye)
  local ql, qle = mul(q, qe, len, lene)
  local r, re = sub(cc, cce, ql, qle)
  if certain(r, re) or not (exactpoint(px, py, plx, ply) and exactpoint(ax, ay, alx, aly)
     and exactpoint(bx, by, blx, bly) and exactradii(ra, rb)) then
    return signof(r)
  end
  local wx, wy = widediff(ax, alx, bx, blx), widediff(ay, aly, by, bly)
  local wc = wsub(wmul(wx, widediff(ay, aly, py, ply)), wmul(wy, widediff(ax, alx, px, plx)))
  return wcompare(wmul(wc, wc), wmul(widereach(ra, rb), wadd(wmul(wx, wx), wmul(wy, wy))))
end

-- The sign of dist(p, s)^2 - (ra + rb)^2, s the closed segment a-b (the
-- point a when a == b), the radii summed exactly: the nearest point of
-- the segment is an end when p projects onto or beyond it, else the foot
-- of the perpendicular.
function predicates.segmentdistancesign(px, py, plx, ply, ax, ay, alx, aly,
                                        bx, by, blx, bly, ra, rb)
  if (ax == bx and ay == by and alx == blx and aly == bly)
     or dotsign(ax, ay, alx, aly, bx, by, blx, bly, ax, ay, alx, aly, px, py, plx, ply) <= 0 then
    return pointdistancesign(px, py, plx, ply, ax, ay, alx, aly, ra, rb)
  end
  if dotsign(bx, by, blx, bly, ax, ay, alx, aly, bx, by, blx, bly, px, py, plx, ply) <= 0 then
    return pointdistancesign(px, py, plx, ply, bx, by, blx, bly, ra, rb)
  end
  return linedistancesign(px, py, plx, ply, ax, ay, alx, aly, bx, by, blx, bly, ra, rb)
end

return predicates
