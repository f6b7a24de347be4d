-- Exact sums of a few doubles, and the signs of polynomials in them
-- (src/core/linear.c): the same filter in the same operations, then the
-- same exact answer. A sum is { n = parts, approx = the sum rounded, mag =
-- the sum of the parts' sizes, [1..n] = the parts, none 0 }.
local exact = require "impact.pure.core.exact"
local wide = require "impact.pure.core.wide"

local floor = math.floor
local signofsum, twosum = exact.signofsum, exact.twosum
local wideof, wadd, wsub, wmul = wide.of, wide.add, wide.sub, wide.mul

local linear = {}

local abs = exact.fabs  -- fabs: -0 is +0

function linear.of(v)
  return { n = v ~= 0 and 1 or 0, approx = v, mag = abs(v), v }
end

-- a + sign b, into r when given (its parts past the sum's are unread).
local function combine(a, b, sign, r)
  if r then
    r.approx, r.mag = a.approx + sign * b.approx, a.mag + b.mag
  else
    r = { n = 0, approx = a.approx + sign * b.approx, mag = a.mag + b.mag }
  end
  local n = a.n
  for i = 1, n do r[i] = a[i] end
  for i = 1, b.n do r[n + i] = sign * b[i] end
  r.n = n + b.n
  return r
end

function linear.add(a, b, r) return combine(a, b, 1.0, r) end
function linear.sub(a, b) return combine(a, b, -1.0) end

-- The exact sum of the doubles a and b, as linear.add(linear.of(a),
-- linear.of(b)) makes it, in one table (r when given).
function linear.sum(a, b, r)
  if r then
    r.n, r.approx, r.mag = 0, a + 1.0 * b, abs(a) + abs(b)
  else
    r = { n = 0, approx = a + 1.0 * b, mag = abs(a) + abs(b) }
  end
  if a ~= 0 then r.n, r[1] = 1, a end
  if b ~= 0 then r.n = r.n + 1; r[r.n] = b end
  return r
end

-- The sign (-1, 0 or 1) of a, exactly.
function linear.sign(a)
  if a.approx > 2 ^ -50 * a.mag then return 1 end
  if a.approx < -2 ^ -50 * a.mag then return -1 end
  return signofsum(a, a.n)
end

-- The sign of a - b, exactly, the difference built only where the rounded
-- one cannot tell (linear.c's imp_lin_sign_diff).
function linear.signdiff(a, b)
  local approx, mag = a.approx - b.approx, a.mag + b.mag
  if approx > 2 ^ -50 * mag then return 1 end
  if approx < -2 ^ -50 * mag then return -1 end
  return linear.sign(combine(a, b, -1.0))
end

-- Whether v 2^148 is an integer below 2^245 in size.
local function ongrid(v)
  if not (abs(v) <= 2 ^ 96) then return false end
  local x = v * 2 ^ 148
  return x == floor(x)
end

-- A term is { coef, k, f1, ..., fk }: coef (+-1 or +-2) times the product
-- of the k sums f1..fk.
local function exactinput(t, n)
  for i = 1, n do
    local term = t[i]
    for j = 3, 2 + term[2] do
      local f = term[j]
      for p = 1, f.n do
        if not ongrid(f[p]) then return false end
      end
    end
  end
  return true
end

local function wideoflin(a)
  local w = wideof(0)
  for i = 1, a.n do w = wadd(w, wideof(a[i])) end
  return w
end

-- The sum of the terms times 2^(148 k), exactly: its sign.
local function exactsign(t, n)
  local sum = wideof(0)
  for i = 1, n do
    local term = t[i]
    local product = wideoflin(term[3])
    for j = 4, 2 + term[2] do product = wmul(product, wideoflin(term[j])) end
    if term[1] < 0 then product = wsub(wideof(0), product) end
    sum = wadd(sum, product)
    if term[1] == 2 or term[1] == -2 then sum = wadd(sum, product) end
  end
  return sum.sign
end

-- The sum's parts added again with what each addition rounds off kept
-- (linear.c's recount): its approx and mag, which read a sum whose parts
-- cancel as small as it is.
local function recount(a)
  local sum, rest, lost = 0.0, 0.0, 0.0
  for i = 1, a.n do
    local e
    sum, e = twosum(sum, a[i])
    rest = rest + e
    lost = lost + abs(e)
  end
  local approx = sum + rest
  return approx, abs(approx) + 2 * lost
end

-- The filter's last step (linear.h's imp_terms_certified): the sign of
-- value, the terms' sum in doubles, when it lies beyond the bound on its
-- error that size (the sum of the terms' sizes) gives, else 2.
local function certified(value, size)
  if value > 2 ^ -46 * size then return 1 end
  if value < -2 ^ -46 * size then return -1 end
  return 2
end
linear.certified = certified

-- The filter: the sign of the terms' sum when the static bound certifies
-- it, else 2 (and the sum rounded); on the sums as they are, or recounted.
local function filtered(t, n, recounted)
  local value, size = 0.0, 0.0
  for i = 1, n do
    local term = t[i]
    local product = term[1] * 1.0
    local mag = abs(product)
    for j = 3, 2 + term[2] do
      local f = term[j]
      local fapprox, fmag = f.approx, f.mag
      if recounted then fapprox, fmag = recount(f) end
      product = product * fapprox
      mag = mag * fmag
    end
    value = value + product
    size = size + mag
  end
  return certified(value, size), value
end

-- The sign of the sum of the n terms t[1..n], all of the same degree:
-- exact while every part is on the wide integers' grid; beyond, the sign
-- of the rounded sum (0 for a NaN).
function linear.termssign(t, n)
  local s, value = filtered(t, n, false)
  if s ~= 2 then return s end
  if not exactinput(t, n) then
    return (value > 0 and 1 or 0) - (value < 0 and 1 or 0)
  end
  s = filtered(t, n, true)
  if s ~= 2 then return s end
  return exactsign(t, n)
end

return linear
