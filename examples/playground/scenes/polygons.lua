-- Polygons: a hexagon against a triangle (intersects, overlap and its
-- push-out), a segment (intersectSegment, clipSegment) and a moving square
-- (sweep).
return function(impact, ui)
  local s = ui.scene("Polygons", "drag centres and ends; wheel over a polygon turns it")
  local R3 = math.sqrt(3)
  local HEXAGON = { 80, 0, 40, 40 * R3, -40, 40 * R3, -80, 0, -40, -40 * R3, 40, -40 * R3 }
  local TRIANGLE = { 0, -30, 30, 20, -30, 20 }
  local hex = impact.Polygon(HEXAGON, 400, 240)
  local tri = impact.Polygon(TRIANGLE, 640, 110)
  local pushedTri = impact.Polygon(TRIANGLE)  -- where the push-out puts it
  local square = impact.Polygon({ -20, -20, 20, -20, 20, 20, -20, 20 }, 110, 390)
  local hit, segHit, sweep = impact.Hit(), impact.Hit(), impact.Sweep()
  local overlapping, pushed, segResult, kind, t0, t1

  local h = s.handle("hexagon", hex.pos.x, hex.pos.y, { turn = ui.turner(hex, 5) })
  local o = s.handle("triangle", tri.pos.x, tri.pos.y, { turn = ui.turner(tri, 5) })
  local from = s.handle("from", 560, 420)
  local to = s.handle("to", 720, 300, { follows = "from" })
  local m = s.handle("square", square.pos.x, square.pos.y, { turn = ui.turner(square, 5) })
  local goal = s.handle("goal", 300, 430, { follows = "square" })

  function s.update()
    hex.pos.x, hex.pos.y = h.x, h.y
    tri.pos.x, tri.pos.y = o.x, o.y
    square.pos.x, square.pos.y = m.x, m.y
    overlapping = hex:intersects(tri)
    pushed = hex:overlap(tri, hit)
    local dx, dy = to.x - from.x, to.y - from.y
    segResult = hex:intersectSegment(from.x, from.y, dx, dy, segHit)
    kind, t0, t1 = hex:clipSegment(from.x, from.y, dx, dy)
    hex:sweep(square, goal.x - m.x, goal.y - m.y, sweep)
    s.say("hexagon: angle %s deg; intersects(triangle) %s", ui.num(math.deg(hex.angle)),
          tostring(overlapping))
    if pushed then
      s.say("overlap(triangle): normal %s  delta %s (triangle pushed out, green)", ui.vec(hit.normal),
            ui.vec(hit.delta))
    else
      s.say("overlap(triangle): nil")
    end
    if segResult then
      s.say("intersectSegment: time %s  pos %s  normal %s", ui.num(segHit.time), ui.vec(segHit.pos),
            ui.vec(segHit.normal))
    else
      s.say("intersectSegment: nil")
    end
    s.say("clipSegment: %s  t0 %s  t1 %s", kind, ui.num(t0), ui.num(t1))
    s.say("sweep(square): time %s  pos %s  normal %s", ui.num(sweep.time), ui.vec(sweep.pos),
          sweep.hit and ui.vec(sweep.hit.normal) or "(no hit)")
  end

  function s.draw(draw)
    draw.shape(hex)
    draw.shape(tri, draw.style.kinds.enter)
    ui.label(h.x - 60, h.y - 10, "hexagon", ui.colors.dim)
    ui.label(o.x + 14, o.y - 30, "triangle", draw.style.kinds.enter)
    if pushed then
      pushedTri.pos.x, pushedTri.pos.y = o.x + hit.delta.x, o.y + hit.delta.y
      pushedTri.angle = tri.angle
      draw.shape(pushedTri, draw.style.stop)
      draw.hit(hit)
      ui.label(pushedTri.pos.x + 34, pushedTri.pos.y + 4, "pushed out by " .. ui.vec(hit.delta),
               draw.style.stop)
    end
    local dx, dy = to.x - from.x, to.y - from.y
    if t0 then draw.clip(from.x, from.y, dx, dy, kind, t0, t1) end
    draw.segment(from.x, from.y, dx, dy)
    if segResult then
      draw.hit(segHit)
      ui.hitLabels(segHit, "time " .. ui.num(segHit.time) .. "  ")
    end
    ui.label(from.x - 20, from.y - 26, "segment: " .. kind, draw.style.path)
    draw.sweep(square, goal.x - m.x, goal.y - m.y, sweep)
    if sweep.hit then ui.hitLabels(sweep.hit) end
    ui.label(m.x - 24, m.y - 46, "square")
    ui.label(goal.x + 10, goal.y + 4, "goal", draw.style.path)
    ui.label(sweep.pos.x + 28, sweep.pos.y - 14, "stop, time " .. ui.num(sweep.time), draw.style.stop)
  end

  function s.tour(t)
    -- The hexagon at (400, 240): vertices 80 from its centre, faces 40 sqrt 3
    -- (about 69.28) from it; the face at +y is flat.
    local face = 240 + 40 * R3
    -- The triangle's top vertex (0, -30) poking 10 through that face: out
    -- by (0, 10), the face's normal.
    t.drag("triangle", 400, face + 20)
    t.expect("intersects", overlapping, true)
    t.expect("overlap normal.x", hit.normal.x, 0, 1e-12); t.expect("overlap normal.y", hit.normal.y, 1, 1e-12)
    t.expect("overlap delta.x", hit.delta.x, 0, 1e-9); t.expect("overlap delta.y", hit.delta.y, 10, 1e-9)
    t.expect("overlap pos.y (on the face)", hit.pos.y, face, 1e-9)
    -- The segment along y = 240 + 20 sqrt 3, half-way down, from x 200 to
    -- 600: it enters through the lower left face at x 400 - 60 (time 140 /
    -- 400), whose normal is (-sqrt 3 / 2, 1/2), and leaves at x 460.
    t.drag("from", 200, 240 + 20 * R3)
    t.drag("to", 600, 240 + 20 * R3)
    t.expect("segment time", segHit.time, 0.35, 1e-12)
    t.expect("segment pos.x", segHit.pos.x, 340, 1e-9)
    t.expect("segment normal.x", segHit.normal.x, -R3 / 2, 1e-12)
    t.expect("segment normal.y", segHit.normal.y, 0.5, 1e-12)
    t.expect("clip kind", kind, "traverse")
    t.expect("clip t0", t0, 0.35, 1e-12); t.expect("clip t1", t1, 0.65, 1e-12)
    -- The square (half 20) from (400, 80) down to (400, 200): its bottom
    -- face meets the hexagon's top face, y 240 - 40 sqrt 3, after
    -- 140 - 40 sqrt 3 of 120.
    t.drag("square", 400, 80)
    t.drag("goal", 400, 200)
    local top = 240 - 40 * R3
    t.expect("sweep time", sweep.time, (top - 100) / 120 - 1e-8, 1e-12)
    t.expect("sweep pos.y", sweep.pos.y, top - 20 - 120e-8, 1e-9)
    t.expect("sweep normal.x", sweep.hit.normal.x, 0, 1e-12)
    t.expect("sweep normal.y", sweep.hit.normal.y, -1, 1e-12)
    t.expect("sweep hit.pos.y (on the face)", sweep.hit.pos.y, top, 1e-9)
    t.shot("11-polygons")
    -- Turned 30 degrees (6 notches), the hexagon has a vertex on top, at
    -- (400, 160): the square's face meets it there after 60 of 120.
    t.wheel("hexagon", 6)
    t.expect("turned sweep time", sweep.time, 0.5 - 1e-8, 1e-12)
    t.expect("turned sweep normal.x", sweep.hit.normal.x, 0, 1e-12)
    t.expect("turned sweep normal.y", sweep.hit.normal.y, -1, 1e-12)
    t.expect("turned hit.pos.x", sweep.hit.pos.x, 400, 1e-9)
    t.expect("turned hit.pos.y", sweep.hit.pos.y, 160, 1e-9)
    -- The triangle moved off, 40 below the turned hexagon's lowest vertex.
    t.drag("triangle", 400, 240 + 80 + 30 + 40)
    t.expect("apart: intersects", overlapping, false)
    t.expect("apart: overlap", pushed, nil)
  end

  return s
end
