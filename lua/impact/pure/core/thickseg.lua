-- Moving segment against moving disc: src/core/thickseg.c, bit for bit
-- (the same operations in the same order; that file explains the method
-- and its error bounds). A vector is two numbers; a time's vectors d, e
-- and f (b - a, c - a, c - b) at an interval's two ends are twelve.
local segpoint = require "impact.pure.core.segpoint"

local abs = math.abs

local LEAF = 2 ^ -50

local function max2(a, b) if a > b then return a end return b end

-- The largest component of u and v in size.
local function magnitude(ux, uy, vx, vy)
  return max2(max2(abs(ux), abs(uy)), max2(abs(vx), abs(vy)))
end

-- The Bernstein coefficients of dot(u, v) and cross(u, v) over an interval
-- where u runs from u0 to u1 and v from v0 to v1.
local function dots(u0x, u0y, u1x, u1y, v0x, v0y, v1x, v1y)
  return u0x * v0x + u0y * v0y,
         ((u0x * v1x + u0y * v1y) + (u1x * v0x + u1y * v0y)) * 0.5,
         u1x * v1x + u1y * v1y
end

local function crosses(u0x, u0y, u1x, u1y, v0x, v0y, v1x, v1y)
  return u0x * v0y - u0y * v0x,
         ((u0x * v1y - u0y * v1x) + (u1x * v0y - u1y * v0x)) * 0.5,
         u1x * v1y - u1y * v1x
end

-- The degree 4 Bernstein coefficients of the product of two quadratics.
local function product(a0, a1, a2, b0, b1, b2)
  return a0 * b0, (a0 * b1 + a1 * b0) * 0.5,
         (a0 * b2 + 4 * (a1 * b1) + a2 * b0) / 6,
         (a1 * b2 + a2 * b1) * 0.5, a2 * b2
end

local function beta(size, mu, mv)
  return 2 ^ -48 * (size * (mu + mv) + mu * mv) + 2 ^ -96 * (size * size)
end

-- Whether |v|^2 - radius^2 is certainly positive over the interval.
local function outside_disc(size, v0x, v0y, v1x, v1y, mv, radius)
  local r2 = radius * radius
  local w0, w1, w2 = dots(v0x, v0y, v1x, v1y, v0x, v0y, v1x, v1y)
  local bound = 2 ^ -47 * ((size + mv) * (size + mv) + r2)
  return w0 - r2 > bound and w1 - r2 > bound and w2 - r2 > bound
end

-- Whether the centre is certainly off the side's band over the interval.
local function off_side(size, r, d0x, d0y, d1x, d1y, e0x, e0y, e1x, e1y,
                        f0x, f0y, f1x, f1y)
  local md, me = magnitude(d0x, d0y, d1x, d1y), magnitude(e0x, e0y, e1x, e1y)
  local mf, r2 = magnitude(f0x, f0y, f1x, f1y), r * r
  local bc, bn = beta(size, md, me), beta(size, md, md)
  local w0, w1, w2 = dots(d0x, d0y, d1x, d1y, e0x, e0y, e1x, e1y)
  local bound = beta(size, me, md)
  if w0 < -bound and w1 < -bound and w2 < -bound then return true end
  w0, w1, w2 = dots(d0x, d0y, d1x, d1y, f0x, f0y, f1x, f1y)
  w0, w1, w2 = -w0, -w1, -w2
  bound = beta(size, mf, md)
  if w0 < -bound and w1 < -bound and w2 < -bound then return true end
  local reach = r + max2(abs(d0x) + abs(d0y), abs(d1x) + abs(d1y))
  if outside_disc(size, e0x, e0y, e1x, e1y, me, reach) then return true end
  local c0, c1, c2 = crosses(d0x, d0y, d1x, d1y, e0x, e0y, e1x, e1y)
  local n0, n1, n2 = dots(d0x, d0y, d1x, d1y, d0x, d0y, d1x, d1y)
  local mc = max2(max2(abs(c0), abs(c1)), abs(c2)) + bc
  local p0, p1, p2, p3, p4 = product(c0, c1, c2, c0, c1, c2)
  local q0, q1, q2, q3, q4 = product(n0, n1, n2, 1, 1, 1)
  bound = 2 * (2 * mc * bc + bc * bc + r2 * bn) +
          2 ^ -47 * (mc * mc + 2 * r2 * md * md)
  return p0 - r2 * q0 > bound and p1 - r2 * q1 > bound and
         p2 - r2 * q2 > bound and p3 - r2 * q3 > bound and
         p4 - r2 * q4 > bound
