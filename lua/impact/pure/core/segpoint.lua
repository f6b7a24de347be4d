-- Moving segment against moving point (src/core/segpoint.c and its exact
-- solver, segsolve.c), the same double operations in the same order: read
-- those for the method and its error bounds. A double-double is a pair of
-- values hi, lo; a vector of them is four values xhi, xlo, yhi, ylo.
local exact = require "impact.pure.core.exact"
local dd = require "impact.pure.core.dd"

local sqrt, log, floor = math.sqrt, math.log, math.floor
local twosum, producterror, scratch = exact.twosum, exact.producterror, exact.scratch

local DBL_MAX = 1.7976931348623157e308
local TINY = 16 * 2 ^ -52 * 2 ^ -52  -- relative error bound of the results
-- What the filter (below) knows of solve's two roots: which of them
-- contact rejects; both is a miss.
local SKIP_FIRST, SKIP_SECOND, MISS = 1, 2, 3

-- Every number here is a float, so math.abs is C's fabs (-0 is +0), and
-- LuaJIT compiles it without a branch.
local fabs = math.abs

local add, sub, mul, div = dd.add, dd.sub, dd.mul, dd.div
local ddsqrt, cross, dot = dd.sqrt, dd.cross, dd.dot

-- Zero when within tol of it.
local function settle(h, l, tol)
  if fabs(h) <= tol then return 0.0, 0.0 end
  return h, l
end

-- The motion: vector i (FROM_A = 1: c - a, FROM_B = 2: c - b, SEGMENT = 3:
-- b - a) at time t is rel[i] + t vel[i], within tol[i]. Each array holds
-- four numbers per vector, from index 4 i - 3.
local FROM_A, FROM_B, SEGMENT = 1, 2, 3
local rel, vel, tol, v1 = scratch(12), scratch(12), scratch(3), scratch(12)

local function vec(t, i)
  local j = 4 * i - 3
  return t[j], t[j + 1], t[j + 2], t[j + 3]
end

local function setvec(t, i, xh, xl, yh, yl)
  local j = 4 * i - 3
  t[j], t[j + 1], t[j + 2], t[j + 3] = xh, xl, yh, yl
end

-- Vector i of t becomes (px, py) - (qx, qy), exactly, as double-doubles.
local function setdifference(t, i, px, py, qx, qy)
  local xh, xl = twosum(px, -qx)
  local yh, yl = twosum(py, -qy)
  setvec(t, i, xh, xl, yh, yl)
end

local function norm1(xh, _, yh) return fabs(xh) + fabs(yh) end

-- Vector i at time t (th, tl) whose error is terr, and its error bound.
local function at(i, th, tl, terr)
  local rxh, rxl, ryh, ryl = vec(rel, i)
  local vxh, vxl, vyh, vyl = vec(vel, i)
  local err = norm1(vxh, vxl, vyh, vyl) * terr + tol[i]
  local xh, xl = add(rxh, rxl, mul(th, tl, vxh, vxl))
  local yh, yl = add(ryh, ryl, mul(th, tl, vyh, vyl))
  return err, xh, xl, yh, yl
end

-- Whether the point is on the segment at time t (within terr): the
-- contact's t and s, snapped to the ends within the error bounds, or nil.
local function contact(th, tl, terr)
  if not (th >= -terr and (th - 1) + tl <= terr) then return nil end
  local errd, dxh, dxl, dyh, dyl = at(SEGMENT, th, tl, terr)
  local erra, exh, exl, eyh, eyl = at(FROM_A, th, tl, terr)
  local len = norm1(dxh, dxl, dyh, dyl)
  local s
  if len <= errd then  -- the segment is a point
    if not (norm1(exh, exl, eyh, eyl) <= erra) then return nil end
    s = 0.0
  else
    local errb, fxh, fxl, fyh, fyl = at(FROM_B, th, tl, terr)
    local g = dot(exh, exl, eyh, eyl, dxh, dxl, dyh, dyl)          -- s |d|^2
    local k = dot(fxh, fxl, fyh, fyl, dxh, dxl, dyh, dyl) * -1.0   -- (1 - s) |d|^2
    local tola, tolb = len * (erra + errd), len * (errb + errd)
    if not (g >= -tola and k >= -tolb) then return nil end
    s = g <= tola and 0.0 or (k <= tolb and 1.0 or g / (g + k))
  end
  return th <= 0 and 0.0 or (th >= 1 and 1.0 or th), s
