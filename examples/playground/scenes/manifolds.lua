-- Manifolds: what an impulse solver needs where shapes rest on a floor
-- (floor:manifold(shape)): the normal, and one or two points with their
-- depths.
return function(impact, ui)
  local s = ui.scene("Manifolds", "drag centres; wheel over the box or the capsule turns it")
  local floor = impact.Polygon({ -320, -20, 320, -20, 320, 20, -320, 20 }, 400, 330)
  local pill = impact.Capsule(-50, 0, 50, 0, 30, 190, 230)
  local ball = impact.Circle(400, 230, 30)
  local box = impact.Polygon({ -40, -40, 40, -40, 40, 40, -40, 40 }, 590, 220)
  local shapes = { { name = "capsule", shape = pill }, { name = "ball", shape = ball },
                   { name = "box", shape = box } }
  for _, v in ipairs(shapes) do v.manifold = impact.Manifold() end

  local f = s.handle("floor", floor.pos.x, floor.pos.y)
  for _, v in ipairs(shapes) do
    local turn = v.shape.angle and ui.turner(v.shape, 5)
    v.handle = s.handle(v.name, v.shape.pos.x, v.shape.pos.y, { turn = turn })
  end

  function s.update()
    floor.pos.x, floor.pos.y = f.x, f.y
    for _, v in ipairs(shapes) do
      v.shape.pos.x, v.shape.pos.y = v.handle.x, v.handle.y
      v.result = floor:manifold(v.shape, v.manifold)
      local m = v.result
      if m then
        local text = ""
        for i = 1, m.count do
          local x, y, depth = m:point(i)
          text = text .. string.format("  %s depth %s", ui.pt(x, y), ui.num(depth))
        end
        s.say("floor:manifold(%s): normal %s, %d point%s:%s", v.name, ui.vec(m.normal), m.count,
              m.count == 1 and "" or "s", text)
      else
        s.say("floor:manifold(%s): nil", v.name)
      end
    end
  end

  function s.draw(draw)
    draw.shape(floor)
    ui.label(f.x + 270, f.y - 8, "floor", ui.colors.dim)
    for _, v in ipairs(shapes) do
      draw.shape(v.shape, draw.style.kinds.enter)
      ui.label(v.handle.x - 24, v.handle.y - 70, v.name, draw.style.kinds.enter)
      local m = v.result
      if m then
        draw.manifold(m)
        for i = 1, m.count do
          local x, y, depth = m:point(i)
          ui.labelAt(x, y + 30 + 18 * (i % 2), "depth " .. ui.num(depth), draw.style.delta)
        end
      end
    end
  end

  local function result(name)
    for _, v in ipairs(shapes) do
      if v.name == name then return v.result end
    end
  end

  -- The points of a manifold's x coordinates, smallest first.
  local function xs(m)
    local a, b = m:point(1), m.count == 2 and (m:point(2)) or nil
    if b and b < a then a, b = b, a end
    return a, b
  end

  function s.tour(t)
    -- The floor's top is y 310. Each shape reaches 5 below it: the normal
    -- from the floor towards the shapes is (0, -1).
    t.drag("capsule", 190, 285)
    t.drag("ball", 400, 285)
    t.drag("box", 590, 275)
    for _, name in ipairs { "capsule", "ball", "box" } do
      local m = result(name)
      t.expect(name .. " normal.x", m.normal.x, 0, 1e-12)
      t.expect(name .. " normal.y", m.normal.y, -1, 1e-12)
      for i = 1, m.count do t.expect(name .. " depth", select(3, m:point(i)), 5, 1e-9) end
    end
    -- The capsule lies flat along the floor: two points, under its ends
    -- (x 140 and 240); the ball one, under its centre; the box two, under
    -- its bottom corners (x 550 and 630).
    local underCapsule, underBall, underBox = result("capsule"), result("ball"), result("box")
    t.expect("capsule count", underCapsule.count, 2)
    local a, b = xs(underCapsule)
    t.expect("capsule x1", a, 140, 1e-9); t.expect("capsule x2", b, 240, 1e-9)
    t.expect("ball count", underBall.count, 1)
    t.expect("ball x", (xs(underBall)), 400, 1e-9)
    t.expect("box count", underBox.count, 2)
    a, b = xs(underBox)
    t.expect("box x1", a, 550, 1e-9); t.expect("box x2", b, 630, 1e-9)
    -- The box turned 30 degrees (6 notches) stands on its corner (40, 40)
    -- turned: (40 (c - s), 40 (s + c)) from its centre, c = sqrt 3 / 2,
    -- s = 1/2. With its centre 40 (s + c) - 5 above y 310, one point, 5
    -- deep.
    local c, sn = math.sqrt(3) / 2, 0.5
    t.wheel("box", 6)
    t.drag("box", 590, 315 - 40 * (sn + c))
    underBox = result("box")
    t.expect("turned box count", underBox.count, 1)
    t.expect("turned box x", (xs(underBox)), 590 + 40 * (c - sn), 1e-9)
    t.expect("turned box depth", select(3, underBox:point(1)), 5, 1e-9)
    t.shot("12-manifolds")
    -- Lifted 10: apart, no manifold.
    t.drag("box", 590, 305 - 40 * (sn + c))
    t.expect("apart: manifold", result("box"), nil)
  end

  return s
end
