-- The libraries the World-of-shapes benchmarks measure impact against,
-- loaded from the checkouts that SLICK_DIR and HC_DIR name. Each loader
-- returns the module, or nil and why not.
-- slick and HC are written for Lua 5.1 and LuaJIT; under later Luas they
-- load with 5.1's unpack and, for slick, with setfenv as a no-op: slick
-- sets its loading thread's globals only so that its modules find each
-- other under a prefix, and here it is loaded at the top as "slick".
local peers = {}

local function compat()
  _G.unpack = _G.unpack or table.unpack
  _G.setfenv = _G.setfenv or function() end
end

local function inside(dir, path)
  local f = io.open(dir .. "/" .. path)
  if f then f:close() end
  return f ~= nil
end

-- slick (erinmaus/slick): SLICK_DIR names the folder that holds slick/, or
-- that folder itself.
function peers.slick()
  local dir = os.getenv("SLICK_DIR")
  if not dir or dir == "" then return nil, "SLICK_DIR unset" end
  dir = dir:gsub("/+$", "")
  if not inside(dir, "slick/init.lua") and inside(dir, "world.lua") then
    dir = dir:match("^(.-)/*[^/]+$")     -- named the slick folder itself
    if dir == "" then dir = "." end
  end
  package.path = dir .. "/?.lua;" .. dir .. "/?/init.lua;" .. package.path
  compat()
  local ok, slick = pcall(require, "slick")
  if not ok then return nil, "slick does not load: " .. tostring(slick) end
  return slick
end

-- HC (vrld/HC): HC_DIR names its checkout, loaded by the folder's name.
-- Also returns HC's shapes module, for shapes outside its spatial hash.
function peers.HC()
  local dir = os.getenv("HC_DIR")
  if not dir or dir == "" then return nil, "HC_DIR unset" end
  local parent, name = dir:match("^(.-)/*([^/]+)/*$")
  if parent == "" then parent = "." end
  package.path = parent .. "/?.lua;" .. parent .. "/?/init.lua;"
                 .. package.path
  compat()
  local ok, HC = pcall(require, name)
  if not ok then return nil, "HC does not load: " .. tostring(HC) end
  return HC, require(name .. ".shapes")
end

return peers
