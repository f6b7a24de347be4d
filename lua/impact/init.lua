-- impact: 2D collision tests for Lua games.
-- The geometry and the object types live in the native module impact.core;
-- this is the public face that scripts require.
return require "impact.core"
