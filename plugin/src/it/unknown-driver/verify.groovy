def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
["No driver named 'nope'"].each { assert log.contains(it) : "build.log does not contain: ${it}" }

return true
