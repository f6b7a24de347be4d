-- box:intersectAABB(other): do two boxes overlap, and how far to push the
-- other one out.
return function(impact, ui)
  local s = ui.scene("Boxes", "drag either box's centre")
  local box = impact.AABB(400, 250, 100, 70)
  local other = impact.AABB(620, 150, 50, 40)
  local hit = impact.Hit()
  local result

  local a = s.handle("box", box.pos.x, box.pos.y)
  local b = s.handle("other", other.pos.x, other.pos.y)

  function s.update()
    box.pos.x, box.pos.y = a.x, a.y
    other.pos.x, other.pos.y = b.x, b.y
    result = box:intersectAABB(other, hit)
    s.say("box:intersectAABB(other)   box %s half %s, other %s half %s", ui.vec(box.pos),
          ui.vec(box.half), ui.vec(other.pos), ui.vec(other.half))
    if result then
      s.say("hit: pos %s  normal %s  delta %s", ui.vec(hit.pos), ui.vec(hit.normal), ui.vec(hit.delta))
      s.say("other.pos + delta (green) no longer overlaps: the push-out")
    else
      s.say("nil: no overlap (boxes sharing a face do not overlap)")
    end
  end

  function s.draw(draw)
    draw.shape(box)
    draw.shape(other, draw.style.kinds.enter)
    ui.label(box.pos.x - box.half.x, box.pos.y - box.half.y - 18, "box")
    ui.label(other.pos.x - other.half.x, other.pos.y - other.half.y - 18, "other",
             draw.style.kinds.enter)
    if result then
      local d, h = hit.delta, other.half
      draw.rect(other.pos.x + d.x - h.x, other.pos.y + d.y - h.y, 2 * h.x, 2 * h.y, draw.style.stop)
      draw.hit(hit)
      ui.hitLabels(hit)
      ui.label(other.pos.x + d.x - h.x, other.pos.y + d.y + h.y + 6, "pushed out by " .. ui.vec(d),
               draw.style.stop)
    end
  end

  function s.tour(t)
    t.expect("apart: no hit", result, nil)
    -- The other box (half 50, 40) at (520, 290): 120 right of the box's
    -- centre, overlapping by 150 - 120 = 30 in x; 40 below, overlapping by
    -- 110 - 40 = 70 in y. Out the shorter way: +30 in x, through x 500.
    t.drag("other", 520, 290)
    t.expect("pos.x", hit.pos.x, 500); t.expect("pos.y", hit.pos.y, 290)
    t.expect("normal.x", hit.normal.x, 1); t.expect("normal.y", hit.normal.y, 0)
    t.expect("delta.x", hit.delta.x, 30); t.expect("delta.y", hit.delta.y, 0)
    t.shot("3-boxes")
    -- At (430, 330): 30 right (overlap 120), 80 below (overlap 30): down.
    t.drag("other", 430, 330)
    t.expect("pos.y", hit.pos.y, 320); t.expect("normal.y", hit.normal.y, 1)
    t.expect("delta.x", hit.delta.x, 0); t.expect("delta.y", hit.delta.y, 30)
    -- Sharing the right face (x 500) exactly: touching is not overlapping.
    t.drag("other", 550, 250)
    t.expect("sharing a face: no hit", result, nil)
  end

  return s
end
