-- World:project, check and move, by bump.lua 3.1.7's rules, as the native
-- World has them (src/worldmove.c): a projection lists the collisions of a
-- rectangle moving to a goal, sorted by time, then distance, then the order
-- the grid found them in; check resolves the first with its response
-- (touch, cross, slide, bounce or a custom one), which projects the rest of
-- the movement again, each other item colliding at most once.
--
-- Filters are asked only about the items that the movement reaches.
-- Callbacks may add, remove and move items: after one changed the World, a
-- candidate is looked up again by value. Each move keeps its scratch (the
-- candidates, the collisions found, the items visited) in a table from a
-- pool, so that nested moves from callbacks have their own and a move into
-- an out table allocates nothing.
local rect = require "impact.pure.rect"
local grid = require "impact.pure.grid"
local cols = require "impact.pure.cols"
local object = require "impact.pure.object"
local worldshape = require "impact.pure.worldshape"
local shapes = require "impact.pure.shapes"

local type, rawget, rawset, select, tostring =
      type, rawget, rawset, select, tostring
local sort = table.sort
local collide, swept, squareDistance = rect.collide, rect.swept, rect.squareDistance
local slide, bounce = rect.slide, rect.bounce
local queryRect = grid.queryRect
local fill, reused, trim, setxy, readcol =
      cols.fill, cols.reused, cols.trim, cols.setxy, cols.read
local checknumber, typename, raise = object.checknumber, object.typename, object.error

local TOUCH, CROSS, SLIDE, BOUNCE, CUSTOM = 1, 2, 3, 4, 5
-- The most slides along shapes a move keeps out of (IMP_CREASES).
local CREASES = 16
local NAMES = { "touch", "cross", "slide", "bounce" }
local BUILTIN = { touch = TOUCH, cross = CROSS, slide = SLIDE, bounce = BOUNCE }

-- The response named by v: a builtin unless addResponse replaced it.
local function responseOf(g, v)
  local r = type(v) == "string" and BUILTIN[v]
  if not r or (g.hasresponses and g.responses[v] ~= nil) then return CUSTOM end
  return r
end

-- A move's scratch: cand (candidate ids), visited (item -> true), and the
-- collisions found, one array per field.
local FIELDS = { "ov", "ti", "mx", "my", "nx", "ny", "tx", "ty", "ox", "oy",
                 "ow", "oh", "dist", "other", "kind", "resp", "order", "cnx", "cny" }
local function newscratch()
  local s = { cand = {}, visited = {}, seen = {}, nseen = 0, n = 0, ncrease = 0,
              placed = {}, mover = worldshape.newrectpolygon(),
              otherrect = worldshape.newrectpolygon() }
  for _, f in ipairs(FIELDS) do s[f] = {} end
  return s
end

-- Marks v (an item, neither nil nor NaN) visited in the scratch s.
local function visit(s, v)
  if not s.visited[v] then
    s.visited[v] = true
    s.nseen = s.nseen + 1
    s.seen[s.nseen] = v
  end
end

-- Empties the scratch for its pool, holding on to no item. The visited set
-- is emptied through the list of what went in (next() stops LuaJIT's
-- traces).
local function clearscratch(s)
  local visited, seen = s.visited, s.seen
  if s.shared then  -- a custom response's filter may still read it
    visited = nil
    s.visited, s.shared = {}, nil
  end
  for i = 1, s.nseen do
    if visited then visited[seen[i]] = nil end
    seen[i] = nil
  end
  s.nseen = 0
  local other, kind = s.other, s.kind
  for i = 1, s.n do other[i], kind[i] = nil, nil end
  s.n, s.item, s.filter, s.ncrease = 0, nil, nil, 0
  s.mkind, s.mshape = nil, nil
end

