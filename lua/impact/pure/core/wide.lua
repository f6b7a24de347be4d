-- Wide integers (src/core/wide.c's role): the exact decisions of the shape
-- tests as polynomials in the input doubles. A double of exactinput is
-- held as the integer v 2^148; a product of four such numbers, and a few
-- such products summed, stay below 2^1000. Exact answers agree however
-- they are reached, so the limbs here are 24 bits in doubles (a product
-- of two is 48 bits, and a carry added to it stays exact), where C has 32
-- bits in integers. A wide is { sign = -1, 0 or 1, n = limbs, [1..n] },
-- little-endian, limb n nonzero unless n is 0. Slow, and a table per
-- result: the shape tests reach it only when rounded doubles cannot
-- certify a decision.
local wide = {}

local floor = math.floor

local BASE = 2 ^ 24
local SCALE = 2 ^ 148

-- Whether v is 0 or within 2^-96 and 2^96 in size (imp_exact_input).
local LO, HI = 2 ^ -96, 2 ^ 96
function wide.exactinput(v)
  if v < 0 then v = -v end
  return v == 0 or v >= LO and v <= HI
end

local function zero() return { sign = 0, n = 0 } end

local function trim(w)
  local n = w.n
  while n > 0 and w[n] == 0 do w[n] = nil; n = n - 1 end
  w.n = n
  if n == 0 then w.sign = 0 end
  return w
end

-- v 2^148, its fraction dropped, for a v below 2^200 in size (scaling by
-- a power of two is exact, and so are floor and the limbs' divisions).
function wide.of(v)
  if v == 0 then return zero() end
  local w = { sign = v < 0 and -1 or 1, n = 0 }
  local x = floor((v < 0 and -v or v) * SCALE)
  local n = 0
  while x > 0 do
    local high = floor(x / BASE)
    n = n + 1
    w[n] = x - high * BASE
    x = high
  end
  w.n = n
  return trim(w)
end

local function comparemagnitude(a, b)
  if a.n ~= b.n then return a.n < b.n and -1 or 1 end
  for i = a.n, 1, -1 do
    if a[i] ~= b[i] then return a[i] < b[i] and -1 or 1 end
  end
  return 0
end

-- |a| + |b| with the given sign.
local function addmagnitudes(a, b, sign)
  local r = { sign = sign }
  local n = a.n > b.n and a.n or b.n
  local carry = 0
  for i = 1, n do
    local s = carry + (a[i] or 0) + (b[i] or 0)
    carry = s >= BASE and 1 or 0
    r[i] = s - carry * BASE
  end
  if carry > 0 then n = n + 1; r[n] = carry end
  r.n = n
  return trim(r)
end

-- |a| - |b| for |a| >= |b|, with the given sign.
local function submagnitudes(a, b, sign)
  local r = { sign = sign, n = a.n }
  local borrow = 0
  for i = 1, a.n do
    local d = a[i] - borrow - (b[i] or 0)
    borrow = d < 0 and 1 or 0
    r[i] = d + borrow * BASE
  end
  return trim(r)
end

function wide.add(a, b)
  if a.sign == 0 then return b end
  if b.sign == 0 then return a end
  if a.sign == b.sign then return addmagnitudes(a, b, a.sign) end
  local c = comparemagnitude(a, b)
  if c == 0 then return zero() end
  if c > 0 then return submagnitudes(a, b, a.sign) end
  return submagnitudes(b, a, b.sign)
end

local function negated(a)
  local r = { sign = -a.sign, n = a.n }
  for i = 1, a.n do r[i] = a[i] end
  return r
end

function wide.sub(a, b) return wide.add(a, negated(b)) end

function wide.mul(a, b)
  if a.sign == 0 or b.sign == 0 then return zero() end
  local r = { sign = a.sign * b.sign, n = a.n + b.n }
  for k = 1, r.n do r[k] = 0 end
  for i = 1, a.n do
    local carry, ai = 0, a[i]
    for j = 1, b.n do
      local t = ai * b[j] + r[i + j - 1] + carry  -- below 2^49: exact
      carry = floor(t / BASE)
      r[i + j - 1] = t - carry * BASE
    end
    r[i + b.n] = carry
  end
  return trim(r)
end

-- -1, 0 or 1.
function wide.sign(a) return a.sign end

-- The sign of a - b.
function wide.compare(a, b) return wide.sub(a, b).sign end

return wide
