-- Turning and falling, side by side: a door turning about its hinge,
-- swept against a ball (S:sweep with a turn); a disc thrown on an arc
-- under gravity over one platform onto another (S:intersectArc); a thick
-- blade moving across a moving point (impact.sweepSegmentPoint with a
-- radius).
return function(impact, ui)
  local s = ui.scene("Turning and falling", "drag the ball, the throw and the point's start")

  -- The door: a bar LENGTH long and 2 HALF thick from its hinge, turning
  -- by TURN radians (towards +y, clockwise on screen) about the hinge.
  local HINGE_X, HINGE_Y, LENGTH, HALF, TURN = 60, 110, 170, 6, math.pi / 2
  local BALL_RADIUS, BALL_DISTANCE = 16, 100
  local corners = { 0, -HALF, LENGTH, -HALF, LENGTH, HALF, 0, HALF }
  local door = impact.Polygon(corners, HINGE_X, HINGE_Y)
  local turned = impact.Polygon(corners, HINGE_X, HINGE_Y)  -- at the stop
  local goal = impact.Polygon(corners, HINGE_X, HINGE_Y)    -- if nothing stops it
  goal.angle = TURN
  local ball = s.handle("ball", HINGE_X + BALL_DISTANCE * math.cos(math.pi / 4),
                        HINGE_Y + BALL_DISTANCE * math.sin(math.pi / 4))
  local doorSweep

  -- The throw: a disc of ARC_RADIUS from the handle, with velocity (VX, VY)
  -- and gravity (0, G), over t in [0, 1]; a low slab (a Polygon) and a
  -- higher platform (an OBB).
  local VX, VY, G, ARC_RADIUS = 220, -520, 1000, 6
  local throw = s.handle("throw", 290, 400)
  local slab = impact.Polygon({ -30, -8, 30, -8, 30, 8, -30, 8 }, 370, 368)
  local platform = impact.OBB(490, 330, 40, 10)
  local slabHit, platformHit, arcHit

  -- The blade: a segment from (560, 150)-(560, 300) to (700, 150)-(700,
  -- 300), and a disc of BLADE_RADIUS from the handle to (600, 220).
  local A0X, A0Y, A1X, A1Y, B0X, B0Y, B1X, B1Y = 560, 150, 700, 150, 560, 300, 700, 300
  local C1X, C1Y, BLADE_RADIUS = 600, 220, 12
  local point = s.handle("point", 760, 220)
  local bladeT, bladeS

  local function arcAt(t)
    return throw.x + VX * t, throw.y + VY * t + G * t * t / 2
  end

  function s.update()
    local circle = impact.Circle(ball.x, ball.y, BALL_RADIUS)
    doorSweep = circle:sweep(door, 0, 0, TURN, doorSweep)
    turned.angle = doorSweep.angle
    s.say("ball:sweep(door, 0, 0, pi/2): stops at %s deg, time %s",
          ui.num(math.deg(doorSweep.angle)), ui.num(doorSweep.time))

    slabHit = slab:intersectArc(throw.x, throw.y, VX, VY, 0, G, ARC_RADIUS, slabHit)
    platformHit = platform:intersectArc(throw.x, throw.y, VX, VY, 0, G, ARC_RADIUS, platformHit)
    local hits = {}
    if slabHit then hits[#hits + 1] = slabHit end
    if platformHit then hits[#hits + 1] = platformHit end
    table.sort(hits, function(a, b) return a.time < b.time end)
    arcHit = hits[1]
    s.say("intersectArc(v (%d, %d), g (0, %d), radius %d): slab %s, platform %s",
          VX, VY, G, ARC_RADIUS, slabHit and ui.num(slabHit.time) or "miss",
          platformHit and ui.num(platformHit.time) or "miss")

    bladeT, bladeS = impact.sweepSegmentPoint(A0X, A0Y, A1X, A1Y, B0X, B0Y, B1X, B1Y,
                                              point.x, point.y, C1X, C1Y, BLADE_RADIUS)
    s.say("sweepSegmentPoint(..., radius %d): %s", BLADE_RADIUS,
          bladeT and ("t " .. ui.num(bladeT) .. "  s " .. ui.num(bladeS)) or "nil: no contact")
  end

  local function drawDoor(draw)
    draw.shape(goal, draw.style.path)
    draw.shape(door)
    draw.shape(turned, draw.style.stop)
    draw.shape(impact.Circle(ball.x, ball.y, BALL_RADIUS), draw.style.kinds.exit)
    if doorSweep.hit then draw.hit(doorSweep.hit) end
    ui.label(HINGE_X - 40, HINGE_Y - 40, "door about its hinge", ui.colors.dim)
  end

  local function drawArc(draw)
    local lg = love.graphics
    lg.setColor(draw.style.path)
    local last = arcHit and arcHit.time or 1
    local points = {}
    for i = 0, 48 do
      local x, y = arcAt(last * i / 48)
      points[#points + 1], points[#points + 2] = x, y
    end
    lg.line(points)
    draw.shape(slab)
    draw.shape(platform)
    if arcHit then
      local x, y = arcAt(arcHit.time)
      draw.shape(impact.Circle(x, y, ARC_RADIUS), draw.style.stop)
      -- The hit's delta would only repeat the arc: the contact and normal.
      local pos, normal = arcHit.pos, arcHit.normal
      local reach = draw.style.normalLength
      draw.segment(pos.x, pos.y, reach * normal.x, reach * normal.y, draw.style.normal)
      draw.point(pos, draw.style.contact)
    end
    ui.label(throw.x - 10, throw.y + 14, "thrown arc", ui.colors.dim)
  end

  local function drawBlade(draw)
    draw.segmentPoint(A0X, A0Y, A1X, A1Y, B0X, B0Y, B1X, B1Y,
                      point.x, point.y, C1X, C1Y, bladeT, bladeS)
    draw.shape(impact.Circle(point.x, point.y, BLADE_RADIUS), draw.style.path)
    if bladeT then
      local cx = point.x + bladeT * (C1X - point.x)
      local cy = point.y + bladeT * (C1Y - point.y)
      draw.shape(impact.Circle(cx, cy, BLADE_RADIUS), draw.style.stop)
    end
    ui.label(A0X - 10, A0Y - 40, "thick blade, moving point", ui.colors.dim)
  end

  function s.draw(draw)
    drawDoor(draw)
    drawArc(draw)
    drawBlade(draw)
  end

  function s.tour(t)
    -- The door's leading face lies HALF off its axis; the ball's centre,
    -- BALL_DISTANCE from the hinge at pi/4, is at pi/4 - a from the axis
    -- once the door has turned by a. The face meets the ball when
    -- BALL_DISTANCE sin(pi/4 - a) = HALF + BALL_RADIUS (the foot of the
    -- centre, at 100 cos(...) ~ 98, is on the face, which is 170 long).
    local stop = math.pi / 4 - math.asin((HALF + BALL_RADIUS) / BALL_DISTANCE)
    t.expect("the door stops at", doorSweep.angle, stop, 1e-5)
    t.expect("the door stops short of the ball", doorSweep.angle <= stop, true)
    -- The arc clears the slab. It falls onto the platform's top (y 320)
    -- when the disc's centre is ARC_RADIUS above it: 400 - 520 t + 500 t^2
    -- = 314, the later root of 500 t^2 - 520 t + 86 = 0, at x = 290 + 220
    -- t ~ 473, on the platform (450..530).
    t.expect("the arc clears the slab", slabHit, nil)
    t.expect("the arc lands at", arcHit and arcHit.time, (520 + math.sqrt(98400)) / 1000, 1e-12)
    t.expect("on the platform's top: normal.y", arcHit and arcHit.normal.y, -1)
    -- The blade's x is 560 + 140 t, the point's 760 - 160 t: the disc
    -- touches the blade's side when 200 - 300 t = 12, at y 220, which is
    -- (220 - 150) / 150 along the blade.
    t.expect("the blade meets the disc at t", bladeT, 188 / 300, 1e-12)
    t.expect("the blade meets the disc at s", bladeS, 70 / 150, 1e-12)
    t.shot("14-turning-falling")
  end

  return s
end
