-- The filter in front of a span's double-double times (src/core/
-- spanfilter.c): the same time in doubles, in the same operations, with
-- the same bound on its error, taken where that bound is within 2^-44 of
-- the time (or of 1); else nil, and core/xspan.lua works it out in
-- double-double. Each of a disk's two times is certified on its own.
local abs, max = math.abs, math.max

local B53, B52, B51, B50, B44, B40 = 2 ^ -53, 2 ^ -52, 2 ^ -51, 2 ^ -50, 2 ^ -44, 2 ^ -40
local TINY = 2 ^ -1000

local spanfilter = {}

-- How far the rounded sum of a's parts may be from a (core/linear.lua).
local function slop(a)
  return a.n > 1 and (a.n - 1) * B53 * a.mag or 0.0
end

-- The rounded quotient n / d, and whether it is certified: n and d off by
-- en and ed at most, d beyond its error (the bound multiplied out).
local function quotient(n, en, d, ed)
  local q = n / d
  local size = abs(q)
  local room = (B44 * max(size, 1) - B52 * size) * (abs(d) - ed)  -- no branch
  return q, q - q == 0 and abs(d) > ed and (en + size * ed) * (1 + B40) <= room
end

-- The side from a to b against the line from p along d, in doubles: e =
-- b - a and q = p - a with their slops, and e x q (f) and e x d (g) with
-- their bounds: ex, ey, qx, qy, sex, sey, f, g, ef, eg.
local function sideline(a, b, p, dx, dy)
  local sqx, sqy = slop(p.x) + slop(a.x), slop(p.y) + slop(a.y)
  local sex, sey = slop(b.x) + slop(a.x), slop(b.y) + slop(a.y)
  local ax, ay = a.x.approx, a.y.approx
  local ex, ey = b.x.approx - ax, b.y.approx - ay
  local qx, qy = p.x.approx - ax, p.y.approx - ay
  local l, r, dl, dr = ex * qy, ey * qx, ex * dy, ey * dx
  local ef = B50 * (abs(l) + abs(r)) + TINY
             + ((abs(ex) + sex) * sqy + abs(qy) * sex + ((abs(ey) + sey) * sqx + abs(qx) * sey))
  local eg = B50 * (abs(dl) + abs(dr)) + TINY + (abs(dy) * sex + abs(dx) * sey)
  return ex, ey, qx, qy, sex, sey, l - r, dl - dr, ef, eg
end

-- The time at which the line from p along d crosses the line of the side
-- from a to b, where certified.
function spanfilter.crossing(a, b, p, dx, dy)
  local _, _, _, _, _, _, f, g, ef, eg = sideline(a, b, p, dx, dy)
  local t, sure = quotient(-f, ef, g, eg)
  return sure and t or nil
end

-- Where the line crosses the side from a to b moved out by the radius:
-- the time, where along the side (along of span, in doubles) and which
-- way (1 inwards, -1 outwards), where doubles certify the time and the
-- way; else nil.
function spanfilter.roundedside(a, b, radius, p, dx, dy)
  local ex, ey, qx, qy, sex, sey, f, g, ef, eg = sideline(a, b, p, dx, dy)
  local rad, sr = radius.approx, slop(radius)
  local ee = ex * ex + ey * ey
  local eee = B50 * ee + TINY + ((2 * abs(ex) + sex) * sex + (2 * abs(ey) + sey) * sey)
  if not (ee > 2 * eee) then return nil end
  local length = math.sqrt(ee)
  local elength = eee / length + B52 * length
  local reach = rad * length
  local ereach = B52 * reach + rad * elength + sr * (length + elength)
  local n = f + reach
  local en = ef + ereach + B52 * abs(n)
  local t, sure = quotient(-n, en, g, eg)
  if not sure then return nil end
  return t, (qx * ex + qy * ey) + t * (dx * ex + dy * ey), ee, g > 0 and 1 or -1
end

-- The times at which the line enters and leaves the disk of the radius
-- about v, each where certified (else false), or nil where the line does
-- not certainly cross it.
function spanfilter.disk(v, radius, p, dx, dy)
  local sqx, sqy = slop(p.x) + slop(v.x), slop(p.y) + slop(v.y)
  local sr = slop(radius)
  local r = radius.approx
  local qx, qy = p.x.approx - v.x.approx, p.y.approx - v.y.approx
  local a = dx * dx + dy * dy
  local bx, by, cx, cy = dx * qx, dy * qy, dx * qy, dy * qx
  local b, c = bx + by, cx - cy
  local qq, rr = qx * qx + qy * qy, r * r
  local far, reach = qq - rr, rr * a
  local disc = reach - c * c
  local sqq = (2 * abs(qx) + sqx) * sqx + (2 * abs(qy) + sqy) * sqy
  local srr = (2 * abs(r) + sr) * sr
  local ea = B50 * a + TINY
  local eb = B50 * (abs(bx) + abs(by)) + TINY + (abs(dx) * sqx + abs(dy) * sqy)
  local ec = B50 * (abs(cx) + abs(cy)) + TINY + (abs(dx) * sqy + abs(dy) * sqx)
  local efar = B50 * (qq + rr) + TINY + (sqq + srr)
  local edisc = B50 * reach + (2 * abs(c) + ec) * ec + B51 * (c * c) + TINY + srr * a
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