end

-- When vector i is zero (see segsolve.c): the time and its error bound,
-- or nil when the vector does not move.
local function event(i)
  local vxh, vxl, vyh, vyl = vec(vel, i)
  local vvh, vvl = dot(vxh, vxl, vyh, vyl, vxh, vxl, vyh, vyl)
  if not (vvh > 0) then return nil end
  local rxh, rxl, ryh, ryl = vec(rel, i)
  local ph, pl = dot(rxh, rxl, ryh, ryl, vxh, vxl, vyh, vyl)
  local th, tl = div(ph, pl, vvh, vvl)
  return th * -1.0, tl * -1.0, 3 * tol[i] / norm1(vxh, vxl, vyh, vyl)
end

-- f identically zero: the point stays on the segment's line, and the
-- times at which it is on the segment form at most two parts, each
-- starting at time 0 or at an event (see segsolve.c). Returns the start of
-- each: t1, s1[, t2, s2], or nil.
local times, tlos, terrs = scratch(4), scratch(4), scratch(4)  -- hi, lo, error bound
local function collinearcontacts()
  times[1], tlos[1], terrs[1] = 0.0, 0.0, 0.0
  local n = 1
  for i = 1, 3 do
    local th, tl, err = event(i)
    if th then
      n = n + 1
      times[n], tlos[n], terrs[n] = th, tl, err
    end
  end
  for i = 2, n do  -- in time order
    local j = i
    while j > 1 and times[j] < times[j - 1] do
      times[j], times[j - 1] = times[j - 1], times[j]
      tlos[j], tlos[j - 1] = tlos[j - 1], tlos[j]
      terrs[j], terrs[j - 1] = terrs[j - 1], terrs[j]
      j = j - 1
    end
  end
  local t1, s1, t2, s2, last
  for i = 1, n do
    if t2 then break end
    local tc, sc = contact(times[i], tlos[i], terrs[i])
    if tc and not (last and tc <= t1) then  -- the same time, snapped
      local samepart = false
      if last then
        local hh, hl = add(times[last], tlos[last], times[i], tlos[i])
        samepart = contact(hh * 0.5, hl * 0.5, 0.0) ~= nil
      end
      last = i
      if not samepart then
        if t1 then t2, s2 = tc, sc else t1, s1 = tc, sc end
      end
    end
  end
  if t2 then return t1, s1, t2, s2 end
  if t1 then return t1, s1 end
  return nil
end

-- A root of f known exactly (t = 0 or 1, or an event that happens): its
-- time and error bound, or nil.
local function knownroot(f0, f1)
  if f0 == 0 or f1 == 0 then return f0 == 0 and 0.0 or 1.0, 0.0, 0.0 end
  for i = 1, 3 do
    local th, tl, terr = event(i)
    if th then
      local err, xh, xl, yh, yl = at(i, th, tl, terr)
      if norm1(xh, xl, yh, yl) <= err then return th, tl, terr end
    end
  end
  return nil
end