-- The collisions of the rectangle (fx, fy, fw, fh) moving to (gx, gy), in
-- the scratch s (whose item and filter say who moves and what it asks):
-- returns how many, and which comes first.
--
-- Shaped for LuaJIT: every number held in a frame or passed to a call at
-- a branch of this loop is one more value that a side trace leaving there
-- must inherit, and past about 16 of them it cannot compile ("register
-- coalescing too complex") and the branch runs interpreted. So what does
-- not depend on the candidate is computed once before the loop, apart is
-- written out, the other's rectangle goes out of scope (its slots reused)
-- before rect.collide, which takes the Minkowski difference, and it is
-- read again after it.
local function project(g, s, fx, fy, fw, fh, gx, gy)
  -- the swept box straight into the query: none of it in this frame yet
  local cand = s.cand
  local nc = queryRect(g, cand, swept(fx, fy, fw, fh, gx - fx, gy - fy))
  local dx, dy = gx - fx, gy - fy
  local sx, sy, sw, sh = swept(fx, fy, fw, fh, dx, dy)
  local X, Y, W, H, alive, items = g.x, g.y, g.w, g.h, g.alive, g.items
  local visited, item, filter = s.visited, s.item, s.filter
  local found, first, firstti, firstdist = 0, 0, 0, 0
  -- A cheap rejection before the collision tests: the candidates apart
  -- from the swept box by more than rounding in the tests could close (a
  -- tolerance of 1e-9 of the magnitudes), the swept box's side computed
  -- once.
  local sr, sb = sx + sw, sy + sh
  local smx, smy = (sx < 0 and -sx or sx) + sw, (sy < 0 and -sy or sy) + sh
  for i = 1, nc do
    local id = cand[i]
    local other = items[id]
    local ov, ti, nx, ny, cx, cy
    if alive[id] and not visited[other] then
      local mx, my, mw, mh  -- the Minkowski difference, unless apart
      do
        local ox, oy, ow, oh = X[id], Y[id], W[id], H[id]
        local tx = 1e-9 * ((smx + (ox < 0 and -ox or ox)) + ow)
        local ty = 1e-9 * ((smy + (oy < 0 and -oy or oy)) + oh)
        if not (ox - sr > tx or sx - (ox + ow) > tx or
                oy - sb > ty or sy - (oy + oh) > ty) then
          mx, my, mw, mh = ox - fx - fw, oy - fy - fh, fw + ow, fh + oh
        end
      end
      if mx then
        ov, ti, nx, ny, cx, cy = collide(mx, my, mw, mh, dx, dy, fw, fh)
      end
    end
    if ov ~= nil then
      local kind, resp, at = nil, SLIDE, id
      if filter then
        local changes = g.changes
        kind = filter(item, other)
        if not kind then
          ov = nil
        else
          resp = responseOf(g, kind)
          if g.changes ~= changes then  -- look again: is it still hit?
            at = g.ids[other]
            if at then
              ov, ti, nx, ny, cx, cy = collide(X[at] - fx - fw, Y[at] - fy - fh,
                                               fw + W[at], fh + H[at], dx, dy, fw, fh)
            else
              ov = nil
            end
          end
        end
      elseif g.hasresponses then  -- slide may be replaced
        kind = "slide"
        resp = responseOf(g, kind)
      end
      if ov ~= nil then
        local ox, oy, ow, oh = X[at], Y[at], W[at], H[at]
        local dist = squareDistance(fx, fy, fw, fh, ox, oy, ow, oh)
        found = found + 1
        s.ov[found], s.ti[found], s.mx[found], s.my[found] = ov, ti, dx, dy
        s.nx[found], s.ny[found], s.tx[found], s.ty[found] = nx, ny, fx + cx, fy + cy
        s.ox[found], s.oy[found], s.ow[found], s.oh[found] = ox, oy, ow, oh
        s.dist[found], s.other[found] = dist, other
        s.kind[found], s.resp[found] = kind or NAMES[resp], resp
        if first == 0 or ti < firstti or (ti == firstti and dist < firstdist) then
          first, firstti, firstdist = found, ti, dist
        end
      end
    end
  end
  if found > s.n then s.n = found end
  return found, first
end

-- The collision of the mover (the shape mover, placed, or the rectangle
-- fx, fy, fw, fh) heading for (gx, gy) with the item of id at, by the
-- exact sweep, a rectangle as the polygon it is: nil when none, else
-- overlaps, ti, normal and touch.
local function detectpair(g, s, at, mover, fx, fy, fw, fh, gx, gy)
  local okind, other = worldshape.geometry(g, at, s.otherrect)
  local mkind = s.mkind
  if not mkind then
    mkind, mover = "Polygon", worldshape.rectpolygon(fx, fy, fw, fh, s.mover)
  end
  return worldshape.detect(okind, other, mkind, mover, gx, gy)
end

-- project for a World that holds shapes, or a shape moving (s.mkind and
-- s.mshape): every pair collides by the exact sweep (worldshape.detect),
-- with the shapes' positions their pos and a rectangle the polygon it is,
-- so that bump's rounding (a rectangle left an ulp into the one it rests
-- on) cannot snag it on a shape's side. The mover's bounds at the start go
-- in s.bx, s.by, s.bw, s.bh (its itemRect).
local function projectshaped(g, s, fx, fy, fw, fh, gx, gy)
  local mkind, mover = s.mkind, nil
  if mkind then
    mover = worldshape.copy(mkind, s.mshape, s.placed)
    mover["\0px"], mover["\0py"] = fx, fy
    s.bx, s.by, s.bw, s.bh = worldshape.rect(mkind, mover)
  else
    s.bx, s.by, s.bw, s.bh = fx, fy, fw, fh
  end
  local bx, by, bw, bh = s.bx, s.by, s.bw, s.bh
  local dx, dy = gx - fx, gy - fy
  local cand = s.cand
  local nc = queryRect(g, cand, swept(bx, by, bw, bh, dx, dy))
  local sx, sy, sw, sh = swept(bx, by, bw, bh, dx, dy)
  local X, Y, W, H, alive, items = g.x, g.y, g.w, g.h, g.alive, g.items
  local visited, item, filter = s.visited, s.item, s.filter
  local found, first, firstti, firstdist = 0, 0, 0, 0
  local sr, sb = sx + sw, sy + sh
  local smx, smy = (sx < 0 and -sx or sx) + sw, (sy < 0 and -sy or sy) + sh
  for i = 1, nc do
    local id = cand[i]
    local other = items[id]
    local ov, ti, nx, ny, tx, ty
    if alive[id] and not visited[other] then
      local ox, oy, ow, oh = X[id], Y[id], W[id], H[id]
      local tolx = 1e-9 * ((smx + (ox < 0 and -ox or ox)) + ow)
      local toly = 1e-9 * ((smy + (oy < 0 and -oy or oy)) + oh)
      if not (ox - sr > tolx or sx - (ox + ow) > tolx or
              oy - sb > toly or sy - (oy + oh) > toly) then
        ov, ti, nx, ny, tx, ty = detectpair(g, s, id, mover, fx, fy, fw, fh, gx, gy)
      end
    end
    if ov ~= nil then
      local kind, resp, at = nil, SLIDE, id
      if filter then
        local changes = g.changes
        kind = filter(item, other)
        if not kind then
          ov = nil
        else
          resp = responseOf(g, kind)
          if g.changes ~= changes then  -- look again: is it still hit?
            at = g.ids[other]
            if at then
              ov, ti, nx, ny, tx, ty = detectpair(g, s, at, mover, fx, fy, fw, fh, gx, gy)
            else
              ov = nil
            end
          end
        end
      elseif g.hasresponses then  -- slide may be replaced
        kind = "slide"
        resp = responseOf(g, kind)
      end
      if ov ~= nil then
        local ox, oy, ow, oh = X[at], Y[at], W[at], H[at]
        local dist = squareDistance(bx, by, bw, bh, ox, oy, ow, oh)
        found = found + 1
        s.ov[found], s.ti[found], s.mx[found], s.my[found] = ov, ti, dx, dy
        s.nx[found], s.ny[found], s.tx[found], s.ty[found] = nx, ny, tx, ty
        s.ox[found], s.oy[found], s.ow[found], s.oh[found] = ox, oy, ow, oh
        s.dist[found], s.other[found] = dist, other
        s.kind[found], s.resp[found] = kind or NAMES[resp], resp
        if first == 0 or ti < firstti or (ti == firstti and dist < firstdist) then
          first, firstti, firstdist = found, ti, dist
        end
      end
    end
  end
  if found > s.n then s.n = found end
  return found, first
