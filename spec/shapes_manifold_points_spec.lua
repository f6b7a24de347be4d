local impact = require "impact"

-- S:manifold(other): each point lies in both closed shapes, exactly (the
-- distance from either to it is 0, decided exactly), wherever the point
-- midway between the surfaces along the normal falls outside one of them
-- and has to be brought in: along the normal, across it, towards the
-- middle of the contact or of the shapes' common part, or by the exact
-- fallbacks, which a double of the common part next to their point
-- follows where rounding left it a hair outside (a common part thinner
-- than an ulp). The named scenes each take one of those ways (deep or
-- lopsided overlaps drawn by impact_box2d_bench, world vertices to 17
-- digits); random scenes of every pair of kinds follow. Walls of no
-- thickness have no room for a point off their line: theirs are on it
-- within rounding.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB = impact.AABB, impact.OBB

local function assertPointsInBoth(a, b, what, tolerance)
  tolerance = tolerance or 0
  local m = a:manifold(b)
  assert.are.equal("Manifold", impact.type(m), what)
  assert.is_true(m.count == 1 or m.count == 2, what .. ": count")
  local h = a:overlap(b)
  assert.are.equal(h.normal.x, m.normal.x, what .. ": normal.x")
  assert.are.equal(h.normal.y, m.normal.y, what .. ": normal.y")
  local length = h.delta:length()
  for i = 1, m.count do
    local x, y, depth = m:point(i)
    local point = Circle(x, y, 0)
    assert.is_true(a:distance(point) <= tolerance, what .. ": point " .. i .. " in a")
    assert.is_true(b:distance(point) <= tolerance, what .. ": point " .. i .. " in b")
    assert.is_true(depth >= 0 and depth <= length * (1 + 2 ^ -30) + 2 ^ -40,
                   what .. ": depth " .. i .. " within the push-out's")
  end
end

local SCENES = {
  { "two polygons where the line along the normal only grazes their common part",
    Polygon({
      -0.5153322658787266, -2.06314991161039,
      1.2750605882850894, -1.7018740841307105,
      1.6170863978171646, -1.3810092266268061,
      2.0478881377070848, -0.57298261533162687,
      1.6804437390623381, 1.3031744863524037,
      -1.8339347724444757, -1.0764934521178904 }),
    Polygon({
      -0.90574024578045176, -3.1211223335324276,
      5.4205160158352674, -0.37193042293608936,
      4.0140257955447591, 2.6091057047910695,
      3.2477521072069351, 3.088097960523764,
      -0.20724999150637702, 2.9620844132256634 }) },
  { "a polygon and a disc, the same",
    Polygon({
      -1.7832712829171256, -2.1864851567789185,
      2.8213885047004972, -0.023253275797574247,
      0.43248987863302624, 2.7881402967159694,
      -1.4879047952662869, 2.3972720182563791,
      -1.9365224492261237, 2.0519879660794014,
      -2.7038097382119757, 0.80634155842391697,
      -2.8007381313116997, -0.34152559070745064 }),
    Circle(
      3.6319818496704102, -1.0534589290618896,
      2.2390210628509521) },
  { "a polygon and a capsule, the same",
    Polygon({
      -1.1021336068022518, -3.710477474291523,
      -3.8070968277792248, 0.69882423997819276,
      -3.8473304641204193, -0.42472329147186749 }),
    Capsule(
      -3.221893933854985, 1.8394259300368168,
      -1.4651467519168697, 2.2370503449439818, 1.9025415182113647) },
  { "two polygons resting, a point past a corner of the reference face",
    Polygon({
      0.48222977413525359, -1.6727493144899788,
      1.571851799640364, -0.74827651583928612,
      -1.4188086518009819, -1.0087704564289701 }),
    Polygon({
      -0.99097819567777323, -5.734464406120928,
      2.2096316038710322, -2.0357842348946775,
      1.3353098150337219, -0.25360545706947635,
      -3.4443849552287968, -0.39332027945361103,
      -4.2032107378596244, -2.8750408944069603,
      -2.6846863317799317, -5.2554482523597628 }) },
  { "a polygon and a capsule resting, the same",
    Polygon({
      -1.3259461318864043, -0.7161994364687494,
      -0.27714381949090283, 1.4813055325558824,
      -1.4662538231393265, -0.34810128352532854 }),
    Capsule(
      -0.098228422397650395, 0.9675634127081767,
      1.4001212515756185, 2.9562201341532868, 1.7287377119064331) },
  { "two polygons crossing deep, corner into corner",
    Polygon({
      -0.24356246134981641, -2.150013046915368,
      -1.7438391740711667, 1.2809776381576206,
      -0.72042511926829311, -2.0403103739412662 }),
    Polygon({
      -1.5358109156558579, -0.77388245802377598,
      1.3850726583628377, 3.3556116834276315,
      -1.6741644427435798, 2.4861407907512398 }) },
  { "a polygon's corner deep in a disc, off the normal",
    Polygon({
      -2.0851896773773793, -2.7197311568632521,
      -1.9606267283091179, 2.8108533203448713,
      -3.115936939656391, -1.4268463632566291 }),
    Circle(
      -3.2844798564910889, 3.2922773361206055,
      2.8173112869262695) },
  { "a polygon and a capsule crossing deep",
    Polygon({
      -0.046641248645814315, -1.0306638092455152,
      0.89943460983968959, 0.50543117868434018,
      0.50641470348348394, 0.89888121676862909,
      -0.27731668899390011, -0.99374984164485625 }),
    Capsule(
      -0.70547504448263831, -0.82829116462559105,
      -5.1230558455331856, 1.4512491366934923, 1.6698887348175049) },
  -- |b|^2 - 4 is -1.07e-15: the discs overlap in a lens thinner than an
  -- ulp, where the point midway between the surfaces rounds out of one
  -- of them; (0.8, 0.6) as doubles lies in both (|p|^2 - 1 is -8.9e-17,
  -- |p - b|^2 - 1 is -4.4e-16).
  { "two circles overlapping by less than an ulp along a 3-4-5 diagonal",
    Circle(0, 0, 1), Circle(1.5999999999999999, 1.1999999999999997, 1) },
  -- The box's bottom, -2000.0000000000045 - 2000, lies 4.5e-12 below the
  -- wall y = -4000 (x from 2000 to 6000): the common part is the wall's
  -- piece from x = 2000 to 5210.3451230876926, on y = -4000 exactly, and
  -- the points midway between the faces round off that line.
  { "a box's face overlapping a box of no height by a few ulps",
    AABB(4000, -4000, 2000, 0), AABB(2210.3451230876926, -2000.0000000000045, 3000, 2000) },
  { "a wall of no thickness across a polygon",
    Polygon({ 0, 0, 2, 0, 2, 1, 0, 1 }), Capsule(1, -1, 1.5, 3, 0), 2 ^ -45 },
  { "two walls of no thickness crossing",
    Capsule(0, 0, 2, 2, 0), Capsule(0, 2, 2, 0, 0), 2 ^ -45 },
}

