-- impact.sweepSegmentPoint(a0, a1, b0, b1, c0, c1): a segment whose ends
-- move from a0 to a1 and b0 to b1, a point moving from c0 to c1; when (t)
-- and where along the segment (s) they meet, up to twice.
return function(impact, ui)
  local s = ui.scene("Segment vs point", "drag the segment's ends (a0 a1 b0 b1) and the point's (c0 c1)")
  local H = {}
  for _, h in ipairs {
    { "a0", 200, 200 }, { "a1", 200, 400 }, { "b0", 600, 400 }, { "b1", 600, 200 },
    { "c0", 300, 275 }, { "c1", 500, 275 },
  } do H[h[1]] = s.handle(h[1], h[2], h[3]) end
  local t1, s1, t2, s2

  local function args()
    return H.a0.x, H.a0.y, H.a1.x, H.a1.y, H.b0.x, H.b0.y, H.b1.x, H.b1.y,
           H.c0.x, H.c0.y, H.c1.x, H.c1.y
  end

  function s.update()
    t1, s1, t2, s2 = impact.sweepSegmentPoint(args())
    s.say("impact.sweepSegmentPoint(a0, a1, b0, b1, c0, c1)")
    s.say("segment from a0-b0 (grey) to a1-b1 (white); the point from c0 to c1")
    if not t1 then s.say("nil: they never meet") end
    if t1 then s.say("first contact: t1 %s  s1 %s (green: the segment then)", ui.num(t1), ui.num(s1)) end
    if t2 then s.say("second contact: t2 %s  s2 %s", ui.num(t2), ui.num(s2)) end
  end

  local function at(t, u)  -- the contact point, u along the segment
    local ax, ay = H.a0.x + t * (H.a1.x - H.a0.x), H.a0.y + t * (H.a1.y - H.a0.y)
    local bx, by = H.b0.x + t * (H.b1.x - H.b0.x), H.b0.y + t * (H.b1.y - H.b0.y)
    return ax + u * (bx - ax), ay + u * (by - ay)
  end

  function s.draw(draw)
    draw.segmentPoint(H.a0.x, H.a0.y, H.a1.x, H.a1.y, H.b0.x, H.b0.y, H.b1.x, H.b1.y,
                      H.c0.x, H.c0.y, H.c1.x, H.c1.y, t1, s1, t2, s2)
    for _, h in ipairs(s.handles) do ui.label(h.x + 8, h.y - 20, h.name, ui.colors.dim) end
    if t1 then
      local x, y = at(t1, s1)
      ui.label(x - 120, y + 10, "t1 " .. ui.num(t1) .. "  s1 " .. ui.num(s1), draw.style.contact)
    end
    if t2 then
      local x, y = at(t2, s2)
      ui.label(x + 10, y + 10, "t2 " .. ui.num(t2) .. "  s2 " .. ui.num(s2), draw.style.contact)
    end
  end

  function s.tour(t)
    -- A seesaw: a goes down from (200, 200) to (200, 400) while b goes up
    -- from (600, 400) to (600, 200). The point runs along y 275 from x 300
    -- to 500, so it is at s = 0.25 + t/2 along the segment, where the
    -- segment's y is 250 + 200 t - 200 t^2. Equal to 275 when
    -- 200 t^2 - 200 t + 25 = 0: t = (2 -+ sqrt 2) / 4, s = (4 -+ sqrt 2) / 8.
    local r = math.sqrt(2)
    t.expect("t1", t1, (2 - r) / 4, 1e-12); t.expect("s1", s1, (4 - r) / 8, 1e-12)
    t.expect("t2", t2, (2 + r) / 4, 1e-12); t.expect("s2", s2, (4 + r) / 8, 1e-12)
    t.shot("7-segpoint")
    -- The point's end lifted to (500, 200): it rises 75 as it goes, so
    -- 250 + 200 t - 200 t^2 = 275 - 75 t, 200 t^2 - 275 t + 25 = 0:
    -- t = (275 - 25 sqrt 89) / 400 (the other root is past 1), s = 0.25 + t/2.
    t.drag("c1", 500, 200)
    local t0 = (275 - 25 * math.sqrt(89)) / 400
    t.expect("one contact: t1", t1, t0, 1e-12); t.expect("one contact: s1", s1, 0.25 + t0 / 2, 1e-12)
    t.expect("one contact: no t2", t2, nil)
    -- The point kept above the segment all along: from (300, 100) to
    -- (500, 100), never down to y 250 + 200 t - 200 t^2 >= 250.
    t.drag("c0", 300, 100)
    t.drag("c1", 500, 100)
    t.expect("apart: nil", t1, nil)
  end

  return s
end