-- Of the n roots, those that f(0) = 0 (C) or f(1) = 0 (f1) make exact:
-- the one nearest 0 is 0, the one nearest 1 is 1, neither with an error
-- (segsolve.c's pin_ends).
local function pinends(Ch, f1, n, t0h, t0l, e0, t1h, t1l, e1)
  if Ch == 0 then
    if n == 2 and fabs(t1h) < fabs(t0h) then t1h, t1l, e1 = 0.0, 0.0, 0.0
    else t0h, t0l, e0 = 0.0, 0.0, 0.0 end
  end
  if f1 == 0 then
    if n == 2 and fabs(t1h - 1) < fabs(t0h - 1) then t1h, t1l, e1 = 1.0, 0.0, 0.0
    else t0h, t0l, e0 = 1.0, 0.0, 0.0 end
  end
  return n, t0h, t0l, e0, t1h, t1l, e1
end

-- The real roots of A t^2 + B t + C (see segsolve.c): how many, then each
-- root's hi, lo and error bound; of two distinct roots, those that skip
-- names are left uncomputed (nil).
local function solve(Ah, Al, Bh, Bl, Ch, Cl, f1, tl, skip)
  local ph, pl = mul(Bh, Bl, Bh, Bl)
  local qh, ql = mul(Ah * 4, Al * 4, Ch, Cl)
  local disc = sub(ph, pl, qh, ql)
  local toldisc = 4 * tl * (fabs(Ah) + fabs(Bh) + fabs(Ch))
  local ends = Ch == 0 or f1 == 0
  if Ah == 0 then
    local th, tlo = div(Ch * -1.0, Cl * -1.0, Bh, Bl)
    if ends then return pinends(Ch, f1, 1, th, tlo, 3 * tl / fabs(Bh)) end
    return 1, th, tlo, 3 * tl / fabs(Bh)
  end
  if disc > toldisc then
    -- The stable form: -B and the square root never cancel. Both roots
    -- where one is pinned, to tell which.
    local dh, dl = sub(ph, pl, qh, ql)
    local rh, rl = ddsqrt(dh, dl)
    local err = 3 * tl / rh
    local sh, sl
    if Bh < 0 then sh, sl = add(Bh, Bl, rh * -1.0, rl * -1.0)
    else sh, sl = add(Bh, Bl, rh, rl) end
    sh, sl = sh * -0.5, sl * -0.5
    local t0h, t0l, t1h, t1l
    if ends or skip ~= SKIP_FIRST then t0h, t0l = div(sh, sl, Ah, Al) end
    if ends or skip ~= SKIP_SECOND then t1h, t1l = div(Ch, Cl, sh, sl) end
    if ends then  -- a skipped root, computed, is still not returned
      local _, p0h, p0l, e0, p1h, p1l, e1 = pinends(Ch, f1, 2, t0h, t0l, err, t1h, t1l, err)
      if skip == SKIP_FIRST then p0h = nil end
      if skip == SKIP_SECOND then p1h = nil end
      return 2, p0h, p0l, e0, p1h, p1l, e1
    end
    return 2, t0h, t0l, err, t1h, t1l, err
  end
  if not (disc >= -toldisc) then return 0 end
  -- A double root, or two roots closer than the error bounds can tell.
  local r0h, r0l, r0err = knownroot(Ch, f1)
  if not r0h then
    local th, tlo = div(Bh * -0.5, Bl * -0.5, Ah, Al)
    return 1, th, tlo, 3 * tl / fabs(Ah)
  end
  -- One is known exactly: the other is C / (A r), or -B / A when r = 0.
  local r1h, r1l, r1err
  if r0h == 0 then
    r1h, r1l = div(Bh * -1.0, Bl * -1.0, Ah, Al)
    r1err = tl * (1 + fabs(r1h)) / fabs(Ah)
  else
    r1h, r1l = div(Ch, Cl, mul(Ah, Al, r0h, r0l))
    local o = fabs(r1h)
    r1err = tl * (1 + o) / fabs(Ah) + o * r0err / fabs(r0h)
  end
  if fabs(r1h - r0h) <= r0err + r1err then return 1, r0h, r0l, r0err end
  return 2, r0h, r0l, r0err, r1h, r1l, r1err
end

-- Whether, on one axis, the point's path stays clear of the range that
-- the segment sweeps. (math.min and math.max may pick another zero than
-- segsolve.h's choices do, which no comparison tells apart; LuaJIT
-- compiles them without a branch.)
local min, max = math.min, math.max
local function clear(a0, a1, b0, b1, c0, c1)
  return min(c0, c1) > max(a0, a1, b0, b1) or max(c0, c1) < min(a0, a1, b0, b1)
end

-- The exponent of frexp: x = m 2^e with m in [0.5, 1), for x > 0 finite.
local function exponent(x)
  if x == 0 then return 0 end
  local e = floor(log(x) / log(2)) + 1
  if e > 1024 then e = 1024 elseif e < -1073 then e = -1073 end
  while x >= 2 ^ e do e = e + 1 end
  while x < 2 ^ (e - 1) do e = e - 1 end
  return e
end

-- x 2^n, exactly as ldexp (one rounding at most, when scaling down).
local function ldexp(x, n)
  if n > 1000 then return x * 2 ^ (n - 600) * 2 ^ 600 end
  return x * 2 ^ n
end

local function inrange(v) return v >= 2 ^ -300 and v <= 2 ^ 300 end

-- The scene being swept, which every stage below reads from here: under
-- LuaJIT a side trace inherits each number live in the frames below its
-- branch and cannot compile past about 16 of them (see aabb.lua), and
-- numbers kept here are in no frame.
local a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y

-- The filter's moving vectors in doubles (d, e, f at time 0 and their
-- velocities) and the size of its bounds, as segpoint.c has them; its
-- quadratic f = A t^2 + B t + C, the spread of those coefficients, and
-- the bound on f's value that rootout takes (for the same reason).
local d0x, d0y, dvx, dvy, e0x, e0y, evx, evy, f0x, f0y, fvx, fvy, dotsize
local fA, fB, fC, fspread, ferr

