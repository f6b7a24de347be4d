local impact = require "impact"

describe("the impact module", function()
  it("exposes EPSILON as 1e-8", function()
    assert.are.equal(1e-8, impact.EPSILON)
  end)

  it("names its types with impact.type and nil for anything else", function()
    assert.are.equal("Point", impact.type(impact.Point()))
    assert.are.equal("AABB", impact.type(impact.AABB()))
    assert.are.equal("Hit", impact.type(impact.Hit()))
    assert.are.equal("Sweep", impact.type(impact.Sweep()))
    assert.is_nil(impact.type({}))
    assert.is_nil(impact.type(nil))
    assert.is_nil(impact.type(io.stdout))
  end)
end)
