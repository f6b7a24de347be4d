-- Circles and capsules: a ball against a capsule (intersects, overlap and
-- its push-out, or the distance and a closest pair when apart), and a
-- smaller ball swept against the capsule (sweep).
return function(impact, ui)
  local s = ui.scene("Circles", "drag centres and the goal; wheel over the capsule turns it")
  local pill = impact.Capsule(-100, 0, 100, 0, 30, 400, 220)
  local ball = impact.Circle(560, 380, 40)
  local pushedBall = impact.Circle(0, 0, 40)  -- where the push-out puts it
  local mover = impact.Circle(130, 90, 20)
  local hit, sweep = impact.Hit(), impact.Sweep()
  local overlapping, pushed, distance, ax, ay, bx, by

  local c = s.handle("capsule", pill.pos.x, pill.pos.y, { turn = ui.turner(pill, 5) })
  local b = s.handle("ball", ball.pos.x, ball.pos.y)
  local m = s.handle("mover", mover.pos.x, mover.pos.y)
  local goal = s.handle("goal", 330, 170, { follows = "mover" })

  function s.update()
    pill.pos.x, pill.pos.y = c.x, c.y
    ball.pos.x, ball.pos.y = b.x, b.y
    mover.pos.x, mover.pos.y = m.x, m.y
    overlapping = pill:intersects(ball)
    pushed = pill:overlap(ball, hit)
    distance, ax, ay, bx, by = pill:distance(ball)
    pill:sweep(mover, goal.x - m.x, goal.y - m.y, sweep)
    s.say("capsule: angle %s deg, radius %s; ball: radius %s; intersects %s",
          ui.num(math.deg(pill.angle)), ui.num(pill.radius), ui.num(ball.radius), tostring(overlapping))
    if pushed then
      s.say("overlap(ball): pos %s  normal %s  delta %s (ball pushed out, green)", ui.vec(hit.pos),
            ui.vec(hit.normal), ui.vec(hit.delta))
    else
      s.say("overlap(ball): nil")
    end
    if ax then
      s.say("distance(ball): %s, from %s to %s", ui.num(distance), ui.pt(ax, ay), ui.pt(bx, by))
    else
      s.say("distance(ball): 0 (touching or overlapping: no closest pair)")
    end
    s.say("sweep(mover): time %s  pos %s  normal %s", ui.num(sweep.time), ui.vec(sweep.pos),
          sweep.hit and ui.vec(sweep.hit.normal) or "(no hit)")
  end

  function s.draw(draw)
    draw.shape(pill)
    draw.shape(ball, draw.style.kinds.enter)
    local ar, br = pill.radius, ball.radius
    local ax0, ay0 = pill:ends()
    ui.label(ax0 - ar - 64, ay0 - 8, "capsule", ui.colors.dim)
    ui.label(b.x + br * 0.7 + 4, b.y + br * 0.7, "ball", draw.style.kinds.enter)
    if pushed then
      pushedBall.pos.x, pushedBall.pos.y = b.x + hit.delta.x, b.y + hit.delta.y
      draw.shape(pushedBall, draw.style.stop)
      draw.hit(hit)
      ui.label(pushedBall.pos.x + br + 6, pushedBall.pos.y - 8, "pushed out by " .. ui.vec(hit.delta),
               draw.style.stop)
    end
    if ax then
      draw.distance(ax, ay, bx, by)
      ui.label((ax + bx) / 2 + 8, (ay + by) / 2 - 8, "distance " .. ui.num(distance), draw.style.path)
    end
    draw.sweep(mover, goal.x - m.x, goal.y - m.y, sweep)
    if sweep.hit then ui.hitLabels(sweep.hit) end
    ui.label(m.x - 20, m.y - mover.radius - 20, "mover")
    ui.label(goal.x + 10, goal.y + 10, "goal", draw.style.path)
    local p = sweep.pos
    ui.label(p.x - 110, p.y - 8, "stop, time " .. ui.num(sweep.time), draw.style.stop)
  end

  function s.tour(t)
    -- Angle 0: the capsule is the segment x 300..500 on y 220 grown by 30,
    -- and the radii sum to 70. The ball (radius 40) at (450, 290) is 70
    -- from the segment: touching, which is no overlap, at distance 0.
    t.drag("ball", 450, 290)
    t.expect("touching: intersects", overlapping, false)
    t.expect("touching: overlap", pushed, nil)
    t.expect("touching: distance", distance, 0)
    t.expect("touching: no closest pair", ax, nil)
    -- At (450, 310) it is 90 from the segment: 20 apart, closest from
    -- (450, 250) to (450, 270).
    t.drag("ball", 450, 310)
    t.expect("apart: intersects", overlapping, false)
    t.expect("apart: overlap", pushed, nil)
    t.expect("distance", distance, 20, 1e-12)
    t.expect("distance ax", ax, 450, 1e-12); t.expect("distance ay", ay, 250, 1e-12)
    t.expect("distance bx", bx, 450, 1e-12); t.expect("distance by", by, 270, 1e-12)
    -- The mover (radius 20) from (400, 60) down to (400, 200) touches the
    -- capsule's top (y 190) when its centre reaches y 170: after 110 of
    -- 140, less impact.EPSILON of the time.
    t.drag("mover", 400, 60)
    t.drag("goal", 400, 200)
    t.expect("sweep time", sweep.time, 110 / 140 - 1e-8, 1e-12)
    t.expect("sweep pos.y", sweep.pos.y, 170 - 140e-8, 1e-9)
    t.expect("sweep normal.x", sweep.hit.normal.x, 0, 1e-12)
    t.expect("sweep normal.y", sweep.hit.normal.y, -1, 1e-12)
    t.expect("sweep hit.pos.x", sweep.hit.pos.x, 400, 1e-9)
    t.expect("sweep hit.pos.y", sweep.hit.pos.y, 190, 1e-9)
    t.shot("10-circles-distance")
    -- Turned 30 degrees (6 notches): the capsule's axis is u = (sqrt 3 / 2,
    -- 1/2), its normal v = (-1/2, sqrt 3 / 2).
    t.wheel("capsule", 6)
    local cu, su = math.sqrt(3) / 2, 0.5
    local function at(a, n) return 400 + a * cu - n * su, 220 + a * su + n * cu end
    -- The ball at 70 u + 60 v: 60 from the segment, 10 deeper than 70: out
    -- by 10 v, through the capsule's side at 70 u + 30 v.
    t.drag("ball", at(70, 60))
    t.expect("intersects", overlapping, true)
    t.expect("no closest pair", ax, nil)
    t.expect("overlap normal.x", hit.normal.x, -su, 1e-12)
    t.expect("overlap normal.y", hit.normal.y, cu, 1e-12)
    t.expect("overlap delta.x", hit.delta.x, -10 * su, 1e-9)
    t.expect("overlap delta.y", hit.delta.y, 10 * cu, 1e-9)
    local px, py = at(70, 30)
    t.expect("overlap pos.x", hit.pos.x, px, 1e-9); t.expect("overlap pos.y", hit.pos.y, py, 1e-9)
    -- The mover from -50 u - 150 v along 150 v: it touches the side at
    -- -50 u - 30 v when its centre is 50 from the axis, after 100 of 150.
    t.drag("mover", at(-50, -150))
    t.drag("goal", at(-50, 0))
    t.expect("turned sweep time", sweep.time, 2 / 3 - 1e-8, 1e-12)
    t.expect("turned sweep normal.x", sweep.hit.normal.x, su, 1e-12)
    t.expect("turned sweep normal.y", sweep.hit.normal.y, -cu, 1e-12)
    px, py = at(-50, -30)
    t.expect("turned hit.pos.x", sweep.hit.pos.x, px, 1e-9)
    t.expect("turned hit.pos.y", sweep.hit.pos.y, py, 1e-9)
    t.shot("10-circles")
    -- Past the end b = 100 u: the ball at 150 u is 50 from b, out by 20 u
    -- round the cap.
    t.drag("ball", at(150, 0))
    t.expect("cap normal.x", hit.normal.x, cu, 1e-12); t.expect("cap normal.y", hit.normal.y, su, 1e-12)
    t.expect("cap delta.x", hit.delta.x, 20 * cu, 1e-9); t.expect("cap delta.y", hit.delta.y, 20 * su, 1e-9)
  end

  return s
end