-- Sets them from the scene.
local function rough()
  local d1x, d1y, e1x, e1y, f1x, f1y = b1x - a1x, b1y - a1y, c1x - a1x, c1y - a1y,
                                       c1x - b1x, c1y - b1y
  d0x, d0y, e0x, e0y, f0x, f0y = b0x - a0x, b0y - a0y, c0x - a0x, c0y - a0y,
                                 c0x - b0x, c0y - b0y
  dvx, dvy, evx, evy, fvx, fvy = d1x - d0x, d1y - d0y, e1x - e0x, e1y - e0y,
                                 f1x - f0x, f1y - f0y
  local xd, yd = fabs(d0x) + fabs(d1x), fabs(d0y) + fabs(d1y)
  local xe, ye = fabs(e0x) + fabs(e1x), fabs(e0y) + fabs(e1y)
  local xf, yf = fabs(f0x) + fabs(f1x), fabs(f0y) + fabs(f1y)
  fspread = xd * ye + yd * xe
  dotsize = (xd + yd) * (((xd + yd) + (xe + ye)) + (xf + yf))
  fA = dvx * evy - dvy * evx
  fB = (d0x * evy - d0y * evx) + (dvx * e0y - dvy * e0x)
  fC = d0x * e0y - d0y * e0x
end

-- The sign of f(x) when certain under ferr (x^2 + |x| + 1), else 0.
local function signat(x)
  local f, bound = (fA * x + fB) * x + fC, ferr * ((x * x + fabs(x)) + 1)
  return f > bound and 1 or (f < -bound and -1 or 0)
end

-- Of the root of f near x (see segpoint.c): 1 when contact certainly
-- rejects it, 0 when it may not, -1 when f has no root certainly in the
-- bracket (lo, hi) set around x, which it leaves in bracketlo, brackethi.
local bracketlo, brackethi
local function rootout(x)
  local w = 2 ^ -20 * (1 + fabs(x))
  local lo, hi = x - w, x + w
  bracketlo, brackethi = lo, hi
  if signat(lo) * signat(hi) ~= -1 then return -1 end
  if hi < -2 ^ -40 or lo > 1 + 2 ^ -40 then return 1 end
  if not (lo >= -0.5 and hi <= 1.5) then return 0 end
  local dx, dy = d0x + x * dvx, d0y + x * dvy
  local bound = 2 ^ -44 * dotsize + 8 * dotsize * w
  if (e0x + x * evx) * dx + (e0y + x * evy) * dy < -bound or
     (f0x + x * fvx) * dx + (f0y + x * fvy) * dy > bound then
    return 1
  end
  return 0
end

-- The roots left for onecontact, or nil.
local keptroot, keptother

-- Whether a root's bracket is well inside the frame.
local function inside(lo, hi)
  return lo > 2 ^ -40 and hi < 1 - 2 ^ -40
end

