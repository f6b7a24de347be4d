-- luacheck over lua/, spec/, bench/, examples/ and library/ (make lint).
-- impact's Lua runs on every Lua from 5.1 to 5.4 and on LuaJIT.
std = "max"
-- Long string literals (test names, which are sentences; the demo's
-- stylesheet) are fine.
max_string_line_length = false

-- Callbacks take the arguments their caller passes (filters, responses,
-- metamethods, bump's signatures), used or not.
unused_args = false

files["lua/impact/native.lua"] = { read_globals = { "love" } }
files["lua/impact/debug.lua"] = { read_globals = { "love" } }
files["examples/playground"] = { globals = { "love" } }
-- A test may name its own box after the suite's.
files["spec"] = { std = "+busted", ignore = { "431" } }
files["spec/love"] = { globals = { "love" } }
files["bench/love"] = { globals = { "love" } }

-- Dropping the last reference to an object (x = nil) before a garbage
-- collection is the point of these assignments.
files["spec/valgrind/exercise.lua"] = { ignore = { "311" } }
files["bench/worldscale.lua"] = { ignore = { "311" } }

-- Definitions only: functions without bodies, long overload lines.
files["library"] = { ignore = { "212", "241" }, max_line_length = false }

-- The host example's script: the host sets wall and host_read, and calls
-- the functions the script defines.
files["examples/host/game.lua"] = {
  globals = { "player", "collide", "walk", "misuse", "show", "path", "rest" },
  read_globals = { "wall", "host_read" },
}

-- The pure-Lua backend writes its rejections as not (a < b), as the C core
-- does, so that a NaN compares as a miss.
files["lua/impact/pure"] = { ignore = { "581" } }

-- npm's packages for the web run (make web), not ours.
exclude_files = { "spec/web/node_modules" }
