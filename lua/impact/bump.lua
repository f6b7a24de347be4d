-- bump.lua 3.1.7's public API on impact's World, so that a game switches
-- by changing one require: worlds are impact.World objects, which have
-- bump's methods and answer by its rules; rect and responses are bump's
-- functions of the same names, from whichever backend impact chose.
local impact = require "impact"
local parts = impact.backend == "native" and require "impact.bumpparts"
              or require "impact.pure.world"

local bump = {
  _VERSION = "bump v3.1.7 (impact)",
  _DESCRIPTION = "bump.lua's API on impact's World, a broad phase in C",
  rect = parts.rect,
  responses = parts.responses,
}

function bump.newWorld(cellSize)
  return impact.World(cellSize)
end

return bump
