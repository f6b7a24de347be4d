-- The scripted tour: each scene's tour function drags its handles through
-- the same mouse functions a player uses, checks the results against
-- values worked out by hand (in the scene's comments), and takes
-- screenshots. One step per frame, so each screenshot shows its frame.
local ui = require "ui"

return function(dir, scenes, show, broken)
  local checks, failures, shots = 0, 0, 0
  local pending = 0          -- screenshots not yet written
  local done = false

  local function say(...) io.stdout:write(string.format(...), "\n"); io.stdout:flush() end

  local t = {}
  local sceneName

  -- Drag handle `name` of the current scene to (x, y), as the mouse would.
  function t.drag(name, x, y)
    local h = assert(ui.current().handles[name], "no handle " .. name)
    ui.press(h.x, h.y)
    assert(ui.grabbed() == h, "handle " .. name .. " is covered by another")
    ui.move(x, y)
    ui.release()
  end

  -- Turn the wheel by `notches` over handle `name`.
  function t.wheel(name, notches)
    local h = assert(ui.current().handles[name], "no handle " .. name)
    ui.wheel(h.x, h.y, notches)
  end

  function t.key(key) ui.key(key) end

  -- got must be want, or within tol of it.
  function t.expect(what, got, want, tol)
    checks = checks + 1
    local ok
    if type(want) == "number" and type(got) == "number" then
      ok = math.abs(got - want) <= (tol or 0)
    else
      ok = got == want
    end
    if not ok then failures = failures + 1 end
    say("%s %s %s: %s (expected %s)", ok and "  ok  " or "  FAIL", sceneName, what,
        tostring(got), tostring(want))
  end

  function t.shot(name)
    shots, pending = shots + 1, pending + 1
    local path = dir .. "/" .. name .. ".png"
    love.graphics.captureScreenshot(function(image)
      local file = assert(io.open(path, "wb"))
      file:write(image:encode("png"):getString())
      file:close()
      pending = pending - 1
      say("  shot  %s", path)
    end)
    coroutine.yield()
  end

  local run = coroutine.create(function()
    for i, s in ipairs(scenes) do
      show(i)
      sceneName = s.title
      say("scene %d: %s", i, s.title)
      s.tour(t)
    end
    if broken then t.expect("a deliberately wrong expectation", 1, 2) end
  end)

  local tour = {}
  function tour.step()
    if not done then
      local ok, err = coroutine.resume(run)
      if not ok then error(debug.traceback(run, err), 0) end
      done = coroutine.status(run) == "dead"
    elseif pending == 0 then
      say("tour: %d checks, %d failed, %d screenshots in %s", checks, failures, shots, dir)
      love.event.quit(failures == 0 and 0 or 1)
    end
  end
  return tour
end
