-- What every scene shares: draggable handles and the mouse, number
-- formatting, labels, and the frame around a scene (tabs, results, hints).
local ui = {}

local draw  -- impact.debug, once the module path is set
local scene              -- the scene on screen
local grabbed            -- the handle being dragged
local fonts = {}

local BACKGROUND = { 0.11, 0.12, 0.15 }
local TEXT = { 0.92, 0.92, 0.92, 1 }
local DIM = { 0.6, 0.62, 0.68, 1 }
local PANEL_TOP = 470
ui.KEYS = "1234567890-=qw"  -- the key of each scene, in order
local GRAB_RADIUS = 14

function ui.load()
  draw = require "impact.debug"
  draw.configure { lineWidth = 2, pointRadius = 4, normalLength = 40, arrowHead = 10 }
  ui.draw = draw
  fonts.text = love.graphics.newFont(14)
  fonts.small = love.graphics.newFont(12)
  love.graphics.setFont(fonts.text)
end

-- Numbers as a reader wants them: integers bare, others to 4 decimals.
function ui.num(x)
  if x == nil then return "nil" end
  if x == math.floor(x) and math.abs(x) < 1e15 then return string.format("%d", x) end
  local text = string.format("%.4f", x):gsub("0+$", ""):gsub("%.$", "")
  return text == "-0" and "0" or text
end
function ui.pt(x, y) return "(" .. ui.num(x) .. ", " .. ui.num(y) .. ")" end
function ui.vec(p) return ui.pt(p.x, p.y) end

