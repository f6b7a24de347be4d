-- Error-free transformations (src/core/scalar.h), for the families that
-- decide ties exactly: the same double operations in the same order.
local exact = {}

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
