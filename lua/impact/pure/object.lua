-- What the pure-Lua types share: their metatables and method tables, type
-- checks, live views, argument checking and errors worded exactly as the
-- native module words them.
--
-- Objects are tables whose own keys all start with "\0" (no script names a
-- field so), so that reading or writing any public field (pos, x, time, ...)
-- reaches __index or __newindex, which check it as the native module does.
-- obj["\0"] is the metatable of the object's type, which names it as the
-- native module's header does: a table that merely has that metatable is
-- no object, and an object given another metatable is still what it was.
-- Numbers are kept as floats (x * 1.0 keeps a -0), since the native module
-- returns floats under Lua 5.3 and 5.4.
local object = {}

local getmetatable, type, rawset, rawget, tonumber = getmetatable, type, rawset, rawget, tonumber
local format, getinfo = string.format, debug.getinfo

object.NAMES = { "Point", "AABB", "Hit", "Sweep", "OBB", "Circle", "Capsule", "Polygon",
                 "Manifold" }
object.meta, object.methods = {}, {}
local nameof = {}  -- metatable -> type name
for _, name in ipairs(object.NAMES) do
  local mt = { __name = name }
  object.meta[name], object.methods[name] = mt, {}
  nameof[mt] = name
end

-- Adds a type (the World's, world.lua) that impact.type names. Its
-- objects have no "\0" key: is(v) tells them.
local untagged = {}
function object.register(name, mt, is)
  object.meta[name] = mt
  untagged[name] = is
end

-- The metatable that names the type of the object v, or nil.
local function tagof(v)
  if type(v) ~= "table" then return nil end
  return rawget(v, "\0")
end
object.tagof = tagof

-- Whether v is an object of the type of metatable mt: at once when it has
-- that metatable, else by its tag alone.
local function isa(v, mt)
  if getmetatable(v) == mt and v["\0"] == mt then return true end
  return tagof(v) == mt
end
object.isa = isa

-- The type name of an impact object, or nil.
function object.typeof(v)
  local name = nameof[tagof(v)]
  if name ~= nil then return name end
  for untaggedname, is in pairs(untagged) do
    if is(v) then return untaggedname end
  end
  return nil
end
local typeof = object.typeof

local ISNAME = {}
for _, name in ipairs(object.NAMES) do ISNAME[name] = true end
ISNAME.World = true

-- The name of the value as errors give it: its impact type, else Lua's,
-- and an object of the native module says so, as the native module says
-- of another load's objects.
local function typename(v)
  local name = typeof(v)
  if name then return name end
  local mt = getmetatable(v)
  if type(v) == "userdata" and type(mt) == "table" and rawget(mt, "__impact")
     and ISNAME[rawget(mt, "__name")] then
    return rawget(mt, "__name") .. " from another load of impact"
  end
  return type(v)
end

-- Files of this backend: errors are located at the first frame outside.
local dir = getinfo(1, "S").source:match("^(.*[/\\])") or ""
local function internal(level)
  local info = getinfo(level + 1, "S")
  return info ~= nil and info.source:sub(1, #dir) == dir
end

-- The level (for getinfo from the caller of this function) of the backend
-- function that the script called.
local function apilevel()
  local level = 2
  while internal(level + 1) do level = level + 1 end
  return level - 1
end

-- luaL_where for the script's call: "chunk:line: " or "".
local function where(level)
  local info = getinfo(level + 1, "Sl")
  if info ~= nil and info.currentline > 0 then
    return info.short_src .. ":" .. info.currentline .. ": "
  end
  return ""
end

-- error() with the native module's location, the script's call.
function object.error(msg)
  error(where(apilevel() + 1) .. msg, 0)
end

-- Whether a function reached by a tail call still sees how the call it
-- replaced was made (LuaJIT's debug info keeps the call site; PUC Lua's
-- loses the name, and Lua 5.1 puts a pseudo-frame there), so that its
-- errors may come through one as they would through a call.
local function callkind() return getinfo(1, "n").namewhat end
local probe = {}
function probe.method() return callkind() end
object.TAILCALLS_KEEP_CALLER = probe:method() == "method"

-- Lua's bad-argument error: "calling 'f' on bad self" when self is wrong in
-- a method call, else argument numbers count self only in dot form. Unless
-- TAILCALLS_KEEP_CALLER, no error may come through a tail call inside this
-- backend.
function object.argerror(narg, fname, msg)
  local level = apilevel()
  local info = getinfo(level, "n")
  if info ~= nil and info.namewhat == "method" then
    narg = narg - 1
    if narg == 0 then
      error(where(level + 1) .. format("calling '%s' on bad self (%s)", fname, msg), 0)
    end
  end
  error(where(level + 1) .. format("bad argument #%d to '%s' (%s)", narg, fname, msg), 0)
end
local argerror = object.argerror

object.typename = typename

-- luaL_argerror's wording, for the functions that check their arguments as
-- Lua's own library does (bump.rect and bump.responses): named as called.
function object.luaargerror(narg, msg)
  local level = apilevel()
  local info = getinfo(level, "n")
  local name = info ~= nil and info.name or "?"
  if info ~= nil and info.namewhat == "method" then
    narg = narg - 1
    if narg == 0 then
      error(where(level + 1) .. format("calling '%s' on bad self (%s)", name, msg), 0)
    end
  end
  error(where(level + 1) .. format("bad argument #%d to '%s' (%s)", narg, name, msg), 0)
end

-- luaL_checknumber, for bump.rect: a number or a string that converts to
-- one, at argument i of n, as a float.
function object.luanumber(v, i, n)
  local x = tonumber(v)
  if type(v) ~= "number" and (type(v) ~= "string" or x == nil) then
    object.luaargerror(i, "number expected, got " .. (i > n and "no value" or type(v)))
  end
  return x * 1.0
end

-- Argument i of the n given: its type name, or "no value" past the end.
local function argname(v, i, n)
  if i > n then return "no value" end
  return typename(v)
end
object.argname = argname

function object.typeerror(i, fname, expected, v, n)
  argerror(i, fname, expected .. " expected, got " .. argname(v, i, n))
end
local typeerror = object.typeerror

-- A finite number at argument i (v), or the native module's error.
local function checknumber(v, i, fname, n)
  if type(v) ~= "number" then typeerror(i, fname, "number", v, n) end
  if v - v ~= 0 then
    argerror(i, fname, v ~= v and "finite number expected, got nan"
             or v > 0 and "finite number expected, got inf"
             or "finite number expected, got -inf")
  end
  return v * 1.0
end
object.checknumber = checknumber

-- A Point's coordinates.
local function coords(p)
  local o = p["\0o"]
  return o[p["\0kx"]], o[p["\0ky"]]
end
object.coords = coords

local POINT = object.meta.Point

-- A Point, or two numbers a, b, at argument i of n: x, y and the index of
-- the next argument.
function object.checkvec2(fname, i, n, a, b)
  if type(a) == "number" then
    if a - a ~= 0 then checknumber(a, i, fname, n) end
    return a * 1.0, checknumber(b, i + 1, fname, n), i + 2
  end
  if not isa(a, POINT) then typeerror(i, fname, "Point or number", a, n) end
  local x, y = coords(a)
  if x - x ~= 0 or y - y ~= 0 then
    argerror(i, fname, "Point with finite coordinates expected")
  end
  return x, y, i + 1
end

-- As checkvec2, for a size: a negative component is an error.
function object.checkextent(fname, i, n, negative, a, b)
  local x, y, next = object.checkvec2(fname, i, n, a, b)
  if not (x >= 0) then argerror(i, fname, negative) end
  if not (y >= 0) then argerror(next - 1, fname, negative) end
  return x, y, next
end

-- An optional out object of the type of metatable mt at argument i.
function object.optout(v, mt, name, i, fname, n)
  if v == nil then return nil end
  if not isa(v, mt) then typeerror(i, fname, name, v, n) end
  return v
end

-- The object of metatable mt at argument i, or the error.
function object.check(v, mt, name, i, fname, n)
  if not isa(v, mt) then typeerror(i, fname, name, v, n) end
  return v
end

-- Field plumbing for __index and __newindex.
function object.fieldname(k)
  if type(k) == "string" and not k:find("\0", 1, true) then return k end
  return nil
end

function object.fielderror(name, field, msg)
  object.error(format("bad value for field '%s' of %s (%s)", field, name, msg))
end

-- A finite number written to a field.
function object.fieldnumber(name, field, v)
  if type(v) ~= "number" then
    object.fielderror(name, field, "number expected, got " .. typename(v))
  end
  if v - v ~= 0 then object.fielderror(name, field, "finite number expected") end
  return v * 1.0
end

-- A Point written to a field: its coordinates.
function object.fieldvec2(name, field, v, nonnegative)
  if not isa(v, POINT) then
    object.fielderror(name, field, "Point expected, got " .. typename(v))
  end
  local x, y = coords(v)
  if x - x ~= 0 or y - y ~= 0 then
    object.fielderror(name, field, "finite coordinates expected")
  end
  if nonnegative and not (x >= 0 and y >= 0) then
    object.fielderror(name, field, "non-negative coordinates expected")
  end
  return x, y
end

function object.nofield(name, k)
  if type(k) == "string" then
    object.error(format("%s has no field '%s'", name, k))
  end
  object.error(format("%s has no field of type %s", name, typename(k)))
end

-- A new Point viewing the coordinates o[kx], o[ky] of its owner o.
function object.view(o, kx, ky, nonnegative)
  return setmetatable({ ["\0"] = POINT, ["\0o"] = o, ["\0kx"] = kx,
                        ["\0ky"] = ky, ["\0nn"] = nonnegative }, POINT)
end

-- The cached view of an owner's vector, made on first use.
function object.cachedview(o, slot, kx, ky, nonnegative)
  local v = rawget(o, slot)  -- (before it is made, o[slot] would ask __index)
  if v == nil then
    v = object.view(o, kx, ky, nonnegative)
    rawset(o, slot, v)
  end
  return v
end

function object.newpoint(x, y)
  local p = { ["\0"] = POINT, ["\0kx"] = "\0x", ["\0ky"] = "\0y",
              ["\0nn"] = false, ["\0x"] = x, ["\0y"] = y }
  p["\0o"] = p
  return setmetatable(p, POINT)
end

-- Numbers as tostring shows them: %.14g, as Lua 5.1 prints them and the
-- native module writes them with C's snprintf.
local number = function(v) return format("%.14g", v) end

-- LuaJIT formats numbers itself, and rounds a tie (a value exactly halfway
-- between two 14-digit decimals) away from zero, where C rounds it to even.
-- Its digits are exact: a tie shows in 60 of them, and is then written out
-- as C writes it.
if format("%.14g", 14.5006103515625) ~= "14.500610351562" then
  local plain = number
  number = function(v)
    local sign, first, rest, exp = format("%.60e", v):match("^(-?)(%d)%.(%d+)e([-+]%d+)$")
    if sign == nil then return plain(v) end  -- inf or nan
    local digits = first .. rest
    if digits:sub(15, 15) ~= "5" or digits:find("[^0]", 16) or digits:byte(14) % 2 == 1 then
      return plain(v)  -- no tie, or one that rounds up to even
    end
    digits = digits:sub(1, 14):gsub("0+$", "")
    exp = tonumber(exp)
    if exp < -4 or exp >= 14 then
      local mantissa = digits:sub(1, 1)
      if #digits > 1 then mantissa = mantissa .. "." .. digits:sub(2) end
      return format("%s%se%s%02d", sign, mantissa, exp < 0 and "-" or "+",
                    exp < 0 and -exp or exp)
    elseif exp < 0 then
      return sign .. "0." .. ("0"):rep(-exp - 1) .. digits
    elseif #digits > exp + 1 then
      return sign .. digits:sub(1, exp + 1) .. "." .. digits:sub(exp + 2)
    end
    return sign .. digits .. ("0"):rep(exp + 1 - #digits)
  end
end
object.number = number
function object.vec2string(x, y)
  return "(" .. number(x) .. ", " .. number(y) .. ")"
end

-- Fields a script sets on a shape (AABB, OBB) live in a table of their own,
-- o["\0fields"], made when the first one is set: any key but nil, NaN and
-- the names of the type's methods (which are read first). Until then the
-- shape has no such key, so that an OBB's keys fit a hash part of 8 (half
-- the memory of 16, and its tests read it faster).
function object.setuserfield(o, name, k, v)
  if k == nil then object.nofield(name, k) end
  if k ~= k then object.error(name .. " has no field nan (a NaN key)") end
  if type(k) == "string" and object.methods[name][k] ~= nil then
    object.error(format("%s has no field '%s' to set: it is a method", name, k))
  end
  local fields = rawget(o, "\0fields")
  if not fields then
    if v == nil then return end  -- clearing a field never set
    fields = {}
    rawset(o, "\0fields", fields)
  end
  fields[k] = v
end

function object.userfield(o, k)
  local fields = rawget(o, "\0fields")
  if fields then return fields[k] end
  return nil
end

-- Makes impact.<Type> callable as the constructor.
function object.constructor(name, construct)
  setmetatable(object.methods[name], { __call = function(_, ...)
    local v = construct(...)  -- not a tail call: see object.argerror
    return v
  end })
end


return object
