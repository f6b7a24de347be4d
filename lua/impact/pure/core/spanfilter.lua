-- The filter in front of a span's double-double times (src/core/
-- spanfilter.c): the same time in doubles, in the same operations, with
-- the same bound on its error, taken where that bound is within 2^-44 of
-- the time (or of 1); else nil, and core/xspan.lua works it out in
-- double-double. Each of a disk's two times is certified on its own.
local abs, max = math.abs, math.max

local B52, B51, B50, B44, B40, TINY = 2 ^ -52, 2 ^ -51, 2 ^ -50, 2 ^ -44, 2 ^ -40, 2 ^ -1000

local spanfilter = {}

local function onepart(v) return v.x.n <= 1 and v.y.n <= 1 end

-- The rounded quotient n / d, and whether it is certified: n and d off by
-- en and ed at most, d beyond its error (the bound multiplied out).
local function quotient(n, en, d, ed)
  local q = n / d
  local size = abs(q)
  local room = (B44 * max(size, 1) - B52 * size) * (abs(d) - ed)  -- no branch
  return q, q - q == 0 and abs(d) > ed and (en + size * ed) * (1 + B40) <= room
end

-- The time at which the line from p along d crosses the line of the side
-- from a to b, where certified.
function spanfilter.crossing(a, b, p, dx, dy)
  if not (onepart(a) and onepart(b) and onepart(p)) then return nil end
  local ax, ay = a.x.approx, a.y.approx
  local ex, ey = b.x.approx - ax, b.y.approx - ay
  local wx, wy = p.x.approx - ax, p.y.approx - ay
  local l, r, dl, dr = ex * wy, ey * wx, ex * dy, ey * dx
  local f, g = l - r, dl - dr
  local ef = B50 * (abs(l) + abs(r)) + TINY
  local eg = B50 * (abs(dl) + abs(dr)) + TINY
  local t, sure = quotient(-f, ef, g, eg)
  return sure and t or nil
end

-- The times at which the line enters and leaves the disk of the radius
-- about v, each where certified (else false), or nil where the line does
-- not certainly cross it.
function spanfilter.disk(v, radius, p, dx, dy)
  if not (onepart(v) and onepart(p) and radius.n <= 1) then return nil end
  local r = radius.approx
  local qx, qy = p.x.approx - v.x.approx, p.y.approx - v.y.approx
  local a = dx * dx + dy * dy
  local bx, by, cx, cy = dx * qx, dy * qy, dx * qy, dy * qx
  local b, c = bx + by, cx - cy
  local qq, rr = qx * qx + qy * qy, r * r
  local far, reach = qq - rr, rr * a
  local disc = reach - c * c
  local ea = B50 * a + TINY
  local eb = B50 * (abs(bx) + abs(by)) + TINY
  local ec = B50 * (abs(cx) + abs(cy)) + TINY
  local efar = B50 * (qq + rr) + TINY
  local edisc = B50 * reach + (2 * abs(c) + ec) * ec + B51 * (c * c) + TINY
  if not (disc > 2 * edisc) then return nil end
  local s = math.sqrt(disc)
  local es = edisc / s + B52 * s
  -- the roots far / den and den / a, or for b > 0 -den / a and -far /
  -- den; one branch, after the numbers are worked out
  local den = s + abs(b)
  local eden = es + eb + B52 * den
  local near, sure1 = quotient(far, efar, den, eden)
  local away, sure2 = quotient(den, eden, a, ea)
  if b > 0 then return sure2 and -away, sure1 and -near end
  return sure1 and near, sure2 and away
end

return spanfilter
