-- The arcs' filters in doubles (src/core/arcbound.c): a piece's
-- polynomials also as double-doubles { hi, lo, m } within 2^-96 m of the
-- exact coefficients (m the size of the terms summed into one), so that
-- most Bernstein signs come from doubles, and the last halvings towards a
-- contact become a root found in doubles and certified. The same
-- decisions as the exact search, hence the same answers.
local exact = require "impact.pure.core.exact"

local twosum, producterror = exact.twosum, exact.producterror
local abs, ceil, min, max = math.abs, math.ceil, math.min, math.max

local arcbound = {}

-- Beyond the error of a coefficient in doubles and of the few roundings of
-- a shift and a change of basis; beyond a double-double Horner step's.
local BERNSTEIN_ERROR, HORNER_ERROR = 2 ^ -45, 2 ^ -89
arcbound.UNSURE = 2

function arcbound.exact(v) return { v, 0.0, abs(v) } end

local function add(a, b)
  local s, e = twosum(a[1], b[1])
  local hi, lo = twosum(s, e + (a[2] + b[2]))
  return { hi, lo, a[3] + b[3] }
end
arcbound.add = add

function arcbound.sub(a, b) return add(a, { -b[1], -b[2], b[3] }) end

local function mul(a, b)
  local p = a[1] * b[1]
  local hi, lo = twosum(p, producterror(a[1], b[1], p) +
                           (a[1] * b[2] + a[2] * b[1]))
  return { hi, lo, a[3] * b[3] }
end
arcbound.mul = mul

-- a times -2, -1 or 2: exact.
function arcbound.scaled(a, f) return { a[1] * f, a[2] * f, a[3] * abs(f) } end

local BINOMIAL = {
  [0] = { [0] = 1 }, { [0] = 1, 1 }, { [0] = 1, 2, 1 }, { [0] = 1, 3, 3, 1 },
  { [0] = 1, 4, 6, 4, 1 } }

-- c[j] the coefficient of u^j in p(s + w u), m[j] the same of the sizes.
local function shifted(p, s, w)
  local n, a, power, c, m, scale = p.n, p.a, { [0] = 1.0 }, {}, {}, 1.0
  for i = 1, n do power[i] = power[i - 1] * s end
  for j = 0, n do
    local cj, mj = 0.0, 0.0
    for i = j, n do
      local f = BINOMIAL[i][j] * power[i - j]
      cj = cj + a[i][1] * f
      mj = mj + a[i][3] * f
    end
    c[j], m[j] = cj * scale, mj * scale
    scale = scale * w
  end
  return c, m
end

-- The sign of the sum of weight(i) c[i] for from <= i <= to, 0 if unsure.
local function weightedsign(c, m, weight, from, to)
  local sum, size = 0.0, 0.0
  for i = from, to do
    local f = weight(i)
    sum = sum + f * c[i]
    size = size + f * m[i]
  end
  size = size * BERNSTEIN_ERROR
  if sum > size then return 1 end
  if sum < -size then return -1 end
  return 0
end

-- Bernstein coefficient j's weights, C(j, i) / C(n, i).
local function bernstein(n, j)
  return function(i) return BINOMIAL[j][i] / BINOMIAL[n][i] end
end

-- As the exact classify on [k, k + 1] 2^-d, or UNSURE.
function arcbound.classify(p, k, d)
  local n = p.n
  local c, m = shifted(p, k * 2 ^ -d, 2 ^ -d)
  local above, below = 0, 0
  for j = 0, n do
    local sign = weightedsign(c, m, bernstein(n, j), 0, j)
    if sign > 0 then above = above + 1 end
    if sign < 0 then below = below + 1 end
  end
  if below == n + 1 then return -1 end
  if above == n + 1 then return 1 end
  if above > 0 and below > 0 then return 0 end
  return arcbound.UNSURE
end

-- Whether b[j + 1] - b[j] = sum of C(j, i - 1) / C(n, i) c[i] is surely
-- positive for every j: then p rises on the interval.
local function rising(n, c, m)
  for j = 0, n - 1 do
    local weight = function(i) return BINOMIAL[j][i - 1] / BINOMIAL[n][i] end
    if weightedsign(c, m, weight, 1, j + 1) <= 0 then return false end
  end
  return true
end

-- Whether b[j] - b[0] is surely positive for every j >= 1 on [t, t + w].
local function startsinside(p, t, w)
  local c, m = shifted(p, t, w)
  for j = 1, p.n do
    if weightedsign(c, m, bernstein(p.n, j), 1, j) <= 0 then return false end
  end
  return true
end

-- The sign of p(x), 0 if unsure, by Horner's rule in double-doubles.
local function signat(p, x)
  local r, dx = p.a[p.n], { x, 0.0, abs(x) }
  for i = p.n - 1, 0, -1 do r = add(mul(r, dx), p.a[i]) end
  local bound = HORNER_ERROR * r[3]
  if r[1] > bound then return 1 end
  if r[1] < -bound then return -1 end
  return 0
end

-- A root of p in [s, s + w] where p rises, in doubles: only a guess.
local function guessroot(p, s, w, c)
  local n, a, last = p.n, p.a, 0.0
  for i = 0, n do last = last + c[i] end
  local t = s
  if c[0] < 0 and last > 0 then t = s + w * (-c[0] / (last - c[0])) end
  for _ = 1, 8 do
    local f, slope = 0.0, 0.0
    for i = n, 0, -1 do
      slope = slope * t + f
      f = f * t + a[i][1]
    end
    if not (slope > 0) then break end
    local nxt = min(max(t - f / slope, s), s + w)
    if nxt == t then break end
    t = nxt
  end
  return t
end

-- For p surely rising on [k, k + 1] 2^-d, with the piece's other
-- polynomials positive there, the exact search's answer on it: the first
-- grid point of 2^-depth past p's root whose Bernstein signs put the
-- centre inside, before limit, or 2; nil when doubles cannot certify it.
function arcbound.entry(p, k, d, depth, limit)
  local s, w, unit = k * 2 ^ -d, 2 ^ -d, 2 ^ -depth
  local first = k * 2 ^ (depth - d)
  local last = first + 2 ^ (depth - d)
  local c, m = shifted(p, s, w)
  if not rising(p.n, c, m) then return nil end
  local grid = min(max(ceil(guessroot(p, s, w, c) * 2 ^ depth), first), last)
  for _ = 1, 4 do
    local sign = -1
    if grid > first then sign = signat(p, (grid - 1) * unit) end
    if sign == 0 then return nil end
    if sign > 0 then
      grid = grid - 1
    else
      if grid == last then return 2 end
      sign = signat(p, grid * unit)
      if sign == 0 then return nil end
      if sign > 0 then
        local t = grid * unit
        if not (t < limit) then return 2 end
        if startsinside(p, t, unit) then return t end
        return nil
      end
      grid = grid + 1
    end
  end
  return nil
end

return arcbound