-- The filter (see segpoint.c for its bounds): which of solve's two roots
-- contact certainly rejects (SKIP_FIRST, SKIP_SECOND, MISS for both), or 0.
local function filter()
  keptroot, keptother = nil, nil
  rough()
  local A, B, spread = fA, fB, fspread
  local err = 2 ^ -47 * spread
  if not (inrange(spread) and inrange(dotsize)) then return 0 end
  ferr = 2 * err
  local disc = B * B - 4 * A * fC
  if not (fabs(A) > err) then
    -- A about zero: a root near -C / B, the other beyond 2^25.
    if not (fabs(B) > 2 ^ -20 * spread) then return 0 end
    local x = fC / (-0.5 * (B + (B < 0 and -sqrt(disc) or sqrt(disc))))
    return fabs(x) < 2 ^ 23 and rootout(x) == 1 and MISS or 0
  end
  if disc < -2 ^ -40 * spread * spread then return MISS end
  if not (disc > 2 ^ -30 * spread * spread) then return 0 end
  local q = -0.5 * (B + (B < 0 and -sqrt(disc) or sqrt(disc)))
  local x0, x1 = q / A, fC / q
  local out0 = rootout(x0)
  local lo0, hi0 = bracketlo, brackethi
  local out1 = rootout(x1)
  local lo1, hi1 = bracketlo, brackethi
  if out0 < 0 or out1 < 0 or not (hi0 < lo1 or hi1 < lo0) then return 0 end
  if out0 == 1 and out1 == 1 then return MISS end
  -- A root that may be a contact, well inside the frame and far from the
  -- other: onecontact may answer for it. Both when neither is ruled out.
  local far = disc > 2 ^ -10 * spread * spread
  if out0 == 0 and out1 == 0 then
    if far and inside(lo0, hi0) and inside(lo1, hi1) then
      keptroot, keptother = x0, x1
    end
    return 0
  end
  if not (fabs(B) > err) then return 0 end
  local x, lo, hi = x1, lo1, hi1
  if out1 == 1 then x, lo, hi = x0, lo0, hi0 end
  if far and inside(lo, hi) then keptroot = x end
  -- solve's first root is the smaller one when A and B have one sign.
  if ((out0 == 1) == (x0 < x1)) == ((A > 0) == (B > 0)) then return SKIP_FIRST end
  return SKIP_SECOND
end

-- One contact without the solver (see segpoint.c): t, s or nil.
local DELTA, NEWTON = 2 ^ -70, 2 ^ -80
local DRIFT = 2 * (NEWTON + DELTA)

-- The difference p - q, moving from p0 - q0 to p1 - q1, at time x, as an
-- unnormalised double-double.
local function moving(p0, q0, p1, q1, x)
  local p0h, p0l = twosum(p0, -q0)
  local p1h, p1l = twosum(p1, -q1)
  local sh, sl = twosum(p1h, -p0h)
  local head = x * sh
  local rh, rl = twosum(p0h, head)
  return rh, rl + ((producterror(x, sh, head) + x * (sl + (p1l - p0l))) + p0l)
end

-- u - v of two such double-doubles, unnormalised.
local function difference(uh, ul, vh, vl)
  local rh, rl = twosum(uh, -vh)
  return rh, rl + (ul - vl)
end

-- a b + c d of double-doubles, unnormalised.
local function products(ah, al, bh, bl, ch, cl, dh, dl)
  local p, q = ah * bh, ch * dh
  local rh, rl = twosum(p, q)
  return rh, rl + ((producterror(ah, bh, p) + producterror(ch, dh, q)) +
                   ((ah * bl + al * bh) + (ch * dl + cl * dh)))
end

-- Whether every number within r of hi + lo rounds to hi, hi positive and
-- normal (one comparison for either sign of lo: see segpoint.c). The
-- power of two at or below hi is Rump's ufp, exact in three operations
-- where hi (2 ^ 52 + 1) does not overflow.
local function roundsto(hi, lo, r)
  if not (hi > 2 ^ -900 and hi < 2 ^ 900) then return false end
  local q = hi * (2 ^ 52 + 1)
  local unit = fabs(q - (1 - 2 ^ -53) * q)
  local half = unit * 2 ^ -53  -- ulp(hi) / 2
  if hi == unit and lo < 0 then half = half * 0.5 end
  return fabs(lo) + 2 * r < half
end

