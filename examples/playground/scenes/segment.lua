-- box:intersectSegment(pos, delta, padX, padY): where a (fat) segment first
-- touches the box.
return function(impact, ui)
  local s = ui.scene("Segment", "drag the segment's ends or the box; wheel: padding")
  local box = impact.AABB(450, 250, 60, 80)
  local hit = impact.Hit()
  local padding = 20
  local result

  local centre = s.handle("box", box.pos.x, box.pos.y, {
    turn = function(notches) padding = math.max(0, padding + 5 * notches) end,
  })
  local from = s.handle("from", 150, 100)
  local to = s.handle("to", 650, 300, { follows = "from" })

  function s.update()
    box.pos.x, box.pos.y = centre.x, centre.y
    local dx, dy = to.x - from.x, to.y - from.y
    result = box:intersectSegment(from.x, from.y, dx, dy, padding, padding, hit)
    s.say("box:intersectSegment(%s, %s, %s, %s)", ui.pt(from.x, from.y), ui.pt(dx, dy),
          ui.num(padding), ui.num(padding))
    if result then
      s.say("hit: time %s  pos %s  normal %s", ui.num(hit.time), ui.vec(hit.pos), ui.vec(hit.normal))
      s.say("delta %s: the rest of the segment, pushed back", ui.vec(hit.delta))
    else
      s.say("nil: the segment misses the padded box")
    end
  end

  function s.draw(draw)
    local h = box.half
    draw.rect(box.pos.x - h.x - padding, box.pos.y - h.y - padding,
              2 * (h.x + padding), 2 * (h.y + padding), draw.style.path)
    draw.shape(box)
    ui.label(box.pos.x - h.x - padding, box.pos.y + h.y + padding + 4,
             "padding " .. ui.num(padding), ui.colors.dim)
    draw.segment(from.x, from.y, to.x - from.x, to.y - from.y)
    if result then
      draw.hit(hit)
      ui.hitLabels(hit, "time " .. ui.num(hit.time) .. "  ")
    end
  end

  function s.tour(t)
    -- From (150, 100) along (500, 200), the box grown by 20 to x 370..530,
    -- y 150..350: x reaches 370 at 220/500 = 0.44, y reaches 150 at
    -- 50/200 = 0.25; the later, 0.44, is the entry, through the left face,
    -- at (370, 188). What is left, 0.56 of the segment, is pushed back.
    t.expect("time", hit.time, 0.44, 1e-12)
    t.expect("pos.x", hit.pos.x, 370, 1e-9); t.expect("pos.y", hit.pos.y, 188, 1e-9)
    t.expect("normal.x", hit.normal.x, -1); t.expect("normal.y", hit.normal.y, 0)
    t.expect("delta.x", hit.delta.x, -280, 1e-9); t.expect("delta.y", hit.delta.y, -112, 1e-9)
    t.shot("2-segment")
    -- No padding (four notches down): x 390..510, y 170..330: x at
    -- 240/500 = 0.48, y at 70/200 = 0.35; entry at 0.48, (390, 196).
    t.wheel("box", -4)
    t.expect("padding 0: time", hit.time, 0.48, 1e-12)
    t.expect("padding 0: pos.y", hit.pos.y, 196, 1e-9)
    -- Dragging the start to (300, 20) drags the end along (the delta stays
    -- (500, 200)): x is in 390..510 for t in [0.18, 0.42], but y reaches
    -- 170 only at t = 0.75: the segment passes above the box.
    t.drag("from", 300, 20)
    t.expect("above the box: no hit", result, nil)
  end

  return s
end