end

-- The collisions of the mover at (fx, fy) heading for (gx, gy): by bump's
-- rules alone in a World of rectangles (then no collision is shaped).
local function projectany(g, s, fx, fy, fw, fh, gx, gy)
  s.byshapes = s.mkind ~= nil or g.nshapes > 0
  if s.byshapes then return projectshaped(g, s, fx, fy, fw, fh, gx, gy) end
  s.bx, s.by, s.bw, s.bh = fx, fy, fw, fh
  return project(g, s, fx, fy, fw, fh, gx, gy)
end

-- A slide's goal (gx, gy) from the touch (tx, ty) along the normal
-- (nx, ny), kept out of the shapes this move slid along before (their
-- normals in s.cnx, s.cny): along the crease where it heads into one, and
-- nowhere where it heads into two (a corner holds it).
local function crease(s, nx, ny, tx, ty, gx, gy)
  local vx, vy = gx - tx, gy - ty
  local cnx, cny, n = s.cnx, s.cny, s.ncrease
  for i = 1, n do
    if vx * cnx[i] + vy * cny[i] < 0 then
      local along = vy * nx - vx * ny
      vx, vy = along * -ny, along * nx
      for k = 1, n do
        if vx * cnx[k] + vy * cny[k] < 0 then return tx, ty end
      end
      return tx + vx, ty + vy
    end
  end
  return gx, gy
end

