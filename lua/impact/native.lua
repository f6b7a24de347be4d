-- Finds and loads the native module impact.core. Returns a function that
-- takes no arguments and returns the module, or nil and a message naming
-- the platform and every place it looked.
--
-- It tries, in order:
--   1. require "impact.core", through package.cpath (a LuaRocks install, a
--      build directory on the path);
--   2. native/<os>-<arch>/core.<so|dll> in the folder this file was loaded
--      from (dist/impact/ as a game copies it);
--   3. the same under LÖVE's real directory of this folder (a folder game
--      run from anywhere) and under LÖVE's source base directory, the
--      folder holding the .love file or the fused executable, since native
--      code cannot be loaded from inside an archive.
-- The binaries in native/ are LuaJIT builds: they are tried under LuaJIT
-- and Lua 5.1 only, whose C API they use.
--
-- A host may leave out the debug, io and os libraries: then the search
-- stops at package.cpath, and the message names what it could not tell.
local this = debug and debug.getinfo(1, "S").source

local function windows()
  if jit then return jit.os == "Windows" end
  return package.config:sub(1, 1) == "\\"
end

-- jit.os and jit.arch; outside LuaJIT, what the system says.
local function platform()
  if jit then
    local sys = ({ Windows = "windows", Linux = "linux", OSX = "macos" })[jit.os]
    return (sys or jit.os:lower()) .. "-" .. jit.arch
  end
  if windows() then
    local arch = os and os.getenv("PROCESSOR_ARCHITECTURE") or "?"
    return "windows-" .. (({ AMD64 = "x64", x86 = "x86", ARM64 = "arm64" })[arch] or arch)
  end
  local ok, uname = pcall(io and io.popen, "uname -sm 2>/dev/null")
  local line = ok and uname and uname:read("*l") or "? ?"
  if ok and uname then uname:close() end
  local sys, arch = line:match("^(%S+) (%S+)$")
  sys = ({ Linux = "linux", Darwin = "macos" })[sys] or (sys or "?"):lower()
  arch = ({ x86_64 = "x64", amd64 = "x64", i686 = "x86", i386 = "x86", aarch64 = "arm64" })[arch] or arch
  return sys .. "-" .. (arch or "?")
end

-- LÖVE's filesystem, in the main thread or (loaded on demand) in a
-- love.thread thread; nil elsewhere.
local function lovefs()
  if type(love) ~= "table" then return nil end
  if not love.filesystem then pcall(require, "love.filesystem") end
  return love.filesystem
end

-- The folders that may hold native/: where this file was loaded from, and
-- under LÖVE where that folder really is.
local function bases()
  local list = {}
  local dir = this and this:match("^@(.*)[/\\][^/\\]*$")
  if dir then list[#list + 1] = dir end
  local fs = lovefs()
  if fs and dir then
    -- An error when this file was not loaded through LÖVE's filesystem.
    local found, real = pcall(fs.getRealDirectory, this:sub(2))
    if found and real then list[#list + 1] = real .. "/" .. dir end
    list[#list + 1] = fs.getSourceBaseDirectory() .. "/" .. dir
  end
  return list
end

return function()
  local ok, core = pcall(require, "impact.core")
  if ok then return core end
  local tried = { "require 'impact.core': " .. tostring(core) }
  local where = platform()
  if jit or _VERSION == "Lua 5.1" then
    local file = "native/" .. where .. (windows() and "/core.dll" or "/core.so")
    local seen = {}
    for _, base in ipairs(bases()) do
      local path = base .. "/" .. file
      if not seen[path] then
        seen[path] = true
        local open, err = package.loadlib(path, "luaopen_impact_core")
        if open then
          core = open("impact.core")
          package.loaded["impact.core"] = core
          return core
        end
        err = tostring(err)
        tried[#tried + 1] = err:find(path, 1, true) and err or path .. ": " .. err
      end
    end
  else
    tried[#tried + 1] = "no prebuilt binary for " .. _VERSION .. " (native/ holds LuaJIT builds)"
  end
  return nil, "impact: no native module for " .. where .. " (" .. _VERSION .. "); tried:\n\t"
    .. table.concat(tried, "\n\t")
end
