-- Where a line enters and leaves a hull grown by its radius, in
-- double-double arithmetic from the exact vertices (src/core/xspan.c; the
-- decisions are core/xplace.lua's): the same operations in the same
-- order. A span is { enter, leave, along, nx, ny (the unit outward normal
-- where the line first meets the shape), edge }.
local dd = require "impact.pure.core.dd"
local spanfilter = require "impact.pure.core.spanfilter"
local roundedside = spanfilter.roundedside
local xplace = require "impact.pure.core.xplace"
local vec2 = require "impact.pure.point"

local huge = math.huge
local ddadd, ddsub, ddmul, dddiv, ddsqrt = dd.add, dd.sub, dd.mul, dd.div, dd.sqrt
local ddcross, dddot = dd.cross, dd.dot
local xvecof = xplace.xvecof
local crosssigndiff, nextof, prevof = xplace.crosssigndiff, xplace.nextof, xplace.prevof
local normalize = vec2.normalize

local xspan = {}

-- A sum of core/linear.lua as a double-double.
local function lindd(a)
  local h, l = 0.0, 0.0
  for i = 1, a.n do h, l = ddadd(h, l, a[i], 0.0) end
  return h, l
end

-- The exact vector a - b as four numbers (x hi, x lo, y hi, y lo): on
-- each axis b's parts added in turn after a's, as lindd of the difference
-- that xplace.xvecsub builds, without building it (xspan.c's
-- xvec_dd_diff).
local function xvecdddiff(a, b)
  local xh, xl = lindd(a.x)
  local yh, yl = lindd(a.y)
  local bx, by = b.x, b.y
  for i = 1, bx.n do xh, xl = ddadd(xh, xl, -1.0 * bx[i], 0.0) end
  for i = 1, by.n do yh, yl = ddadd(yh, yl, -1.0 * by[i], 0.0) end
  return xh, xl, yh, yl
end

local function neg(h, l) return h * -1.0, l * -1.0 end

local function unit(x, y)
  x, y = normalize(x, y)
  return x + 0.0, y + 0.0  -- no -0
end

-- The unit outward normal of the side from a to b (its right, for y up).
local function outward(a, b)
  return unit(b.y.approx - a.y.approx, -(b.x.approx - a.x.approx))
end

-- The time at which the line passes vertex k, across from it.
local function passing(h, k, p, dx, dy)
  local qxh, qxl, qyh, qyl = xvecdddiff(h.v[k], p)
  local nh, nl = dddot(qxh, qxl, qyh, qyl, dx, 0.0, dy, 0.0)
  local mh, ml = dddot(dx, 0.0, dy, 0.0, dx, 0.0, dy, 0.0)
  return (dddiv(nh, nl, mh, ml))
end

-- The unit normal across d, on the side of the line away from vertex k.
local function across(h, k, p, dx, dy)
  if crosssigndiff(xvecof(dx, dy), false, h.v[k], p) > 0 then return unit(dy, -dx) end
  return unit(-dy, dx)
end

-- The span of the vertices that the line passes as vertex k does (those
-- on a flat side along it), or all of them.
local function passingspan(h, p, dx, dy, k, all, out)
  local dv = xvecof(dx, dy)
  out.enter, out.leave = huge, -huge
  out.edge = k  -- kept when no time is finite (an overflowed d)
  for i = 0, h.n - 1 do
    if all or crosssigndiff(dv, false, h.v[i], h.v[k]) == 0 then
      local t = passing(h, i, p, dx, dy)
      if t < out.enter then out.enter, out.edge = t, i end
      if t > out.leave then out.leave = t end
    end
  end
  out.along = 0.0
end

-- Where, from 0 at a to 1 at b, the side from a to b is nearest to the
-- point at time t on the line.
local function alongside(a, b, p, dx, dy, t)
  local x = (p.x.approx - a.x.approx) + dx * t
  local y = (p.y.approx - a.y.approx) + dy * t
  local ex, ey = b.x.approx - a.x.approx, b.y.approx - a.y.approx
  local u = (x * ex + y * ey) / (ex * ex + ey * ey)
  if u > 0 then return u < 1 and u or 1.0 end
  return 0.0  -- a NaN is 0
end

-- The time at which the line crosses the line of the side from a to b:
-- -N / D.
local function crossing(a, b, p, dx, dy)
  local t = spanfilter.crossing(a, b, p, dx, dy)
  if t then return t end
  local exh, exl, eyh, eyl = xvecdddiff(b, a)
  local qxh, qxl, qyh, qyl = xvecdddiff(p, a)
  local nh, nl = neg(ddcross(exh, exl, eyh, eyl, qxh, qxl, qyh, qyl))
  local dh, dl = ddcross(exh, exl, eyh, eyl, dx, 0.0, dy, 0.0)
  return (dddiv(nh, nl, dh, dl))
end

-- The line's entry through the side from a to b (imp_side_entry): when
-- it crosses the side's line, where along the side, and its outward
-- normal, into out.
function xspan.sideentry(a, b, p, dx, dy, out)
  out.enter = crossing(a, b, p, dx, dy)
  out.along = alongside(a, b, p, dx, dy, out.enter)
  out.nx, out.ny = outward(a, b)
end

-- Radius 0, a polygon: Cyrus-Beck, its entry chosen exactly.
local function polygonspan(h, p, dx, dy, out)
  local dv = xvecof(dx, dy)
  local best = -1
  out.leave = huge
  for i = 0, h.n - 1 do
    local facing = crosssigndiff(h.v[nextof(h, i)], h.v[i], dv, false)
    if facing > 0 then
      local later = best < 0 and 1 or xplace.later(h, p, dv, best, i)
      if later > 0 or (later == 0 and i == nextof(h, best)) then best = i end
    elseif facing < 0 then
      local t = crossing(h.v[i], h.v[nextof(h, i)], p, dx, dy)
      if t < out.leave then out.leave = t end
    end
  end
  if best < 0 then  -- only where rounded decisions disagree
    passingspan(h, p, dx, dy, 0, true, out)
    out.nx, out.ny = unit(-dx, -dy)
    return
  end
  xspan.sideentry(h.v[best], h.v[nextof(h, best)], p, dx, dy, out)
  out.edge = best
end

-- The times at which the line enters and leaves the disk of radius r
-- (r2 its square) about vertex k, or nil when it misses it.
local function disk(h, k, p, dx, dy, r2h, r2l)
  local first, last = spanfilter.disk(h.v[k], h.radius, p, dx, dy)
  if first and last then return first, last end
  local qxh, qxl, qyh, qyl = xvecdddiff(p, h.v[k])
  local ah, al = dddot(dx, 0.0, dy, 0.0, dx, 0.0, dy, 0.0)
  local bh, bl = dddot(dx, 0.0, dy, 0.0, qxh, qxl, qyh, qyl)
  local ch, cl = ddcross(dx, 0.0, dy, 0.0, qxh, qxl, qyh, qyl)
  local qqh, qql = dddot(qxh, qxl, qyh, qyl, qxh, qxl, qyh, qyl)
  local farh, farl = ddsub(qqh, qql, r2h, r2l)
  local reachh, reachl = ddmul(r2h, r2l, ah, al)
  local offh, offl = ddmul(ch, cl, ch, cl)
  local disch, discl = ddsub(reachh, reachl, offh, offl)
  local sh, sl = 0.0, 0.0
  if disch < -2 ^ -90 * (reachh + offh) then return nil end
  if disch > 0 then sh, sl = ddsqrt(disch, discl) end
  -- the roots (-b -+ s) / a, the one that would cancel as far / (its
  -- partner's numerator), their product being far / a
  local enter, leave
  if bh <= 0 then
    local denh, denl = ddsub(sh, sl, bh, bl)
    if denh > 0 then enter = (dddiv(farh, farl, denh, denl))
    else
      local nbh, nbl = neg(bh, bl)
      enter = (dddiv(nbh, nbl, ah, al))
    end
    leave = (dddiv(denh, denl, ah, al))
  else
    local denh, denl = neg(ddadd(bh, bl, sh, sl))
    enter = (dddiv(denh, denl, ah, al))
    leave = (dddiv(farh, farl, denh, denl))
  end
  return first or enter, last or leave
end

-- spanfilter.roundedside's answer in double-double, for the side from a
-- to b moved out by the radius (rh, rl); nil for a line along it.
local function ddroundedside(a, b, rh, rl, p, dx, dy)
  local exh, exl, eyh, eyl = xvecdddiff(b, a)
  local qxh, qxl, qyh, qyl = xvecdddiff(p, a)
  local sideh, sidel = ddcross(exh, exl, eyh, eyl, dx, 0.0, dy, 0.0)
  local eeh, eel = dddot(exh, exl, eyh, eyl, exh, exl, eyh, eyl)
  local lenh, lenl = ddsqrt(eeh, eel)
  if sideh == 0 then return nil end
  local ch, cl = ddcross(exh, exl, eyh, eyl, qxh, qxl, qyh, qyl)
  local mh, ml = ddmul(rh, rl, lenh, lenl)
  local nh, nl = neg(ddadd(ch, cl, mh, ml))
  local t = (dddiv(nh, nl, sideh, sidel))
  local u = (dddot(qxh, qxl, qyh, qyl, exh, exl, eyh, eyl))
            + t * (dddot(dx, 0.0, dy, 0.0, exh, exl, eyh, eyl))
  return t, u, eeh, sideh > 0 and 1 or -1
end

-- A positive radius: the earliest entry into a piece, the latest exit.
local function roundedspan(h, p, dx, dy, out)
  local rh, rl = lindd(h.radius)
  local r2h, r2l = ddmul(rh, rl, rh, rl)
  out.enter, out.leave = huge, -huge
  local sided = false  -- a side crossed inwards wins over the disks
  for i = 0, h.n - 1 do
    local din, last = disk(h, i, p, dx, dy, r2h, r2l)
    if din then
      if din < out.enter then
        local v = h.v[i]
        out.enter, out.edge, out.along = din, i, 0.0
        out.nx, out.ny = unit((p.x.approx - v.x.approx) + dx * din,
                              (p.y.approx - v.y.approx) + dy * din)
      end
      if last > out.leave then out.leave = last end
    end
  end
  for i = 0, h.n - 1 do
    if h.n <= 1 then break end
    local a, b = h.v[i], h.v[nextof(h, i)]
    local t, u, span, way = roundedside(a, b, h.radius, p, dx, dy)
    if not t then t, u, span, way = ddroundedside(a, b, rh, rl, p, dx, dy) end
    -- within the edge's extent where it crosses
    if t and u >= 0 and u <= span then
      if way > 0 and (not sided or t < out.enter) then
        sided = true
        out.enter, out.edge, out.along = t, i, u / span
        out.nx, out.ny = outward(a, b)
      elseif way < 0 and t > out.leave then
        out.leave = t
      end
    end
  end
  if not (out.enter <= out.leave) then  -- only where rounding disagrees
    passingspan(h, p, dx, dy, 0, true, out)
    out.nx, out.ny = unit(-dx, -dy)
  end
end

-- The span of the line through p along (dx, dy), of the kind that
-- xplace.line gave (not a miss), into out.
function xspan.span(h, p, dx, dy, line, touch, out)
  local round = h.radius.n > 0
  if line == xplace.LINE_TOUCH or line == xplace.LINE_ALONG then
    passingspan(h, p, dx, dy, touch, false, out)
    if round then
      out.nx, out.ny = across(h, touch, p, dx, dy)
    elseif h.n == 1 then
      out.nx, out.ny = unit(-dx, -dy)
    else
      -- through a corner: the side there that the line crosses inwards
      local side = touch
      if not (crosssigndiff(h.v[nextof(h, touch)], h.v[touch], xvecof(dx, dy), false) > 0) then
        side = prevof(h, touch)
      end
      out.nx, out.ny = outward(h.v[side], h.v[nextof(h, side)])
    end
  elseif line == xplace.LINE_PIERCE then
    local side = crosssigndiff(h.v[nextof(h, 0)], h.v[0], xvecof(dx, dy), false) > 0 and 0 or 1
    xspan.sideentry(h.v[side], h.v[nextof(h, side)], p, dx, dy, out)
    out.leave, out.edge = out.enter, side
  elseif round then
    roundedspan(h, p, dx, dy, out)
  else
    polygonspan(h, p, dx, dy, out)
  end
end

return xspan