-- A scene: a title, a hint about what to drag, its handles, an update that
-- recomputes the results (into scene.text, one line each) and a draw.
function ui.scene(title, hint)
  local s = { title = title, hint = hint, handles = {}, text = {} }
  -- A handle named name at (x, y); options: follows (a handle whose drags
  -- move this one too), turn (function(notches) for the wheel), mode (the
  -- handle is there only while scene.mode is that).
  function s.handle(name, x, y, options)
    local h = { name = name, x = x, y = y, followers = {} }
    for k, v in pairs(options or {}) do h[k] = v end
    if h.follows then table.insert(s.handles[h.follows].followers, h) end
    s.handles[name] = h
    s.handles[#s.handles + 1] = h
    return h
  end
  function s.say(fmt, ...) s.text[#s.text + 1] = string.format(fmt, ...) end
  return s
end

function ui.use(s)
  scene, grabbed = s, nil
  ui.refresh()
end

function ui.refresh()
  scene.text = {}
  scene.update()
end

-- The mouse (the tour drives the same functions).
function ui.press(x, y)
  local best = GRAB_RADIUS
  grabbed = nil
  for _, h in ipairs(scene.handles) do
    local d = math.sqrt((h.x - x) ^ 2 + (h.y - y) ^ 2)
    if d <= best and ui.shown(h) then grabbed, best = h, d end
  end
end

local function moveBy(h, dx, dy)
  h.x, h.y = h.x + dx, h.y + dy
  for _, f in ipairs(h.followers) do moveBy(f, dx, dy) end
end

function ui.move(x, y)
  if not grabbed then return end
  moveBy(grabbed, x - grabbed.x, y - grabbed.y)
  grabbed.x, grabbed.y = x, y  -- exactly where the mouse is
  ui.refresh()
end

-- A handle's turn for a shape with an angle: step degrees a notch.
function ui.turner(shape, step)
  local notches = 0
  return function(n)
    notches = notches + n
    shape.angle = math.rad(step * notches)
  end
end

function ui.release() grabbed = nil end
function ui.shown(h) return h.mode == nil or h.mode == scene.mode end

-- Keys other than the scene numbers go to the scene.
function ui.key(key)
  if scene.key then
    scene.key(key)
    ui.refresh()
  end
end
function ui.current() return scene end
function ui.grabbed() return grabbed end

-- The wheel turns the turnable handle nearest the mouse.
function ui.wheel(x, y, notches)
  local best, nearest = math.huge, nil
  for _, h in ipairs(scene.handles) do
    local d = (h.x - x) ^ 2 + (h.y - y) ^ 2
    if h.turn and d < best and ui.shown(h) then best, nearest = d, h end
  end
  if nearest then
    nearest.turn(notches)
    ui.refresh()
  end
end

-- A label with a dark backdrop, so it reads over any shape.
function ui.label(x, y, text, color)
  local font = fonts.small
  local w, h = font:getWidth(text), font:getHeight()
  x = math.max(2, math.min(x, 798 - w))
  y = math.max(34, math.min(y, PANEL_TOP - h - 2))
  love.graphics.setFont(font)
  love.graphics.setColor(0, 0, 0, 0.7)
  love.graphics.rectangle("fill", x - 2, y - 1, w + 4, h + 2)
  love.graphics.setColor(color or TEXT)
  love.graphics.print(text, math.floor(x), math.floor(y))
  love.graphics.setFont(fonts.text)
end

-- Where a label goes next to a point, on the side away from (awayX, awayY).
function ui.beside(x, y, text, color, awayX, awayY)
  local font = fonts.small
  local w = font:getWidth(text)
  local lx = (awayX and awayX > x) and x - w - 10 or x + 10
  local ly = (awayY and awayY > y) and y - 20 or y + 6
  ui.label(lx, ly, text, color)
end

-- A label centred on (x, y).
function ui.labelAt(x, y, text, color)
  local font = fonts.small
  ui.label(x - font:getWidth(text) / 2, y - font:getHeight() / 2, text, color)
end

-- A Hit's labels: its normal beyond the arrow's tip, its contact point to
-- the side (across the normal, below or right of it).
function ui.hitLabels(hit, prefix)
  local font = fonts.small
  local p, n = hit.pos, hit.normal
  local length = draw.style.normalLength
  local text = "normal " .. ui.vec(n)
  local w, h = font:getWidth(text), font:getHeight()
  ui.labelAt(p.x + n.x * (length + w / 2 + 6), p.y + n.y * (length + h / 2 + 4), text, draw.style.normal)
  local ax, ay = -n.y, n.x
  if ay < 0 or (ay == 0 and ax < 0) then ax, ay = -ax, -ay end
  text = (prefix or "") .. "pos " .. ui.vec(p)
  w = font:getWidth(text)
  ui.labelAt(p.x + ax * (w / 2 + 10), p.y + ay * (h / 2 + 10), text)
end

-- The tabs' font: the small one, or the largest smaller one they fit in.
local function tabFont(scenes)
  if fonts.tabs then return fonts.tabs end
  for _, size in ipairs { 12, 11, 10, 9, 8 } do
    local font = size == 12 and fonts.small or love.graphics.newFont(size)
    local width = 8
    for i, s in ipairs(scenes) do
      width = width + font:getWidth(ui.KEYS:sub(i, i) .. " " .. s.title) + 11
    end
    fonts.tabs = font
    if width <= 800 then break end
  end
  return fonts.tabs
end

local function tabs(scenes)
  local x = 8
  local font = tabFont(scenes)
  for i, s in ipairs(scenes) do
    local text = ui.KEYS:sub(i, i) .. " " .. s.title
    local w = font:getWidth(text) + 8
    love.graphics.setColor(s == scene and { 0.3, 0.45, 0.8, 1 } or { 0.2, 0.21, 0.25, 1 })
    love.graphics.rectangle("fill", x, 6, w, 22, 4, 4)
    love.graphics.setFont(font)
    love.graphics.setColor(TEXT)
    love.graphics.print(text, x + 4, 10)
    x = x + w + 3
  end
  love.graphics.setFont(fonts.text)
end

local function panel()
  love.graphics.setColor(0.07, 0.075, 0.09, 1)
  love.graphics.rectangle("fill", 0, PANEL_TOP, 800, 600 - PANEL_TOP)
  love.graphics.setColor(TEXT)
  local y = PANEL_TOP + 6
  for _, line in ipairs(scene.text) do
    love.graphics.print(line, 10, y)
    y = y + 17
  end
  love.graphics.setColor(DIM)
  love.graphics.print(scene.hint, 10, 600 - 20)
end

local function handles()
  love.graphics.setLineWidth(1.5)
  for _, h in ipairs(scene.handles) do
    if ui.shown(h) then
      love.graphics.setColor(1, 1, 1, h == grabbed and 1 or 0.75)
      love.graphics.circle("line", h.x, h.y, 6)
    end
  end
end

function ui.frame(scenes)
  love.graphics.clear(BACKGROUND)
  tabs(scenes)
  love.graphics.setColor(TEXT)
  scene.draw(draw)
  handles()
  panel()
end

ui.colors = { text = TEXT, dim = DIM }
return ui
