-- A World (bump.lua's API): a player's move checked against items with
-- each response (the filter picks it by item), and the three queries.
return function(impact, ui)
  local s = ui.scene("World", "drag the player, its goal, the query box, point and ray")
  local world = impact.World(64)
  local RESPONSE = { coin = "cross", spring = "bounce", sign = "touch" }
  local items = {}
  local function item(name, x, y, w, h)
    items[name] = world:add({ name = name }, x, y, w, h)
  end
  item("floor", 80, 440, 640, 20)
  item("wall", 560, 200, 20, 240)
  item("coin", 260, 300, 20, 20)
  item("spring", 160, 360, 80, 20)
  item("sign", 400, 100, 20, 80)
  local player = world:add({ name = "player" }, 150, 250, 30, 30)
  local function filter(_, other) return RESPONSE[other.name] or "slide" end

  local from = s.handle("player", 150, 250)
  local goal = s.handle("goal", 620, 330, { follows = "player" })
  local box = s.handle("box", 500, 380)
  local point = s.handle("point", 270, 310)
  local ray1 = s.handle("ray1", 60, 330)
  local ray2 = s.handle("ray2", 740, 460, { follows = "ray1" })
  local BOX_W, BOX_H = 120, 85

  -- Out tables, one per kind of call, reused.
  local cols, inBox, atPoint, onRay = {}, {}, {}, {}
  local x, y, len, nBox, nPoint, nRay

  local function names(list, n)
    local t = {}
    for i = 1, n do t[i] = list[i].name or list[i].item.name end
    return table.concat(t, ", ")
  end

  function s.update()
    world:update(player, from.x, from.y)
    x, y, cols, len = world:check(player, goal.x, goal.y, filter, cols)
    inBox, nBox = world:queryRect(box.x, box.y, BOX_W, BOX_H, nil, inBox)
    atPoint, nPoint = world:queryPoint(point.x, point.y, nil, atPoint)
    onRay, nRay = world:querySegmentWithCoords(ray1.x, ray1.y, ray2.x, ray2.y, nil, onRay)
    s.say("world:check(player, %s, filter) -> %s", ui.pt(goal.x, goal.y), ui.pt(x, y))
    for i = 1, len do
      local c = cols[i]
      s.say("  %d: %s %s  ti %s  normal %s  touch %s%s", i, c.other.name, c.type, ui.num(c.ti),
            ui.pt(c.normal.x, c.normal.y), ui.pt(c.touch.x, c.touch.y),
            (c.slide and "  slide " .. ui.pt(c.slide.x, c.slide.y)) or
            (c.bounce and "  bounce " .. ui.pt(c.bounce.x, c.bounce.y)) or "")
    end
    s.say("queryRect: %s   queryPoint: %s", names(inBox, nBox), names(atPoint, nPoint))
    local parts = {}
    for i = 1, nRay do
      local r = onRay[i]
      parts[i] = r.item.name .. " " .. ui.num(r.ti1) .. "-" .. ui.num(r.ti2)
    end
    s.say("querySegmentWithCoords: %s", table.concat(parts, ", "))
  end

  function s.draw(draw)
    draw.world(world, 0, 34, 800, 436, true)
    for name, it in pairs(items) do
      local ix, iy, iw = world:getRect(it)
      local text = name .. (RESPONSE[name] and " (" .. RESPONSE[name] .. ")" or "")
      ui.label(ix + iw / 2 - 30, iy - 18, text, ui.colors.dim)
    end
    draw.collisions(cols, len)
    draw.rect(x, y, 30, 30, draw.style.stop)
    ui.label(x, y + 32, "check -> " .. ui.pt(x, y), draw.style.stop)
    draw.rect(box.x, box.y, BOX_W, BOX_H, draw.style.path)
    draw.items(world, inBox, nBox)
    draw.items(world, atPoint, nPoint)
    draw.point(point.x, point.y, draw.style.query)
    draw.segmentQuery(ray1.x, ray1.y, ray2.x, ray2.y, onRay, nRay)
  end

  local function expectCol(t, i, name, kind, ti, nx, ny, tx, ty)
    local c = cols[i]
    t.expect(i .. ": other", c and c.other, items[name])
    if not c then return end
    t.expect(i .. ": type", c.type, kind)
    t.expect(i .. ": ti", c.ti, ti, 1e-12)
    t.expect(i .. ": normal.x", c.normal.x, nx); t.expect(i .. ": normal.y", c.normal.y, ny)
    t.expect(i .. ": touch.x", c.touch.x, tx, 1e-9); t.expect(i .. ": touch.y", c.touch.y, ty, 1e-9)
  end

  function s.tour(t)
    -- The player (30 x 30) from (150, 250) to (620, 330), along (470, 80).
    -- The coin, x 260..280, y 300..320, is reached when x > 230 and
    -- y > 270: from t = 20/80 = 0.25, at (267.5, 270), from above: cross,
    -- and on. The wall's left face, 560, at x = 530: t = 380/470, y = 250
    -- + 80 * 380/470; slide: down the wall to the goal's y, (530, 330).
    t.expect("cross + slide: len", len, 2)
    expectCol(t, 1, "coin", "cross", 0.25, 0, -1, 267.5, 270)
    expectCol(t, 2, "wall", "slide", 380 / 470, -1, 0, 530, 250 + 80 * 380 / 470)
    t.expect("slide.x", cols[2].slide.x, 530); t.expect("slide.y", cols[2].slide.y, 330)
    t.expect("x", x, 530); t.expect("y", y, 330)
    -- The queries. The box, x 500..620, y 380..465: the wall (down to 440)
    -- and the floor (from 440). The point (270, 310) is in the coin.
    t.expect("queryRect finds 2", nBox, 2)
    local found = {}
    for i = 1, nBox do found[inBox[i].name] = true end
    t.expect("queryRect: wall", found.wall, true); t.expect("queryRect: floor", found.floor, true)
    t.expect("queryPoint: the coin", nPoint == 1 and atPoint[1], items.coin)
    -- The ray from (60, 330) along (680, 130): the spring (x 160..240,
    -- y 360..380) from y = 360 (t 30/130) to x = 240 (t 180/680); the
    -- wall (x 560..580) from 500/680 to 520/680; the floor (y 440..460,
    -- x to 720) from y = 440 (110/130) to x = 720 (660/680).
    t.expect("querySegment: 3 items", nRay, 3)
    local function expectRay(i, name, ti1, ti2)
      t.expect("ray " .. i .. ": item", onRay[i].item, items[name])
      t.expect("ray " .. i .. ": ti1", onRay[i].ti1, ti1, 1e-12)
      t.expect("ray " .. i .. ": ti2", onRay[i].ti2, ti2, 1e-12)
    end
    expectRay(1, "spring", 30 / 130, 180 / 680)
    expectRay(2, "wall", 500 / 680, 520 / 680)
    expectRay(3, "floor", 110 / 130, 660 / 680)
    t.shot("9-world-cross-slide")
    -- From (100, 200) to (300, 420), along (200, 220): the spring (x
    -- 160..240, y 360..380) is reached when y > 330, t = 130/220, at
    -- x = 2400/11, from above: bounce, mirrored to (300, 240). On the way
    -- there, along (900/11, -90), the coin's left face (x > 230) is met at
    -- t = 130/900, at (230, 317): cross, and on to (300, 240).
    t.drag("player", 100, 200)
    t.drag("goal", 300, 420)
    t.expect("bounce + cross: len", len, 2)
    expectCol(t, 1, "spring", "bounce", 130 / 220, 0, -1, 2400 / 11, 330)
    t.expect("bounce.x", cols[1].bounce.x, 300, 1e-9); t.expect("bounce.y", cols[1].bounce.y, 240, 1e-9)
    expectCol(t, 2, "coin", "cross", 130 / 900, -1, 0, 230, 317)
    t.expect("x", x, 300, 1e-9); t.expect("y", y, 240, 1e-9)
    t.shot("9-world-bounce")
    -- From (250, 110) to (500, 130), along (250, 20): the sign (x 400..420)
    -- at x = 370, t = 120/250: touch, and stop there.
    t.drag("player", 250, 110)
    t.drag("goal", 500, 130)
    t.expect("touch: len", len, 1)
    expectCol(t, 1, "sign", "touch", 0.48, -1, 0, 370, 119.6)
    t.expect("x", x, 370); t.expect("y", y, 119.6, 1e-9)
    t.shot("9-world-touch")
  end

  return s
end
