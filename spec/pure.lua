-- busted helper of the pure profiles (.busted): the native module is made
-- unloadable, so `require "impact"` falls back to the pure-Lua backend as it
-- does on a host without it. Specs native by nature carry the #native tag,
-- which these profiles exclude.
package.preload["impact.core"] = function()
  error("the native module is disabled in this run", 0)
end
