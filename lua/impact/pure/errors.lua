-- The World's argument checks, on the backend's errors (object.lua), which
-- word them as the native module does and locate them at the script's
-- call. present == false says that an argument was not given at all
-- ("no value"); the World's functions that read their arguments after
-- lua_settop in the native module never say so. bump.rect checks its
-- arguments as Lua's own library does.
local object = require "impact.pure.object"

local type, tonumber = type, tonumber
local argerror, luaargerror = object.argerror, object.luaargerror

local errors = {}

function errors.typename(v, present)
  if present == false then return "no value" end
  return object.typename(v)
end

errors.raise = object.error
errors.argerror = argerror

function errors.typeerror(narg, fname, expected, v, present)
  argerror(narg, fname, expected .. " expected, got " .. errors.typename(v, present))
end

-- A finite number, as a float.
function errors.checknumber(narg, fname, v, present)
  v = object.checknumber(v, narg, fname, present == false and 0 or narg)
  return v  -- not a tail call: see object.argerror
end

-- luaL_checknumber: a number or a string that converts to one, as a float.
function errors.luanumber(narg, v, present)
  local n = tonumber(v)
  if type(v) ~= "number" and (type(v) ~= "string" or n == nil) then
    luaargerror(narg, "number expected, got " .. (present == false and "no value" or type(v)))
  end
  return n * 1.0
end

return errors