-- The value at x + delta of a quadratic, from its value vh + vl at x and
-- its derivatives there, when it rounds to one double within r.
local function valueat(vh, vl, q1, q2, delta, r)
  local wh, wl = twosum(vh, vl + delta * (q1 + q2 * delta))
  if roundsto(wh, wl, r) then return wh end
  return nil
end

local function onecontact(x)
  local dxh, dxl = moving(b0x, a0x, b1x, a1x, x)
  local dyh, dyl = moving(b0y, a0y, b1y, a1y, x)
  local exh, exl = moving(c0x, a0x, c1x, a1x, x)
  local eyh, eyl = moving(c0y, a0y, c1y, a1y, x)
  local fh, fl = products(dxh, dxl, eyh, eyl, -dyh, -dyl, exh, exl)
  local slope = 2 * fA * x + fB
  local delta = -(fh + fl) / slope
  if not (fabs(delta) < 2 ^ -30) then return nil end
  for side = -1, 1, 2 do
    local sigma = delta + side * NEWTON
    local v = fh + (fl + sigma * (slope + fA * sigma))
    local bound = 2 ^ -88 * fspread + fabs(sigma) * 2 ^ -43 * fspread + 2 ^ -52 * fabs(v)
    if not ((side * slope > 0 and v or -v) > bound) then return nil end
  end
  local th, tl = twosum(x, delta)
  if not roundsto(th, tl, 2 * NEWTON + DELTA) then return nil end
  local dx, dy = d0x + x * dvx, d0y + x * dvy
  local ex, ey = e0x + x * evx, e0y + x * evy
  local gx, gy = f0x + x * fvx, f0y + x * fvy
  local g1 = (evx * dx + evy * dy) + (ex * dvx + ey * dvy)
  local k1 = -((fvx * dx + fvy * dy) + (gx * dvx + gy * dvy))
  local err = dotsize * (2 ^ -87 + fabs(delta) * 2 ^ -44)
  local vh, vl = products(exh, exl, dxh, dxl, eyh, eyl, dyh, dyl)
  local g = valueat(vh, vl, g1, evx * dvx + evy * dvy, delta,
                    err + DRIFT * (fabs(g1) + 2 ^ -28 * dotsize))
  if not g then return nil end
  local gxh, gxl = difference(exh, exl, dxh, dxl)  -- f = e - d
  local gyh, gyl = difference(eyh, eyl, dyh, dyl)
  vh, vl = products(gxh, gxl, dxh, dxl, gyh, gyl, dyh, dyl)
  local k = valueat(vh * -1.0, vl * -1.0, k1, -(fvx * dvx + fvy * dvy), delta,
                    err + DRIFT * (fabs(k1) + 2 ^ -28 * dotsize))
  if not (k and g > 2 ^ -60 * dotsize and k > 2 ^ -60 * dotsize) then return nil end
  return th, g / (g + k)
end

-- Two contacts in time order.
local function inorder(t1, s1, t2, s2)
  if t2 < t1 then return t2, s2, t1, s1 end
  return t1, s1, t2, s2
end

local v0 = scratch(12)

