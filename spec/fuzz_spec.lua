local impact = require "impact"
local fuzz = require "fuzz"

describe("the API fuzzer", function()
  for _, seed in ipairs({ 1, 2, 3 }) do
    it("finds nothing in 20000 random calls with seed " .. seed, function()
      local returned, refused = fuzz(impact, { seed = seed, calls = 20000 })
      -- Every call was judged, and both outcomes were exercised.
      assert.is_true(returned > 1000 and refused > 1000)
    end)
  end
end)
