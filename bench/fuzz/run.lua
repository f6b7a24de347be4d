-- Runs the API fuzzer on its own, for longer than the specs do:
--   lua5.4 bench/fuzz/run.lua [calls] [seed]   (make fuzz runs it under the sanitizers)
package.path = "bench/fuzz/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local impact = require "impact"
local calls, seed = tonumber(arg[1]) or 1000000, tonumber(arg[2]) or os.time()
print(string.format("fuzz: %d calls, seed %d", calls, seed))
local returned, refused = require("fuzz")(impact, { calls = calls, seed = seed })
print(string.format("fuzz: no findings (%d calls returned, %d were refused)",
                    returned, refused))