-- The contacts by the exact solver (see segsolve.c), given which roots
-- the filter ruled out: nil, or t1, s1[, t2, s2].
local function exactcontacts(skip)
  setdifference(v0, FROM_A, c0x, c0y, a0x, a0y)
  setdifference(v1, FROM_A, c1x, c1y, a1x, a1y)
  setdifference(v0, FROM_B, c0x, c0y, b0x, b0y)
  setdifference(v1, FROM_B, c1x, c1y, b1x, b1y)
  setdifference(v0, SEGMENT, b0x, b0y, a0x, a0y)
  setdifference(v1, SEGMENT, b1x, b1y, a1x, a1y)
  local size = 0.0
  for i = 1, 3 do size = size + (norm1(vec(v0, i)) + norm1(vec(v1, i))) end
  if not (size <= DBL_MAX) then return nil end  -- too large to represent
  -- t and s do not change with the scale: work where the size is about 1.
  local n = -exponent(size)
  for i = 1, 3 do  -- (the scaling here, not in a loop of its own: a loop
    -- of 12 is more than LuaJIT unrolls, and its traces would not join)
    local axh, axl, ayh, ayl = vec(v0, i)
    local bxh, bxl, byh, byl = vec(v1, i)
    axh, axl, ayh, ayl = ldexp(axh, n), ldexp(axl, n), ldexp(ayh, n), ldexp(ayl, n)
    bxh, bxl, byh, byl = ldexp(bxh, n), ldexp(bxl, n), ldexp(byh, n), ldexp(byl, n)
    setvec(v1, i, bxh, bxl, byh, byl)
    local vxh, vxl = sub(bxh, bxl, axh, axl)
    local vyh, vyl = sub(byh, byl, ayh, ayl)
    setvec(rel, i, axh, axl, ayh, ayl)
    setvec(vel, i, vxh, vxl, vyh, vyl)
    tol[i] = TINY * (norm1(axh, axl, ayh, ayl) + norm1(bxh, bxl, byh, byl))
  end
  local d0xh, d0xl, d0yh, d0yl = vec(rel, SEGMENT)
  local dvxh, dvxl, dvyh, dvyl = vec(vel, SEGMENT)
  local e0xh, e0xl, e0yh, e0yl = vec(rel, FROM_A)
  local evxh, evxl, evyh, evyl = vec(vel, FROM_A)
  local d1xh, d1xl, d1yh, d1yl = vec(v1, SEGMENT)
  local e1xh, e1xl, e1yh, e1yl = vec(v1, FROM_A)
  -- How large the cross products can be, component by component.
  local spread = (fabs(d0xh) + fabs(d1xh)) * (fabs(e0yh) + fabs(e1yh)) +
                 (fabs(d0yh) + fabs(d1yh)) * (fabs(e0xh) + fabs(e1xh))
  local tl = 2 * TINY * spread
  local Ah, Al = cross(dvxh, dvxl, dvyh, dvyl, evxh, evxl, evyh, evyl)
  Ah, Al = settle(Ah, Al, tl)
  local ph, pl = cross(d0xh, d0xl, d0yh, d0yl, evxh, evxl, evyh, evyl)
  local qh, ql = cross(dvxh, dvxl, dvyh, dvyl, e0xh, e0xl, e0yh, e0yl)
  local Bh, Bl = add(ph, pl, qh, ql)
  Bh, Bl = settle(Bh, Bl, tl)
  local Ch, Cl = cross(d0xh, d0xl, d0yh, d0yl, e0xh, e0xl, e0yh, e0yl)
  Ch, Cl = settle(Ch, Cl, tl)
  if Ah == 0 and Bh == 0 then
    if Ch ~= 0 then return nil end  -- never on the line
    return collinearcontacts()
  end
  local f1h, f1l = cross(d1xh, d1xl, d1yh, d1yl, e1xh, e1xl, e1yh, e1yl)
  local f1 = settle(f1h, f1l, tl)
  local count, r0h, r0l, r0err, r1h, r1l, r1err = solve(Ah, Al, Bh, Bl, Ch, Cl, f1, tl, skip)
  local t1, s1
  if count >= 1 and r0h then t1, s1 = contact(r0h, r0l, r0err) end
  if count == 2 and r1h then
    local t, s = contact(r1h, r1l, r1err)
    if not t1 then t1, s1 = t, s
    elseif t then
      if t == t1 then return t1, s1 end  -- one contact, found twice
      return inorder(t1, s1, t, s)
    end
  end
  if t1 then return t1, s1 end
  return nil
end

-- The contacts of the scene: nil, or t1, s1[, t2, s2].
local function contacts()
  if clear(a0x, a1x, b0x, b1x, c0x, c1x) or clear(a0y, a1y, b0y, b1y, c0y, c1y) then
    return nil
  end
  local skip = filter()
  if skip == MISS then return nil end
  if keptroot then
    local t, s = onecontact(keptroot)
    if t then
      if not keptother then return t, s end
      local t2, s2 = onecontact(keptother)
      if t2 then return inorder(t, s, t2, s2) end
    end
  end
  return exactcontacts(skip)
end

-- sweepSegmentPoint on coordinates: as many results as the native function
-- gives. (The scene is set here and swept in a tail call, so that no frame
-- holds its coordinates while the stages run.)
return function(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12)
  a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y =
    p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12
  return contacts()
end
