-- A World (bump.lua's API): a player's move checked against items with
-- each response (the filter picks it by item), and the three queries.
return function(impact, ui)
  local s = ui.scene("World", "tab: moves or queries; drag the player and its goal, or the query box, point and ray")
  s.mode = "move"
  function s.key(key)
    if key == "tab" then s.mode = s.mode == "move" and "query" or "move" end
  end
  local world = impact.World(64)
  local RESPONSE = { coin = "cross", spring = "bounce", sign = "touch" }
  local items = {}
  local labels = {}  -- where each item's name goes, from its top-left corner
  local function item(name, x, y, w, h, lx, ly)
    items[name] = world:add({ name = name }, x, y, w, h)
    labels[name] = { lx, ly }
  end
  item("floor", 80, 440, 640, 20, 4, -18)
  item("wall", 560, 200, 20, 240, 24, 0)
  item("coin", 260, 300, 20, 20, 24, 2)
  item("spring", 160, 360, 80, 20, 0, 24)
  item("sign", 400, 100, 20, 80, 24, 0)
  local player = world:add({ name = "player" }, 150, 250, 30, 30)
  local function filter(_, other) return RESPONSE[other.name] or "slide" end

  local from = s.handle("player", 150, 250, { mode = "move" })
  local goal = s.handle("goal", 620, 330, { follows = "player", mode = "move" })
  local box = s.handle("box", 500, 380, { mode = "query" })
  local point = s.handle("point", 270, 310, { mode = "query" })
  local ray1 = s.handle("ray1", 60, 330, { mode = "query" })
  local ray2 = s.handle("ray2", 740, 460, { follows = "ray1", mode = "query" })
  local BOX_W, BOX_H = 120, 85

  -- Out tables, one per kind of call, reused.
  local cols, inBox, atPoint, onRay = {}, {}, {}, {}
  local x, y, len, nBox, nPoint, nRay

  local function names(list, n)
    local t = {}
    for i = 1, n do t[i] = list[i].name end
    return table.concat(t, ", ")
  end

  function s.update()
    world:update(player, from.x, from.y)
    x, y, cols, len = world:check(player, goal.x, goal.y, filter, cols)
    inBox, nBox = world:queryRect(box.x, box.y, BOX_W, BOX_H, nil, inBox)
    atPoint, nPoint = world:queryPoint(point.x, point.y, nil, atPoint)
    onRay, nRay = world:querySegmentWithCoords(ray1.x, ray1.y, ray2.x, ray2.y, nil, onRay)
    if s.mode == "query" then
      s.say("queryRect(%s, %s, %d, %d): %s", ui.num(box.x), ui.num(box.y), BOX_W, BOX_H, names(inBox, nBox))
      s.say("queryPoint%s: %s", ui.pt(point.x, point.y), names(atPoint, nPoint))
      local parts = {}
      for i = 1, nRay do
        local r = onRay[i]
        parts[i] = string.format("%s %s..%s", r.item.name, ui.num(r.ti1), ui.num(r.ti2))
      end
      s.say("querySegmentWithCoords(%s, %s): %s", ui.pt(ray1.x, ray1.y), ui.pt(ray2.x, ray2.y),
            nRay > 0 and "" or "nothing")
      s.say("  %s", table.concat(parts, ", "))
      return
    end
    s.say("world:check(player, %s, %s, filter) -> %s", ui.num(goal.x), ui.num(goal.y), ui.pt(x, y))
    for i = 1, len do
      local c = cols[i]
      s.say("  %d: %s %s  ti %s  normal %s  touch %s%s", i, c.other.name, c.type, ui.num(c.ti),
            ui.pt(c.normal.x, c.normal.y), ui.pt(c.touch.x, c.touch.y),
            (c.slide and "  slide " .. ui.pt(c.slide.x, c.slide.y)) or
            (c.bounce and "  bounce " .. ui.pt(c.bounce.x, c.bounce.y)) or "")
    end
  end

  function s.draw(draw)
    draw.world(world, 0, 34, 800, 436, true)
    for name, it in pairs(items) do
      local ix, iy = world:getRect(it)
      local at = labels[name]
      ui.label(ix + at[1], iy + at[2], name .. (RESPONSE[name] and " (" .. RESPONSE[name] .. ")" or ""),
               ui.colors.dim)
    end
    ui.label(from.x, from.y - 20, "player", ui.colors.dim)
    if s.mode == "move" then
      draw.rect(x, y, 30, 30, draw.style.stop)  -- where check ends
      draw.collisions(cols, len)
      ui.label(goal.x + 8, goal.y + 8, "goal", draw.style.path)
    else
      draw.rect(box.x, box.y, BOX_W, BOX_H, draw.style.path)
      ui.label(box.x + 4, box.y + 4, "queryRect", draw.style.path)
      draw.items(world, inBox, nBox)
      draw.items(world, atPoint, nPoint)
      draw.point(point.x, point.y, draw.style.query)
      ui.label(point.x + 10, point.y + 10, "queryPoint", draw.style.query)
      draw.segmentQuery(ray1.x, ray1.y, ray2.x, ray2.y, onRay, nRay)
      ui.label(ray1.x - 20, ray1.y - 24, "querySegmentWithCoords", draw.style.path)
    end
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
    t.shot("9-world-cross-slide")
    -- The queries (tab). The box, x 500..620, y 380..465: the wall (down to 440)
    -- and the floor (from 440). The point (270, 310) is in the coin.
    t.key("tab")
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
    t.shot("9-world-queries")
    t.key("tab")
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
