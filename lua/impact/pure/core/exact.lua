-- Error-free transformations (src/core/scalar.h), for the families that
-- decide ties exactly: the same double operations in the same order.
local exact = {}

-- C's fabs: a float, -0 made +0. Where numbers have no integer subtype
-- (Lua 5.1, 5.2, LuaJIT) math.abs is just that, and under LuaJIT one
-- instruction; under 5.3 and 5.4 an integer must come back a float.
exact.fabs = math.type and function(v) return v < 0 and -v or v + 0.0 end or math.abs

-- Knuth's two-sum: the sum rounded, and what rounding left out.
function exact.twosum(a, b)
  local s = a + b
  local v = s - a
  return s, (a - (s - v)) + (b - v)
end

-- a b - p exactly, p being a b rounded: Dekker's product on Veltkamp's
-- split (no fma), exact while nothing overflows or underflows.
local SPLIT = 134217729.0
function exact.producterror(a, b, p)
  local t = SPLIT * a
  local ah = t - (t - a)
  local al = a - ah
  local u = SPLIT * b
  local bh = u - (u - b)
  local bl = b - bh
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl
end

-- Whether v is 0 or within 2^-450 and 2^450 in size (imp_in_exact_range):
-- products of two such numbers neither overflow nor underflow.
local LO, HI = 2 ^ -450, 2 ^ 450
function exact.inrange(v)
  if v < 0 then v = -v end
  return v == 0 or v >= LO and v <= HI
end

local twosum, producterror = exact.twosum, exact.producterror

-- The expansion being summed, kept between calls, and its length.
local sum, len = {}, 0
for i = 1, 16 do sum[i] = 0.0 end  -- full size: no call grows it

-- Adds x to it by Shewchuk's expansion growth with zero elimination
-- (exact.c's grow).
local function grow(x)
  local m = 0
  for k = 1, len do
    local err
    x, err = twosum(x, sum[k])
    if err ~= 0 then m = m + 1; sum[m] = err end
  end
  if x ~= 0 then m = m + 1; sum[m] = x end
  len = m
end

local function sign()
  if len == 0 then return 0 end
  return sum[len] < 0 and -1 or 1
end

-- The exact sign of the sum of the n numbers v[1..n] (imp_sign_of_sum).
function exact.signofsum(v, n)
  len = 0
  for i = 1, n do grow(v[i]) end
  return sign()
end

-- The exact sign of the sum of a[i] b[i] (imp_sign_of_products), while
-- every factor is inrange.
function exact.signofproducts(a, b, n)
  len = 0
  for i = 1, n do
    local product = a[i] * b[i]
    grow(product)
    grow(producterror(a[i], b[i], product))
  end
  return sign()
end

-- An array of n zeros. The tests' scratch arrays are made full size at
-- load, so that no call grows one: a call then allocates nothing, and so
-- no collection step, and no finalizer that calls impact and reuses the
-- array, runs in the middle of it.
function exact.scratch(n)
  local t = {}
  for i = 1, n do t[i] = 0.0 end
  return t
end

return exact
