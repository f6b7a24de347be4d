-- World:push, as the native World has it (src/worldpush.c): an item that
-- overlaps others (after a teleport, a resize or a turn) goes out of them
-- by the shortest way that the search finds (worldshape.pushsearch), every
-- pair tested as shapes, a rectangle as the polygon of its corners. The
-- filter is asked once about each other item the search meets: a false
-- answer or "cross" lets the item overlap it.
local grid = require "impact.pure.grid"
local cols = require "impact.pure.cols"
local worldshape = require "impact.pure.worldshape"
local pushout = require "impact.pure.core.pushout"

local rawset, select, sqrt = rawset, select, math.sqrt
local normal = worldshape.normal

-- The most items found overlapping at the start, reported as collisions.
local PUSHED = 64

-- Whether other holds the item: the filter's answer, asked once and kept
-- in p.answers (false for one that lets it overlap).
local function holds(p, other)
  local answer = p.answers[other]
  if answer == nil then
    if not p.filter then
      answer = "slide"
    else
      answer = p.filter(p.item, other)
      if answer == nil or answer == "cross" then answer = false end
    end
    p.answers[other] = answer
  end
  return answer and true or false
end

-- worldshape.pushsearch's question: the push-outs of the items that hold
-- the item placed at (x, y). p is the push's state: the World's g, the
-- item, its id and shape (kind and shape), the filter, its answers, and
-- what overlapped at the start (p.pushed: the other item, its push-out and
-- normal, its rectangle).
local function blocking(p, x, y, pushx, pushy)
  local g = p.g
  local placed = worldshape.copy(p.kind, p.shape, p.placed)
  placed["\0px"], placed["\0py"] = x, y
  local bx, by, bw, bh = worldshape.rect(p.kind, placed)
  local cand = p.cand
  local n = grid.queryRect(g, cand, bx, by, bw, bh)
  local count = 0
  for i = 1, n do
    if count == worldshape.CANDIDATES then break end
    local id = cand[i]
    if id ~= p.id and g.alive[id] then
      local okind, other = worldshape.geometry(g, id, p.rect)
      local t, _, _, dx, dy, nx, ny = pushout.overlap(okind, other, p.kind, placed)
      if t and holds(p, g.items[id]) then
        count = count + 1
        pushx[count], pushy[count] = dx, dy
        if p.first and p.npushed < PUSHED then
          local k = p.npushed + 1
          p.npushed = k
          p.pushed[k] = { g.items[id], dx, dy, normal(nx), normal(ny),
                          g.x[id], g.y[id], g.w[id], g.h[id] }
        end
      end
    end
  end
  p.first = false
  return count
end

return function(World, internal)
  local checkworld, checkitem = internal.checkworld, internal.checkitem
  local optfilter, optout = internal.optfilter, internal.optout

  -- world:push(item[, filter[, out]]) -> x, y, cols, len: the item goes
  -- where it overlaps nothing that holds it, by the shortest way found (it
  -- stays when none is found); cols are the collisions it started in, each
  -- with its own push-out.
  function World.push(...)
    local self, item, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "push", n)
    local id = checkitem(g, item, "push")
    filter = optfilter(3, "push", filter)
    local given = optout(4, "push", out)
    if not given then out = {} end
    local p = { g = g, id = id, item = item, filter = filter, answers = {}, first = true,
                npushed = 0, pushed = {}, cand = {}, placed = {},
                rect = worldshape.newrectpolygon() }
    p.kind, p.shape = worldshape.geometry(g, id, worldshape.newrectpolygon())
    local sx, sy = p.shape["\0px"], p.shape["\0py"]
    local bx, by, bw, bh = worldshape.rect(p.kind, p.shape)
    local changes = g.changes
    local tx, ty = worldshape.pushsearch(sx, sy, blocking, p)
    local found = tx ~= nil
    if not found then tx, ty = sx, sy end
    for i = 1, p.npushed do
      local h = p.pushed[i]
      local other, dx, dy = h[1], h[2], h[3]
      rawset(out, i, cols.fill(cols.reused(g.colpool, given, i), item, other,
                               p.answers[other], true, -sqrt(dx * dx + dy * dy), 0.0, 0.0,
                               h[4], h[5], sx + dx, sy + dy, bx, by, bw, bh,
                               h[6], h[7], h[8], h[9]))
    end
    if given then cols.trim(g.colpool, out, p.npushed) end
    if found then internal.arrive(g, id, item, changes, tx, ty) end
    return tx, ty, out, p.npushed
  end
end
