-- How the Lua benchmarks measure a loop f(n) that runs n operations: a
-- warm-up, then the best of three timings (the collector running, as in a
-- game), in ns per operation; with m, also the garbage of a shorter run of
-- m operations with the collector stopped, in bytes per operation (after
-- the same m once more: a full collection shrinks the Lua stack, which the
-- deepest call after it grows back once, and the deepest may come late in
-- a run). Then what the last timed run returned.
return function(f, n, m)
  f(math.floor(n / 10) + 1)
  local best, r1, r2 = math.huge
  for _ = 1, 3 do
    local t = os.clock()
    r1, r2 = f(n)
    best = math.min(best, os.clock() - t)
  end
  local bytes
  if m then
    collectgarbage()
    collectgarbage("stop")
    f(m)
    local before = collectgarbage("count")
    f(m)
    bytes = (collectgarbage("count") - before) * 1024 / m
    collectgarbage("restart")
  end
  return best / n * 1e9, bytes, r1, r2
end
