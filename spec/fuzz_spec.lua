local impact = require "impact"
local fuzz = require "fuzz"

-- The pure-Lua backend, many times slower, takes fewer calls: it gives the
-- native results and errors call for call (spec/differential_spec.lua).
local CALLS = impact.backend == "native" and 20000 or 2500

describe("the API fuzzer", function()
  for _, seed in ipairs({ 1, 2, 3 }) do
    it("finds nothing in " .. CALLS .. " random calls with seed " .. seed, function()
      local returned, refused = fuzz(impact, { seed = seed, calls = CALLS })
      -- Every call was judged, and both outcomes were exercised.
      assert.is_true(returned > 1000 and refused > 1000)
    end)
  end
end)
