-- How often two libraries answer the same queries with the same items:
-- sets[i] and base[i] hold query i's items as keys. A fraction of 1.
return function(sets, base)
  local same = 0
  for i = 1, #base do
    local alike = true
    for item in pairs(sets[i]) do alike = alike and base[i][item] end
    for item in pairs(base[i]) do alike = alike and sets[i][item] end
    if alike then same = same + 1 end
  end
  return same / #base
end
