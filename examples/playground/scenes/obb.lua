-- Rotated rectangles: a door (OBB) against another OBB (overlap and
-- push-out), a segment (intersectSegment) and a moving OBB (sweepOBB).
return function(impact, ui)
  local s = ui.scene("OBB", "drag centres and ends; wheel over a rectangle turns it")
  local STEP = 5  -- degrees per wheel notch
  local door = impact.OBB(400, 250, 100, 40)
  local other = impact.OBB(660, 110, 40, 20)
  local mover = impact.OBB(120, 380, 20, 20)
  local hit, segHit, sweep = impact.Hit(), impact.Hit(), impact.Sweep()
  local overlapping, pushed, segResult

  local function turner(obb)
    local notches = 0
    return function(n)
      notches = notches + n
      obb.angle = math.rad(STEP * notches)
    end
  end
  local d = s.handle("door", door.pos.x, door.pos.y, { turn = turner(door) })
  local o = s.handle("other", other.pos.x, other.pos.y, { turn = turner(other) })
  local from = s.handle("from", 560, 400)
  local to = s.handle("to", 700, 300, { follows = "from" })
  local m = s.handle("mover", mover.pos.x, mover.pos.y, { turn = turner(mover) })
  local goal = s.handle("goal", 260, 420, { follows = "mover" })

  function s.update()
    door.pos.x, door.pos.y = d.x, d.y
    other.pos.x, other.pos.y = o.x, o.y
    mover.pos.x, mover.pos.y = m.x, m.y
    overlapping = door:intersectOBB(other)
    pushed = door:overlap(other, hit)
    segResult = door:intersectSegment(from.x, from.y, to.x - from.x, to.y - from.y, segHit)
    door:sweepOBB(mover, goal.x - m.x, goal.y - m.y, sweep)
    s.say("door: angle %s deg; intersectOBB(other) %s", ui.num(math.deg(door.angle)), tostring(overlapping))
    if pushed then
      s.say("overlap(other): normal %s  delta %s (other pushed out, green)", ui.vec(hit.normal), ui.vec(hit.delta))
    else
      s.say("overlap(other): nil")
    end
    if segResult then
      s.say("intersectSegment: time %s  pos %s  normal %s", ui.num(segHit.time), ui.vec(segHit.pos),
            ui.vec(segHit.normal))
    else
      s.say("intersectSegment: nil")
    end
    s.say("sweepOBB(mover): time %s  pos %s  normal %s", ui.num(sweep.time), ui.vec(sweep.pos),
          sweep.hit and ui.vec(sweep.hit.normal) or "(no hit)")
  end

  function s.draw(draw)
    draw.shape(door)
    draw.shape(other, draw.style.kinds.enter)
    ui.label(door.pos.x - 20, door.pos.y + 12, "door", ui.colors.dim)
    ui.label(other.pos.x + 10, other.pos.y - 24, "other", draw.style.kinds.enter)
    if pushed then
      -- The other rectangle where the push-out puts it.
      local x1, y1, x2, y2, x3, y3, x4, y4 = other:corners()
      local dx, dy = hit.delta.x, hit.delta.y
      love.graphics.setColor(draw.style.stop)
      love.graphics.polygon("line", x1 + dx, y1 + dy, x2 + dx, y2 + dy, x3 + dx, y3 + dy, x4 + dx, y4 + dy)
      draw.hit(hit)
      ui.label(other.pos.x + dx + 10, other.pos.y + dy + 20, "pushed out by " .. ui.vec(hit.delta), draw.style.stop)
    end
    draw.segment(from.x, from.y, to.x - from.x, to.y - from.y)
    if segResult then
      draw.hit(segHit)
      ui.hitLabels(segHit, "time " .. ui.num(segHit.time) .. "  ")
    end
    draw.sweep(mover, goal.x - m.x, goal.y - m.y, sweep)
    ui.label(m.x - 20, m.y - 46, "mover")
    ui.label(goal.x + 10, goal.y + 10, "goal", draw.style.path)
    ui.label(from.x + 10, from.y - 8, "segment", draw.style.path)
    ui.label(sweep.pos.x - 40, sweep.pos.y - 42, "stop, time " .. ui.num(sweep.time), draw.style.stop)
  end

  function s.tour(t)
    -- Everything turned by 30 degrees (6 notches): the door's axes are
    -- u = (cos 30, sin 30) = (sqrt 3 / 2, 1/2) and v = (-1/2, sqrt 3 / 2).
    t.wheel("door", 6); t.wheel("other", 6); t.wheel("mover", 6)
    local c, sn = math.sqrt(3) / 2, 0.5
    local function at(a, b) return 400 + a * c - b * sn, 250 + a * sn + b * c end  -- door frame
    -- The other rectangle (half 40, 20) at 130 along u: overlapping by
    -- 100 + 40 - 130 = 10 along u, 40 + 20 = 60 along v: out by 10 u.
    t.drag("other", at(130, 0))
    t.expect("intersectOBB", overlapping, true)
    t.expect("overlap normal.x", hit.normal.x, c, 1e-12); t.expect("overlap normal.y", hit.normal.y, sn, 1e-12)
    t.expect("overlap delta.x", hit.delta.x, 10 * c, 1e-9); t.expect("overlap delta.y", hit.delta.y, 10 * sn, 1e-9)
    -- A segment across the door along v, from -150 v to +150 v: it meets
    -- the face at -40 v after 110 of 300, with normal -v.
    t.drag("from", at(0, -150))
    t.drag("to", at(0, 150))
    t.expect("segment time", segHit.time, 110 / 300, 1e-12)
    local px, py = at(0, -40)
    t.expect("segment pos.x", segHit.pos.x, px, 1e-9); t.expect("segment pos.y", segHit.pos.y, py, 1e-9)
    t.expect("segment normal.x", segHit.normal.x, sn, 1e-12)
    t.expect("segment normal.y", segHit.normal.y, -c, 1e-12)
    -- The mover (half 20, 20) from -250 u along 200 u: its leading face
    -- (-230) meets the door's (-100) after 130 of 200, stopping at -120 u.
    t.drag("mover", at(-250, 0))
    t.drag("goal", at(-50, 0))
    t.expect("sweep time", sweep.time, 0.65 - 1e-8, 1e-9)
    t.expect("sweep normal.x", sweep.hit.normal.x, -c, 1e-12)
    t.expect("sweep normal.y", sweep.hit.normal.y, -sn, 1e-12)
    local sx, sy = at(-120, 0)
    t.expect("sweep pos.x", sweep.pos.x, sx, 1e-5); t.expect("sweep pos.y", sweep.pos.y, sy, 1e-5)
    t.shot("8-obb")
    -- The other rectangle at 200 along u: 200 > 100 + 40, apart.
    t.drag("other", at(200, 0))
    t.expect("apart: intersectOBB", overlapping, false)
    t.expect("apart: overlap", pushed, nil)
  end

  return s
end
