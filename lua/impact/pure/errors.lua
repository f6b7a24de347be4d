-- Errors worded as the native module words them (src/args.c), raised at
-- the level of the script's call. Each function takes level: how far up
-- the stack, from the function that calls it, the API function is (1: the
-- caller is the API function). A method call (w:add(...)) does not count
-- self, as in Lua's own library.
local getinfo = debug.getinfo
local type, error, tonumber = type, error, tonumber

local errors = {}

-- The name of a value's type, impact's names for impact's objects; "no
-- value" when present is false.
function errors.typename(v, present)
  if present == false then return "no value" end
  local name = errors.typeof(v)
  if name then return name end
  return type(v)
end

-- What impact.type says; the backend's module replaces it with its own.
function errors.typeof() return nil end

-- Raises msg at the caller of the API function, with its position.
function errors.raise(level, msg)
  error(msg, level + 2)
end

function errors.argerror(level, narg, fname, msg)
  local ar = getinfo(level + 1, "n")
  if ar and ar.namewhat == "method" then
    narg = narg - 1
    if narg == 0 then
      error(("calling '%s' on bad self (%s)"):format(fname, msg), level + 2)
    end
  end
  error(("bad argument #%d to '%s' (%s)"):format(narg, fname, msg), level + 2)
end

function errors.typeerror(level, narg, fname, expected, v, present)
  errors.argerror(level + 1, narg, fname,
                  expected .. " expected, got " .. errors.typename(v, present))
end

-- A finite number (a float, as the native module reads numbers).
function errors.checknumber(level, narg, fname, v, present)
  if type(v) ~= "number" then
    errors.typeerror(level + 1, narg, fname, "number", v, present)
  end
  if v - v ~= 0 then
    errors.argerror(level + 1, narg, fname, v ~= v and "finite number expected, got nan"
      or v > 0 and "finite number expected, got inf" or "finite number expected, got -inf")
  end
  return v * 1.0
end

-- luaL_argerror, for the functions that check their arguments as Lua's
-- own library does (bump.rect and bump.responses): named as called.
function errors.luaargerror(level, narg, msg)
  local ar = getinfo(level + 1, "n")
  local name = ar and ar.name
  if ar and ar.namewhat == "method" then
    narg = narg - 1
    if narg == 0 then
      error(("calling '%s' on bad self (%s)"):format(name, msg), level + 2)
    end
  end
  error(("bad argument #%d to '%s' (%s)"):format(narg, name or "?", msg), level + 2)
end

-- luaL_checknumber: a number or a string that converts to one, as a float.
function errors.luanumber(level, narg, v, present)
  local n = tonumber(v)
  if type(v) ~= "number" and (type(v) ~= "string" or n == nil) then
    errors.luaargerror(level + 1, narg, "number expected, got " ..
                       (present == false and "no value" or type(v)))
  end
  return n * 1.0
end

-- luaL_checktype(i, LUA_TTABLE).
function errors.luatable(level, narg, v, present)
  if type(v) ~= "table" then
    errors.luaargerror(level + 1, narg, "table expected, got " ..
                       (present == false and "no value" or type(v)))
  end
end

return errors
