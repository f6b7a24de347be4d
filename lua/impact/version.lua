-- The release, as text and as a number: major * 10000 + minor * 100 +
-- patch, so that versions compare with <. Both backends carry it.
return { text = "impact 0.2.0", number = 200 }
