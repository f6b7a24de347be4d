function love.conf(t)
  t.identity = "impact-playground"
  t.version = "11.4"
  t.window.title = "impact playground"
  t.window.width = 800
  t.window.height = 600
  t.window.msaa = 4
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
