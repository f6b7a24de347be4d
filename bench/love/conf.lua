-- Headless: no window, graphics, audio or input; love.physics only.
function love.conf(t)
  t.identity = "impact-bench"
  t.version = "11.4"
  t.console = false
  t.window = false
  local modules = t.modules
  for name in pairs(modules) do modules[name] = false end
  modules.event = true      -- love.event.quit, to end the run
  modules.physics = true
  modules.timer = true
end
