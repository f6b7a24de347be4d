-- Double-double arithmetic (src/core/dd.h): a number as the unevaluated
-- sum of two doubles hi, lo, passed as two values; the same operations in
-- the same order.
local exact = require "impact.pure.core.exact"

local sqrt = math.sqrt
local twosum, producterror = exact.twosum, exact.producterror

local dd = {}

local function quicktwosum(a, b)  -- needs |a| >= |b|
  local s = a + b
  return s, b - (s - a)
end
dd.quicktwosum = quicktwosum

local function add(xh, xl, yh, yl)
  local sh, sl = twosum(xh, yh)
  local eh, el = twosum(xl, yl)
  sl = sl + eh
  sh, sl = quicktwosum(sh, sl)
  sl = sl + el
  return quicktwosum(sh, sl)
end
dd.add = add

local function sub(xh, xl, yh, yl) return add(xh, xl, yh * -1.0, yl * -1.0) end
dd.sub = sub

local function mul(xh, xl, yh, yl)
  local p = xh * yh
  return quicktwosum(p, producterror(xh, yh, p) + (xh * yl + xl * yh))
end
dd.mul = mul

function dd.div(xh, xl, yh, yl)
  local q1 = xh / yh
  local rh, rl = sub(xh, xl, mul(q1, 0.0, yh, yl))
  local q2 = rh / yh
  rh = sub(rh, rl, mul(q2, 0.0, yh, yl))
  local qh, ql = quicktwosum(q1, q2)
  return add(qh, ql, rh / yh, 0.0)
end

function dd.sqrt(xh, xl)  -- x > 0
  local r = sqrt(xh)
  local h = sub(xh, xl, mul(r, 0.0, r, 0.0))
  return twosum(r, h / (2 * r))
end

function dd.cross(uxh, uxl, uyh, uyl, vxh, vxl, vyh, vyl)
  local ah, al = mul(uxh, uxl, vyh, vyl)
  local bh, bl = mul(uyh, uyl, vxh, vxl)
  return sub(ah, al, bh, bl)
end

function dd.dot(uxh, uxl, uyh, uyl, vxh, vxl, vyh, vyl)
  local ah, al = mul(uxh, uxl, vxh, vxl)
  local bh, bl = mul(uyh, uyl, vyh, vyl)
  return add(ah, al, bh, bl)
end

return dd