-- Pushes the collision j of the scratch as bump's collision table, for
-- entry k of the out table (nil: a new table), with slide or bounce when
-- extra names one; itemRect is the mover's at the projection's start.
local function collision(g, s, j, out, k, extra, ex, ey)
  return fill(reused(g.colpool, out, k), s.item, s.other[j], s.kind[j], s.ov[j],
              s.ti[j], s.mx[j], s.my[j], s.nx[j], s.ny[j], s.tx[j], s.ty[j],
              s.bx, s.by, s.bw, s.bh, s.ox[j], s.oy[j], s.ow[j], s.oh[j], extra, ex, ey)
end

-- The order of the n collisions of a projection, in s.order.
local sorting
local function earlier(a, b)
  local ti = sorting.ti
  if ti[a] ~= ti[b] then return ti[a] < ti[b] end
  local dist = sorting.dist
  if dist[a] ~= dist[b] then return dist[a] < dist[b] end
  return a < b
end

local function order(s, n)
  local o = s.order
  for i = 1, n do o[i] = i end
  for i = n + 1, #o do o[i] = nil end  -- table.sort sorts all of it
  sorting = s
  sort(o, earlier)
  sorting = nil
  return o
end

return function(World, internal)
  local take, give = internal.pool(newscratch, clearscratch)
  local checkworld, checkitem = internal.checkworld, internal.checkitem
  local optfilter, optout = internal.optfilter, internal.optout

  -- world:project(item, x, y, w, h[, goalX, goalY, filter, out]) -> cols,
  -- len, or world:project(item, shape[, goalX, goalY, filter, out]) from
  -- the shape's pos: the item need not be in the World.
  function World.project(...)
    local self, item, x, y, w, h, gx, gy, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "project", n)
    local mkind, first = shapes.kindof(x), 7
    if mkind then
      gx, gy, filter, out, first = y, w, h, gx, 4
      x, y = x["\0px"], x["\0py"]
    else
      x, y, w, h = internal.checkrect(3, "project", 10, x, y, w, h)
    end
    if gx == nil then gx = x else gx = checknumber(gx, first, "project", first) end
    if gy == nil then gy = y else gy = checknumber(gy, first + 1, "project", first + 1) end
    filter = optfilter(first + 2, "project", filter)
    local given = optout(first + 3, "project", out)
    if not given then out = {} end
    local s = take()
    s.item, s.filter = item, filter
    if mkind then s.mkind, s.mshape = mkind, select(3, ...) end
    if item ~= nil and item == item then visit(s, item) end
    local found = projectany(g, s, x, y, w, h, gx, gy)
    local o = order(s, found)
    for i = 1, found do
      rawset(out, i, collision(g, s, o[i], given, i))
    end
    if given then trim(g.colpool, out, found) end
    give(s)
    return out, found
  end

  -- The filter that custom responses pass on to project: false for the
  -- item and the others already visited, else the filter's answer.
  local function visiting(filter, item, visited)
    return function(it, other)
      if rawequal(other, item) or (other ~= nil and visited[other]) then
        return false
      end
      if filter == nil then return "slide" end
      return (filter(it, other))
    end
  end

  -- A value for an error message: a string or number as is, else its type.
  local function describe(v)
    local t = type(v)
    if t == "string" or t == "number" then return tostring(v) end
    return typename(v)
  end

  -- Calls the custom response for the collision col of type kind: returns
  -- its goal and its collisions (a table, or nil) with their count.
  local function respond(g, self, fname, s, col, kind, sx, sy, sw, sh, gx, gy)
    local response = g.responses[kind]
    if response == nil then
      raise(("%s: Unknown collision type: %s (%s)"):format(fname, describe(kind), typename(kind)))
    end
    s.shared = true
    local rx, ry, list, len = response(self, col, sx, sy, sw, sh, gx, gy,
                                      visiting(s.filter, s.item, s.visited))
    -- bump.lua needs all four: it compares len and indexes cols
    if type(rx) ~= "number" or type(ry) ~= "number" or rx - rx ~= 0 or
       ry - ry ~= 0 or type(len) ~= "number" or (len > 0 and type(list) ~= "table") then
      raise(("%s: response '%s' must return goalX, goalY (finite "
            .. "numbers), cols, len"):format(fname, describe(kind)))
    end
    -- as lua_tointeger: what counts is whether it is 1 or more
    local count = (len >= 1 and len < 2 ^ 63 and (math.type == nil or len % 1 == 0)) and 1 or 0
    return rx * 1.0, ry * 1.0, list, count
  end

  -- world:check(item, goalX, goalY[, filter, out]) -> x, y, cols, len, and
  -- world:move (the same, then the item goes to x, y).
  local function check(fname, moving, n, self, item, gx, gy, filter, out)
    local g = checkworld(self, fname, n)
    local id = checkitem(g, item, fname)
    local sx, sy, sw, sh = g.x[id], g.y[id], g.w[id], g.h[id]
    local mkind = g.kinds[id]
    if mkind then sx, sy = g.shapes[id]["\0px"], g.shapes[id]["\0py"] end
    gx = checknumber(gx, 3, fname, 3)
    gy = checknumber(gy, 4, fname, 4)
    filter = optfilter(5, fname, filter)
    local given = optout(6, fname, out)
    if not given then out = {} end
    local s = take()
    s.item, s.filter = item, filter
    if mkind then s.mkind, s.mshape = mkind, g.shapes[id] end
    visit(s, item)
    local changes = g.changes
    local fx, fy = sx, sy
    local ncols, list, nlist = 0, nil, -1
    -- the projection: found collisions, the first, and when a cross goes
    -- on through it, its order and how far along it is (k)
    local projected = g.changes  -- a change from here on: project again
    local found, j = projectany(g, s, fx, fy, sw, sh, gx, gy)
    local o, k = nil, 1
    while true do
      -- The next projection comes after this block, whose locals are then
      -- out of scope: under LuaJIT the call's frame takes their slots, so
      -- a side trace leaving from inside it does not inherit them (see
      -- project).
      local again = false
      do
        local col, kind, resp, tx, ty, mx, my, nx, ny, shaped
        if nlist >= 0 then
          if nlist == 0 then break end
          col = rawget(list, 1)
          if type(col) ~= "table" then
            raise(fname .. ": a response returned a collision that is not a table")
          end
          kind = col.type
          resp = responseOf(g, kind)
          tx, ty, mx, my, nx, ny = readcol(col, fname)
          local other = col.other
          if other ~= nil and other == other then visit(s, other) end
        else
          if k > found then break end
          if o then j = o[k] end
          kind, resp = s.kind[j], s.resp[j]
          tx, ty, mx, my, nx, ny = s.tx[j], s.ty[j], s.mx[j], s.my[j], s.nx[j], s.ny[j]
          shaped = s.byshapes
          visit(s, s.other[j])
        end
        local nextx, nexty, extra = gx, gy, nil
        if resp == TOUCH then
          nextx, nexty = tx, ty
        elseif resp == SLIDE then
          nextx, nexty = slide(mx, my, nx, ny, tx, ty, gx, gy)
          if s.ncrease > 0 then nextx, nexty = crease(s, nx, ny, tx, ty, nextx, nexty) end
          if shaped and s.ncrease < CREASES then
            local c = s.ncrease + 1
            s.cnx[c], s.cny[c], s.ncrease = nx, ny, c
          end
          extra = "slide"
        elseif resp == BOUNCE then
          nextx, nexty = bounce(mx, my, nx, ny, tx, ty, gx, gy)
          extra = "bounce"
        end
        local listed = col == nil
        if listed then
          col = collision(g, s, j, given, ncols + 1, extra, nextx, nexty)
        elseif extra then
          setxy(col, extra, nextx, nexty)
        end
        ncols = ncols + 1
        rawset(out, ncols, col)
        nlist = -1
        if resp == CUSTOM then
          -- its filter sees the collisions so far: only those
          trim(g.colpool, out, ncols)
          gx, gy, list, nlist = respond(g, self, fname, s, col, kind, sx, sy, sw, sh, gx, gy)
          found, k, o = 0, 1, nil
        elseif resp == CROSS and listed and g.changes == projected and
               fx == sx and fy == sy then
          -- projecting again, from the start to the same goal, would find
          -- the rest of this list
          if not o then o = order(s, found) end
          k = k + 1
        else
          gx, gy = nextx, nexty
          found, k, o = 0, 1, nil
          if resp ~= TOUCH then
            if resp == CROSS then fx, fy = sx, sy else fx, fy = tx, ty end
            again = true
          end
        end
      end
      if again then
        projected = g.changes
        found, j = projectany(g, s, fx, fy, sw, sh, gx, gy)
      end
    end
    if given then trim(g.colpool, out, ncols) end
    if moving then internal.arrive(g, id, item, changes, gx, gy) end
    give(s)
    return gx, gy, out, ncols
  end

  function World.check(...)
    local x, y, list, len = check("check", false, select("#", ...), ...)
    return x, y, list, len
  end

  function World.move(...)
    local x, y, list, len = check("move", true, select("#", ...), ...)
    return x, y, list, len
  end
end
