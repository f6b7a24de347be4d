-- How many cycles the garbage collector has ended in this Lua state, for
-- the World's cells (see world.lua): an object that nothing holds, whose
-- finalizer counts a cycle and makes the next such object. Lua 5.1 and
-- LuaJIT finalize only userdata (newproxy's); later Luas finalize tables.
local count = 0
local arm

local function finalize()
  count = count + 1
  arm()
end

if newproxy then
  arm = function() getmetatable(newproxy(true)).__gc = finalize end
else
  local meta = { __gc = finalize }
  arm = function() setmetatable({}, meta) end
end
arm()

return function() return count end