describe("manifold points in both closed shapes", function()
  for _, scene in ipairs(SCENES) do
    it(scene[1], function()
      assertPointsInBoth(scene[2], scene[3], scene[1], scene[4])
      assertPointsInBoth(scene[3], scene[2], scene[1] .. ", swapped", scene[4])
    end)
  end

  it("random scenes of every pair of kinds", function()
    local seed = 12345
    local function uniform(lo, hi)  -- the same draws under every Lua
      seed = seed * 16807 % 2147483647  -- exact in doubles and in integers
      return lo + (hi - lo) * seed / 2147483647
    end
    local function shape(kind)
      local x, y, angle = uniform(-2, 2), uniform(-2, 2), uniform(0, 6.3)
      if kind == 1 then return Circle(x, y, uniform(0.25, 2)) end
      if kind == 2 then
        return Capsule(x, y, x + uniform(-2, 2), y + uniform(-2, 2), uniform(0, 1.5))
      end
      if kind == 3 then return AABB(x, y, uniform(0.25, 2), uniform(0.25, 2)) end
      if kind == 4 then return OBB(x, y, uniform(0.25, 2), uniform(0.25, 2), angle) end
      local count, r, v, turn = 3 + math.floor(uniform(0, 6)), uniform(0.5, 3), {}, 0
      for _ = 1, count do
        turn = turn + uniform(0.3, 6.28 / count * 1.4)
        if turn > 6.2 then break end
        local n = #v
        v[n + 1], v[n + 2] = x + r * math.cos(turn), y + r * math.sin(turn)
      end
      if #v < 6 then return Circle(x, y, r) end
      return Polygon(v)
    end
    local hits = 0
    for i = 1, 1500 do
      local a, b = shape(i % 5), shape(math.floor(i / 5) % 5)
      if a:intersects(b) then
        hits = hits + 1
        assertPointsInBoth(a, b, "scene " .. i)
      end
    end
    assert.is_true(hits > 300, "enough overlaps")
  end)
end)
