-- impact's playground: one scene per family of tests. Drag the round
-- handles with the mouse, turn rotatable shapes with the wheel, switch
-- scenes with the keys of the top row (1 to 9, 0, - and =, then q and w); every result
-- is written on screen.
--   love examples/playground [--build DIR] [--tour DIR]
-- DIR for --build holds impact/core.so for LuaJIT (default build-luajit,
-- relative to the checkout). --tour plays every scene with scripted input,
-- checks its numbers, saves screenshots into DIR and exits non-zero if a
-- check fails; --break adds one deliberately wrong expectation, to show
-- that a failure fails the run.

local ui = require "ui"

local SCENES = { "point", "segment", "boxes", "sweep", "tiles", "clip", "segpoint", "obb", "world",
                 "circles", "polygons", "manifolds", "shapeworld", "turning" }

local scenes = {}
local tour

local function options(args)
  local o = { build = "build-luajit" }
  local i = 1
  while args[i] do
    if args[i] == "--build" then
      o.build = args[i + 1]; i = i + 1
    elseif args[i] == "--tour" then
      o.tour = args[i + 1]; i = i + 1
    elseif args[i] == "--break" then
      o.broken = true
    end
    i = i + 1
  end
  return o
end

-- The checkout: this app lives in examples/playground inside it.
local function root()
  local source = love.filesystem.getSource()
  local trimmed = source:gsub("[/\\]examples[/\\]playground[/\\]?$", "")
  if trimmed ~= source then return trimmed end
  return source .. "/../.."
end

local function show(i)
  ui.use(scenes[i])
end

function love.load(args)
  local o = options(args or arg or {})
  local base = root()
  package.cpath = base .. "/" .. o.build .. "/?.so;" .. package.cpath
  package.path = base .. "/lua/?.lua;" .. base .. "/lua/?/init.lua;" .. package.path
  local impact = require "impact"
  ui.load()
  for i, name in ipairs(SCENES) do
    scenes[i] = require("scenes." .. name)(impact, ui)
  end
  show(1)
  if o.tour then tour = require("tour")(o.tour, scenes, show, o.broken) end
end

function love.update()
  if tour then return tour.step() end
  local s = ui.current()
  if s.tick then  -- a scene that lives: one step a frame
    s.tick()
    ui.refresh()
  end
end

function love.draw()
  ui.frame(scenes)
end

function love.keypressed(key)
  if key == "escape" then return love.event.quit(0) end
  if tour then return end
  local i = ui.KEYS:find(key, 1, true)
  if i and scenes[i] then show(i) else ui.key(key) end
end

function love.mousepressed(x, y) if not tour then ui.press(x, y) end end
function love.mousemoved(x, y) if not tour then ui.move(x, y) end end
function love.mousereleased() if not tour then ui.release() end end
function love.wheelmoved(_, dy)
  if not tour then ui.wheel(love.mouse.getX(), love.mouse.getY(), dy) end
end

-- In the tour an error fails the run instead of waiting in an error screen.
local defaultHandler = love.errorhandler
function love.errorhandler(msg)
  if not tour then return defaultHandler(msg) end
  io.stderr:write("tour: error: ", tostring(msg), "\n", debug.traceback("", 2), "\n")
  return function() return 1 end
end