end

-- The motion: m[1..12] the vectors d, e, f at time 0, m[13..24] at time 1,
-- m.r and m.size.
local function at(m, i, t)
  local x0, y0 = m[i], m[i + 1]
  return x0 + t * (m[i + 12] - x0), y0 + t * (m[i + 13] - y0)
end

-- Whether the disc certainly stays clear of the segment over [lo, hi].
local function cleared(m, lo, hi)
  local d0x, d0y = at(m, 1, lo)
  local d1x, d1y = at(m, 1, hi)
  local e0x, e0y = at(m, 3, lo)
  local e1x, e1y = at(m, 3, hi)
  local f0x, f0y = at(m, 5, lo)
  local f1x, f1y = at(m, 5, hi)
  local size, r = m.size, m.r
  return outside_disc(size, e0x, e0y, e1x, e1y,
                      magnitude(e0x, e0y, e1x, e1y), r)
     and outside_disc(size, f0x, f0y, f1x, f1y,
                      magnitude(f0x, f0y, f1x, f1y), r)
     and off_side(size, r, d0x, d0y, d1x, d1y, e0x, e0y, e1x, e1y,
                  f0x, f0y, f1x, f1y)
end

-- The most intervals one search halves.
local SEARCH_BUDGET = 65536

-- The start of the first interval of width LEAF in [lo, lo + width] not
-- cleared, or -1. A disc gliding just outside the radius for long could
-- leave ever more intervals uncleared: past m.budget of them, the interval
-- at hand counts as contact (within the bounds' tolerance, as any).
local function first_contact(m, lo, width)
  if cleared(m, lo, lo + width) then return -1 end
  if width <= LEAF then return lo end
  m.budget = m.budget - 1
  if m.budget == 0 then return lo end
  width = width * 0.5
  local t = first_contact(m, lo, width)
  if t >= 0 then return t end
  return first_contact(m, lo + width, width)
end

-- The first contact, t and s, or nil; radius 0 gives segpoint's first.
return function(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y,
                radius)
  if radius == 0 then
    local t, s = segpoint(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y,
                          c1x, c1y)
    return t, s
  end
  if not (radius > 0) then return nil end
  -- d, e, f at time 0 (slots 1 to 6) and at time 1 (13 to 18).
  local m = { b0x - a0x, b0y - a0y, c0x - a0x, c0y - a0y, c0x - b0x, c0y - b0y,
              0, 0, 0, 0, 0, 0,
              b1x - a1x, b1y - a1y, c1x - a1x, c1y - a1y, c1x - b1x, c1y - b1y }
  local size = max2(max2(max2(magnitude(m[1], m[2], m[13], m[14]),
                              magnitude(m[3], m[4], m[15], m[16])),
                         magnitude(m[5], m[6], m[17], m[18])),
                    radius)
  if not (size - size == 0) then return nil end  -- inf or NaN
  local k = 1.0
  while size > 2 ^ 200 do
    size, k = size * 2 ^ -200, k * 2 ^ -200
  end
  while size < 2 ^ -200 do
    size, k = size * 2 ^ 200, k * 2 ^ 200
  end
  for i = 1, 6 do
    m[i], m[i + 12] = m[i] * k, m[i + 12] * k
  end
  m.r, m.size = radius * k, size
  m.budget = SEARCH_BUDGET
  local t = first_contact(m, 0.0, 1.0)
  if t < 0 then return nil end
  local dx, dy = at(m, 1, t)
  local ex, ey = at(m, 3, t)
  local n, g = dx * dx + dy * dy, ex * dx + ey * dy
  if not (n > 0) or g <= 0 then return t, 0.0 end
  if g >= n then return t, 1.0 end
  return t, g / n
end
