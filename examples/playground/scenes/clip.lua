-- box:clipSegment(pos, delta) -> kind, t0, t1: the part of each segment in
-- the closed box, one segment for each kind.
return function(impact, ui)
  local s = ui.scene("Clip", "drag the segments' ends or the box")
  local box = impact.AABB.fromRect(250, 150, 300, 200)
  local centre = s.handle("box", box.pos.x, box.pos.y)
  local segments = {}
  local function segment(name, x1, y1, x2, y2)
    local seg = { name = name }
    seg.from = s.handle(name .. ".from", x1, y1)
    seg.to = s.handle(name .. ".to", x2, y2, { follows = name .. ".from" })
    segments[#segments + 1] = seg
    segments[name] = seg
  end
  segment("a", 100, 170, 700, 170)
  segment("b", 100, 230, 400, 230)
  segment("c", 300, 290, 500, 270)
  segment("d", 400, 330, 700, 330)
  segment("e", 150, 420, 650, 390)

  function s.update()
    box.pos.x, box.pos.y = centre.x, centre.y
    s.say("box:clipSegment(pos, delta) -> kind, t0, t1: pos + t * delta is in the box for t in [t0, t1]")
    for _, seg in ipairs(segments) do
      local x, y = seg.from.x, seg.from.y
      seg.dx, seg.dy = seg.to.x - x, seg.to.y - y
      seg.kind, seg.t0, seg.t1 = box:clipSegment(x, y, seg.dx, seg.dy)
    end
    for i = 1, #segments, 3 do
      local line = {}
      for j = i, math.min(i + 2, #segments) do
        local seg = segments[j]
        line[#line + 1] = string.format("%s: %-8s t0 %-6s t1 %-6s", seg.name, seg.kind,
                                        ui.num(seg.t0), ui.num(seg.t1))
      end
      s.say("%s", table.concat(line, "   "))
    end
  end

  function s.draw(draw)
    draw.shape(box)
    for _, seg in ipairs(segments) do
      draw.clip(seg.from.x, seg.from.y, seg.dx, seg.dy, seg.kind, seg.t0, seg.t1)
      local text = seg.name .. ": " .. seg.kind
      if seg.t0 then text = text .. "  t0 " .. ui.num(seg.t0) .. "  t1 " .. ui.num(seg.t1) end
      ui.label(seg.from.x - 4, seg.from.y - 22, text, draw.style.kinds[seg.kind])
    end
  end

  function s.tour(t)
    -- The box is x 250..550, y 150..350.
    local function expect(name, kind, t0, t1)
      local seg = segments[name]
      t.expect(name .. " kind", seg.kind, kind)
      t.expect(name .. " t0", seg.t0, t0, 1e-12)
      t.expect(name .. " t1", seg.t1, t1, 1e-12)
    end
    -- a: x 100 to 700 along y 170: in from x 250 (150/600) to 550 (450/600).
    expect("a", "traverse", 0.25, 0.75)
    -- b: x 100 to 400: in from 250 (150/300) to the end.
    expect("b", "enter", 0.5, 1)
    -- c: both ends inside.
    expect("c", "inside", 0, 1)
    -- d: x 400 to 700: in from the start to 550 (150/300).
    expect("d", "exit", 0, 0.5)
    -- e: y 420 to 390, below the box all along.
    expect("e", "outside", nil, nil)
    t.shot("6-clip")
    -- d's start dragged to (200, 330) (its end follows to (500, 330)):
    -- x 200 to 500, in from 250 (50/300) to the end.
    t.drag("d.from", 200, 330)
    expect("d", "enter", 1 / 6, 1)
    -- e through the box's corner (550, 350) exactly, from (500, 400) to
    -- (600, 300): the closed box is touched at one instant, t 0.5.
    t.drag("e.from", 500, 400)
    t.drag("e.to", 600, 300)
    expect("e", "traverse", 0.5, 0.5)
    -- e along the bottom edge, y 350, from x 600 to 200: the edge belongs
    -- to the box, from x 550 (50/400) to 250 (350/400).
    t.drag("e.from", 600, 350)
    t.drag("e.to", 200, 350)
    expect("e", "traverse", 0.125, 0.875)
  end

  return s
end
