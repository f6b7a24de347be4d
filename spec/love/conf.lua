-- A headless LÖVE game: no window, graphics, audio or input, so it runs on
-- a machine without a display or a sound card (make test runs it).
function love.conf(t)
  t.identity = "impact-spec"
  t.version = "11.4"
  t.console = false
  t.window = false
  local modules = t.modules
  modules.audio = false
  modules.data = true
  modules.event = true      -- love.event.quit, to end the run with a code
  modules.font = false
  modules.graphics = false
  modules.image = false
  modules.joystick = false
  modules.keyboard = false
  modules.math = false
  modules.mouse = false
  modules.physics = false
  modules.sound = false
  modules.system = false
  modules.thread = true      -- a thread loads impact too (--shipped)
  modules.timer = true
  modules.touch = false
  modules.video = false
  modules.window = false
end
