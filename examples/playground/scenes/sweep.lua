-- wall:sweepAABB(moving, delta): how far a box can move before it touches.
return function(impact, ui)
  local s = ui.scene("Sweep", "drag the moving box, its goal, or the wall")
  local wall = impact.AABB(450, 260, 40, 80)
  local moving = impact.AABB(150, 250, 30, 30)
  local sweep = impact.Sweep()

  local w = s.handle("wall", wall.pos.x, wall.pos.y)
  local from = s.handle("from", moving.pos.x, moving.pos.y)
  local goal = s.handle("goal", 650, 330, { follows = "from" })

  function s.update()
    wall.pos.x, wall.pos.y = w.x, w.y
    moving.pos.x, moving.pos.y = from.x, from.y
    local dx, dy = goal.x - from.x, goal.y - from.y
    wall:sweepAABB(moving, dx, dy, sweep)
    s.say("wall:sweepAABB(moving, %s)   moving %s half %s", ui.pt(dx, dy), ui.vec(moving.pos),
          ui.vec(moving.half))
    s.say("sweep: time %s  pos %s", ui.num(sweep.time), ui.vec(sweep.pos))
    local hit = sweep.hit
    if hit then
      s.say("hit: time %s  pos %s  normal %s  delta %s", ui.num(hit.time), ui.vec(hit.pos),
            ui.vec(hit.normal), ui.vec(hit.delta))
      s.say("the box stops impact.EPSILON (1e-8) of the time short of contact")
    else
      s.say("hit: nil, the box reaches its goal")
    end
  end

  function s.draw(draw)
    draw.shape(wall)
    draw.sweep(moving, goal.x - from.x, goal.y - from.y, sweep)
    local p, h = sweep.pos, moving.half
    ui.label(p.x - h.x, p.y - h.y - 20, "stop, time " .. ui.num(sweep.time), draw.style.stop)
    ui.label(goal.x - h.x, goal.y - h.y - 18, "goal", draw.style.path)
    ui.label(from.x - h.x, from.y - h.y - 18, "moving")
    ui.label(wall.pos.x - wall.half.x, wall.pos.y - wall.half.y - 18, "wall")
    if sweep.hit then ui.hitLabels(sweep.hit) end
  end

  function s.tour(t)
    -- The wall grown by the mover's half size: x 380..520, y 150..370. From
    -- (150, 250) along (500, 80), x reaches 380 at 230/500 = 0.46 (y is
    -- inside from the start): the left face. The box stops 1e-8 earlier, at
    -- about (380, 286.8); the contact is on the wall's face, x 410, at the
    -- box's leading edge: y 286.8 + 30 * 80 / |(500, 80)|.
    local hit = sweep.hit
    t.expect("hit", hit ~= nil, true)
    t.expect("hit.time", hit.time, 0.46, 1e-12)
    t.expect("sweep.time", sweep.time, 0.46 - 1e-8, 1e-12)
    t.expect("sweep.pos.x", sweep.pos.x, 380 - 500e-8, 1e-9)
    t.expect("sweep.pos.y", sweep.pos.y, 286.8 - 80e-8, 1e-9)
    t.expect("hit.normal.x", hit.normal.x, -1); t.expect("hit.normal.y", hit.normal.y, 0)
    t.expect("hit.pos.x", hit.pos.x, 410, 1e-9)
    t.expect("hit.pos.y", hit.pos.y, 286.8 + 2400 / math.sqrt(500 * 500 + 80 * 80), 1e-9)
    t.shot("4-sweep")
    -- Above the wall: from (150, 120) (the goal follows, to (650, 200)),
    -- then the goal to (650, 100): the mover starts above y 150 and rises.
    t.drag("from", 150, 120)
    t.drag("goal", 650, 100)
    t.expect("above: no hit", sweep.hit, nil)
    t.expect("reaches its goal: time", sweep.time, 1)
    t.expect("pos.x", sweep.pos.x, 650); t.expect("pos.y", sweep.pos.y, 100)
  end

  return s
end
