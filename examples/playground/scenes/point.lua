-- box:intersectPoint(point): is the point inside, and the shortest way out.
return function(impact, ui)
  local s = ui.scene("Point", "drag the point or the box's centre")
  local box = impact.AABB(400, 250, 120, 80)
  local hit = impact.Hit()
  local result

  local centre = s.handle("box", box.pos.x, box.pos.y)
  local point = s.handle("point", 200, 120)

  function s.update()
    box.pos.x, box.pos.y = centre.x, centre.y
    result = box:intersectPoint(point.x, point.y, hit)
    s.say("box:intersectPoint(%s)", ui.pt(point.x, point.y))
    if result then
      s.say("hit: pos %s  normal %s  delta %s  time %s", ui.vec(hit.pos), ui.vec(hit.normal),
            ui.vec(hit.delta), ui.num(hit.time))
      s.say("point + delta lands on the face: the shortest way out")
    else
      s.say("nil: the point is outside (a point on a face is outside too)")
    end
  end

  function s.draw(draw)
    draw.shape(box)
    draw.point(point.x, point.y)
    if result then
      draw.hit(hit)
      ui.hitLabels(hit)
      ui.label(point.x - 40, point.y - 26, "delta " .. ui.vec(hit.delta), draw.style.delta)
    end
  end

  function s.tour(t)
    t.expect("outside: no hit", result, nil)
    -- (490, 280) in the box at (400, 250), half (120, 80): 30 from the
    -- right face, 50 from the bottom, so out through the right face.
    t.drag("point", 490, 280)
    t.expect("hit", result, hit)
    t.expect("hit.pos.x", hit.pos.x, 520); t.expect("hit.pos.y", hit.pos.y, 280)
    t.expect("hit.normal.x", hit.normal.x, 1); t.expect("hit.normal.y", hit.normal.y, 0)
    t.expect("hit.delta.x", hit.delta.x, 30); t.expect("hit.delta.y", hit.delta.y, 0)
    t.shot("1-point")
    -- The box moved to (440, 260), x 320..560, y 180..340: the point is 70
    -- from the right face and 60 from the bottom: out through the bottom.
    t.drag("box", 440, 260)
    t.expect("hit.pos.x", hit.pos.x, 490); t.expect("hit.pos.y", hit.pos.y, 340)
    t.expect("hit.normal.x", hit.normal.x, 0); t.expect("hit.normal.y", hit.normal.y, 1)
    t.expect("hit.delta.x", hit.delta.x, 0); t.expect("hit.delta.y", hit.delta.y, 60)
    -- Exactly on the top face (y 180): touching is not inside.
    t.drag("point", 490, 180)
    t.expect("on the face: no hit", result, nil)
  end

  return s
end
